/**
 * The line rules of the PGN family, written once for every scanner of the text layer: the token
 * lexer (lexer.ts, UTF-16 text), the byte-level game splitter (split.ts), the record scanner
 * (records.ts) and the chunk-boundary finder of blank-line-separated records (record-split.ts).
 * Scanners over bytes and over UTF-16 text use the same predicates: every character involved is
 * ASCII, so a byte and a UTF-16 code unit compare alike.
 *
 * - A line ends at LF, at CRLF (one line end) or at a lone CR.
 * - Blanks are space, tab, vertical tab and form feed (white space that does not end a line).
 * - `%` starts an escape line (PGN section 6) in column 1, or after only blanks on its line when
 *   indented escapes are accepted; the escape runs to the end of the line.
 * - `;` starts a comment to the end of the line wherever a token may start: outside strings and
 *   brace comments (the scanners know where they are; the rule is that nothing else ends it).
 */

export const CH_LF = 10;
export const CH_CR = 13;
/** `%` */
export const CH_ESCAPE = 37;
/** `;` */
export const CH_LINE_COMMENT = 59;

/** Whether `c` ends a line (LF or CR; a CR followed by LF is one line end: see `lineEndLength`). */
export function isLineEnd(c: number): boolean {
  return c === CH_LF || c === CH_CR;
}

/** Whether `c` is a blank: white space that does not end a line. */
export function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 11 || c === 12;
}

/** How many units the line end at `c` (followed by `next`) takes: 2 for CRLF, 1 for LF or a lone CR, 0 for none. */
export function lineEndLength(c: number, next: number): number {
  if (c === CH_LF) return 1;
  if (c === CH_CR) return next === CH_LF ? 2 : 1;
  return 0;
}

/**
 * Whether a `%` starts an escape line: `column1` when it is the first character of its line,
 * `afterBlanks` when only blanks precede it there, `indented` when the scanner accepts an indented
 * escape (a warning in PGN; the standard wants column 1).
 */
export function startsEscapeLine(column1: boolean, afterBlanks: boolean, indented: boolean): boolean {
  return column1 || (indented && afterBlanks);
}

/** Offset of the line end at or after `from` in `text` (its length when the last line has none). */
export function restOfLine(text: string, from: number): number {
  const n = text.length;
  let p = from;
  // a plain charCodeAt scan: linear whatever the string's representation
  while (p < n) {
    const c = text.charCodeAt(p);
    if (c === CH_LF || c === CH_CR) break;
    p++;
  }
  return p;
}

/** `restOfLine` over bytes, up to `end`. */
export function restOfLineBytes(bytes: Uint8Array, from: number, end = bytes.length): number {
  let p = from;
  while (p < end) {
    const c = bytes[p]!;
    if (c === CH_LF || c === CH_CR) break;
    p++;
  }
  return p;
}

/** Line ends in `bytes[from, to)` (a CRLF counts once). */
export function countLineEndsBytes(bytes: Uint8Array, from: number, to: number): number {
  let n = 0;
  for (let i = bytes.indexOf(CH_LF, from); i >= 0 && i < to; i = bytes.indexOf(CH_LF, i + 1)) n++;
  // CR-only or mixed line ends are rare: a second native search, within the range, finds the lone CRs
  const range = bytes.subarray(from, to);
  for (let i = range.indexOf(CH_CR); i >= 0; i = range.indexOf(CH_CR, i + 1)) if (bytes[from + i + 1] !== CH_LF) n++;
  return n;
}
