// Long help and series play that once took seconds to minutes (h#5, h#6, h=3, h=5, h=6, ser-h=10, an h#3
// with a twin): every line equals Popeye 4.104's, twin by twin (facts in
// test/fixtures/problems/solve-long-facts.json, from Popeye's own example inputs). Where the plain
// search is quick enough, it must give the same lines. No timings are asserted.
import { expect } from 'chai';
import { solve } from 'gamenotation/problems';
import { readFixture } from '../support/data.js';

interface LongFact {
  source: string;
  input: string;
  twins: string[][];
  plain?: boolean;
}

const key = (u: string | string[]) => (Array.isArray(u) ? u.join(' ') : u);

describe('solve: long help play as Popeye solves it', () => {
  it('every line of each problem, intelligent mode (and the plain search where it is quick)', async () => {
    const facts = JSON.parse(await readFixture('problems/solve-long-facts.json')) as LongFact[];
    expect(facts.length).to.be.greaterThan(3);
    for (const f of facts) {
      const r = solve(f.input);
      if (!r.ok) throw new Error(`${f.source}: ${r.error.code} ${r.error.message}`);
      const got = r.value.parts.map((part) => part.solutions.map((s) => key(s.uci)).sort());
      expect(got, f.source).to.deep.equal(f.twins.map((lines) => [...lines].sort()));
      for (const part of r.value.parts) expect(part.stopped, f.source).to.equal(undefined);
      if (f.plain) {
        const plain = solve(f.input, { intelligent: false });
        if (!plain.ok) throw new Error(`${f.source} plain: ${plain.error.code}`);
        expect(
          plain.value.parts.map((part) => part.solutions.map((s) => key(s.uci)).sort()),
          `${f.source} plain search`,
        ).to.deep.equal(got);
      }
    }
  });
});
