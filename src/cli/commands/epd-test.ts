// `gamenotation epd-test SUITE.epd --engine E`: an engine test suite. Every position is searched
// (N engines with --jobs N, each taking the next position when it is free) and scored by
// gamenotation/epd's analyseEpdSuite: solved when the move is a bm move and no am move, STS points
// from c0. Progress on stderr; the report (or --json) on stdout, in the suite's order.
import { analyseEpdSuite, readEpd, type EpdRecord, type EpdSuiteResult } from '../../epd/index.js';
import { openEngine, type EngineError, type Limit, type UciEngine } from '../../engine/index.js';
import { formatError } from '../../errors.js';
import { intOption, requirePositional } from '../args.js';
import { EXIT_INPUT, EXIT_OK, UsageError } from '../exit.js';
import { startProgress } from '../progress.js';
import type { Command } from '../types.js';
import { engineChoice, engineFailureText, usableLimit } from './engine.js';

const USAGE =
  'gamenotation epd-test SUITE.epd [--engine stockfish|stockfish.wasm|fairy|PATH] [--depth N | --nodes N | --movetime MS] [--jobs N] [--hash MB] [--json]';

/** The report as text: one line per position, then the totals. */
function report(result: EpdSuiteResult): string {
  const width = Math.max(2, ...result.positions.map((p) => p.id.length));
  const lines = result.positions.map((p) => {
    const verdict = p.error ? `error ${p.error.code}` : p.ok ? 'solved' : 'not solved';
    const points = p.maxPoints ? `  ${p.points}/${p.maxPoints}` : '';
    return `${p.id.padEnd(width)}  ${(p.move ?? '-').padEnd(7)}  ${verdict}${points}`;
  });
  const points = result.maxPoints ? `, ${result.points} of ${result.maxPoints} points` : '';
  lines.push(`solved ${result.solved} of ${result.total}${points}`);
  return `${lines.join('\n')}\n`;
}

export const epdTestCommand: Command = {
  name: 'epd-test',
  usage: USAGE,
  options: {
    engine: { type: 'string' },
    depth: { type: 'string' },
    nodes: { type: 'string' },
    movetime: { type: 'string' },
    jobs: { type: 'string' },
    hash: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(ctx) {
    const file = requirePositional(ctx, 'SUITE.epd', USAGE);
    const given = (['depth', 'nodes', 'movetime'] as const).filter((k) => ctx.options[k] !== undefined);
    if (given.length > 1)
      throw new UsageError(
        `give one of --depth, --nodes, --movetime (not ${given.map((k) => `--${k}`).join(' and ')})`,
      );
    const limit: Limit = {};
    if (given[0]) limit[given[0]] = intOption(ctx, given[0], { min: 1 });
    else limit.depth = 12;
    usableLimit(limit);
    const jobs = intOption(ctx, 'jobs', { min: 1, max: 64 }, 1);
    const hash = intOption(ctx, 'hash', { min: 1, max: 65536 }, 16);
    const choice = engineChoice(ctx.options.engine as string | undefined, false);

    // The suite: every record with a position; what reading found goes to stderr.
    const input = await ctx.io.openInput(file);
    const records: EpdRecord[] = [];
    let inputErrors = 0;
    for await (const { value, errors, warnings } of readEpd(input.chunks)) {
      for (const e of errors) ctx.io.err(`${input.name}:${formatError(e)}\n`);
      for (const w of warnings) ctx.io.warn(`${input.name}:${formatError(w)} (warning)\n`);
      inputErrors += errors.length;
      if (value.position) records.push(value);
    }

    const engines: UciEngine[] = [];
    const opened = await Promise.allSettled(
      Array.from({ length: Math.min(jobs, Math.max(1, records.length)) }, () =>
        openEngine({ ...choice, options: { Threads: 1, Hash: hash } }),
      ),
    );
    for (const o of opened) if (o.status === 'fulfilled') engines.push(o.value);
    const failed = opened.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) {
      await Promise.all(engines.map((e) => e.close()));
      const err = failed.reason as EngineError;
      if (err?.code === 'ERR_ENGINE_NOT_FOUND') throw new UsageError(err.error.message);
      ctx.io.err(`error: ${engineFailureText(err)}\n`);
      return EXIT_INPUT;
    }
    const progress = startProgress(ctx.io, { label: input.name, total: records.length, unit: 'positions' });
    let result: EpdSuiteResult;
    try {
      result = await analyseEpdSuite(records, engines, limit, { onProgress: ({ done }) => progress.update(done) });
    } catch (e) {
      progress.stop();
      ctx.io.err(`error: ${engineFailureText(e)}\n`);
      return EXIT_INPUT;
    } finally {
      await Promise.all(engines.map((e) => e.close()));
    }
    progress.stop();
    for (const p of result.positions) if (p.error) ctx.io.err(`${input.name}:${formatError(p.error)} (not searched)\n`);
    if (ctx.options.json) {
      const json = {
        total: result.total,
        solved: result.solved,
        points: result.points,
        maxPoints: result.maxPoints,
        positions: result.positions.map((p) => ({ id: p.id, move: p.move, ok: p.ok, points: p.points })),
      };
      ctx.io.out(`${JSON.stringify(json)}\n`);
    } else ctx.io.out(report(result));
    return inputErrors ? EXIT_INPUT : EXIT_OK;
  },
};
