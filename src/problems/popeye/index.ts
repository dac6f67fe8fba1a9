// Popeye input reader (re-exports only).
export * from './read.js';
