// The package root: the types every subpath shares (results, errors, progress, text sources) and
// nothing else. Domains live at their own subpaths (gamenotation/chess, /pgn, /bughouse, /problems,
// /bridge, /aif, /engine, /diagram, /worker, /queue) so a user downloads only what they use; the
// catalogue of error codes is gamenotation/codes (90 KB of text that no reader needs at run time).
export {
  type NotationError,
  type Result,
  type Parsed,
  type Validation,
  ok,
  err,
  notationError,
  formatError,
  unwrap,
  NotationFailure,
} from './errors.js';
export { type Progress, type ProgressCallback } from './progress.js';
export { type TextSource } from './source.js';
