/**
 * The worker client: long jobs (deep perft, move listing, double-dummy batches) off the calling thread,
 * the same in browsers (Web Worker) and Node (worker_threads), with progress callbacks and
 * cancellation by AbortSignal. `WorkerPool` spreads batches over one worker per core.
 *
 * Every call settles. A worker that fails to load, crashes or is terminated rejects its pending and
 * later calls with a `NotationFailure` whose code is `ERR_WORKER_LOAD`, `ERR_WORKER_CRASHED` or
 * `ERR_WORKER_TERMINATED`. An abort rejects at once with the signal's reason and terminates the
 * worker thread (the only way to stop a wasm loop at any depth); the next call starts a fresh thread,
 * and other calls that were in flight on the old one are sent again to the new one.
 */
import { expose, transfer, wrap } from 'comlink/dist/esm/comlink.mjs';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { Endpoint, Remote } from 'comlink';
import { NotationFailure, type NotationError, type Result } from '../errors.js';
import type { Variant } from '../chess/index.js';
import type { BoardToSolve, DDTable, Deal, SolveBoardResult } from '../bridge/index.js';
import type { WorkerApi } from './api.js';
import type { JobInput, JobKind, JobOutput, JobProgress, ListedMove, PerftResult } from './jobs.js';
import { READY_MESSAGE, registerErrorTransfer } from './wire.js';
import { workerScript } from './source.js';

/** Per-call options: progress callback and abort signal. */
export interface JobOptions {
  /** Called with the job's progress. */
  onProgress?: (progress: JobProgress) => void;
  /** Aborting it rejects the call at once with the signal's reason and stops the worker thread. */
  signal?: AbortSignal;
}

/** Options of `createWorker`: where to load the worker script from. */
export interface CreateWorkerOptions {
  /**
   * Where to load the worker script from, instead of the inlined copy: for pages whose
   * Content-Security-Policy does not allow `blob:` workers, serve `gamenotation/worker-entry`
   * (dist/worker-entry.js, one self-contained file) and pass its URL.
   */
  url?: URL | string;
  /** A worker whose script has not started after this many ms fails with ERR_WORKER_LOAD (default 30 000). */
  loadTimeout?: number;
}

/** Chess options of the worker jobs: variant and Chess960 castling. */
export interface ChessOptions {
  variant?: Variant;
  /** Castling written king → rook (UCI), Chess960 castling rights read. */
  chess960?: boolean;
}

/** Error code: the worker could not be started. */
export const ERR_WORKER_LOAD = 'ERR_WORKER_LOAD';
/** Error code: the worker died during a call. */
export const ERR_WORKER_CRASHED = 'ERR_WORKER_CRASHED';
/** Error code: the worker or pool was terminated before the call ended. */
export const ERR_WORKER_TERMINATED = 'ERR_WORKER_TERMINATED';

/** A thrown failure with a code (the pool's too). */
export const failure = (code: string, message: string) => new NotationFailure({ code, message });

type NodeWorker = {
  on(event: string, listener: (value: any) => void): void;
  terminate(): Promise<number>;
  ref(): void;
  unref(): void;
};
type WorkerThreads = { Worker: new (script: string | URL, options?: { eval?: boolean }) => NodeWorker };

function nodeWorkerThreads(): WorkerThreads | undefined {
  if (typeof (globalThis as any).window !== 'undefined') return undefined;
  return (globalThis as any).process?.getBuiltinModule?.('node:worker_threads');
}

/** Node takes a string as a path; a string with a scheme (file:, data:) is meant as a URL. */
function nodeScriptUrl(url: string | URL): string | URL {
  return typeof url === 'string' && /^[a-z][a-z0-9+.-]+:/i.test(url) ? new URL(url) : url;
}

let blobUrl: string | undefined;
/** One Blob URL per page for the inlined script, shared by every worker (never revoked: workers reuse it). */
function inlinedScriptUrl(code: string): string {
  blobUrl ??= URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  return blobUrl;
}

/** One running worker thread. It dies once: by load failure, crash, or `kill()` from its owner. */
class Thread {
  readonly remote: Remote<WorkerApi>;
  /** Resolves when the thread is gone: with the failure, or null when its owner killed it. */
  readonly death: Promise<NotationFailure | null>;
  private ready = false;
  private dead = false;
  private busy = false;
  private resolveDeath!: (failure: NotationFailure | null) => void;
  private handle?: { terminate(): unknown; ref?(): void; unref?(): void };
  private timer?: ReturnType<typeof setTimeout>;
  private inlined = false;

  constructor(options: CreateWorkerOptions) {
    this.death = new Promise((resolve) => (this.resolveDeath = resolve));
    let endpoint: Endpoint;
    try {
      endpoint = this.start(options);
    } catch (e) {
      // A constructor that throws (a bad URL, a CSP refusal) is a load failure too, reported async.
      endpoint = { postMessage() {}, addEventListener() {}, removeEventListener() {} };
      queueMicrotask(() => this.fail(String((e as Error)?.message ?? e)));
    }
    this.remote = wrap<WorkerApi>(endpoint);
    const timeout = options.loadTimeout ?? 30_000;
    if (Number.isFinite(timeout) && !this.dead) {
      this.timer = setTimeout(() => this.fail(`no answer within ${timeout} ms`), timeout);
      (this.timer as { unref?: () => void }).unref?.();
    }
  }

  private start(options: CreateWorkerOptions): Endpoint {
    const script = options.url !== undefined ? { url: options.url } : workerScript();
    this.inlined = 'code' in script;
    const threads = nodeWorkerThreads();
    if (threads) {
      const worker =
        'code' in script
          ? new threads.Worker(script.code, { eval: true })
          : new threads.Worker(nodeScriptUrl(script.url));
      this.handle = worker;
      worker.unref();
      worker.on('message', (message) => message === READY_MESSAGE && this.started());
      worker.on('error', (e) => this.fail(String(e?.message ?? e)));
      worker.on('exit', (code) => this.fail(`the thread exited with code ${code}`));
      return nodeEndpoint(worker as never) as Endpoint;
    }
    if (typeof Worker !== 'function') throw new Error('this platform has neither Web Workers nor worker_threads');
    // The inlined script is self-contained and runs as a classic worker (every browser); a URL given
    // by the user may be an ES module.
    const worker =
      'code' in script ? new Worker(inlinedScriptUrl(script.code)) : new Worker(script.url, { type: 'module' });
    this.handle = worker;
    worker.addEventListener('message', (event) => event.data === READY_MESSAGE && this.started());
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.fail((event as ErrorEvent).message || 'the worker script failed to load or threw');
    });
    return worker as Endpoint;
  }

  private started(): void {
    this.ready = true;
    clearTimeout(this.timer);
  }

  /** The thread keeps a Node process alive only while calls are pending on it. */
  setBusy(busy: boolean): void {
    if (this.dead || busy === this.busy) return;
    this.busy = busy;
    if (busy) this.handle?.ref?.();
    else this.handle?.unref?.();
  }

  private fail(reason: string): void {
    if (this.dead) return;
    // Some messages quote the whole script URL (a data: URL can be megabytes).
    const detail = reason.length > 300 ? `${reason.slice(0, 300)}…` : reason;
    let error: NotationFailure;
    if (this.ready) error = failure(ERR_WORKER_CRASHED, `the worker stopped: ${detail}`);
    else {
      const hint =
        this.inlined && !nodeWorkerThreads()
          ? " (if the page's Content-Security-Policy forbids blob: workers, serve gamenotation/worker-entry and pass createWorker({ url }))"
          : '';
      error = failure(ERR_WORKER_LOAD, `the worker did not start: ${detail}${hint}`);
    }
    this.end(error);
  }

  /** Stops the thread at once, whatever it runs. */
  kill(): Promise<void> {
    return this.end(null);
  }

  private end(error: NotationFailure | null): Promise<void> {
    if (this.dead) return Promise.resolve();
    this.dead = true;
    clearTimeout(this.timer);
    this.resolveDeath(error);
    return Promise.resolve(this.handle?.terminate()).then(
      () => undefined,
      () => undefined,
    );
  }
}

interface Call {
  kind: string;
  input: unknown;
  onProgress?: (progress: JobProgress) => void;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  thread?: Thread;
  /** Bumped when the call is sent again to a fresh thread, so that a stale answer is ignored. */
  attempt: number;
  settled: boolean;
  progressPort?: MessagePort;
  detach?: () => void;
}

/** The reason an aborted call rejects with (the signal's, or an AbortError). */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** One web or Node worker thread running gamenotation jobs; every call resolves or rejects with a code. */
export class GameNotationWorker {
  private thread?: Thread;
  private closed?: NotationFailure;
  private readonly calls = new Set<Call>();

  private constructor(private readonly options: CreateWorkerOptions) {
    registerErrorTransfer();
  }

  /** Creates a worker and starts its thread. */
  static create(options: CreateWorkerOptions = {}): GameNotationWorker {
    const worker = new GameNotationWorker(options);
    worker.current();
    return worker;
  }

  /**
   * Runs a job kind of the registry (jobs.ts) in the worker. Settles always: with the result, the
   * job's error (a NotationFailure keeps its code), the abort reason, or an ERR_WORKER_* failure.
   */
  run<K extends JobKind>(kind: K, input: JobInput<K>, options: JobOptions = {}): Promise<JobOutput<K>> {
    return new Promise<JobOutput<K>>((resolve, reject) => {
      if (this.closed) return reject(this.closed);
      const { signal, onProgress } = options;
      if (signal?.aborted) return reject(abortReason(signal));
      const call: Call = {
        kind,
        input,
        onProgress,
        resolve: resolve as (v: unknown) => void,
        reject,
        attempt: 0,
        settled: false,
      };
      this.calls.add(call);
      if (signal) {
        const onAbort = () => this.abort(call, abortReason(signal));
        signal.addEventListener('abort', onAbort, { once: true });
        call.detach = () => signal.removeEventListener('abort', onAbort);
      }
      this.send(call);
    });
  }

  /** Perft node count; with `divide`, the count under each root move too. `'startpos'` is a FEN. */
  perft(
    fen: string,
    depth: number,
    options: JobOptions & ChessOptions & { divide?: boolean } = {},
  ): Promise<PerftResult> {
    const { onProgress, signal, variant, chess960, divide } = options;
    return this.run('perft', { fen, depth, variant, chess960, divide }, { onProgress, signal });
  }

  /** Legal moves in UCI and SAN. `'startpos'` is a FEN. */
  legalMoves(fen: string, options: ChessOptions & { signal?: AbortSignal } = {}): Promise<ListedMove[]> {
    return this.run(
      'legalMoves',
      { fen, variant: options.variant, chess960: options.chess960 },
      { signal: options.signal },
    );
  }

  /** Double-dummy tables of PBN deal strings (`N:… … … …`), in order; a bad deal gives its error in place. */
  calcDDTables(deals: (string | Deal)[], options: JobOptions = {}): Promise<Result<DDTable>[]> {
    return this.each(
      'ddTable',
      deals.map((deal) => ({ deal })),
      options,
    );
  }

  /** Double-dummy card scores of each board, in order; a bad board gives its error in place. */
  solveBoards(boards: BoardToSolve[], options: JobOptions = {}): Promise<Result<SolveBoardResult>[]> {
    return this.each('solveBoard', boards, options);
  }

  /**
   * One job per item, in order, with one Result per item: a job that fails gives its error in
   * place. The whole call rejects only when the worker itself is lost (ERR_WORKER_*) or on abort.
   */
  async each<K extends JobKind>(
    kind: K,
    inputs: JobInput<K>[],
    options: JobOptions = {},
  ): Promise<Result<JobOutput<K>>[]> {
    const out: Result<JobOutput<K>>[] = [];
    for (let i = 0; i < inputs.length; i++) {
      try {
        out.push({ ok: true, value: await this.run(kind, inputs[i]!, { signal: options.signal }) });
      } catch (e) {
        if (isWorkerLoss(e) || options.signal?.aborted) throw e;
        out.push({ ok: false, error: toNotationError(e) });
      }
      options.onProgress?.({ done: i + 1, total: inputs.length, unit: 'jobs' });
    }
    return out;
  }

  /** Rejects every pending and later call with ERR_WORKER_TERMINATED; resolves when the thread is gone. */
  terminate(): Promise<void> {
    this.closed ??= failure(ERR_WORKER_TERMINATED, 'the worker was terminated');
    for (const call of [...this.calls]) this.settle(call, call.attempt, false, this.closed);
    const thread = this.thread;
    this.thread = undefined;
    return thread ? thread.kill() : Promise.resolve();
  }

  /** `await using worker = createWorker()` terminates the worker when the scope ends. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.terminate();
  }

  /** The live thread, started on demand (after an abort the next call starts a fresh one). */
  private current(): Thread {
    if (this.thread) return this.thread;
    const thread = new Thread(this.options);
    this.thread = thread;
    void thread.death.then((error) => {
      if (!error || this.thread !== thread) return;
      // Lost on its own: the worker is closed, as the caller must know that jobs can no longer run.
      this.thread = undefined;
      this.closed ??= error;
      for (const call of [...this.calls]) this.settle(call, call.attempt, false, error);
    });
    return thread;
  }

  private send(call: Call): void {
    const thread = this.current();
    call.thread = thread;
    const attempt = ++call.attempt;
    call.progressPort?.close();
    call.progressPort = undefined;
    let port: MessagePort | undefined;
    if (call.onProgress) {
      // Our own channel rather than Comlink's proxy(), so that we can close it when the call ends
      // (an open port would keep a Node process alive after the worker is gone).
      const channel = new MessageChannel();
      const onProgress = call.onProgress;
      expose((progress: JobProgress) => onProgress(progress), channel.port1);
      call.progressPort = channel.port1;
      port = transfer(channel.port2, [channel.port2]);
    }
    thread.setBusy(true);
    // If the thread dies first, `current()` settles the call (or `abort()` sends it again).
    thread.remote.run(call.kind, call.input, port as never).then(
      (value) => this.settle(call, attempt, true, value),
      (error) => this.settle(call, attempt, false, error),
    );
  }

  private settle(call: Call, attempt: number, fulfilled: boolean, value: unknown): void {
    if (call.settled || call.attempt !== attempt) return;
    call.settled = true;
    this.calls.delete(call);
    call.detach?.();
    call.progressPort?.close();
    if (fulfilled) call.resolve(value);
    else call.reject(value);
    if (call.thread && ![...this.calls].some((c) => c.thread === call.thread)) call.thread.setBusy(false);
  }

  private abort(call: Call, reason: unknown): void {
    if (call.settled) return;
    const thread = call.thread;
    this.settle(call, call.attempt, false, reason);
    if (!thread || thread !== this.thread) return;
    // Terminating is the only way to stop a job at once, wasm loops included. Calls that were in
    // flight on the same thread start again on a fresh one (their progress starts again too).
    this.thread = undefined;
    void thread.kill();
    for (const other of [...this.calls]) if (other.thread === thread) this.send(other);
  }
}

function isWorkerLoss(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return code === ERR_WORKER_LOAD || code === ERR_WORKER_CRASHED || code === ERR_WORKER_TERMINATED;
}

/** The NotationError of a failed job: its own for a NotationFailure, else ERR_WORKER_JOB with the message. */
export function toNotationError(e: unknown): NotationError {
  if (e instanceof NotationFailure) return { ...e.error };
  const error = e as { code?: unknown; message?: unknown } | undefined;
  const code = typeof error?.code === 'string' ? error.code : 'ERR_WORKER_JOB';
  return { code, message: String(error?.message ?? e) };
}

/**
 * Creates a worker (a Web Worker in browsers, a worker_thread in Node).
 * @example
 * ```ts
 * const worker = createWorker();
 * const { nodes } = await worker.perft('startpos', 3, { signal: AbortSignal.timeout(10_000) }); // 8902
 * await worker.terminate();
 * ```
 */
export function createWorker(options?: CreateWorkerOptions): GameNotationWorker {
  return GameNotationWorker.create(options);
}
