/**
 * The PGN-family grammar above the lexer: the syntax PGN and BPGN share (a tag pair's name and
 * value, NAGs and suffix annotations, game termination markers), and the one suffix → NAG table
 * of the family (PBN's annotations use it too). The lexer (lexer.ts) says what a token is; this
 * module says how tokens make these pieces. What a reader does with them (its model, its error
 * codes, how it recovers) stays the reader's: `src/pgn/parser.ts` and `src/bughouse/bpgn.ts`.
 */
import { Lexer, TOKEN_INTEGER, TOKEN_NAG, TOKEN_STRING, TOKEN_SUFFIX, TOKEN_SYMBOL, TOKEN_TAG_CLOSE } from './lexer.js';

/**
 * The suffix annotations and the NAGs they stand for (PGN standard 10: `!` is $1 … `?!` is $6). PBN
 * writes the same suffixes after a call (the NAG as is) or a card (the NAG + 6).
 */
export const SUFFIX_NAGS: Readonly<Record<string, number>> = Object.freeze({
  '!': 1,
  '?': 2,
  '!!': 3,
  '??': 4,
  '!?': 5,
  '?!': 6,
});

/** The NAG a suffix annotation stands for (`!?` → 5), or -1 for a run of `!` and `?` that is none. */
export function suffixNag(text: string): number {
  // an own-property test: `SUFFIX_NAGS['constructor']` must not be a NAG
  return Object.prototype.hasOwnProperty.call(SUFFIX_NAGS, text) ? SUFFIX_NAGS[text]! : -1;
}

/**
 * The NAG of the current token, a `$n` NAG (n as written, without a bound; -1 for a `$` without
 * digits) or a suffix annotation (`suffixNag`); -1 for any other token.
 */
export function annotationNag(lx: Lexer): number {
  if (lx.kind === TOKEN_NAG) return lx.nag;
  if (lx.kind === TOKEN_SUFFIX) return suffixNag(lx.tokenText());
  return -1;
}

/** The game termination markers in their standard spelling. */
export const GAME_RESULTS: ReadonlySet<string> = new Set(['1-0', '0-1', '1/2-1/2', '*']);

/** A termination marker token's text in standard spelling (the lexer also reads `½-½` as a draw). */
export function resultText(token: string): string {
  return token === '½-½' ? '1/2-1/2' : token;
}

/** `readTagPair`: no tag name after the `[`; the current token is what stands there instead. */
export const TAG_NO_NAME = 0;
/** `readTagPair`: a name but no quoted value after it; the current token is what stands there instead. */
export const TAG_NO_VALUE = 1;
/**
 * `readTagPair`: name and value read; the current token is the value (`lx.value()` decodes it,
 * `lx.error` says whether the lexer found it malformed), and the `]` comes next (`tagPairClosed`).
 */
export const TAG_VALUE = 2;

/** Where `readTagPair` puts the tag pair's name and the place of its `[`. */
export interface TagPairHead {
  /** The tag name as written (set when a name was read). */
  name: string;
  /** Line and column of the tag pair's `[`. */
  line: number;
  column: number;
}

/**
 * Reads a tag pair's head from its `[` (the current token): the name, a symbol (`integerNames`:
 * digits only too, as the PGN reader accepts them), then the quoted value. Returns `TAG_VALUE`,
 * `TAG_NO_NAME` or `TAG_NO_VALUE`; each reader reports the failures with its own code and
 * recovers its own way. Allocates only the name.
 */
export function readTagPair(lx: Lexer, head: TagPairHead, integerNames: boolean): number {
  head.line = lx.line;
  head.column = lx.column;
  const kind = lx.next();
  if (kind !== TOKEN_SYMBOL && !(integerNames && kind === TOKEN_INTEGER)) return TAG_NO_NAME;
  head.name = lx.tokenText();
  return lx.next() === TOKEN_STRING ? TAG_VALUE : TAG_NO_VALUE;
}

/** After `TAG_VALUE`: moves to the next token and says whether it is the tag pair's `]`. */
export function tagPairClosed(lx: Lexer): boolean {
  return lx.next() === TOKEN_TAG_CLOSE;
}
