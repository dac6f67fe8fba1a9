// gamenotation/problems — re-exports only.
export * from './board.js';
export * from './pbi.js';
export * from './stipulation.js';
export * from './fen.js';
export * from './convert.js';
export * from './check.js';
export * from './xml/model.js';
export * from './xml/read.js';
export * from './xml/write.js';
export * from './xml/derive.js';
export * from './solve/index.js';
