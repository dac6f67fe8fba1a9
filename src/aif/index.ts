// gamenotation/aif — the Analysis Interchange Format (Regan & Biswas): read, write, validate, and
// produce it from a PGN game with a UCI engine.
export type { AifGame, AifBlock, AifGrid, AifRow, AifCell, AifPv, AifPlace, AifFlavour } from './model.js';
export { parseAif, readAif, type AifReadOptions } from './reader.js';
export { makeAif, type MakeAifOptions } from './writer.js';
export { validateAif } from './validate.js';
export {
  analyseGame,
  AifAnalyseError,
  type AnalyseGameOptions,
  type AnalyseHooks,
  type AnalyseProgress,
} from './analyse.js';
export {
  aifStats,
  aifPlayerSummary,
  type AifGameStats,
  type AifPlayerStats,
  type AifPlayerSummary,
  type AifMoveStat,
} from './stats.js';
