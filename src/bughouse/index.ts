// gamenotation/bughouse — BFEN, BPGN 1.0–1.2 and its real-world dialects (chess.com, CSV), the two
// linked boards of a match, and the four-column display.
export {
  parseBfen,
  makeBfen,
  validateBfen,
  bfenToFens,
  fensToBfen,
  type Bfen,
  type BfenBoard,
  type BoardId,
} from './bfen.js';
export {
  BughouseBoards,
  replayMatch,
  validateMatch,
  type BughouseMatch,
  type BughouseMove,
  type BoardState,
  type MateRule,
  type ReplayOptions,
  type Termination,
} from './match.js';
export {
  parseBpgn,
  readBpgn,
  visitBpgn,
  makeBpgn,
  type MakeBpgnOptions,
  type BpgnReadOptions,
  type BpgnVisitor,
} from './bpgn.js';
export { parseBughouseCsv } from './csv.js';
export { parseChesscomGame, chesscomToMatch, type ChesscomGame } from './chesscom.js';
export { makeFourColumn, type FourColumn } from './fourcolumn.js';
export { matchToJson, type MatchJson } from './json.js';
