// gamenotation/engine: UCI engines (native binaries, Fairy-Stockfish, stockfish.wasm, the npm
// stockfish build, or any transport), their scores and win/draw/loss chances. A deliberate list:
// the protocol parsers, the concrete transports and the worker jobs stay internal (the worker and
// the CLI import their modules directly). Each name is documented where it is declared.

// Opening engines, and the engine itself.
export { openEngine, listEngines, type OpenEngineOptions, type EngineKind, type FoundEngine } from './open.js';
export {
  UciEngine,
  type AnalysisLine,
  type AnalysisResult,
  type EngineConfig,
  type EngineInfo,
  type EngineTimeouts,
  type OptionValue,
  type SearchOptions,
} from './uci.js';
export type { Analysis } from './analysis.js';
export type { Limit, Bound, EngineOption, OptionType } from './protocol.js';
export type { PositionInput, EngineVariant, GameLike } from './position.js';

// Scores and win/draw/loss chances.
export { Score, SideScore, Wdl, SideWdl, type ScoreValue, type WdlModel, type WdlOptions } from './score.js';

// Failures and warnings.
export { EngineError, type EngineErrorCode, type EngineWarning } from './errors.js';

// Transports: the interface for `kind: 'custom'`, and a scripted engine for tests.
export type { Transport, TransportExit, TransportFactory, TransportHandlers } from './transport.js';
export { MockTransport, mockHandshake, type MockStep } from './mock.js';

// Results as plain data (worker jobs, JSON).
export type { PlainAnalysis, PlainLine } from './jobs.js';
