// Stalemate in one for the side to move: the moves after which the other side is not in check and
// has no legal move, written to the ply's move list. Checking moves are skipped without being
// played (checks.ts says which moves may check; a move it clears never checks).
//
// Before any move is played, the other side's pieces that no single move can stop are counted: a
// knight, bishop, rook or queen that stands on no line with its king (or has one of its own pieces
// between) cannot be pinned by one move, so while its king is not in check (a stalemate needs
// that) it keeps every move to a square next to it along its lines (a knight: any square it
// attacks) that its own pieces do not hold; a piece arriving on such a square is captured instead.
// Only capturing the piece takes its moves away, and one move captures one piece: with two such
// pieces there is no stalemate in one, with one only the moves that capture it can stalemate. A
// pawn that cannot be pinned and can step forward is stopped only by a move that captures it or
// lands in front of it; the move must land where it stops every such piece.
import { posAt, movesAt } from './layout';
import { play, generate } from './search';
import { checkFilter, mayGiveCheck } from './checks';
import { anyLegal } from './mobility';
import { inCheck } from './search';
import { knightAttacks, kingAttacks, rookAttacks, bishopAttacks, queenAttacks, between } from '../chess/attacks';
import { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, WHITE, colorBB, roleBB, turn, mFrom, mTo, epSquare, castleRooks, M_CASTLE, M_DOUBLE } from '../chess/position';

/** The squares a knight attacks from s, or a bishop, rook or queen's squares next to s along its lines (b: s's bit). */
@inline function nearSquares(p: usize, s: i32, b: u64): u64 {
  if (roleBB(p, KNIGHT) & b) return knightAttacks(s);
  let to: u64 = 0;
  if (roleBB(p, BISHOP) & b || roleBB(p, QUEEN) & b) to |= bishopAttacks(s, 0);
  if (roleBB(p, ROOK) & b || roleBB(p, QUEEN) & b) to |= rookAttacks(s, 0);
  return to & kingAttacks(s);
}

/**
 * The squares on which the one move of the side to move at p must land for a stalemate, as far as
 * the other side's unstoppable pieces tell (see above); all squares when there are none, 0 when
 * no move can stop them all.
 */
function landing(p: usize): u64 {
  const us = turn(p), them = us ^ 1;
  const own = colorBB(p, them);
  const k = <i32>ctz<u64>(own & roleBB(p, KING));
  const free = ~own;
  const empty = ~(own | colorBB(p, us));
  const lines = queenAttacks(k, 0);
  const pawns = roleBB(p, PAWN);
  // a pawn is stopped by a piece landing in front of it, unless castling (two pieces land) or
  // e.p. (the capturer lands behind it) is possible
  const withPawns = epSquare(p) == 0 && (castleRooks(p) & colorBB(p, us)) == 0;
  let pcs = own & (roleBB(p, KNIGHT) | roleBB(p, BISHOP) | roleBB(p, ROOK) | roleBB(p, QUEEN) | (withPawns ? pawns : 0));
  let need: u64 = ~(<u64>0);
  while (pcs) {
    const s = <i32>ctz<u64>(pcs);
    const b = (<u64>1) << <u64>s;
    pcs &= pcs - 1;
    // on a line with its king, a move may pin it, unless a piece of its own other than a pawn
    // stands between (a capture there leaves the capturer between; e.p. would not)
    if ((lines & b) != 0 && (between(k, s) & own & ~pawns) == 0) continue;
    if (pawns & b) {
      const front = them == WHITE ? b << 8 : b >> 8;
      if (front & empty) need &= b | front;
      continue;
    }
    if (nearSquares(p, s, b) & free) need &= b;
  }
  return need;
}

/**
 * Stalemating moves of the side to move at `ply`, in movesAt(ply); returns how many (with `first`,
 * at most one). Only moves from a square of `from` to one of `to` are tried.
 */
export function stalematesInOne(ply: i32, first: bool, from: u64 = ~(<u64>0), to: u64 = ~(<u64>0)): i32 {
  const p = posAt(ply);
  const need = landing(p) & to;
  if (need == 0) return 0;
  const list = movesAt(ply);
  const cnt = generate(ply);
  checkFilter(p);
  let n = 0;
  for (let i = 0; i < cnt; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    if (((need >> <u64>mTo(m)) & 1) == 0 || ((from >> <u64>mFrom(m)) & 1) == 0) continue;
    const q = play(ply, m);
    if (mayGiveCheck(m) && inCheck(q)) continue;
    if (anyLegal(q)) continue;
    store<u32>(list + (<usize>n << 2), m);
    n++;
    if (first) break;
  }
  return n;
}

// Stalemate in two plies (the side to be stalemated moves, then the other side stalemates): the
// pieces of the side to move that stay unstoppable whatever one move of another of its pieces
// does. Such a piece cannot be pinned by one move after it: it stands on no line with its king
// (the king stays put), or on one with no square beyond it, or with a piece of its own other than
// a pawn between (unless that piece is the only one and the one moving); and a knight, bishop,
// rook or queen has two or more squares next to it along its lines (a knight: that it attacks)
// not held by its own pieces (one arrival fills one), a pawn an empty square in front (an arrival
// there stops it). After a move that is not the king's, every one of them but the mover and a pawn
// the move lands in front of still needs the stalemating move to capture it; with two left, the
// move cannot lead to a stalemate and is not played.
let twoFree: u64 = 0;
let twoPawns: u64 = 0;
let twoKing: i32 = 0;
let twoWhite = false;
/** Pieces kept unstoppable by a single shield, and that shield's square, per piece square (64: none). */
let twoShielded: u64 = 0;
const TWO_SHIELD: usize = memory.data(64);

/** Is there a square beyond s on the line from the king square k through s? */
@inline function squareBeyond(k: i32, s: i32): bool {
  const df = (s & 7) - (k & 7), dr = (s >> 3) - (k >> 3);
  const f = (s & 7) + (df > 0 ? 1 : df < 0 ? -1 : 0), r = (s >> 3) + (dr > 0 ? 1 : dr < 0 ? -1 : 0);
  return f >= 0 && f < 8 && r >= 0 && r < 8;
}

/** Prepares the two-ply filter for the side to move at p; false when no move can be filtered. */
export function prepareStaleTwo(p: usize): bool {
  const them = turn(p), us = them ^ 1;
  const own = colorBB(p, them);
  const k = <i32>ctz<u64>(own & roleBB(p, KING));
  const empty = ~(own | colorBB(p, us));
  const lines = queenAttacks(k, 0);
  // pawns count only when the stalemating side cannot castle (two pieces land at once)
  const withPawns = (castleRooks(p) & colorBB(p, us)) == 0;
  let pcs = own & ~roleBB(p, KING);
  if (!withPawns) pcs &= ~roleBB(p, PAWN);
  let freeSet: u64 = 0;
  twoShielded = 0;
  while (pcs) {
    const s = <i32>ctz<u64>(pcs);
    const b = (<u64>1) << <u64>s;
    pcs &= pcs - 1;
    let shield: u64 = 0;
    if ((lines & b) != 0 && squareBeyond(k, s)) {
      shield = between(k, s) & own & ~roleBB(p, PAWN);
      if (shield == 0) continue;
    }
    let unstoppable: bool;
    if (roleBB(p, PAWN) & b) unstoppable = ((them == WHITE ? b << 8 : b >> 8) & empty) != 0;
    else unstoppable = popcnt<u64>(nearSquares(p, s, b) & ~own) >= 2;
    if (!unstoppable) continue;
    freeSet |= b;
    if (popcnt<u64>(shield) == 1) {
      twoShielded |= b;
      store<u8>(TWO_SHIELD + <usize>s, <u8>ctz<u64>(shield));
    }
  }
  twoFree = freeSet;
  twoPawns = freeSet & roleBB(p, PAWN);
  twoKing = k;
  twoWhite = them == WHITE;
  return popcnt<u64>(freeSet) >= 2;
}

/** After prepareStaleTwo: can move m (of the side to move) not lead to a stalemate in one? */
export function staleTwoFails(m: u32): bool {
  const from = mFrom(m);
  if (from == twoKing || (m & M_CASTLE) != 0) return false;
  let left = twoFree & ~((<u64>1) << <u64>from);
  let shielded = twoShielded;
  while (shielded) {
    const s = <i32>ctz<u64>(shielded);
    shielded &= shielded - 1;
    if (<i32>load<u8>(TWO_SHIELD + <usize>s) == from) left &= ~((<u64>1) << <u64>s);
  }
  // a double step lets the reply capture e.p. (landing behind a pawn): pawns are not counted then
  if (m & M_DOUBLE) left &= ~twoPawns;
  else {
    const to = mTo(m);
    const behind = twoWhite ? to - 8 : to + 8;
    if (behind >= 0 && behind < 64) left &= ~((<u64>1) << <u64>behind & twoPawns);
  }
  return popcnt<u64>(left) >= 2;
}
