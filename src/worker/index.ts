/**
 * The worker API: long jobs (deep perft, move listing, double-dummy batches) off the calling thread,
 * the same in browsers (Web Worker) and Node (worker_threads), with progress callbacks and
 * cancellation by AbortSignal. `remote` is the raw Comlink `Remote<WorkerApi>`; `WorkerPool` spreads
 * batches over one worker per core.
 */
import { proxy, releaseProxy, wrap } from 'comlink/dist/esm/comlink.mjs';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { Remote } from 'comlink';
import type { Variant } from '../chess/index.js';
import type { BoardToSolve, DDTable, SolveBoardResult } from '../bridge/index.js';
import type { Result } from '../errors.js';
import { CANCELLED, type ListedMove, type PerftResult, type Progress, type WorkerApi } from './api.js';

export type { ListedMove, PerftResult, Progress, WorkerApi };

export interface JobOptions {
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
}

export interface CreateWorkerOptions {
  /** Where the worker script is; defaults to the packaged `worker-entry.js` beside this module. */
  url?: URL | string;
}

let nextJobId = 1;

export class GameNotationWorker {
  private constructor(
    readonly remote: Remote<WorkerApi>,
    private readonly terminateWorker: () => void,
  ) {}

  static create(options: CreateWorkerOptions = {}): GameNotationWorker {
    const url = options.url ?? new URL('./worker-entry.js', import.meta.url);
    const threads = (globalThis as any).process?.getBuiltinModule?.('node:worker_threads');
    if (threads && typeof (globalThis as any).window === 'undefined') {
      const worker = new threads.Worker(url);
      return new GameNotationWorker(wrap<WorkerApi>(nodeEndpoint(worker)), () => void worker.terminate());
    }
    const worker = new Worker(url, { type: 'module' });
    return new GameNotationWorker(wrap<WorkerApi>(worker), () => worker.terminate());
  }

  /** Perft node count; with `divide`, the count under each root move too. */
  perft(fen: string, depth: number, options: JobOptions & { variant?: Variant; divide?: boolean } = {}): Promise<PerftResult> {
    const { onProgress, signal, ...rest } = options;
    return this.job((jobId) => this.remote.perft(fen, depth, { ...rest, jobId }, progressProxy(onProgress)), signal);
  }

  legalMoves(fen: string, options: { variant?: Variant } = {}): Promise<ListedMove[]> {
    return this.remote.legalMoves(fen, options);
  }

  /** Double-dummy tables of PBN deal strings (`N:… … … …`), in order; a bad deal gives its error in place. */
  calcDDTables(deals: string[], options: JobOptions = {}): Promise<Result<DDTable>[]> {
    return this.job((jobId) => this.remote.calcDDTables(deals, { jobId }, progressProxy(options.onProgress)), options.signal);
  }

  solveBoards(boards: BoardToSolve[], options: JobOptions = {}): Promise<Result<SolveBoardResult>[]> {
    return this.job((jobId) => this.remote.solveBoards(boards, { jobId }, progressProxy(options.onProgress)), options.signal);
  }

  terminate(): void {
    this.remote[releaseProxy]();
    this.terminateWorker();
  }

  private async job<T>(start: (jobId: number) => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    const jobId = nextJobId++;
    const onAbort = () => void this.remote.cancel(jobId);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await start(jobId);
    } catch (e) {
      if ((e as Error)?.name === CANCELLED || signal?.aborted) throw abortError(signal);
      throw e;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

function progressProxy(onProgress?: (progress: Progress) => void) {
  return onProgress ? proxy(onProgress) : undefined;
}

function abortError(signal?: AbortSignal): unknown {
  return signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export function createWorker(options?: CreateWorkerOptions): GameNotationWorker {
  return GameNotationWorker.create(options);
}

/** Cores available to this process (Node) or page (browsers). */
export function defaultPoolSize(): number {
  const os = (globalThis as any).process?.getBuiltinModule?.('node:os');
  const cores = os?.availableParallelism?.() ?? (globalThis as any).navigator?.hardwareConcurrency ?? 2;
  return Math.max(1, cores);
}

/**
 * One worker per core. Batches are cut into small chunks that idle workers pull from a shared queue,
 * so uneven items (a 20 ms deal next to a 2 s one) still keep every core busy.
 */
export class WorkerPool {
  readonly workers: GameNotationWorker[];

  constructor(options: CreateWorkerOptions & { size?: number } = {}) {
    const size = options.size ?? defaultPoolSize();
    this.workers = Array.from({ length: size }, () => GameNotationWorker.create(options));
  }

  get size(): number {
    return this.workers.length;
  }

  calcDDTables(deals: string[], options: JobOptions = {}): Promise<Result<DDTable>[]> {
    return this.map(deals, (worker, chunk, signal) => worker.calcDDTables(chunk, { signal }), options);
  }

  solveBoards(boards: BoardToSolve[], options: JobOptions = {}): Promise<Result<SolveBoardResult>[]> {
    return this.map(boards, (worker, chunk, signal) => worker.solveBoards(chunk, { signal }), options);
  }

  /** Perft with the root moves shared out between the workers. */
  async perft(fen: string, depth: number, options: JobOptions & { variant?: Variant } = {}): Promise<PerftResult> {
    const { Position, makeUci } = await import('../chess/index.js');
    const { NotationFailure } = await import('../errors.js');
    const variant = options.variant;
    const root = Position.fromFen(fen, { variant });
    if (!root.ok) throw new NotationFailure(root.error);
    const moves = root.value.legalMoves();
    if (depth <= 1) return { nodes: depth <= 0 ? 1 : moves.length };
    const children = moves.map((move) => {
      const child = root.value.clone();
      child.play(move);
      return { uci: makeUci(move), fen: child.fen() };
    });
    const counts = await this.map(children, async (worker, chunk, signal) => {
      const out: number[] = [];
      for (const child of chunk) out.push((await worker.perft(child.fen, depth - 1, { variant, signal })).nodes);
      return out;
    }, options, 1);
    const divide = Object.fromEntries(children.map((c, i) => [c.uci, counts[i]!]));
    return { nodes: counts.reduce((a, b) => a + b, 0), divide };
  }

  terminate(): void {
    for (const worker of this.workers) worker.terminate();
  }

  private async map<I, O>(items: I[], run: (worker: GameNotationWorker, chunk: I[], signal: AbortSignal) => Promise<O[]>,
    options: JobOptions, chunkSize = 2): Promise<O[]> {
    options.signal?.throwIfAborted();
    const results: O[] = new Array(items.length);
    const inner = new AbortController();
    const onAbort = () => inner.abort(options.signal!.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let next = 0;
    let done = 0;
    const drain = async (worker: GameNotationWorker) => {
      while (next < items.length && !inner.signal.aborted) {
        const start = next;
        next = Math.min(items.length, next + chunkSize);
        const out = await run(worker, items.slice(start, next), inner.signal);
        out.forEach((value, i) => (results[start + i] = value));
        done += out.length;
        options.onProgress?.({ done, total: items.length });
      }
    };
    try {
      await Promise.all(this.workers.map((worker) => drain(worker).catch((e) => {
        inner.abort(e);
        throw e;
      })));
      options.signal?.throwIfAborted();
      return results;
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
  }
}
