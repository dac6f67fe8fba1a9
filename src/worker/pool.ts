// A pool of workers, one per core: batches handed out item by item to whichever worker is idle.
import { NotationFailure, type Result } from '../errors.js';
import type { BoardToSolve, DDTable, Deal, SolveBoardResult } from '../bridge/index.js';
import {
  abortReason,
  ERR_WORKER_CRASHED,
  ERR_WORKER_LOAD,
  ERR_WORKER_TERMINATED,
  failure,
  GameNotationWorker,
  toNotationError,
  type ChessOptions,
  type CreateWorkerOptions,
  type JobOptions,
} from './client.js';
import type { ChildPosition, JobInput, JobKind, JobOutput, PerftResult } from './jobs.js';

/** Cores available to this process (Node) or page (browsers). */
export function defaultPoolSize(): number {
  const os = (globalThis as any).process?.getBuiltinModule?.('node:os');
  const cores = os?.availableParallelism?.() ?? (globalThis as any).navigator?.hardwareConcurrency ?? 2;
  return Math.max(1, cores);
}

/**
 * One worker per core. Items are handed out one at a time to whichever worker is idle, so uneven
 * items (a 20 ms deal next to a 2 s one) keep every core busy. A batch gives one Result per item,
 * in input order: a bad item, or one that crashes its worker (which is then replaced), fails alone.
 */
export class WorkerPool {
  readonly workers: GameNotationWorker[];
  private closed = false;

  constructor(private readonly options: CreateWorkerOptions & { size?: number } = {}) {
    const size = Math.max(1, Math.floor(options.size ?? defaultPoolSize()));
    this.workers = Array.from({ length: size }, () => GameNotationWorker.create(options));
  }

  get size(): number {
    return this.workers.length;
  }

  /**
   * Runs one job per item over the pool. Rejects only on abort (with the signal's reason), when the
   * pool is terminated, or when workers cannot start (ERR_WORKER_LOAD).
   */
  async run<K extends JobKind>(
    kind: K,
    inputs: JobInput<K>[],
    options: JobOptions = {},
  ): Promise<Result<JobOutput<K>>[]> {
    const { signal } = options;
    if (this.closed) throw failure(ERR_WORKER_TERMINATED, 'the pool was terminated');
    signal?.throwIfAborted();
    const results: Result<JobOutput<K>>[] = new Array(inputs.length);
    let next = 0;
    let done = 0;
    let stop: unknown;
    const drain = async (slot: number) => {
      while (next < inputs.length && stop === undefined) {
        const index = next++;
        try {
          results[index] = { ok: true, value: await this.workers[slot]!.run(kind, inputs[index]!, { signal }) };
        } catch (e) {
          const code = (e as { code?: unknown })?.code;
          if (signal?.aborted || code === ERR_WORKER_LOAD || code === ERR_WORKER_TERMINATED) {
            stop ??= signal?.aborted ? abortReason(signal) : e;
            return;
          }
          // This item crashed its worker: it fails alone and the slot gets a fresh worker.
          if (code === ERR_WORKER_CRASHED && !this.closed) this.workers[slot] = GameNotationWorker.create(this.options);
          results[index] = { ok: false, error: toNotationError(e) };
        }
        done++;
        options.onProgress?.({ done, total: inputs.length, unit: 'jobs' });
      }
    };
    await Promise.all(this.workers.map((_, slot) => drain(slot)));
    if (stop !== undefined) throw stop;
    return results;
  }

  /** Double-dummy tables of deals spread over the pool, one Result per deal in order. */
  calcDDTables(deals: (string | Deal)[], options: JobOptions = {}): Promise<Result<DDTable>[]> {
    return this.run(
      'ddTable',
      deals.map((deal) => ({ deal })),
      options,
    );
  }

  /** Double-dummy card scores of boards spread over the pool, one Result per board in order. */
  solveBoards(boards: BoardToSolve[], options: JobOptions = {}): Promise<Result<SolveBoardResult>[]> {
    return this.run('solveBoard', boards, options);
  }

  /** Perft with the root moves shared out between the workers; always with `divide`. */
  async perft(fen: string, depth: number, options: JobOptions & ChessOptions = {}): Promise<PerftResult> {
    const { variant, chess960, signal, onProgress } = options;
    if (!Number.isInteger(depth) || depth < 0 || depth > 60) {
      throw new NotationFailure({
        code: 'ERR_PERFT_DEPTH',
        message: `perft depth must be an integer 0..60, got ${depth}`,
      });
    }
    const children: ChildPosition[] = await this.workers[0]!.run('children', { fen, variant, chess960 }, { signal });
    if (depth === 0) return { nodes: 1 };
    const counts = await this.run(
      'perft',
      children.map((c) => ({ fen: c.fen, depth: depth - 1, variant, chess960 })),
      { signal, onProgress },
    );
    const divide: Record<string, number> = {};
    let nodes = 0;
    counts.forEach((count, i) => {
      if (!count.ok) throw new NotationFailure(count.error);
      divide[children[i]!.uci] = count.value.nodes;
      nodes += count.value.nodes;
    });
    return { nodes, divide };
  }

  /** Rejects every pending and later call with ERR_WORKER_TERMINATED. */
  async terminate(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  /** `await using pool = new WorkerPool()` terminates the pool when the scope ends. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.terminate();
  }
}
