// gamenotation/worker — long jobs (deep perft, move listing, double-dummy batches, problem solving,
// engine analysis) off the calling thread, the same in browsers (Web Worker) and Node
// (worker_threads), with progress callbacks and cancellation by AbortSignal.
export {
  GameNotationWorker,
  createWorker,
  type CreateWorkerOptions,
  type JobOptions,
  type ChessOptions,
} from './client.js';
export { WorkerPool, defaultPoolSize } from './pool.js';
export type {
  JobKind,
  JobInput,
  JobOutput,
  Jobs,
  JobProgress,
  PerftResult,
  ListedMove,
  ChildPosition,
} from './jobs.js';
export type { WorkerApi } from './api.js';
