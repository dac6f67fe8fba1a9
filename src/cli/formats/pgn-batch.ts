// One batch of PGN text checked through the reader's fast path (visitor, no trees): shared by the
// `check` verb in the main thread and its worker threads (src/cli/pgn-worker.ts).
import { PgnParser } from '../../pgn/parser.js';
import { chessRules } from '../../pgn/rules.js';
import type { PgnVisitor } from '../../pgn/visitor.js';
import type { NotationError } from '../../errors.js';
import { Buffer, isAscii } from 'node:buffer';
import { decodePiece, type DecodedPiece, type TextEncodingName } from '../../text/decode.js';

export interface BatchResult {
  games: number;
  moves: number;
  withErrors: number;
  errors: NotationError[];
  warnings: NotationError[];
  /** A last game that ran into the end of the batch: read again with the next batch prepended. */
  tail?: { text: string; line: number; column: number };
  /** The line after the batch's text (where the next batch starts): the reader counted them. */
  endLine: number;
  /** Bytes of the batch that were not UTF-8 in a UTF-8 input, and the line of the first (see `checkBytes`). */
  invalid?: number;
  invalidLine?: number;
}

/**
 * A batch's text by the text layer's rule (`decodePiece`), with a shortcut for ASCII, which most PGN
 * is: both encodings read it alike, and Node's native check and one-byte copy cost a quarter of the
 * UTF-8 decoder's time (about 20 ms of CPU on 20 MB) and give a one-byte string, cheaper to scan.
 */
export function decodeBatch(bytes: Uint8Array, encoding: TextEncodingName, line: number): DecodedPiece {
  if (isAscii(bytes))
    return {
      text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1'),
      invalid: 0,
      invalidLine: 0,
    };
  return decodePiece(bytes, encoding, line);
}

/** Line ends in `text` from `from` on, as the lexer counts them: LF, CRLF and a lone CR each end one. */
function lineEnds(text: string, from: number): number {
  let n = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) n++;
    else if (c === 13) {
      n++;
      if (text.charCodeAt(i + 1) === 10) i++;
    }
  }
  return n;
}

/** A blank line before a `[`: where a game most likely starts. */
const GAME_START = Buffer.from('\n\n[');

/** Adds the result of a piece of a batch (read after `out`'s) and its decoding to `out`. */
function merge(out: BatchResult, r: BatchResult, piece: DecodedPiece): void {
  out.games += r.games;
  out.moves += r.moves;
  out.withErrors += r.withErrors;
  for (const e of r.errors) out.errors.push(e);
  for (const w of r.warnings) out.warnings.push(w);
  out.endLine = r.endLine;
  if (r.tail) out.tail = r.tail;
  if (piece.invalid && !out.invalid) out.invalidLine = piece.invalidLine;
  out.invalid! += piece.invalid;
}

export class PgnBatchChecker {
  private gameErrors: NotationError[] = [];
  private gameWarnings: NotationError[] = [];
  private readonly parser: PgnParser;

  constructor() {
    // No `move` callback: the parser's own count gives the moves of a game, and a visitor without
    // one spares a call and the move details per move.
    const visitor = {
      error: (e: NotationError) => {
        this.gameErrors.push(e);
      },
      warning: (w: NotationError) => {
        this.gameWarnings.push(w);
      },
    };
    this.parser = new PgnParser(visitor as PgnVisitor, { rules: chessRules });
  }

  /**
   * Reads a batch of whole lines of bytes starting at `line`, decoded in the encoding the reading
   * thread chose for the input by the text layer's rule (`StreamDecoder.detect`), so a worker
   * thread reads it as the whole file would be read; bad bytes are counted for the input's one
   * warning.
   */
  checkBytes(bytes: Uint8Array, encoding: TextEncodingName, line: number, last = false): BatchResult {
    // Plain games are read from the bytes (ASCII: alike in every encoding); another game is decoded
    // and read as text with what follows it up to the next likely game start, and the bytes take
    // over again after it: most of a batch, often all of it, is never decoded.
    const out: BatchResult = { games: 0, moves: 0, withErrors: 0, errors: [], warnings: [], endLine: line, invalid: 0 };
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    let pos = 0;
    let lineStart = 0;
    for (let first = true; ; first = false) {
      const run = this.parser.plainGamesInBytes(bytes, pos, line, lineStart);
      const took = run.games;
      out.games += run.games;
      out.moves += run.moves;
      pos = run.pos;
      line = run.line;
      lineStart = run.lineStart;
      out.endLine = line;
      if (pos >= bytes.length) return out;
      // The text up to the next blank line before a `[`: one game, most likely (a batch with CR LF
      // line ends, which this does not look for, is read as text from here on). After two such
      // games in a row, the rest of the batch is read as text.
      const next = first || took > 0 ? buf.indexOf(GAME_START, pos + 1) : -1;
      const end = next < 0 ? bytes.length : next + 2;
      const piece = decodeBatch(bytes.subarray(pos, end), encoding, line);
      const r = this.check(piece.text, line, pos - lineStart + 1, last && end === bytes.length);
      if (r.tail && end < bytes.length) {
        // A game runs on past that blank line (it is inside a comment, say): the rest as text.
        const rest = decodeBatch(bytes.subarray(pos), encoding, line);
        merge(out, this.check(rest.text, line, pos - lineStart + 1, last), rest);
        return out;
      }
      merge(out, r, piece);
      if (r.tail || end >= bytes.length) return out;
      pos = end;
      lineStart = end;
      line = r.endLine;
    }
  }

  /**
   * Reads the games of `text` (whose first character is at `line`:`column` of the input). Unless
   * `last`, a game that runs into the end of the text is left out and returned as the tail: the
   * batch may have been cut inside it. Errors of a game are kept only once the game is complete.
   */
  check(text: string, line: number, column: number, last: boolean): BatchResult {
    const result: BatchResult = { games: 0, moves: 0, withErrors: 0, errors: [], warnings: [], endLine: line };
    const parser = this.parser;
    parser.reset(text, line, column);
    let before = parser.moves;
    for (;;) {
      // The plain games in one call (counts only: they have no errors or warnings), then one other.
      result.games += parser.parsePlainGames();
      result.moves += parser.moves - before;
      before = parser.moves;
      if (!parser.parseGame()) break;
      if (parser.endedAtEnd && !last) {
        result.tail = { text: text.slice(parser.gameStart), line: parser.gameLine, column: parser.gameColumn };
        result.endLine = parser.gameLine + lineEnds(text, parser.gameStart);
        this.forget();
        return result;
      }
      result.games++;
      result.moves += parser.moves - before;
      if (this.gameErrors.length) {
        result.withErrors++;
        for (const e of this.gameErrors) result.errors.push(e);
      }
      for (const w of this.gameWarnings) result.warnings.push(w);
      this.forget();
      before = parser.moves;
    }
    result.endLine = parser.scanLine;
    return result;
  }

  private forget(): void {
    if (this.gameErrors.length) this.gameErrors = [];
    if (this.gameWarnings.length) this.gameWarnings = [];
  }
}
