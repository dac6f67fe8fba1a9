/**
 * Record-level tokens for the PGN family, built on the shared pull `Lexer` (lexer.ts).
 *
 * Where `Lexer` gives fine-grained tokens, `RecordScanner` gives what a tag-pair based reader needs:
 *   - `tag`     a whole tag pair `[Name "value"]` (tokens may be spread over lines; any whitespace);
 *   - `string`  a string token outside a tag pair (decoded);
 *   - `comment` `{…}` (brace: true) or `;…` (brace: false), text between the delimiters;
 *   - `escape`  a `%` line in column 1 (text after the `%`);
 *   - `word`    a maximal run of adjacent non-whitespace lexer tokens that are not one of the above
 *               (`2NT?=1=`, `^R`, `1449.8`, `$12`): each format splits words its own way;
 *   - `blank`   a semi-empty line (only spaces/tabs) outside comments — a game separator in PBN;
 *   - `error`   a malformed tag pair or string, a tab or control character in a string, an
 *               unterminated comment, or a line longer than `maxLineLength`.
 * Every token has a 1-based line and column. Bad input never throws.
 * Error codes are `ERR_TEXT_*` unless the reader names its own (`RecordScannerOptions.codes`).
 */
import { CH_LF, isLineEnd, lineEndLength } from './escape.js';
import {
  Lexer,
  TOKEN_COMMENT,
  TOKEN_EOF,
  TOKEN_ESCAPE,
  TOKEN_LINE_COMMENT,
  TOKEN_STRING,
  TOKEN_SYMBOL,
  TOKEN_TAG_CLOSE,
  TOKEN_TAG_OPEN,
  type LexerOptions,
} from './lexer.js';

export type RecordTokenKind = 'tag' | 'string' | 'comment' | 'escape' | 'word' | 'blank' | 'error';

export interface RecordToken {
  kind: RecordTokenKind;
  /** tag: the name; string: decoded value; comment/escape: inner text; word: the word; error: offending text. */
  text: string;
  /** tag: the decoded value. */
  value?: string;
  /** comment: `{…}` or `;…`. */
  brace?: boolean;
  /** error: code and message. */
  code?: string;
  message?: string;
  line: number;
  column: number;
}

/** The code a record scanner reports for each kind of problem, so that a reader names them in its format. */
export interface RecordCodes {
  lineTooLong: string;
  commentUnterminated: string;
  stringUnterminated: string;
  stringTab: string;
  character: string;
  tagSyntax: string;
}

/** The scanner's own codes (a reader that names none gets these). */
export const TEXT_RECORD_CODES: RecordCodes = {
  lineTooLong: 'ERR_TEXT_LINE_TOO_LONG',
  commentUnterminated: 'ERR_TEXT_COMMENT_UNTERMINATED',
  stringUnterminated: 'ERR_TEXT_STRING_UNTERMINATED',
  stringTab: 'ERR_TEXT_STRING_TAB',
  character: 'ERR_TEXT_CHARACTER',
  tagSyntax: 'ERR_TEXT_TAG_SYNTAX',
};

export interface RecordScannerOptions {
  /** The codes to report (default `TEXT_RECORD_CODES`). */
  codes?: RecordCodes;
  /** Longest line in characters, line end excluded (0 = no check). */
  maxLineLength?: number;
  /** Line number of the first line. */
  startLine?: number;
  /** Passed to the Lexer. */
  lexer?: LexerOptions;
}

function isControl(c: number): boolean {
  return (c < 32 && c !== 9) || c === 127 || (c >= 0x80 && c <= 0x9f);
}

export class RecordScanner implements Iterable<RecordToken> {
  private readonly lx: Lexer;
  private readonly codes: RecordCodes;
  private readonly queue: RecordToken[] = [];
  private prevEndLine: number;
  private prevEnd = -1;
  private peeked = false;
  private done = false;

  constructor(
    private readonly src: string,
    private readonly options: RecordScannerOptions = {},
  ) {
    const start = options.startLine ?? 1;
    this.lx = new Lexer(src, { ...options.lexer, line: start });
    this.codes = options.codes ?? TEXT_RECORD_CODES;
    this.prevEndLine = start - 1;
    if (options.maxLineLength) this.checkLines(start, options.maxLineLength);
  }

  private checkLines(startLine: number, max: number): void {
    // a plain charCodeAt loop: linear whatever the string's internal representation
    // (indexOf with a start position proved quadratic on some large decoded strings)
    const s = this.src;
    const n = s.length;
    let line = startLine;
    let from = 0;
    for (let i = 0; i <= n; i++) {
      const c = i < n ? s.charCodeAt(i) : CH_LF;
      if (!isLineEnd(c)) continue;
      if (i - from > max)
        this.lineErrors.push(
          this.error(this.codes.lineTooLong, `line has ${i - from} characters (at most ${max})`, '', line, 1),
        );
      i += lineEndLength(c, s.charCodeAt(i + 1)) - 1;
      line++;
      from = i + 1;
    }
  }

  private readonly lineErrors: RecordToken[] = [];

  private error(code: string, message: string, text: string, line: number, column: number): RecordToken {
    return { kind: 'error', text, code, message, line, column };
  }

  [Symbol.iterator](): Iterator<RecordToken> {
    return {
      next: () => {
        const t = this.next();
        return t ? { value: t, done: false } : { value: undefined as never, done: true };
      },
    };
  }

  /** Next token (line-length errors are interleaved in line order), or null at the end. */
  next(): RecordToken | null {
    while (!this.queue.length && !this.done) this.scan();
    const le = this.lineErrors[0];
    const q = this.queue[0];
    if (le && (!q || le.line <= q.line)) return this.lineErrors.shift()!;
    return this.queue.shift() ?? null;
  }

  /** Scans the next lexer token(s) into the queue. */
  private scan(): void {
    const lx = this.lx;
    const kind = this.peeked ? lx.kind : lx.next();
    this.peeked = false;
    if (kind === TOKEN_EOF) {
      this.done = true;
      return;
    }
    const line = lx.line;
    const column = lx.column;
    if (line - this.prevEndLine >= 2 && this.prevEnd >= 0)
      this.queue.push({ kind: 'blank', text: '', line: this.prevEndLine + 1, column: 1 });
    switch (kind) {
      case TOKEN_TAG_OPEN:
        this.tagPair(line, column);
        break;
      case TOKEN_STRING: {
        const bad = this.stringProblem(line, column);
        if (bad) this.queue.push(bad);
        if (!(lx.error === 'ERR_TEXT_UNTERMINATED_STRING'))
          this.queue.push({ kind: 'string', text: lx.value(), line, column });
        this.mark();
        break;
      }
      case TOKEN_COMMENT:
      case TOKEN_LINE_COMMENT:
        this.queue.push({ kind: 'comment', text: lx.value(), brace: kind === TOKEN_COMMENT, line, column });
        if (lx.error === 'ERR_TEXT_UNTERMINATED_COMMENT')
          this.queue.push(this.error(this.codes.commentUnterminated, 'comment is not closed by }', '{', line, column));
        this.mark();
        break;
      case TOKEN_ESCAPE:
        this.queue.push({ kind: 'escape', text: lx.value(), line, column });
        this.mark();
        break;
      default:
        this.word(line, column);
    }
  }

  private mark(): void {
    this.prevEndLine = this.lx.position().line;
    this.prevEnd = this.lx.end;
  }

  private stringProblem(line: number, column: number): RecordToken | null {
    const lx = this.lx;
    if (lx.error === 'ERR_TEXT_UNTERMINATED_STRING')
      return this.error(
        this.codes.stringUnterminated,
        'string is not closed by a quote on its line',
        lx.tokenText(),
        line,
        column,
      );
    for (let i = lx.valueStart; i < lx.valueEnd; i++) {
      const c = this.src.charCodeAt(i);
      if (c === 9) return this.error(this.codes.stringTab, 'tab inside a string', '\t', line, column + (i - lx.start));
      if (isControl(c))
        return this.error(
          this.codes.character,
          `character U+${c.toString(16).padStart(4, '0')} is not allowed in a string`,
          this.src[i]!,
          line,
          column + (i - lx.start),
        );
    }
    return null;
  }

  /** Adjacent non-special lexer tokens form one word. */
  private word(line: number, column: number): void {
    const lx = this.lx;
    const start = lx.start;
    let end = lx.end;
    for (;;) {
      const k = lx.next();
      if (
        k === TOKEN_EOF ||
        lx.start !== end ||
        k === TOKEN_TAG_OPEN ||
        k === TOKEN_STRING ||
        k === TOKEN_COMMENT ||
        k === TOKEN_LINE_COMMENT ||
        k === TOKEN_ESCAPE
      ) {
        this.peeked = true;
        break;
      }
      end = lx.end;
    }
    this.queue.push({ kind: 'word', text: this.src.slice(start, end), line, column });
    this.prevEnd = end;
    // the line where the word ends is the line where it starts (words do not span lines)
    this.prevEndLine = line;
  }

  private tagPair(line: number, column: number): void {
    const lx = this.lx;
    /** The line of the last token the tag took (the `[`, then its name and value). */
    let prev = line;
    const fail = (message: string) => {
      this.queue.push(this.error(this.codes.tagSyntax, message, '[', line, column));
      // recover: skip to the next ']' on this line, else to the line end. A token that made the tag
      // fail from a later line than the tag's last one (a `%` line after a lone `[`, anything after
      // an empty line, which ends the record) is read again, not dropped: a stream cut at empty
      // lines reads it the same.
      if (lx.kind !== TOKEN_TAG_CLOSE && lx.kind !== TOKEN_EOF && lx.line !== prev) this.peeked = true;
      else if (lx.kind !== TOKEN_TAG_CLOSE) {
        for (;;) {
          const rest = lx.position();
          const k = lx.next();
          if (k === TOKEN_EOF) break;
          if (lx.line !== rest.line && lx.line !== line) {
            this.peeked = true;
            break;
          }
          if (k === TOKEN_TAG_CLOSE) break;
        }
      }
      if (!this.peeked) this.mark();
      else {
        this.prevEndLine = prev;
        this.prevEnd = lx.start;
      }
    };
    let k = lx.next();
    if (k !== TOKEN_SYMBOL) return fail('tag pair without a tag name');
    prev = lx.line;
    const name = lx.tokenText();
    if (!/^[A-Za-z0-9_]+$/.test(name)) return fail(`bad tag name ${name}`);
    k = lx.next();
    if (k !== TOKEN_STRING) return fail(`tag ${name} has no quoted value`);
    if (lx.error) return fail(`the value of tag ${name} is not closed by a quote on its line`);
    prev = lx.line;
    const value = lx.value();
    const bad = this.stringProblem(lx.line, lx.column);
    k = lx.next();
    if (k !== TOKEN_TAG_CLOSE) return fail(`tag ${name} is not closed by ]`);
    this.queue.push({ kind: 'tag', text: name, value, line, column });
    if (bad) this.queue.push(bad);
    this.mark();
  }
}

export function scanRecords(text: string, options?: RecordScannerOptions): RecordToken[] {
  return [...new RecordScanner(text, options)];
}
