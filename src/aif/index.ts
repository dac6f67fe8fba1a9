// gamenotation/aif — the Analysis Interchange Format (Regan & Biswas): read, write, validate, produce.
export * from './model.js';
export { AifParser, parseAif, parseAifBytes, readAif, type AifSource, type AifReadOptions } from './reader.js';
export {
  makeAif,
  makeAifGame,
  makeAifGameWithWarnings,
  hasAifContent,
  makeAifBlock,
  makeGrid,
  gzipText,
  AIF_VERSION_LINE,
  AIF_MOVE_WIDTH,
} from './writer.js';
export { validateAif, parseAnyMove, type AifValidation } from './validate.js';
/** The text layer's line splitter that AIF is read with (the family's line rule, chunked input, bounded lines). */
export { LineSplitter } from '../text/lines.js';
export {
  analyseGame,
  aifPlatform,
  gridOf,
  pvText,
  AifAnalyseError,
  type AnalyseGameOptions,
  type AnalyseHooks,
  type AnalyseProgress,
} from './analyse.js';
