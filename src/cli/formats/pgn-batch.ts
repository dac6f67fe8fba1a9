// One batch of PGN text checked through the reader's fast path (visitor, no trees): shared by the
// `check` verb in the main thread and its worker threads (src/cli/pgn-worker.ts).
import { PgnParser } from '../../pgn/parser.js';
import { chessRules } from '../../pgn/rules.js';
import type { PgnGamesRun, PgnVisitor } from '../../pgn/visitor.js';
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

export class PgnBatchChecker {
  private gameErrors: NotationError[] = [];
  private gameWarnings: NotationError[] = [];
  private readonly parser: PgnParser;
  private readonly gamesRun: PgnGamesRun = {
    pos: 0,
    line: 0,
    lineStart: 0,
    maxValue: 0,
    maxComment: 0,
    games: 0,
    moves: 0,
  };

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
    // The plain games at the start are read from the bytes (ASCII: alike in every encoding), the
    // rest from its text: most batches of most files are then never decoded at all.
    const run = this.gamesRun;
    run.pos = 0;
    run.line = line;
    run.lineStart = 0;
    run.games = 0;
    run.moves = 0;
    this.parser.plainGamesInBytes(bytes, run);
    if (run.pos >= bytes.length)
      return { games: run.games, moves: run.moves, withErrors: 0, errors: [], warnings: [], endLine: run.line };
    const games = run.games;
    const moves = run.moves;
    const rest = bytes.subarray(run.pos);
    const { text, invalid, invalidLine } = decodeBatch(rest, encoding, run.line);
    const result = this.check(text, run.line, run.pos - run.lineStart + 1, last);
    result.games += games;
    result.moves += moves;
    return { ...result, invalid, invalidLine };
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
