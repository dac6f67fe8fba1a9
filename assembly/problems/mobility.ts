// Does the side to move have a legal move at all: the question behind every mate and stalemate
// test. It stops at the first legal move found (king steps first, then the other pieces by their
// attack sets against the check and pin masks), so a position with a free king or piece is
// answered after a few bitboard operations instead of a whole move generation.
import { knightAttacks, kingAttacks, pawnAttacks, rookAttacks, bishopAttacks, between, line } from '../chess/attacks';
import { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, WHITE, colorBB, roleBB, turn, epSquare } from '../chess/position';
import { attackersTo, countLegal, pinnedPieces } from '../chess/movegen';

const NOT_A: u64 = 0xfefefefefefefefe;
const NOT_H: u64 = 0x7f7f7f7f7f7f7f7f;

/** The squares next to the king of the side to move at p that it can step to (legal king moves, castling aside). */
export function kingFlights(p: usize): u64 {
  const us = turn(p), them = us ^ 1;
  const usBB = colorBB(p, us);
  const kb = usBB & roleBB(p, KING);
  if (kb == 0) return 0; // no king (NoWk / NoBk)
  const k = <i32>ctz<u64>(kb);
  const occ = (usBB | colorBB(p, them)) ^ kb;
  let t = kingAttacks(k) & ~usBB;
  let out: u64 = 0;
  while (t) {
    const s = <i32>ctz<u64>(t);
    t &= t - 1;
    if (attackersTo(p, s, them, occ) == 0) out |= (<u64>1) << <u64>s;
  }
  return out;
}

/** True when the side to move at p has a legal move. */
export function anyLegal(p: usize): bool {
  if (kingFlights(p) != 0) return true;
  const us = turn(p), them = us ^ 1;
  const usBB = colorBB(p, us), themBB = colorBB(p, them);
  const occ = usBB | themBB;
  const ksq = <i32>ctz<u64>(usBB & roleBB(p, KING));
  // without a king (NoWk / NoBk): no check and no pin
  const checkers = ksq < 64 ? attackersTo(p, ksq, them, occ) : 0;
  if (checkers & (checkers - 1)) return false;
  // e.p. and castling are rare enough to leave to the full generator (castling needs no check and
  // a king step to a safe square, which the test above found already).
  if (epSquare(p) != 0) return countLegal(p) != 0;
  let mask: u64 = ~usBB;
  if (checkers) mask = between(ksq, <i32>ctz<u64>(checkers)) | checkers;
  const pinned = ksq < 64 ? pinnedPieces(p, us, ksq, occ) : 0;
  let pcs = usBB & roleBB(p, KNIGHT) & ~pinned;
  while (pcs) {
    if (knightAttacks(<i32>ctz<u64>(pcs)) & mask) return true;
    pcs &= pcs - 1;
  }
  const q = roleBB(p, QUEEN);
  pcs = usBB & (roleBB(p, BISHOP) | q);
  while (pcs) {
    const from = <i32>ctz<u64>(pcs);
    pcs &= pcs - 1;
    let t = bishopAttacks(from, occ) & mask;
    if (pinned & ((<u64>1) << <u64>from)) t &= line(ksq, from);
    if (t) return true;
  }
  pcs = usBB & (roleBB(p, ROOK) | q);
  while (pcs) {
    const from = <i32>ctz<u64>(pcs);
    pcs &= pcs - 1;
    let t = rookAttacks(from, occ) & mask;
    if (pinned & ((<u64>1) << <u64>from)) t &= line(ksq, from);
    if (t) return true;
  }
  const pawns = usBB & roleBB(p, PAWN);
  const free = pawns & ~pinned;
  const empty = ~occ;
  let single: u64, dbl: u64, caps: u64;
  if (us == WHITE) {
    single = (free << 8) & empty;
    dbl = ((single & 0xff0000) << 8) & empty;
    caps = (((free & NOT_A) << 7) | ((free & NOT_H) << 9)) & themBB;
  } else {
    single = (free >> 8) & empty;
    dbl = ((single & 0xff0000000000) >> 8) & empty;
    caps = (((free & NOT_A) >> 9) | ((free & NOT_H) >> 7)) & themBB;
  }
  if ((single | dbl | caps) & mask) return true;
  let pp = pawns & pinned;
  while (pp) {
    const from = <i32>ctz<u64>(pp);
    pp &= pp - 1;
    const ln = line(ksq, from) & mask;
    if (pawnAttacks(us, from) & themBB & ln) return true;
    const s1 = us == WHITE ? from + 8 : from - 8;
    const s1b = (<u64>1) << <u64>s1;
    if ((s1b & occ) == 0) {
      if (s1b & ln) return true;
      const startRank = us == WHITE ? (from >> 3) == 1 : (from >> 3) == 6;
      if (startRank) {
        const s2b = (<u64>1) << <u64>(us == WHITE ? s1 + 8 : s1 - 8);
        if ((s2b & occ) == 0 && (s2b & ln) != 0) return true;
      }
    }
  }
  return false;
}
