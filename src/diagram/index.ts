// gamenotation/diagram — SVG diagrams (strings, no DOM) of chess and crazyhouse positions, games,
// bughouse matches, chess problems, bridge deals and DD tables, and AIF evaluation graphs.
export { DEFAULT_THEME, type DiagramTheme } from './svg.js';
export { chessDiagram, type ChessDiagramOptions, type BoardInput } from './chess.js';
export { gameDiagram, gamePosition, type GamePly } from './game.js';
export {
  bughouseDiagram,
  bpgnDiagram,
  bfenDiagram,
  bughousePosition,
  type BughouseBoard,
  type BughouseDiagramOptions,
  type BughousePly,
} from './bughouse.js';
export { problemDiagram, pbiProblemDiagram, problemXmlDiagram, type ProblemDiagramOptions } from './problem.js';
export {
  dealDiagram,
  pbnDealDiagram,
  ddTableDiagram,
  type DealDiagramOptions,
  type DDTableDiagramOptions,
} from './bridge.js';
export {
  evalGraphDiagram,
  lossGraphDiagram,
  type EvalGraphOptions,
  type EvalMark,
  type LossBar,
  type LossGraphOptions,
} from './graph.js';
export { aifEvalGraph, aifLossGraph, aifScores, type AifScores, type AifTurnLoss } from './aif.js';
