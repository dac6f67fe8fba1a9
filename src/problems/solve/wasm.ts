// problems.wasm access: lazy loading, FEN in, moves out, the transposition table size.
import base64 from '../../../wasm-build/problems.base64.js';
import { WasmModule } from '../../wasm/load.js';

export interface ProblemsExports extends WebAssembly.Exports {
  memory: WebAssembly.Memory;
  abiVersion(): number;
  init(): number;
  textIn(): number;
  textOut(): number;
  out(): number;
  outCap(): number;
  nodeCount(): number;
  ttResize(mib: number): number;
  ttClear(): void;
  setFen(len: number): number;
  depth(): number;
  push(m: number): number;
  pushNull(): number;
  passAtTop(): void;
  pop(): void;
  moves(): number;
  status(): number;
  san(m: number): number;
  mateIn(n: number): number;
  loses(n: number): number;
  refutations(n: number, max: number): number;
  helpLines(plies: number, max: number): number;
  intelligentLines(plies: number, max: number, kingSquare: number): number;
  plans(): number;
  countPlans(plies: number, cap: number, seriesMode: number): number;
  intelligentSeries(k: number, mode: number, max: number, kingSquare: number): number;
  selfWins(n: number): number;
  selfForced(n: number): number;
  selfRefutations(n: number, max: number): number;
  seriesLines(k: number, mode: number, max: number): number;
  atGoal(): number;
  configure(
    goal: number,
    threat: number,
    flights: number,
    quodlibet: number,
    ntExtra: number,
    ntLength: number,
    reflex: number,
  ): void;
  exclusion(white: number, black: number): void;
  clearExclusion(): void;
  setLimits(maxNodes: number, deadline: number): void;
  stopReason(): number;
}

/** The problems.wasm interface this file is written for: assembly/problems/layout.ts ABI_VERSION (bump both together). */
export const PROBLEMS_ABI = 3;

const module = new WasmModule<ProblemsExports>('problems', base64, { abiVersion: PROBLEMS_ABI });
let ready: ProblemsExports | undefined;
let tableMiB = -1;

/** Compiles problems.wasm ahead of the first solve (optional: solve compiles on first use). */
export async function initProblems(): Promise<void> {
  await module.init();
}

export function solverWasm(tableSize: number): ProblemsExports {
  if (!ready) {
    const w = module.exports();
    const code = w.init();
    if (code !== 0) throw new Error(`gamenotation: problems.wasm init failed (${code})`);
    ready = w;
  }
  if (tableSize !== tableMiB) {
    if (ready.ttResize(tableSize) !== 0) {
      tableMiB = -1;
      return ready;
    }
    tableMiB = tableSize;
  }
  return ready;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function loadFen(w: ProblemsExports, fen: string): number {
  const bytes = encoder.encode(fen);
  if (bytes.length > 2000) return 1;
  new Uint8Array(w.memory.buffer, w.textIn(), bytes.length).set(bytes);
  return w.setFen(bytes.length);
}

export function outMoves(w: ProblemsExports, count: number): number[] {
  return Array.from(new Uint32Array(w.memory.buffer, w.out(), count));
}

export function sanOf(w: ProblemsExports, m: number): string {
  const n = w.san(m);
  return decoder.decode(new Uint8Array(w.memory.buffer, w.textOut(), n));
}

const FILES = 'abcdefgh';
const square = (s: number) => FILES[s & 7]! + ((s >> 3) + 1);
const PROMO = ['', '', 'n', 'b', 'r', 'q'];

/** UCI of a packed move (castling as the king's two-square step). */
export function uciOf(m: number): string {
  const from = m & 63;
  let to = (m >> 6) & 63;
  if (m & (1 << 18)) to = to > from ? from + 2 : from - 2;
  return square(from) + square(to) + (PROMO[(m >> 12) & 7] ?? '');
}
