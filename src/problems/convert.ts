// Conversions: PBI ↔ problem XML, both → Popeye input, FEN for every twin. Whatever the target
// cannot carry is reported as a warning (code ERR_CONVERT_*), never silently dropped.
import type { NotationError } from '../errors.js';
import { isOrthodoxKind, kindLetter, makeForsyth, squareName, type ProblemBoard, type ProblemColor } from './board.js';
import { problemFen } from './fen.js';
import { newPbiProblem, type PbiAward, type PbiDocument, type PbiProblem, type PbiSource, type PbiStatus } from './pbi.js';
import { formatStipulation, parseStipulation } from './stipulation.js';
import { deriveTwins, effectiveRelease, latestRelease, squareToPlanes, type DerivedTwin } from './xml/derive.js';
import type { Award, PieceDecl, PieceOp, Problem, ProblemsDocument, Source, Stipulation, XmlDate, XmlNode } from './xml/model.js';

export interface ConvertResult<T> {
  value: T;
  warnings: NotationError[];
}

const warn = (warnings: NotationError[], code: string, message: string, line?: number) => {
  const w: NotationError = { code, message };
  if (line !== undefined) {
    w.line = line;
    w.column = 1;
  }
  warnings.push(w);
};

const STATUS_TO_CORRECTNESS: Record<string, string> = { '!': 'correct', '*': 'cooked', '+': 'nosolution', $: 'shortsolution', '?': 'keyproblem' };
const CORRECTNESS_TO_STATUS: Record<string, PbiStatus> = Object.fromEntries(Object.entries(STATUS_TO_CORRECTNESS).map(([k, v]) => [v, k as PbiStatus]));

function parseDate(text: string): XmlDate | undefined {
  let m = /^([0-9]{4})$/.exec(text);
  if (m) return { year: m[1] };
  m = /^([0-9]{1,2})\/([0-9]{4})$/.exec(text);
  if (m) return { month: m[1], year: m[2] };
  m = /^([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{4})$/.exec(text);
  if (m) return { day: m[1], month: m[2], year: m[3] };
  return undefined;
}

function formatDate(d: XmlDate | undefined): string {
  if (!d) return '';
  if (d.day && d.month && d.year) return `${d.day}.${d.month}.${d.year}`;
  if (d.month && d.year) return `${d.month}/${d.year}`;
  return d.year ?? '';
}

// ---------------------------------------------------------------- PBI → XML

function sourceFromPbi(s: PbiSource, where: string, warnings: NotationError[], line?: number): Source {
  const date = s.date === '' ? undefined : parseDate(s.date);
  if (s.date !== '' && !date) {
    // Not a date problem.xsd can hold: keep the whole reference as the free-text form.
    warn(warnings, 'ERR_CONVERT_SOURCE', `${where}: date '${s.date}' is not day.month.year, month/year or year; written as source text`, line);
    return { remarks: [], tourneys: [], text: [s.nr, s.title, s.date, s.page].join('|') };
  }
  const src: Source = { remarks: [], tourneys: [] };
  if (s.title !== '' || s.nr !== '' || date) src.name = s.title;
  if (date) src.date = date;
  if (s.nr !== '') src.problemId = s.nr;
  if (s.page !== '') {
    warn(warnings, 'ERR_CONVERT_SOURCE', `${where}: problem.xsd has no page field; page '${s.page}' kept in a source remark`, line);
    src.remarks.push({ text: `page: ${s.page}` });
  }
  return src;
}

function sourceToPbi(s: Source, where: string, warnings: NotationError[]): PbiSource {
  if (s.text !== undefined && s.name === undefined) {
    const parts = s.text.split('|');
    if (parts.length === 4) return { nr: parts[0]!, title: parts[1]!, date: parts[2]!, page: parts[3]! };
    return { nr: '', title: s.text, date: '', page: '' };
  }
  let title = s.name ?? '';
  if (s.volume) title += ` vol. ${s.volume}`;
  if (s.issue) title += ` no. ${s.issue}`;
  if (s.volume || s.issue) warn(warnings, 'ERR_CONVERT_SOURCE', `${where}: volume/issue folded into the PBI title`);
  let page = '';
  for (const r of s.remarks) {
    const m = /^page: (.*)$/.exec(r.text ?? '');
    if (m) page = m[1]!;
    else warn(warnings, 'ERR_CONVERT_SOURCE', `${where}: source remark '${r.text ?? ''}' not carried`);
  }
  if (s.tourneys.length) warn(warnings, 'ERR_CONVERT_SOURCE', `${where}: source tourney not carried`);
  return { nr: s.problemId ?? s.number ?? '', title, date: formatDate(s.date), page };
}

/** Piece declaration id in the style of the problem.xsd example: `whitekinga5`. */
export function pieceDeclId(color: string, kind: string, square: number, files = 8): string {
  return `${color}${kind}${squareName(square, files)}`;
}

function piecesFromBoard(board: ProblemBoard): { decls: PieceDecl[]; additions: PieceOp[] } {
  const decls: PieceDecl[] = [];
  const additions: PieceOp[] = [];
  board.squares.forEach((p, sq) => {
    if (!p) return;
    const id = p.id ?? pieceDeclId(p.color, p.kind, sq, board.files);
    decls.push({ id, kind: p.kind, color: p.color });
    additions.push({ op: 'addition', piece: id, square: squareToPlanes(sq, board.files) });
  });
  // Kings first, then by kind and colour, as problem diagrams are usually listed.
  return { decls, additions };
}

/** PBI → problem XML: one problem per data line, the file comments as a document remark. */
export function pbiToXml(doc: PbiDocument): ConvertResult<ProblemsDocument> {
  const warnings: NotationError[] = [];
  const out: ProblemsDocument = { encoding: 'UTF-8', problems: [], remarks: [] };
  if (doc.comments.length) out.remarks.push({ text: doc.comments.map((c) => c.text).join('\n') });
  doc.problems.forEach((p, index) => {
    const where = `problem ${index + 1}`;
    const line = p.line;
    const problem: Problem = { foreignIds: [], piecedecls: [], releases: [], remarks: [], themes: [], uncertainties: [] };
    const twin: Problem['releases'][number]['twins'][number] = { id: 't1' };
    if (p.board) {
      const { decls, additions } = piecesFromBoard(p.board);
      problem.piecedecls = decls;
      twin.position = { id: 'p1', ops: [{ op: 'pieces', items: additions }], remarks: [] };
    } else if (p.position !== '') {
      warn(warnings, 'ERR_CONVERT_POSITION', `${where}: the position '${p.position}' is not valid and was not carried`, line);
    }
    if (p.stipulation !== '') twin.stipulation = parseStipulation(p.stipulation) ?? { text: p.stipulation };
    if (p.keymove !== '') twin.solution = { items: [{ kind: 'movetext', text: p.keymove }] };
    const release: Problem['releases'][number] = {
      id: 'r1',
      type: 'initial',
      authors: p.names.map((n) => ({ name: { familyName: n } })),
      sources: p.usedSource && (p.usedSource.nr || p.usedSource.title || p.usedSource.date || p.usedSource.page)
        ? [sourceFromPbi(p.usedSource, `${where} used source`, warnings, line)] : [],
      awards: p.awards.map((a): Award => {
        if (a.nr !== '') warn(warnings, 'ERR_CONVERT_AWARD', `${where}: award number '${a.nr}' has no place in problem.xsd`, line);
        const award: Award = { distinction: a.rank };
        if (a.tourney !== '' || a.date !== '') {
          award.tourney = { name: a.tourney };
          const date = parseDate(a.date);
          if (date) award.tourney.date = date;
          else if (a.date !== '') {
            warn(warnings, 'ERR_CONVERT_AWARD', `${where}: award date '${a.date}' is not a date problem.xsd can hold; appended to the tourney name`, line);
            award.tourney.name = `${a.tourney}, ${a.date}`;
          }
        }
        return award;
      }),
      reprints: p.referencedSources.map((s, i) => sourceFromPbi(s, `${where} referenced source ${i + 1}`, warnings, line)),
      twins: [twin],
      correctness: [],
    };
    if (p.status !== '') {
      const type = STATUS_TO_CORRECTNESS[p.status];
      release.correctness.push(type ? { type } : { type: 'other', text: p.status });
    }
    problem.releases.push(release);
    if (p.comment !== '') problem.remarks.push({ text: p.comment });
    out.problems.push(problem);
  });
  out.count = out.problems.length;
  return { value: out, warnings };
}

// ---------------------------------------------------------------- XML → PBI

function authorName(a: Problem['releases'][number]['authors'][number], where: string, warnings: NotationError[]): string {
  if (a.name) return [a.name.givenNames, a.name.familyName].filter(Boolean).join(' ');
  if (a.vcard) {
    warn(warnings, 'ERR_CONVERT_AUTHOR', `${where}: vCard author reduced to its name`);
    return vcardName(a.vcard);
  }
  return '';
}

/** The FN (formatted name) of a vCard element, or its N family/given parts. */
function vcardName(node: XmlNode): string {
  const find = (n: XmlNode, local: string): XmlNode | undefined => {
    if (n.name.replace(/^.*:/, '') === local) return n;
    for (const c of n.children ?? []) if (!('text' in c)) { const f = find(c, local); if (f) return f; }
    return undefined;
  };
  const text = (n: XmlNode | undefined): string => (n?.children ?? []).map((c) => ('text' in c ? c.text : text(c))).join('').trim();
  const fn = text(find(node, 'FN'));
  if (fn) return fn;
  return [text(find(node, 'Given')), text(find(node, 'Family'))].filter(Boolean).join(' ');
}

/** Describes how a twin differs from the first twin as Popeye twinning commands. */
export function twinCommands(first: DerivedTwin, twin: DerivedTwin): string[] {
  const a = first.board;
  const b = twin.board;
  const s1 = formatStipulation(first.stipulation);
  const s2 = formatStipulation(twin.stipulation);
  const stipulation = s2 !== s1 && s2 !== '' ? [`Stipulation ${s2}`] : [];
  const whole = wholeBoardTwin(a, b);
  if (whole) return [whole, ...stipulation];
  const cmds: string[] = [];
  const same = (x: ProblemBoard['squares'][number], y: ProblemBoard['squares'][number]) =>
    !!x && !!y && x.color === y.color && x.kind === y.kind;
  const removed: number[] = [];
  const added: number[] = [];
  const size = Math.max(a.squares.length, b.squares.length);
  for (let sq = 0; sq < size; sq++) {
    const x = a.squares[sq] ?? null;
    const y = b.squares[sq] ?? null;
    if (x && y && same(x, y)) continue;
    if (x) removed.push(sq);
    if (y) added.push(sq);
  }
  const used = new Set<number>();
  const done = new Set<number>();
  for (const s of removed) {
    if (done.has(s)) continue;
    // Exchange: the piece from s is now on t and the piece from t is now on s.
    const t = removed.find((u) => u !== s && !done.has(u) && same(a.squares[s]!, b.squares[u]) && same(a.squares[u]!, b.squares[s]));
    if (t !== undefined) {
      cmds.push(`Exchange ${squareName(s)} ${squareName(t)}`);
      done.add(s).add(t);
      used.add(s).add(t);
      continue;
    }
  }
  // Moves (a target may hold a piece that goes away: Popeye's Move replaces it).
  const moves: [number, number][] = [];
  for (const s of removed) {
    if (done.has(s)) continue;
    const piece = a.squares[s]!;
    const candidates = added.filter((t) => !used.has(t) && same(piece, b.squares[t]) && (!a.squares[t] || removed.includes(t)));
    const t = candidates.find((u) => piece.id !== undefined && b.squares[u]?.id === piece.id) ?? candidates[0];
    if (t === undefined) continue;
    moves.push([s, t]);
    used.add(t);
    done.add(s);
  }
  // A move must not land on a piece that still has to move away: order them, break cycles into Remove/Add.
  const pending = [...moves];
  while (pending.length) {
    const i = pending.findIndex(([, t]) => !pending.some(([s]) => s === t));
    if (i < 0) {
      for (const [s, t] of pending) {
        done.delete(s);
        used.delete(t);
      }
      break;
    }
    const [s, t] = pending.splice(i, 1)[0]!;
    cmds.push(`Move ${squareName(s)} ${squareName(t)}`);
  }
  const implied = new Set(moves.filter(([s, t]) => done.has(s) && a.squares[t] && !done.has(t)).map(([, t]) => t));
  for (const s of removed) {
    if (done.has(s) || implied.has(s)) continue;
    cmds.push(`Remove ${squareName(s)}`);
    done.add(s);
  }
  for (const t of added) {
    if (used.has(t)) continue;
    const p = b.squares[t]!;
    cmds.push(`Add ${p.color} ${popeyeLetter(p.kind)}${squareName(t)}`);
  }
  return [...cmds, ...stipulation];
}

/** Popeye's whole-board twinnings (Rotate, Mirror, PolishType, Shift) when one turns a into b. */
function wholeBoardTwin(a: ProblemBoard, b: ProblemBoard): string | undefined {
  if (a.files !== 8 || a.ranks !== 8 || b.files !== 8 || b.ranks !== 8) return undefined;
  const pieces = a.squares.map((p, sq) => ({ p, sq })).filter((x) => x.p);
  if (pieces.length < 2 || pieces.length !== b.squares.filter(Boolean).length) return undefined;
  const maps: [string, (x: number, y: number) => [number, number], boolean?][] = [
    ['Rotate 90', (x, y) => [7 - y, x]],
    ['Rotate 180', (x, y) => [7 - x, 7 - y]],
    ['Rotate 270', (x, y) => [y, 7 - x]],
    ['Mirror a1<-->h1', (x, y) => [7 - x, y]],
    ['Mirror a1<-->a8', (x, y) => [x, 7 - y]],
    ['Mirror a1<-->h8', (x, y) => [y, x]],
    ['Mirror a8<-->h1', (x, y) => [7 - y, 7 - x]],
    ['PolishType', (x, y) => [x, y], true],
  ];
  for (let dx = -7; dx <= 7; dx++) {
    for (let dy = -7; dy <= 7; dy++) {
      if (!dx && !dy) continue;
      // Popeye's Shift names a square and the square it goes to: take a pair on the board
      const from = Math.max(0, -dy) * 8 + Math.max(0, -dx);
      const to = (Math.max(0, -dy) + dy) * 8 + Math.max(0, -dx) + dx;
      maps.push([`Shift ${squareName(from)} ${squareName(to)}`, (x, y) => [x + dx, y + dy]]);
    }
  }
  for (const [name, f, swap] of maps) {
    const ok = pieces.every(({ p, sq }) => {
      const [x, y] = f(sq % 8, Math.floor(sq / 8));
      if (x < 0 || y < 0 || x > 7 || y > 7) return false;
      const q = b.squares[y * 8 + x];
      const color = swap && p!.color !== 'neutral' ? (p!.color === 'white' ? 'black' : 'white') : p!.color;
      return !!q && q.kind === p!.kind && q.color === color;
    });
    if (!ok) continue;
    return name;
  }
  return undefined;
}

function popeyeLetter(kind: string): string {
  return kindLetter(kind, 'S') ?? kind.toUpperCase();
}

/** The derived twins of a release; a correction without twins of its own has its base release's. */
export function releaseTwins(problem: Problem, release: Problem['releases'][number]): DerivedTwin[] {
  const own = deriveTwins(problem).filter((t) => t.releaseId === release.id);
  if (own.length) return own;
  const inherited = effectiveRelease(problem, release);
  return inherited.twins.length ? deriveTwins({ ...problem, releases: [...problem.releases.filter((r) => r !== release), { ...release, twins: inherited.twins }] }).filter((t) => t.releaseId === release.id) : [];
}

/**
 * The solution's moves as text in Popeye's long notation (`Sf8*e6`, `f7-f8=S`): the keys for direct
 * and self play, every full line for help play. Empty when the twin has no moves.
 */
export function solutionText(twin: Problem['releases'][number]['twins'][number], board: ProblemBoard, stipulation?: Stipulation): string {
  const moves = (twin.solution?.items ?? []).filter((m): m is Extract<typeof m, { kind: 'move' }> => m.kind === 'move');
  if (!moves.length) return '';
  const ids = new Set(moves.map((m) => m.id).filter(Boolean));
  const children = (id: string | undefined) => moves.filter((m) => m.parent !== undefined && m.parent === id);
  const roots = moves.filter((m) => m.parent === undefined || !ids.has(m.parent));
  const play = (b: ProblemBoard, move: (typeof moves)[number]): string => {
    let text = '';
    let capture = false;
    for (const change of move.changes) {
      const from = b.squares.findIndex((p) => p?.id === change.piece);
      if (!change.square.length) {
        if (from >= 0) b.squares[from] = null;
        capture = true;
        continue;
      }
      const file = change.square.find((p) => p.dim === 1)?.value;
      const rank = change.square.find((p) => p.dim === 2)?.value;
      if (file === undefined || rank === undefined || file < 1 || rank < 1 || file > b.files || rank > b.ranks) continue;
      const to = (rank - 1) * b.files + file - 1;
      const piece = from >= 0 ? b.squares[from]! : undefined;
      if (b.squares[to] && b.squares[to] !== piece) capture = true;
      if (!text && piece) {
        const letter = piece.kind === 'pawn' ? '' : popeyeLetter(piece.kind);
        const promo = change.kind && change.kind !== piece.kind ? `=${popeyeLetter(change.kind)}` : '';
        text = `${letter}${squareName(from, b.files)}%${squareName(to, b.files)}${promo}`;
      }
      if (from >= 0) b.squares[from] = null;
      b.squares[to] = { color: (change.color ?? piece?.color ?? 'white') as ProblemColor, kind: change.kind ?? piece?.kind ?? 'pawn', id: change.piece };
    }
    return text.replace('%', capture ? '*' : '-');
  };
  const lines: string[] = [];
  const clone = (b: ProblemBoard): ProblemBoard => ({ ...b, squares: b.squares.map((p) => (p ? { ...p } : null)) });
  const help = stipulation?.play === 'help';
  const walk = (b: ProblemBoard, move: (typeof moves)[number], prefix: string[]) => {
    const line = [...prefix, play(b, move)];
    const next = children(move.id);
    if (!help || !next.length || move.id === undefined) lines.push(line.filter(Boolean).join(' '));
    else for (const child of next) walk(clone(b), child, line);
  };
  for (const root of roots) walk(clone(board), root, []);
  return lines.join(' / ');
}

export interface XmlToPbiOptions {
  /** PBI version to write (default '1.2'). */
  version?: string;
}

/** problem XML → PBI: one data line per problem, from its latest release and first twin. */
export function xmlToPbi(doc: ProblemsDocument, options: XmlToPbiOptions = {}): ConvertResult<PbiDocument> {
  const warnings: NotationError[] = [];
  const out: PbiDocument = { version: options.version ?? '1.2', comments: [], problems: [] };
  for (const r of doc.remarks) if (r.text) out.comments.push(...r.text.split(/\r\n|\r|\n/).map((text) => ({ text })));
  doc.problems.forEach((problem, index) => {
    const where = `problem ${index + 1}`;
    const line = problem.pos?.line;
    const latest = latestRelease(problem);
    if (!latest) {
      warn(warnings, 'ERR_CONVERT_EMPTY', `${where}: no release, written as an empty line record`, line);
      out.problems.push(newPbiProblem());
      return;
    }
    if (problem.releases.length > 1) warn(warnings, 'ERR_CONVERT_RELEASE', `${where}: only the latest release '${latest.id}' is carried`, line);
    const release = effectiveRelease(problem, latest);
    const derivedAll = releaseTwins(problem, latest);
    const first = derivedAll[0];
    const p = newPbiProblem({ names: release.authors.map((a) => authorName(a, where, warnings)) });
    if (first) {
      const forsyth = makeForsyth(first.board, 'S');
      if (forsyth === undefined) warn(warnings, 'ERR_CONVERT_POSITION', `${where}: the position has fairy/neutral pieces or is not 8×8; PBI cannot carry it`, line);
      else if (first.board.squares.some(Boolean)) {
        p.position = forsyth;
        p.board = first.board;
      }
      p.stipulation = formatStipulation(first.stipulation);
      if (first.stipulation && p.stipulation === '' ) warn(warnings, 'ERR_CONVERT_STIPULATION', `${where}: the stipulation has no common text form`, line);
    }
    const twins = release.twins;
    const extra: string[] = [];
    const zero = first?.type === 'zeroposition';
    if (zero) extra.push('zero position');
    derivedAll.slice(1).forEach((t, i) => {
      const label = String.fromCharCode((zero ? 97 : 98) + i);
      const cmds = first ? twinCommands(first, t) : [];
      extra.push(`${label}) ${t.type === 'duplex' ? 'Duplex' : cmds.join(', ') || t.twinId}`);
    });
    if (derivedAll.length > 1) warn(warnings, 'ERR_CONVERT_TWIN', `${where}: PBI has no twins; ${derivedAll.length - 1} twin(s) described in the comment`, line);
    const firstTwin = twins[0];
    const solution = firstTwin?.solution;
    if (solution) {
      const texts = solution.items.filter((x) => x.kind === 'movetext' && x.after === undefined).map((x) => x.text);
      p.keymove = texts.join(' ');
      if (solution.items.some((x) => x.kind === 'move')) {
        const first0 = derivedAll.find((t) => t.twinId === firstTwin!.id);
        if (!p.keymove && first0) p.keymove = solutionText(firstTwin!, first0.board, first0.stipulation);
        warn(warnings, 'ERR_CONVERT_SOLUTION', `${where}: solution moves written as keymove text only${derivedAll.length > 1 ? ' (first twin)' : ''}`, line);
      }
    }
    const used = release.sources[0];
    if (used) p.usedSource = sourceToPbi(used, `${where} source`, warnings);
    if (release.sources.length > 1) {
      warn(warnings, 'ERR_CONVERT_SOURCE', `${where}: further sources written as referenced sources`, line);
    }
    p.referencedSources = [...release.sources.slice(1), ...release.reprints].map((s) => sourceToPbi(s, `${where} reprint`, warnings));
    p.awards = release.awards.map((a): PbiAward => ({ nr: '', rank: a.distinction ?? '', tourney: a.tourney?.name ?? '', date: formatDate(a.tourney?.date) }));
    const c = release.correctness[0];
    if (c) p.status = (c.type && CORRECTNESS_TO_STATUS[c.type]) ?? c.text ?? '';
    const comments = problem.remarks.map((r) => r.text ?? '').filter(Boolean);
    p.comment = [...comments, ...extra].join('; ');
    if (problem.foreignIds.length || problem.themes.length) warn(warnings, 'ERR_CONVERT_DROPPED', `${where}: foreign ids and themes are not carried`, line);
    if (twins.some((t) => t.conditions)) warn(warnings, 'ERR_CONVERT_CONDITIONS', `${where}: fairy conditions are not carried`, line);
    out.problems.push(p);
  });
  return { value: out, warnings };
}

// ---------------------------------------------------------------- Popeye

function popeyePieces(board: ProblemBoard, where: string, warnings: NotationError[]): string {
  const groups: Record<string, string[]> = { white: [], black: [], neutral: [] };
  const order = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];
  const squares = board.squares.map((p, sq) => ({ p, sq })).filter((x) => x.p);
  squares.sort((x, y) => {
    const kx = order.indexOf(x.p!.kind);
    const ky = order.indexOf(y.p!.kind);
    return (kx < 0 ? 99 : kx) - (ky < 0 ? 99 : ky);
  });
  for (const { p, sq } of squares) {
    if (!isOrthodoxKind(p!.kind)) warn(warnings, 'ERR_CONVERT_FAIRY', `${where}: fairy piece '${p!.kind}' written as '${popeyeLetter(p!.kind)}' (check Popeye's piece code)`);
    const group = groups[p!.color];
    if (!group) warn(warnings, 'ERR_CONVERT_COLOR', `${where}: piece colour '${p!.color}' on ${squareName(sq, board.files)} has no Popeye form; left out`);
    else group.push(`${popeyeLetter(p!.kind)}${squareName(sq, board.files)}`);
  }
  const parts = ['White', 'Black', 'Neutral'].map((c) => [c, groups[c.toLowerCase()]!] as const).filter(([, l]) => l.length);
  return parts.map(([c, l]) => `${c} ${l.join(' ')}`).join(' ');
}

function popeyeText(text: string): string {
  return text.replace(/[\r\n\u0085\u2028]+/g, ' ');
}

interface PopeyeProblem {
  authors: string[];
  origin?: string;
  award?: string;
  title?: string;
  board?: ProblemBoard;
  stipulation: string;
  twins: string[];
  duplex?: boolean;
  /** The diagram is a zero position: the first twin line is Popeye's `ZeroPosition`. */
  zero?: boolean;
}

function writePopeye(problems: PopeyeProblem[], warnings: NotationError[]): string {
  const blocks = problems.map((p, i) => {
    const where = `problem ${i + 1}`;
    const lines: string[] = [];
    for (const a of p.authors) lines.push(`Author ${popeyeText(a)}`);
    if (p.origin) lines.push(`Origin ${popeyeText(p.origin)}`);
    if (p.award) lines.push(`Award ${popeyeText(p.award)}`);
    if (p.title) lines.push(`Title ${popeyeText(p.title)}`);
    if (p.board) lines.push(`Pieces ${popeyePieces(p.board, where, warnings)}`);
    else warn(warnings, 'ERR_CONVERT_POSITION', `${where}: no position`);
    if (p.stipulation && !parseStipulation(p.stipulation)) {
      warn(warnings, 'ERR_CONVERT_STIPULATION', `${where}: stipulation '${p.stipulation}' is not in a form Popeye reads; written as is`);
    }
    if (!p.stipulation) warn(warnings, 'ERR_CONVERT_STIPULATION', `${where}: no stipulation`);
    lines.push(`Stipulation ${popeyeText(p.stipulation)}`);
    lines.push(p.duplex ? 'Option NoBoard Duplex' : 'Option NoBoard');
    p.twins.forEach((t, i) => lines.push(`${p.zero && i === 0 ? 'ZeroPosition' : 'Twin'} ${t}`));
    return lines.join('\n');
  });
  return `BeginProblem\n${blocks.join('\nNextProblem\n')}\nEndProblem\n`;
}

/** PBI → Popeye input (one problem per data line). */
export function pbiToPopeye(doc: PbiDocument): ConvertResult<string> {
  const warnings: NotationError[] = [];
  const problems: PopeyeProblem[] = doc.problems.map((p) => {
    const s = p.usedSource;
    const origin = s ? [s.nr, s.title, s.date, s.page].filter(Boolean).join(', ') : '';
    const award = p.awards.map((a) => [a.rank, a.tourney, a.date].filter(Boolean).join(', ')).join('; ');
    const pp: PopeyeProblem = { authors: p.names, stipulation: p.stipulation, twins: [] };
    if (origin) pp.origin = origin;
    if (award) pp.award = award;
    if (p.board) pp.board = p.board;
    return pp;
  });
  return { value: writePopeye(problems, warnings), warnings };
}

/** problem XML → Popeye input: the latest release of each problem, its twins as Popeye twins. */
export function xmlToPopeye(doc: ProblemsDocument): ConvertResult<string> {
  const warnings: NotationError[] = [];
  const problems: PopeyeProblem[] = doc.problems.map((problem, index) => {
    const where = `problem ${index + 1}`;
    const latest = latestRelease(problem);
    const release = latest ? effectiveRelease(problem, latest) : undefined;
    const derived = latest ? releaseTwins(problem, latest) : [];
    const first = derived[0];
    const pp: PopeyeProblem = {
      authors: (release?.authors ?? []).map((a) => authorName(a, where, warnings)),
      stipulation: formatStipulation(first?.stipulation),
      twins: [],
    };
    const src = release?.sources[0];
    if (src) {
      const s = sourceToPbi(src, where, []);
      pp.origin = [s.nr, s.title, s.date, s.page].filter(Boolean).join(', ');
    }
    const award = (release?.awards ?? []).map((a) => [a.distinction, a.tourney?.name, formatDate(a.tourney?.date)].filter(Boolean).join(', ')).join('; ');
    if (award) pp.award = award;
    if (first) pp.board = first.board;
    if (first?.type === 'zeroposition') pp.zero = true;
    for (const t of derived.slice(1)) {
      if (t.type === 'duplex') {
        pp.duplex = true;
        continue;
      }
      const cmds = first ? twinCommands(first, t) : [];
      if (!cmds.length) warn(warnings, 'ERR_CONVERT_TWIN', `${where}: twin '${t.twinId}' does not differ from the first twin`);
      else pp.twins.push(cmds.join(' '));
    }
    if (release?.twins.some((t) => t.conditions)) warn(warnings, 'ERR_CONVERT_CONDITIONS', `${where}: fairy conditions are not carried`);
    return pp;
  });
  return { value: writePopeye(problems, warnings), warnings };
}

// ---------------------------------------------------------------- FEN

export interface TwinFen {
  releaseId: string;
  twinId: string;
  stipulation: string;
  fen?: string;
  warning?: NotationError;
}

/** A FEN for every twin position of a problem (side to move from the stipulation). */
export function twinFens(problem: Problem): TwinFen[] {
  return deriveTwins(problem).map((t) => {
    const { fen, warning } = problemFen(t.board, t.stipulation);
    const out: TwinFen = { releaseId: t.releaseId, twinId: t.twinId, stipulation: formatStipulation(t.stipulation) };
    if (fen) out.fen = fen;
    if (warning) out.warning = { ...warning, message: `twin '${t.twinId}': ${warning.message}` };
    return out;
  });
}

/** The FEN of a PBI problem (undefined when it has no valid position). */
export function pbiFen(problem: PbiProblem): string | undefined {
  return problem.board ? problemFen(problem.board, problem.stipulation).fen : undefined;
}

export type { Stipulation };
