// Differential checks against chessops (an independent implementation, devDependency): perft counts
// and SAN of every legal move in random Chess960, standard and crazyhouse positions from random games.
import { expect } from 'chai';
import { Chess as OpsChess } from 'chessops/chess';
import { Crazyhouse as OpsCrazyhouse } from 'chessops/variant';
import { makeFen as opsMakeFen, parseFen as opsParseFen } from 'chessops/fen';
import { makeSan as opsMakeSan, parseSan as opsParseSan } from 'chessops/san';
import { perft as opsPerft } from 'chessops/debug';
import { parseUci as opsParseUci } from 'chessops/util';
import { makeFen, makeSan, makeUci, parseFen, perft, Position, type Move } from 'gamenotation/chess';
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

function walk(
  start: string,
  variant: 'chess' | 'crazyhouse',
  seed: number,
  plies: number,
  every: number,
  depth: number,
): number {
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
    for (let g = 0; g < 30; g++)
      moves += walk('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'chess', 500 + g, 80, 5, 2);
    expect(moves).to.be.greaterThan(5000);
  });
  it('crazyhouse: random games (drops, promoted pieces)', () => {
    let moves = 0;
    for (let g = 0; g < 20; g++)
      moves += walk('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1', 'crazyhouse', 900 + g, 80, 8, 2);
    expect(moves).to.be.greaterThan(3000);
  });
});

describe('castling rights vs chessops (issue 13)', () => {
  it('SAN games with a king on the enemy back rank end in the same position, castles included', () => {
    const games: [string, string[], ('chess' | 'crazyhouse')?][] = [
      ['8/8/8/8/8/8/8/R3K1k1 b Q - 0 1', ['Kh2', 'O-O-O']],
      ['8/8/8/8/8/8/8/R3K1k1 b Q - 0 1', ['Kh1', 'Ra2', 'Kg1', 'Ra1', 'Kh2']],
      ['r3k1K1/8/8/8/8/8/8/8 w q - 0 1', ['Kh7', 'O-O-O']],
      ['8/8/8/8/8/8/8/1R1KR1Nk b EB - 0 1', ['Kh2', 'O-O-O']],
      ['8/8/8/8/8/8/7k/R3K2R b KQ - 0 1', ['Kxh1', 'O-O-O']],
      ['7k/8/8/8/8/8/8/R3K3[R] w Q - 0 1', ['Ra2', 'Kg8', 'R@a1', 'Kh8'], 'crazyhouse'],
      ['8/8/8/8/8/8/8/R3K1k1[Nr] b Q - 0 1', ['R@h3', 'N@e4', 'Kh1', 'O-O-O'], 'crazyhouse'],
    ];
    for (const [fen, sans, variant = 'chess'] of games) {
      const ours = Position.fromFen(fen, { chess960: true, variant });
      if (!ours.ok) throw new Error(ours.error.code);
      const ops = opsPosition(fen, variant);
      for (const san of sans) {
        const m = opsParseSan(ops, san);
        expect(m, `chessops: ${san}`).to.not.equal(undefined);
        ops.play(m!);
        const r = ours.value.playSan(san);
        expect(r.ok ? 'ok' : r.error.code, san).to.equal('ok');
        // After every ply the board moves (castles included) agree.
        const board = ours.value
          .legalMoves()
          .filter((m) => 'from' in m)
          .map(makeUci)
          .sort();
        expect(board, `${fen} after ${san}`).to.deep.equal(
          [...ops.allDests()].flatMap(([from, tos]) => [...tos].map((to) => makeUci({ from, to }))).sort(),
        );
      }
      expect(ours.value.fen()).to.equal(opsMakeFen(ops.toSetup()));
    }
  });
});

describe('makeFen castling letters vs chessops', () => {
  it('X-FEN of random Chess960 games matches chessops, and both forms round-trip', () => {
    const rand = rng(4242);
    let n = 0;
    for (let g = 0; g < 30; g++) {
      const pos = Position.fromFen(random960(rand), { chess960: true });
      if (!pos.ok) throw new Error(pos.error.code);
      for (let ply = 0; ply < 60; ply++) {
        const fen = pos.value.fen();
        const setup = parseFen(fen);
        if (!setup.ok) throw new Error(setup.error.code);
        expect(makeFen(setup.value), fen).to.equal(opsMakeFen(opsParseFen(fen).unwrap()));
        for (const shredder of [false, true]) {
          const back = parseFen(makeFen(setup.value, { shredder }));
          expect(back.ok && back.value.castlingRights, `${fen} shredder=${shredder}`).to.deep.equal(
            setup.value.castlingRights,
          );
        }
        n++;
        const legal = pos.value.legalMoves();
        if (!legal.length) break;
        pos.value.play(legal[Math.floor(rand() * legal.length)]);
      }
    }
    expect(n).to.be.greaterThan(1000);
  });
});

describe('makeFen castling letters vs chessops on arbitrary back ranks', () => {
  it('random rooks, kings and Shredder fields: the same castling field where both parse the same rights', () => {
    const rand = rng(77);
    let compared = 0;
    for (let i = 0; i < 3000; i++) {
      const rank = (upper: boolean) => {
        const cells: string[] = Array.from({ length: 8 }, () => (rand() < 0.35 ? 'r' : ''));
        if (rand() < 0.85) cells[Math.floor(rand() * 8)] = 'k';
        const s = cells.map((c) => (c ? (upper ? c.toUpperCase() : c) : '1')).join('');
        return s.replace(/1+/g, (m) => String(m.length));
      };
      const letters = 'ABCDEFGHabcdefghKQkq';
      let field = '';
      for (let k = 0; k < 1 + Math.floor(rand() * 4); k++) field += letters[Math.floor(rand() * letters.length)];
      const fen = `${rank(false)}/8/8/8/8/8/8/${rank(true)} w ${field} - 0 1`;
      const ours = parseFen(fen);
      const theirs = opsParseFen(fen);
      if (!ours.ok || theirs.isErr) continue;
      const oursRights = [...ours.value.castlingRights].sort((a, b) => a - b);
      const theirRights = [...theirs.value.castlingRights].sort((a, b) => a - b);
      if (oursRights.join() !== theirRights.join()) continue; // the parsers read K/Q differently without a rook there
      expect(makeFen(ours.value).split(' ')[2], fen).to.equal(opsMakeFen(theirs.value).split(' ')[2]);
      for (const shredder of [false, true]) {
        const back = parseFen(makeFen(ours.value, { shredder }));
        expect(back.ok && back.value.castlingRights, `${fen} shredder=${shredder}`).to.deep.equal(
          ours.value.castlingRights,
        );
      }
      compared++;
    }
    expect(compared).to.be.greaterThan(1000);
  });
});
