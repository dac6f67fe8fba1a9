// Problems whose solutions were compared with native Popeye 4.104 and recorded as facts
// (test/fixtures/problems/popeye-native-facts.jsonl, written by bench/record-popeye-facts.mjs): the
// problems of Popeye's example inputs that once gave other solutions than Popeye's, and small
// problems for the options (Duplex, HalfDuplex, PostKeyPlay, NoWk/NoBk, …). Ours must give the same
// solutions, twin by twin, in the form the bench compares: every line of help and series play,
// every key with its threats, every try with its refutations.
import { expect } from 'chai';
import { parsePopeye, solve, type SolvedPart, type SolvedProblem } from 'gamenotation/problems';
import { readFixture } from '../support/data.js';

interface Fact {
  id: string;
  source: string;
  input: string;
  popeye: { solved: string; sections: string[][] };
}

const castle = (uci: string, san: string) => (/^O-O-O/.test(san) ? 'O-O-O' : /^O-O/.test(san) ? 'O-O' : uci);

type Move = { uci: string; san: string; replies?: Move[] };

/** PostKeyPlay as Popeye prints it: the threat (or zugzwang), then the defences that stop the threat. */
function postKeyItems(post: NonNullable<SolvedPart['postKey']>): string[] {
  const depth = (c: Move): number =>
    1 + Math.max(0, ...(c.replies ?? []).map((d) => (d.replies?.length ? Math.min(...d.replies.map(depth)) : 0)));
  const items: string[] = [];
  const threats = new Set((post.threats ?? []).map((t) => t.uci));
  if (threats.size)
    items.push(
      `post threat ${(post.threats ?? [])
        .map((t) => castle(t.uci, t.san))
        .sort()
        .join(' ')}`,
    );
  else if (post.variations.some((d) => d.replies?.length)) items.push('post zugzwang');
  const byThreat = (d: Move) => (d.replies ?? []).filter((c) => threats.has(c.uci)).map(depth);
  const threatLength = Math.min(...post.variations.flatMap(byThreat));
  for (const d of post.variations) {
    if (threats.size && byThreat(d).some((n) => n <= threatLength)) continue;
    const cont = (d.replies ?? []).map((c) => castle(c.uci, c.san)).sort();
    items.push(`post defence ${castle(d.uci, d.san)} ${cont.join(' ')}`.trimEnd());
  }
  return items;
}

/**
 * Our solutions in the bench's form (bench/solve-corpus.mjs ourSolutions), one sorted list per twin;
 * threats after a key only with Option Variation, as Popeye prints them.
 */
function sections(solved: SolvedProblem, withThreats: boolean): string[][] {
  const byTwin = new Map<string | null, string[]>();
  for (const part of solved.parts) {
    if (!byTwin.has(part.twin)) byTwin.set(part.twin, []);
    const items = byTwin.get(part.twin)!;
    for (const s of part.solutions) {
      if (Array.isArray(s.uci)) {
        const san = s.san as string[];
        items.push(`line ${s.uci.map((u, k) => castle(u, san[k]!)).join(' ')}`);
      } else {
        const key = castle(s.uci, s.san as string);
        items.push(`key ${key}`);
        if (withThreats && s.threats?.length)
          items.push(
            `threat ${key} ${s.threats
              .map((t) => castle(t.uci, t.san))
              .sort()
              .join(' ')}`,
          );
      }
    }
    if (part.postKey) items.push(...postKeyItems(part.postKey));
    for (const s of part.setPlay ?? []) {
      // set play is a line: uci and san are lists
      const uci = s.uci as string[];
      const san = s.san as string[];
      items.push(`line ${uci.map((u, k) => castle(u, san[k]!)).join(' ')}`);
    }
    for (const t of part.tries ?? [])
      items.push(
        `try ${castle(t.uci, t.san)} but ${t.refutations
          .map((r) => castle(r.uci, r.san))
          .sort()
          .join(' ')}`,
      );
  }
  return [...byTwin.values()].map((items) => items.sort());
}

describe('solve: problems recorded against native Popeye 4.104', () => {
  it('every recorded problem has Popeye’s solutions, twin by twin', async () => {
    const facts = (await readFixture('problems/popeye-native-facts.jsonl'))
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Fact);
    expect(facts.length).to.be.greaterThan(4);
    for (const f of facts) {
      const r = solve(f.input, { maxSolutions: 100_000 });
      if (!r.ok) throw new Error(`${f.id}: ${r.error.code} ${r.error.message}`);
      const variations = !!parsePopeye(f.input)[0]!.value.options.variations;
      expect(sections(r.value, variations), `${f.id} (${f.source})`).to.deep.equal(f.popeye.sections);
    }
  });

  it('a 65-move series line is written in SAN to its last move (the passes take no ply)', async () => {
    const fact = (await readFixture('problems/popeye-native-facts.jsonl'))
      .split('\n')
      .filter((l) => l.includes('stip.inp#52'))
      .map((l) => JSON.parse(l) as Fact)[0]!;
    const r = solve(fact.input);
    const san = r.ok ? (r.value.parts[0]!.solutions[0]!.san as string[]) : [];
    // Popeye: 62.d7-d8=D 63.Dd8*g5 64.Dg5*f4 65.Df4-c7 =
    expect(san.slice(-4)).to.deep.equal(['d8=Q', 'Qxg5', 'Qxf4', 'Qc7']);
  });
});
