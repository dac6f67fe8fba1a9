/**
 * The published fast path of the chess core, for game readers (PGN, BPGN) that replay many moves.
 *
 * The public API (`Position.play`, `parseSan`, `makeSan`) builds a `Move` object and a legal-move
 * list per move. A reader replaying a whole file does better to keep moves packed (the wasm core's
 * u32 encoding) from resolution to play, on a position resident in the wasm slot. These are the
 * operations it needs; other domains import them from here and never from the chess core's private
 * files (see docs/ARCHITECTURE.md).
 *
 * - Moves: `resolveSan` (SAN text → packed move or a negative code), `encodeMove` (a `Move` → packed),
 *   `playPacked`, `packedSan`, `decodeMove`.
 * - Positions: `snapshot` / `restore` (a position's bytes, to keep or to load back).
 * - Slot level, for readers that keep their own positions in wasm slots (the bughouse match):
 *   the wasm handle, the SAN lexer and the byte offsets of a position record.
 */
import { Position, decodeMove } from './position.js';
import { lexSan, parts, S_DROP, S_STRICT } from './sanparts.js';
import { O_BOARD, O_FULL, O_POCKET, O_PROMOTED, O_TURN, readSetup, readText, wasm, type Chess } from './wasm.js';

/** `resolveSan` codes: no legal move matches, more than one does, the text is not SAN. */
export const SAN_ILLEGAL = -1;
export const SAN_AMBIGUOUS = -2;
export const SAN_SYNTAX = -3;

/** The packed legal move that SAN text means in `pos` (≥ 0), or `SAN_ILLEGAL`, `SAN_AMBIGUOUS`, `SAN_SYNTAX`. */
export function resolveSan(pos: Position, text: string): number {
  if (lexSan(text) !== 0) return SAN_SYNTAX;
  const c = wasm();
  return c.w.sanFind(pos._load(c), parts.role, parts.to, parts.ff, parts.fr, parts.promo, parts.flags);
}

/** The packed legal move equal to `move` in `pos`, or -1. */
export function encodeMove(pos: Position, move: Parameters<Position['_encode']>[0]): number {
  return pos._encode(move);
}

/** Plays a packed legal move of `pos` in place. */
export function playPacked(pos: Position, m: number): void {
  pos._playPacked(m);
}

/**
 * Canonical SAN of a packed legal move of `pos`. When it equals `reuse` (usually the text the move
 * was read from), that string is returned and nothing is allocated.
 */
export function packedSan(pos: Position, m: number, reuse = ''): string {
  const c = wasm();
  const len = c.w.sanWrite(pos._load(c), m);
  return sameText(c.heap, c.TEXT_OUT, len, reuse) ? reuse : readText(c, len);
}

function sameText(heap: Uint8Array, at: number, len: number, text: string): boolean {
  if (text.length !== len) return false;
  for (let i = 0; i < len; i++) if (heap[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** The bytes of a position (a copy: keep it, then `restore` it into any position of the same variant). */
export function snapshot(pos: Position): Uint8Array {
  return pos._snapshot().slice();
}

/** Sets `pos` to a snapshot taken with `snapshot` (from a position of the same variant). */
export function restore(pos: Position, bytes: Uint8Array): void {
  pos._restore(bytes);
}

/** Whether `pos` plays Chess960 castling (its packed castles decode as king-takes-rook). */
export function isChess960(pos: Position): boolean {
  return pos._chess960;
}

/** Whether this build of the chess core has the internal hooks the fast path uses. */
export const fastPathPresent =
  typeof (Position.prototype as { _load?: unknown })._load === 'function' &&
  typeof (Position.prototype as { _playPacked?: unknown })._playPacked === 'function' &&
  typeof (Position.prototype as { _encode?: unknown })._encode === 'function';

export {
  decodeMove,
  lexSan,
  parts,
  S_DROP,
  S_STRICT,
  wasm,
  readSetup,
  O_BOARD,
  O_FULL,
  O_POCKET,
  O_PROMOTED,
  O_TURN,
  type Chess,
};
