// Double-dummy solver: the export surface of bridge.wasm (flat numeric functions; data through the
// static buffers HANDS, PLY_CARD and IO). See src/bridge/dd/ for the TypeScript API.
import { HANDS, PLY_CARD, IO, ABI_VERSION, STATS, TRACE, traceLen, setTraceDepth } from './bridge/state';
import { ttInit, ttBytes, ttNewGeneration, ttForget } from './bridge/tt';
import { setupRoot, rootValue, rootCards, testRoot, calcTable as table } from './bridge/solve';
import { nodes, resetNodes } from './bridge/search';

let ttReady = false;

/** The interface version (assembly/bridge/state.ts ABI_VERSION), checked by src/wasm/load.ts. */
export function abiVersion(): i32 {
  return ABI_VERSION;
}

/** u16 [hand * 4 + suit] 13-bit masks (bit 0 = '2', bit 12 = 'A'); hands N E S W, suits S H D C. */
export function handsPtr(): usize {
  return HANDS;
}
/** u32 per card of the current trick: suit << 4 | rank | hand << 8. */
export function trickPtr(): usize {
  return PLY_CARD;
}
/** Results: u32 table cells, or (card, tricks) pairs. */
export function ioPtr(): usize {
  return IO;
}

/** Transposition table size in MB (1..256); clears it. */
export function setMemory(mb: i32): i32 {
  ttInit(mb);
  ttReady = true;
  return <i32>(ttBytes() >> 20);
}

function ensure(): void {
  if (!ttReady) setMemory(32);
}

/**
 * Solves the position in HANDS with `played` cards of the current trick (led by `leader`) in the trick
 * buffer. Returns the most tricks the side to move takes, or -1 for inconsistent hands. With
 * `cards` != 0 also scores every legal card into IO (see cardCount()).
 */
let lastCount = 0;
let guessNext = -1;
/** A guess for the next solveBoard's value (tests start there); -1 for none. */
export function setGuess(g: i32): void {
  guessNext = g;
}
export function solveBoard(trump: i32, leader: i32, played: i32, cards: i32): i32 {
  ensure();
  const rem = setupRoot(trump, leader, played);
  if (rem < 0) return -1;
  const best = rootValue(guessNext >= 0 ? guessNext : rem >> 1);
  guessNext = -1;
  lastCount = cards ? rootCards(best) : 0;
  return best;
}

export function cardCount(): i32 {
  return lastCount;
}

/** The 4 x 5 table of the deal in HANDS into IO; returns 0, or -1 for inconsistent hands. */
export function calcTable(): i32 {
  ensure();
  return table();
}

export function nodeCount(): f64 {
  return <f64>nodes;
}

export function clearNodes(): void {
  resetNodes();
}

export function newGeneration(): void {
  ttNewGeneration();
}

// Search statistics for tuning: all zero unless bridge/state.ts DIAGNOSTICS is set when building.
export function stat(i: i32): f64 {
  return i >= 0 && i < STATS.length ? <f64>STATS[i] : 0;
}

/** Tuning: one null-window test from an empty table ("can the side to move take `target` tricks?"). */
export function testTarget(trump: i32, leader: i32, target: i32): i32 {
  ensure();
  ttForget();
  if (setupRoot(trump, leader, 0) < 0) return -1;
  return testRoot(target) ? 1 : 0;
}

/** Tuning: trace the moves tried at plies below `depth` (diagnostics builds only). */
export function traceMoves(depth: i32): void {
  setTraceDepth(depth);
}
export function traceCount(): i32 {
  return traceLen;
}
export function traceAt(i: i32): u32 {
  return TRACE[i];
}
