// The package root: shared error and result types and the one progress shape (Progress). Domains
// live at their own subpaths (gamenotation/chess, /pgn, /bridge, /problems, /worker) so a user
// downloads only what they use; the catalogue of error codes is gamenotation/codes (90 KB of text
// that no reader needs at run time).
export * from './errors.js';
export * from './progress.js';
