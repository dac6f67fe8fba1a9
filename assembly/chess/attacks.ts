// Leaper attack tables, fancy-magic slider attacks, between/line tables.
import { KNIGHT_T, KING_T, PAWN_T, ROOK_M, BISHOP_M, BETWEEN_T, LINE_T, SLIDER_T, MOVETEXT } from './layout';
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

/**
 * Rays from each square to the board's edge, [direction][square], in scratch memory while the tables
 * are built (the movetext buffer, unused until a reader loads text). Directions 0..3 are a rook's
 * (N, S, E, W), 4..7 a bishop's (NE, SW, NW, SE): even ones run towards higher squares, and d ^ 1
 * is the opposite of d.
 */
const RAYS: usize = MOVETEXT;
@inline function ray(d: i32, sq: i32): u64 {
  return load<u64>(RAYS + (<usize>((d << 6) | sq) << 3));
}
const DIR_RANK: StaticArray<i32> = [1, -1, 0, 0, 1, -1, 1, -1];
const DIR_FILE: StaticArray<i32> = [0, 0, 1, -1, 1, -1, -1, 1];

/** Attacks along direction d from sq with blockers occ: the ray, cut after its first blocker. */
@inline function rayAttacks(d: i32, sq: i32, occ: u64): u64 {
  const r = ray(d, sq);
  const blockers = r & occ;
  if (blockers == 0) return r;
  const b = d & 1 ? 63 - <i32>clz<u64>(blockers) : <i32>ctz<u64>(blockers);
  return r ^ ray(d, b);
}

export function initAttacks(): void {
  for (let sq = 0; sq < 64; sq++) {
    store<u64>(KNIGHT_T + (<usize>sq << 3), leaper(sq, KNIGHT_D));
    store<u64>(KING_T + (<usize>sq << 3), leaper(sq, KING_D));
    store<u64>(PAWN_T + (<usize>sq << 3), leaper(sq, WPAWN_D));
    store<u64>(PAWN_T + (<usize>(64 | sq) << 3), leaper(sq, BPAWN_D));
  }
  // The rays once; every slider table entry is then four ray lookups (start-up time: walking the
  // board square by square for each of the 107,648 entries cost most of the module's init).
  for (let d = 0; d < 8; d++) {
    const dr = unchecked(DIR_RANK[d]), df = unchecked(DIR_FILE[d]);
    for (let sq = 0; sq < 64; sq++) {
      let a: u64 = 0;
      let r = (sq >> 3) + dr, f = (sq & 7) + df;
      while (r >= 0 && r < 8 && f >= 0 && f < 8) {
        a |= (<u64>1) << <u64>(r * 8 + f);
        r += dr;
        f += df;
      }
      store<u64>(RAYS + (<usize>((d << 6) | sq) << 3), a);
    }
  }
  let ptr = SLIDER_T;
  for (let k = 0; k < 2; k++) {
    const bishop = k == 1;
    const meta = bishop ? BISHOP_M : ROOK_M;
    const magics = bishop ? BISHOP_MAGICS : ROOK_MAGICS;
    const d0 = bishop ? 4 : 0;
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
        const a = rayAttacks(d0, sq, sub) | rayAttacks(d0 + 1, sq, sub) | rayAttacks(d0 + 2, sq, sub) | rayAttacks(d0 + 3, sq, sub);
        store<u64>(ptr + (idx << 3), a);
        sub = (sub - mask) & mask;
      } while (sub != 0);
      ptr += (<usize>1) << <usize>bits << 3;
    }
  }
  // Between and line: zero, then along each ray from each square.
  memory.fill(BETWEEN_T, 0, 2 * 32768);
  for (let a = 0; a < 64; a++) {
    for (let d = 0; d < 8; d++) {
      const ra = ray(d, a);
      const ln = ra | ray(d ^ 1, a) | ((<u64>1) << <u64>a);
      let rest = ra;
      while (rest) {
        const b = <i32>ctz<u64>(rest);
        rest &= rest - 1;
        const bb = (<u64>1) << <u64>b;
        store<u64>(BETWEEN_T + (<usize>((a << 6) | b) << 3), ra ^ ray(d, b) ^ bb);
        store<u64>(LINE_T + (<usize>((a << 6) | b) << 3), ln);
      }
    }
  }
}
