// gamenotation/bughouse — re-exports only.
export * from './bfen.js';
export * from './match.js';
export * from './bpgn.js';
export * from './fourcolumn.js';
export * from './json.js';
export * from './csv.js';
export type { NotationError, Result } from '../errors.js';
export * from './chesscom.js';
