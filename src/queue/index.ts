// gamenotation/queue (Node only) — batch work across machines on BullMQ + Redis: a producer that
// submits items and gets their outcomes back in input order, and workers that run the jobs.
export { parseQueueUrl, QueueError, type QueueTarget } from './connection.js';
export {
  type QueueJobData,
  type QueueJobResult,
  type QueueJobResults,
  type AnalyseSettings,
  type SolveSettings,
} from './jobs.js';
export {
  produceInOrder,
  type ProduceOptions,
  type ProducerItem,
  type ProducerOutcome,
  type QueueStats,
} from './producer.js';
export {
  runQueueWorker,
  startQueueWorker,
  type QueueWorker,
  type QueueWorkerOptions,
  type QueueWorkerSummary,
} from './worker.js';
