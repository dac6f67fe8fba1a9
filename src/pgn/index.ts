// gamenotation/pgn — PGN: the lenient reader (whole text, streamed, or as visitor callbacks), game
// trees, embedded commands, and the byte-exact export writer.
export type { PgnGame, PgnNode, PgnRoot, PgnCommands, PgnEval, PgnShape } from './types.js';
export type { PgnVisitor, PgnMoveInfo, PgnReadOptions } from './visitor.js';
export { parsePgn, readPgn, visitPgn, visitPgnStream } from './reader.js';
export { makePgn, SEVEN_TAG_ROSTER, type MakePgnOptions } from './writer.js';
export { parseCommands } from './commands.js';
export { startingPosition, mainlineFen } from './rules.js';
