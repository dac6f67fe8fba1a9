// chess.wasm access: lazy loading, fixed buffers, Setup ↔ position struct conversion.
import base64 from '../../wasm-build/chess.base64.js';
import { WasmModule } from '../wasm/load.js';
import {
  COLORS,
  POCKET_ROLES,
  ROLES,
  emptyPockets,
  type Color,
  type Piece,
  type Pockets,
  type Setup,
} from './types.js';

export interface ChessExports extends WebAssembly.Exports {
  memory: WebAssembly.Memory;
  init(): number;
  abiVersion(): number;
  textIn(): number;
  textOut(): number;
  result(): number;
  posA(): number;
  posSize(): number;
  movesOut(): number;
  countsOut(): number;
  fenParse(len: number, p: number, vflags: number): number;
  fenValidate(p: number, epRaw: number): number;
  fenNormalize(p: number): void;
  fenWrite(p: number, opts: number): number;
  fenNormalizeText(len: number, vflags: number, opts: number): number;
  legalMoves(p: number): number;
  countMoves(p: number): number;
  isCheck(p: number): number;
  status(p: number): number;
  isLegal(p: number, m: number): number;
  play(p: number, m: number): void;
  perft(p: number, depth: number): number;
  perftDivide(p: number, depth: number): number;
  sanWrite(p: number, m: number): number;
  sanFind(p: number, role: number, to: number, ff: number, fr: number, promo: number, flags: number): number;
  sanPlay(p: number, role: number, to: number, ff: number, fr: number, promo: number, flags: number): number;
  zobrist(p: number): bigint;
  legalEpSquare(p: number): number;
  insufficient(p: number): number;
  movetextIn(): number;
  movetextSize(): number;
  tagsOut(): number;
  tags(len: number, at: number, line: number, lineStart: number, maxValue: number, final: number): number;
  games(
    start: number,
    len: number,
    at: number,
    line: number,
    lineStart: number,
    maxValue: number,
    maxComment: number,
    final: number,
  ): number;
  movetext(
    p: number,
    len: number,
    at: number,
    pending: number,
    line: number,
    lineStart: number,
    maxComment: number,
    final: number,
  ): number;
  O_PROMOTED: WebAssembly.Global;
  O_CASTLE: WebAssembly.Global;
  O_POCKET: WebAssembly.Global;
  O_TURN: WebAssembly.Global;
  O_EP: WebAssembly.Global;
  O_VARIANT: WebAssembly.Global;
  O_HALF: WebAssembly.Global;
  O_FULL: WebAssembly.Global;
  O_BOARD: WebAssembly.Global;
}

/** The chess.wasm interface this file is written for: assembly/chess/layout.ts ABI_VERSION (bump both together). */
export const CHESS_ABI = 4;

const module = new WasmModule<ChessExports>('chess', base64, { abiVersion: CHESS_ABI });

/** Everything the TS side needs, resolved once after instantiation. */
export interface Chess {
  w: ChessExports;
  heap: Uint8Array;
  i32: Int32Array;
  u32: Uint32Array;
  f64: Float64Array;
  dv: DataView;
  TEXT_IN: number;
  TEXT_OUT: number;
  RESULT: number; // byte address
  SLOT: number; // resident position slot
  SCRATCH: number; // parse/validate slot
  MOVES: number; // byte address
  COUNTS: number;
  POS_SIZE: number;
}

let chess: Chess | undefined;

function setup(w: ChessExports): Chess {
  readStructOffsets(w);
  const code = w.init();
  if (code !== 0) throw new Error(`gamenotation: chess.wasm init failed (${code})`);
  const buf = w.memory.buffer;
  const posA = w.posA(),
    size = w.posSize();
  return {
    w,
    heap: new Uint8Array(buf),
    i32: new Int32Array(buf),
    u32: new Uint32Array(buf),
    f64: new Float64Array(buf),
    dv: new DataView(buf),
    TEXT_IN: w.textIn(),
    TEXT_OUT: w.textOut(),
    RESULT: w.result(),
    SLOT: posA,
    SCRATCH: posA + size,
    MOVES: w.movesOut(),
    COUNTS: w.countsOut(),
    POS_SIZE: size,
  };
}

/** The ready module (compiles synchronously on first use). */
export function wasm(): Chess {
  if (!chess) chess = setup(module.exports());
  return chess;
}

/**
 * Compiles the chess wasm module asynchronously. Optional: the synchronous API compiles it on first
 * use, but a page that awaits this first keeps the compile off its first user action.
 * @example
 * ```ts
 * await initChess();
 * Position.initial().legalMoves().length; // 20
 * ```
 */
export async function initChess(): Promise<void> {
  const w = await module.init();
  if (!chess) chess = setup(w);
}

const encoder = new TextEncoder();

let textIn: Uint8Array | undefined;

/** Writes text (UTF-8) to TEXT_IN; returns its byte length, or -1 if it does not fit (2047 bytes). */
export function writeText(c: Chess, text: string): number {
  textIn ??= c.heap.subarray(c.TEXT_IN, c.TEXT_IN + 2047);
  const r = encoder.encodeInto(text, textIn);
  return r.read < text.length ? -1 : r.written;
}

const decoder = new TextDecoder();

export function readText(c: Chess, len: number): string {
  return decoder.decode(c.heap.subarray(c.TEXT_OUT, c.TEXT_OUT + len));
}

// Offsets of the position struct's fields: defined once, in assembly/chess/position.ts, and read from
// the module when it is instantiated (before any position is written or read, so always set when used).
export let O_PROMOTED = 0,
  O_CASTLE = 0,
  O_POCKET = 0,
  O_TURN = 0,
  O_EP = 0,
  O_VARIANT = 0;
export let O_HALF = 0,
  O_FULL = 0,
  O_BOARD = 0;

function readStructOffsets(w: ChessExports): void {
  O_PROMOTED = w.O_PROMOTED.value as number;
  O_CASTLE = w.O_CASTLE.value as number;
  O_POCKET = w.O_POCKET.value as number;
  O_TURN = w.O_TURN.value as number;
  O_EP = w.O_EP.value as number;
  O_VARIANT = w.O_VARIANT.value as number;
  O_HALF = w.O_HALF.value as number;
  O_FULL = w.O_FULL.value as number;
  O_BOARD = w.O_BOARD.value as number;
}
export const V_CRAZYHOUSE = 1,
  V_BUGHOUSE = 2;

const ROLE_INDEX: Record<string, number> = { pawn: 1, knight: 2, bishop: 3, rook: 4, queen: 5, king: 6 };
export function roleIndex(role: string): number {
  return ROLE_INDEX[role] ?? 0;
}

/** Writes a Setup into the struct at p. Returns the raw ep square (64 = none). */
export function writeSetup(c: Chess, p: number, s: Setup, vflags: number): number {
  const h = c.heap,
    dv = c.dv;
  h.fill(0, p, p + c.POS_SIZE);
  const bbs = new Uint32Array(16); // [8 bitboards][lo, hi]
  const promoted = [0, 0],
    castle = [0, 0];
  const board = s.board;
  for (let sq = 0; sq < 64; sq++) {
    const pc = board[sq];
    if (!pc) continue;
    const r = ROLE_INDEX[pc.role];
    if (!r) continue;
    const color = pc.color === 'black' ? 1 : 0;
    const half = sq >> 5,
      b = 1 << (sq & 31);
    bbs[color * 2 + half] |= b;
    bbs[(1 + r) * 2 + half] |= b;
    h[p + O_BOARD + sq] = r | (color << 3);
    if (pc.promoted) promoted[half] |= b;
  }
  for (let i = 0; i < 8; i++) {
    dv.setUint32(p + i * 8, bbs[i * 2], true);
    dv.setUint32(p + i * 8 + 4, bbs[i * 2 + 1], true);
  }
  for (const sq of s.castlingRights) if (sq >= 0 && sq < 64) castle[sq >> 5] |= 1 << (sq & 31);
  dv.setUint32(p + O_PROMOTED, promoted[0] >>> 0, true);
  dv.setUint32(p + O_PROMOTED + 4, promoted[1] >>> 0, true);
  dv.setUint32(p + O_CASTLE, castle[0] >>> 0, true);
  dv.setUint32(p + O_CASTLE + 4, castle[1] >>> 0, true);
  if (s.pockets) {
    for (let ci = 0; ci < 2; ci++) {
      const pk = s.pockets[COLORS[ci]];
      for (let r = 1; r <= 5; r++)
        h[p + O_POCKET + ci * 8 + r] = Math.max(0, Math.min(255, pk[POCKET_ROLES[r - 1]] | 0));
    }
  }
  h[p + O_TURN] = s.turn === 'black' ? 1 : 0;
  const ep = s.epSquare;
  const epRaw = ep !== undefined && ep >= 0 && ep < 64 ? ep : 64;
  h[p + O_EP] = epRaw === 64 ? 0 : epRaw;
  h[p + O_VARIANT] = vflags;
  dv.setUint32(p + O_HALF, Math.max(0, s.halfmoves | 0), true);
  dv.setUint32(p + O_FULL, Math.max(1, s.fullmoves | 0), true);
  return epRaw;
}

/** Reads a struct (from any byte array at offset p) into a Setup. */
export function readSetup(h: Uint8Array, p: number, withPockets: boolean, epOverride?: number): Setup {
  const board: (Piece | null)[] = new Array(64);
  const pr0 =
    h[p + O_PROMOTED] | (h[p + O_PROMOTED + 1] << 8) | (h[p + O_PROMOTED + 2] << 16) | (h[p + O_PROMOTED + 3] << 24);
  const pr1 =
    h[p + O_PROMOTED + 4] |
    (h[p + O_PROMOTED + 5] << 8) |
    (h[p + O_PROMOTED + 6] << 16) |
    (h[p + O_PROMOTED + 7] << 24);
  for (let sq = 0; sq < 64; sq++) {
    const v = h[p + O_BOARD + sq];
    if (!v) {
      board[sq] = null;
      continue;
    }
    const piece: Piece = { color: v >> 3 ? 'black' : 'white', role: ROLES[(v & 7) - 1] };
    if ((sq < 32 ? pr0 >>> sq : pr1 >>> (sq - 32)) & 1) piece.promoted = true;
    board[sq] = piece;
  }
  const castlingRights: number[] = [];
  for (let i = 0; i < 8; i++) {
    const byte = h[p + O_CASTLE + i];
    if (byte) for (let b = 0; b < 8; b++) if (byte & (1 << b)) castlingRights.push(i * 8 + b);
  }
  const setup: Setup = {
    board,
    turn: h[p + O_TURN] ? 'black' : 'white',
    castlingRights,
    halfmoves: readU32(h, p + O_HALF),
    fullmoves: readU32(h, p + O_FULL),
  };
  if (withPockets) {
    const pockets: Pockets = emptyPockets();
    for (let ci = 0; ci < 2; ci++) {
      const pk = pockets[COLORS[ci] as Color];
      for (let r = 1; r <= 5; r++) pk[POCKET_ROLES[r - 1]] = h[p + O_POCKET + ci * 8 + r];
    }
    setup.pockets = pockets;
  }
  const ep = epOverride ?? h[p + O_EP];
  if (ep && ep < 64) setup.epSquare = ep;
  return setup;
}

function readU32(h: Uint8Array, a: number): number {
  return (h[a] | (h[a + 1] << 8) | (h[a + 2] << 16) | (h[a + 3] << 24)) >>> 0;
}
