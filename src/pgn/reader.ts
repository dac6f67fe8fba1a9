import { notationError, type NotationError, type Parsed } from '../errors.js';
import {
  Lexer,
  TOKEN_COMMENT,
  TOKEN_ESCAPE,
  TOKEN_LINE_COMMENT,
  TOKEN_STRING,
  TOKEN_SYMBOL,
  TOKEN_TAG_CLOSE,
  TOKEN_TAG_OPEN,
} from '../text/lexer.js';
import { textChunks, type TextSource } from '../text/source.js';
import { CarryOver, GameSplitter, giveBatchWarnings, OVERSIZE_HEAD, type TextBatch } from '../text/split.js';
import { GameBuilder } from './builder.js';
import { PgnParser } from './parser.js';
import { chessRules } from './rules.js';
import type { PgnGame } from './types.js';
import type { Position } from '../chess/index.js';
import type { PgnReadOptions, PgnRules, PgnVisitor } from './visitor.js';

function rulesOf<P>(options: PgnReadOptions<P>): PgnRules<P> | undefined {
  if (options.resolveMoves === false) return undefined;
  return options.rules ?? (chessRules as PgnRules<P> | undefined);
}

function parserFor<P>(visitor: PgnVisitor<P>, options: PgnReadOptions<P>): PgnParser<P> {
  return new PgnParser(visitor, { ...options, rules: rulesOf(options) });
}

/**
 * Reads every game of a PGN text into game trees, one `{ value, errors, warnings }` item per game.
 * Never throws on bad input: a game with errors is kept up to the first bad move of each line.
 */
export function parsePgn(text: string, options: PgnReadOptions = {}): Parsed<PgnGame>[] {
  const builder = new GameBuilder();
  const parser = parserFor(builder, options);
  parser.reset(text);
  parser.parseAll();
  return builder.take();
}

/** Walks a PGN text with a visitor; returns the number of games. */
export function visitPgn<P = Position>(text: string, visitor: PgnVisitor<P>, options: PgnReadOptions<P> = {}): number {
  const parser = parserFor(visitor, options);
  parser.reset(text);
  return parser.parseAll();
}

/** Batches of whole games from any source, with bounded memory for streams (oversize markers in order). */
async function* batches(source: TextSource, options: PgnReadOptions): AsyncGenerator<TextBatch> {
  if (typeof source === 'string') {
    yield { text: source, line: 1 };
    return;
  }
  const splitter = new GameSplitter({ maxGameBytes: options.maxGameBytes, indentedEscapes: true });
  const encoder = new TextEncoder();
  // Whole bytes in memory already come in slices, so decoding stays per batch.
  for await (const chunk of textChunks(source, { sliceBytes: 1 << 20 })) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    yield* splitter.push(bytes);
  }
  yield* splitter.end();
}

/** An oversize marker for a game whose text (or its start) is `text`. */
function oversizeBatch(text: string, line: number, size: number): TextBatch {
  return {
    text: '',
    line,
    oversize: { bytes: size, head: text.length > OVERSIZE_HEAD ? text.slice(0, OVERSIZE_HEAD) : text },
  };
}

/**
 * Exactly game-aligned text batches. The byte splitter cuts at plausible game starts; a structural
 * pass of the reader itself (no visitor, no move resolution) then finds where each game really
 * starts, and the last game of a batch is carried over to the next one. So streamed input gives
 * the same games as one string, whatever the chunking and however malformed the input. Oversized
 * games come as markers in their place.
 */
async function* gameBatches(source: TextSource, options: PgnReadOptions): AsyncGenerator<TextBatch> {
  if (typeof source === 'string') {
    yield { text: source, line: 1 };
    return;
  }
  const limit = options.maxGameBytes ?? 32 << 20;
  const scanner = new PgnParser({}, { ...options, resolveMoves: false, rules: undefined });
  const carry = new CarryOver();
  let warnings: NotationError[] | undefined;
  for await (const batch of batches(source, options)) {
    warnings ??= batch.warnings;
    if (batch.oversize) {
      // The game before the oversized one is complete.
      const held = carry.take();
      if (held) yield held;
      yield batch;
      continue;
    }
    const { text, line, column } = carry.join(batch);
    scanner.reset(text, line, column);
    // The games of this batch since the last oversized one (a segment).
    let segStart = 0;
    let segLine = line;
    let segColumn = column;
    let skipping = false;
    let lastStart = -1;
    let lastLine = line;
    let lastColumn = column;
    let games = 0;
    while (scanner.parseGame()) {
      const start = scanner.gameStart;
      if (skipping) {
        segStart = start;
        segLine = scanner.gameLine;
        segColumn = scanner.gameColumn;
        skipping = false;
      }
      if (!scanner.endedAtEnd && scanner.gameEnd - start > limit) {
        // A complete game over the limit (the whole input came in one piece): a marker in its place.
        if (start > segStart) yield { text: text.slice(segStart, start), line: segLine, column: segColumn };
        yield oversizeBatch(text.slice(start, start + OVERSIZE_HEAD), scanner.gameLine, scanner.gameEnd - start);
        skipping = true;
        games = 0;
        continue;
      }
      games++;
      lastStart = start;
      lastLine = scanner.gameLine;
      lastColumn = scanner.gameColumn;
    }
    if (games <= 1 && !skipping) {
      // One (possibly unfinished) game so far: wait for more.
      carry.hold(text.slice(segStart), segLine, segColumn);
    } else if (!skipping) {
      yield { text: text.slice(segStart, lastStart), line: segLine, column: segColumn };
      carry.hold(text.slice(lastStart), lastLine, lastColumn);
    }
    if (carry.text.length > limit) {
      const held = carry.take()!;
      yield oversizeBatch(held.text, held.line, held.text.length);
    }
  }
  const held = carry.take();
  if (held) yield held;
  // the decoder's warning (on the last batch of `batches`) comes last
  if (warnings) yield { text: '', line: 1, warnings };
}

/** The tag pairs at the start of a game's text (what can be read of an oversized game). */
export function leadingTags(text: string, line = 1): Record<string, string> {
  const headers: Record<string, string> = {};
  const lx = new Lexer(text, { line });
  for (let kind = lx.next(); ; kind = lx.next()) {
    if (kind === TOKEN_ESCAPE || kind === TOKEN_COMMENT || kind === TOKEN_LINE_COMMENT) continue;
    if (kind !== TOKEN_TAG_OPEN) break;
    if (lx.next() !== TOKEN_SYMBOL) break;
    const name = lx.tokenText();
    if (lx.next() !== TOKEN_STRING || lx.error) break;
    const value = lx.value();
    if (lx.next() !== TOKEN_TAG_CLOSE) break;
    if (Object.prototype.hasOwnProperty.call(headers, name)) break; // a repeated tag starts another game
    if (name === '__proto__')
      Object.defineProperty(headers, name, { value, enumerable: true, writable: true, configurable: true });
    else headers[name] = value;
  }
  return headers;
}

function oversizeError(index: number, line: number, bytes: number, options: PgnReadOptions): NotationError {
  const limit = options.maxGameBytes ?? 32 << 20;
  return notationError(
    'ERR_PGN_GAME_TOO_LARGE',
    `game ${index + 1} is larger than maxGameBytes (${limit}; ${bytes} read before it was dropped): its tags are kept, its movetext is skipped`,
    line,
    1,
  );
}

/** The stand-in for an oversized game: its tags, line and one error; no moves. */
function oversizeGame(index: number, batch: TextBatch, options: PgnReadOptions): Parsed<PgnGame> {
  const { head, bytes } = batch.oversize!;
  const headers = leadingTags(head, batch.line);
  const tag = headers.Result;
  const result = tag === '1-0' || tag === '0-1' || tag === '1/2-1/2' ? tag : '*';
  return {
    value: { headers, root: {}, moves: [], result, line: batch.line },
    errors: [oversizeError(index, batch.line, bytes, options)],
    warnings: [],
  };
}

/**
 * Reads games from a string, bytes, a Node `Readable`, any async iterable of chunks or a web
 * `ReadableStream`, one game at a time. Memory stays bounded by the largest game (at most
 * `maxGameBytes`) plus one chunk, however large the input. A larger game is reported in its place:
 * its tags, its line and `ERR_PGN_GAME_TOO_LARGE` with its index.
 */
export async function* readPgn(source: TextSource, options: PgnReadOptions = {}): AsyncGenerator<Parsed<PgnGame>> {
  const builder = new GameBuilder();
  const parser = parserFor(builder, options);
  if (typeof source === 'string') {
    parser.reset(source);
    while (parser.parseGame()) yield* builder.take();
    return;
  }
  // One pass: a game that runs into the end of a batch (no result, no next game yet) is dropped
  // and its text carried over to the next batch, so batch cuts never change what is read.
  const limit = options.maxGameBytes ?? 32 << 20;
  const it = batches(source, options);
  let index = 0;
  const carry = new CarryOver();
  let next = await it.next();
  while (!next.done) {
    const batch = next.value;
    next = await it.next();
    if (batch.oversize) {
      yield* giveBatchWarnings([oversizeGame(index++, batch, options)], batch.warnings);
      continue;
    }
    // Before an oversized game (or at the end) the last game is complete.
    const last = next.done === true || next.value.oversize !== undefined;
    const { text, line, column } = carry.join(batch);
    parser.reset(text, line, column);
    // The decoder's warning comes on the last batch and goes with the last game: hold its games.
    const held: Parsed<PgnGame>[] = [];
    while (parser.parseGame()) {
      const games = builder.take();
      if (parser.endedAtEnd && !last) {
        carry.hold(text.slice(parser.gameStart), parser.gameLine, parser.gameColumn);
        break;
      }
      if (parser.gameEnd - parser.gameStart > limit) {
        // A whole game over the limit that came in one piece: reported as if it had been streamed.
        const start = parser.gameStart;
        const game = oversizeGame(
          index++,
          oversizeBatch(text.slice(start, start + OVERSIZE_HEAD), parser.gameLine, parser.gameEnd - start),
          options,
        );
        if (batch.warnings) held.push(game);
        else yield game;
        continue;
      }
      index += games.length;
      if (batch.warnings) held.push(...games);
      else yield* games;
    }
    yield* giveBatchWarnings(held, batch.warnings);
    if (carry.text.length > limit) {
      const held = carry.take()!;
      yield oversizeGame(index++, oversizeBatch(held.text, held.line, held.text.length), options);
    }
  }
}

/**
 * `visitPgn` over any text source, streamed in bounded memory (a file, a fetch body, a Node
 * stream); resolves to the number of games.
 */
export async function visitPgnStream<P = Position>(
  source: TextSource,
  visitor: PgnVisitor<P>,
  options: PgnReadOptions<P> = {},
): Promise<number> {
  const parser = parserFor(visitor, options);
  let games = 0;
  for await (const batch of gameBatches(source, options as PgnReadOptions)) {
    if (batch.oversize) {
      visitor.beginGame?.(batch.line);
      const headers = leadingTags(batch.oversize.head, batch.line);
      for (const name of Object.keys(headers)) visitor.header?.(name, headers[name]!);
      visitor.error?.(oversizeError(games, batch.line, batch.oversize.bytes, options as PgnReadOptions));
      visitor.endGame?.();
      games++;
      continue;
    }
    parser.reset(batch.text, batch.line, batch.column);
    games += parser.parseAll();
    for (const w of batch.warnings ?? []) visitor.warning?.(w);
  }
  return games;
}
