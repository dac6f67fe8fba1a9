// SAN: strict writer and a matcher that resolves parsed SAN parts to the one legal move.
import { TEXT_OUT, POS_STACK, POS_SIZE, MOVE_STACK, MAX_PLY, MAX_MOVES } from './layout';
import { generateLegal, countLegal, checkersOf, prepareChecks, pinnedOn, attackersTo, findCastle, gUs, gKsq, gOcc, gUsBB, gThemBB, gCheckers } from './movegen';
import { knightAttacks, kingAttacks, pawnAttacks, rookAttacks, bishopAttacks, between, line } from './attacks';
import { makeMove, mFrom, mTo, mPromo, mDrop, M_CASTLE, M_EP, M_DOUBLE, pieceAt, roleBB, colorBB, turn, epSquare, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, WHITE } from './position';

export const SCRATCH_POS: usize = POS_STACK + <usize>(MAX_PLY - 1) * POS_SIZE;
export const SCRATCH_LIST: usize = MOVE_STACK + <usize>(MAX_PLY - 1) * <usize>MAX_MOVES * 4;
const ROLE_UPPER: StaticArray<u8> = [0, 80, 78, 66, 82, 81, 75, 0];

@inline function out(n: i32, c: i32): i32 {
  store<u8>(TEXT_OUT + <usize>n, <u8>c);
  return n + 1;
}

/** Writes the SAN of legal move m in p to TEXT_OUT; returns the length. */
export function writeSan(p: usize, m: u32): i32 {
  let n = 0;
  const to = mTo(m);
  if (m & M_CASTLE) {
    n = out(n, 79); n = out(n, 45); n = out(n, 79);
    if (to < mFrom(m)) { n = out(n, 45); n = out(n, 79); }
  } else if (mDrop(m)) {
    const r = mDrop(m);
    if (r != PAWN) n = out(n, <i32>unchecked(ROLE_UPPER[r]));
    n = out(n, 64);
    n = out(n, 97 + (to & 7)); n = out(n, 49 + (to >> 3));
  } else {
    const from = mFrom(m);
    const role = pieceAt(p, from) & 7;
    const capture = pieceAt(p, to) != 0 || (m & M_EP) != 0;
    if (role == PAWN) {
      if (capture) { n = out(n, 97 + (from & 7)); n = out(n, 120); }
      n = out(n, 97 + (to & 7)); n = out(n, 49 + (to >> 3));
      const pr = mPromo(m);
      if (pr) { n = out(n, 61); n = out(n, <i32>unchecked(ROLE_UPPER[pr])); }
    } else {
      n = out(n, <i32>unchecked(ROLE_UPPER[role]));
      // Disambiguation only when another piece of the role attacks `to` (pins are then checked
      // with the legal move list; most moves skip generating it).
      let rivals: u64 = 0;
      if (role != KING) {
        const occ = colorBB(p, 0) | colorBB(p, 1);
        let att: u64;
        if (role == KNIGHT) att = knightAttacks(to);
        else if (role == BISHOP) att = bishopAttacks(to, occ);
        else if (role == ROOK) att = rookAttacks(to, occ);
        else att = rookAttacks(to, occ) | bishopAttacks(to, occ);
        rivals = att & roleBB(p, role) & colorBB(p, turn(p)) & ~((<u64>1) << <u64>from);
      }
      if (rivals != 0) {
        const cnt = generateLegal(p, SCRATCH_LIST);
        let others = false, sameFile = false, sameRank = false;
        for (let i = 0; i < cnt; i++) {
          const o = load<u32>(SCRATCH_LIST + (<usize>i << 2));
          if (o == m || mDrop(o) || (o & M_CASTLE) || mTo(o) != to) continue;
          const f = mFrom(o);
          if ((pieceAt(p, f) & 7) != role) continue;
          others = true;
          if ((f & 7) == (from & 7)) sameFile = true;
          if ((f >> 3) == (from >> 3)) sameRank = true;
        }
        if (others) {
          if (!sameFile) n = out(n, 97 + (from & 7));
          else if (!sameRank) n = out(n, 49 + (from >> 3));
          else { n = out(n, 97 + (from & 7)); n = out(n, 49 + (from >> 3)); }
        }
      }
      if (capture) n = out(n, 120);
      n = out(n, 97 + (to & 7)); n = out(n, 49 + (to >> 3));
    }
  }
  makeMove(p, SCRATCH_POS, m);
  if (checkersOf(SCRATCH_POS)) n = out(n, countLegal(SCRATCH_POS) == 0 ? 35 : 43);
  return n;
}

// sanFind flags
export const S_CASTLE_H = 1, S_CASTLE_A = 2, S_DROP = 4, S_CAPTURE = 8, S_STRICT = 16;

/**
 * The legal move matching SAN parts: role (1..6), to (0..63), fromFile/fromRank (-1 = any),
 * promo (0 = none). Returns the move, -1 if none matches (illegal), -2 if several (ambiguous).
 */
export function findSan(p: usize, role: i32, to: i32, fromFile: i32, fromRank: i32, promo: i32, flags: i32): i64 {
  if ((flags & (S_CASTLE_H | S_CASTLE_A | S_DROP)) == 0 && role >= PAWN && role <= KING) {
    // (S_STRICT: exact from-square given; castling only in the forms legalMoves reports.)
    // Long algebraic without a piece letter (g1f3, e1g1): the piece on the from-square decides.
    if (role == PAWN && fromFile >= 0 && fromRank >= 0) {
      const pc = pieceAt(p, fromRank * 8 + fromFile);
      if (pc != 0 && (pc >> 3) == <i32>load<u8>(p, 96) && (pc & 7) != PAWN) role = pc & 7;
    }
    const m = findDirect(p, role, to, fromFile, fromRank, promo);
    if (m != -1 || role != KING || promo != 0) return m;
    // Lenient: castling written as a king move two files over (Kg1) or onto its own rook (Kxh1).
    const ksq = gKsq;
    if ((to >> 3) != (ksq >> 3)) return -1;
    const ownRook = (gUsBB & roleBB(p, ROOK) & ((<u64>1) << <u64>to)) != 0;
    const df = (to & 7) - (ksq & 7);
    if (!ownRook && (df < 2 && df > -2)) return -1;
    if (fromFile >= 0 && fromFile != (ksq & 7)) return -1;
    const c = findCastle(p, to > ksq);
    if (c < 0 || (flags & S_STRICT) == 0) return c;
    // Strict (a Move given as data): king → rook square, or king from the e-file to the g/c file.
    const rookSq = mTo(<u32>c);
    if (ownRook) return to == rookSq ? c : -1;
    return (ksq & 7) == 4 && (rookSq & 7) == (to > ksq ? 7 : 0) && (to & 7) == (to > ksq ? 6 : 2) ? c : -1;
  }
  if (flags & (S_CASTLE_H | S_CASTLE_A)) return findCastle(p, (flags & S_CASTLE_H) != 0);
  return findGeneric(p, role, to, fromFile, fromRank, promo, flags);
}

const BACK_RANKS: u64 = 0xff000000000000ff;

/**
 * Resolves a normal (non-castling, non-drop) SAN move without generating every legal move: the
 * pieces of the role that reach `to`, then the same pin/check tests as the generator.
 */
function findDirect(p: usize, role: i32, to: i32, fromFile: i32, fromRank: i32, promo: i32): i64 {
  prepareChecks(p);
  const us = gUs, them = us ^ 1, ksq = gKsq, occ = gOcc, usBB = gUsBB, themBB = gThemBB;
  const checkers = gCheckers;
  const toBit = (<u64>1) << <u64>to;
  if (toBit & usBB) return -1;
  const ownRole = usBB & roleBB(p, role);
  let cands: u64 = 0;
  let flags: u32 = 0;
  const ep = epSquare(p);
  let isEp = false;
  if (role == PAWN) {
    if ((toBit & BACK_RANKS) != 0) {
      if (promo < KNIGHT || promo > QUEEN) return -1;
    } else if (promo != 0) return -1;
    if ((toBit & themBB) != 0 || (ep != 0 && to == ep)) {
      cands = pawnAttacks(them, to) & ownRole;
      isEp = (toBit & themBB) == 0;
    } else {
      const up = us == WHITE ? 8 : -8;
      const s1 = to - up;
      if (s1 < 0 || s1 > 63) return -1;
      const s1b = (<u64>1) << <u64>s1;
      if (s1b & ownRole) cands = s1b;
      else if ((s1b & occ) == 0 && (to >> 3) == (us == WHITE ? 3 : 4)) {
        const s2b = (<u64>1) << <u64>(s1 - up);
        if (s2b & ownRole) { cands = s2b; flags = M_DOUBLE; }
      }
    }
  } else {
    if (promo != 0) return -1;
    if (role == KNIGHT) cands = knightAttacks(to);
    else if (role == BISHOP) cands = bishopAttacks(to, occ);
    else if (role == ROOK) cands = rookAttacks(to, occ);
    else if (role == QUEEN) cands = rookAttacks(to, occ) | bishopAttacks(to, occ);
    else cands = kingAttacks(to);
    cands &= ownRole;
  }
  if (fromFile >= 0) cands &= (<u64>0x0101010101010101) << <u64>fromFile;
  if (fromRank >= 0) cands &= (<u64>0xff) << <u64>(fromRank << 3);
  if (cands == 0) return -1;
  let found: i64 = -1;
  const doubleCheck = (checkers & (checkers - 1)) != 0;
  let mask: u64 = ~(<u64>0);
  if (checkers != 0 && !doubleCheck) mask = between(ksq, <i32>ctz<u64>(checkers)) | checkers;
  while (cands) {
    const from = <i32>ctz<u64>(cands);
    cands &= cands - 1;
    const fromBit = (<u64>1) << <u64>from;
    let legal: bool;
    if (role == KING) {
      legal = attackersTo(p, to, them, occ ^ fromBit) == 0;
    } else if (doubleCheck) {
      legal = false;
    } else if (isEp) {
      const capBit = (<u64>1) << <u64>(to ^ 8);
      const occ2 = (occ ^ fromBit ^ capBit) | toBit;
      legal = ksq == 64 || (attackersTo(p, ksq, them, occ2) & ~capBit) == 0;
    } else {
      legal = (toBit & mask) != 0 && ((line(ksq, from) & toBit) != 0 || !pinnedOn(p, from));
    }
    if (!legal) continue;
    if (found >= 0) return -2;
    found = <i64>(<u32>(from | (to << 6) | (promo << 12)) | flags | (isEp ? M_EP : 0));
  }
  return found;
}

function findGeneric(p: usize, role: i32, to: i32, fromFile: i32, fromRank: i32, promo: i32, flags: i32): i64 {
  const cnt = generateLegal(p, SCRATCH_LIST);
  let found: i64 = -1;
  for (let i = 0; i < cnt; i++) {
    const m = load<u32>(SCRATCH_LIST + (<usize>i << 2));
    if (flags & (S_CASTLE_H | S_CASTLE_A)) {
      if ((m & M_CASTLE) == 0) continue;
      const hside = mTo(m) > mFrom(m);
      if (hside != ((flags & S_CASTLE_H) != 0)) continue;
    } else if (flags & S_DROP) {
      if (mDrop(m) != role || mTo(m) != to) continue;
    } else {
      if (mDrop(m) || (m & M_CASTLE) || mTo(m) != to) continue;
      const from = mFrom(m);
      if ((pieceAt(p, from) & 7) != role) continue;
      if (fromFile >= 0 && (from & 7) != fromFile) continue;
      if (fromRank >= 0 && (from >> 3) != fromRank) continue;
      if (mPromo(m) != promo) continue;
    }
    if (found >= 0) return -2;
    found = <i64>m;
  }
  return found;
}
