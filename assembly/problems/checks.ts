// Can the side to move give check with one move? A bitboard test with no move generation, true
// whenever a check is possible (it may also be true when none is): the last move of a mate must
// check, so a false answer ends a mate-in-one test at once.
import { knightAttacks, kingAttacks, pawnAttacks, rookAttacks, bishopAttacks, between, line } from '../chess/attacks';
import { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, WHITE, colorBB, roleBB, turn, epSquare, castleRooks } from '../chess/position';

const RANK_7: u64 = 0x00ff000000000000;
const RANK_2: u64 = 0x000000000000ff00;

export function mayCheck(p: usize): bool {
  return mayCheckBy(p, turn(p));
}

/** mayCheck for side `us`, whoever is to move (as if the other side passed). */
export function mayCheckBy(p: usize, us: i32): bool {
  const them = us ^ 1;
  const usBB = colorBB(p, us), themBB = colorBB(p, them);
  const occ = usBB | themBB;
  const k = <i32>ctz<u64>(themBB & roleBB(p, KING));
  if (k == 64) return false; // no king to check (NoWk / NoBk)
  const target = ~usBB;
  const q = roleBB(p, QUEEN) & usBB;
  const pawns = roleBB(p, PAWN) & usBB;
  // Promotions, e.p. and castling: rare, so simply "maybe".
  if (pawns & (us == WHITE ? RANK_7 : RANK_2)) return true;
  if (epSquare(p) != 0 || (castleRooks(p) & usBB) != 0) return true;
  // Direct checks: a piece moves to a square from which it attacks the king.
  const kn = knightAttacks(k) & target;
  let pcs = roleBB(p, KNIGHT) & usBB;
  while (pcs) { const s = <i32>ctz<u64>(pcs); pcs &= pcs - 1; if (knightAttacks(s) & kn) return true; }
  const kd = bishopAttacks(k, occ) & target, kr = rookAttacks(k, occ) & target;
  pcs = (roleBB(p, BISHOP) & usBB) | q;
  while (pcs) { const s = <i32>ctz<u64>(pcs); pcs &= pcs - 1; const a = bishopAttacks(s, occ); if (a & kd) return true; if ((q >> <u64>s) & 1 && (a & kr)) return true; }
  pcs = (roleBB(p, ROOK) & usBB) | q;
  while (pcs) { const s = <i32>ctz<u64>(pcs); pcs &= pcs - 1; const a = rookAttacks(s, occ); if (a & kr) return true; if ((q >> <u64>s) & 1 && (a & kd)) return true; }
  // Pawns: pushes and captures onto a square from which a pawn attacks the king.
  const pk = pawnAttacks(them, k);
  if (pk) {
    const empty = ~occ;
    let push: u64, dbl: u64, cap: u64;
    if (us == WHITE) {
      push = (pawns << 8) & empty;
      dbl = ((push & 0xff0000) << 8) & empty;
      cap = (((pawns & 0xfefefefefefefefe) << 7) | ((pawns & 0x7f7f7f7f7f7f7f7f) << 9)) & themBB;
    } else {
      push = (pawns >> 8) & empty;
      dbl = ((push & 0xff0000000000) >> 8) & empty;
      cap = (((pawns & 0xfefefefefefefefe) >> 9) | ((pawns & 0x7f7f7f7f7f7f7f7f) >> 7)) & themBB;
    }
    if ((push | dbl | cap) & pk) return true;
  }
  // Discovered checks: exactly one of our pieces between one of our sliders and the king.
  let snipers = ((rookAttacks(k, 0) & (roleBB(p, ROOK) | roleBB(p, QUEEN))) |
    (bishopAttacks(k, 0) & (roleBB(p, BISHOP) | roleBB(p, QUEEN)))) & usBB;
  while (snipers) {
    const s = <i32>ctz<u64>(snipers);
    snipers &= snipers - 1;
    const b = between(k, s) & occ;
    if (b != 0 && (b & (b - 1)) == 0 && (b & usBB) != 0) return true;
  }
  return false;
}

// Per-position sets for mayGiveCheck (module globals: set by checkFilter, read per move).
let fK: i32 = 0;
let fKn: u64 = 0, fKd: u64 = 0, fKr: u64 = 0, fPk: u64 = 0, fDisc: u64 = 0, fPawns: u64 = 0, fKnights: u64 = 0,
  fBishops: u64 = 0, fRooks: u64 = 0;

/** Prepares mayGiveCheck for the moves of the side to move at p. */
export function checkFilter(p: usize): void {
  const us = turn(p), them = us ^ 1;
  const usBB = colorBB(p, us), occ = usBB | colorBB(p, them);
  const k = <i32>ctz<u64>(colorBB(p, them) & roleBB(p, KING));
  fK = k;
  if (k == 64) {
    // no king to check (NoWk / NoBk): only the moves mayGiveCheck always allows remain "maybe"
    fKn = fKd = fKr = fPk = fDisc = fPawns = fKnights = fBishops = fRooks = 0;
    return;
  }
  fKn = knightAttacks(k);
  fKd = bishopAttacks(k, occ);
  fKr = rookAttacks(k, occ);
  fPk = pawnAttacks(them, k);
  fPawns = roleBB(p, PAWN) & usBB;
  fKnights = roleBB(p, KNIGHT) & usBB;
  const q = roleBB(p, QUEEN) & usBB;
  fBishops = (roleBB(p, BISHOP) & usBB) | q;
  fRooks = (roleBB(p, ROOK) & usBB) | q;
  let disc: u64 = 0;
  let snipers = ((rookAttacks(k, 0) & fRooks) | (bishopAttacks(k, 0) & fBishops));
  while (snipers) {
    const s = <i32>ctz<u64>(snipers);
    snipers &= snipers - 1;
    const b = between(k, s) & occ;
    if (b != 0 && (b & (b - 1)) == 0) disc |= b & usBB;
  }
  fDisc = disc;
}

/** Can move m (of the position given to checkFilter) give check? True may be wrong, false never. */
@inline export function mayGiveCheck(m: u32): bool {
  if (m & 0x1f7000) return true; // promotion, castling, e.p. (and drops)
  const from = <i32>(m & 63), to = <i32>((m >> 6) & 63);
  const fb = (<u64>1) << <u64>from, tb = (<u64>1) << <u64>to;
  if (fDisc & fb) return true;
  if (fKnights & fb) return (fKn & tb) != 0;
  if (fPawns & fb) return (fPk & tb) != 0;
  // A slider moving along a line through the king may attack it through its own old square.
  if ((fBishops | fRooks) & fb) {
    if (line(fK, from) & tb) return true;
    return ((fBishops & fb) != 0 && (fKd & tb) != 0) || ((fRooks & fb) != 0 && (fKr & tb) != 0);
  }
  return false; // a king move checks only by discovery
}

/**
 * The destinations of the piece on `from` (of the position given to checkFilter) for which
 * mayGiveCheck is true, promotions, e.p. and double steps aside (mayGiveCheck passes those always):
 * every square for a piece that may uncover a check, none for the king otherwise.
 */
@inline export function checkTargets(from: i32): u64 {
  const fb = (<u64>1) << <u64>from;
  if (fDisc & fb) return ~(<u64>0);
  if (fKnights & fb) return fKn;
  if (fPawns & fb) return fPk;
  if (((fBishops | fRooks) & fb) == 0) return 0;
  let t = line(fK, from);
  if (fBishops & fb) t |= fKd;
  if (fRooks & fb) t |= fKr;
  return t;
}

/**
 * Squares whose vacating can change the check moves of side `us`: the first pieces on every ray
 * of its sliders and of the enemy king, and everything between the king and an aligned slider.
 */
export function checkRelevantSquares(p: usize, us: i32): u64 {
  const them = us ^ 1;
  const usBB = colorBB(p, us), occ = usBB | colorBB(p, them);
  const k = <i32>ctz<u64>(colorBB(p, them) & roleBB(p, KING));
  if (k == 64) return ~(<u64>0); // no king (NoWk / NoBk): nothing may be skipped
  let rel = rookAttacks(k, occ) | bishopAttacks(k, occ);
  const q = roleBB(p, QUEEN) & usBB;
  let pcs = (roleBB(p, BISHOP) & usBB) | q;
  while (pcs) { const s = <i32>ctz<u64>(pcs); pcs &= pcs - 1; rel |= bishopAttacks(s, occ) | between(k, s); }
  pcs = (roleBB(p, ROOK) & usBB) | q;
  while (pcs) { const s = <i32>ctz<u64>(pcs); pcs &= pcs - 1; rel |= rookAttacks(s, occ) | between(k, s); }
  return rel;
}

/** Slider attacks through one blocker. */
@inline function xray(s: i32, occ: u64, bishop: bool): u64 {
  const a = bishop ? bishopAttacks(s, occ) : rookAttacks(s, occ);
  return a | (bishop ? bishopAttacks(s, occ & ~a) : rookAttacks(s, occ & ~a));
}

/** Slider attacks through two blockers (the piece that moves and the one the other side moved). */
@inline function xray2(s: i32, occ: u64, bishop: bool): u64 {
  const a = xray(s, occ, bishop);
  return a | (bishop ? bishopAttacks(s, occ & ~a) : rookAttacks(s, occ & ~a));
}

/**
 * With the side to move about to make its last move before the other side mates: can any move
 * that leaves its king in place be followed by a mate? A "maybe" test by flight squares: the
 * squares next to the king that the mating side cannot attack even through two pieces, if two or
 * more, must be covered (all but one, which a self-block may fill) by the one piece that moves,
 * from a square it can reach. False means only king moves can lead to a mate.
 */
export function flightsMayBeCovered(p: usize): bool {
  const def = turn(p), att = def ^ 1;
  const attBB = colorBB(p, att), defBB = colorBB(p, def);
  const kb = defBB & roleBB(p, KING);
  if (kb == 0) return true; // no king (NoWk / NoBk): no shortcut
  const k = <i32>ctz<u64>(kb);
  const occ = (attBB | defBB) ^ kb;
  const pawns = roleBB(p, PAWN) & attBB;
  if ((pawns & (att == WHITE ? RANK_7 : RANK_2)) != 0 || (castleRooks(p) & attBB) != 0) return true;
  // Everything the mating side attacks now, through two blockers (one piece of each side moves).
  const q = roleBB(p, QUEEN) & attBB;
  const diag = (roleBB(p, BISHOP) & attBB) | q, orth = (roleBB(p, ROOK) & attBB) | q;
  const attK = attBB & roleBB(p, KING);
  let att2: u64 = attK ? kingAttacks(<i32>ctz<u64>(attK)) : 0;
  att2 |= att == WHITE ? ((pawns & 0xfefefefefefefefe) << 7) | ((pawns & 0x7f7f7f7f7f7f7f7f) << 9)
    : ((pawns & 0xfefefefefefefefe) >> 9) | ((pawns & 0x7f7f7f7f7f7f7f7f) >> 7);
  let pcs = roleBB(p, KNIGHT) & attBB;
  while (pcs) { att2 |= knightAttacks(<i32>ctz<u64>(pcs)); pcs &= pcs - 1; }
  pcs = diag;
  while (pcs) { att2 |= xray2(<i32>ctz<u64>(pcs), occ, true); pcs &= pcs - 1; }
  pcs = orth;
  while (pcs) { att2 |= xray2(<i32>ctz<u64>(pcs), occ, false); pcs &= pcs - 1; }
  const open = kingAttacks(k) & ~defBB & ~att2;
  const need = <i32>popcnt<u64>(open) - 1;
  // The mating move checks: by discovery (one of its pieces between one of its sliders and the
  // king, at most one other piece with it) or by the moving piece itself from where it lands.
  let mustCheck = true;
  let snipers = ((rookAttacks(k, 0) & orth) | (bishopAttacks(k, 0) & diag));
  while (snipers) {
    const s = <i32>ctz<u64>(snipers);
    snipers &= snipers - 1;
    const b = between(k, s) & occ;
    if ((b & attBB) != 0 && <i32>popcnt<u64>(b) <= 2) { mustCheck = false; break; }
  }
  if (need <= 0 && !mustCheck) return true;
  const kDiag = mustCheck ? xray2(k, occ, true) : 0, kOrth = mustCheck ? xray2(k, occ, false) : 0;
  // One piece, from one square it can reach, must attack `need` of them.
  pcs = roleBB(p, KNIGHT) & attBB;
  while (pcs) {
    let r = knightAttacks(<i32>ctz<u64>(pcs)) & ~attBB; pcs &= pcs - 1;
    if (mustCheck) r &= knightAttacks(k);
    while (r) {
      const y = <i32>ctz<u64>(r); r &= r - 1;
      const a = knightAttacks(y);
      if (<i32>popcnt<u64>(a & open) >= need && (!mustCheck || (a & kb) != 0)) return true;
    }
  }
  pcs = diag | orth;
  while (pcs) {
    const s = <i32>ctz<u64>(pcs); pcs &= pcs - 1;
    const b = (<u64>1) << <u64>s;
    const isD = (diag & b) != 0, isO = (orth & b) != 0;
    let r: u64 = 0;
    if (isD) r |= xray(s, occ, true);
    if (isO) r |= xray(s, occ, false);
    r &= ~attBB;
    // Checking squares only (lines through the king, through two pieces), when it must check.
    if (mustCheck) r &= (isD ? kDiag : 0) | (isO ? kOrth : 0);
    while (r) {
      const y = <i32>ctz<u64>(r); r &= r - 1;
      let a: u64 = 0;
      if (isD) a |= xray2(y, occ, true);
      if (isO) a |= xray2(y, occ, false);
      if (<i32>popcnt<u64>(a & open) >= need && (!mustCheck || (a & kb) != 0)) return true;
    }
  }
  // Pawns and the king cover at most two of the squares next to the enemy king from anywhere
  // near it; be generous.
  if (need <= 2 && (pawns != 0)) return true;
  if (mustCheck || attK == 0) return false; // the king gives no check itself
  const ak = <i32>ctz<u64>(attK);
  let r = kingAttacks(ak) & ~attBB;
  while (r) { const y = <i32>ctz<u64>(r); r &= r - 1; if (<i32>popcnt<u64>(kingAttacks(y) & open) >= need) return true; }
  return false;
}
