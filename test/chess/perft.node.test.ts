// Every count of perft-standard.epd (755) and perft-crazyhouse.perft (14), plus the ep-legality
// case and the one-board bughouse count (Fairy-Stockfish), bulk-counted in wasm.
import { expect } from 'chai';
import { perft, perftDivide } from 'gamenotation/chess';
import { crazyhouseSuite, fixtureSuite, standardSuite } from './suites.js';

const standard = await standardSuite();
const crazyhouse = await crazyhouseSuite();
const extra = (await fixtureSuite()).filter((c) => c.bughouse || c.fen.startsWith('1k6/8/8/5pP1'));

describe('perft: standard suite (all depths)', () => {
  it('has the whole suite', () => {
    const total = standard.reduce((a, c) => a + c.counts.length, 0);
    expect(total).to.be.greaterThan(standard.length > 100 ? 754 : 10);
  });
  for (const c of standard) {
    it(`${c.id}: ${c.fen}`, () => {
      for (const { depth, nodes } of c.counts) expect(perft(c.fen, depth), `D${depth}`).to.equal(nodes);
    });
  }
});

describe('perft: crazyhouse suite', () => {
  for (const c of crazyhouse) {
    it(`${c.id}: ${c.fen}`, () => {
      for (const { depth, nodes } of c.counts)
        expect(perft(c.fen, depth, { variant: 'crazyhouse' }), `D${depth}`).to.equal(nodes);
    });
  }
  it('crazyhouse from the start position matches chess to D4', () => {
    expect(perft('startpos', 4, { variant: 'crazyhouse' })).to.equal(197281);
  });
});

describe('perft: extra cases', () => {
  for (const c of extra) {
    it(`${c.bughouse ? 'bughouse ' : ''}${c.fen}`, () => {
      for (const { depth, nodes } of c.counts) {
        expect(perft(c.fen, depth, { variant: c.variant, bughouse: c.bughouse }), `D${depth}`).to.equal(nodes);
      }
    });
  }
  it('divide sums to the total and names every root move', () => {
    const fen = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
    const div = perftDivide(fen, 3);
    expect(div.length).to.equal(48);
    expect(div.reduce((a, d) => a + d.nodes, 0)).to.equal(97862);
    expect(div.map((d) => d.move)).to.include.members(['e1g1', 'e1c1', 'e5f7']);
  });
});
