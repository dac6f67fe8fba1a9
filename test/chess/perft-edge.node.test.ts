// A third opinion on the edge-case perft file: chessops (an independent implementation; it has no
// bughouse) must agree with the engine counts of every standard, Chess960 and crazyhouse position,
// up to a million leaves a count (chessops runs ~3 M leaves/s; the few bigger counts are the engines'
// and our own business).
import { expect } from 'chai';
import { Chess as OpsChess } from 'chessops/chess';
import { Crazyhouse as OpsCrazyhouse } from 'chessops/variant';
import { parseFen as opsParseFen } from 'chessops/fen';
import { perft as opsPerft } from 'chessops/debug';
import { parsePerftSuite } from 'gamenotation/chess';
import { readFixture } from '../support/data.js';

const CHESSOPS_MAX = 1_000_000;
const cases = parsePerftSuite(await readFixture('chess/perft-edge.perft'));

describe('perft edge cases: chessops agrees with the engines', () => {
  it('every standard, Chess960 and crazyhouse count', () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const c of cases) {
      if (c.bughouse) continue;
      const setup = opsParseFen(c.fen).unwrap();
      const pos = (c.variant === 'crazyhouse' ? OpsCrazyhouse : OpsChess).fromSetup(setup).unwrap();
      for (const { depth, nodes } of c.counts) {
        if (nodes > CHESSOPS_MAX) continue;
        const theirs = opsPerft(pos, depth, false);
        if (theirs !== nodes) wrong.push(`${c.id} D${depth}: chessops ${theirs}, engines ${nodes}`);
        checked++;
      }
    }
    expect(wrong).to.deep.equal([]);
    expect(checked).to.be.at.least(250);
  });
});
