// check/export/convert on .aif and .aif.gz, streamed one game at a time (bounded memory).
import { makeAif, readAif, validateAif, type AifGame } from '../../aif/index.js';
import type { NotationError } from '../../errors.js';
import type { FormatHandler, InputStream, StreamSink } from '../types.js';

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
  sink: StreamSink,
  onGame: (g: AifGame) => void,
): Promise<Record<string, number>> {
  let games = 0,
    blocks = 0;
  for await (const { value: g, errors, warnings } of readAif(input.chunks)) {
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
  async checkStream(input, _options, sink) {
    return each(input, sink, (g) => {
      const v = validateAif(g);
      for (const e of v.errors) sink.error(e);
      for (const w of v.warnings) sink.warning(w);
    });
  },
  async exportStream(input, _options, sink) {
    await each(input, sink, (g) => sink.out(makeAif(g, { onWarning: (w) => sink.warning(located(w, g)) })));
  },
  convertTargets: ['json'],
  async convertStream(input, _to, _options, sink) {
    let first = true;
    sink.out('[');
    await each(input, sink, (g) => {
      sink.out(`${first ? '\n' : ',\n'}${JSON.stringify(aifGameJson(g))}`);
      first = false;
    });
    sink.out('\n]\n');
  },
};
