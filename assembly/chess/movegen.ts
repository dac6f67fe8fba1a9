// Staged legal move generation with check and pin masks (no make/unmake legality test), and a
// counting twin for bulk perft that uses popcounts instead of writing moves.
import { knightAttacks, kingAttacks, pawnAttacks, rookAttacks, bishopAttacks, between, line } from './attacks';
import {
  PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, WHITE, colorBB, roleBB, turn, epSquare, castleRooks,
  pocket, O_VARIANT, V_CRAZYHOUSE, M_CASTLE, M_EP, M_DOUBLE,
} from './position';

const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff00000000000000;
const BACK_RANKS: u64 = RANK_1 | RANK_8;
const NOT_A: u64 = 0xfefefefefefefefe;
const NOT_H: u64 = 0x7f7f7f7f7f7f7f7f;

/** Pieces of color `c` attacking `sq` with occupancy `occ`. */
export function attackersTo(p: usize, sq: i32, c: i32, occ: u64): u64 {
  const them = colorBB(p, c);
  const q = roleBB(p, QUEEN);
  return them & (
    (knightAttacks(sq) & roleBB(p, KNIGHT)) |
    (kingAttacks(sq) & roleBB(p, KING)) |
    (pawnAttacks(c ^ 1, sq) & roleBB(p, PAWN)) |
    (rookAttacks(sq, occ) & (roleBB(p, ROOK) | q)) |
    (bishopAttacks(sq, occ) & (roleBB(p, BISHOP) | q)));
}

// Context of the position being generated (module globals: no allocation, cheap access).
export let gUs: i32 = 0;
export let gKsq: i32 = 0;
export let gOcc: u64 = 0;
export let gUsBB: u64 = 0;
export let gThemBB: u64 = 0;
export let gCheckers: u64 = 0;
export let gPinned: u64 = 0;

/** Sets gUs, gKsq, gOcc, gUsBB, gThemBB and gCheckers for p. */
@inline function setupChecks(p: usize): void {
  const us = turn(p), them = us ^ 1;
  const usBB = colorBB(p, us), themBB = colorBB(p, them);
  const occ = usBB | themBB;
  const ksq = <i32>ctz<u64>(usBB & roleBB(p, KING));
  gUs = us; gKsq = ksq; gOcc = occ; gUsBB = usBB; gThemBB = themBB;
  if (ksq == 64) {
    // no king (a chess problem's NoWk / NoBk): no check, no pin (ksq 64 indexes no table)
    gCheckers = 0;
    gPinned = 0;
    return;
  }
  gCheckers = attackersTo(p, ksq, them, occ);
}

/** Pieces of `us` pinned to its king on ksq (a square: there is a king) by enemy sliders, with occupancy occ. */
@inline export function pinnedPieces(p: usize, us: i32, ksq: i32, occ: u64): u64 {
  const themBB = colorBB(p, us ^ 1);
  const q = roleBB(p, QUEEN);
  let snipers = ((rookAttacks(ksq, themBB) & (roleBB(p, ROOK) | q)) |
    (bishopAttacks(ksq, themBB) & (roleBB(p, BISHOP) | q))) & themBB;
  let pinned: u64 = 0;
  while (snipers) {
    const s = <i32>ctz<u64>(snipers);
    snipers &= snipers - 1;
    const b = between(ksq, s) & occ;
    if (b != 0 && (b & (b - 1)) == 0) pinned |= b;
  }
  return pinned & colorBB(p, us);
}

/** `setupChecks` and the pinned pieces of the side to move (gPinned). */
@inline function setupContext(p: usize): void {
  setupChecks(p);
  if (gKsq == 64) return; // no king: no pins (setupChecks said so)
  gPinned = pinnedPieces(p, gUs, gKsq, gOcc);
}

/** Computes checkers and pins of the side to move; returns the checkers. */
export function checkersOf(p: usize): u64 {
  setupContext(p);
  return gCheckers;
}

/** Sets gUs, gKsq, gOcc, gUsBB, gThemBB and gCheckers for p, not gPinned (see `pinnedOn`). */
export function prepareChecks(p: usize): void {
  setupChecks(p);
}

/**
 * Whether the piece on `from` is pinned to its king (after `prepareChecks`): a resolver tests the
 * one piece that moves instead of finding every pin, and most pieces share no line with their king.
 */
export function pinnedOn(p: usize, from: i32): bool {
  const ksq = gKsq;
  if (ksq == 64) return false;
  const ln = line(ksq, from);
  if (ln == 0) return false;
  const q = roleBB(p, QUEEN);
  const straight = (ksq >> 3) == (from >> 3) || (ksq & 7) == (from & 7);
  let sliders = ln & gThemBB & (straight ? roleBB(p, ROOK) | q : roleBB(p, BISHOP) | q);
  const fromBit = (<u64>1) << <u64>from;
  while (sliders) {
    const s = <i32>ctz<u64>(sliders);
    sliders &= sliders - 1;
    const b = between(ksq, s);
    if ((b & gOcc) == fromBit) return true;
  }
  return false;
}

@inline function push(out: usize, n: i32, m: u32): i32 {
  store<u32>(out + (<usize>n << 2), m);
  return n + 1;
}

@inline function pushPromos(out: usize, n: i32, m: u32): i32 {
  store<u32>(out + (<usize>n << 2), m | (QUEEN << 12));
  store<u32>(out + (<usize>n << 2), m | (ROOK << 12), 4);
  store<u32>(out + (<usize>n << 2), m | (BISHOP << 12), 8);
  store<u32>(out + (<usize>n << 2), m | (KNIGHT << 12), 12);
  return n + 4;
}

/**
 * Whether the king on ksq (not in check) may castle with its rook on r, both on the back rank
 * `rank`: the squares both pass over and land on are empty but for the two, and none the king
 * crosses or lands on is attacked once both have left their squares (standard and Chess960).
 */
@inline function canCastle(p: usize, ksq: i32, r: i32, rank: i32, occ: u64, them: i32): bool {
  const kTo = rank + (r > ksq ? 6 : 2), rTo = rank + (r > ksq ? 5 : 3);
  const kb = (<u64>1) << <u64>ksq, rb = (<u64>1) << <u64>r;
  const kToB = (<u64>1) << <u64>kTo;
  const path = between(ksq, kTo) | kToB | between(r, rTo) | ((<u64>1) << <u64>rTo);
  if (path & occ & ~(kb | rb)) return false;
  const occ2 = occ ^ kb ^ rb;
  let kp = between(ksq, kTo) | kToB;
  while (kp) {
    const s = <i32>ctz<u64>(kp);
    kp &= kp - 1;
    if (attackersTo(p, s, them, occ2)) return false;
  }
  return true;
}

/**
 * The legal castling move of the side to move towards the h-file (`hside`) or the a-file: the move,
 * -1 when there is none, -2 when there are two (not in any position castling rights can describe).
 */
export function findCastle(p: usize, hside: bool): i64 {
  setupContext(p);
  if (gCheckers != 0 || gKsq == 64) return -1;
  const ksq = gKsq;
  const rank = gUs == WHITE ? 0 : 56;
  let rooks = castleRooks(p) & gUsBB & roleBB(p, ROOK) & (<u64>0xff << <u64>rank);
  let found: i64 = -1;
  while (rooks) {
    const r = <i32>ctz<u64>(rooks);
    rooks &= rooks - 1;
    if ((r > ksq) != hside || !canCastle(p, ksq, r, rank, gOcc, gUs ^ 1)) continue;
    if (found >= 0) return -2;
    found = <i64>(<u32>(ksq | (r << 6)) | M_CASTLE);
  }
  return found;
}

@inline function gen(p: usize, out: usize, count: bool): i32 {
  setupContext(p);
  const us = gUs, them = us ^ 1, ksq = gKsq, occ = gOcc, usBB = gUsBB, themBB = gThemBB;
  const checkers = gCheckers, pinned = gPinned;
  let n = 0;
  // 1. King moves: destinations not attacked once the king has left its square.
  const occNoK = occ ^ ((<u64>1) << <u64>ksq);
  let kt = ksq < 64 ? kingAttacks(ksq) & ~usBB : 0;
  if (kt) {
    // Leaper attacks in bulk first; sliders are then looked up per remaining square.
    const tp = themBB & roleBB(p, PAWN);
    let danger: u64 = us == WHITE
      ? ((tp & NOT_A) >> 9) | ((tp & NOT_H) >> 7)
      : ((tp & NOT_A) << 7) | ((tp & NOT_H) << 9);
    const tk = themBB & roleBB(p, KING);
    if (tk) danger |= kingAttacks(<i32>ctz<u64>(tk));
    let kn = themBB & roleBB(p, KNIGHT);
    while (kn) { danger |= knightAttacks(<i32>ctz<u64>(kn)); kn &= kn - 1; }
    kt &= ~danger;
    const tq = themBB & roleBB(p, QUEEN);
    const trq = (themBB & roleBB(p, ROOK)) | tq, tbq = (themBB & roleBB(p, BISHOP)) | tq;
    while (kt) {
      const to = <i32>ctz<u64>(kt);
      kt &= kt - 1;
      if (trq != 0 && (rookAttacks(to, occNoK) & trq) != 0) continue;
      if (tbq != 0 && (bishopAttacks(to, occNoK) & tbq) != 0) continue;
      if (count) n++;
      else n = push(out, n, <u32>(ksq | (to << 6)));
    }
  }
  if (checkers & (checkers - 1)) return n; // double check: king moves only
  let mask: u64 = ~usBB;
  if (checkers) mask = between(ksq, <i32>ctz<u64>(checkers)) | checkers;

  // 2. Knights (a pinned knight never moves).
  let pcs = usBB & roleBB(p, KNIGHT) & ~pinned;
  while (pcs) {
    const from = <i32>ctz<u64>(pcs);
    pcs &= pcs - 1;
    let t = knightAttacks(from) & mask;
    if (count) n += <i32>popcnt<u64>(t);
    else while (t) { n = push(out, n, <u32>(from | (<i32>ctz<u64>(t) << 6))); t &= t - 1; }
  }
  // 3. Sliders.
  const q = roleBB(p, QUEEN);
  pcs = usBB & (roleBB(p, BISHOP) | q);
  while (pcs) {
    const from = <i32>ctz<u64>(pcs);
    pcs &= pcs - 1;
    let t = bishopAttacks(from, occ) & mask;
    if (pinned & ((<u64>1) << <u64>from)) t &= line(ksq, from);
    if (count) n += <i32>popcnt<u64>(t);
    else while (t) { n = push(out, n, <u32>(from | (<i32>ctz<u64>(t) << 6))); t &= t - 1; }
  }
  pcs = usBB & (roleBB(p, ROOK) | q);
  while (pcs) {
    const from = <i32>ctz<u64>(pcs);
    pcs &= pcs - 1;
    let t = rookAttacks(from, occ) & mask;
    if (pinned & ((<u64>1) << <u64>from)) t &= line(ksq, from);
    if (count) n += <i32>popcnt<u64>(t);
    else while (t) { n = push(out, n, <u32>(from | (<i32>ctz<u64>(t) << 6))); t &= t - 1; }
  }
  // 4. Pawns: unpinned ones in bulk by shifts, pinned ones one by one along their pin line.
  const pawns = usBB & roleBB(p, PAWN);
  const free = pawns & ~pinned;
  const empty = ~occ;
  let single: u64, dbl: u64, capL: u64, capR: u64;
  let up: i32, upL: i32, upR: i32;
  if (us == WHITE) {
    single = (free << 8) & empty;
    dbl = ((single & 0xff0000) << 8) & empty & mask;
    capL = ((free & NOT_A) << 7) & themBB & mask; // towards the a-file
    capR = ((free & NOT_H) << 9) & themBB & mask;
    up = 8; upL = 7; upR = 9;
  } else {
    single = (free >> 8) & empty;
    dbl = ((single & 0xff0000000000) >> 8) & empty & mask;
    capL = ((free & NOT_A) >> 9) & themBB & mask;
    capR = ((free & NOT_H) >> 7) & themBB & mask;
    up = -8; upL = -9; upR = -7;
  }
  single &= mask;
  if (count) {
    n += <i32>popcnt<u64>(single & ~BACK_RANKS) + (<i32>popcnt<u64>(single & BACK_RANKS) << 2);
    n += <i32>popcnt<u64>(dbl);
    n += <i32>popcnt<u64>(capL & ~BACK_RANKS) + (<i32>popcnt<u64>(capL & BACK_RANKS) << 2);
    n += <i32>popcnt<u64>(capR & ~BACK_RANKS) + (<i32>popcnt<u64>(capR & BACK_RANKS) << 2);
  } else {
    n = pawnTargets(out, n, single, up, 0);
    n = pawnTargets(out, n, dbl, up + up, M_DOUBLE);
    n = pawnTargets(out, n, capL, upL, 0);
    n = pawnTargets(out, n, capR, upR, 0);
  }
  let pp = pawns & pinned;
  while (pp) {
    const from = <i32>ctz<u64>(pp);
    pp &= pp - 1;
    const ln = line(ksq, from);
    let t = pawnAttacks(us, from) & themBB & mask & ln;
    const s1 = from + up;
    const s1b = (<u64>1) << <u64>s1;
    if ((s1b & occ) == 0) {
      t |= s1b & mask & ln;
      const startRank = us == WHITE ? (from >> 3) == 1 : (from >> 3) == 6;
      if (startRank) {
        const s2b = (<u64>1) << <u64>(s1 + up);
        if ((s2b & occ) == 0 && (s2b & mask & ln) != 0) {
          if (count) n++;
          else n = push(out, n, <u32>(from | ((s1 + up) << 6)) | M_DOUBLE);
        }
      }
    }
    if (count) n += <i32>popcnt<u64>(t & ~BACK_RANKS) + (<i32>popcnt<u64>(t & BACK_RANKS) << 2);
    else while (t) {
      const to = <i32>ctz<u64>(t);
      t &= t - 1;
      const m = <u32>(from | (to << 6));
      if (((<u64>1) << <u64>to) & BACK_RANKS) n = pushPromos(out, n, m);
      else n = push(out, n, m);
    }
  }
  // 5. En passant, checked by playing it on the occupancy (discovered checks along the rank too).
  const ep = epSquare(p);
  if (ep != 0) {
    let cands = pawnAttacks(them, ep) & pawns;
    const capSq = ep ^ 8;
    const capBit = (<u64>1) << <u64>capSq;
    while (cands) {
      const from = <i32>ctz<u64>(cands);
      cands &= cands - 1;
      const occ2 = (occ ^ ((<u64>1) << <u64>from) ^ capBit) | ((<u64>1) << <u64>ep);
      if (ksq == 64 || (attackersTo(p, ksq, them, occ2) & ~capBit) == 0) {
        if (count) n++;
        else n = push(out, n, <u32>(from | (ep << 6)) | M_EP);
      }
    }
  }
  // 6. Castling (standard and Chess960: king → rook square encoding).
  if (checkers == 0 && ksq < 64) {
    const rank = us == WHITE ? 0 : 56;
    let rooks = castleRooks(p) & usBB & roleBB(p, ROOK) & (<u64>0xff << <u64>rank);
    while (rooks) {
      const r = <i32>ctz<u64>(rooks);
      rooks &= rooks - 1;
      if (canCastle(p, ksq, r, rank, occ, them)) {
        if (count) n++;
        else n = push(out, n, <u32>(ksq | (r << 6)) | M_CASTLE);
      }
    }
  }
  // 7. Drops (crazyhouse): on empty squares, or only on blocking squares when in check.
  if (load<u8>(p, O_VARIANT) & V_CRAZYHOUSE) {
    let dm = empty;
    if (checkers) dm &= between(ksq, <i32>ctz<u64>(checkers));
    if (dm) {
      for (let r = PAWN; r <= QUEEN; r++) {
        if (pocket(p, us, r) == 0) continue;
        let t = r == PAWN ? dm & ~BACK_RANKS : dm;
        if (count) n += <i32>popcnt<u64>(t);
        else while (t) { n = push(out, n, <u32>((<i32>ctz<u64>(t) << 6) | (r << 15))); t &= t - 1; }
      }
    }
  }
  return n;
}

function pawnTargets(out: usize, n: i32, targets: u64, delta: i32, flags: u32): i32 {
  while (targets) {
    const to = <i32>ctz<u64>(targets);
    targets &= targets - 1;
    const m = <u32>((to - delta) | (to << 6)) | flags;
    if (((<u64>1) << <u64>to) & BACK_RANKS) n = pushPromos(out, n, m);
    else n = push(out, n, m);
  }
  return n;
}

/** Writes the legal moves of `p` to `out` (u32 each); returns how many. */
export function generateLegal(p: usize, out: usize): i32 {
  return gen(p, out, false);
}

/** Number of legal moves of `p`, without writing them. */
export function countLegal(p: usize): i32 {
  return gen(p, 0, true);
}

/** After setupContext/generation: is the side to move in check. */
export function lastCheckers(): u64 {
  return gCheckers;
}

/** True if the side to move has a legal en passant capture. */
export function hasLegalEp(p: usize): bool {
  const ep = epSquare(p);
  if (ep == 0) return false;
  const us = turn(p), them = us ^ 1;
  const usBB = colorBB(p, us);
  const occ = usBB | colorBB(p, them);
  const ksq = <i32>ctz<u64>(usBB & roleBB(p, KING));
  let cands = pawnAttacks(them, ep) & usBB & roleBB(p, PAWN);
  const capBit = (<u64>1) << <u64>(ep ^ 8);
  if ((capBit & colorBB(p, them) & roleBB(p, PAWN)) == 0) return false;
  while (cands) {
    const from = <i32>ctz<u64>(cands);
    cands &= cands - 1;
    const occ2 = (occ ^ ((<u64>1) << <u64>from) ^ capBit) | ((<u64>1) << <u64>ep);
    if (ksq == 64 || (attackersTo(p, ksq, them, occ2) & ~capBit) == 0) return true;
  }
  return false;
}

/** Squares a piece of `role` and `color` on `sq` attacks, with the squares of `occ` occupied. */
export function attacksOf(role: i32, color: i32, sq: i32, occ: u64): u64 {
  if (role == PAWN) return pawnAttacks(color, sq);
  if (role == KNIGHT) return knightAttacks(sq);
  if (role == BISHOP) return bishopAttacks(sq, occ);
  if (role == ROOK) return rookAttacks(sq, occ);
  if (role == QUEEN) return bishopAttacks(sq, occ) | rookAttacks(sq, occ);
  return kingAttacks(sq);
}
