import { expect } from 'chai';
import {
  makeFen,
  parseFen,
  Position,
  validateSetup,
  normalizeFen,
  INITIAL_FEN,
  type Variant,
} from 'gamenotation/chess';
import { xorshift as rng } from '../support/rng.mjs';

function randomGamePositions(start: string, variant: Variant, seed: number, plies: number): string[] {
  const rand = rng(seed);
  const r = Position.fromFen(start, { variant });
  if (!r.ok) throw new Error(r.error.code);
  const pos = r.value;
  const out: string[] = [];
  for (let i = 0; i < plies; i++) {
    const moves = pos.legalMoves();
    if (!moves.length) break;
    pos.play(moves[Math.floor(rand() * moves.length)]);
    out.push(pos.fen());
  }
  return out;
}

describe('FEN round trips', () => {
  it('parseFen → makeFen → parseFen over random chess and crazyhouse games', () => {
    let n = 0;
    for (let g = 0; g < 40; g++) {
      const variant: Variant = g % 2 ? 'crazyhouse' : 'chess';
      const start =
        variant === 'crazyhouse' ? 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1' : INITIAL_FEN;
      for (const fen of randomGamePositions(start, variant, 1000 + g, 120)) {
        const a = parseFen(fen);
        expect(a.ok, fen).to.equal(true);
        if (!a.ok) continue;
        const text = makeFen(a.value);
        expect(text).to.equal(fen);
        const b = parseFen(text);
        expect(b.ok && b.value).to.deep.equal(a.value);
        expect(validateSetup(a.value, variant).errors, fen).to.deep.equal([]);
        const p = Position.fromFen(fen, { variant });
        expect(p.ok && p.value.fen()).to.equal(fen);
        n++;
      }
    }
    expect(n).to.be.greaterThan(3000);
  });

  it('random garbage never throws', () => {
    const rand = rng(7);
    const alphabet = 'pnbrqkPNBRQK12345678/ -wbKQkqA-Hah[]~0123456789e3x';
    for (let i = 0; i < 3000; i++) {
      let s = '';
      const len = Math.floor(rand() * 80);
      for (let j = 0; j < len; j++) s += alphabet[Math.floor(rand() * alphabet.length)];
      const r = parseFen(s);
      if (r.ok) {
        validateSetup(r.value);
        validateSetup(r.value, 'crazyhouse');
        makeFen(r.value);
      } else {
        expect(r.error.code).to.match(/^ERR_FEN_/);
        expect(r.error.column).to.be.a('number');
      }
      Position.fromFen(s);
      normalizeFen(s);
    }
  });

  it('mutated valid FENs: the two readers agree, and what is read round-trips', () => {
    // Two paths through the core must agree on every mutation: the one-call normalizer and the
    // Position reader accept the same FENs with the same first code, and an accepted position
    // writes a FEN that reads back to itself with the same legal moves.
    const rand = rng(99);
    const base = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
    let accepted = 0;
    for (let i = 0; i < 3000; i++) {
      const chars = base.split('');
      const k = 1 + Math.floor(rand() * 3);
      for (let j = 0; j < k; j++)
        chars[Math.floor(rand() * chars.length)] = String.fromCharCode(32 + Math.floor(rand() * 95));
      const s = chars.join('');
      const variant = rand() < 0.5 ? 'chess' : 'crazyhouse';
      const r = Position.fromFen(s, { variant });
      const n = normalizeFen(s, { variant });
      expect(r.ok, s).to.equal(n.ok);
      if (!r.ok || !n.ok) {
        if (!r.ok && !n.ok)
          expect(
            n.error.map((e) => e.code),
            s,
          ).to.include(r.error.code);
        continue;
      }
      accepted++;
      const pos = r.value;
      expect(pos.fen(), s).to.equal(n.value);
      const again = Position.fromFen(pos.fen(), { variant });
      expect(again.ok && again.value.fen(), s).to.equal(pos.fen());
      expect(pos.legalMoves().length, s).to.equal(pos.moveCount());
      expect(again.ok && again.value.moveCount(), s).to.equal(pos.moveCount());
    }
    expect(accepted).to.be.greaterThan(20);
  });
});

describe('FEN dialects', () => {
  it('lenient import of missing fields', () => {
    const r = parseFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
    expect(r.ok && makeFen(r.value)).to.equal('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1');
    const r2 = parseFen('  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq  ');
    expect(r2.ok && r2.value.turn).to.equal('black');
    expect(r2.ok && r2.value.castlingRights).to.deep.equal([0, 7, 56, 63]);
  });

  it('X-FEN and Shredder-FEN castling', () => {
    const shredder = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';
    const r = parseFen(shredder);
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    expect(r.value.castlingRights).to.deep.equal([5, 7, 61, 63]);
    expect(makeFen(r.value)).to.equal('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9');
    expect(makeFen(r.value, { shredder: true })).to.equal(shredder);
    // An inner rook needs its file letter in X-FEN.
    const inner = parseFen('4k3/8/8/8/8/8/8/R2RK2R w KD - 0 1');
    expect(inner.ok && inner.value.castlingRights).to.deep.equal([3, 7]);
    expect(inner.ok && makeFen(inner.value)).to.equal('4k3/8/8/8/8/8/8/R2RK2R w KD - 0 1');
    expect(inner.ok && validateSetup(inner.value).errors).to.deep.equal([]);
  });

  it('makeFen writes K/Q only for the outermost rook; a Shredder letter for an outer file stays a letter', () => {
    // [input, X-FEN castling field, Shredder castling field]; K/Q in X-FEN name the outermost rook on
    // that side of the king, so any other square (an inner rook, an empty outer corner) needs its file.
    const cases: [string, string, string][] = [
      ['4k3/8/8/8/8/8/8/1R2K1R1 w HA - 0 1', 'HA', 'HA'],
      ['4k3/8/8/8/8/8/8/1R2K1R1 w KQ - 0 1', 'KQ', 'GB'],
      ['4k3/8/8/8/8/8/8/R3K1R1 w H - 0 1', 'H', 'H'],
      ['4k3/8/8/8/8/8/8/4K3 w G - 0 1', 'G', 'G'],
      ['4k3/8/8/8/8/8/8/R3K3 w E - 0 1', 'E', 'E'],
      ['4k3/8/8/8/8/8/8/RR2K1RR w GB - 0 1', 'GB', 'GB'],
      ['4k3/8/8/8/8/8/8/RR2K1RR w HA - 0 1', 'KQ', 'HA'],
      ['1r2k1r1/8/8/8/8/8/8/4K3 b ha - 0 1', 'ha', 'ha'],
      ['rr2k1rr/8/8/8/8/8/8/4K3 b kq - 0 1', 'kq', 'ha'],
      ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'KQkq', 'HAha'],
      ['r6r/8/8/8/3k4/8/3K4/R6R w HAha - 0 1', 'HAha', 'HAha'], // no king on the back rank: no K/Q
      ['1r1kr1rr/8/8/8/8/8/8/1R1KR1RR w GBgb - 0 1', 'GQgq', 'GBgb'],
    ];
    for (const [fen, xfen, shredder] of cases) {
      const a = parseFen(fen);
      if (!a.ok) throw new Error(`${fen}: ${a.error.code}`);
      const board = fen.split(' ')[0];
      for (const [opts, field] of [
        [{}, xfen],
        [{ shredder: true }, shredder],
      ] as const) {
        const text = makeFen(a.value, opts);
        expect(text, `${fen} ${JSON.stringify(opts)}`).to.equal(`${board} ${fen.split(' ')[1]} ${field} - 0 1`);
        const b = parseFen(text);
        expect(b.ok && b.value.castlingRights, text).to.deep.equal(a.value.castlingRights);
      }
    }
  });

  it('crazyhouse pockets in brackets and as a 9th rank, ~ for promoted pieces', () => {
    const a = parseFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1');
    const b = parseFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qn w KQkq - 0 1');
    expect(a.ok && b.ok).to.equal(true);
    if (!a.ok || !b.ok) return;
    expect(a.value).to.deep.equal(b.value);
    expect(a.value.pockets!.white.queen).to.equal(1);
    expect(a.value.pockets!.black.knight).to.equal(1);
    expect(makeFen(a.value)).to.equal('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1');
    const p = parseFen('4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1');
    expect(p.ok && p.value.board[49]).to.deep.equal({ color: 'white', role: 'queen', promoted: true });
    expect(p.ok && makeFen(p.value)).to.equal('4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1');
    expect(p.ok && makeFen(p.value, { promoted: false })).to.equal('4k3/1Q6/8/8/4b3/8/Kpp5/8[] b - - 0 1');
  });

  it('normalizeFen drops an ep square no pawn can use, keeps a legal one', () => {
    expect(normalizeFen('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1')).to.deep.equal({
      ok: true,
      value: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
    });
    expect(normalizeFen('rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1')).to.deep.equal({
      ok: true,
      value: 'rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
    });
  });
});

describe('invalid FENs give every expected code', () => {
  const cases: [string, string[], Variant?][] = [
    ['', ['ERR_FEN_EMPTY']],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1', ['ERR_FEN_BOARD']],
    ['rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', ['ERR_FEN_BOARD']],
    ['rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', ['ERR_FEN_BOARD']],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', ['ERR_FEN_TURN']],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1', ['ERR_FEN_CASTLING']],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1', ['ERR_FEN_EP']],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1', ['ERR_FEN_CLOCKS']],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra', ['ERR_FEN_FIELDS']],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Kq] w KQkq - 0 1', ['ERR_FEN_POCKET']],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qq w KQkq - 0 1', ['ERR_FEN_POCKET']],
    ['8/8/8/8/8/8/8/8 w - - 0 1', ['ERR_POS_KINGS']],
    [
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1',
      ['ERR_POS_KINGS', 'ERR_POS_CASTLING', 'ERR_POS_TOO_MANY_PIECES'],
    ],
    ['4k3/8/8/8/8/8/8/P3K3 w - - 0 1', ['ERR_POS_PAWNS_ON_BACKRANK']],
    ['4k3/4R3/8/8/8/8/8/4K3 w - - 0 1', ['ERR_POS_OPPOSITE_CHECK']],
    ['4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1', ['ERR_POS_IMPOSSIBLE_CHECK']],
    ['4k3/8/8/8/8/8/3p1b2/4K3 w - - 0 1', ['ERR_POS_IMPOSSIBLE_CHECK']],
    ['B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1', ['ERR_POS_IMPOSSIBLE_CHECK']],
    ['4k3/8/8/8/8/8/3p4/R3K2r w - - 0 1', ['ERR_POS_IMPOSSIBLE_CHECK']],
    ['4k3/8/8/8/8/3n4/3p4/4K3 w - - 0 1', ['ERR_POS_IMPOSSIBLE_CHECK']],
    ['4k3/8/8/8/8/8/4r3/4K2r w - - 0 1', ['ERR_POS_IMPOSSIBLE_CHECK']],
    ['4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1', ['ERR_POS_CASTLING']],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1', ['ERR_POS_EP']],
    ['rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1', ['ERR_POS_EP']],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 1', ['ERR_POS_EP']],
    ['4k3/pppppppp/pppppppp/8/8/8/8/4K3 w - - 0 1', ['ERR_POS_TOO_MANY_PIECES']],
    ['qqqqkqqq/qqqqqqqq/8/8/8/8/8/4K3 w - - 0 1', ['ERR_POS_TOO_MANY_PIECES']],
    [
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QQQQQQQQQQQQQQQQQQQQQ] w KQkq - 0 1',
      ['ERR_POS_POCKET', 'ERR_POS_TOO_MANY_PIECES'],
      'crazyhouse',
    ],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1', ['ERR_POS_POCKET'], 'chess'],
    ['4k3/8/8/8/8/8/8/P3K2R w KQ - 0 1', ['ERR_POS_PAWNS_ON_BACKRANK', 'ERR_POS_CASTLING']],
    ['k3R3/8/8/8/8/8/8/4K3 w - - 0 1', ['ERR_POS_OPPOSITE_CHECK']],
  ];
  for (const [fen, codes, variant] of cases) {
    it(`${fen || '(empty)'} → ${codes.join(', ')}`, () => {
      const parsed = parseFen(fen);
      if (codes[0].startsWith('ERR_FEN_')) {
        expect(parsed.ok).to.equal(false);
        if (!parsed.ok) {
          expect(parsed.error.code).to.equal(codes[0]);
          expect(parsed.error.column).to.be.greaterThan(0);
        }
        expect(Position.fromFen(fen).ok).to.equal(false);
        return;
      }
      expect(parsed.ok).to.equal(true);
      if (!parsed.ok) return;
      expect(validateSetup(parsed.value, variant).errors.map((e) => e.code)).to.have.members(codes);
      const pos = Position.fromFen(fen, { variant });
      expect(pos.ok).to.equal(false);
      if (!pos.ok) expect(codes).to.include(pos.error.code);
      const all = Position.fromFenAll(fen, { variant });
      expect(!all.ok && all.error.map((e) => e.code)).to.have.members(codes);
    });
  }
  it('syntax errors carry the 1-based column', () => {
    const r = parseFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1x');
    expect(!r.ok && [r.error.code, r.error.column]).to.deep.equal(['ERR_FEN_CLOCKS', 57]);
    const b = parseFen('rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(!b.ok && [b.error.code, b.error.column]).to.deep.equal(['ERR_FEN_BOARD', 14]);
  });
  it('possible double checks are accepted', () => {
    // Discovered check by a knight move, and by a pawn push revealing a bishop.
    for (const fen of [
      '4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1',
      '3k4/4r3/8/8/8/8/3p4/4K3 w - - 0 1',
      '4k3/8/8/8/8/8/8/2r1K1b1 w - - 0 1',
    ]) {
      const r = parseFen(fen);
      expect(r.ok && validateSetup(r.value).errors, fen).to.deep.equal([]);
    }
  });
  it('lenient positions drop bad castling rights', () => {
    const r = Position.fromFen('4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1', { lenient: true });
    expect(r.ok && r.value.fen()).to.equal('4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  });
});

describe('FEN length limit', () => {
  it('an overlong FEN is an error, not a truncated parse', () => {
    const r = parseFen(`${'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'}${' '.repeat(3000)}x`);
    expect(!r.ok && r.error.code).to.equal('ERR_FEN_TOO_LONG');
    expect(normalizeFen('8'.repeat(5000)).ok).to.equal(false);
  });
});
