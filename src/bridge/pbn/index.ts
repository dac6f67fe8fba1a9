// PBN 2.1 — re-exports only.
export * from './model.js';
export * from './parse.js';
export * from './write.js';
export * from './table.js';
export * from './tags.js';
export * from './values.js';
export * from './stream.js';
export * from './info.js';
export * from './export-check.js';
export * from './decode.js';
export * from './score.js';
export { validatePbnGame, type ValidatePbnGameOptions } from './validate.js';
