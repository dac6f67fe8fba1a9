// gamenotation/diagram — re-exports only.
export { DEFAULT_THEME, type DiagramTheme } from './svg.js';
export { chessDiagram, type ChessDiagramOptions, type BoardInput } from './chess.js';
export { gameDiagram, gamePosition, type GamePly } from './game.js';
export {
  bughouseDiagram,
  bpgnDiagram,
  bfenDiagram,
  bughousePosition,
  formatClock,
  type BughouseBoard,
  type BughouseDiagramOptions,
  type BughousePly,
} from './bughouse.js';
export {
  problemDiagram,
  pbiProblemDiagram,
  problemXmlDiagram,
  pieceCount,
  type ProblemDiagramOptions,
} from './problem.js';
export {
  dealDiagram,
  pbnDealDiagram,
  ddTableDiagram,
  contractText,
  parText,
  type DealDiagramOptions,
  type DDTableDiagramOptions,
} from './bridge.js';
export { evalGraphDiagram, type EvalGraphOptions, type EvalMark } from './graph.js';
export { aifEvalGraph, aifScores, type AifScores, type AifTurnLoss } from './aif.js';
