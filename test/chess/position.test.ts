import { expect } from 'chai';
import { unwrap } from 'gamenotation';
import { initChess, makeFen, parseSquare, Position, makeSquare, type Setup } from 'gamenotation/chess';

const sq = (s: string) => unwrap(parseSquare(s));
function pos(fen: string, variant: 'chess' | 'crazyhouse' = 'chess', bughouse = false): Position {
  const r = Position.fromFen(fen, { variant, bughouse });
  if (!r.ok) throw new Error(`${r.error.code} ${fen}`);
  return r.value;
}

describe('Position', () => {
  it('initChess() resolves and the initial position has 20 moves', async () => {
    await initChess();
    const p = Position.initial();
    expect(p.turn).to.equal('white');
    expect(p.variant).to.equal('chess');
    expect(p.legalMoves()).to.have.length(20);
    expect(p.moveCount()).to.equal(20);
    expect(p.fen()).to.equal('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(Position.initial('crazyhouse').fen()).to.equal('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1');
  });

  it('squares', () => {
    expect(makeSquare(0)).to.equal('a1');
    expect(makeSquare(63)).to.equal('h8');
    expect(parseSquare('e4')).to.deep.equal({ ok: true, value: 28 });
    for (const bad of ['i4', 'e44', 'e0', '']) {
      const r = parseSquare(bad);
      expect(r.ok || r.error.code, bad).to.equal('ERR_SQUARE_SYNTAX');
    }
  });

  it('checkmate, stalemate, insufficient material, outcome', () => {
    const mate = pos('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
    expect(mate.isCheck()).to.equal(true);
    expect(mate.isCheckmate()).to.equal(true);
    expect(mate.outcome()).to.deep.equal({ winner: 'black' });
    const stale = pos('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1');
    expect(stale.isStalemate()).to.equal(true);
    expect(stale.isCheckmate()).to.equal(false);
    expect(stale.outcome()).to.deep.equal({});
    expect(pos('8/8/4k3/8/8/3NK3/8/8 w - - 0 1').isInsufficientMaterial()).to.equal(true);
    expect(pos('8/8/4k3/8/2b5/3BK3/8/8 w - - 0 1').isInsufficientMaterial()).to.equal(true);
    expect(pos('8/8/4k3/8/3b4/3BK3/8/8 w - - 0 1').isInsufficientMaterial()).to.equal(false);
    expect(pos('8/8/4k3/8/8/3NK1N1/8/8 w - - 0 1').isInsufficientMaterial()).to.equal(false);
    expect(pos('8/8/4k3/8/8/3PK3/8/8 w - - 0 1').isInsufficientMaterial()).to.equal(false);
    expect(pos('8/8/4k3/8/8/3NK3/8/8 w - - 0 1').outcome()).to.deep.equal({});
    expect(Position.initial().outcome()).to.equal(undefined);
    expect(pos('8/8/4k3/8/8/4K3/8/8[N] w - - 0 1', 'crazyhouse').isInsufficientMaterial()).to.equal(false);
  });

  it('play throws on illegal moves and keeps many positions independent', () => {
    const a = Position.initial();
    expect(() => a.play({ from: sq('e2'), to: sq('e5') })).to.throw();
    const b = a.clone();
    a.play({ from: sq('e2'), to: sq('e4') });
    const c = a.clone();
    b.play({ from: sq('d2'), to: sq('d4') });
    c.play({ from: sq('c7'), to: sq('c5') });
    a.play({ from: sq('e7'), to: sq('e5') });
    expect(a.fen()).to.equal('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
    expect(b.fen()).to.equal('rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1');
    expect(c.fen()).to.equal('rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
    expect(b.turn).to.equal('black');
    expect(a.turn).to.equal('white');
  });

  it('zobrist keys agree on transpositions and differ otherwise', () => {
    const a = Position.initial();
    for (const san of ['Nf3', 'Nf6', 'Nc3', 'Nc6']) a.playSan(san);
    const b = Position.initial();
    for (const san of ['Nc3', 'Nc6', 'Nf3', 'Nf6']) b.playSan(san);
    expect(a.zobrist()).to.equal(b.zobrist());
    expect(a.zobrist()).to.not.equal(Position.initial().zobrist());
    expect(typeof a.zobrist()).to.equal('bigint');
    // The ep square counts only when a capture is legal.
    const e4 = Position.initial();
    e4.playSan('e4');
    expect(e4.zobrist()).to.equal(pos('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1').zobrist());
  });

  it('en passant only when legal', () => {
    const p = pos('8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1');
    expect(p.legalMoves().some((m) => 'from' in m && m.to === sq('d3'))).to.equal(false);
    expect(p.fen()).to.equal('8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1');
    const q = pos('8/8/8/8/k2Pp3/8/8/3K4 b - d3 0 1');
    expect(q.isLegal({ from: sq('e4'), to: sq('d3') })).to.equal(true);
    expect(q.toSetup().epSquare).to.equal(sq('d3'));
  });

  it('toSetup/fromSetup round trip', () => {
    const p = pos('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    const s: Setup = p.toSetup();
    expect(s.castlingRights).to.deep.equal([0, 7, 56, 63]);
    expect(s.board[sq('e1')]).to.deep.equal({ color: 'white', role: 'king' });
    const back = Position.fromSetup(s);
    expect(back.ok && back.value.fen()).to.equal(p.fen());
    expect(makeFen(s)).to.equal(p.fen());
  });

  it('crazyhouse: captures go to the pocket, a promoted piece returns as a pawn; bughouse keeps none', () => {
    const p = pos('4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1', 'crazyhouse');
    p.play({ from: sq('e4'), to: sq('b7') });
    expect(p.toSetup().pockets!.black.pawn).to.equal(1);
    expect(p.fen()).to.equal('4k3/1b6/8/8/8/8/Kpp5/8[p] w - - 0 2');
    const z = pos('rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR[] w KQkq - 0 2', 'crazyhouse');
    z.playSan('dxe5');
    expect(z.toSetup().pockets!.white.pawn).to.equal(1);
    expect(z.legalMoves().length).to.be.greaterThan(20);
    const bug = pos('rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR[] w KQkq - 0 2', 'crazyhouse', true);
    bug.playSan('dxe5');
    expect(bug.toSetup().pockets!.white.pawn).to.equal(0);
    expect(bug.bughouse).to.equal(true);
    // Drops must block a check; a knight check cannot be blocked.
    const check = pos('4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1', 'crazyhouse');
    const drops = check.legalMoves().filter((m) => 'role' in m);
    expect(drops.map((m) => makeSquare(m.to)).sort()).to.deep.equal(['b1', 'c1', 'd1']);
  });

  it('castling moves are accepted as king → g/c file or king → rook, nothing else', () => {
    const std = pos('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    for (const to of ['g1', 'h1', 'c1', 'a1']) expect(std.isLegal({ from: sq('e1'), to: sq(to) }), to).to.equal(true);
    expect(std.isLegal({ from: sq('e1'), to: sq('b1') })).to.equal(false);
    const c = std.clone();
    c.play({ from: sq('e1'), to: sq('h1') });
    expect(c.fen()).to.equal('r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1');
    const f = Position.fromFen('4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1', { chess960: true });
    expect(f.ok).to.equal(true);
    if (!f.ok) return;
    expect(f.value.isLegal({ from: sq('f1'), to: sq('b1') })).to.equal(true);
    expect(f.value.isLegal({ from: sq('f1'), to: sq('c1') })).to.equal(false);
    expect(f.value.isLegal({ from: sq('f1'), to: sq('d1') })).to.equal(false);
    expect(f.value.isLegal({ from: sq('f1'), to: sq('e1') })).to.equal(true); // a plain king move
  });

  it('playSan reports errors without changing the position', () => {
    const p = Position.initial();
    const r = p.playSan('Ke2');
    expect(!r.ok && r.error.code).to.equal('ERR_SAN_ILLEGAL');
    expect(p.fen()).to.equal(Position.initial().fen());
    expect(p.playSanCode('e4')).to.be.greaterThan(0);
    expect(p.playSanCode('??')).to.equal(-3);
  });
});
