import type { Move, Square } from '../chess/index.js';

/** `[%eval …]`: a score in pawns from White's point of view, or mate in n (negative: Black mates). */
export interface PgnEval {
  pawns?: number;
  mate?: number;
  depth?: number;
}

/** `[%csl Ga1]` (a square, no `to`) or `[%cal Ge2e4]` (an arrow). */
export interface PgnShape {
  color: 'green' | 'red' | 'yellow' | 'blue';
  from: Square;
  to?: Square;
}

/** Commands embedded in the comments of one node (PGN supplement, section 3.2), typed. */
export interface PgnCommands {
  /** `[%clk h:mm:ss]`: remaining clock time in seconds. */
  clk?: number;
  /** `[%emt h:mm:ss]`: elapsed move time in seconds. */
  emt?: number;
  /** `[%egt h:mm:ss]`: elapsed game time in seconds. */
  egt?: number;
  /** `[%mct hh:mm:ss]`: mechanical clock time in seconds. */
  mct?: number;
  eval?: PgnEval;
  /** `[%csl …]` squares and `[%cal …]` arrows, in order. */
  shapes?: PgnShape[];
  /** Commands not known above, name and raw argument text, in order. */
  other?: { name: string; value: string }[];
}

/**
 * A move of the game tree. A line of play is an array of nodes; `variations` holds the lines that
 * are alternatives to this move (each starts with a move played instead of it). Nesting depth is
 * that of the variations only (capped by `maxDepth`), never the length of a line, so trees of any
 * length serialise to JSON and cross `postMessage` safely.
 */
export interface PgnNode {
  /** SAN as written by `makeSan` when the move was resolved, else as found in the file. `--` is a null move. */
  san: string;
  /** UCI (`e2e4`, `e7e8q`, `N@f3`, `0000` for a null move); absent when the move was not resolved. */
  uci?: string;
  move?: Move;
  /** Comments before the move (only at the start of a variation). */
  startingComments?: string[];
  /** NAGs of the move (suffix annotations become NAGs 1–6). */
  nags?: number[];
  /** Comments after the move, whitespace-normalised (runs of white space become one space). */
  comments?: string[];
  /**
   * Typed view of the commands found in `comments` (the comment text keeps them). Read-only:
   * identical comments share one frozen object.
   */
  commands?: PgnCommands;
  /** Alternatives to this move, each a line (array of nodes). */
  variations?: PgnNode[][];
}

/** What comes before the first move: the starting position's comments and NAGs. */
export interface PgnRoot {
  nags?: number[];
  comments?: string[];
  commands?: PgnCommands;
}

/** One game of PGN: tags, the move tree and the result (readers hand it out as `Parsed<PgnGame>`, with what went wrong). */
export interface PgnGame {
  /** Tag pairs in file order (a repeated name keeps its last value). */
  headers: Record<string, string>;
  /** Comments and NAGs before the first move. */
  root: PgnRoot;
  /** The main line. */
  moves: PgnNode[];
  /** The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`); the Result tag when the movetext has none. */
  result: string;
  /** Line of the game's first token in the input. */
  line: number;
}
