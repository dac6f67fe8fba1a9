// Problems whose solutions were compared with native Popeye 4.104 and recorded as facts
// (test/fixtures/problems/popeye-native-facts.jsonl, written by bench/record-popeye-facts.mjs): the
// problems of Popeye's example inputs that once gave other solutions than Popeye's, and small
// problems for the options (Duplex, HalfDuplex, PostKeyPlay, NoWk/NoBk, …). Ours must give the same
// solutions, twin by twin, in the form the bench compares: every line of help and series play,
// every key with its threats, every try with its refutations.
import { expect } from 'chai';
import { solve, type SolvedProblem } from 'gamenotation/problems';
import { readFixture } from '../support/data.js';

interface Fact {
  id: string;
  source: string;
  input: string;
  popeye: { solved: string; sections: string[][] };
}

const castle = (uci: string, san: string) => (/^O-O-O/.test(san) ? 'O-O-O' : /^O-O/.test(san) ? 'O-O' : uci);

/** Our solutions in the bench's form (bench/solve-corpus.mjs ourSolutions), one sorted list per twin. */
function sections(solved: SolvedProblem): string[][] {
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
        if (s.threats?.length) items.push(`threat ${key} ${s.threats.map((t) => castle(t.uci, t.san)).sort().join(' ')}`);
      }
    }
    for (const s of part.setPlay ?? []) items.push(`line ${s.uci.map((u, k) => castle(u, s.san[k]!)).join(' ')}`);
    for (const t of part.tries ?? [])
      items.push(`try ${castle(t.uci, t.san)} but ${t.refutations.map((r) => castle(r.uci, r.san)).sort().join(' ')}`);
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
      const r = solve(f.input);
      if (!r.ok) throw new Error(`${f.id}: ${r.error.code} ${r.error.message}`);
      expect(sections(r.value), `${f.id} (${f.source})`).to.deep.equal(f.popeye.sections);
    }
  });
});
