/**
 * Lines of a text that arrives whole or in pieces, by the family's line rule (escape.ts: a line
 * ends at LF, CRLF or a lone CR), for line-oriented readers (AIF, PBI). A line cut between pieces
 * is carried over to the next one, a CRLF cut after its CR included, so the lines and their numbers
 * are the same whatever the chunking. A line longer than `maxLineLength` is handed over once, cut
 * at the point where it passed the bound (the reader reports it), and the rest of it is skipped
 * without being kept: memory stays bounded by one line and one piece.
 *
 * PBI also ends lines at NEL (U+0085) and LS (U+2028) and writes each line back with the line end
 * it had: `unicodeLineEnds` adds the two, and every line is handed over with its line end.
 */
import { CH_CR, CH_LF, lineEndLength, restOfLine } from './escape.js';

const CH_NEL = 0x85;
const CH_LS = 0x2028;

/** Options of `LineSplitter` beyond the bound on line length. */
export interface LineSplitterOptions {
  /** Lines also end at NEL (U+0085) and LS (U+2028), as in PBI (default: LF, CRLF and CR only). */
  unicodeLineEnds?: boolean;
  /** Keep a byte order mark at the start of the text (default: dropped). */
  keepBom?: boolean;
}

/** Offset of the line end at or after `from`, with NEL and LS as line ends too. */
function restOfLineUnicode(text: string, from: number): number {
  const n = text.length;
  let p = from;
  while (p < n) {
    const c = text.charCodeAt(p);
    if (c === CH_LF || c === CH_CR || c === CH_NEL || c === CH_LS) break;
    p++;
  }
  return p;
}

/** The line end at `e` (`c` is its first unit, `next` the one after) as text. */
function lineEndText(c: number, next: number): string {
  if (c === CH_LF) return '\n';
  if (c === CH_CR) return next === CH_LF ? '\r\n' : '\r';
  return String.fromCharCode(c);
}

/** Splits text into lines by the family's rule, piece by piece; see the module comment. */
export class LineSplitter {
  private carry = '';
  private line = 1;
  private started: boolean;
  /** Inside a line that went past the bound: skipped up to its end. */
  private skipping = false;
  private readonly unicode: boolean;

  /**
   * `onLine` gets each line without its line end, its number (1-based) and the line end that
   * followed it (`''` for a last line without one, and for a line cut at the bound).
   */
  constructor(
    private readonly onLine: (text: string, line: number, end: string) => void,
    private readonly maxLineLength = Infinity,
    options: LineSplitterOptions = {},
  ) {
    this.unicode = options.unicodeLineEnds === true;
    this.started = options.keepBom === true;
  }

  /** The number the next line will get (1-based). */
  get nextLine(): number {
    return this.line;
  }

  private restOfLine(s: string, from: number): number {
    return this.unicode ? restOfLineUnicode(s, from) : restOfLine(s, from);
  }

  /** The next piece of text. */
  push(piece: string): void {
    let s = this.carry + piece;
    this.carry = '';
    if (!this.started && s.length) {
      this.started = true;
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    const n = s.length;
    let start = 0;
    if (this.skipping) {
      const e = this.restOfLine(s, 0);
      if (e === n) return;
      const c = s.charCodeAt(e);
      if (c === CH_CR && e + 1 === n) {
        this.carry = '\r';
        return;
      }
      this.skipping = false;
      this.line++;
      start = e + (lineEndLength(c, s.charCodeAt(e + 1)) || 1);
    }
    // most inputs end lines with LF alone: then the platform's indexOf finds them
    if (s.indexOf('\r', start) < 0 && !(this.unicode && (s.includes('\u0085', start) || s.includes('\u2028', start)))) {
      for (let e = s.indexOf('\n', start); e >= 0; e = s.indexOf('\n', start)) {
        this.onLine(s.slice(start, e), this.line++, '\n');
        start = e + 1;
      }
    } else {
      for (;;) {
        const e = this.restOfLine(s, start);
        if (e === n) break;
        const c = s.charCodeAt(e);
        // a CR at the end of the piece may be the first half of a CRLF
        if (c === CH_CR && e + 1 === n) break;
        const next = s.charCodeAt(e + 1);
        this.onLine(s.slice(start, e), this.line++, lineEndText(c, next));
        start = e + (lineEndLength(c, next) || 1);
      }
    }
    const rest = s.slice(start);
    // a CR kept for a possible CRLF is not part of the line
    const cr = rest.charCodeAt(rest.length - 1) === CH_CR;
    const body = cr ? rest.slice(0, -1) : rest;
    if (body.length > this.maxLineLength) {
      this.onLine(body, this.line, '');
      this.skipping = true;
      this.carry = cr ? '\r' : '';
    } else this.carry = rest;
  }

  /** The input ended: the last line, if it has no line end (or a CR kept for a possible CRLF). */
  end(): void {
    const rest = this.carry;
    this.carry = '';
    if (this.skipping || !rest) return;
    const last = rest.charCodeAt(rest.length - 1);
    if (last === CH_CR || last === CH_LF) this.onLine(rest.slice(0, -1), this.line++, last === CH_CR ? '\r' : '\n');
    else this.onLine(rest, this.line++, '');
  }
}
