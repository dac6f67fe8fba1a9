// Double-dummy solver: the export surface of bridge.wasm (flat numeric functions; data through the
// static buffers HANDS, PLY_CARD and IO). See src/bridge/dd/ for the TypeScript API.
import { HANDS, PLY_CARD, IO, ABI_VERSION } from './bridge/state';
import { ttInit, ttBytes, ttNewGeneration, statK, statN, statStores } from './bridge/tt';
import { setupRoot, rootValue, rootCards, calcTable as table } from './bridge/solve';
import { expandedAt, cutFirst, cutLater, allNode, nodes, resetNodes, stat0, statHit, statCut, statQt } from './bridge/search';

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
export function stats(i: i32): f64 {
  return <f64>(i == 0 ? stat0 : i == 1 ? statHit : i == 2 ? statCut : i == 3 ? statQt : i == 4 ? statK : i == 5 ? statN : statStores);
}

export function ordStat(k: i32, pos: i32): f64 {
  return <f64>(k == 0 ? cutFirst[pos] : k == 1 ? cutLater[pos] : allNode[pos]);
}

export function expStat(r: i32): f64 {
  return <f64>expandedAt[r];
}
