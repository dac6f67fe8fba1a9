export type {
  Color,
  Role,
  Square,
  Piece,
  Variant,
  PocketRole,
  Pockets,
  Setup,
  NormalMove,
  DropMove,
  Move,
  PositionOptions,
} from './types.js';
export { ROLES, POCKET_ROLES, COLORS, emptyPockets, isDrop, squareName, parseSquare } from './types.js';
export { init } from './wasm.js';
export { parseFen, makeFen, validateSetup, normalizeFen, INITIAL_FEN } from './fen.js';
export { Position, decodeMove as unpackMove } from './position.js';
export { parseSan, makeSan, makeSanAndPlay, parseUci, makeUci } from './san.js';
export { perft, perftDivide, type PerftOptions } from './perft.js';
export type { NotationError, Result } from '../errors.js';
export { parsePerftSuite, looksCrazyhouse, type PerftCase } from './suite.js';
