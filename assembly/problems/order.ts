// Move ordering for battle play (direct, self and reflex): the move the table remembers first,
// then the killers of the ply (moves that won, or refuted, in a sibling position), then checks,
// then the rest, each group by the history table (and, for the attacker of direct play, moves
// that take flights from the enemy king first). The move list is reordered in place, so nothing
// is allocated.
import { movesAt, posAt } from './layout';
import { MAX_MOVES } from '../chess/layout';
import { checkFilter, mayGiveCheck } from './checks';
import { knightAttacks, kingAttacks, pawnAttacks, rookAttacks, bishopAttacks, queenAttacks, between } from '../chess/attacks';
import { attackersTo } from '../chess/movegen';
import {
  PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, WHITE, kingSquare, M_CASTLE, M_EP, M_DOUBLE, mFrom, mTo, mPromo, mDrop, pieceAt, colorBB, roleBB,
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

export function clearKillers(): void {
  memory.fill(KILLERS, 0, 128 * 2 * 4);
  memory.fill(HISTORY, 0, 2 * 64 * 64 * 4);
}

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

// History: per side, from and to square, how much a move has won (attacker) or refuted (defender)
// anywhere in the tree, weighted by the moves left; it orders the moves no table entry or killer
// names. Cleared with the killers.
const HISTORY: usize = memory.data(2 * 64 * 64 * 4);
/** Scratch scores of the list being ordered (no recursion happens while it is in use). */
const SCORES: usize = memory.data(MAX_MOVES * 4);

/** Credits m (of the side to move at `ply`) with a cutoff n moves from the end. */
export function addHistory(ply: i32, m: u32, n: i32): void {
  const a = HISTORY + (<usize>((turn(posAt(ply)) << 12) | (<i32>(m & 0xfff))) << 2);
  const v = load<u32>(a) + <u32>(n * n);
  store<u32>(a, v);
  if (v > 0x40000000) for (let i = 0; i < 2 * 64 * 64; i++) store<u32>(HISTORY + (<usize>i << 2), load<u32>(HISTORY + (<usize>i << 2)) >> 1);
}

/**
 * Orders the `cnt` moves at `ply`: `first` (a table move), the ply's killers, then (with `checks`)
 * the moves that may give check, then the rest; with `history`, each group by the history table,
 * and with `flights` too, moves whose piece then guards a square next to the enemy king come before
 * the others of their group (the attacker of direct play).
 */
export function orderMoves(ply: i32, cnt: i32, first: u32, checks: bool, history: bool = false, flights: bool = false): i32 {
  const list = movesAt(ply);
  let at = bring(list, cnt, 0, first);
  at = bring(list, cnt, at, killer(ply, 0));
  at = bring(list, cnt, at, killer(ply, 1));
  const start = at;
  if (checks) {
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
  if (!history || cnt - start < 2) return start;
  const p = posAt(ply);
  const side = turn(p);
  let ring: u64 = 0;
  let occ: u64 = 0;
  if (flights) {
    ring = kingAttacks(kingSquare(p, side ^ 1)) & ~colorBB(p, side ^ 1);
    occ = occupied(p);
  }
  for (let i = start; i < cnt; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    let v = load<u32>(HISTORY + (<usize>((side << 12) | (<i32>(m & 0xfff))) << 2)) >> 2;
    if (flights && (attacksFrom(p, m, occ) & ring) != 0) v |= 0x40000000;
    store<u32>(SCORES + (<usize>i << 2), v);
  }
  sortByScore(list, start, at);
  sortByScore(list, at, cnt);
  return start;
}

/**
 * Moves the defences at `ply` from `at` on that may stop the threat t (a mate in one after a pass)
 * to the front of the rest: those that capture its piece, move onto its path or its square, move
 * the piece it captures, or move the king.
 */
export function threatFirst(ply: i32, cnt: i32, at: i32, t: u32): void {
  const from = mFrom(t), to = mTo(t);
  const path = ((<u64>1) << <u64>from) | ((<u64>1) << <u64>to) | between(from, to);
  const p = posAt(ply);
  const king = kingSquare(p, turn(p));
  const list = movesAt(ply);
  for (let i = at; i < cnt; i++) {
    const a = list + (<usize>i << 2);
    const m = load<u32>(a);
    const f = mFrom(m);
    if ((((<u64>1) << <u64>mTo(m)) & path) != 0 || f == to || f == king) {
      const b = list + (<usize>at << 2);
      store<u32>(a, load<u32>(b));
      store<u32>(b, m);
      at++;
    }
  }
}

/** The squares the piece of move m attacks from its destination (occupancy before the move, less its from square). */
@inline function attacksFrom(p: usize, m: u32, occ: u64): u64 {
  const from = mFrom(m), to = mTo(m);
  const pc = pieceAt(p, from);
  let role = pc & 7;
  const promo = mPromo(m);
  if (promo != 0) role = promo;
  const o = occ & ~((<u64>1) << <u64>from);
  if (role == PAWN) return pawnAttacks(pc >> 3, to);
  if (role == KNIGHT) return knightAttacks(to);
  if (role == BISHOP) return bishopAttacks(to, o);
  if (role == ROOK) return rookAttacks(to, o);
  if (role == QUEEN) return queenAttacks(to, o);
  return 0; // the king (and castling) takes no flight worth ordering by
}

/** Stable insertion sort of list[from..to) by SCORES, highest first. */
@inline function sortByScore(list: usize, from: i32, to: i32): void {
  for (let i = from + 1; i < to; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    const v = load<u32>(SCORES + (<usize>i << 2));
    let j = i - 1;
    while (j >= from && load<u32>(SCORES + (<usize>j << 2)) < v) {
      store<u32>(list + (<usize>(j + 1) << 2), load<u32>(list + (<usize>j << 2)));
      store<u32>(SCORES + (<usize>(j + 1) << 2), load<u32>(SCORES + (<usize>j << 2)));
      j--;
    }
    store<u32>(list + (<usize>(j + 1) << 2), m);
    store<u32>(SCORES + (<usize>(j + 1) << 2), v);
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
