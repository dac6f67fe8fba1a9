// The chess problem solver (re-exports only).
export * from './solve.js';
export { initSolver } from './wasm.js';
export * from '../popeye/index.js';
