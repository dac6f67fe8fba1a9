// Leaper attack tables, fancy-magic slider attacks, between/line tables.
import { KNIGHT_T, KING_T, PAWN_T, ROOK_M, BISHOP_M, BETWEEN_T, LINE_T, SLIDER_T } from './layout';
import { ROOK_MAGICS, BISHOP_MAGICS } from './magics';

@inline export function knightAttacks(sq: i32): u64 {
  return load<u64>(KNIGHT_T + (<usize>sq << 3));
}
@inline export function kingAttacks(sq: i32): u64 {
  return load<u64>(KING_T + (<usize>sq << 3));
}
/** Squares a pawn of `color` on `sq` attacks. */
@inline export function pawnAttacks(color: i32, sq: i32): u64 {
  return load<u64>(PAWN_T + (<usize>((color << 6) | sq) << 3));
}
@inline export function rookAttacks(sq: i32, occ: u64): u64 {
  const e = ROOK_M + (<usize>sq << 5);
  const idx = <usize>(((occ & load<u64>(e)) * load<u64>(e, 8)) >> load<u64>(e, 24));
  return load<u64>(<usize>load<u32>(e, 16) + (idx << 3));
}
@inline export function bishopAttacks(sq: i32, occ: u64): u64 {
  const e = BISHOP_M + (<usize>sq << 5);
  const idx = <usize>(((occ & load<u64>(e)) * load<u64>(e, 8)) >> load<u64>(e, 24));
  return load<u64>(<usize>load<u32>(e, 16) + (idx << 3));
}
@inline export function queenAttacks(sq: i32, occ: u64): u64 {
  return rookAttacks(sq, occ) | bishopAttacks(sq, occ);
}
@inline export function between(a: i32, b: i32): u64 {
  return load<u64>(BETWEEN_T + (<usize>((a << 6) | b) << 3));
}
@inline export function line(a: i32, b: i32): u64 {
  return load<u64>(LINE_T + (<usize>((a << 6) | b) << 3));
}

/** Rank and file steps of slider direction d (0..3): diagonals for a bishop, lines for a rook. */
function rayRank(d: i32, bishop: bool): i32 {
  return bishop ? (d & 1 ? -1 : 1) : d == 0 ? 1 : d == 1 ? -1 : 0;
}
function rayFile(d: i32, bishop: bool): i32 {
  return bishop ? (d & 2 ? -1 : 1) : d == 2 ? 1 : d == 3 ? -1 : 0;
}

function slide(sq: i32, occ: u64, dr0: i32, df0: i32, bishop: bool): u64 {
  let a: u64 = 0;
  for (let d = 0; d < 4; d++) {
    const dr = rayRank(d, bishop), df = rayFile(d, bishop);
    let r = (sq >> 3) + dr, f = (sq & 7) + df;
    while (r >= 0 && r < 8 && f >= 0 && f < 8) {
      const b = (<u64>1) << <u64>(r * 8 + f);
      a |= b;
      if (occ & b) break;
      r += dr;
      f += df;
    }
  }
  return a;
}

function edgeMask(sq: i32, bishop: bool): u64 {
  // Relevant occupancy: the rays without their last square.
  let m: u64 = 0;
  for (let d = 0; d < 4; d++) {
    const dr = rayRank(d, bishop), df = rayFile(d, bishop);
    let r = (sq >> 3) + dr, f = (sq & 7) + df;
    while (r + dr >= 0 && r + dr < 8 && f + df >= 0 && f + df < 8) {
      m |= (<u64>1) << <u64>(r * 8 + f);
      r += dr;
      f += df;
    }
  }
  return m;
}

function leaper(sq: i32, deltas: StaticArray<i32>): u64 {
  let a: u64 = 0;
  for (let i = 0; i < deltas.length; i += 2) {
    const r = (sq >> 3) + unchecked(deltas[i]), f = (sq & 7) + unchecked(deltas[i + 1]);
    if (r >= 0 && r < 8 && f >= 0 && f < 8) a |= (<u64>1) << <u64>(r * 8 + f);
  }
  return a;
}

const KNIGHT_D: StaticArray<i32> = [1, 2, 2, 1, -1, 2, -2, 1, 1, -2, 2, -1, -1, -2, -2, -1];
const KING_D: StaticArray<i32> = [1, 0, -1, 0, 0, 1, 0, -1, 1, 1, 1, -1, -1, 1, -1, -1];
const WPAWN_D: StaticArray<i32> = [1, 1, 1, -1];
const BPAWN_D: StaticArray<i32> = [-1, 1, -1, -1];

export function initAttacks(): void {
  for (let sq = 0; sq < 64; sq++) {
    store<u64>(KNIGHT_T + (<usize>sq << 3), leaper(sq, KNIGHT_D));
    store<u64>(KING_T + (<usize>sq << 3), leaper(sq, KING_D));
    store<u64>(PAWN_T + (<usize>sq << 3), leaper(sq, WPAWN_D));
    store<u64>(PAWN_T + (<usize>(64 | sq) << 3), leaper(sq, BPAWN_D));
  }
  let ptr = SLIDER_T;
  for (let k = 0; k < 2; k++) {
    const bishop = k == 1;
    const meta = bishop ? BISHOP_M : ROOK_M;
    const magics = bishop ? BISHOP_MAGICS : ROOK_MAGICS;
    for (let sq = 0; sq < 64; sq++) {
      const mask = edgeMask(sq, bishop);
      const bits = <i32>popcnt<u64>(mask);
      const magic = load<u64>(magics + (<usize>sq << 3));
      const e = meta + (<usize>sq << 5);
      store<u64>(e, mask);
      store<u64>(e, magic, 8);
      store<u64>(e, <u64>ptr, 16);
      store<u64>(e, <u64>(64 - bits), 24);
      let sub: u64 = 0;
      do {
        const idx = <usize>((sub * magic) >> <u64>(64 - bits));
        store<u64>(ptr + (idx << 3), slide(sq, sub, 0, 0, bishop));
        sub = (sub - mask) & mask;
      } while (sub != 0);
      ptr += (<usize>1 << <usize>bits) << 3;
    }
  }
  for (let a = 0; a < 64; a++) {
    for (let b = 0; b < 64; b++) {
      let btw: u64 = 0, ln: u64 = 0;
      if (a != b) {
        const bb = (<u64>1) << <u64>b, ab = (<u64>1) << <u64>a;
        if (slide(a, 0, 0, 0, false) & bb) {
          btw = slide(a, bb, 0, 0, false) & slide(b, ab, 0, 0, false);
          ln = (slide(a, 0, 0, 0, false) & slide(b, 0, 0, 0, false)) | ab | bb;
        } else if (slide(a, 0, 0, 0, true) & bb) {
          btw = slide(a, bb, 0, 0, true) & slide(b, ab, 0, 0, true);
          ln = (slide(a, 0, 0, 0, true) & slide(b, 0, 0, 0, true)) | ab | bb;
        }
      }
      store<u64>(BETWEEN_T + (<usize>((a << 6) | b) << 3), btw);
      store<u64>(LINE_T + (<usize>((a << 6) | b) << 3), ln);
    }
  }
}
