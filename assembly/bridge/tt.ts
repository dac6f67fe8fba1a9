// Transposition table with partition search. A stored position is an abstraction: the exact length of
// every hand in every suit, the hand on lead and the trump suit (its shape), and per suit only the
// owners of the top k cards (the "relevant" ranks that decided tricks below the node, as relative
// ranks); all lower cards stand for any small cards. One entry matches every position of the same shape
// whose top cards have the same owners. Entries hold a lower and an upper bound on the tricks of the side
// on lead, and the best lead (suit, number of cards above it) for move ordering.
//
// Layout, chosen for the cache (a probe used to stall on cold lines of a sparse table): an index of
// shapes (open addressing, 8 bytes a slot: 32 bits of the shape's hash | its block's address), then an
// arena the blocks are cut from in the order they are needed, so the working set of a search stays
// dense. All entries of one shape live in one block (an entry may pin no card of a suit, so nothing
// finer can be hashed), which doubles when full, up to MAX_CAP entries. A block of capacity c: a
// header (lengths u64 | tag u8 | log2 capacity u8 | count u16), c filter words and c pin words (u16),
// c keys (v128), c info words, c stamps. The filter word of an entry holds per suit (4 bits) the owners
// of the top two cards, the pin word which of those bits the entry pins: a probe tests eight entries at
// a time against the position's owners with SIMD ((filter ^ position) & pins == 0) and compares the
// whole key of those that pass only (a shape's block holds 48 entries on average).
// When the arena runs out, the table starts again empty.
//
// An entry's key holds per suit (one i32 lane each) the owners of its top k cards, two bits a card from
// bit 31 down, then a 1 bit (the sentinel, which says k), zeros below. A position's key holds the owners
// of all the suit's cards the same way, without a sentinel. The entry matches when the two agree above
// the entry's sentinel.
import { seq, agg, count, ST_SLOTS, ST_STORES, ST_PINNED, ST_INPLAY, ST_TT_RESETS, ST_NO_SHAPE } from './state';

const SLOT: usize = 8;
const HEADER: usize = 16;
/** Index slots examined from a key's home slot before giving up (lookup) or taking one over (store). */
const PROBES: u32 = 8;
const FIRST_CAP_LOG: u32 = 2;
const MAX_CAP_LOG: u32 = 8;
/** Bytes per entry in a block: filter u16, pins u16, key v128, info u32, stamp u32. */
const ENTRY: usize = 28;
/** Entries examined for replacement in a full block (a power of two dividing the capacity). */
const WINDOW: u32 = 16;

let base: usize = 0;
/** The end of the module's own heap allocations (0 until the table is first set up). */
let heapEnd: usize = 0;
let indexMask: u32 = 0;
let arenaStart: usize = 0;
let arenaTop: usize = 0;
let arenaEnd: usize = 0;
let bytes: usize = 0;
let gen: u32 = 1;

/** Set by ttProbe. */
export let probeRel: u64 = 0;
export let probeBest: i32 = -1;

let curLen: u64 = 0;
let curTag: u32 = 0;
let curHome: u32 = 0;
let curCheck: u64 = 0;
/** The home index slot's word, loaded by ttKey so that a cache miss there overlaps other work. */
let curFirst: u64 = 0;
/** The position's owners of the top two cards per suit (4 bits a suit), what filter words are tested against. */
let curWord: u32 = 0;
/** Set by findShape: the block of the shape found. */
let foundBlock: usize = 0;
let curKey: v128 = i32x4.splat(0);
/** The key state kept per search depth (32 bytes each): the search between a probe and its store keys other positions. */
const KEPT: usize = memory.data(64 * 32, 16);

/** Sets the table size (in MB, 1..256); grows memory as needed and clears the table. */
export function ttInit(mb: i32): void {
  if (mb < 1) mb = 1;
  if (mb > 256) mb = 256;
  const total = <usize>mb << 20;
  // One index slot per KB of memory (an eighth of the memory of its entries at most).
  let slots: usize = 1024;
  while (slots * 2 * 1024 <= total) slots <<= 1;
  // Above everything the module allocated at start (its StaticArrays come from the heap, after
  // __heap_base: a diagnostics build's trace buffer alone is 1 MB), asked of the allocator once.
  if (!heapEnd) heapEnd = heap.alloc(16) + 16;
  const start: usize = (heapEnd + 65535) & ~(<usize>65535);
  const pages = <i32>((start + total + 65535) >> 16);
  const have = memory.size();
  if (pages > have) memory.grow(pages - have);
  base = start;
  indexMask = <u32>slots - 1;
  arenaStart = start + slots * SLOT;
  arenaEnd = start + total;
  bytes = total;
  ttClear();
}

/** Empties the table: only the index needs clearing (an arena block is read only as far as it was written). */
export function ttClear(): void {
  memory.fill(base, 0, arenaStart - base);
  arenaTop = arenaStart;
}

export function ttBytes(): usize {
  return bytes;
}

/** Forgets every entry at once (the index is cleared and the arena reused). */
export function ttForget(): void {
  ttClear();
  ttNewGeneration();
}

export function ttNewGeneration(): void {
  gen = (gen + 1) & 0xffffff;
  if (gen == 0) gen = 1;
}

/** Keeps the current key state for `slot` (the ply), to be recalled before the store. */
export function ttKeep(slot: i32): void {
  const a = KEPT + (<usize>slot << 5);
  v128.store(a, curKey);
  store<u64>(a, curLen, 16);
  store<u32>(a, curTag, 24);
  store<u32>(a, curHome, 28);
}

/** Makes the key state kept for `slot` current again. */
export function ttRecall(slot: i32): void {
  const a = KEPT + (<usize>slot << 5);
  curKey = v128.load(a);
  curLen = load<u64>(a, 16);
  curTag = load<u32>(a, 24);
  curHome = load<u32>(a, 28);
  curCheck = (load<u64>(a, 16) * 0xD6E8FEB86659FD93 ^ <u64>curTag) | (<u64>1 << 63);
  curFirst = load<u64>(base + <usize>curHome * SLOT);
}

/** The owners of suit s's cards in play from the top, two bits each from bit 31 down. */
// @ts-ignore: decorator
@inline function ownersHigh(s: i32): u32 {
  const n = popcnt<u32>(agg(s));
  return n ? seq(s) << (32 - (n << 1)) : 0;
}

/** Computes the key of the current position with `leader` on lead (`lens`: 4 bits per hand and suit). */
export function ttKey(leader: i32, trump: i32, lens: u64): void {
  curLen = lens;
  curTag = <u32>(leader | (trump << 2) | 0x80);
  let x = lens ^ (<u64>curTag * 0x9E3779B97F4A7C15);
  x ^= x >> 31;
  x *= 0xD6E8FEB86659FD93;
  x ^= x >> 32;
  curHome = <u32>x & indexMask;
  curCheck = (lens * 0xD6E8FEB86659FD93 ^ <u64>curTag) | (<u64>1 << 63);
  curFirst = load<u64>(base + <usize>curHome * SLOT);
  let k = i32x4.splat(<i32>ownersHigh(0));
  k = i32x4.replace_lane(k, 1, <i32>ownersHigh(1));
  k = i32x4.replace_lane(k, 2, <i32>ownersHigh(2));
  curKey = i32x4.replace_lane(k, 3, <i32>ownersHigh(3));
  curWord = filterWord(curKey);
}

/** Per suit (4 bits, suit 0 lowest) the top four bits of a key's lane: the owners of the top two cards. */
// @ts-ignore: decorator
@inline function filterWord(v: v128): u32 {
  return (
    (<u32>i32x4.extract_lane(v, 0) >>> 28) |
    ((<u32>i32x4.extract_lane(v, 1) >>> 28) << 4) |
    ((<u32>i32x4.extract_lane(v, 2) >>> 28) << 8) |
    ((<u32>i32x4.extract_lane(v, 3) >>> 28) << 12)
  );
}

/** Which filter bits an entry pinning ks (4 bits a suit: cards pinned) pins: none, the top owner, or both. */
// @ts-ignore: decorator
@inline function pinWord(ks: u32): u32 {
  let w: u32 = 0;
  for (let s: u32 = 0; s < 4; s++) {
    const k = (ks >> (s << 2)) & 15;
    w |= (k >= 2 ? 15 : k == 1 ? 12 : 0) << (s << 2);
  }
  return w;
}

// Addresses in a block at `head` of capacity `cap`.
// @ts-ignore: decorator
@inline function pinsAt(head: usize, cap: usize): usize {
  return head + HEADER + (cap << 1);
}
// @ts-ignore: decorator
@inline function keysAt(head: usize, cap: usize): usize {
  return head + HEADER + (cap << 2);
}
// @ts-ignore: decorator
@inline function infosAt(head: usize, cap: usize): usize {
  return head + HEADER + (cap * 20);
}
// @ts-ignore: decorator
@inline function stampsAt(head: usize, cap: usize): usize {
  return head + HEADER + (cap * 24);
}

/**
 * The index slot of the current shape (and foundBlock its block), or 0 when it has none. A slot's
 * word: the high 32 bits of the shape's check | the block's address.
 */
// @ts-ignore: decorator
@inline function findShape(): usize {
  const want = curCheck >> 32;
  let w = curFirst;
  for (let i: u32 = 0; i < PROBES; i++) {
    const slot = base + <usize>((curHome + i) & indexMask) * SLOT;
    if (i) w = load<u64>(slot);
    if (!w) return 0;
    if ((w >> 32) == want) {
      const block = <usize>(<u32>w);
      if (load<u64>(block) == curLen && <u32>load<u8>(block, 8) == curTag) {
        foundBlock = block;
        return slot;
      }
    }
  }
  return 0;
}

/** The top k cards of the suit still in play, as a rank mask. */
// @ts-ignore: decorator
@inline function topCards(s: i32, k: i32): u64 {
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
  if (!findShape()) {
    count(ST_NO_SHAPE);
    return -1;
  }
  const head = foundBlock;
  const n = <usize>load<u16>(head, 10);
  const cap = <usize>1 << <usize>load<u8>(head, 9);
  count(ST_SLOTS, n);
  const keys = keysAt(head, cap);
  const infos = infosAt(head, cap);
  const pins = pinsAt(head, cap);
  const key = curKey;
  const one = i32x4.splat(1);
  const zero = i32x4.splat(0);
  const word = i16x8.splat(<i16>curWord);
  // For the max side's `need`: a lower bound lb of the side on lead decides when it reaches `lo`, an
  // upper bound ub when it is below `hi`.
  const lo = isMax ? need : rem - need + 1;
  let cutPinned = 99;
  let cutResult = -1;
  let cutInfo: u32 = 0;
  for (let g: usize = 0; g < n; g += 8) {
    const differs = v128.and(v128.xor(v128.load(head + HEADER + (g << 1)), word), v128.load(pins + (g << 1)));
    let bits = i16x8.bitmask(i16x8.eq(differs, zero));
    if (n - g < 8) bits &= (1 << <i32>(n - g)) - 1;
    while (bits) {
      const i = g + <usize>ctz<i32>(bits);
      bits &= bits - 1;
      const v = v128.load(keys + (i << 4));
      // The sentinel of each lane, and the bits above it (where the entry pins owners).
      const sentinel = v128.and(v, i32x4.neg(v));
      const below = i32x4.sub(i32x4.shl(sentinel, 1), one);
      if (v128.any_true(v128.andnot(v128.xor(key, v), below))) continue;
      const info = load<u32>(infos + (i << 2));
      const lb = <i32>(info & 15);
      const ub = <i32>((info >> 4) & 15);
      // lb >= lo: the side on lead surely reaches lo; ub < lo: it surely does not.
      if (lb >= lo || ub < lo) {
        const pinned = <i32>(((info >> 8) & 15) + ((info >> 12) & 15) + ((info >> 16) & 15) + ((info >> 20) & 15));
        // Of the entries that decide the test, the one pinning the fewest cards generalises best.
        if (pinned < cutPinned) {
          cutPinned = pinned;
          cutResult = (lb >= lo) == isMax ? 1 : 0;
          cutInfo = info;
        }
        continue;
      }
      const best = <i32>(info >> 24);
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
    probeRel =
      topCards(0, <i32>((cutInfo >> 8) & 15)) |
      topCards(1, <i32>((cutInfo >> 12) & 15)) |
      topCards(2, <i32>((cutInfo >> 16) & 15)) |
      topCards(3, <i32>((cutInfo >> 20) & 15));
  }
  return cutResult;
}

/** A block of 2^capLog entries from the arena, or 0 when the arena is used up. */
function allocBlock(capLog: u32): usize {
  const size = HEADER + ((<usize>ENTRY) << <usize>capLog);
  if (arenaTop + size > arenaEnd) return 0;
  const b = arenaTop;
  arenaTop += size;
  return b;
}

/**
 * Stores a bound for the current position (after ttKey) abstracted by `rel` (ranks that mattered,
 * 16 bits per suit). lb/ub are tricks of the side on lead; best = suit << 4 | rank of the best lead, or -1.
 */
export function ttStore(rel: u64, lb: i32, ub: i32, best: i32, depth: i32): void {
  count(ST_STORES);
  // The entry's key: per suit the owners of the cards down to the lowest relevant one, and the sentinel.
  let info: u32 = <u32>lb | (<u32>ub << 4);
  let v = curKey;
  let ks: u32 = 0;
  for (let s = 0; s < 4; s++) {
    const a = agg(s);
    const m = <u32>(rel >> (<u64>s << 4)) & a;
    const k: u32 = m ? popcnt<u32>(a >> ctz<u32>(m)) : 0;
    count(ST_PINNED, k);
    count(ST_INPLAY, popcnt<u32>(a));
    ks |= k << (<u32>s << 2);
  }
  info |= ks << 8;
  // Lanes one at a time (the shifts differ): owners of the top k cards, then the sentinel.
  v = i32x4.replace_lane(v, 0, laneKey(i32x4.extract_lane(v, 0), ks & 15));
  v = i32x4.replace_lane(v, 1, laneKey(i32x4.extract_lane(v, 1), (ks >> 4) & 15));
  v = i32x4.replace_lane(v, 2, laneKey(i32x4.extract_lane(v, 2), (ks >> 8) & 15));
  v = i32x4.replace_lane(v, 3, laneKey(i32x4.extract_lane(v, 3), (ks >> 12) & 15));
  let bestCode: u32 = 255;
  if (best >= 0) {
    const s = best >> 4;
    bestCode = <u32>(s << 4) | popcnt<u32>(agg(s) >> <u32>((best & 15) + 1));
  }
  const stamp: u32 = (gen << 8) | <u32>depth;

  let slot = findShape();
  if (!slot) {
    let head = allocBlock(FIRST_CAP_LOG);
    if (!head) {
      restart();
      head = allocBlock(FIRST_CAP_LOG);
    }
    store<u64>(head, curLen);
    store<u8>(head, <u8>curTag, 8);
    store<u8>(head, <u8>FIRST_CAP_LOG, 9);
    store<u16>(head, 0, 10);
    claimSlot(head);
    writeEntry(head, 0, v, ks, info | (bestCode << 24), stamp);
    return;
  }
  let head = foundBlock;
  const n = <u32>load<u16>(head, 10);
  const capLog = <u32>load<u8>(head, 9);
  const cap = <usize>1 << <usize>capLog;
  // The same abstraction already stored: merge the bounds (its filter and pin words are the same).
  const keys = keysAt(head, cap);
  const infos = infosAt(head, cap);
  const fw = i16x8.splat(<i16>filterWord(v));
  const pw = i16x8.splat(<i16>pinWord(ks));
  for (let g: usize = 0; g < <usize>n; g += 8) {
    const same = v128.and(i16x8.eq(v128.load(head + HEADER + (g << 1)), fw), i16x8.eq(v128.load(pinsAt(head, cap) + (g << 1)), pw));
    let bits = i16x8.bitmask(same);
    if (<usize>n - g < 8) bits &= (1 << <i32>(<usize>n - g)) - 1;
    while (bits) {
      const i = g + <usize>ctz<i32>(bits);
      bits &= bits - 1;
      if (!i32x4.all_true(i32x4.eq(v128.load(keys + (i << 4)), v))) continue;
      const at = infos + (i << 2);
      const old = load<u32>(at);
      let olb = <i32>(old & 15);
      let oub = <i32>((old >> 4) & 15);
      if (lb > olb) olb = lb;
      if (ub < oub) oub = ub;
      if (bestCode == 255) bestCode = old >> 24;
      store<u32>(at, <u32>olb | (<u32>oub << 4) | (ks << 8) | (bestCode << 24));
      store<u32>(stampsAt(head, cap) + (i << 2), stamp);
      return;
    }
  }
  if (<usize>n < cap) {
    writeEntry(head, n, v, ks, info | (bestCode << 24), stamp);
    return;
  }
  if (capLog < MAX_CAP_LOG) {
    const grown = allocBlock(capLog + 1);
    if (!grown) {
      restart();
      head = allocBlock(FIRST_CAP_LOG);
      store<u64>(head, curLen);
      store<u8>(head, <u8>curTag, 8);
      store<u8>(head, <u8>FIRST_CAP_LOG, 9);
      store<u16>(head, 0, 10);
      claimSlot(head);
      writeEntry(head, 0, v, ks, info | (bestCode << 24), stamp);
      return;
    }
    const newCap = cap << 1;
    memory.copy(grown, head, HEADER);
    store<u8>(grown, <u8>(capLog + 1), 9);
    memory.copy(grown + HEADER, head + HEADER, cap << 1);
    memory.copy(pinsAt(grown, newCap), pinsAt(head, cap), cap << 1);
    memory.copy(keysAt(grown, newCap), keys, cap << 4);
    memory.copy(infosAt(grown, newCap), infos, cap << 2);
    memory.copy(stampsAt(grown, newCap), stampsAt(head, cap), cap << 2);
    store<u64>(slot, (curCheck >> 32 << 32) | <u64>(<u32>grown));
    writeEntry(grown, n, v, ks, info | (bestCode << 24), stamp);
    return;
  }
  // A full block: within a window of WINDOW entries chosen by the key, replace an older generation's
  // entry, else the one with the fewest remaining tricks.
  let h = <u64>i64x2.extract_lane(v, 0) * 0x9E3779B97F4A7C15 ^ <u64>i64x2.extract_lane(v, 1) * 0xC2B2AE3D27D4EB4F;
  h ^= h >> 29;
  const start = <u32>h & (<u32>cap - WINDOW);
  let victim: u32 = start;
  let victimScore: u32 = 0xffffffff;
  const stamps = stampsAt(head, cap);
  for (let i: u32 = start; i < start + WINDOW; i++) {
    const g = load<u32>(stamps + (<usize>i << 2));
    const score: u32 = ((g >> 8) == gen ? 0x100 : 0x10) + (g & 255);
    if (score < victimScore) {
      victimScore = score;
      victim = i;
    }
  }
  writeEntry(head, victim, v, ks, info | (bestCode << 24), stamp);
}

/** One lane of an entry's key: the owners of the top k cards of a position lane, then the sentinel. */
// @ts-ignore: decorator
@inline function laneKey(owners: i32, k: u32): i32 {
  const keep = <u32>(<u64>0xffffffff << <u64>(32 - (k << 1)));
  return <i32>((<u32>owners & keep) | (<u32>1 << (31 - (k << 1))));
}

/** Points a free index slot for the current shape at `head` (the last one probed is taken over when none is free). */
function claimSlot(head: usize): void {
  let slot: usize = 0;
  for (let i: u32 = 0; i < PROBES; i++) {
    slot = base + <usize>((curHome + i) & indexMask) * SLOT;
    if (!load<u64>(slot)) break;
  }
  store<u64>(slot, (curCheck >> 32 << 32) | <u64>(<u32>head));
}

/** Writes entry i of the block at `head` (pinning ks: 4 bits a suit) and raises its count to i + 1. */
function writeEntry(head: usize, i: u32, v: v128, ks: u32, info: u32, stamp: u32): void {
  const cap = <usize>1 << <usize>load<u8>(head, 9);
  store<u16>(head + HEADER + (<usize>i << 1), <u16>filterWord(v));
  store<u16>(pinsAt(head, cap) + (<usize>i << 1), <u16>pinWord(ks));
  v128.store(keysAt(head, cap) + (<usize>i << 4), v);
  store<u32>(infosAt(head, cap) + (<usize>i << 2), info);
  store<u32>(stampsAt(head, cap) + (<usize>i << 2), stamp);
  if (i + 1 > <u32>load<u16>(head, 10)) store<u16>(head, <u16>(i + 1), 10);
}

/** The arena is used up: start again with an empty table. */
function restart(): void {
  count(ST_TT_RESETS);
  ttClear();
}
