// Move ordering for battle play (direct, self and reflex): the move the table remembers first,
// then the killers of the ply (moves that won, or refuted, in a sibling position), then checks,
// then the rest. The move list is reordered in place, so nothing is allocated.
import { movesAt, posAt } from './layout';
import { checkFilter, mayGiveCheck } from './checks';
import { knightAttacks, kingAttacks, pawnAttacks, rookAttacks, bishopAttacks, queenAttacks } from '../chess/attacks';
import { attackersTo } from '../chess/movegen';
import {
  PAWN, KNIGHT, BISHOP, ROOK, KING, WHITE, M_CASTLE, M_EP, M_DOUBLE, mFrom, mTo, mPromo, mDrop, pieceAt, colorBB, roleBB,
  occupied, turn,
} from '../chess/position';

const KILLERS: usize = memory.data(128 * 2 * 4);

@inline export function killer(ply: i32, slot: i32): u32 { return load<u32>(KILLERS + (<usize>(ply * 2 + slot) << 2)); }

/** Remembers m as the first killer of the ply (the old first becomes the second). */
@inline export function setKiller(ply: i32, m: u32): void {
  const a = KILLERS + (<usize>(ply * 2) << 2);
  if (load<u32>(a) == m) return;
  store<u32>(a, load<u32>(a), 4);
  store<u32>(a, m);
}

export function clearKillers(): void { memory.fill(KILLERS, 0, 128 * 2 * 4); }

/** Moves m to position `at` of the ply's list if it is there at `at` or later; returns the next free position. */
@inline function bring(list: usize, cnt: i32, at: i32, m: u32): i32 {
  if (m == 0) return at;
  for (let i = at; i < cnt; i++) {
    const a = list + (<usize>i << 2);
    if (load<u32>(a) == m) {
      const b = list + (<usize>at << 2);
      store<u32>(a, load<u32>(b));
      store<u32>(b, m);
      return at + 1;
    }
  }
  return at;
}

/**
 * Orders the `cnt` moves at `ply`: `first` (a table move), the ply's killers, then (with `checks`)
 * the moves that may give check, then the rest in generation order.
 */
export function orderMoves(ply: i32, cnt: i32, first: u32, checks: bool): void {
  const list = movesAt(ply);
  let at = bring(list, cnt, 0, first);
  at = bring(list, cnt, at, killer(ply, 0));
  at = bring(list, cnt, at, killer(ply, 1));
  if (!checks) return;
  checkFilter(posAt(ply));
  for (let i = at; i < cnt; i++) {
    const a = list + (<usize>i << 2);
    const m = load<u32>(a);
    if (mayGiveCheck(m)) {
      const b = list + (<usize>at << 2);
      store<u32>(a, load<u32>(b));
      store<u32>(b, m);
      at++;
    }
  }
}

/**
 * Whether m, a move remembered from a sibling position (a killer), is pseudo-legal at p for the side
 * to move: its piece still stands on the from square and can go to the to square. Castling, e.p.
 * and drops are never replayed (false). Playing it and finding the mover's king safe (kingSafeAfter)
 * then makes it legal, without generating the position's moves.
 */
export function replayable(p: usize, m: u32): bool {
  if (m == 0 || (m & (M_CASTLE | M_EP)) != 0 || mDrop(m) != 0) return false;
  const us = turn(p);
  const from = mFrom(m), to = mTo(m);
  const pc = pieceAt(p, from);
  if (pc == 0 || (pc >> 3) != us) return false;
  const usBB = colorBB(p, us);
  const toBit = (<u64>1) << <u64>to;
  if (usBB & toBit) return false;
  const role = pc & 7;
  const promo = mPromo(m);
  if (role != PAWN) {
    if (promo != 0 || (m & M_DOUBLE) != 0) return false;
    const occ = occupied(p);
    if (role == KNIGHT) return (knightAttacks(from) & toBit) != 0;
    if (role == KING) return (kingAttacks(from) & toBit) != 0;
    if (role == BISHOP) return (bishopAttacks(from, occ) & toBit) != 0;
    if (role == ROOK) return (rookAttacks(from, occ) & toBit) != 0;
    return (queenAttacks(from, occ) & toBit) != 0;
  }
  const last = us == WHITE ? (to >> 3) == 7 : (to >> 3) == 0;
  if (last != (promo != 0)) return false;
  const occ = occupied(p);
  const step = us == WHITE ? 8 : -8;
  if (to == from + step) return (m & M_DOUBLE) == 0 && (occ & toBit) == 0;
  if (to == from + 2 * step)
    return (m & M_DOUBLE) != 0 && (from >> 3) == (us == WHITE ? 1 : 6) &&
      (occ & (toBit | ((<u64>1) << <u64>(from + step)))) == 0;
  return (m & M_DOUBLE) == 0 && (pawnAttacks(us, from) & toBit & colorBB(p, us ^ 1)) != 0;
}

/** After a move into q, the side that moved has not left its king attacked. */
export function kingSafeAfter(q: usize): bool {
  const mover = turn(q) ^ 1;
  const k = <i32>ctz<u64>(colorBB(q, mover) & roleBB(q, KING));
  return attackersTo(q, k, mover ^ 1, occupied(q)) == 0;
}
