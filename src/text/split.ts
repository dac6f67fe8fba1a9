/**
 * Incremental splitting of a byte stream of the PGN family into batches of whole games, so a reader
 * holds at most one batch plus one game in memory however large the input is.
 *
 * A game boundary is a `[` that starts a line (after optional blanks) outside comments and tag
 * strings, once something other than tags and comments (movetext) has been seen since the last
 * boundary. All the structure is ASCII, so splitting bytes works for UTF-8 and Latin-1 alike.
 * Batches are decoded by the family's one rule (decode.ts: one choice of encoding per input); the
 * escape and line rules are escape.ts's.
 */

import type { NotationError } from '../errors.js';
import { decodePiece, decodeText, StreamDecoder } from './decode.js';
import {
  CH_CR,
  CH_ESCAPE,
  CH_LF,
  CH_LINE_COMMENT,
  isBlank,
  isLineEnd,
  restOfLineBytes,
  startsEscapeLine,
} from './escape.js';
import { iterateStream } from './source.js';

/** Decoded text of one or more whole games, with where it starts in the input. */
export interface TextBatch {
  /** Decoded text of whole games (by decode.ts's rule: UTF-8 or Latin-1, chosen once per input). */
  text: string;
  /** Line number of the first line of `text` in the input (1-based). */
  line: number;
  /** Column of the first character (1 unless the batch starts mid-line). */
  column?: number;
  /**
   * Set on a batch that stands for a game over `maxGameBytes` (its `text` is empty): the bytes seen
   * before it was dropped and the decoded start of the game (at most `OVERSIZE_HEAD` bytes), from
   * which a reader takes the tags. It comes in input order, between the batches around it.
   */
  oversize?: { bytes: number; head: string };
  /**
   * On the last batch of an input (from `end()`, then possibly with empty `text`): the warning for
   * bytes of a UTF-8 input that were not UTF-8, with their count and the line of the first
   * (`SplitOptions.encodingCode`). A reader gives it to the last game of the input.
   */
  warnings?: NotationError[];
}

/**
 * The carry-over between batches: the text of a game that ran into the end of one batch is held,
 * with where it starts, and put in front of the next batch. One rule for every streaming reader.
 */
export class CarryOver {
  text = '';
  line = 1;
  column = 1;

  /** The next batch with the held text in front (and where the result starts); nothing is held after. */
  join(batch: TextBatch): { text: string; line: number; column: number } {
    if (!this.text) return { text: batch.text, line: batch.line, column: batch.column ?? 1 };
    const out = { text: this.text + batch.text, line: this.line, column: this.column };
    this.text = '';
    return out;
  }

  /** Holds `text` (starting at `line`:`column`) for the next batch. */
  hold(text: string, line: number, column: number): void {
    this.text = text;
    this.line = line;
    this.column = column;
  }

  /** The held text as a batch, or null when nothing is held; nothing is held after. */
  take(): TextBatch | null {
    if (!this.text) return null;
    const out = { text: this.text, line: this.line, column: this.column };
    this.text = '';
    return out;
  }
}

/**
 * Gives a batch's `warnings` (the decoder's, on the last batch of an input) to the last of the games
 * read from it, so they go with the last game of the input however it was chunked.
 */
export function giveBatchWarnings<G extends { warnings: NotationError[] }>(
  games: G[],
  warnings: NotationError[] | undefined,
): G[] {
  const last = games[games.length - 1];
  if (last && warnings) last.warnings.push(...warnings);
  return games;
}

/** How much of an oversized game is kept to read its tags from. */
export const OVERSIZE_HEAD = 1 << 20;

/** Options of `GameSplitter`. */
export interface SplitOptions {
  /** Largest game in bytes; a larger one is dropped and reported through `onOversize`. Default 32 MiB. */
  maxGameBytes?: number;
  /** A `%` after only blanks on its line starts an escape line (as `LexerOptions.indentedEscapes`). */
  indentedEscapes?: boolean;
  /** Called for a dropped oversized game with the line where it starts. */
  onOversize?(line: number, bytes: number): void;
  /** Code of the encoding warning (default `ERR_PGN_ENCODING`). */
  encodingCode?: string;
}

/** A whole input as text by decode.ts's rule (a UTF-8 byte order mark is dropped). */
export function decodeBytes(bytes: Uint8Array): { text: string; latin1: boolean } {
  const d = decodeText(bytes);
  return { text: d.text, latin1: d.encoding === 'latin1' };
}

/** Batch size beyond which a blank line before a tag also splits (tag-only games). */
const SOFT_LIMIT = 1 << 20;

// Scanner states. The tag states follow the PGN reader's recovery from malformed tags exactly
// (skip the rest of the line after a bad token), so the splitter never cuts where the reader would
// not end a game, however broken the input.
const S_NORMAL = 0;
const S_TAG_START = 1; // after `[`: a name must follow
const S_STRING = 2; // a tag value
const S_BRACE = 3;
const S_SKIP_LINE = 4; // `;` comment, `%` escape line, or recovery after a malformed tag
const S_TAG_NAME = 5;
const S_TAG_AFTER_NAME = 6; // a quoted value must follow
const S_TAG_AFTER_VALUE = 7; // `]` must follow on this line
const S_TAG_AFTER_VALUE_NL = 8; // an unclosed value or a missing `]`: next line
const S_BRACE_SKIP = 9; // a comment where a tag part belongs, then skip the line
const S_STRING_SKIP = 10; // a string where a tag part belongs, then skip the line
const S_MOVETEXT_STRING = 11; // a (stray) string in movetext

/** Symbol characters of the lexer: start (letters, digits, `@`) and continuation. */
const SYM = /* @__PURE__ */ (() => {
  const t = new Uint8Array(256);
  for (let c = 48; c <= 57; c++) t[c] = 1;
  for (let c = 65; c <= 90; c++) t[c] = 1;
  for (let c = 97; c <= 122; c++) t[c] = 1;
  t[64] = 1;
  for (const ch of '_+#=:-') t[ch.charCodeAt(0)] = 2;
  return t;
})();

/** Bytes that matter in plain movetext (0: an ordinary movetext byte). */
const NORMAL_CLASS = /* @__PURE__ */ (() => {
  const t = new Uint8Array(256);
  for (const c of [CH_LF, CH_CR, 32, 9, 11, 12, 91, 123, CH_LINE_COMMENT, CH_ESCAPE, 34]) t[c] = 1;
  return t;
})();

/** Splits a byte stream at game boundaries: `push()` chunks as they come, then `end()`. */
export class GameSplitter {
  private buf: Uint8Array = new Uint8Array(0);
  /** The allocation `buf` is a view of (with room to grow). */
  private store: Uint8Array = new Uint8Array(0);
  /** Bytes of `buf` already scanned. */
  private scanned = 0;
  private state = S_NORMAL;
  private escape = false;
  private lineBlank = true;
  private sawMovetext = false;
  private prevCR = false;
  /** Line number at the scan position, and at the start of `buf`. */
  private line = 1;
  private bufLine = 1;
  /** Offsets (in `buf`) and lines of game boundaries found but not yet emitted. */
  private bounds: number[] = [];
  private boundLines: number[] = [];
  /** Start offset and line of the line being scanned. */
  private lineStartOffset = 0;
  private first = true;
  /** Dropping an oversized game until the next boundary. */
  private dropping = false;
  /** A blank line since the last token; offset of the last boundary (for soft splits). */
  private blankLine = false;
  private lastBound = 0;
  private dropTo = -1;
  private dropLine = 1;
  private readonly maxGame: number;
  private readonly indentedEscapes: boolean;
  /** One choice of encoding for the whole input; batches end at line starts, so none cuts a sequence. */
  private readonly decoder = new StreamDecoder();

  constructor(private readonly options: SplitOptions = {}) {
    this.maxGame = options.maxGameBytes ?? 32 << 20;
    this.indentedEscapes = options.indentedEscapes ?? false;
  }

  /** Adds bytes; returns the batches of whole games now complete. */
  push(chunk: Uint8Array): TextBatch[] {
    if (this.first && chunk.length > 0) {
      this.first = false;
      if (this.decoder.skipBom(chunk)) chunk = chunk.subarray(3);
    }
    this.append(chunk);
    this.scan();
    return this.emit(false);
  }

  /**
   * Appends to `buf`, a view of `store` that grows by doubling: a game that spans many chunks is
   * copied O(log n) times, not once per chunk (which made a long game quadratic to stream).
   */
  private append(chunk: Uint8Array): void {
    const used = this.buf.length;
    const need = used + chunk.length;
    if (this.buf.buffer === this.store.buffer) {
      const offset = this.buf.byteOffset - this.store.byteOffset;
      if (offset + need <= this.store.length) {
        this.store.set(chunk, offset + used);
        this.buf = this.store.subarray(offset, offset + need);
        return;
      }
    }
    const next = new Uint8Array(Math.max(2 * need, 1 << 16));
    next.set(this.buf, 0);
    next.set(chunk, used);
    this.store = next;
    this.buf = next.subarray(0, need);
  }

  /** The last batch at the end of the input (with the encoding warning, if any: see `TextBatch.warnings`). */
  end(): TextBatch[] {
    const out = this.emit(true);
    const warning = this.decoder.encodingWarning(this.options.encodingCode ?? 'ERR_PGN_ENCODING');
    if (warning) {
      const last = out[out.length - 1];
      if (last) last.warnings = [warning];
      else out.push({ text: '', line: this.line, warnings: [warning] });
    }
    return out;
  }

  private scan(): void {
    const b = this.buf;
    const n = b.length;
    let state = this.state;
    let line = this.line;
    let prevCR = this.prevCR;
    let lineBlank = this.lineBlank;
    let blankLine = this.blankLine;
    let escape = this.escape;
    let lineStartOffset = this.lineStartOffset;
    for (let i = this.scanned; i < n; i++) {
      let c = b[i]!;
      // Fast runs: comment bodies, tag strings, plain movetext.
      if (state === S_BRACE || state === S_BRACE_SKIP) {
        while (c !== 125 && c !== 10 && c !== 13 && ++i < n) c = b[i]!;
        if (i >= n) break;
        lineBlank = false;
      } else if (state === S_NORMAL && NORMAL_CLASS[c] === 0) {
        this.sawMovetext = true;
        blankLine = false;
        lineBlank = false;
        prevCR = false;
        while (++i < n && NORMAL_CLASS[(c = b[i]!)] === 0);
        if (i >= n) break;
      } else if (state === S_SKIP_LINE && !isLineEnd(c)) {
        prevCR = false;
        i = restOfLineBytes(b, i + 1, n);
        if (i >= n) break;
        c = b[i]!;
      }
      if (isLineEnd(c)) {
        if (!(c === 10 && prevCR)) line++;
        prevCR = c === 13;
        if (lineBlank) blankLine = true;
        lineBlank = true;
        lineStartOffset = i + 1;
        switch (state) {
          case S_SKIP_LINE:
          case S_STRING_SKIP:
          case S_MOVETEXT_STRING:
            state = S_NORMAL;
            break;
          case S_STRING:
          case S_TAG_AFTER_VALUE:
            state = S_TAG_AFTER_VALUE_NL;
            break;
          case S_TAG_NAME:
            state = S_TAG_AFTER_NAME;
            break;
          default:
            break;
        }
        escape = false;
        continue;
      }
      prevCR = false;
      const column0 = i === lineStartOffset;
      switch (state) {
        case S_NORMAL:
          if (isBlank(c)) break;
          if (c === 91) {
            // [
            if (lineBlank && (this.sawMovetext || (blankLine && lineStartOffset - this.lastBound > SOFT_LIMIT))) {
              // After movetext, or (files of tag-only games) after a blank line once a batch
              // has grown large: a game starts here.
              this.boundary(lineStartOffset, line);
            }
            state = S_TAG_START;
          } else if (c === 123) state = S_BRACE;
          else if (c === CH_LINE_COMMENT) state = S_SKIP_LINE;
          else if (c === CH_ESCAPE && startsEscapeLine(column0, lineBlank, this.indentedEscapes)) state = S_SKIP_LINE;
          else {
            this.sawMovetext = true;
            if (c === 34) state = S_MOVETEXT_STRING;
          }
          blankLine = false;
          lineBlank = false;
          break;
        case S_TAG_START:
        case S_TAG_AFTER_NAME:
        case S_TAG_AFTER_VALUE:
          if (isBlank(c)) break;
          if (c === CH_ESCAPE && startsEscapeLine(column0, lineBlank, this.indentedEscapes)) {
            lineBlank = false;
            state = S_SKIP_LINE;
            break;
          }
          lineBlank = false;
          if (c === 93)
            state = S_NORMAL; // ]
          else if (c === 91)
            state = S_TAG_START; // [ : read again as a new tag
          else if (c === 123) state = S_BRACE_SKIP;
          else if (state === S_TAG_START && SYM[c] === 1) state = S_TAG_NAME;
          else if (state === S_TAG_AFTER_NAME && c === 34) state = S_STRING;
          else if (c === 34) state = S_STRING_SKIP;
          else state = S_SKIP_LINE;
          break;
        case S_TAG_NAME:
          if (SYM[c] !== 0) break;
          // The name ends: read this character again after it.
          state = S_TAG_AFTER_NAME;
          i--;
          break;
        case S_TAG_AFTER_VALUE_NL:
          // The reader reads the next token afresh: only `]` still closes the tag.
          if (isBlank(c)) break;
          state = S_NORMAL;
          if (c === 93) lineBlank = false;
          else i--;
          break;
        case S_STRING:
        case S_STRING_SKIP:
        case S_MOVETEXT_STRING:
          if (escape) {
            // After a backslash, `"` and `\` are escaped; anything else is read as usual.
            escape = false;
            if (c === 34 || c === 92) break;
          }
          if (c === 92) escape = true;
          else if (c === 34)
            state = state === S_STRING ? S_TAG_AFTER_VALUE : state === S_STRING_SKIP ? S_SKIP_LINE : S_NORMAL;
          break;
        case S_BRACE:
        case S_BRACE_SKIP:
          // Here c is the closing brace (the fast run stopped on it).
          state = state === S_BRACE ? S_NORMAL : S_SKIP_LINE;
          break;
        default:
          break;
      }
    }
    this.scanned = n;
    this.state = state;
    this.line = line;
    this.prevCR = prevCR;
    this.lineBlank = lineBlank;
    this.blankLine = blankLine;
    this.escape = escape;
    this.lineStartOffset = lineStartOffset;
  }

  private boundary(offset: number, line: number): void {
    this.sawMovetext = false;
    if (offset < 0) offset = 0;
    this.lastBound = offset;
    if (this.dropping) {
      // The oversized game ends here: its bytes are forgotten at the next emit.
      this.dropping = false;
      this.dropTo = offset;
      this.dropLine = line;
      return;
    }
    this.bounds.push(offset);
    this.boundLines.push(line);
  }

  /** Drops `buf[0, offset)`, which starts at `bufLine`; `line` is the line at `offset`. */
  private cut(offset: number, line: number): void {
    this.buf = this.buf.subarray(offset);
    this.scanned -= offset;
    this.lineStartOffset -= offset;
    this.lastBound -= offset;
    for (let i = 0; i < this.bounds.length; i++) this.bounds[i]! -= offset;
    this.bufLine = line;
  }

  private emit(atEnd: boolean): TextBatch[] {
    const out: TextBatch[] = [];
    if (this.dropTo >= 0) {
      this.cut(this.dropTo, this.dropLine);
      this.dropTo = -1;
    }
    if (this.dropping) {
      // Still inside an oversized game: keep nothing but the scan state.
      if (atEnd) this.buf = new Uint8Array(0);
      else this.cut(this.buf.length, this.line);
      return out;
    }
    const bounds = this.bounds;
    const end = atEnd ? this.buf.length : bounds.length > 0 ? bounds[bounds.length - 1]! : 0;
    if (end > 0) {
      out.push({ text: this.decoder.decode(this.buf.subarray(0, end), atEnd, this.bufLine), line: this.bufLine });
      const nextLine = atEnd ? this.line : this.boundLines[this.boundLines.length - 1]!;
      this.bounds = [];
      this.boundLines = [];
      if (atEnd) this.buf = new Uint8Array(0);
      else this.cut(end, nextLine);
    }
    if (!atEnd && this.buf.length > this.maxGame) {
      // One game (since the last boundary) is larger than allowed: drop it.
      this.options.onOversize?.(this.bufLine, this.buf.length);
      // the head may cut a sequence and is read apart: the input's choice, made from it if need be
      const head = decodePiece(
        this.buf,
        this.decoder.detect(this.buf) ?? 'utf-8',
        1,
        0,
        Math.min(OVERSIZE_HEAD, this.buf.length),
      ).text;
      out.push({ text: '', line: this.bufLine, oversize: { bytes: this.buf.length, head } });
      this.dropping = true;
      this.cut(this.buf.length, this.line);
    }
    return out;
  }
}

/** Splits an async stream of bytes (or strings) into batches of whole games. */
export async function* splitGames(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options?: SplitOptions,
): AsyncGenerator<TextBatch> {
  const splitter = new GameSplitter(options);
  const encoder = new TextEncoder();
  for await (const chunk of source as AsyncIterable<Uint8Array | string>) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    for (const batch of splitter.push(bytes)) yield batch;
  }
  for (const batch of splitter.end()) yield batch;
}

export { iterateStream };
