import { err, notationError, ok, type NotationError, type Result, type Validation } from '../errors.js';
import { FEN_SYNTAX, POS_FLAGS } from './codes.js';
import type { Setup, Variant } from './types.js';
import { readSetup, readText, V_CRAZYHOUSE, V_BUGHOUSE, wasm, writeSetup, writeText, type Chess } from './wasm.js';
import { resultBoundary, resultsBoundary } from '../text/boundary.js';

/** FEN of the standard starting position. */
export const INITIAL_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
export const W_SHREDDER = 1,
  W_PROMOTED = 2,
  W_POCKET = 4,
  W_LEGAL_EP = 8;

export function variantFlags(variant: Variant | undefined, bughouse?: boolean): number {
  return variant === 'crazyhouse' ? V_CRAZYHOUSE | (bughouse ? V_BUGHOUSE : 0) : 0;
}

/** Parses FEN text into the scratch slot; returns the raw ep square or a syntax error. */
export function parseIntoScratch(c: Chess, fen: string, vflags: number): Result<{ epRaw: number; pocket: boolean }> {
  if (typeof fen !== 'string') throw new TypeError('FEN must be a string');
  const len = writeText(c, fen);
  if (len < 0) return err(notationError('ERR_FEN_TOO_LONG', 'FEN longer than 2047 bytes', 1, 2048));
  const code = c.w.fenParse(len, c.SCRATCH, vflags);
  const r = c.RESULT >> 2;
  if (code) {
    const [name, message] = FEN_SYNTAX[code] ?? ['ERR_FEN_BOARD', 'invalid FEN'];
    return err(notationError(name, message, 1, c.i32[r + 1]));
  }
  return ok({ epRaw: c.i32[r + 2], pocket: c.i32[r + 3] === 1 });
}

/** FEN syntax only (X-FEN, Shredder-FEN, crazyhouse pockets as `[..]` or a 9th rank, `~`). */
export function parseFen(fen: string): Result<Setup, NotationError> {
  return resultBoundary('parseFen', () => parseFenUnchecked(fen));
}

function parseFenUnchecked(fen: string): Result<Setup, NotationError> {
  const c = wasm();
  const parsed = parseIntoScratch(c, fen, 0);
  if (!parsed.ok) return parsed;
  return ok(readSetup(c.heap, c.SCRATCH, parsed.value.pocket, parsed.value.epRaw));
}

/** Writes a Setup as FEN (Shredder castling letters and promoted-piece marks on request). */
export function makeFen(setup: Setup, opts?: { shredder?: boolean; promoted?: boolean }): string {
  const c = wasm();
  writeSetup(c, c.SCRATCH, setup, 0);
  let flags = 0;
  if (opts?.shredder) flags |= W_SHREDDER;
  if (opts?.promoted ?? setup.pockets !== undefined) flags |= W_PROMOTED;
  if (setup.pockets) flags |= W_POCKET;
  return readText(c, c.w.fenWrite(c.SCRATCH, flags));
}

export function flagsToErrors(flags: number): NotationError[] {
  const out: NotationError[] = [];
  for (const [bit, code, message] of POS_FLAGS) {
    if (flags & bit && !out.some((e) => e.code === code)) out.push(notationError(code, message));
  }
  return out;
}

/**
 * Every problem of a setup at once (no errors = a legal position). FEN has no dialects, so
 * `warnings` is always empty; the shape is every validator's.
 * @example
 * ```ts
 * const setup = parseFen('8/8/8/8/8/8/8/8 w - - 0 1');
 * if (setup.ok) validateSetup(setup.value).errors.map((e) => e.code); // ['ERR_POS_KINGS']
 * ```
 */
export function validateSetup(setup: Setup, variant?: Variant, opts?: { bughouse?: boolean }): Validation {
  const c = wasm();
  const epRaw = writeSetup(c, c.SCRATCH, setup, variantFlags(variant, opts?.bughouse));
  return { errors: flagsToErrors(c.w.fenValidate(c.SCRATCH, epRaw)), warnings: [] };
}

/**
 * Fast path: parse, validate and write back normalized FEN in one wasm call. Returns the FEN or
 * the first syntax error / the validation errors.
 */
export function normalizeFen(
  fen: string,
  opts?: { variant?: Variant; shredder?: boolean },
): Result<string, NotationError[]> {
  return resultsBoundary('normalizeFen', () => normalizeFenUnchecked(fen, opts));
}

function normalizeFenUnchecked(
  fen: string,
  opts?: { variant?: Variant; shredder?: boolean },
): Result<string, NotationError[]> {
  const c = wasm();
  const len = writeText(c, fen);
  if (len < 0) return err([notationError('ERR_FEN_TOO_LONG', 'FEN longer than 2047 bytes', 1, 2048)]);
  const vflags = variantFlags(opts?.variant);
  const n = c.w.fenNormalizeText(len, vflags, (opts?.shredder ? W_SHREDDER : 0) | (vflags ? W_PROMOTED : 0));
  if (n < 0) {
    const [name, message] = FEN_SYNTAX[-n] ?? ['ERR_FEN_BOARD', 'invalid FEN'];
    return err([notationError(name, message, 1, c.i32[(c.RESULT >> 2) + 1])]);
  }
  if (n === 0) return err(flagsToErrors(c.i32[(c.RESULT >> 2) + 4]));
  return ok(c.i32[(c.RESULT >> 2) + 5] === 1 ? fen : readText(c, n));
}
