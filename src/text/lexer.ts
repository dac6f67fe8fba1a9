/**
 * One hand-written scanner for the PGN family (PGN, BPGN, PBN, AIF).
 *
 * The lexer is a pull scanner over a string: `next()` advances to the next token and returns its
 * kind; the token's fields (`start`, `end`, `line`, `column`, ...) are plain properties on the
 * lexer, so scanning allocates nothing until a caller asks for a token's text (`tokenText()`,
 * `value()`). It knows the tokens of PGN section 7 plus the commentary (section 5) and the
 * `%` escape (section 6); what a symbol means is the caller's business.
 *
 * - Line ends: LF, CRLF and a lone CR all count as one line break. Lines and columns are 1-based;
 *   columns count UTF-16 code units from the start of the line.
 * - Errors never throw: the token carries an `error` code (`ERR_TEXT_*`) and scanning goes on.
 * - Format-neutral: `LexerOptions.symbolStart` / `symbolChars` widen the symbol alphabet and
 *   `escapeLines` switches `%` lines off, for members of the family that need it (PBN, AIF).
 */

import { isBlank, restOfLine, startsEscapeLine } from './escape.js';

/** The end of the text (no token). */
export const TOKEN_EOF = 0;
/** `[` */
export const TOKEN_TAG_OPEN = 1;
/** `]` */
export const TOKEN_TAG_CLOSE = 2;
/** `"…"` with `\"` and `\\` escapes; `value()` decodes it. */
export const TOKEN_STRING = 3;
/** A symbol (section 7) that is not an integer and not a result: SAN moves, tag names, … */
export const TOKEN_SYMBOL = 4;
/** A symbol made of digits only (move numbers). */
export const TOKEN_INTEGER = 5;
/** A run of one or more periods (`.`, `...`); `end - start` is the count. */
export const TOKEN_PERIOD = 6;
/** A game termination marker: `1-0`, `0-1`, `1/2-1/2` (also `½-½`), `*`. */
export const TOKEN_RESULT = 7;
/** `$n`; `nag` holds n (or -1 when no digits follow the dollar sign). */
export const TOKEN_NAG = 8;
/** A suffix annotation: a run of `!` and `?` (`!`, `?`, `!!`, `??`, `!?`, `?!`, or longer junk). */
export const TOKEN_SUFFIX = 9;
/** `{…}`; `valueStart..valueEnd` is the text between the braces. */
export const TOKEN_COMMENT = 10;
/** `;…` to the end of the line; `valueStart..valueEnd` excludes the semicolon and the line end. */
export const TOKEN_LINE_COMMENT = 11;
/** A line starting with `%` in column 1; `valueStart..valueEnd` is the rest of the line. */
export const TOKEN_ESCAPE = 12;
/** `(` */
export const TOKEN_RAV_OPEN = 13;
/** `)` */
export const TOKEN_RAV_CLOSE = 14;
/** `<` (reserved by the standard) */
export const TOKEN_ANGLE_OPEN = 15;
/** `>` (reserved by the standard) */
export const TOKEN_ANGLE_CLOSE = 16;
/** Anything else: a run of characters that start no token (e.g. `--`, `=`, non-ASCII letters). */
export const TOKEN_OTHER = 17;

/** A token kind: one of the `TOKEN_*` constants. */
export type TokenKind = number;

/** Readable names of the token kinds, indexed by `TokenKind` (for messages and tests). */
export const TOKEN_NAMES: readonly string[] = [
  'eof',
  'tag-open',
  'tag-close',
  'string',
  'symbol',
  'integer',
  'period',
  'result',
  'nag',
  'suffix',
  'comment',
  'line-comment',
  'escape',
  'rav-open',
  'rav-close',
  'angle-open',
  'angle-close',
  'other',
];

/** Options of `Lexer`: where the text starts, token length limits and the format's extensions. */
export interface LexerOptions {
  /** Line number of the first character (for text that is a slice of a larger file). Default 1. */
  line?: number;
  /** Column of the first character (a slice may start mid-line). Default 1. */
  column?: number;
  /** Longest string token (characters between the quotes) before `ERR_TEXT_STRING_TOO_LONG`. Default 1 MiB. */
  maxStringLength?: number;
  /** Longest comment before `ERR_TEXT_COMMENT_TOO_LONG`. Default 4 MiB. */
  maxCommentLength?: number;
  /** Longest symbol before `ERR_TEXT_SYMBOL_TOO_LONG`. Default 255 (the standard's limit). */
  maxSymbolLength?: number;
  /**
   * Extra characters that may start (`symbolStart`) or continue (`symbolChars`) a symbol, for
   * formats of the family whose symbols are wider than PGN's (e.g. PBN's `=` in notes).
   */
  symbolStart?: string;
  symbolChars?: string;
  /** Whether `%` in column 1 starts an escape line (default true; the rule is `startsEscapeLine` in escape.ts). */
  escapeLines?: boolean;
  /**
   * Whether a `%` after only blanks on its line also starts an escape line (default false:
   * the standard wants column 1). Such a token carries `error` `ERR_TEXT_ESCAPE_INDENTED`, for the
   * reader to report as a warning.
   */
  indentedEscapes?: boolean;
}

// Character classes for codes < 128.
const C_OTHER = 0;
const C_SPACE = 1;
const C_NEWLINE = 2;
const C_SYMBOL_START = 3; // letters and digits
const C_SYMBOL_CONT = 4; // _ + # = : -

const BASE_CLASSES = /* @__PURE__ */ (() => {
  const t = new Uint8Array(128);
  t[32] = C_SPACE;
  t[9] = C_SPACE;
  t[11] = C_SPACE;
  t[12] = C_SPACE;
  t[10] = C_NEWLINE;
  t[13] = C_NEWLINE;
  for (let c = 48; c <= 57; c++) t[c] = C_SYMBOL_START;
  for (let c = 65; c <= 90; c++) t[c] = C_SYMBOL_START;
  for (let c = 97; c <= 122; c++) t[c] = C_SYMBOL_START;
  for (const ch of '_+#=:-') t[ch.charCodeAt(0)] = C_SYMBOL_CONT;
  // `@` is no PGN symbol character, but crazyhouse drops (`N@f3`, `@e6` for a pawn) need it.
  t[64] = C_SYMBOL_START;
  return t;
})();

/** Characters that end a run of `TOKEN_OTHER`. */
function isDelimiter(c: number): boolean {
  return (
    c === 91 ||
    c === 93 ||
    c === 34 ||
    c === 123 ||
    c === 125 ||
    c === 59 ||
    c === 40 ||
    c === 41 ||
    c === 36 ||
    c === 46 ||
    c === 42 ||
    c === 33 ||
    c === 63 ||
    c === 60 ||
    c === 62
  );
}

/** Pull scanner over one string: `next()` returns the next token's kind; its fields are properties. */
export class Lexer {
  readonly text: string;
  /** Scan position (the character after the current token). */
  pos = 0;
  /** Current line (of the scan position) and the offset where it starts. */
  private curLine: number;
  private lineStart = 0;

  // The current token.
  kind: TokenKind = TOKEN_EOF;
  start = 0;
  end = 0;
  line = 1;
  column = 1;
  /** Inner text range for strings, comments and escapes. */
  valueStart = 0;
  valueEnd = 0;
  /** The value of a NAG token. */
  nag = 0;
  /** For strings: whether the string contains a backslash escape. */
  escaped = false;
  /** An `ERR_TEXT_*` code when the token is malformed (unterminated, too long); else undefined. */
  error: string | undefined = undefined;

  /** Offsets of the next LF and CR at or after the scan position (text length: none), for `comment`. */
  private nextLf = -1;
  private nextCr = -1;

  private readonly classes: Uint8Array;
  private readonly maxString: number;
  private readonly maxComment: number;
  private readonly maxSymbol: number;
  private readonly escapes: boolean;
  private readonly indentedEscapes: boolean;

  constructor(text: string, options: LexerOptions = {}) {
    this.text = text;
    this.curLine = options.line ?? 1;
    this.lineStart = 1 - (options.column ?? 1);
    this.maxString = options.maxStringLength ?? 1 << 20;
    this.maxComment = options.maxCommentLength ?? 4 << 20;
    this.maxSymbol = options.maxSymbolLength ?? 255;
    this.escapes = options.escapeLines ?? true;
    this.indentedEscapes = options.indentedEscapes ?? false;
    if (options.symbolStart || options.symbolChars) {
      const t = BASE_CLASSES.slice();
      for (const ch of options.symbolChars ?? '') if (ch.charCodeAt(0) < 128) t[ch.charCodeAt(0)] = C_SYMBOL_CONT;
      for (const ch of options.symbolStart ?? '') if (ch.charCodeAt(0) < 128) t[ch.charCodeAt(0)] = C_SYMBOL_START;
      this.classes = t;
    } else this.classes = BASE_CLASSES;
    // A byte order mark at the very start is not data.
    if (text.charCodeAt(0) === 0xfeff && this.lineStart === 0) {
      this.pos = 1;
      this.lineStart = 1;
    }
  }

  /** Line and column of an offset at or after the current line start (for callers' errors). */
  get scanLine(): number {
    return this.curLine;
  }

  /** Advances to the next token and returns its kind (`TOKEN_EOF` at the end). */
  next(): TokenKind {
    const text = this.text;
    const n = text.length;
    const classes = this.classes;
    let pos = this.pos;
    // Skip white space, counting lines.
    let c: number;
    for (;;) {
      if (pos >= n) {
        this.pos = pos;
        this.start = this.end = pos;
        this.line = this.curLine;
        this.column = pos - this.lineStart + 1;
        this.error = undefined;
        return (this.kind = TOKEN_EOF);
      }
      c = text.charCodeAt(pos);
      if (c === 32) {
        pos++;
        continue;
      }
      if (c === 10) {
        pos++;
        this.curLine++;
        this.lineStart = pos;
        continue;
      }
      if (c === 13) {
        pos++;
        if (pos < n && text.charCodeAt(pos) === 10) pos++;
        this.curLine++;
        this.lineStart = pos;
        continue;
      }
      if (c === 9 || c === 11 || c === 12) {
        pos++;
        continue;
      }
      break;
    }
    this.start = pos;
    this.line = this.curLine;
    this.column = pos - this.lineStart + 1;
    this.error = undefined;
    const cls = c < 128 ? classes[c] : C_OTHER;
    if (cls === C_SYMBOL_START) return this.symbol(pos, c);
    switch (c) {
      case 91: // [
        this.pos = this.end = pos + 1;
        return (this.kind = TOKEN_TAG_OPEN);
      case 93: // ]
        this.pos = this.end = pos + 1;
        return (this.kind = TOKEN_TAG_CLOSE);
      case 40: // (
        this.pos = this.end = pos + 1;
        return (this.kind = TOKEN_RAV_OPEN);
      case 41: // )
        this.pos = this.end = pos + 1;
        return (this.kind = TOKEN_RAV_CLOSE);
      case 123: // {
        return this.comment(pos);
      case 34: // "
        return this.string(pos);
      case 46: {
        // .
        let p = pos + 1;
        while (p < n && text.charCodeAt(p) === 46) p++;
        this.pos = this.end = p;
        return (this.kind = TOKEN_PERIOD);
      }
      case 36: {
        // $
        let p = pos + 1;
        let v = 0;
        while (p < n) {
          const d = text.charCodeAt(p) - 48;
          if (d < 0 || d > 9) break;
          if (v < 1e9) v = v * 10 + d;
          p++;
        }
        this.nag = p === pos + 1 ? -1 : v;
        this.pos = this.end = p;
        return (this.kind = TOKEN_NAG);
      }
      case 33: // !
      case 63: {
        // ?
        let p = pos + 1;
        for (;;) {
          const d = p < n ? text.charCodeAt(p) : 0;
          if (d !== 33 && d !== 63) break;
          p++;
        }
        this.pos = this.end = p;
        return (this.kind = TOKEN_SUFFIX);
      }
      case 42: // *
        this.pos = this.end = pos + 1;
        return (this.kind = TOKEN_RESULT);
      case 59: {
        // ; to the end of the line
        const p = restOfLine(text, pos + 1);
        this.valueStart = pos + 1;
        this.valueEnd = p;
        this.pos = this.end = p;
        if (p - pos - 1 > this.maxComment) this.error = 'ERR_TEXT_COMMENT_TOO_LONG';
        return (this.kind = TOKEN_LINE_COMMENT);
      }
      case 37: // %
        if (
          this.escapes &&
          startsEscapeLine(pos === this.lineStart, this.indentedEscapes && this.blanksBefore(pos), this.indentedEscapes)
        ) {
          if (pos !== this.lineStart) this.error = 'ERR_TEXT_ESCAPE_INDENTED';
          const p = restOfLine(text, pos + 1);
          this.valueStart = pos + 1;
          this.valueEnd = p;
          this.pos = this.end = p;
          return (this.kind = TOKEN_ESCAPE);
        }
        return this.other(pos);
      case 60: // <
        this.pos = this.end = pos + 1;
        return (this.kind = TOKEN_ANGLE_OPEN);
      case 62: // >
        this.pos = this.end = pos + 1;
        return (this.kind = TOKEN_ANGLE_CLOSE);
      case 0xbd: // ½-½
        if (text.startsWith('\u00bd-\u00bd', pos)) {
          this.pos = this.end = pos + 3;
          return (this.kind = TOKEN_RESULT);
        }
        return this.other(pos);
      default:
        return this.other(pos);
    }
  }

  /**
   * `next()` for movetext readers: steps over move numbers (unless `numbers`: on the main line a
   * move number may start the next game) and periods, and over well-formed `{…}` comments unless
   * `comments` (a malformed one is returned, for its error), so the reader's loop sees only the
   * tokens it acts on.
   */
  nextInMovetext(comments: boolean, numbers = false): TokenKind {
    for (;;) {
      const kind = this.next();
      if ((kind === TOKEN_INTEGER && !numbers) || kind === TOKEN_PERIOD) continue;
      if (kind === TOKEN_COMMENT && !comments && this.error === undefined) continue;
      return kind;
    }
  }

  /** Whether only blanks precede `pos` on its line. */
  private blanksBefore(pos: number): boolean {
    for (let p = pos - 1; p >= this.lineStart; p--) if (!isBlank(this.text.charCodeAt(p))) return false;
    return true;
  }

  private symbol(pos: number, first: number): TokenKind {
    const text = this.text;
    const n = text.length;
    const classes = this.classes;
    let p = pos + 1;
    let digits = first >= 48 && first <= 57;
    while (p < n) {
      const c = text.charCodeAt(p);
      if (c >= 128) break;
      const cls = classes[c];
      if (cls !== C_SYMBOL_START && cls !== C_SYMBOL_CONT) break;
      if (digits && (c < 48 || c > 57)) digits = false;
      p++;
    }
    this.pos = this.end = p;
    if (p - pos > this.maxSymbol) this.error = 'ERR_TEXT_SYMBOL_TOO_LONG';
    if (digits) {
      // `1/2-1/2` contains slashes, which are no symbol characters.
      if (p - pos === 1 && first === 49 && text.startsWith('/2-1/2', p)) {
        this.pos = this.end = p + 6;
        return (this.kind = TOKEN_RESULT);
      }
      return (this.kind = TOKEN_INTEGER);
    }
    if (p - pos === 3 && (first === 49 || first === 48)) {
      const a = text.charCodeAt(pos + 1);
      const b = text.charCodeAt(pos + 2);
      if (a === 45 && ((first === 49 && b === 48) || (first === 48 && b === 49))) return (this.kind = TOKEN_RESULT);
    }
    return (this.kind = TOKEN_SYMBOL);
  }

  private comment(pos: number): TokenKind {
    const text = this.text;
    const n = text.length;
    // A native search for the closing brace; the cached next line ends tell whether the comment
    // spans lines (most do not: one `{ [%clk …] }` per move in lichess files), so only those are
    // walked character by character to count lines.
    const close = text.indexOf('}', pos + 1);
    const stop = close < 0 ? n : close;
    if (this.nextLf <= pos) this.nextLf = findOrEnd(text, '\n', pos + 1);
    if (this.nextCr <= pos) this.nextCr = findOrEnd(text, '\r', pos + 1);
    if (stop < this.nextLf && stop < this.nextCr) {
      this.valueEnd = stop;
      this.pos = this.end = close < 0 ? n : close + 1;
      if (close < 0) this.error = 'ERR_TEXT_UNTERMINATED_COMMENT';
    } else {
      let p = pos + 1;
      let line = this.curLine;
      let lineStart = this.lineStart;
      while (p < stop) {
        const c = text.charCodeAt(p);
        p++;
        if (c === 10) {
          line++;
          lineStart = p;
        } else if (c === 13) {
          if (p < n && text.charCodeAt(p) === 10) p++;
          line++;
          lineStart = p;
        }
      }
      this.curLine = line;
      this.lineStart = lineStart;
      this.valueEnd = stop;
      if (close < 0) this.error = 'ERR_TEXT_UNTERMINATED_COMMENT';
      this.pos = this.end = close < 0 ? n : close + 1;
    }
    this.valueStart = pos + 1;
    if (this.valueEnd - this.valueStart > this.maxComment && !this.error) this.error = 'ERR_TEXT_COMMENT_TOO_LONG';
    return (this.kind = TOKEN_COMMENT);
  }

  private string(pos: number): TokenKind {
    const text = this.text;
    const n = text.length;
    let p = pos + 1;
    let escaped = false;
    for (;;) {
      if (p >= n) {
        this.error = 'ERR_TEXT_UNTERMINATED_STRING';
        this.valueEnd = p;
        break;
      }
      const c = text.charCodeAt(p);
      if (c === 34) {
        this.valueEnd = p;
        p++;
        break;
      }
      if (c === 92) {
        // backslash: \" and \\ are escapes; any other backslash stands for itself
        const d = p + 1 < n ? text.charCodeAt(p + 1) : 0;
        if (d === 34 || d === 92) {
          escaped = true;
          p += 2;
          continue;
        }
      } else if (c === 10 || c === 13) {
        // Strings cannot span lines: stop before the line end.
        this.error = 'ERR_TEXT_UNTERMINATED_STRING';
        this.valueEnd = p;
        break;
      }
      p++;
    }
    this.valueStart = pos + 1;
    this.escaped = escaped;
    this.pos = this.end = p;
    if (this.valueEnd - this.valueStart > this.maxString && !this.error) this.error = 'ERR_TEXT_STRING_TOO_LONG';
    return (this.kind = TOKEN_STRING);
  }

  private other(pos: number): TokenKind {
    const text = this.text;
    const n = text.length;
    const classes = this.classes;
    let p = pos + 1;
    while (p < n) {
      const c = text.charCodeAt(p);
      if (c < 128) {
        const cls = classes[c];
        if (cls === C_SPACE || cls === C_NEWLINE || cls === C_SYMBOL_START || isDelimiter(c)) break;
      }
      p++;
    }
    this.pos = this.end = p;
    return (this.kind = TOKEN_OTHER);
  }

  /** The current token's source text. */
  tokenText(): string {
    return this.text.slice(this.start, this.end);
  }

  /** The decoded value of a string token (escapes resolved), or the inner text of a comment/escape. */
  value(): string {
    const raw = this.text.slice(this.valueStart, this.valueEnd);
    if (this.kind !== TOKEN_STRING || !this.escaped) return raw;
    return unescapeString(raw);
  }

  /** Skips to the end of the current line (error recovery inside tag sections). */
  skipLine(): void {
    this.pos = restOfLine(this.text, this.pos);
  }

  /** A resumable scan state (see `reset`). */
  mark(): { pos: number; line: number; lineStart: number } {
    return { pos: this.pos, line: this.curLine, lineStart: this.lineStart };
  }

  /** Offset where the line of the scan position starts (with `scanLine` and `pos`: a `skipTo` state). */
  get scanLineStart(): number {
    return this.lineStart;
  }

  /**
   * Moves the scan position forward to `pos` (on line `line`, which starts at `lineStart`), past
   * text another scanner has read; unlike `reset`, the cached line ends stay valid.
   */
  skipTo(pos: number, line: number, lineStart: number): void {
    this.pos = pos;
    this.curLine = line;
    this.lineStart = lineStart;
  }

  /** Goes back to a state from `mark()`; the next `next()` scans from there. */
  reset(mark: { pos: number; line: number; lineStart: number }): void {
    this.pos = mark.pos;
    this.curLine = mark.line;
    this.lineStart = mark.lineStart;
    // The cached line ends hold only for scanning forward.
    this.nextLf = this.nextCr = -1;
  }

  /** Current scan position as `{ line, column }` (1-based). */
  position(): { line: number; column: number } {
    return { line: this.curLine, column: this.pos - this.lineStart + 1 };
  }
}

/** Offset of the next `ch` in `text` from `from`, or the text's length when there is none. */
function findOrEnd(text: string, ch: string, from: number): number {
  const i = text.indexOf(ch, from);
  return i < 0 ? text.length : i;
}

/** Resolves `\"` and `\\` in the inside of a string token. */
export function unescapeString(raw: string): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < raw.length; i++) {
    if (raw.charCodeAt(i) === 92) {
      const d = raw.charCodeAt(i + 1);
      if (d === 34 || d === 92) {
        out += raw.slice(last, i);
        last = i + 1;
        i++;
      }
    }
  }
  return out + raw.slice(last);
}

/** Writes a string token: quotes around, `\` and `"` escaped. */
export function escapeString(value: string): string {
  let out = '"';
  let last = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 34 || c === 92) {
      out += value.slice(last, i) + '\\';
      last = i;
    }
  }
  return `${out}${value.slice(last)}"`;
}

/** A token as a plain object (for tests, tools and formats that prefer arrays over pull scanning). */
export interface Token {
  kind: TokenKind;
  /** Source text of the whole token. */
  text: string;
  /** Decoded value for strings, inner text for comments and escape lines, the number for NAGs. */
  value?: string | number;
  line: number;
  column: number;
  start: number;
  end: number;
  error?: string;
}

/** Scans all of `text` into an array of tokens (convenient, not the fast path). */
export function tokenize(text: string, options?: LexerOptions): Token[] {
  const lexer = new Lexer(text, options);
  const out: Token[] = [];
  for (let kind = lexer.next(); kind !== TOKEN_EOF; kind = lexer.next()) {
    const token: Token = {
      kind,
      text: lexer.tokenText(),
      line: lexer.line,
      column: lexer.column,
      start: lexer.start,
      end: lexer.end,
    };
    if (kind === TOKEN_STRING || kind === TOKEN_COMMENT || kind === TOKEN_LINE_COMMENT || kind === TOKEN_ESCAPE)
      token.value = lexer.value();
    else if (kind === TOKEN_NAG) token.value = lexer.nag;
    if (lexer.error) token.error = lexer.error;
    out.push(token);
  }
  return out;
}
