// `gamenotation stats FILE.aif`: each game's figures per player (moves, average centipawn loss,
// engine-move matches, lichess accuracy and judgements), or with --by-player one summary per player
// over the file; --svg writes each game's loss-per-move graph. Streamed one game at a time.
import { writeFileSync } from 'node:fs';
import { aifPlayerSummary, aifStats, readAif, type AifGameStats, type AifPlayerStats } from '../../aif/index.js';
import { aifLossGraph } from '../../diagram/index.js';
import { formatError } from '../../errors.js';
import { requirePositional } from '../args.js';
import { EXIT_INPUT, EXIT_OK } from '../exit.js';
import { startProgress } from '../progress.js';
import type { Command } from '../types.js';

const USAGE = 'gamenotation stats FILE.aif [--json] [--by-player] [--svg OUT.svg]';

/** Two decimals for the JSON and the table (the API keeps every digit). */
const round = (v: number | null): number | null => (v === null ? null : Math.round(v * 100) / 100);

/** A player's figures in the `--json` shape: name, moves, acpl, t1 (t2, t3, equal with MultiPV), accuracy, judgements. */
function playerJson(p: Omit<AifPlayerStats, 'perMove'> & { games?: number }): Record<string, unknown> {
  const out: Record<string, unknown> = { name: p.name };
  if (p.games !== undefined) out.games = p.games;
  Object.assign(out, { moves: p.moves, acpl: round(p.acpl), t1: p.t1 });
  if (p.t2 !== undefined) Object.assign(out, { t2: p.t2, t3: p.t3, equal: p.equal });
  Object.assign(out, {
    accuracy: round(p.accuracy),
    inaccuracies: p.inaccuracies,
    mistakes: p.mistakes,
    blunders: p.blunders,
  });
  return out;
}

function playerLine(label: string, p: Omit<AifPlayerStats, 'perMove'> & { games?: number }): string {
  const fmt = (v: number | null) => (v === null ? '-' : v.toFixed(1));
  const multi = p.t2 !== undefined ? `  t2 ${p.t2}  t3 ${p.t3}  equal ${p.equal}` : '';
  const games = p.games !== undefined ? `  ${p.games} games` : '';
  return (
    `${label}${p.name}${games}: ${p.moves} moves, acpl ${fmt(p.acpl)}, t1 ${p.t1}/${p.turns}${multi}, ` +
    `accuracy ${fmt(p.accuracy)}, ${p.inaccuracies} inaccuracies, ${p.mistakes} mistakes, ${p.blunders} blunders`
  );
}

export const statsCommand: Command = {
  name: 'stats',
  usage: USAGE,
  options: { json: { type: 'boolean' }, 'by-player': { type: 'boolean' }, svg: { type: 'string' } },
  async run(ctx) {
    const file = requirePositional(ctx, 'FILE.aif', USAGE);
    const svg = typeof ctx.options.svg === 'string' ? ctx.options.svg : undefined;
    const input = await ctx.io.openInput(file);
    const progress = startProgress(ctx.io, { label: input.name, total: input.size ?? 0, unit: 'bytes' });
    let bytes = 0;
    async function* counted() {
      for await (const chunk of input.chunks) {
        yield chunk;
        bytes += chunk.length;
        progress.update(bytes);
      }
    }
    const games: AifGameStats[] = [];
    const svgs: { index: number; text: string }[] = [];
    let errors = 0;
    let index = 0;
    for await (const { value: game, errors: found } of readAif(counted())) {
      for (const e of found)
        ctx.io.err(`${input.name}:${formatError(e.line === undefined ? { ...e, line: game.line } : e)}\n`);
      errors += found.length;
      if (!game.blocks.length) continue;
      index++;
      games.push(aifStats(game));
      if (svg) svgs.push({ index, text: aifLossGraph(game) });
    }
    progress.stop();
    if (svg) {
      const name = (i: number) => (svgs.length === 1 ? svg : svg.replace(/(\.svg)?$/i, `-${i}.svg`));
      for (const s of svgs) writeFileSync(name(s.index), s.text);
    }
    const byPlayer = ctx.options['by-player'] === true;
    if (ctx.options.json) {
      const json = byPlayer
        ? { players: aifPlayerSummary(games).map(playerJson) }
        : { games: games.map((g) => ({ white: playerJson(g.white), black: playerJson(g.black) })) };
      ctx.io.out(`${JSON.stringify(json)}\n`);
    } else if (byPlayer) {
      for (const p of aifPlayerSummary(games)) ctx.io.out(`${playerLine('', p)}\n`);
    } else {
      games.forEach((g, i) => {
        ctx.io.out(`game ${i + 1}\n${playerLine('  White ', g.white)}\n${playerLine('  Black ', g.black)}\n`);
      });
    }
    return errors ? EXIT_INPUT : EXIT_OK;
  },
};
