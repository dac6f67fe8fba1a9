import type { PgnRules } from './visitor.js';

/** Default rules (gamenotation/chess); wired when the chess core is available. */
export const chessRules: PgnRules<any> | undefined = undefined;
