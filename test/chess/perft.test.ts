// D1–D3 of every suite position; runs in Node and in Chromium.
import { expect } from 'chai';
import { perft } from 'gamenotation/chess';
import { crazyhouseSuite, standardSuite } from './suites.js';

describe('perft D1–D3 (node + browser)', () => {
  it('standard suite, depths 1–3', async () => {
    const suite = await standardSuite();
    let checked = 0;
    for (const c of suite) {
      for (const { depth, nodes } of c.counts) {
        if (depth > 3) continue;
        expect(perft(c.fen, depth), `${c.fen} D${depth}`).to.equal(nodes);
        checked++;
      }
    }
    expect(checked).to.be.greaterThan(suite.length * 2);
  });
  it('crazyhouse suite, depths 1–3', async () => {
    for (const c of await crazyhouseSuite()) {
      for (const { depth, nodes } of c.counts) {
        if (depth <= 3) expect(perft(c.fen, depth, { variant: 'crazyhouse' }), `${c.fen} D${depth}`).to.equal(nodes);
      }
    }
  });
  it('en passant only when legal (horizontal pin)', () => {
    const fen = '1k6/8/8/5pP1/4K1P1/8/8/8 w - f6 0 1';
    expect([1, 2, 3, 4].map((d) => perft(fen, d))).to.deep.equal([10, 63, 533, 3508]);
  });
});
