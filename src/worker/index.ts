/**
 * The worker API: long jobs (deep perft, move listing, double-dummy batches) off the calling thread,
 * the same in browsers (Web Worker) and Node (worker_threads), with progress callbacks and
 * cancellation by AbortSignal. `remote` is the raw Comlink `Remote<WorkerApi>`.
 */
import { proxy, releaseProxy, wrap } from 'comlink/dist/esm/comlink.mjs';
import type { Remote } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { Variant } from '../chess/index.js';
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

type NodeWorker = { terminate(): Promise<number>; on(event: string, listener: (...args: any[]) => void): void };

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
      const worker: NodeWorker = new threads.Worker(url);
      const remote = wrap<WorkerApi>(nodeEndpoint(worker as any));
      return new GameNotationWorker(remote, () => void worker.terminate());
    }
    const worker = new Worker(url, { type: 'module' });
    return new GameNotationWorker(wrap<WorkerApi>(worker), () => worker.terminate());
  }

  /** Perft node count; with `divide`, the count under each root move too. */
  perft(fen: string, depth: number, options: JobOptions & { variant?: Variant; divide?: boolean } = {}): Promise<PerftResult> {
    const { onProgress, signal, ...rest } = options;
    return this.job((jobId) => this.remote.perft(fen, depth, { ...rest, jobId }, onProgress ? proxy(onProgress) : undefined), signal);
  }

  legalMoves(fen: string, options: { variant?: Variant } = {}): Promise<ListedMove[]> {
    return this.remote.legalMoves(fen, options);
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

function abortError(signal?: AbortSignal): unknown {
  return signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export function createWorker(options?: CreateWorkerOptions): GameNotationWorker {
  return GameNotationWorker.create(options);
}
