// The PGN verbs that build game trees (the library's tree reader and writer): check of a whole
// file, export and convert. Loaded by pgn.ts only when one of them runs.
import { makePgn, mainlineFen, readPgn, SEVEN_TAG_ROSTER, type PgnGame, type PgnNode } from '../../pgn/index.js';
import { tagPairWarnings } from '../../text/tag-value.js';
import type { NotationError, Parsed } from '../../errors.js';
import type { CheckReport, CommandContext, ExportResult, InputFile, InputStream, StreamSink } from '../types.js';
import { countedChunks } from '../io.js';

type FormatOptions = CommandContext['options'];

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

/**
 * What writing a game changes in its tags by the tag rule (src/text/tag-value.ts: a control such as
 * NUL in a value written as a space), as warnings at the game's line in the input.
 */
function tagWarnings(game: PgnGame, reduced: boolean): NotationError[] {
  const out: NotationError[] = [];
  for (const [name, value] of Object.entries(game.headers)) {
    if (reduced && !SEVEN_TAG_ROSTER.some(([n]) => n === name)) continue;
    for (const w of tagPairWarnings(name, value)) out.push({ ...w, line: game.line, column: 1 });
  }
  return out;
}

/** Games of a PGN stream one at a time (bounded memory), errors and warnings sent to the sink. */
async function* streamGames(input: InputStream, sink: StreamSink): AsyncGenerator<Parsed<PgnGame>> {
  let n = 0;
  for await (const item of readPgn(countedChunks(input, sink))) {
    for (const e of item.errors) sink.error(e);
    for (const w of item.warnings) sink.warning(w);
    yield item;
    if (++n % 64 === 0) await sink.drain();
  }
}

export async function checkWhole(input: InputFile): Promise<CheckReport> {
  const errors: NotationError[] = [];
  const warnings: NotationError[] = [];
  let games = 0;
  let moves = 0;
  let withErrors = 0;
  for await (const game of readPgn(input.bytes)) {
    games++;
    moves += countMoves(game.value.moves);
    if (game.errors.length) withErrors++;
    errors.push(...game.errors);
    warnings.push(...game.warnings);
  }
  return { counts: { games, moves, 'games with errors': withErrors }, errors, warnings };
}

export async function exportWhole(input: InputFile, options: FormatOptions): Promise<ExportResult> {
  const reduced = options.reduced === true;
  let text = '';
  const errors: NotationError[] = [];
  const warnings: NotationError[] = [];
  for await (const game of readPgn(input.bytes)) {
    text += makePgn(game.value, { reduced });
    errors.push(...game.errors);
    warnings.push(...tagWarnings(game.value, reduced));
  }
  return { text, errors, warnings };
}

export async function exportStream(input: InputStream, options: FormatOptions, sink: StreamSink): Promise<void> {
  const reduced = options.reduced === true;
  for await (const game of streamGames(input, sink)) {
    tagWarnings(game.value, reduced).forEach(sink.warning);
    sink.out(makePgn(game.value, { reduced }));
  }
}

export async function convertWhole(input: InputFile): Promise<ExportResult> {
  const errors: NotationError[] = [];
  const lines: string[] = [];
  for await (const game of readPgn(input.bytes)) {
    errors.push(...game.errors);
    lines.push(gameJson(game));
  }
  return { text: `[\n${lines.join(',\n')}\n]\n`, errors };
}

export async function convertStream(input: InputStream, sink: StreamSink): Promise<void> {
  sink.out('[\n');
  let first = true;
  for await (const game of streamGames(input, sink)) {
    sink.out(`${first ? '' : ',\n'}${gameJson(game)}`);
    first = false;
  }
  sink.out('\n]\n');
}

function gameJson({ value: game, errors }: Parsed<PgnGame>): string {
  return JSON.stringify({
    headers: game.headers,
    result: game.result,
    mainline: game.moves.map((n) => n.san),
    finalFen: mainlineFen(game) ?? null,
    errors,
    line: game.line,
    root: game.root,
    moves: game.moves,
  });
}
