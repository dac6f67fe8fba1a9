// The producer side of a queued run: jobs go into Redis a window at a time, and results come back
// in input order (a finished job waits until every job before it has been handed over), so the
// output of a queued run is the output of a local run, byte for byte. Job ids are content hashes:
// a rerun after a crash finds its earlier jobs (finished ones are reused, failed ones are retried
// once more) instead of adding new ones.
import type { NotationError } from '../errors.js';
import { connectionOptions, isConnectionError, loadBullmq, QueueError, type QueueTarget } from './connection.js';
import { failureError, jobIdOf, type QueueJobData, type QueueJobResult } from './jobs.js';

/** One item of a run, in input order. */
export interface ProducerItem {
  data: QueueJobData;
  /** How messages name the item (`games.pgn game 12`). */
  label: string;
}

/** What became of an item: its result, or the typed error its job failed with. */
export type ProducerOutcome =
  { ok: true; jobId: string; value: QueueJobResult } | { ok: false; jobId: string; error: NotationError };

/** Counts of a run so far (the producer's progress line). */
export interface QueueStats {
  /** Items handed over (results and failures). */
  done: number;
  failed: number;
  /** Items whose result was already in Redis when they were enqueued. */
  reused: number;
  /** Jobs added to Redis by this run and not yet handed over. */
  pending: number;
  /** Jobs being worked on now, over the whole queue (every producer's). */
  active: number;
  /** Jobs waiting for a worker, over the whole queue. */
  waiting: number;
  elapsedMs: number;
}

/** Options of `produceInOrder`: the window, attempts, and where results and progress go. */
export interface ProduceOptions<I extends ProducerItem = ProducerItem> {
  /** Jobs kept in Redis ahead of the output (bounds Redis memory and the producer's). Default 1000. */
  window?: number;
  /** Attempts per job before it is recorded as failed. Default 3. */
  attempts?: number;
  /** Called once per item, in input order. */
  onResult(item: I, outcome: ProducerOutcome): void | Promise<void>;
  /** Called at most every `progressMs` (default 500). */
  onProgress?(stats: QueueStats): void;
  progressMs?: number;
  /** Remove a job from Redis once its result has been handed over (its output is durable). */
  removeWhenDone?: boolean;
  /** Notes for the user (a lost connection, a job added again), one line each. */
  onNote?(text: string): void;
  /** Stops the run (the jobs stay in Redis; a rerun continues). */
  signal?: AbortSignal;
  /** How long to wait for Redis at start, and after a lost connection, before giving up. Default 60 s. */
  connectTimeoutMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs every item through the queue; resolves with the final counts once each was handed over.
 *
 * ```ts
 * import { parseQueueUrl, produceInOrder } from 'gamenotation/queue';
 * const target = parseQueueUrl('redis://127.0.0.1:6379');
 * if (!target.ok) throw new Error(target.error.message);
 * const deals = ['N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765'];
 * await produceInOrder(target.value, deals.map((deal) => ({ label: deal, data: { kind: 'dd', deal } })), {
 *   onResult: (item, outcome) => console.log(item.label, outcome.ok ? outcome.value : outcome.error.code),
 * });
 * ```
 */
export async function produceInOrder<I extends ProducerItem>(
  target: QueueTarget,
  items: Iterable<I> | AsyncIterable<I>,
  options: ProduceOptions<I>,
): Promise<QueueStats> {
  const producer = new InOrderProducer(target, items, options, await loadBullmq());
  try {
    return await producer.run();
  } finally {
    await producer.close();
  }
}

type Bullmq = Awaited<ReturnType<typeof loadBullmq>>;

/** One run of `produceInOrder`: its Redis connection, its window of pending jobs and its counts. */
class InOrderProducer<I extends ProducerItem> {
  private readonly window: number;
  private readonly connectTimeoutMs: number;
  private readonly queue: InstanceType<Bullmq['Queue']>;
  private readonly events: InstanceType<Bullmq['QueueEvents']>;
  private readonly notes = new Set<string>();
  private readonly started = Date.now();
  private readonly stats: QueueStats = {
    done: 0,
    failed: 0,
    reused: 0,
    pending: 0,
    active: 0,
    waiting: 0,
    elapsedMs: 0,
  };
  private readonly jobOptions: Record<string, unknown>;
  private readonly pending: { item: I; jobId: string }[] = [];
  private readonly iterator: AsyncIterator<I> | Iterator<I>;
  private exhausted = false;
  private lastProgress = 0;
  private wake: (() => void) | undefined;

  constructor(
    private readonly target: QueueTarget,
    items: Iterable<I> | AsyncIterable<I>,
    private readonly options: ProduceOptions<I>,
    private readonly bullmq: Bullmq,
  ) {
    this.window = Math.max(1, options.window ?? 1000);
    this.connectTimeoutMs = options.connectTimeoutMs ?? 60_000;
    this.jobOptions = {
      attempts: Math.max(1, options.attempts ?? 3),
      backoff: { type: 'exponential', delay: 1000 },
      // Kept for a week so that a rerun finds them; a queued `analyse` removes its jobs once written.
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: { age: 7 * 24 * 3600 },
    };
    const connection = connectionOptions(target);
    this.queue = new bullmq.Queue(target.name, { connection });
    this.events = new bullmq.QueueEvents(target.name, { connection });
    this.queue.on('error', (e) => this.note(`queue: ${e.message}`));
    this.events.on('error', (e) => this.note(`queue events: ${e.message}`));
    const wakeUp = () => {
      this.wake?.();
      this.wake = undefined;
    };
    this.events.on('completed', wakeUp);
    this.events.on('failed', wakeUp);
    options.signal?.addEventListener('abort', wakeUp);
    this.iterator = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
  }

  /** Hands every item over in order; resolves with the final counts. */
  async run(): Promise<QueueStats> {
    const { options, pending, stats } = this;
    await this.redis('connect', () => Promise.all([this.queue.waitUntilReady(), this.events.waitUntilReady()]));
    for (;;) {
      if (options.signal?.aborted) throw options.signal.reason;
      await this.fill();
      const head = pending[0];
      if (!head) break;
      const outcome = await this.outcomeOf(head);
      if (!outcome) {
        await this.progress();
        // Woken by a queue event, or a poll: events can be missed across a Redis restart.
        await this.nap(250);
        continue;
      }
      pending.shift();
      await options.onResult(head.item, outcome);
      stats.done++;
      if (!outcome.ok) stats.failed++;
      if (options.removeWhenDone && outcome.ok && !pending.some((p) => p.jobId === head.jobId))
        await this.redis('remove', () => this.queue.remove(head.jobId)).catch(() => undefined);
      await this.progress();
    }
    await this.progress(true);
    return { ...stats, elapsedMs: Date.now() - this.started };
  }

  /**
   * A close waits for Redis; when Redis is gone, disconnect instead (or ioredis would keep the
   * process alive reconnecting).
   */
  async close(): Promise<void> {
    const closed = Promise.allSettled([this.events.close(), this.queue.close()]);
    if ((await Promise.race([closed.then(() => true), sleep(2000).then(() => false)])) === false)
      await Promise.race([Promise.allSettled([this.events.disconnect(), this.queue.disconnect()]), sleep(1000)]);
  }

  private note(text: string): void {
    if (this.notes.has(text)) return;
    this.notes.add(text);
    this.options.onNote?.(text);
  }

  private nap(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /**
   * Every Redis call waits out a restart (ioredis queues commands while it reconnects), but not
   * forever: a call that has not settled within connectTimeoutMs means Redis is gone.
   */
  private async redis<T>(what: string, call: () => Promise<T>): Promise<T> {
    const { target, connectTimeoutMs } = this;
    const deadline = Date.now() + connectTimeoutMs;
    for (let delay = 100; ; delay = Math.min(delay * 2, 2000)) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new QueueError(
                'ERR_QUEUE_CONNECT',
                `no answer from Redis at ${target.url} in ${Math.round(connectTimeoutMs / 1000)} s (${what})`,
              ),
            ),
          Math.max(1, deadline - Date.now()),
        );
      });
      try {
        return await Promise.race([call(), timeout]);
      } catch (e) {
        if (e instanceof QueueError || !isConnectionError(e)) throw e;
        if (Date.now() > deadline)
          throw new QueueError(
            'ERR_QUEUE_CONNECT',
            `cannot reach Redis at ${target.url} (${what}): ${(e as Error).message}`,
          );
        this.note(`waiting for Redis at ${target.url} (${(e as Error).message})`);
        await sleep(delay);
      } finally {
        clearTimeout(timer);
      }
    }
  }

  private async progress(force = false): Promise<void> {
    const { options, stats } = this;
    const now = Date.now();
    if (!options.onProgress || (!force && now - this.lastProgress < (options.progressMs ?? 500))) return;
    this.lastProgress = now;
    try {
      const counts = await this.queue.getJobCounts('active', 'wait', 'prioritized', 'delayed');
      stats.active = counts.active ?? 0;
      stats.waiting = (counts.wait ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0);
    } catch {
      // Counts are for display only; a lost connection is reported by the calls that need it.
    }
    stats.pending = this.pending.length;
    stats.elapsedMs = now - this.started;
    options.onProgress({ ...stats });
  }

  /** Adds items until the window is full; each job's earlier state decides what happens to it. */
  private async fill(): Promise<void> {
    const batch: { item: I; jobId: string }[] = [];
    while (!this.exhausted && this.pending.length + batch.length < this.window && batch.length < 200) {
      const next = await this.iterator.next();
      if (next.done) {
        this.exhausted = true;
        break;
      }
      batch.push({ item: next.value, jobId: jobIdOf(next.value.data) });
    }
    if (!batch.length) return;
    const jobs = await this.redis('add', () =>
      this.queue.addBulk(
        batch.map(({ item, jobId }) => ({
          name: item.data.kind,
          data: item.data,
          opts: { ...this.jobOptions, jobId },
        })),
      ),
    );
    // An id seen before this run: reuse its result, or give a failed job one more round.
    const states = await this.redis('state', () => Promise.all(jobs.map((job) => job.getState())));
    await Promise.all(
      jobs.map(async (job, i) => {
        if (states[i] === 'completed') this.stats.reused++;
        else if (states[i] === 'failed')
          await this.redis('retry', () =>
            job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true }),
          ).catch(() => undefined);
      }),
    );
    this.pending.push(...batch);
  }

  /** The head job's outcome when it has finished, else undefined. */
  private async outcomeOf(head: { item: I; jobId: string }): Promise<ProducerOutcome | undefined> {
    // The state first: a job read before it finished would carry no result.
    const state = await this.redis('state', () => this.queue.getJobState(head.jobId));
    if (state === 'unknown') {
      // Gone (a Redis restarted without persistence, or expired): add it again.
      this.note(`job ${head.jobId} (${head.item.label}) was not in Redis; added again`);
      await this.redis('add', () =>
        this.queue.add(head.item.data.kind, head.item.data, { ...this.jobOptions, jobId: head.jobId }),
      );
      return undefined;
    }
    if (state !== 'completed' && state !== 'failed') return undefined;
    const job = await this.redis('read', () => this.bullmq.Job.fromId(this.queue, head.jobId));
    if (!job) return undefined;
    if (state === 'completed') return { ok: true, jobId: head.jobId, value: job.returnvalue as QueueJobResult };
    return { ok: false, jobId: head.jobId, error: failureError(job.failedReason, job.attemptsMade) };
  }
}
