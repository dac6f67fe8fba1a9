// check/export/convert on .aif and .aif.gz, streamed one game at a time (bounded memory).
import { makeAif, readAif, validateAif, type AifGame, type AifReadOptions } from '../../aif/index.js';
import type { NotationError } from '../../errors.js';
import { intOption } from '../args.js';
import type { CommandContext, FormatHandler, InputStream, StreamSink } from '../types.js';

/** The inflation limits of a `.aif.gz` from `--max-inflated-bytes` and `--max-inflate-ratio`. */
function readOptions(options: CommandContext['options']): AifReadOptions {
  const ctx = { options } as CommandContext;
  return {
    maxInflatedBytes: intOption(ctx, 'max-inflated-bytes', { min: 1 }),
    maxInflateRatio: intOption(ctx, 'max-inflate-ratio', { min: 1 }),
  };
}

function located(e: NotationError, game: AifGame): NotationError {
  return e.line === undefined ? { ...e, line: game.line } : e;
}

/** A game as plain JSON: headers, main-line SAN, blocks without reading positions. */
export function aifGameJson(g: AifGame): unknown {
  return {
    flavour: g.flavour,
    headers: g.headers,
    moves: g.game?.moves.map((m) => m.san) ?? [],
    result: g.game?.result,
    blocks: g.blocks.map((b) => ({
      tags: b.tags,
      grid: { depths: b.grid.depths, rows: b.grid.rows.map((r) => ({ move: r.move, cells: r.cells })) },
      pvs: b.pvs,
      comments: b.comments,
    })),
  };
}

async function each(
  input: InputStream,
  options: CommandContext['options'],
  sink: StreamSink,
  onGame: (g: AifGame) => void,
): Promise<Record<string, number>> {
  let games = 0,
    blocks = 0;
  for await (const { value: g, errors, warnings } of readAif(input.chunks, readOptions(options))) {
    games++;
    blocks += g.blocks.length;
    for (const e of errors) sink.error(located(e, g));
    for (const w of warnings) sink.warning(located(w, g));
    onGame(g);
    await sink.drain();
  }
  return { games, blocks };
}

export const aifFormat: FormatHandler = {
  name: 'aif',
  async check() {
    throw new Error('aif: checkStream is used');
  },
  async checkStream(input, options, sink) {
    return each(input, options, sink, (g) => {
      const v = validateAif(g);
      for (const e of v.errors) sink.error(e);
      for (const w of v.warnings) sink.warning(w);
    });
  },
  async exportStream(input, options, sink) {
    await each(input, options, sink, (g) => sink.out(makeAif(g, { onWarning: (w) => sink.warning(located(w, g)) })));
  },
  convertTargets: ['json'],
  async convertStream(input, _to, options, sink) {
    let first = true;
    sink.out('[');
    await each(input, options, sink, (g) => {
      sink.out(`${first ? '\n' : ',\n'}${JSON.stringify(aifGameJson(g))}`);
      first = false;
    });
    sink.out('\n]\n');
  },
};
