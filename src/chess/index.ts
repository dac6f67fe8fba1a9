// gamenotation/chess — the chess core: FEN, positions and legal moves (wasm), SAN and UCI, perft.
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
export { ROLES, POCKET_ROLES, COLORS, emptyPockets, isDrop, makeSquare, parseSquare } from './types.js';
export { initChess } from './wasm.js';
export { parseFen, makeFen, validateSetup, normalizeFen, INITIAL_FEN } from './fen.js';
export { Position } from './position.js';
export { parseSan, makeSan, makeSanAndPlay, parseUci, makeUci } from './san.js';
export { perft, perftDivide, type PerftOptions } from './perft.js';
export { parsePerftSuite, type PerftCase } from './suite.js';
