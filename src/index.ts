// The package root: shared error and result types. Domains live at their own subpaths
// (gamenotation/chess, /pgn, /bridge, /problems, /worker) so a user downloads only what they use.
export * from './errors.js';
export * from './codes.js';
export * from './progress.js';
