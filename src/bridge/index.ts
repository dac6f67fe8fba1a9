// gamenotation/bridge — re-exports only.
export * from './types.js';
export * from './deal.js';
