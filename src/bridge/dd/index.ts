// gamenotation/bridge double-dummy solver — re-exports only.
export { initDD, setDDMemory } from './engine.js';
export * from './solve.js';
export * from './pbn.js';
