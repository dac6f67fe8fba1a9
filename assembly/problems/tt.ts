// Transposition table: 16-byte slots (u64 key, u32 data, u32 move), two to a bucket.
// Each search kind salts its keys, so one table serves every stipulation without mixing their
// facts. The key covers the whole position: pieces, side to move, castling rights and the e.p.
// square; the moves left are in the data. Nothing is stored once a search has been stopped (its
// answers are then unproven).
import { ZOBRIST_T, Z_CASTLE, Z_EP, Z_TURN } from '../chess/layout';
import { O_BOARD, O_TURN, O_EP, castleRooks, occupied, pieceAt, mFrom, mTo, mPromo, M_CASTLE, M_EP, PAWN } from '../chess/position';
import { TT_BASE } from './layout';
import { ensureMemory } from '../common/bits';
import { stopped } from './search';

export const K_ATTACK: u64 = 0x9e3779b97f4a7c15, K_DEFEND: u64 = 0xc2b2ae3d27d4eb4f, K_HELP: u64 = 0x165667b19e3779f9,
  K_SELF_WIN: u64 = 0x27d4eb2f165667c5, K_SELF_FORCED: u64 = 0x85ebca77c2b2ae63, K_SERIES: u64 = 0x94d049bb133111eb,
  K_NULL: u64 = 0xbf58476d1ce4e5b9;

let ttMask: u64 = 0;
let ttOn = false;

/** Sizes the table to the largest power of two of 16-byte slots within `mib` MiB (0 = no table). */
export function ttResize(mib: i32): bool {
  ttOn = false;
  if (mib <= 0) return true;
  let slots: u64 = 1;
  while ((slots << 5) <= (<u64>mib << 20)) slots <<= 1;
  const bytes = <usize>(slots << 4);
  if (!ensureMemory(TT_BASE + bytes)) return false;
  ttMask = (slots >> 1) - 1;
  ttOn = true;
  ttClear();
  return true;
}

export function ttClear(): void {
  if (ttOn) memory.fill(TT_BASE, 0, <usize>((ttMask + 1) << 5));
}

/** Zobrist key of the position at p (pieces, castling rooks, e.p. file, side to move). */
export function keyOf(p: usize): u64 {
  let h: u64 = 0;
  let occ = occupied(p);
  while (occ) {
    const sq = <i32>ctz<u64>(occ);
    occ &= occ - 1;
    const pc = <i32>load<u8>(p + O_BOARD + <usize>sq);
    h ^= load<u64>(ZOBRIST_T + (<usize>(((pc >> 3) * 6 + (pc & 7) - 1) * 64 + sq) << 3));
  }
  let cr = castleRooks(p);
  while (cr) {
    h ^= load<u64>(Z_CASTLE + (<usize>ctz<u64>(cr) << 3));
    cr &= cr - 1;
  }
  const ep = <i32>load<u8>(p, O_EP);
  if (ep) h ^= load<u64>(Z_EP + (<usize>(ep & 7) << 3));
  if (load<u8>(p, O_TURN)) h ^= load<u64>(Z_TURN);
  return h;
}

@inline function zobrist(pc: i32, sq: i32): u64 {
  return load<u64>(ZOBRIST_T + (<usize>(((pc >> 3) * 6 + (pc & 7) - 1) * 64 + sq) << 3));
}

/**
 * keyOf the position after move m at p, from p's key, without playing it; 0 where the key does not
 * follow so simply (castling rights or an e.p. square at p, castling, e.p., a pawn's double step):
 * the caller then plays the move and reads keyOf.
 */
export function keyAfter(p: usize, key: u64, m: u32): u64 {
  if (castleRooks(p) != 0 || load<u8>(p, O_EP) != 0 || (m & (M_CASTLE | M_EP)) != 0) return 0;
  const from = mFrom(m), to = mTo(m);
  const pc = pieceAt(p, from);
  if ((pc & 7) == PAWN && (from - to == 16 || to - from == 16)) return 0;
  const promo = mPromo(m);
  let h = key ^ zobrist(pc, from) ^ zobrist(promo != 0 ? (pc & 8) | promo : pc, to) ^ load<u64>(Z_TURN);
  const captured = pieceAt(p, to);
  if (captured != 0) h ^= zobrist(captured, to);
  return h;
}

// Two slots per bucket (32 bytes): a new key goes into the first slot and pushes its entry to the
// second, except that a bound for fewer moves than the first slot's goes into the second: entries
// that took long to prove are kept longest.
@inline function bucket(key: u64): usize { return TT_BASE + (<usize>(key & ttMask) << 5); }

/** The slot holding key, or 0. */
@inline function find(key: u64): usize {
  const s = bucket(key);
  if (load<u64>(s) == key) return s;
  if (load<u64>(s, 16) == key) return s + 16;
  return 0;
}

/** The slot for a new key of depth `depth` (pushing the first slot's entry to the second when it goes first). */
@inline function place(key: u64, depth: i32): usize {
  const s = bucket(key);
  if (depth < depthOf(load<u32>(s, 8))) return s + 16;
  store<u64>(s, load<u64>(s), 16);
  store<u64>(s, load<u64>(s, 8), 24);
  return s;
}

/** How many moves a bound entry's data speaks of (the larger of its two bounds). */
@inline function depthOf(d: u32): i32 {
  const f = <i32>(d & 0xff), w = <i32>((d >> 8) & 0xff);
  return f > w ? f : w;
}

/** The data stored for key, or 0. */
@inline export function ttGet(key: u64): u32 {
  if (!ttOn) return 0;
  const s = find(key);
  return s ? load<u32>(s, 8) : 0;
}

/** The move stored with key (a best move or a refutation), or 0. */
@inline export function ttMove(key: u64): u32 {
  if (!ttOn) return 0;
  const s = find(key);
  return s ? load<u32>(s, 12) : 0;
}

/** Stores data for key (help and series play: any new key goes first). */
@inline export function ttPut(key: u64, data: u32): void {
  if (!ttOn || stopped != 0) return;
  let s = find(key);
  if (!s) {
    s = place(key, 256);
    store<u64>(s, key);
    store<u32>(s, 0, 12);
  }
  store<u32>(s, data, 8);
}

/** Stores a bound and its move for key (battle play: deeper bounds are kept longer). */
@inline export function ttPutMove(key: u64, data: u32, move: u32): void {
  if (!ttOn || stopped != 0) return;
  let s = find(key);
  if (!s) {
    s = place(key, depthOf(data));
    store<u64>(s, key);
  }
  store<u32>(s, data, 8);
  store<u32>(s, move, 12);
}

/** Stores a bound for key, keeping the move it has. */
@inline function ttPutBound(key: u64, data: u32): void {
  if (!ttOn || stopped != 0) return;
  let s = find(key);
  if (!s) {
    s = place(key, depthOf(data));
    store<u64>(s, key);
    store<u32>(s, 0, 12);
  }
  store<u32>(s, data, 8);
}

/**
 * The bit of the help-play fact "no line of exactly k plies from here" (a u32 of bits per k). Beyond
 * 31 plies there is no bit (0: never read, never stored), so long help play is searched without the
 * fact rather than mistaking it for the one of k & 31 plies.
 */
@inline export function helpBit(k: i32): u32 { return k < 32 ? (<u32>1) << <u32>k : 0; }

/**
 * Series facts "no line of up to k series moves from here" hold for every shorter k too, so one
 * number, the largest such k, is kept (a bit per k would alias k and k + 32: ser-=65 of Popeye's
 * BEISPIEL/stip.inp was lost to the facts of 1 move).
 */
@inline export function seriesFails(d: u32, k: i32): bool { return <i32>d >= k; }
export function seriesStore(key: u64, k: i32): void { if (<i32>ttGet(key) < k) ttPut(key, <u32>k); }

// Bounds of a "wins within n" search: low byte = largest n known to fail, next byte = smallest n
// known to succeed (0 = unknown).
@inline export function boundFails(d: u32, n: i32): bool { return <i32>(d & 0xff) >= n; }
@inline export function boundWins(d: u32, n: i32): bool { const w = <i32>((d >> 8) & 0xff); return w != 0 && w <= n; }
export function boundStore(key: u64, old: u32, n: i32, win: bool): void {
  let fail = <i32>(old & 0xff), w = <i32>((old >> 8) & 0xff);
  if (win) { if (w == 0 || n < w) w = n; } else if (n > fail) fail = n;
  ttPutBound(key, <u32>(fail | (w << 8)));
}

/** boundStore with the move that won (or refuted), kept for move ordering. */
export function boundStoreMove(key: u64, old: u32, n: i32, win: bool, move: u32): void {
  let fail = <i32>(old & 0xff), w = <i32>((old >> 8) & 0xff);
  if (win) { if (w == 0 || n < w) w = n; } else if (n > fail) fail = n;
  ttPutMove(key, <u32>(fail | (w << 8)), move);
}
