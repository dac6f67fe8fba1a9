// Transposition table with partition search. A stored position is an abstraction: the exact length of
// every hand in every suit, the hand on lead and the trump suit (the bucket key), and per suit only the
// owners of the top k cards (the "relevant" ranks that decided tricks below the node, as relative ranks);
// all lower cards stand for any small cards. One entry matches every position with the same lengths
// whose top cards have the same owners. Entries hold a lower and an upper bound on the tricks of the
// side on lead, and the best lead (suit, number of cards above it) for move ordering.
//
// Every entry of one set of lengths, leader and trump lives in one bucket (an entry may pin no card of
// a suit, so nothing finer can be hashed). Layout: buckets of SLOTS prefilter words (the owners of the
// top two cards of each suit the entry pins and which of them it pins; tested with SIMD against the
// position's owners), then SLOTS entries of 32 bytes: lenKey u64 | pat01 u64 | pat23 u64 |
// info u32 (lb | ub << 8 | best << 16 | tag << 24) | gen u32. A pattern per suit is (1 << 2k) | owners
// of the top k cards (highest first). Slots fill from the first; a count per bucket says how many.
import { seq, agg, hm, DIAGNOSTICS } from './state';

const ENTRY: usize = 32;
const SLOTS: usize = 256;
/**
 * A bucket: the prefilter words of its SLOTS entries as two u16 arrays (owners, then the pin mask at
 * PINS), a u8 array at CHECKS of 8 bits of each entry's key hash (a bucket holds several keys; the
 * check keeps other keys' entries from being loaded), all scanned sixteen slots at a time with SIMD;
 * then the SLOTS entries.
 */
const PINS: usize = SLOTS * 2;
const CHECKS: usize = SLOTS * 4;
const FPS: usize = SLOTS * 5;
const BUCKET: usize = FPS + ENTRY * SLOTS;
/** Slots examined for replacement (a power of two dividing SLOTS). */
const WINDOW: usize = 16;
export let statK: u64 = 0;
export let statN: u64 = 0;
export let statStores: u64 = 0;

let base: usize = 0;
let bucketMask: u64 = 0;
let bytes: usize = 0;
/** u32 per bucket after the buckets: slots in use (filled from 0 up, so scans stop there). */
let fillBase: usize = 0;
let gen: u32 = 1;

/** Set by ttProbe. */
export let probeRel: u64 = 0;
export let probeBest: i32 = -1;

let curLen: u64 = 0;
let curBucket: usize = 0;
let curTag: u32 = 0;
let curWord: u32 = 0;
let curCheck: u32 = 0;
/** The key state kept per search depth (32 bytes each): the search between a probe and its store keys other positions. */
const KEPT: usize = memory.data(64 * 32, 16);

/** Sets the table size (in MB, 1..256); grows memory as needed and clears the table. */
export function ttInit(mb: i32): void {
  if (mb < 1) mb = 1;
  if (mb > 256) mb = 256;
  let buckets: u64 = 1;
  const limit = (<u64>mb << 20) / <u64>BUCKET;
  while ((buckets << 1) <= limit) buckets <<= 1;
  const start: usize = (__heap_base + 65535) & ~(<usize>65535);
  const need = start + <usize>(buckets * <u64>(BUCKET + 4));
  const pages = <i32>((need + 65535) >> 16);
  const have = memory.size();
  if (pages > have) memory.grow(pages - have);
  base = start;
  bucketMask = buckets - 1;
  fillBase = start + <usize>(buckets * <u64>BUCKET);
  bytes = <usize>(buckets * <u64>(BUCKET + 4));
  ttClear();
}

export function ttClear(): void {
  memory.fill(base, 0, bytes);
}

export function ttBytes(): usize {
  return bytes;
}

/** Where the count of slots in use of the bucket at b is kept. */
// @ts-ignore: decorator
@inline function fillAddr(b: usize): usize {
  return fillBase + ((b - base) / BUCKET << 2);
}

/** Forgets every entry at once (a new deal: its positions rarely match another deal's). */
export function ttForget(): void {
  memory.fill(fillBase, 0, bytes - (fillBase - base));
  ttNewGeneration();
}

export function ttNewGeneration(): void {
  gen = (gen + 1) & 0xffffff;
  if (gen == 0) gen = 1;
}

/** Keeps the current key state for `slot` (the ply), to be recalled before the store. */
export function ttKeep(slot: i32): void {
  const a = KEPT + (<usize>slot << 5);
  store<u64>(a, curLen);
  store<u64>(a, <u64>curBucket, 8);
  store<u32>(a, curTag, 16);
  store<u32>(a, curWord, 20);
  store<u32>(a, curCheck, 24);
}

/** Makes the key state kept for `slot` current again. */
export function ttRecall(slot: i32): void {
  const a = KEPT + (<usize>slot << 5);
  curLen = load<u64>(a);
  curBucket = <usize>load<u64>(a, 8);
  curTag = load<u32>(a, 16);
  curWord = load<u32>(a, 20);
  curCheck = load<u32>(a, 24);
}

/** Computes the bucket key of the current position with `leader` on lead (`lens`: 4 bits per hand and suit). */
export function ttKey(leader: i32, trump: i32, lens: u64): void {
  curLen = lens;
  curTag = <u32>(leader | (trump << 2) | 0x80);
  let x = lens ^ (<u64>curTag * 0x9E3779B97F4A7C15);
  x ^= x >> 31;
  x *= 0xD6E8FEB86659FD93;
  x ^= x >> 32;
  curBucket = base + <usize>(x & bucketMask) * BUCKET;
  curCheck = <u32>(x >> 56);
  // The owners of the top two cards of each suit, the key every entry's word is tested against.
  let word: u32 = 0;
  for (let s = 0; s < 4; s++) {
    const n = <i32>popcnt<u32>(agg(s));
    const q = seq(s);
    let w: u32 = 0;
    if (n >= 1) w = (q >> <u32>((n - 1) << 1)) & 3;
    if (n >= 2) w |= ((q >> <u32>((n - 2) << 1)) & 3) << 2;
    word |= w << <u32>(s << 2);
  }
  curWord = word;
}

/**
 * An entry's prefilter word: per suit the owners of its top two stored cards (bits 4s..4s+3) and which
 * of them the entry pins (the same bits, 16 higher).
 */
function entryWord(p0: u32, p1: u32, p2: u32, p3: u32): u32 {
  let owners: u32 = 0;
  let pins: u32 = 0;
  for (let s = 0; s < 4; s++) {
    const pat = s == 0 ? p0 : s == 1 ? p1 : s == 2 ? p2 : p3;
    const k = (31 - <i32>clz<u32>(pat)) >> 1;
    let w: u32 = 0;
    let m: u32 = 0;
    if (k >= 1) {
      w = (pat >> <u32>((k - 1) << 1)) & 3;
      m = 3;
    }
    if (k >= 2) {
      w |= ((pat >> <u32>((k - 2) << 1)) & 3) << 2;
      m = 15;
    }
    owners |= w << <u32>(s << 2);
    pins |= m << <u32>(s << 2);
  }
  return owners | (pins << 16);
}

// @ts-ignore: decorator
@inline function matchSuit(s: i32, pat: u32): bool {
  const k2 = <u32>(31 - clz<u32>(pat)) & ~1; // 2k
  const n2 = popcnt<u32>(agg(s)) << 1;
  return (seq(s) >> (n2 - k2)) == pat;
}

/** The top k cards of the suit still in play, as a rank mask. */
// @ts-ignore: decorator
@inline function topCards(s: i32, pat: u32): u64 {
  const k = (<i32>(31 - clz<u32>(pat))) >> 1;
  let a = agg(s);
  let drop = <i32>popcnt<u32>(a) - k;
  while (drop > 0) {
    a &= a - 1;
    drop--;
  }
  return <u64>a << (<u64>s << 4);
}

/**
 * Looks for entries matching the current position (after ttKey). Returns 1 if one proves that the
 * max side reaches `need` of the `rem` tricks, 0 if one proves it does not, -1 otherwise. On a cutoff,
 * probeRel holds the ranks the entry depends on. probeBest is a hinted lead (-1 if none).
 */
export function ttProbe(need: i32, isMax: bool, rem: i32): i32 {
  probeBest = -1;
  let cutPinned = -1;
  let cutResult = -1;
  let cutP01: u64 = 0;
  let cutP23: u64 = 0;
  const b = curBucket;
  const used = <usize>load<u32>(fillAddr(b));
  const q0 = seq(0), q1 = seq(1), q2 = seq(2), q3 = seq(3);
  const n0 = popcnt<u32>(agg(0)) << 1, n1 = popcnt<u32>(agg(1)) << 1, n2 = popcnt<u32>(agg(2)) << 1, n3 = popcnt<u32>(agg(3)) << 1;
  // A slot passes when its pinned owner bits agree with the position's: (word ^ pos) & pins == 0.
  const posv = i16x8.splat(<i16>curWord);
  const checkv = i8x16.splat(<i8>curCheck);
  const zero = i16x8.splat(0);
  for (let g: usize = 0; g < used; g += 16) {
    let bits = i8x16.bitmask(i8x16.eq(v128.load(b + CHECKS + g), checkv));
    if (!bits) continue;
    const lo = v128.and(v128.xor(v128.load(b + (g << 1)), posv), v128.load(b + PINS + (g << 1)));
    const hi = v128.and(v128.xor(v128.load(b + (g << 1), 16), posv), v128.load(b + PINS + (g << 1), 16));
    bits &= i16x8.bitmask(i16x8.eq(lo, zero)) | (i16x8.bitmask(i16x8.eq(hi, zero)) << 8);
    if (used - g < 16) bits &= (1 << <i32>(used - g)) - 1;
    while (bits) {
    const i = g + <usize>ctz<i32>(bits);
    bits &= bits - 1;
    const e = b + FPS + i * ENTRY;
    if (load<u64>(e) != curLen) continue;
    const info = load<u32>(e, 24);
    if (((info >> 24) & 0xff) != curTag) continue;
    const p01 = load<u64>(e, 8);
    const p23 = load<u64>(e, 16);
    const p0 = <u32>p01, p1 = <u32>(p01 >> 32), p2 = <u32>p23, p3 = <u32>(p23 >> 32);
    if ((q0 >> (n0 - ((31 - clz<u32>(p0)) & ~1))) != p0) continue;
    if ((q1 >> (n1 - ((31 - clz<u32>(p1)) & ~1))) != p1) continue;
    if ((q2 >> (n2 - ((31 - clz<u32>(p2)) & ~1))) != p2) continue;
    if ((q3 >> (n3 - ((31 - clz<u32>(p3)) & ~1))) != p3) continue;
    const lb = <i32>(info & 255);
    const ub = <i32>((info >> 8) & 255);
    let cut = -1;
    if (isMax) {
      if (lb >= need) cut = 1;
      else if (ub < need) cut = 0;
    } else {
      if (rem - ub >= need) cut = 1;
      else if (rem - lb < need) cut = 0;
    }
    if (cut >= 0) {
      // Of the entries that decide the test, the one pinning the fewest cards generalises best.
      const pinned = <i32>(clz<u32>(p0) + clz<u32>(p1) + clz<u32>(p2) + clz<u32>(p3));
      if (pinned > cutPinned) {
        cutPinned = pinned;
        cutResult = cut;
        cutP01 = p01;
        cutP23 = p23;
      }
      continue;
    }
    const best = <i32>((info >> 16) & 255);
    if (best != 255 && probeBest < 0) {
      // best = suit << 4 | cards above it
      const s = best >> 4;
      let a = agg(s);
      for (let j = best & 15; j > 0; j--) a ^= <u32>1 << (31 - clz<u32>(a));
      if (a) probeBest = (s << 4) | (31 - <i32>clz<u32>(a));
    }
    }
  }
  if (cutResult >= 0) {
    probeRel = topCards(0, <u32>cutP01) | topCards(1, <u32>(cutP01 >> 32)) | topCards(2, <u32>cutP23) | topCards(3, <u32>(cutP23 >> 32));
  }
  return cutResult;
}

/**
 * Stores a bound for the current position (after ttKey) abstracted by `rel` (ranks that mattered,
 * 16 bits per suit). lb/ub are tricks of the side on lead; best = suit << 4 | rank of the best lead, or -1.
 */
export function ttStore(rel: u64, lb: i32, ub: i32, best: i32, depth: i32): void {
  const stamp: u32 = (gen << 8) | <u32>depth;
  let p01: u64 = 0;
  let p23: u64 = 0;
  for (let s = 0; s < 4; s++) {
    const a = agg(s);
    const m = <u32>(rel >> (<u64>s << 4)) & a;
    let k: u32 = 0;
    if (m) {
      const low = <u32>ctz<u32>(m);
      k = popcnt<u32>(a >> low);
    }
    const n = popcnt<u32>(a);
    if (DIAGNOSTICS) {
      statK += k;
      statN += n;
    }
    const pat = seq(s) >> ((n - k) << 1);
    if (s == 0) p01 = <u64>pat;
    else if (s == 1) p01 |= <u64>pat << 32;
    else if (s == 2) p23 = <u64>pat;
    else p23 |= <u64>pat << 32;
  }
  if (DIAGNOSTICS) statStores++;
  let bestCode: u32 = 255;
  if (best >= 0) {
    const s = best >> 4;
    bestCode = <u32>(s << 4) | popcnt<u32>(agg(s) >> <u32>((best & 15) + 1));
  }
  const b = curBucket;
  const fillAt = fillAddr(b);
  const used = <usize>load<u32>(fillAt);
  const word = entryWord(<u32>p01, <u32>(p01 >> 32), <u32>p23, <u32>(p23 >> 32));
  // The same abstraction already stored: merge the bounds (its word is the same).
  const fpo = i16x8.splat(<i16>word);
  const fpp = i16x8.splat(<i16>(word >> 16));
  const checkv = i8x16.splat(<i8>curCheck);
  for (let g: usize = 0; g < used; g += 16) {
    let bits = i8x16.bitmask(i8x16.eq(v128.load(b + CHECKS + g), checkv));
    if (!bits) continue;
    const lo = i16x8.bitmask(v128.and(i16x8.eq(v128.load(b + (g << 1)), fpo), i16x8.eq(v128.load(b + PINS + (g << 1)), fpp)));
    const hi = i16x8.bitmask(v128.and(i16x8.eq(v128.load(b + (g << 1), 16), fpo), i16x8.eq(v128.load(b + PINS + (g << 1), 16), fpp)));
    bits &= lo | (hi << 8);
    if (used - g < 16) bits &= (1 << <i32>(used - g)) - 1;
    while (bits) {
      const i = g + <usize>ctz<i32>(bits);
      bits &= bits - 1;
      const e = b + FPS + i * ENTRY;
      const info = load<u32>(e, 24);
      if (load<u64>(e) == curLen && ((info >> 24) & 0xff) == curTag && load<u64>(e, 8) == p01 && load<u64>(e, 16) == p23) {
        let olb = <i32>(info & 255);
        let oub = <i32>((info >> 8) & 255);
        if (lb > olb) olb = lb;
        if (ub < oub) oub = ub;
        if (bestCode == 255) bestCode = (info >> 16) & 255;
        store<u32>(e, <u32>olb | (<u32>oub << 8) | (bestCode << 16) | (curTag << 24), 24);
        store<u32>(e, stamp, 28);
        return;
      }
    }
  }
  // Victim: the next free slot; in a full bucket, within a window of WINDOW slots chosen by the
  // pattern, an older generation, else the fewest remaining tricks.
  let victim: usize = b + FPS + used * ENTRY;
  if (used < SLOTS) {
    store<u32>(fillAt, <u32>used + 1);
  } else {
    let h = p01 * 0x9E3779B97F4A7C15 ^ p23 * 0xC2B2AE3D27D4EB4F ^ <u64>word;
    h ^= h >> 29;
    const start = <usize>(h & <u64>(SLOTS - WINDOW));
    let victimScore: u32 = 0xffffffff;
    for (let i: usize = start; i < start + WINDOW; i++) {
      const e = b + FPS + i * ENTRY;
      const g = load<u32>(e, 28);
      const score: u32 = ((g >> 8) == gen ? 0x100 : 0x10) + (g & 255);
      if (score < victimScore) {
        victimScore = score;
        victim = e;
      }
    }
  }
  const slot = (victim - b - FPS) / ENTRY;
  store<u16>(b + (slot << 1), <u16>word);
  store<u16>(b + PINS + (slot << 1), <u16>(word >> 16));
  store<u8>(b + CHECKS + slot, <u8>curCheck);
  store<u64>(victim, curLen);
  store<u64>(victim, p01, 8);
  store<u64>(victim, p23, 16);
  store<u32>(victim, <u32>lb | (<u32>ub << 8) | (bestCode << 16) | (curTag << 24), 24);
  store<u32>(victim, stamp, 28);
}
