// gamenotation/pgn — re-exports only.
export * from './types.js';
export * from './visitor.js';
export * from './reader.js';
export * from './writer.js';
export * from './commands.js';
export { GameBuilder, normalizeComment } from './builder.js';
export { PgnParser } from './parser.js';
export { Lexer, tokenize, type Token, type LexerOptions } from '../text/lexer.js';
export { chessRules, mainlineFen, startingPosition, gameVariant, NULL_MOVE } from './rules.js';
