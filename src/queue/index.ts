// Batch work across machines on BullMQ + Redis (Node only; loaded by the CLI when --queue is used).
export * from './connection.js';
export * from './jobs.js';
export * from './producer.js';
export * from './worker.js';
