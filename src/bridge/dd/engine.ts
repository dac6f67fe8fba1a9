// The wasm double-dummy engine (assembly/bridge.ts): loading and the flat calls.
import { WasmModule } from '../../wasm/load.js';
import base64 from '../../../wasm-build/bridge.base64.js';

export interface BridgeExports extends WebAssembly.Exports {
  memory: WebAssembly.Memory;
  abiVersion(): number;
  handsPtr(): number;
  trickPtr(): number;
  ioPtr(): number;
  setMemory(mb: number): number;
  solveBoard(trump: number, leader: number, played: number, cards: number): number;
  cardCount(): number;
  calcTable(): number;
  nodeCount(): number;
  clearNodes(): void;
  newGeneration(): void;
}

/** The bridge.wasm interface this code is written for: assembly/bridge/state.ts ABI_VERSION (bump both together). */
export const BRIDGE_ABI = 1;

export const bridgeWasm = new WasmModule<BridgeExports>('bridge', base64, { abiVersion: BRIDGE_ABI });

/** Compiles the solver ahead of the first call (optional: the sync API compiles on first use). */
export function initBridge(): Promise<unknown> {
  return bridgeWasm.init();
}

let memoryMb = 0;
const DEFAULT_MB = 64;

/** Sets the transposition-table size in MB (1..256, default 64); clears the table. */
export function setDDMemory(mb: number): number {
  if (!Number.isFinite(mb) || mb < 1 || mb > 256) throw new RangeError('setDDMemory: 1..256 MB');
  memoryMb = bridgeWasm.exports().setMemory(Math.floor(mb));
  return memoryMb;
}

export function engine(): BridgeExports {
  const x = bridgeWasm.exports();
  if (!memoryMb) memoryMb = x.setMemory(DEFAULT_MB);
  return x;
}
