// gamenotation/pgn — re-exports only.
export * from './types.js';
export * from './visitor.js';
export * from './reader.js';
export * from './writer.js';
export * from './commands.js';
export { GameBuilder, normalizeComment } from './builder.js';
export { PgnParser } from './parser.js';
// The shared lexer and stream splitter of the PGN family.
export * from '../text/lexer.js';
export { GameSplitter, decodeBytes, splitGames, type TextBatch, type SplitOptions } from '../text/split.js';
export { chessRules, publicChessRules, mainlineFen, startingPosition, gameVariant, NULL_MOVE } from './rules.js';
