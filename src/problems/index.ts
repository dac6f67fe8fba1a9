// gamenotation/problems — chess problems: PBI 1.2, problem XML (problem.xsd) with its twins, Popeye
// input, conversions between them, and the solver (wasm) for orthodox stipulations.
export type { ProblemBoard, ProblemPiece, ProblemColor, PieceKind, OrthodoxKind, ForsythBoard } from './board.js';
export { parseForsyth } from './board.js';
export { parseStipulation, makeStipulation } from './stipulation.js';
export {
  parsePbi,
  readPbi,
  PbiReader,
  makePbi,
  newPbiProblem,
  pbiStatusFromSolution,
  type ParsePbiOptions,
  type MakePbiOptions,
  type PbiDocument,
  type PbiProblem,
  type PbiComment,
  type PbiAward,
  type PbiSource,
  type PbiStatus,
  type PbiNewline,
} from './pbi.js';
export {
  PROBLEM_NS,
  type ProblemsDocument,
  type Problem,
  type Release,
  type ReleaseType,
  type Twin,
  type ProblemPosition,
  type PositionOp,
  type PieceOp,
  type PieceDecl,
  type Plane,
  type Stipulation,
  type Solution,
  type ProblemMove,
  type MoveText,
  type Change,
  type Author,
  type AuthorName,
  type Award,
  type Source,
  type Tourney,
  type Remark,
  type Signature,
  type Correctness,
  type ForeignId,
  type XmlDate,
  type XmlNode,
  type XmlPos,
  type ProblemXmlElement,
} from './xml/model.js';
export { parseProblemXml, PROBLEM_XML_LIMITS, type ProblemXmlOptions } from './xml/read.js';
export { makeProblemXml, encodeProblemXml, type MakeProblemXmlOptions } from './xml/write.js';
export { deriveTwins, deriveTwin, type DerivedTwin } from './xml/derive.js';
export { checkProblemXml, type ProblemXmlCheck } from './check.js';
export {
  pbiToXml,
  xmlToPbi,
  pbiToPopeye,
  xmlToPopeye,
  twinFens,
  pbiFen,
  type ConvertResult,
  type XmlToPbiOptions,
  type TwinFen,
} from './convert.js';
export { parsePopeye, type PopeyeProblem } from './popeye/read.js';
export { type PopeyeTwin, type PopeyeTwinOp } from './popeye/twins.js';
export { type PopeyeOptions } from './popeye/options.js';
export { fenToPopeye } from './popeye/write.js';
export {
  solve,
  solveAll,
  type SolveInput,
  type SolveOptions,
  type SolveProgress,
  type SolvedProblem,
  type SolvedPart,
  type SolveTry,
  type FoundSolution,
  type SolutionMove,
  type FenProblem,
} from './solve/solve.js';
export { initProblems } from './solve/wasm.js';
