// The worker side of a queued run: N slots on one machine take jobs from Redis. Games go to UCI
// engines (child processes); deals and problems go to a pool of worker threads. The main thread
// thus stays free to renew job locks, so a lock need only outlast a stall of the event loop, not
// a job: a worker killed with SIGKILL loses its locks within `lockMs`, and another worker takes the
// job over at its next stalled-job check.
import { analyseGame, AifAnalyseError, makeAif } from '../aif/index.js';
import { parseDeal } from '../bridge/index.js';
import { openEngine, type OpenEngineOptions, type UciEngine } from '../engine/index.js';
import { parsePgn } from '../pgn/reader.js';
import { WorkerPool } from '../worker/index.js';
import { connectionOptions, loadBullmq, QueueError, type QueueTarget } from './connection.js';
import { failureText, type AnalyseSettings, type QueueJobData, type QueueJobResult } from './jobs.js';
import { checkJob } from './schema.js';

/** Options of `runQueueWorker`: slots, the engine, lock timings, the log and the stop signal. */
export interface QueueWorkerOptions {
  /** Jobs worked on at once (engines, or solver threads). */
  slots: number;
  /** The engine analysis jobs run on (every worker of a run should use the same build). */
  engine: OpenEngineOptions;
  /** Lock of a job, renewed every half of it while the job runs. Default 10 s. */
  lockMs?: number;
  /** How often this worker looks for jobs whose worker died. Default 5 s. */
  stalledMs?: number;
  /** Times a job may lose its worker before it is failed. Default 3. */
  maxStalled?: number;
  /** After a stop is asked for, running jobs get this long to finish before they are handed back. Default 30 s. */
  graceMs?: number;
  /**
   * One line per event: 'info' for a job started, completed or handed back, 'error' for a failed
   * attempt or trouble with Redis.
   */
  log(text: string, level: 'info' | 'error'): void;
  /** When aborted, the worker takes no more jobs, finishes or hands back what it runs, and resolves. */
  signal: AbortSignal;
  /** Receives a function that hands every running job back to the queue now (a second Ctrl-C). */
  onHandBack?(handBack: () => void): void;
  /** Deepest search an analysis job may ask for; a job over it is refused (ERR_QUEUE_JOB_INPUT). */
  maxDepth?: number;
  /** Most nodes per search an analysis job may ask for; a job over it is refused (ERR_QUEUE_JOB_INPUT). */
  maxNodes?: number;
  /** Longest a job may run; one that runs longer is stopped and failed (ERR_QUEUE_JOB_INPUT), not retried. */
  maxTimeMs?: number;
}

/** What a worker did before it stopped. */
export interface QueueWorkerSummary {
  completed: number;
  /** Failed attempts (a job may be retried after one). */
  failed: number;
  /** Jobs handed back to the queue at a stop. */
  returned: number;
}

/** A queue worker started by `startQueueWorker`. */
export interface QueueWorker {
  /** Resolves when the worker has stopped, with what it did. */
  readonly done: Promise<QueueWorkerSummary>;
  /** Takes no more jobs, finishes or hands back what runs (within `graceMs`), and resolves with the summary. */
  stop(): Promise<QueueWorkerSummary>;
  /** `await using worker = startQueueWorker(…)` stops the worker when the scope ends. */
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * Starts a queue worker and returns its handle (`runQueueWorker` with a stop of its own; an
 * optional `signal` stops it too).
 * @example
 * ```ts
 * const target = parseQueueUrl('redis://127.0.0.1:6379');
 * if (target.ok) {
 *   await using worker = startQueueWorker(target.value, { slots: 2, engine: { kind: 'native' }, log: console.log });
 *   await someCondition();
 * } // stopped here
 * ```
 */
export function startQueueWorker(
  target: QueueTarget,
  options: Omit<QueueWorkerOptions, 'signal'> & { signal?: AbortSignal },
): QueueWorker {
  const stopper = new AbortController();
  const outer = options.signal;
  if (outer?.aborted) stopper.abort(outer.reason);
  else outer?.addEventListener('abort', () => stopper.abort(outer.reason), { once: true });
  const done = runQueueWorker(target, { ...options, signal: stopper.signal });
  const stop = () => {
    stopper.abort();
    return done;
  };
  return {
    done,
    stop,
    [Symbol.asyncDispose]: async () => void (await stop()),
  };
}

/**
 * Works on queued jobs until `options.signal` aborts; resolves once every running job is finished or
 * handed back. `gamenotation worker --queue …` is this with signals wired to the stop.
 */
export async function runQueueWorker(target: QueueTarget, options: QueueWorkerOptions): Promise<QueueWorkerSummary> {
  const { Worker, UnrecoverableError, WaitingError } = await loadBullmq();
  const summary: QueueWorkerSummary = { completed: 0, failed: 0, returned: 0 };
  const seen = new Set<string>();
  const logOnce = (text: string) => {
    if (seen.has(text)) return;
    seen.add(text);
    options.log(text, 'error');
  };

  // Engines are opened on demand, one per slot at most, and kept between games.
  const idle: { engine: UciEngine; hash: number }[] = [];
  const open = new Set<UciEngine>();
  async function takeEngine(hash: number): Promise<UciEngine> {
    const i = idle.findIndex((e) => e.hash === hash);
    if (i >= 0) return idle.splice(i, 1)[0]!.engine;
    if (idle.length && open.size >= options.slots) {
      const spare = idle.shift()!;
      open.delete(spare.engine);
      await spare.engine.close();
    }
    const engine = await openEngine({ ...options.engine, options: { Threads: 1, Hash: hash } });
    open.add(engine);
    return engine;
  }
  async function dropEngine(engine: UciEngine): Promise<void> {
    open.delete(engine);
    await engine.close();
  }

  let pool: WorkerPool | undefined;
  const threads = () => (pool ??= new WorkerPool({ size: options.slots }));

  // A job that cannot succeed anywhere (bad input) fails at once; anything else (an engine crash, a
  // worker thread crash) is retried up to the job's attempts.
  const inputFailure = (e: unknown) => new UnrecoverableError(failureText(e));
  const RETRYABLE = new Set(['ERR_WORKER_CRASHED', 'ERR_WORKER_LOAD', 'ERR_WORKER_TERMINATED']);

  async function analyse(
    data: Extract<QueueJobData, { kind: 'analyse' }>,
    progress: (done: number, total: number) => void,
    signal: AbortSignal,
  ): Promise<QueueJobResult> {
    const game = parsePgn(data.pgn)[0]?.value;
    if (!game) throw inputFailure(new QueueError('ERR_QUEUE_JOB_INPUT', 'the job holds no PGN game'));
    const settings: AnalyseSettings = data.settings;
    const engine = await takeEngine(settings.hash ?? 16);
    let keep = true;
    try {
      const aif = await analyseGame(
        game,
        engine,
        { ...settings, gameId: data.gameId },
        { signal, onProgress: (p) => progress(p.done, p.total ?? 0) },
      );
      let nodes = 0;
      for (const b of aif.blocks) nodes += Number(b.tags.NodeCount) || 0;
      return { aif: makeAif(aif), nodes };
    } catch (e) {
      if (e instanceof AifAnalyseError && e.code === 'ERR_AIF_GAME') throw inputFailure(e);
      // An engine that failed or was interrupted mid-search is not trusted with the next game.
      keep = false;
      throw e;
    } finally {
      if (keep) idle.push({ engine, hash: settings.hash ?? 16 });
      else await dropEngine(engine);
    }
  }

  async function onThreads(data: QueueJobData, signal: AbortSignal): Promise<QueueJobResult> {
    if (data.kind === 'dd') {
      // The reader's rule and code for a bad deal (ERR_PBN_DEAL_*), as a local `dd` reports it.
      const deal = parseDeal(data.deal);
      if (!deal.ok) throw inputFailure(deal.error);
      const [table] = await threads().calcDDTables([data.deal], { signal });
      if (table!.ok) return { table: table!.value };
      throw RETRYABLE.has(table!.error.code) ? table!.error : inputFailure(table!.error);
    }
    if (data.kind === 'solve') {
      const [solved] = await threads().run('solveProblem', [{ problem: data.problem, options: data.settings }], {
        signal,
      });
      if (solved!.ok) return { solved: solved!.value };
      throw RETRYABLE.has(solved!.error.code) ? solved!.error : inputFailure(solved!.error);
    }
    throw inputFailure(new QueueError('ERR_QUEUE_JOB_INPUT', `unknown job kind '${(data as { kind: string }).kind}'`));
  }

  const running = new Map<string, AbortController>();
  const handBack = () => {
    for (const abort of running.values()) abort.abort();
  };
  // A job whose lock is lost belongs to no one here any more: another worker may take it over at its
  // next stalled-job check. Its engine or thread is stopped at once, not left running to the end.
  // The lock is lost when BullMQ says a renewal failed, or when it was last renewed longer ago than
  // it lasts (Redis gone: the renewal waits for a connection that does not come).
  const lockMs = options.lockMs ?? 10_000;
  const lockHeld = new Map<string, number>();
  const lost = new Set<string>();
  const loseLock = (id: string, why: string) => {
    const abort = running.get(id);
    if (!abort || lost.has(id)) return;
    lost.add(id);
    options.log(`lost the lock of ${id} (${why}): stopping it; another worker may take it over`, 'error');
    abort.abort();
  };
  const watchdog = setInterval(
    () => {
      const now = Date.now();
      for (const [id, since] of lockHeld) if (now - since > lockMs) loseLock(id, `not renewed for ${now - since} ms`);
    },
    Math.max(100, Math.min(1000, lockMs / 4)),
  );
  const caps = { maxDepth: options.maxDepth, maxNodes: options.maxNodes };
  options.onHandBack?.(handBack);
  const worker = new Worker(
    target.name,
    async (job, token) => {
      // Nothing of a job is used before it is checked: a bad one fails once, with its reason.
      const checked = checkJob(job.data, caps);
      if (!checked.ok) {
        options.log(`failed ${job.id}: ${failureText(checked.error)}`, 'error');
        throw inputFailure(checked.error);
      }
      const data = checked.value;
      const abort = new AbortController();
      running.set(job.id!, abort);
      lockHeld.set(job.id!, Date.now());
      let overTime = false;
      const timer =
        options.maxTimeMs === undefined
          ? undefined
          : setTimeout(() => {
              overTime = true;
              abort.abort();
            }, options.maxTimeMs);
      const t0 = Date.now();
      options.log(
        `started ${job.id} ${labelOf(data)}${job.attemptsStarted > 1 ? ` (attempt ${job.attemptsStarted})` : ''}`,
        'info',
      );
      let lastReport = 0;
      const progress = (done: number, total: number) => {
        const now = Date.now();
        if (now - lastReport < 1000) return;
        lastReport = now;
        void job.updateProgress({ done, total }).catch(() => undefined);
      };
      try {
        const result =
          data.kind === 'analyse' ? await analyse(data, progress, abort.signal) : await onThreads(data, abort.signal);
        options.log(`completed ${job.id} ${labelOf(data)} ${Date.now() - t0} ms`, 'info');
        return result;
      } catch (e) {
        if (lost.has(job.id!)) {
          // Not ours any more: nothing to hand back or record (Redis may be gone).
          throw new QueueError('ERR_QUEUE_LOCK_LOST', `the lock of job ${job.id} was lost; it was stopped`);
        }
        if (overTime) {
          const limit = `${Math.round(options.maxTimeMs! / 1000)} s`;
          options.log(`failed ${job.id} ${labelOf(data)}: over this worker's --max-time ${limit}`, 'error');
          throw inputFailure(
            new QueueError('ERR_QUEUE_JOB_INPUT', `the job ran longer than this worker's --max-time ${limit}`),
          );
        }
        if (abort.signal.aborted && token) {
          // Stopping: the job goes back to the queue untouched (no attempt is used up).
          await job.moveToWait(token);
          summary.returned++;
          options.log(`returned ${job.id} ${labelOf(data)}`, 'info');
          throw new WaitingError();
        }
        options.log(`failed ${job.id} ${labelOf(data)} attempt ${job.attemptsMade + 1}: ${failureText(e)}`, 'error');
        // BullMQ keeps only the message: it carries the code (`ERR_ENGINE_TIMEOUT …`).
        throw e instanceof UnrecoverableError ? e : new Error(failureText(e));
      } finally {
        clearTimeout(timer);
        running.delete(job.id!);
        lockHeld.delete(job.id!);
        lost.delete(job.id!);
      }
    },
    {
      connection: connectionOptions(target),
      concurrency: options.slots,
      lockDuration: options.lockMs ?? 10_000,
      stalledInterval: options.stalledMs ?? 5_000,
      maxStalledCount: options.maxStalled ?? 3,
    },
  );
  worker.on('completed', () => summary.completed++);
  worker.on('failed', (_job, e) => {
    if (!(e instanceof WaitingError)) summary.failed++;
  });
  worker.on('error', (e) => logOnce(`queue: ${e.message}`));
  worker.on('lockRenewalFailed', (ids: string[]) => {
    for (const id of ids) loseLock(id, 'renewal refused');
  });
  worker.on('locksRenewed', ({ jobIds }: { jobIds: string[] }) => {
    const now = Date.now();
    for (const id of jobIds) if (lockHeld.has(id)) lockHeld.set(id, now);
  });

  await new Promise<void>((resolve) => {
    if (options.signal.aborted) resolve();
    else options.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  // Stop taking jobs; give running ones the grace period, then hand them back.
  const grace = setTimeout(handBack, options.graceMs ?? 30_000);
  try {
    await worker.close();
  } finally {
    clearTimeout(grace);
    clearInterval(watchdog);
    await Promise.allSettled([...open].map((e) => e.close()));
    await pool?.terminate();
  }
  return summary;
}

/** How the log names a job's input. */
function labelOf(data: QueueJobData): string {
  if (data.kind === 'analyse') return `game ${data.gameId}`;
  if (data.kind === 'dd') return `deal ${data.deal}`;
  return 'problem';
}
