// <gn-match>'s readers and drawings, loaded on demand (see lazy.ts).
export {
  chesscomToMatch,
  makeFourColumn,
  parseBpgn,
  parseBughouseCsv,
  parseChesscomGame,
  replayMatch,
} from '../bughouse/index.js';
export { bughouseDiagram, bughousePosition } from '../diagram/index.js';
