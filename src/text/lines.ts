/**
 * Lines of a text that arrives whole or in pieces, by the family's line rule (escape.ts: a line
 * ends at LF, CRLF or a lone CR), for line-oriented readers (AIF). A line cut between pieces is
 * carried over to the next one, a CRLF cut after its CR included, so the lines and their numbers
 * are the same whatever the chunking. A line longer than `maxLineLength` is handed over once, cut
 * at the point where it passed the bound (the reader reports it), and the rest of it is skipped
 * without being kept: memory stays bounded by one line and one piece.
 */
import { CH_CR, CH_LF, lineEndLength, restOfLine } from './escape.js';

/** Splits text into lines by the family's rule, piece by piece; see the module comment. */
export class LineSplitter {
  private carry = '';
  private line = 1;
  private started = false;
  /** Inside a line that went past the bound: skipped up to its end. */
  private skipping = false;

  constructor(
    private readonly onLine: (text: string, line: number) => void,
    private readonly maxLineLength = Infinity,
  ) {}

  /** The number the next line will get (1-based). */
  get nextLine(): number {
    return this.line;
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
      const e = restOfLine(s, 0);
      if (e === n) return;
      const c = s.charCodeAt(e);
      if (c === CH_CR && e + 1 === n) {
        this.carry = '\r';
        return;
      }
      this.skipping = false;
      this.line++;
      start = e + lineEndLength(c, s.charCodeAt(e + 1));
    }
    // most inputs end lines with LF alone: then the platform's indexOf finds them
    if (s.indexOf('\r', start) < 0) {
      for (let e = s.indexOf('\n', start); e >= 0; e = s.indexOf('\n', start)) {
        this.onLine(s.slice(start, e), this.line++);
        start = e + 1;
      }
    } else {
      for (;;) {
        const e = restOfLine(s, start);
        if (e === n) break;
        const c = s.charCodeAt(e);
        // a CR at the end of the piece may be the first half of a CRLF
        if (c === CH_CR && e + 1 === n) break;
        this.onLine(s.slice(start, e), this.line++);
        start = e + lineEndLength(c, s.charCodeAt(e + 1));
      }
    }
    const rest = s.slice(start);
    // a CR kept for a possible CRLF is not part of the line
    const cr = rest.charCodeAt(rest.length - 1) === CH_CR;
    const body = cr ? rest.slice(0, -1) : rest;
    if (body.length > this.maxLineLength) {
      this.onLine(body, this.line);
      this.skipping = true;
      this.carry = cr ? '\r' : '';
    } else this.carry = rest;
  }

  /** The input ended: the last line, if it has no line end. */
  end(): void {
    const rest = this.carry;
    this.carry = '';
    if (this.skipping || !rest) return;
    const last = rest.charCodeAt(rest.length - 1);
    this.onLine(last === CH_CR || last === CH_LF ? rest.slice(0, -1) : rest, this.line++);
  }
}
