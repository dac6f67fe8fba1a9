// One worker for every element of the page, started on the first double-dummy or solver job: the
// worker module (with the bridge and problems wasm inside its script) is imported then, so a page
// that only shows games never downloads it.
import type { GameNotationWorker } from '../worker/index.js';

let shared: Promise<GameNotationWorker> | undefined;

/** The page's worker for the elements' jobs (created on first use). */
export function elementWorker(): Promise<GameNotationWorker> {
  shared ??= import('../worker/index.js').then((m) => m.createWorker());
  return shared;
}

/** After a failure that closed the worker (it did not load or crashed), the next job starts a new one. */
export function forgetWorkerAfter(error: unknown): void {
  const code = (error as { code?: unknown })?.code;
  if (code === 'ERR_WORKER_LOAD' || code === 'ERR_WORKER_CRASHED' || code === 'ERR_WORKER_TERMINATED')
    shared = undefined;
}

/** The text of a failed job for the page: its code and message. */
export function failureText(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown; name?: unknown };
  if (e?.name === 'AbortError') return 'cancelled';
  return `${typeof e?.code === 'string' ? `${e.code}: ` : ''}${String(e?.message ?? error)}`;
}
