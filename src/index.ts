// The package root: shared error and result types, the catalogue of error codes (ERROR_CODES) and
// the one progress shape (Progress). Domains live at their own subpaths
// (gamenotation/chess, /pgn, /bridge, /problems, /worker) so a user downloads only what they use.
export * from './errors.js';
export * from './codes.js';
export * from './progress.js';
