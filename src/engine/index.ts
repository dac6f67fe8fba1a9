export {
  openEngine,
  engineTransport,
  healthCheck,
  listEngines,
  type OpenEngineOptions,
  type EngineKind,
  type FoundEngine,
} from './open.js';
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
export { Score, type ScoreValue } from './score.js';
export { EngineError, type EngineErrorCode, type EngineWarning } from './errors.js';
export {
  parseInfo,
  parseOption,
  parseBestmove,
  goCommand,
  optionValue,
  isUciMove,
  type Info,
  type Limit,
  type Bound,
  type EngineOption,
  type OptionType,
} from './protocol.js';
export {
  resolvePosition,
  positionCommand,
  type PositionInput,
  type ResolvedPosition,
  type EngineVariant,
  type GameLike,
} from './position.js';
export { MockTransport, mockHandshake, type MockStep } from './mock.js';
export { NativeTransport, findExecutable } from './native.js';
export { StockfishWasmTransport, WorkerTransport, liteSingleTransport, canUseThreads, INSTALL_HINT } from './wasm.js';
export type { Transport, TransportExit, TransportFactory, TransportHandlers } from './transport.js';
export {
  engineJobs,
  toPlainAnalysis,
  fromPlainAnalysis,
  type PlainAnalysis,
  type PlainLine,
  type EngineSpec,
  type AnalysePositionInput,
  type AnalyseGameInput,
} from './jobs.js';
