// The orthodox problems of Popeye's own example inputs (BEISPIEL/*.inp, TESTS/*.inp of a Popeye
// source tree the user gives), each as a standalone Popeye input, native Popeye run on each, and both
// solvers' solutions in one comparable form. Used by bench/solve.mjs and by the script that records
// the facts in test/fixtures/problems/popeye-corpus.jsonl. Nothing of Popeye is copied: its inputs
// are read from the tree at run time, its program is run as a separate process.
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const END_LINE = /^\s*(endp|endep|ende$|end$)\S*\s*$/i;
const PROTOCOL_LINE = /^\s*(prot|protokoll|protocol)\S*\s+\S+\s*$/i;

/**
 * Every problem of `<popeyeDir>/{BEISPIEL,TESTS}/*.inp` that `parsePopeye` reads without an error,
 * as `{ id, file, index, text, problem }` (text: a standalone input in the file's language, with
 * any Protocol command removed).
 */
export function popeyeCorpus(popeyeDir, parsePopeye) {
  const out = [];
  for (const dir of ['BEISPIEL', 'TESTS']) {
    const folder = join(popeyeDir, dir);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder)
      .filter((f) => f.endsWith('.inp'))
      .sort()) {
      const text = readFileSync(join(folder, name), 'latin1');
      const lines = text.split(/\r\n|\r|\n/);
      const items = parsePopeye(text);
      const german = /^\s*anf/i.test(text.replace(/^\uFEFF/, ''));
      items.forEach((item, index) => {
        if (item.errors.length || !item.value.stipulation) return;
        const from = item.value.line - 1;
        const next = items.slice(index + 1).find((x) => x.value.line > item.value.line);
        const chunk = lines.slice(from, next ? next.value.line - 1 : lines.length);
        // the first word is BeginProblem or NextProblem; the last problem ends with EndProblem
        chunk[0] = chunk[0].replace(/^\s*\S+/, '');
        let last = chunk.length;
        while (last > 0 && (END_LINE.test(chunk[last - 1]) || !chunk[last - 1].trim())) {
          last--;
          if (END_LINE.test(chunk[last])) break;
        }
        const body = chunk.slice(0, last).filter((l) => !PROTOCOL_LINE.test(l));
        const standalone = [
          german ? 'AnfangProblem' : 'BeginProblem',
          ...body,
          german ? 'EndeProblem' : 'EndProblem',
          '',
        ].join('\n');
        out.push({
          id: `${dir}/${name}#${index + 1}`,
          file: `${dir}/${name}`,
          index,
          text: standalone,
          problem: item.value,
        });
      });
    }
  }
  return out;
}

/**
 * Runs native Popeye on one input with a CPU limit (seconds); `{ cpu, output, finished }` where cpu
 * is user + system seconds of the process (from /usr/bin/time) and finished says the solution ran to
 * its end.
 */
export function runPopeye(py, text, { cpuLimit = 10, hashMiB = 256 } = {}) {
  const file = join(tmpdir(), `gn-popeye-${process.pid}.inp`);
  writeFileSync(file, text, 'latin1');
  const r = spawnSync(
    '/usr/bin/time',
    ['-f', '@@cpu %U %S', 'prlimit', `--cpu=${cpuLimit}`, py, '-maxmem', `${hashMiB}M`, '-regression', file],
    { encoding: 'latin1', maxBuffer: 1 << 28 },
  );
  const m = /@@cpu ([0-9.]+) ([0-9.]+)/.exec(r.stderr ?? '');
  const cpu = m ? Number(m[1]) + Number(m[2]) : NaN;
  const output = r.stdout ?? '';
  const finished = /(solution finished|Loesung beendet|solution terminee)\./i.test(output) && r.status === 0;
  return { cpu, output, finished };
}

// Popeye's piece letters (English and German) for parsing its moves.
const MOVE = /^(?:[KQRBSNPDTLE])?([a-h][1-8])[-*]([a-h][1-8])(?:=([QRBSNDTL]))?/;
const PROMO = { Q: 'q', D: 'q', R: 'r', T: 'r', B: 'b', L: 'b', S: 'n', N: 'n' };

/** One Popeye move token as `e2e4`, `e7e8q`, `O-O` or `O-O-O`; undefined when it is no move. */
function moveToken(token) {
  if (token.startsWith('0-0-0')) return 'O-O-O';
  if (token.startsWith('0-0')) return 'O-O';
  const m = MOVE.exec(token);
  return m ? m[1] + m[2] + (m[3] ? PROMO[m[3]] : '') : undefined;
}

/** The moves of one printed line (move numbers, checks, marks and comments dropped). */
function lineMoves(text) {
  const out = [];
  for (const raw of text.trim().split(/\s+/)) {
    const t = raw.replace(/^[0-9]+\.(\.\.)?/, '');
    if (!t) continue;
    const m = moveToken(t);
    if (m) out.push(m);
  }
  return out;
}

/**
 * The solutions in a Popeye output, one section per twin (`a)`, `b)`, …; one section when there
 * are no twins), each a sorted list of items: `line <moves>` for help and series play (short
 * solutions included), `key <move>`, `try <move> but <refutations>` and `threat <key> <moves>` for
 * direct, self and reflex play, `set <moves>` for a helpmate's set play; with PostKeyPlay (the
 * diagram is the position after the key), `post threat <moves>` or `post zugzwang`, and
 * `post defence <move> <continuations>` for each defence Popeye prints (`postKey`: the input has
 * PostKeyPlay; else these lines are a battle problem's set play, which is not compared).
 */
export function popeyeSolutions(output, { postKey = false } = {}) {
  const lines = output.split(/\r?\n/);
  let i = lines.findIndex((l) => /^\s+\S+\s+\d+ \+ \d+/.test(l));
  const sections = [];
  let current = { label: null, items: [] };
  let battle = null; // the key or try being read
  let mode = '';
  let post = null; // PostKeyPlay: the defence being read
  const closePost = () => {
    if (post) current.items.push(`post defence ${post.move} ${[...post.continuations].sort().join(' ')}`.trimEnd());
    post = null;
  };
  const close = () => {
    closePost();
    if (battle) {
      if (battle.mark === '!') {
        current.items.push(`key ${battle.move}`);
        if (battle.threats.length) current.items.push(`threat ${battle.move} ${[...battle.threats].sort().join(' ')}`);
      } else current.items.push(`try ${battle.move} but ${[...battle.refutations].sort().join(' ')}`);
    }
    battle = null;
  };
  for (i = i < 0 ? 0 : i + 1; i < lines.length; i++) {
    const l = lines[i];
    if (/^\s*(solution finished|Loesung beendet|solution terminee)/i.test(l)) break;
    const twin = /^\+?([a-z])\) /.exec(l);
    if (twin) {
      close();
      if (current.items.length || current.label !== null || sections.length) sections.push(current);
      current = { label: twin[1], items: [] };
      continue;
    }
    if (!l.trim()) continue;
    const indent = l.length - l.trimStart().length;
    const text = l.trim();
    // PostKeyPlay: "threat:" or "zugzwang." at the top, then the defences and their continuations
    if (postKey && indent === 1 && /^(zugzwang|Zugzwang)\.$/.test(text)) {
      current.items.push('post zugzwang');
      mode = 'post';
      continue;
    }
    if (postKey && indent === 1 && /^(threat|Drohung|menace):$/.test(text)) {
      mode = 'post threat';
      current.items.push('post threat');
      continue;
    }
    // (s#0.5, r#0.5: the defences reach the goal at once, with no header)
    if (postKey && !battle && !mode && indent === 6 && /^1\.\.\./.test(text)) mode = 'post';
    if (mode.startsWith('post')) {
      if (mode === 'post threat' && indent === 10 && /^2\.[^.]/.test(text)) {
        const at = current.items.lastIndexOf(current.items.findLast((x) => x.startsWith('post threat')));
        current.items[at] = `${current.items[at]} ${lineMoves(text)[0]}`;
        continue;
      }
      if (indent === 6 && /^1\.\.\./.test(text)) {
        closePost();
        mode = 'post';
        post = { move: lineMoves(text)[0], continuations: [] };
        continue;
      }
      if (post && indent === 10 && /^2\.[^.]/.test(text)) post.continuations.push(lineMoves(text)[0]);
      continue;
    }
    if (indent === 2 && /^1\./.test(text)) {
      close();
      const moves = lineMoves(text);
      current.items.push(`line ${moves.join(' ')}`);
      continue;
    }
    if (indent === 3 && /^1\.[^.]/.test(text)) {
      close();
      const move = lineMoves(text.split(/\s+/)[0])[0];
      const mark = / !( |$)/.test(text) ? '!' : / \?( |$)/.test(text) ? '?' : '';
      battle = mark ? { move, mark, threats: [], refutations: [] } : null;
      mode = /(threat|Drohung|menace):$/.test(text) ? 'threat' : '';
      continue;
    }
    if (!battle) continue;
    if (/^(but|aber|mais)$/i.test(text)) {
      mode = 'but';
      continue;
    }
    if (mode === 'threat' && /^[0-9]+\.[^.]/.test(text) && indent === 10) battle.threats.push(lineMoves(text)[0]);
    else if (mode === 'threat' && indent <= 6) mode = '';
    if (mode === 'but' && /^1\.\.\./.test(text)) battle.refutations.push(lineMoves(text)[0]);
  }
  close();
  sections.push(current);
  for (const s of sections) s.items.sort();
  return sections.filter((s, k) => s.items.length || s.label !== null || k === 0);
}

/**
 * Our solved problem in the same form as popeyeSolutions, one section per twin. Popeye prints the
 * threats after a key only with Option Variation: `threats` says whether to list ours.
 */
export function ourSolutions(solved, { threats = true } = {}) {
  const byTwin = new Map();
  for (const part of solved.parts) {
    const label = part.twin;
    if (!byTwin.has(label)) byTwin.set(label, { label, items: [] });
    const items = byTwin.get(label).items;
    const tok = (uci, san) => (/^O-O-O/.test(san) ? 'O-O-O' : /^O-O/.test(san) ? 'O-O' : uci);
    for (const s of part.solutions) {
      if (Array.isArray(s.uci)) items.push(`line ${s.uci.map((u, k) => tok(u, s.san[k])).join(' ')}`);
      else {
        const key = tok(s.uci, s.san);
        items.push(`key ${key}`);
        if (threats && s.threats?.length)
          items.push(
            `threat ${key} ${s.threats
              .map((t) => tok(t.uci, t.san))
              .sort()
              .join(' ')}`,
          );
      }
    }
    if (part.postKey) items.push(...postKeyItems(part.postKey, tok));
    for (const s of part.setPlay ?? []) items.push(`line ${s.uci.map((u, k) => tok(u, s.san[k])).join(' ')}`);
    for (const t of part.tries ?? [])
      items.push(
        `try ${tok(t.uci, t.san)} but ${t.refutations
          .map((r) => tok(r.uci, r.san))
          .sort()
          .join(' ')}`,
      );
  }
  const out = [...byTwin.values()];
  for (const s of out) s.items.sort();
  return out;
}

/**
 * Our PostKeyPlay in popeyeSolutions' form. Popeye prints only the defences that stop the threat:
 * a defence after which a threat move wins as fast as the threat does is left out.
 */
function postKeyItems(post, tok) {
  const depth = (c) =>
    1 + Math.max(0, ...(c.replies ?? []).map((d) => (d.replies?.length ? Math.min(...d.replies.map(depth)) : 0)));
  const items = [];
  const threats = new Set((post.threats ?? []).map((t) => t.uci));
  if (threats.size)
    items.push(
      `post threat ${(post.threats ?? [])
        .map((t) => tok(t.uci, t.san))
        .sort()
        .join(' ')}`,
    );
  else if (post.variations.some((d) => d.replies?.length)) items.push('post zugzwang');
  const byThreat = (d) => (d.replies ?? []).filter((c) => threats.has(c.uci)).map(depth);
  const threatLength = Math.min(...post.variations.flatMap(byThreat));
  for (const d of post.variations) {
    if (threats.size && byThreat(d).some((n) => n <= threatLength)) continue;
    const cont = (d.replies ?? []).map((c) => tok(c.uci, c.san)).sort();
    items.push(`post defence ${tok(d.uci, d.san)} ${cont.join(' ')}`.trimEnd());
  }
  return items;
}

/** Whether our solver uses intelligent mode by default for this stipulation (h#n / h=n of 3+ moves). */
export function intelligentByDefault(stipulation) {
  const m = /^h[#=]([0-9]+)(\.5)?$/i.exec(stipulation.trim());
  return !!m && Number(m[1]) >= 3;
}

/** The input with `Option Intelligent` added where ours solves intelligently by default, so both tools solve alike. */
export function asSolvedByUs(text, stipulation) {
  if (!intelligentByDefault(stipulation) || /^\s*opt\S*\s.*\bintel/im.test(text)) return text;
  return text.replace(/\n(EndProblem|EndeProblem)\n$/, '\nOption Intelligent\n$1\n');
}
