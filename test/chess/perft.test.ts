// D1–D3 of every suite position; runs in Node and in Chromium.
import { expect } from 'chai';
import { perft, perftDivide, Position } from 'gamenotation/chess';
import { readFixture } from '../support/data.js';
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
    const suite = await crazyhouseSuite();
    let checked = 0;
    for (const c of suite) {
      for (const { depth, nodes } of c.counts) {
        if (depth > 3) continue;
        expect(perft(c.fen, depth, { variant: 'crazyhouse' }), `${c.fen} D${depth}`).to.equal(nodes);
        checked++;
      }
    }
    // every position of the suite has counts at depths 1-3 (shared suite or fixture)
    expect(suite.length).to.be.at.least(4);
    expect(checked).to.be.at.least(suite.length * 2);
  });
  it('en passant only when legal (horizontal pin)', () => {
    const fen = '1k6/8/8/5pP1/4K1P1/8/8/8 w - f6 0 1';
    expect([1, 2, 3, 4].map((d) => perft(fen, d))).to.deep.equal([10, 63, 533, 3508]);
  });
});

describe('a pocket means drops, whatever the options (issue #25)', () => {
  it('counts drops with bughouse rules, no variant, or chess asked for, as Fairy-Stockfish does', async () => {
    const fixture = JSON.parse(await readFixture('bughouse/perft.json')) as {
      cases: { variant: string; fen: string; depth: number; nodes: number }[];
    };
    const cases = fixture.cases.filter((c) => c.depth <= 2);
    expect(cases.length).to.be.greaterThan(10);
    for (const c of cases) {
      const bughouse = c.variant === 'bughouse';
      const want = `${c.fen} D${c.depth} (${c.variant})`;
      expect(perft(c.fen, c.depth, { bughouse }), want).to.equal(c.nodes);
      if (bughouse) continue;
      expect(perft(c.fen, c.depth), `${want}, no variant`).to.equal(c.nodes);
      expect(perft(c.fen, c.depth, { variant: 'chess' }), `${want}, variant chess`).to.equal(c.nodes);
      const divided = perftDivide(c.fen, c.depth, {});
      expect(
        divided.reduce((a, d) => a + d.nodes, 0),
        `${want}, divide`,
      ).to.equal(c.nodes);
    }
  });
  it('reads a FEN with a pocket as crazyhouse unless told otherwise; bughouse rules imply crazyhouse', () => {
    const fen = '4k3/8/8/8/8/8/8/4K3[P] w - - 0 1';
    const plain = Position.fromFen(fen);
    const bug = Position.fromFen(fen, { bughouse: true });
    if (!plain.ok || !bug.ok) throw new Error('FEN rejected');
    expect(plain.value.variant).to.equal('crazyhouse');
    expect(plain.value.legalMoves().length).to.equal(53);
    expect(bug.value.variant).to.equal('crazyhouse');
    expect(bug.value.legalMoves().length).to.equal(53);
  });
});
