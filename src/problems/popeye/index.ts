// Popeye input reader (re-exports only).
export * from './read.js';
export * from './write.js';
