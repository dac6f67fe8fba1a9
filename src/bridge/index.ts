// gamenotation/bridge — re-exports only.
export * from './types.js';
export * from './board.js';
export * from './deal.js';
export * from './auction.js';
export * from './play.js';
export * from './pbn/index.js';
export * from './scoring.js';
export * from './par.js';
export * from './dd/index.js';
