// `gamenotation worker --queue redis://host:6379 [--jobs N] [--engine E]`: one machine's share of a
// queued run (analyse, dd and solve jobs). SIGTERM or Ctrl-C stops it gracefully: no new jobs, the
// running ones finish within --grace seconds or go back to the queue; a second signal hands them
// back at once.
import { availableParallelism } from 'node:os';
import { intOption } from '../args.js';
import { EXIT_OK, UsageError } from '../exit.js';
import type { Command } from '../types.js';
import { engineChoice } from './engine.js';

export const workerCommand: Command = {
  name: 'worker',
  usage:
    'gamenotation worker --queue redis://host:6379[/db][?name=q] [--jobs N] [--engine E] [--lock-seconds S] [--stalled-seconds S] [--grace S]\n' +
    '    [--max-depth N] [--max-nodes N] [--max-time S] [--quiet]\n' +
    'Jobs over --max-depth or --max-nodes are refused, and one running longer than --max-time seconds is stopped (ERR_QUEUE_JOB_INPUT).',
  options: {
    queue: { type: 'string' },
    jobs: { type: 'string' },
    engine: { type: 'string' },
    'lock-seconds': { type: 'string' },
    'stalled-seconds': { type: 'string' },
    grace: { type: 'string' },
    'max-depth': { type: 'string' },
    'max-nodes': { type: 'string' },
    'max-time': { type: 'string' },
  },
  async run(ctx) {
    if (ctx.positionals.length)
      throw new UsageError(`unexpected argument '${ctx.positionals[0]}'\nusage: ${this.usage}`);
    const url = ctx.options.queue;
    if (typeof url !== 'string' || !url)
      throw new UsageError(`worker needs --queue redis://host:port\nusage: ${this.usage}`);
    const { parseQueueUrl, runQueueWorker } = await import('../../queue/index.js');
    const target = parseQueueUrl(url);
    if (!target.ok) throw new UsageError(`--queue: ${target.error.message}`);
    const slots = intOption(ctx, 'jobs', { min: 1, max: 256 }, availableParallelism());
    const lockSeconds = intOption(ctx, 'lock-seconds', { min: 1, max: 3600 }, 10);
    const stalledSeconds = intOption(
      ctx,
      'stalled-seconds',
      { min: 1, max: 3600 },
      Math.max(1, Math.floor(lockSeconds / 2)),
    );
    const grace = intOption(ctx, 'grace', { min: 0, max: 86400 }, 30);
    const maxDepth = intOption(ctx, 'max-depth', { min: 1, max: 245 });
    const maxNodes = intOption(ctx, 'max-nodes', { min: 1 });
    const maxTime = intOption(ctx, 'max-time', { min: 1, max: 7 * 86400 });
    const engine = engineChoice(ctx.options.engine as string | undefined, false);

    const stop = new AbortController();
    let signals = 0;
    const onSignal = (name: string) => {
      signals++;
      if (signals === 1) {
        ctx.io.warn(`worker: ${name}: finishing running jobs (up to ${grace} s; again to hand them back now)\n`);
        stop.abort();
      } else {
        ctx.io.warn(`worker: ${name}: handing running jobs back to the queue\n`);
        handBack?.();
      }
    };
    let handBack: (() => void) | undefined;
    process.on('SIGTERM', () => onSignal('SIGTERM'));
    process.on('SIGINT', () => onSignal('SIGINT'));

    ctx.io.warn(
      `worker: ${slots} slot(s) on ${target.value.url} (queue ${target.value.name}), engine ${engine.path ?? engine.kind}\n`,
    );
    const summary = await runQueueWorker(target.value, {
      slots,
      engine,
      lockMs: lockSeconds * 1000,
      stalledMs: stalledSeconds * 1000,
      graceMs: grace * 1000,
      maxDepth,
      maxNodes,
      maxTimeMs: maxTime === undefined ? undefined : maxTime * 1000,
      signal: stop.signal,
      // --quiet keeps failures and Redis trouble, drops the line per job.
      log: (text, level) => (level === 'error' ? ctx.io.err : ctx.io.warn)(`worker: ${text}\n`),
      onHandBack: (fn) => (handBack = fn),
    });
    ctx.io.warn(
      `worker: stopped; ${summary.completed} job(s) completed, ${summary.failed} failed attempt(s), ${summary.returned} handed back\n`,
    );
    return EXIT_OK;
  },
};
