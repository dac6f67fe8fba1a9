// Differential checks against chessops (an independent implementation, devDependency): perft counts
// and SAN of every legal move in random Chess960, standard and crazyhouse positions from random games.
import { expect } from 'chai';
import { Chess as OpsChess } from 'chessops/chess';
import { Crazyhouse as OpsCrazyhouse } from 'chessops/variant';
import { parseFen as opsParseFen } from 'chessops/fen';
import { makeSan as opsMakeSan } from 'chessops/san';
import { perft as opsPerft } from 'chessops/debug';
import { parseUci as opsParseUci } from 'chessops/util';
import { makeSan, makeUci, perft, Position, type Move } from 'gamenotation/chess';
import { xorshift } from '../support/rng.mjs';

const rng = (seed: number) => xorshift(seed, 1);


/** A random Chess960 back rank (bishops on opposite colours, king between the rooks). */
function random960(rand: () => number): string {
  const rank: string[] = new Array(8).fill('');
  const free = () => rank.map((p, i) => (p ? -1 : i)).filter((i) => i >= 0);
  rank[2 * Math.floor(rand() * 4)] = 'B';
  rank[2 * Math.floor(rand() * 4) + 1] = 'B';
  let f = free();
  rank[f[Math.floor(rand() * f.length)]] = 'Q';
  f = free();
  rank[f[Math.floor(rand() * f.length)]] = 'N';
  f = free();
  rank[f[Math.floor(rand() * f.length)]] = 'N';
  f = free();
  rank[f[0]] = 'R';
  rank[f[1]] = 'K';
  rank[f[2]] = 'R';
  const white = rank.join('');
  const files = [f[0], f[2]].map((i) => String.fromCharCode(65 + i)).join('');
  const castling = `${files[1]}${files[0]}${files[1].toLowerCase()}${files[0].toLowerCase()}`;
  return `${white.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${white} w ${castling} - 0 1`;
}

function opsPosition(fen: string, variant: 'chess' | 'crazyhouse') {
  const setup = opsParseFen(fen).unwrap();
  return variant === 'crazyhouse' ? OpsCrazyhouse.fromSetup(setup).unwrap() : OpsChess.fromSetup(setup).unwrap();
}

function toOpsMove(m: Move) {
  return opsParseUci(makeUci(m))!;
}

function check(fen: string, variant: 'chess' | 'crazyhouse', depth: number): number {
  const ours = Position.fromFen(fen, { variant, chess960: true });
  expect(ours.ok, fen).to.equal(true);
  if (!ours.ok) return 0;
  const ops = opsPosition(fen, variant);
  for (let d = 1; d <= depth; d++) expect(perft(fen, d, { variant }), `${fen} D${d}`).to.equal(opsPerft(ops, d));
  let n = 0;
  for (const m of ours.value.legalMoves()) {
    expect(makeSan(ours.value, m), `${fen} ${makeUci(m)}`).to.equal(opsMakeSan(ops, toOpsMove(m)));
    n++;
  }
  return n;
}

function walk(start: string, variant: 'chess' | 'crazyhouse', seed: number, plies: number, every: number, depth: number): number {
  const rand = rng(seed);
  const pos = Position.fromFen(start, { variant, chess960: true });
  if (!pos.ok) throw new Error(pos.error.code);
  let moves = check(start, variant, depth);
  for (let i = 1; i <= plies; i++) {
    const legal = pos.value.legalMoves();
    if (!legal.length) break;
    pos.value.play(legal[Math.floor(rand() * legal.length)]);
    if (i % every === 0) moves += check(pos.value.fen(), variant, depth);
  }
  return moves;
}

describe('differential vs chessops', () => {
  it('Chess960: random start positions and games (perft D1–D3, SAN of every move)', () => {
    const rand = rng(960);
    let moves = 0;
    for (let g = 0; g < 20; g++) moves += walk(random960(rand), 'chess', 100 + g, 40, 4, 3);
    expect(moves).to.be.greaterThan(3000);
  });
  it('standard chess: random games', () => {
    let moves = 0;
    for (let g = 0; g < 30; g++) moves += walk('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'chess', 500 + g, 80, 5, 2);
    expect(moves).to.be.greaterThan(5000);
  });
  it('crazyhouse: random games (drops, promoted pieces)', () => {
    let moves = 0;
    for (let g = 0; g < 20; g++) moves += walk('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1', 'crazyhouse', 900 + g, 80, 8, 2);
    expect(moves).to.be.greaterThan(3000);
  });
});
