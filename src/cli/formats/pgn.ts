import { Buffer, isAscii, isUtf8 } from 'node:buffer';
import { chessRules, makePgn, mainlineFen, PgnParser, readPgn, type PgnGame, type PgnNode, type PgnVisitor } from '../../pgn/index.js';
import { notationError, type NotationError } from '../../errors.js';
import type { CheckReport, ExportResult, FormatHandler, InputFile, InputStream, StreamSink } from '../types.js';

function countMoves(line: PgnNode[]): number {
  let n = 0;
  const stack: PgnNode[][] = [line];
  while (stack.length) {
    const l = stack.pop()!;
    n += l.length;
    for (const node of l) if (node.variations) stack.push(...node.variations);
  }
  return n;
}

/** The chunks of a stream, telling `sink.progress` how many bytes have gone by. */
async function* counted(input: InputStream, sink: StreamSink): AsyncGenerator<Uint8Array> {
  let bytes = 0;
  for await (const chunk of input.chunks) {
    yield chunk;
    bytes += chunk.length;
    sink.progress(bytes);
  }
}

const MAX_GAME_BYTES = 32 << 20;
const GAME_START = Buffer.from('\n[');

/**
 * Text of a batch of bytes: ASCII and UTF-8 as such, anything else as Latin-1 (the reader's rule,
 * applied per batch here). Node's native checks and decoders keep this a small part of the time.
 */
function decodeBatch(bytes: Buffer): string {
  if (isAscii(bytes)) return bytes.toString('latin1');
  return isUtf8(bytes) ? bytes.toString('utf8') : bytes.toString('latin1');
}

/** Lines in `bytes` as the lexer counts them: LF, CRLF and a lone CR each end one. */
function countLines(bytes: Buffer): number {
  let n = 0;
  for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) n++;
  if (bytes.includes(13)) for (let i = bytes.indexOf(13); i >= 0; i = bytes.indexOf(13, i + 1)) if (bytes[i + 1] !== 10) n++;
  return n;
}

/**
 * `check` on a PGN stream through the reader's fast path: the visitor API (no game trees), every
 * move resolved and counted, memory bounded by one chunk plus one game whatever the input size.
 *
 * Batches are cut after the last line break before a `[` of each chunk (a cheap native search, no
 * byte-by-byte scan). A cut may still fall where the reader would not end a game (a `[` line inside
 * a comment, tags after movetext): such a game runs into the end of its batch, so it is dropped and
 * read again with the next batch; the result is the same as reading the file as one string. The
 * errors of a game are held until the game is known to be complete.
 */
async function checkPgnStream(input: InputStream, sink: StreamSink): Promise<Record<string, number>> {
  let games = 0;
  let moves = 0;
  let withErrors = 0;
  let gameMoves = 0;
  let gameErrors: NotationError[] = [];
  let gameWarnings: NotationError[] = [];
  const visitor = {
    move() {
      gameMoves++;
    },
    error(e: NotationError) {
      gameErrors.push(e);
    },
    warning(w: NotationError) {
      gameWarnings.push(w);
    },
  };
  const forget = () => {
    gameMoves = 0;
    if (gameErrors.length) gameErrors = [];
    if (gameWarnings.length) gameWarnings = [];
  };
  const commit = () => {
    games++;
    moves += gameMoves;
    if (gameErrors.length) {
      withErrors++;
      for (const e of gameErrors) sink.error(e);
    }
    for (const w of gameWarnings) sink.warning(w);
    forget();
  };
  const oversize = (line: number, bytes: number) => {
    games++;
    withErrors++;
    sink.error(notationError('ERR_PGN_GAME_TOO_LARGE', `game of more than ${bytes} bytes (maxGameBytes); skipped`, line, 1));
  };
  const parser = new PgnParser(visitor as PgnVisitor, { rules: chessRules });
  // Text of a game that ran into the end of the previous batch, and where it starts.
  let carry = '';
  let carryLine = 1;
  let carryColumn = 1;
  const read = (batch: string, batchLine: number, last: boolean) => {
    const text = carry ? carry + batch : batch;
    const line = carry ? carryLine : batchLine;
    const column = carry ? carryColumn : 1;
    carry = '';
    parser.reset(text, line, column);
    while (parser.parseGame()) {
      if (parser.endedAtEnd && !last) {
        forget();
        carry = text.slice(parser.gameStart);
        carryLine = parser.gameLine;
        carryColumn = parser.gameColumn;
        break;
      }
      commit();
    }
    if (carry.length > MAX_GAME_BYTES) {
      oversize(carryLine, carry.length);
      carry = '';
    }
  };
  let rest: Buffer | undefined;
  let line = 1;
  let bytesRead = 0;
  let first = true;
  for await (const chunk of input.chunks) {
    bytesRead += chunk.length;
    let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    if (first) {
      first = false;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    }
    const buf = rest ? Buffer.concat([rest, bytes]) : bytes;
    let cut = buf.lastIndexOf(GAME_START);
    // No game start in a long stretch (CR-only line ends, one huge game): cut at any line end;
    // the carry-over above keeps the result right.
    if (cut < 0 && buf.length > 4 * chunk.length) cut = Math.max(buf.lastIndexOf(10), buf.lastIndexOf(13));
    if (cut < 0) {
      if (buf.length > MAX_GAME_BYTES) {
        oversize(line, buf.length);
        rest = undefined;
      } else rest = buf;
      continue;
    }
    const batch = buf.subarray(0, cut + 1);
    rest = buf.subarray(cut + 1);
    read(decodeBatch(batch), line, false);
    line += countLines(batch);
    sink.progress(bytesRead);
  }
  read(rest ? decodeBatch(rest) : '', line, true);
  sink.progress(bytesRead);
  return { games, moves, 'games with errors': withErrors };
}

/** Games of a PGN stream one at a time (bounded memory), errors and warnings sent to the sink. */
async function* streamGames(input: InputStream, sink: StreamSink): AsyncGenerator<PgnGame> {
  let n = 0;
  for await (const game of readPgn(counted(input, sink))) {
    for (const e of game.errors) sink.error(e);
    for (const w of game.warnings ?? []) sink.warning(w);
    yield game;
    if (++n % 64 === 0) await sink.drain();
  }
}

export const pgnFormat: FormatHandler = {
  name: 'pgn',
  extensions: ['.pgn'],
  sniff(text) {
    // PBN shares the tag syntax: ask for a chess-only tag or for numbered SAN movetext.
    return /\[(White|Black|FEN|WhiteElo|ECO)\s+"/.test(text) || /(^|\s)1\.\s*[a-hNBRQKO]/.test(text);
  },
  async check(input: InputFile): Promise<CheckReport> {
    const errors: NotationError[] = [];
    const warnings: NotationError[] = [];
    let games = 0;
    let moves = 0;
    let withErrors = 0;
    for await (const game of readPgn(input.bytes)) {
      games++;
      moves += countMoves(game.moves);
      if (game.errors.length) withErrors++;
      errors.push(...game.errors);
      warnings.push(...(game.warnings ?? []));
    }
    return { counts: { games, moves, 'games with errors': withErrors }, errors, warnings };
  },
  checkStream: (input, _options, sink) => checkPgnStream(input, sink),
  async export(input: InputFile, options): Promise<ExportResult> {
    const reduced = options.reduced === true;
    let text = '';
    const errors: NotationError[] = [];
    for await (const game of readPgn(input.bytes)) {
      text += makePgn(game, { reduced });
      errors.push(...game.errors);
    }
    return { text, errors };
  },
  async exportStream(input, options, sink) {
    const reduced = options.reduced === true;
    for await (const game of streamGames(input, sink)) sink.out(makePgn(game, { reduced }));
  },
  convertTargets: ['json'],
  async convert(input: InputFile): Promise<ExportResult> {
    const errors: NotationError[] = [];
    const lines: string[] = [];
    for await (const game of readPgn(input.bytes)) {
      errors.push(...game.errors);
      lines.push(gameJson(game));
    }
    return { text: `[\n${lines.join(',\n')}\n]\n`, errors };
  },
  async convertStream(input, _to, _options, sink) {
    sink.out('[\n');
    let first = true;
    for await (const game of streamGames(input, sink)) {
      sink.out(`${first ? '' : ',\n'}${gameJson(game)}`);
      first = false;
    }
    sink.out('\n]\n');
  },
};

function gameJson(game: PgnGame): string {
  return JSON.stringify({
    headers: game.headers,
    result: game.result,
    mainline: game.moves.map((n) => n.san),
    finalFen: mainlineFen(game) ?? null,
    errors: game.errors,
    line: game.line,
    root: game.root,
    moves: game.moves,
  });
}
