// The edge-case perft file (test/fixtures/chess/perft-edge.perft): castling rights when a king walks on
// the enemy back rank, rooks captured on their castling squares, Chess960 castling onto occupied
// target squares, en passant pins and discovered checks, promotions with check, crazyhouse and
// bughouse drops. Every count in it comes from stockfish / fairy-stockfish (its `verified` lines;
// scripts/verify-perft.mjs re-checks them). Runs in Node and in Chromium.
import { expect } from 'chai';
import { parsePerftSuite, perft, type PerftCase } from 'gamenotation/chess';
import { readFixture } from '../support/data.js';

let text = '';
let cases: PerftCase[] = [];

before(async () => {
  text = await readFixture('chess/perft-edge.perft');
  cases = parsePerftSuite(text);
});

describe('perft: edge cases verified by stockfish and fairy-stockfish', () => {
  it('has 60+ positions, each with counts and the engine that verified them', () => {
    expect(cases.length).to.be.at.least(60);
    const verified = text.split('\n').filter((l) => /^verified (stockfish|fairy-stockfish)/.test(l));
    expect(verified.length).to.equal(cases.length);
    for (const c of cases) expect(c.counts.length, c.id).to.be.at.least(3);
    const kinds = (p: (c: PerftCase) => boolean) => cases.filter(p).length;
    expect(kinds((c) => c.chess960 === true)).to.be.at.least(15);
    expect(kinds((c) => c.variant === 'crazyhouse' && !c.bughouse)).to.be.at.least(8);
    expect(kinds((c) => c.bughouse === true)).to.be.at.least(2);
  });

  it("the repro of issue 13: a black king on White's back rank keeps White's rights", () => {
    const c = cases.find((x) => x.fen === '8/8/8/8/8/8/8/R3K1k1 b Q - 0 1');
    expect(c?.counts.find((x) => x.depth === 2)?.nodes).to.equal(46);
    expect(perft('8/8/8/8/8/8/8/R3K1k1 b Q - 0 1', 2)).to.equal(46);
  });

  it('every count', () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const c of cases) {
      for (const { depth, nodes } of c.counts) {
        const ours = perft(c.fen, depth, { variant: c.variant, bughouse: c.bughouse });
        if (ours !== nodes) wrong.push(`${c.id} (line ${c.line}) D${depth}: ${ours}, engines ${nodes}`);
        checked++;
      }
    }
    expect(wrong).to.deep.equal([]);
    expect(checked).to.be.at.least(200);
  });
});
