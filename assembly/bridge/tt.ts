// Transposition table on relative ranks. A position at a trick boundary is keyed by the owner
// sequence of every suit (SEQ), the hand on lead and the trump suit, so positions that differ only in
// absolute ranks share one entry. Entries hold a lower and an upper bound on the tricks the side on
// lead takes from the remaining tricks, plus the best lead found (suit, relative rank) for ordering.
//
// Layout: buckets of 4 entries of 24 bytes; entry = k1 u64, k2 u64, info u32 (lb | ub << 8 | depth << 16
// | best << 24), spare u32. Replacement: an empty entry, else the one with the fewest remaining tricks.
import { seq } from './state';

const ENTRY: usize = 24;
const BUCKET: usize = 96;

let base: usize = 0;
let bucketMask: u64 = 0;
let bytes: usize = 0;

export let probeLb: i32 = 0;
export let probeUb: i32 = 0;
export let probeBest: i32 = 0;
export let key1: u64 = 0;
export let key2: u64 = 0;
/** Generation: entries of older generations are replaced first (bumped per deal). */
let gen: u32 = 1;

export function ttNewGeneration(): void {
  gen = (gen + 1) & 0xffff;
  if (gen == 0) gen = 1;
}

/** Sets the table size (in MB, 1..256); grows memory as needed and clears the table. */
export function ttInit(mb: i32): void {
  if (mb < 1) mb = 1;
  if (mb > 256) mb = 256;
  // Power-of-two number of buckets fitting in mb megabytes.
  let buckets: u64 = 1;
  const limit = (<u64>mb << 20) / <u64>BUCKET;
  while ((buckets << 1) <= limit) buckets <<= 1;
  const start: usize = (__heap_base + 65535) & ~(<usize>65535);
  const need = start + <usize>(buckets * <u64>BUCKET);
  const pages = <i32>((need + 65535) >> 16);
  const have = memory.size();
  if (pages > have) memory.grow(pages - have);
  base = start;
  bucketMask = buckets - 1;
  bytes = <usize>(buckets * <u64>BUCKET);
  ttClear();
}

export function ttClear(): void {
  memory.fill(base, 0, bytes);
}

export function ttBytes(): usize {
  return bytes;
}

/** Computes key1/key2 for the position with `leader` on lead. */
// @ts-ignore: decorator
@inline export function ttKey(leader: i32, trump: i32): void {
  key1 = <u64>seq(0) | (<u64>seq(1) << 27) | (<u64>leader << 54) | (<u64>trump << 56) | (<u64>1 << 60);
  key2 = <u64>seq(2) | (<u64>seq(3) << 27);
}

export function ttSetKey(a: u64, b: u64): void {
  key1 = a;
  key2 = b;
}

// @ts-ignore: decorator
@inline function bucketOf(k1: u64, k2: u64): usize {
  let h = k1 * 0x9E3779B97F4A7C15 ^ (k2 + 0x632BE59BD9B4E019) * 0xC2B2AE3D27D4EB4F;
  h ^= h >> 31;
  h *= 0xD6E8FEB86659FD93;
  h ^= h >> 32;
  return base + <usize>(h & bucketMask) * BUCKET;
}

/** Looks up key1/key2; on a hit sets probeLb/probeUb/probeBest and returns true. */
export function ttProbe(): bool {
  const b = bucketOf(key1, key2);
  for (let i: usize = 0; i < 4; i++) {
    const e = b + i * ENTRY;
    if (load<u64>(e) == key1 && load<u64>(e, 8) == key2) {
      const info = load<u32>(e, 16);
      probeLb = <i32>(info & 255);
      probeUb = <i32>((info >> 8) & 255);
      probeBest = <i32>(info >> 24);
      return true;
    }
  }
  return false;
}

/** Stores bounds for key1/key2 (best = 255 when unknown). */
export function ttStore(lb: i32, ub: i32, depth: i32, best: i32): void {
  const b = bucketOf(key1, key2);
  let victim: usize = b;
  let victimDepth: u32 = 0xffff;
  for (let i: usize = 0; i < 4; i++) {
    const e = b + i * ENTRY;
    const k = load<u64>(e);
    if (k == 0 || (k == key1 && load<u64>(e, 8) == key2)) {
      victim = e;
      break;
    }
    const d = ((load<u32>(e, 16) >> 16) & 255) + (load<u32>(e, 20) == gen ? 64 : 0);
    if (d < victimDepth) {
      victimDepth = d;
      victim = e;
    }
  }
  store<u64>(victim, key1);
  store<u64>(victim, key2, 8);
  store<u32>(victim, <u32>lb | (<u32>ub << 8) | (<u32>depth << 16) | (<u32>best << 24), 16);
  store<u32>(victim, gen, 20);
}
