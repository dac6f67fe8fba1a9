// Shared solver state: 13-bit suit masks per hand, the aggregate of cards still in play per suit,
// the relative-rank owner sequence per suit (the transposition-table key), and fixed static buffers.
// Ranks: bit 0 = '2' … bit 12 = 'A'. Suits: 0 S, 1 H, 2 D, 3 C; trump 4 = no trump. Hands: 0 N, 1 E, 2 S, 3 W.

/**
 * Version of bridge.wasm's interface: export signatures and the formats of HANDS, PLY_CARD and IO
 * below. src/bridge/dd/engine.ts says which version it is written for (BRIDGE_ABI) and src/wasm/load.ts
 * refuses any other module (ERR_WASM_ABI). Bump both when the interface changes.
 */
export const ABI_VERSION: i32 = 1;

/** Search statistics (node kinds, cut positions, table fill) for tuning; off in the release build. */
export const DIAGNOSTICS = false;

/** The statistics counters (see DIAGNOSTICS), read through bridge.wasm's stat(i). */
export const STATS = new StaticArray<u64>(160);
export const ST_PROBE = 0; // table probes
export const ST_TT_CUT = 1; // probes that decided the node
export const ST_QT_CUT = 2; // quick-trick cut-offs
export const ST_LT_CUT = 3; // later-trick (trump control) cut-offs
export const ST_2ND_CUT = 4; // second hand's sure trick(s)
export const ST_EXPANDED = 5; // trick starts whose moves were searched
export const ST_STORES = 6; // table stores
export const ST_PINNED = 7; // cards pinned by stored entries (sum)
export const ST_INPLAY = 8; // cards in play at stores (sum)
export const ST_SLOTS = 9; // slots scanned by probes (sum)
export const ST_ROOT_TESTS = 10; // null-window tests at the root
export const ST_TT_RESETS = 11; // times the table filled up and started again empty
export const ST_NO_SHAPE = 12; // probes that found no entry of the position's shape
export const ST_CUT_FIRST = 16; // + pos: cut-offs by the first move tried
export const ST_CUT_LATER = 20; // + pos: cut-offs by a later move
export const ST_ALL_NODE = 24; // + pos: nodes where every move failed
export const ST_MOVES_TRIED = 28; // + pos: moves searched
export const ST_NODES_AT = 32; // + pos * 14 + tricks left: nodes
export const ST_EXPANDED_AT = 88; // + tricks left: trick starts whose moves were searched
export const ST_TT_CUT_AT = 102; // + tricks left
export const ST_QT_CUT_AT = 116; // + tricks left
export const ST_LT_CUT_AT = 130; // + tricks left
export const ST_TRIED_AT = 144; // + tricks left: leads searched

/** Diagnostics: a trace of the moves tried near the root (ply, card | hand << 8, result, nodes), 4 u32 each. */
export const TRACE = new StaticArray<u32>(DIAGNOSTICS ? 4 * 65536 : 4);
export let traceLen: i32 = 0;
export let traceDepth: i32 = 0;
export function setTraceDepth(d: i32): void {
  traceDepth = d;
  traceLen = 0;
}
// @ts-ignore: decorator
@inline export function trace(ply: i32, card: u32, res: u32, nodes: u32): void {
  if (DIAGNOSTICS && ply < traceDepth && traceLen < 65536) {
    const i = traceLen << 2;
    unchecked(TRACE[i] = <u32>ply);
    unchecked(TRACE[i + 1] = card);
    unchecked(TRACE[i + 2] = res);
    unchecked(TRACE[i + 3] = nodes);
    traceLen++;
  }
}

// @ts-ignore: decorator
@inline export function count(i: i32, by: u64 = 1): void {
  if (DIAGNOSTICS) unchecked(STATS[i] += by);
}

/** u16 [hand*4 + suit]: cards each hand still holds. */
export const HANDS: usize = memory.data(64, 16);
/** u16 [suit]: cards not yet quitted (the hands plus the cards on the table in the current trick). */
export const AGG: usize = memory.data(16, 16);
/**
 * u32 [suit]: owners (2 bits each) of the cards in AGG from the lowest up, with a sentinel 1 bit above:
 * exactly the relative ranks of the suit, so positions that differ only in absolute ranks share a key.
 */
export const SEQ: usize = memory.data(16, 16);
/** u32 per ply: card (suit << 4 | rank) | hand << 8 — the cards of the current trick are read back here. */
export const PLY_CARD: usize = memory.data(64 * 4, 16);
/** Move lists: 16 u32 per ply. */
export const MOVES: usize = memory.data(64 * 16 * 4, 16);
/** I/O area shared with JavaScript (see assembly/bridge.ts). */
export const IO: usize = memory.data(4096, 16);

// @ts-ignore: decorator
@inline export function hm(h: i32, s: i32): u32 {
  return <u32>load<u16>(HANDS + ((<usize>((h << 2) + s)) << 1));
}
// @ts-ignore: decorator
@inline export function setHm(h: i32, s: i32, m: u32): void {
  store<u16>(HANDS + ((<usize>((h << 2) + s)) << 1), <u16>m);
}
// @ts-ignore: decorator
@inline export function agg(s: i32): u32 {
  return <u32>load<u16>(AGG + ((<usize>s) << 1));
}
// @ts-ignore: decorator
@inline export function setAgg(s: i32, m: u32): void {
  store<u16>(AGG + ((<usize>s) << 1), <u16>m);
}
// @ts-ignore: decorator
@inline export function seq(s: i32): u32 {
  return load<u32>(SEQ + ((<usize>s) << 2));
}
// @ts-ignore: decorator
@inline export function setSeq(s: i32, v: u32): void {
  store<u32>(SEQ + ((<usize>s) << 2), v);
}
/** Index of the highest set bit, -1 for 0. */
// @ts-ignore: decorator
@inline export function msb(m: u32): i32 {
  return 31 - <i32>clz<u32>(m);
}
/** Cards held by a hand in all suits. */
// @ts-ignore: decorator
@inline export function handCount(h: i32): i32 {
  return <i32>(popcnt<u32>(hm(h, 0)) + popcnt<u32>(hm(h, 1)) + popcnt<u32>(hm(h, 2)) + popcnt<u32>(hm(h, 3)));
}

/** Removes card rank r of suit s from the relative-rank sequence and the aggregate. */
// @ts-ignore: decorator
@inline export function quitCard(s: i32, r: i32): void {
  const a = agg(s);
  const p = popcnt<u32>(a & ((1 << r) - 1));
  const low: u32 = (1 << (p << 1)) - 1;
  const q = seq(s);
  setSeq(s, (q & low) | ((q >> 2) & ~low));
  setAgg(s, a & ~(<u32>1 << r));
}

/** Rebuilds AGG and SEQ from the hands plus the `played` cards of the current trick (PLY_CARD[0..played)). */
export function rebuildRelative(played: i32): void {
  for (let s = 0; s < 4; s++) {
    let a: u32 = hm(0, s) | hm(1, s) | hm(2, s) | hm(3, s);
    for (let i = 0; i < played; i++) {
      const c = load<u32>(PLY_CARD + (<usize>i << 2));
      if (<i32>((c >> 4) & 3) == s) a |= <u32>1 << (c & 15);
    }
    setAgg(s, a);
    let q: u32 = 1;
    for (let r = 12; r >= 0; r--) {
      if (!(a & (<u32>1 << r))) continue;
      let owner = 0;
      for (let h = 0; h < 4; h++) if (hm(h, s) & (<u32>1 << r)) owner = h;
      for (let i = 0; i < played; i++) {
        const c = load<u32>(PLY_CARD + (<usize>i << 2));
        if (<i32>((c >> 4) & 3) == s && <i32>(c & 15) == r) owner = <i32>((c >> 8) & 3);
      }
      q = (q << 2) | <u32>owner;
    }
    setSeq(s, q);
  }
}
