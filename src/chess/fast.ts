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
export { uciMove } from './san.js';
export { squareFromName } from './types.js';
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

/**
 * The scan state of `playMovetext`, read and written by it: `pos` (a UTF-16 offset in the text),
 * the line holding it and the offset where that line starts, the pending move (-1: none), and the
 * number of moves it resolved.
 */
export interface MovetextRun {
  pos: number;
  line: number;
  lineStart: number;
  pending: number;
  moves: number;
  /** Longest comment it steps over (a longer one is left to the reader, for its error). */
  maxComment: number;
  /**
   * In and out: the last move number of the main line (0: none yet; -1: not tracked, in a
   * variation) and the moves since it. It stops before a number that goes backwards, or comes again
   * after both moves it numbers: there the next game starts.
   */
  number: number;
  since: number;
}

const STOP_NON_ASCII = 2;
const NON_ASCII = /[^\0-\x7f]/;
const STOP_WINDOW = 1;
const encoder = new TextEncoder();
/** The stretch of text held in wasm memory (MOVETEXT) as bytes: `winText[winStart…]`, `winLen` bytes. */
let winText = '';
let winStart = 0;
let winLen = 0;
let winFinal = false;
/** Offsets below `winStart + winValid` are the same in the text and in the bytes (ASCII so far). */
let winValid = 0;
let winDest: Uint8Array | undefined;

const WINDOW_MIN = 8192;

/**
 * Copies a stretch of `text` from `from` into wasm memory: up to a blank line before a `[` (most
 * likely where a game starts) some way on, or the buffer's size. With `whole`, as many whole games
 * as the buffer holds: up to the last blank line before a `[` in it.
 */
function loadWindow(c: Chess, text: string, from: number, whole = false): void {
  winDest ??= c.heap.subarray(c.w.movetextIn(), c.w.movetextIn() + c.w.movetextSize());
  let end: number;
  if (whole && text.length - from > winDest.length) {
    end = text.lastIndexOf('\n\n[', from + winDest.length - 3);
    end = end > from ? end + 2 : from + winDest.length;
  } else if (whole) end = text.length;
  else {
    // A few games' worth at least (about 8 KiB), so that the next games find their text loaded.
    end = text.indexOf('\n\n[', from + WINDOW_MIN);
    end = end < 0 ? text.length : end + 2;
    if (end - from > winDest.length) end = from + winDest.length;
  }
  const piece = from === 0 && end === text.length ? text : text.substring(from, end);
  const r = encoder.encodeInto(piece, winDest);
  winText = text;
  winStart = from;
  winLen = r.written;
  // Past the first non-ASCII character bytes and UTF-16 offsets part (wasm stops at its first byte).
  winValid = r.written === r.read ? r.written : piece.search(NON_ASCII);
  winFinal = from + r.read === text.length;
}

/** The scan state of `playGames` (see `MovetextRun`), and what it read: whole games and their moves. */
export interface GamesRun {
  pos: number;
  line: number;
  lineStart: number;
  /** Longest tag value and comment to step over (longer ones are the reader's, for their errors). */
  maxValue: number;
  maxComment: number;
  games: number;
  moves: number;
}

/** A window that begins this near its end (in bytes) is loaded afresh when it holds no whole game. */
const GAMES_RELOAD = 16384;

/**
 * One `games` call on the stretch in wasm memory (`len` bytes, whose first is offset `base` of the
 * input) from its offset `at`: the games it takes are added to `run`, which moves past them.
 */
function gamesAt(c: Chess, p: number, len: number, at: number, base: number, final: boolean, run: GamesRun): number {
  const n = c.w.games(p, len, at, run.line, run.lineStart - base, run.maxValue, run.maxComment, final ? 1 : 0);
  if (n > 0) {
    const r = c.RESULT >> 2;
    run.games += n;
    run.moves += c.i32[r + 24]!;
    run.pos = base + c.i32[r + 16]!;
    run.line = c.i32[r + 18]!;
    run.lineStart = base + c.i32[r + 19]!;
  }
  return n;
}

/**
 * Reads whole plain games of `text` from `run.pos` in wasm (assembly/chess/movetext.ts), each
 * replayed from `start` (a standard starting position, left as it is): the tags of the plain shape
 * (no FEN, SetUp or Variant), plain movetext as `playMovetext` reads it, a termination marker. It
 * stops at the start of the first game that is anything else, which the caller then reads itself;
 * every game it takes is one a validating reader reads without an error or a warning.
 */
export function playGames(start: Position, text: string, run: GamesRun): void {
  const c = wasm();
  const p = start._load(c);
  run.games = 0;
  run.moves = 0;
  for (;;) {
    let fresh = false;
    if (text !== winText || run.pos < winStart || run.pos - winStart >= winValid) {
      loadWindow(c, text, run.pos, true);
      fresh = true;
    }
    const at = run.pos - winStart;
    if (gamesAt(c, p, winLen, at, winStart, winFinal, run) > 0) continue;
    // No whole game here: perhaps only because the window ends soon after `at`.
    if (fresh || winFinal || winLen - at > GAMES_RELOAD) break;
    winValid = 0;
  }
}

/**
 * `playGames` over bytes rather than text: `run.pos`, `run.lineStart` and what comes back are byte
 * offsets. Only ASCII is read (wasm stops before the first byte of 128 or more), where byte offsets
 * and columns are the same; the caller reads the rest as text. Each stretch is copied into wasm
 * memory as it is, so nothing is decoded or allocated for the games taken.
 */
export function playGamesInBytes(start: Position, bytes: Uint8Array, run: GamesRun): void {
  const c = wasm();
  const p = start._load(c);
  const size = c.w.movetextSize();
  const dest = c.w.movetextIn();
  // The text window of the other readers is overwritten here.
  winText = '';
  winValid = 0;
  run.games = 0;
  run.moves = 0;
  while (run.pos < bytes.length) {
    const from = run.pos;
    const len = Math.min(bytes.length - from, size);
    c.heap.set(bytes.subarray(from, from + len), dest);
    if (gamesAt(c, p, len, 0, from, from + len === bytes.length, run) === 0) break;
  }
}

/**
 * Reads plain movetext of `text` from `run.pos` and plays its moves on `pos` in wasm
 * (assembly/chess/movetext.ts): white space, move numbers, periods, `{…}` comments and SAN moves
 * in their common shapes. It stops before any other token (a result, a variation, a NAG, a move it
 * does not resolve, non-ASCII text, …), which the caller then reads itself. The last move stays
 * pending (`run.pending`), as a reader keeps it for a variation that may follow.
 */
export function playMovetext(pos: Position, text: string, run: MovetextRun): void {
  const c = wasm();
  const p = pos._load(c);
  const pendingIn = run.pending;
  let from = run.pos;
  let line = run.line;
  let lineStart = run.lineStart;
  let pending = pendingIn;
  let moves = 0;
  const r = c.RESULT >> 2;
  for (;;) {
    let fresh = false;
    if (text !== winText || from < winStart || from - winStart >= winValid) {
      loadWindow(c, text, from);
      fresh = true;
    }
    const at = from - winStart;
    c.i32[r + 21] = run.number;
    c.i32[r + 22] = run.since;
    moves += c.w.movetext(p, winLen, at, pending, line, lineStart - winStart, run.maxComment, winFinal ? 1 : 0);
    const stop = c.i32[r + 16]!;
    pending = c.i32[r + 17]!;
    line = c.i32[r + 18]!;
    lineStart = c.i32[r + 19]! + winStart;
    const why = c.i32[r + 20]!;
    run.number = c.i32[r + 21]!;
    run.since = c.i32[r + 22]!;
    if (why === STOP_NON_ASCII) winValid = stop;
    from = winStart + stop;
    if (why !== STOP_WINDOW || winFinal) break;
    // The stretch ran out: go on with the next one, unless a fresh one could not hold the token.
    if (stop === at && fresh) break;
    winValid = 0;
  }
  if (moves > 0 || pending !== pendingIn) pos._dirty = true;
  run.pos = from;
  run.line = line;
  run.lineStart = lineStart;
  run.pending = pending;
  run.moves = moves;
}

/** The scan state of `readTags` (see `MovetextRun`) and the tags it read: 4 offsets each. */
export interface TagRun {
  pos: number;
  line: number;
  lineStart: number;
  /** Out: tags read; `records[4 * i …]` = name start, name end, value start, value end. */
  count: number;
  readonly records: Int32Array;
}

/** Most tags `readTags` reads in one call (the size of its record buffer). */
export const MAX_TAG_RUN = 64;

/**
 * Reads the tag section of `text` from the `[` at `run.pos` in wasm while its tags have the plain
 * one-line shape (`[Name "value"]`, ASCII, no escapes, no name twice; assembly/chess/movetext.ts),
 * up to the white space after the last one. Anything else is left to the caller.
 */
export function readTags(text: string, run: TagRun, maxValue: number): void {
  const c = wasm();
  if (text !== winText || run.pos < winStart || run.pos - winStart >= winValid) loadWindow(c, text, run.pos);
  const n = c.w.tags(winLen, run.pos - winStart, run.line, run.lineStart - winStart, maxValue, winFinal ? 1 : 0);
  run.count = n;
  if (n === 0) return;
  const r = c.RESULT >> 2;
  run.pos = c.i32[r + 16]! + winStart;
  run.line = c.i32[r + 18]!;
  run.lineStart = c.i32[r + 19]! + winStart;
  const base = c.w.tagsOut() >> 2;
  for (let i = 0; i < 4 * n; i++) run.records[i] = c.i32[base + i]! + winStart;
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
