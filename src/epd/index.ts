// gamenotation/epd — Extended Position Description (PGN standard §16.2): read, write, validate and
// convert EPD records, and run engine test suites (bm/am, STS-style points) through gamenotation/engine.
export type { EpdRecord, EpdOperations, EpdOperation } from './model.js';
export { parseEpd, readEpd, type EpdReadOptions } from './reader.js';
export { makeEpd, type MakeEpdOptions } from './writer.js';
export { validateEpd } from './validate.js';
export { epdToFen, fenToEpd, epdToPgn, pgnToEpd } from './convert.js';
export {
  analyseEpdSuite,
  scoreEpdMove,
  type EpdMoveScore,
  type EpdTestPosition,
  type EpdSuiteResult,
  type EpdSuiteOptions,
} from './suite.js';
