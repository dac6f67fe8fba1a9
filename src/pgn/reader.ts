import { notationError } from '../errors.js';
import { GameSplitter, iterateStream, type TextBatch } from '../text/split.js';
import { GameBuilder } from './builder.js';
import { PgnParser } from './parser.js';
import { chessRules } from './rules.js';
import type { PgnGame } from './types.js';
import type { PgnReadOptions, PgnRules, PgnVisitor } from './visitor.js';

/** What the streaming reader accepts. */
export type PgnSource =
  | string
  | Uint8Array
  | ReadableStream<Uint8Array | string>
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>;

function rulesOf<P>(options: PgnReadOptions<P>): PgnRules<P> | undefined {
  if (options.resolveMoves === false) return undefined;
  return options.rules ?? (chessRules as PgnRules<P> | undefined);
}

function parserFor<P>(visitor: PgnVisitor<P>, options: PgnReadOptions<P>): PgnParser<P> {
  return new PgnParser(visitor, { ...options, rules: rulesOf(options) });
}

/** Reads every game of a PGN text into game trees. Never throws on bad input: see `game.errors`. */
export function parsePgn(text: string, options: PgnReadOptions = {}): PgnGame[] {
  const builder = new GameBuilder();
  const parser = parserFor(builder, options);
  parser.reset(text);
  parser.parseAll();
  return builder.take();
}

/** The games of a PGN text one at a time (lazily). */
export function* iteratePgn(text: string, options: PgnReadOptions = {}): Generator<PgnGame> {
  const builder = new GameBuilder();
  const parser = parserFor(builder, options);
  parser.reset(text);
  while (parser.parseGame()) yield* builder.take();
}

/** Walks a PGN text with a visitor; returns the number of games. */
export function visitPgn<P = unknown>(text: string, visitor: PgnVisitor<P>, options: PgnReadOptions<P> = {}): number {
  const parser = parserFor(visitor, options);
  parser.reset(text);
  return parser.parseAll();
}

function isReadableStream(x: unknown): x is ReadableStream<Uint8Array | string> {
  return typeof (x as ReadableStream | undefined)?.getReader === 'function';
}

/** Batches of whole games from any source, with bounded memory for streams. */
async function* batches(source: PgnSource, options: PgnReadOptions, oversize: (line: number, bytes: number) => void): AsyncGenerator<TextBatch> {
  if (typeof source === 'string') {
    yield { text: source, line: 1 };
    return;
  }
  const splitter = new GameSplitter({ maxGameBytes: options.maxGameBytes, onOversize: oversize });
  const encoder = new TextEncoder();
  if (source instanceof Uint8Array) {
    // Whole input in memory already: split in slices so decoding stays per batch.
    for (let i = 0; i < source.length; i += 1 << 20) yield* splitter.push(source.subarray(i, i + (1 << 20)));
    yield* splitter.end();
    return;
  }
  const chunks = isReadableStream(source) ? iterateStream(source) : (source as AsyncIterable<Uint8Array | string>);
  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    yield* splitter.push(bytes);
  }
  yield* splitter.end();
}

/**
 * Exactly game-aligned text batches. The byte splitter cuts at plausible game starts; a structural
 * pass of the reader itself (no visitor, no move resolution) then finds where each game really
 * starts, and the last game of a batch is carried over to the next one. So streamed input gives
 * the same games as one string, whatever the chunking and however malformed the input.
 */
async function* gameBatches(source: PgnSource, options: PgnReadOptions, oversize: (line: number, size: number) => void): AsyncGenerator<TextBatch> {
  if (typeof source === 'string') {
    yield { text: source, line: 1 };
    return;
  }
  const limit = options.maxGameBytes ?? 32 << 20;
  const scanner = new PgnParser({}, { ...options, resolveMoves: false, rules: undefined });
  let carry = '';
  let carryLine = 1;
  let carryColumn = 1;
  for await (const batch of batches(source, options, oversize)) {
    const text = carry ? carry + batch.text : batch.text;
    const line = carry ? carryLine : batch.line;
    const column = carry ? carryColumn : 1;
    scanner.reset(text, line, column);
    let lastStart = -1;
    let lastLine = line;
    let lastColumn = column;
    let games = 0;
    while (scanner.parseGame()) {
      games++;
      lastStart = scanner.gameStart;
      lastLine = scanner.gameLine;
      lastColumn = scanner.gameColumn;
    }
    if (games <= 1) {
      // One (possibly unfinished) game so far: wait for more.
      carry = text;
      carryLine = line;
      carryColumn = column;
    } else {
      yield { text: text.slice(0, lastStart), line, column };
      carry = text.slice(lastStart);
      carryLine = lastLine;
      carryColumn = lastColumn;
    }
    if (carry.length > limit) {
      oversize(carryLine, carry.length);
      carry = '';
    }
  }
  if (carry) yield { text: carry, line: carryLine, column: carryColumn };
}

function oversizeGame(line: number, bytes: number): PgnGame {
  return {
    headers: {},
    root: {},
    moves: [],
    result: '*',
    errors: [notationError('ERR_PGN_GAME_TOO_LARGE', `game of more than ${bytes} bytes (maxGameBytes); skipped`, line, 1)],
    line,
  };
}

/**
 * Reads games from a string, bytes, a Node `Readable`, any async iterable of chunks or a web
 * `ReadableStream`, one game at a time. Memory stays bounded by the largest game (at most
 * `maxGameBytes`) plus one chunk, however large the input.
 */
export async function* readPgn(source: PgnSource, options: PgnReadOptions = {}): AsyncGenerator<PgnGame> {
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
  const dropped: PgnGame[] = [];
  const it = batches(source, options, (line, bytes) => dropped.push(oversizeGame(line, bytes)));
  let carry = '';
  let carryLine = 1;
  let carryColumn = 1;
  let next = await it.next();
  while (!next.done) {
    const batch = next.value;
    next = await it.next();
    const last = next.done === true;
    const text = carry ? carry + batch.text : batch.text;
    const line = carry ? carryLine : batch.line;
    const column = carry ? carryColumn : batch.column ?? 1;
    carry = '';
    parser.reset(text, line, column);
    while (parser.parseGame()) {
      const games = builder.take();
      if (parser.endedAtEnd && !last) {
        carry = text.slice(parser.gameStart);
        carryLine = parser.gameLine;
        carryColumn = parser.gameColumn;
        break;
      }
      yield* games;
    }
    if (carry.length > limit) {
      dropped.push(oversizeGame(carryLine, carry.length));
      carry = '';
    }
    while (dropped.length) yield dropped.shift()!;
  }
  while (dropped.length) yield dropped.shift()!;
}

/** Streams games through a visitor (bounded memory); returns the number of games. */
export async function streamPgn<P = unknown>(source: PgnSource, visitor: PgnVisitor<P>, options: PgnReadOptions<P> = {}): Promise<number> {
  const parser = parserFor(visitor, options);
  let games = 0;
  const oversize = (line: number, bytes: number): void => {
    visitor.beginGame?.(line);
    visitor.error?.(oversizeGame(line, bytes).errors[0]!);
    visitor.endGame?.();
    games++;
  };
  for await (const batch of gameBatches(source, options as PgnReadOptions, oversize)) {
    parser.reset(batch.text, batch.line, batch.column);
    games += parser.parseAll();
  }
  return games;
}
