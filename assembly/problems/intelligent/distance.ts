// Move counting for intelligent mode: the fewest moves a piece needs to go from one square to
// another on an empty board. Obstacles only ever lengthen a path, so these are lower bounds: a plan
// whose counted moves exceed the moves left cannot be played, and pruning it loses no solution.
// Pawns move forward only (a capture for each change of file, the double step from their first
// rank) and promote on the last rank; the distance of a pawn that promotes and then goes on as the
// new piece is the pawn's walk to some promotion square plus the new piece's walk from there.
import { knightAttacks } from '../../chess/attacks';
import { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, WHITE } from '../../chess/position';

/** A distance no plan can afford. */
export const FAR: i32 = 99;

const KNIGHT_D: usize = memory.data(64 * 64);
let ready = false;

/** Fills the tables: pawn walks, knight distances (breadth-first from every square), promoted walks. */
export function initDistances(): void {
  if (ready) return;
  for (let c = 0; c < 2; c++)
    for (let a = 0; a < 64; a++)
      for (let b = 0; b < 64; b++) store<u8>(PAWN_D + <usize>((c << 12) | (a << 6) | b), <u8>pawnWalk(c, a, b));
  const queue = memory.data(64);
  for (let a = 0; a < 64; a++) {
    const row = KNIGHT_D + (<usize>a << 6);
    memory.fill(row, <u8>FAR, 64);
    store<u8>(row + <usize>a, 0);
    store<u8>(queue, <u8>a);
    let head = 0, tail = 1;
    while (head < tail) {
      const s = <i32>load<u8>(queue + <usize>head);
      head++;
      const d = load<u8>(row + <usize>s);
      let t = knightAttacks(s);
      while (t) {
        const x = <i32>ctz<u64>(t);
        t &= t - 1;
        if (load<u8>(row + <usize>x) == <u8>FAR) {
          store<u8>(row + <usize>x, d + 1);
          store<u8>(queue + <usize>tail, <u8>x);
          tail++;
        }
      }
    }
  }
  // after the knight's table: the promoted piece's walk uses it
  for (let c = 0; c < 2; c++)
    for (let a = 0; a < 64; a++)
      for (let r = KNIGHT; r <= QUEEN; r++)
        for (let b = 0; b < 64; b++)
          store<u8>(PROMO_D + <usize>((c << 14) | (a << 8) | ((r - KNIGHT) << 6) | b), <u8>promotedWalk(c, a, r, b));
  ready = true;
}

@inline function absi(x: i32): i32 { return x < 0 ? -x : x; }

/** [color][a][b] pawn walks (pawnWalk), filled at init. */
const PAWN_D: usize = memory.data(2 * 64 * 64);

/** Moves of a pawn of `color` from a to b (b may be on its last rank: the promotion square). */
@inline export function pawnDist(color: i32, a: i32, b: i32): i32 {
  return <i32>load<u8>(PAWN_D + <usize>((color << 12) | (a << 6) | b));
}

function pawnWalk(color: i32, a: i32, b: i32): i32 {
  if (a == b) return 0;
  const fa = a & 7, fb = b & 7;
  // ranks counted from the pawn's own side
  const ra = color == WHITE ? a >> 3 : 7 - (a >> 3);
  const rb = color == WHITE ? b >> 3 : 7 - (b >> 3);
  const dr = rb - ra, df = absi(fb - fa);
  if (dr <= 0 || df > dr) return FAR;
  if (ra == 1 && dr >= 2 && df <= dr - 2) return dr - 1;
  return dr;
}

/** Moves of a piece of `role` and `color` from a to b on an empty board (FAR when it never gets there). */
export function dist(role: i32, color: i32, a: i32, b: i32): i32 {
  if (a == b) return 0;
  const fa = a & 7, ra = a >> 3, fb = b & 7, rb = b >> 3;
  if (role == KING) {
    const df = absi(fa - fb), dr = absi(ra - rb);
    return df > dr ? df : dr;
  }
  if (role == KNIGHT) return <i32>load<u8>(KNIGHT_D + (<usize>a << 6) + <usize>b);
  if (role == ROOK) return fa == fb || ra == rb ? 1 : 2;
  const diag = absi(fa - fb) == absi(ra - rb);
  if (role == BISHOP) return diag ? 1 : ((fa + ra + fb + rb) & 1) == 0 ? 2 : FAR;
  if (role == QUEEN) return diag || fa == fb || ra == rb ? 1 : 2;
  if (role == PAWN) {
    // a pawn never stands on its last rank
    const last = color == WHITE ? 7 : 0;
    if ((b >> 3) == last) return FAR;
    return pawnDist(color, a, b);
  }
  return FAR;
}

/** [color][a][role - KNIGHT][b] promotedDist, filled at init (enumerations ask for it millions of times). */
const PROMO_D: usize = memory.data(2 * 64 * 4 * 64);

/** Moves of a pawn of `color` from a that promotes to `role` (knight to queen) and then reaches b. */
@inline export function promotedDist(color: i32, a: i32, role: i32, b: i32): i32 {
  return <i32>load<u8>(PROMO_D + <usize>((color << 14) | (a << 8) | ((role - KNIGHT) << 6) | b));
}

function promotedWalk(color: i32, a: i32, role: i32, b: i32): i32 {
  const rank = color == WHITE ? 56 : 0;
  const row = PAWN_D + <usize>((color << 12) | (a << 6) | rank);
  let best = FAR;
  for (let f = 0; f < 8; f++) {
    const toPromo = <i32>load<u8>(row + <usize>f);
    if (toPromo >= best) continue;
    const on = dist(role, color, rank + f, b);
    if (toPromo + on < best) best = toPromo + on;
  }
  return best;
}

