// Mate in one for the side to move: the moves that mate, written to the ply's move list.
// Only checking moves can mate, so in the common case (no promotion, castling, e.p. or
// discovered check possible) the checking moves are built straight from the check squares
// around the enemy king and tested one by one, without generating every legal move.
import { knightAttacks, kingAttacks, pawnAttacks, rookAttacks, bishopAttacks, between } from '../chess/attacks';
import { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, WHITE, colorBB, roleBB, turn, epSquare, castleRooks, occupied, mFrom, mTo, M_DOUBLE } from '../chess/position';
import { attackersTo } from '../chess/movegen';
import { anyLegal } from './mobility';
import { posAt, movesAt } from './layout';
import { play, inCheck, generate } from './search';
import { checkFilter, mayGiveCheck } from './checks';

const RANK_7: u64 = 0x00ff000000000000;
const RANK_2: u64 = 0x000000000000ff00;

let found = 0;
let list: usize = 0;
let firstOnly = false;
let onlyFrom: u64 = 0;
let onlyTo: u64 = 0;

/** Tries m at ply (a checking move when legal); keeps it when it mates. True to stop. */
@inline function tryMove(ply: i32, m: u32, us: i32): bool {
  if (((onlyFrom >> <u64>mFrom(m)) & (onlyTo >> <u64>mTo(m)) & 1) == 0) return false;
  const q = play(ply, m);
  // Legal when our own king is not attacked afterwards (pinned pieces); it checks by construction.
  const ok = ownKingSafe(q, us) && inCheck(q) && !anyLegal(q);
  if (ok) {
    store<u32>(list + (<usize>found << 2), m);
    found++;
    return firstOnly;
  }
  return false;
}

@inline function ownKingSafe(q: usize, us: i32): bool {
  const k = colorBB(q, us) & roleBB(q, KING);
  return k == 0 || attackersTo(q, <i32>ctz<u64>(k), us ^ 1, occupied(q)) == 0;
}

/**
 * Mating moves of the side to move at `ply`, in movesAt(ply); returns how many (with `first`, at
 * most one). Only moves from a square of `from` to one of `to` are tried.
 */
export function matesInOne(ply: i32, first: bool, from: u64 = ~(<u64>0), to: u64 = ~(<u64>0)): i32 {
  const p = posAt(ply);
  found = 0;
  list = movesAt(ply);
  firstOnly = first;
  onlyFrom = from;
  onlyTo = to;
  const us = turn(p), them = us ^ 1;
  const usBB = colorBB(p, us), themBB = colorBB(p, them);
  const occ = usBB | themBB;
  const pawns = roleBB(p, PAWN) & usBB;
  const k = <i32>ctz<u64>(themBB & roleBB(p, KING));
  if (k == 64) return 0; // no king to mate (NoWk / NoBk)
  let special = (pawns & (us == WHITE ? RANK_7 : RANK_2)) != 0 || epSquare(p) != 0 || (castleRooks(p) & usBB) != 0;
  const q = roleBB(p, QUEEN) & usBB;
  const bishops = (roleBB(p, BISHOP) & usBB) | q, rooks = (roleBB(p, ROOK) & usBB) | q;
  if (!special) {
    let snipers = (rookAttacks(k, 0) & rooks) | (bishopAttacks(k, 0) & bishops);
    while (snipers) {
      const s = <i32>ctz<u64>(snipers);
      snipers &= snipers - 1;
      const b = between(k, s) & occ;
      if (b != 0 && (b & (b - 1)) == 0 && (b & usBB) != 0) { special = true; break; }
    }
  }
  if (special) {
    // Every legal move through the cheap filter.
    const cnt = generate(ply);
    checkFilter(p);
    let n = 0;
    for (let i = 0; i < cnt; i++) {
      const m = load<u32>(list + (<usize>i << 2));
      if (!mayGiveCheck(m) || ((from >> <u64>mFrom(m)) & (to >> <u64>mTo(m)) & 1) == 0) continue;
      const r = play(ply, m);
      if (inCheck(r) && !anyLegal(r)) {
        store<u32>(list + (<usize>n << 2), m);
        n++;
        if (first) break;
      }
    }
    return n;
  }
  const target = ~usBB;
  const kn = knightAttacks(k) & target, kd = bishopAttacks(k, occ) & target, kr = rookAttacks(k, occ) & target;
  let pcs = roleBB(p, KNIGHT) & usBB;
  while (pcs) {
    const s = <i32>ctz<u64>(pcs); pcs &= pcs - 1;
    let t = knightAttacks(s) & kn;
    while (t) { const to = <i32>ctz<u64>(t); t &= t - 1; if (tryMove(ply, <u32>(s | (to << 6)), us)) return found; }
  }
  pcs = bishops | rooks;
  while (pcs) {
    const s = <i32>ctz<u64>(pcs); pcs &= pcs - 1;
    const b = (<u64>1) << <u64>s;
    let t: u64 = 0;
    if (bishops & b) t |= bishopAttacks(s, occ);
    if (rooks & b) t |= rookAttacks(s, occ);
    t &= ((bishops & b) ? kd : 0) | ((rooks & b) ? kr : 0);
    while (t) { const to = <i32>ctz<u64>(t); t &= t - 1; if (tryMove(ply, <u32>(s | (to << 6)), us)) return found; }
  }
  const pk = pawnAttacks(them, k);
  if (pk & ~occ) {
    let t = pk & ~occ;
    while (t) {
      const to = <i32>ctz<u64>(t); t &= t - 1;
      const from = us == WHITE ? to - 8 : to + 8;
      if (from < 0 || from > 63) continue;
      if (pawns & ((<u64>1) << <u64>from)) { if (tryMove(ply, <u32>(from | (to << 6)), us)) return found; }
      else if ((occ & ((<u64>1) << <u64>from)) == 0) {
        const from2 = us == WHITE ? to - 16 : to + 16;
        const startRank = us == WHITE ? (from2 >> 3) == 1 : (from2 >> 3) == 6;
        if (from2 >= 0 && from2 < 64 && startRank && (pawns & ((<u64>1) << <u64>from2)))
          if (tryMove(ply, <u32>(from2 | (to << 6)) | M_DOUBLE, us)) return found;
      }
    }
  }
  let t = pk & themBB;
  while (t) {
    const to = <i32>ctz<u64>(t); t &= t - 1;
    let fr = pawnAttacks(them, to) & pawns;
    while (fr) { const from = <i32>ctz<u64>(fr); fr &= fr - 1; if (tryMove(ply, <u32>(from | (to << 6)), us)) return found; }
  }
  return found;
}
