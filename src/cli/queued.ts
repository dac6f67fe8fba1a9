// `--queue redis://…` for the batch verbs (analyse, dd, solve): the options they share, and one
// loop that sends their items through the queue and hands results back in input order, with the
// CLI's progress bar (done, failed, in flight, waiting, rate) and Ctrl-C leaving the jobs in Redis.
import type { ProducerItem, ProducerOutcome, QueueStats, QueueTarget } from '../queue/index.js';
import { intOption } from './args.js';
import { UsageError } from './exit.js';
import { startProgress } from './progress.js';
import type { CommandContext } from './types.js';

/** The options a verb that can run on the queue adds to its own. */
export const QUEUE_OPTIONS = {
  queue: { type: 'string' },
  window: { type: 'string' },
  attempts: { type: 'string' },
  'connect-timeout': { type: 'string' },
} as const;

/** The queue --queue names; a bad URL is a usage error, found before any work is done. */
export async function queueTarget(ctx: CommandContext): Promise<QueueTarget> {
  const { parseQueueUrl } = await import('../queue/index.js');
  const target = parseQueueUrl(String(ctx.options.queue));
  if (!target.ok) throw new UsageError(`--queue: ${target.error.message}`);
  return target.value;
}

/** One line of the progress bar's detail from the queue's counts. */
export function queueDetail(q: QueueStats, total: number, unit: string): string {
  const seconds = q.elapsedMs / 1000;
  const rate = seconds > 0 ? q.done / seconds : 0;
  const eta = rate > 0 ? `, ETA ${Math.round((total - q.done) / rate)} s` : '';
  return `${q.failed} failed, ${q.active} in flight, ${q.waiting} waiting | ${rate.toFixed(2)} ${unit}/s${eta}`;
}

/**
 * Runs `items` through the queue named by --queue; `onResult` gets each outcome in input order.
 * Resolves with the final counts; rejects with a QueueError (code ERR_QUEUE_*) when Redis cannot be
 * reached, or when interrupted.
 */
export async function runQueued<I extends ProducerItem>(
  ctx: CommandContext,
  items: Iterable<I> | AsyncIterable<I>,
  total: number,
  what: { label: string; unit: string },
  onResult: (item: I, outcome: ProducerOutcome) => void | Promise<void>,
  extra: { removeWhenDone?: boolean; onStats?: (q: QueueStats) => void } = {},
): Promise<QueueStats> {
  const { produceInOrder, QueueError } = await import('../queue/index.js');
  const target = await queueTarget(ctx);
  const connectSeconds = intOption(ctx, 'connect-timeout', { min: 1, max: 86400 }, 60);
  const window = intOption(ctx, 'window', { min: 1, max: 1_000_000 }, 1000);
  const attempts = intOption(ctx, 'attempts', { min: 1, max: 100 }, 3);
  const bar = startProgress(ctx.io, { label: what.label, total, unit: what.unit });
  const stop = new AbortController();
  const onSigint = () =>
    stop.abort(new QueueError('ERR_QUEUE_INTERRUPTED', 'interrupted; the jobs stay in Redis and a rerun continues'));
  process.once('SIGINT', onSigint);
  const source = (async function* () {
    yield* items;
  })();
  try {
    return await produceInOrder(target, source, {
      window,
      connectTimeoutMs: connectSeconds * 1000,
      attempts,
      removeWhenDone: extra.removeWhenDone,
      signal: stop.signal,
      onNote: (text) => ctx.io.warn(`${text}\n`),
      onResult,
      onProgress: (q) => {
        bar.update(q.done, ` | ${queueDetail(q, total, what.unit)}`);
        extra.onStats?.(q);
      },
    });
  } catch (e) {
    // The queue's own failures (Redis unreachable, interrupted) as one line with their code.
    if (e instanceof QueueError) {
      // ioredis may still be reconnecting to a Redis that is gone: do not let that keep the
      // process alive once the error is out.
      setTimeout(() => process.exit(process.exitCode ?? 1), 1000).unref();
      throw new Error(e.message, { cause: e });
    }
    throw e;
  } finally {
    process.removeListener('SIGINT', onSigint);
    bar.stop();
  }
}
