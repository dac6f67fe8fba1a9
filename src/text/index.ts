// Shared lexing for the PGN family — re-exports only.
export * from './decode.js';
export * from './source.js';
export * from './lexer.js';
export * from './records.js';
export * from './record-split.js';
export * from './escape.js';
export * from './lines.js';
export * from './tag-value.js';
