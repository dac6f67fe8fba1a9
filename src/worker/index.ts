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
  Jobs,
  JobKind,
  JobInput,
  JobOutput,
  JobContext,
  JobProgress,
  ChessInput,
  PerftInput,
  PerftResult,
  ListedMove,
  ChildPosition,
  MatchInput,
  MatchValidation,
  SolveProblemInput,
  AnalyseAifInput,
  AnalyseAifOutput,
  AnalyseEpdSuiteInput,
} from './jobs.js';
export type { EngineSpec, AnalysePositionInput, AnalyseGameInput, PlainAnalysis, PlainLine } from '../engine/jobs.js';
export type { WorkerApi } from './api.js';
