// The shapes of the solver's options and results.
import type { NotationError } from '../../errors.js';
import type { Progress } from '../../progress.js';
import type { PbiStatus } from '../pbi.js';

/** The library's `Progress` (unit 'root moves') with the part of the task and the solutions so far. */
export interface SolveProgress extends Progress {
  part: number;
  parts: number;
  /** Root moves tried at the current depth (keys for #n/s#n, first moves for h#n), and how many there are. */
  done: number;
  total: number;
  solutions: number;
  /** The length being searched (moves; for help play, half-moves). */
  depth: number;
  /** Positions searched so far in this part. */
  nodes: number;
}

/** Options of the problem solver. */
export interface SolveOptions {
  /** Stop a part after this many solutions (default 1000; the status then counts only these). */
  maxSolutions?: number;
  /** List tries (#n, s#n, r#n: non-keys refuted by at most `maxRefutations` defences, default 1). */
  tries?: boolean;
  maxRefutations?: number;
  /** Threats after each key (battle play); default true. */
  threats?: boolean;
  /** Set play: helpmates one half-move shorter with the mating side first; battle play's defences before the key. */
  setPlay?: boolean;
  /** The intended number of solutions, for the status (default: the record's, else 1). */
  intended?: number;
  /** Solution trees for battle play (defences and continuations); default true. */
  variations?: boolean;
  /** Intelligent mode for h#n and h=n of 3 moves or more (default true); false searches every line plainly. */
  intelligent?: boolean;
  /** Transposition table size in MiB (default 64): the solver's one large allocation. */
  tableMiB?: number;
  /** Stop after this many milliseconds with ERR_SOLVE_TIMEOUT and what was proven so far. */
  timeoutMs?: number;
  /** Stop after this many positions with ERR_SOLVE_NODES and what was proven so far. */
  maxNodes?: number;
  signal?: AbortSignal;
  /** Called as root moves are searched. */
  onProgress?: (progress: SolveProgress) => void;
}

/** A move in a solution tree: the reply moves follow in `replies`. */
export interface SolutionMove {
  uci: string;
  san: string;
  replies?: SolutionMove[];
}

/** A solution the solver found, in UCI and SAN. */
export interface FoundSolution {
  /** The key (battle play) or the whole line (help and series play: the first mover's move first). */
  uci: string | string[];
  san: string | string[];
  /** Help and series play: a line shorter than the stipulation (Popeye lists these too). */
  short?: boolean;
  /** Battle play: the threats after the key (shortest ones). */
  threats?: SolutionMove[];
  /** Battle play: every defence with the continuations that win fastest. */
  variations?: SolutionMove[];
}

/** A try: a non-key with the defences that refute it. */
export interface SolveTry {
  uci: string;
  san: string;
  refutations: { uci: string; san: string }[];
}

/** The solving of one part (a twin, or the whole problem; with Duplex, each side's play). */
export interface SolvedPart {
  /** Twin label (a, b, …), null for a problem without twins. */
  twin: string | null;
  twinCommand: string | null;
  /** The stipulation solved (with WhiteToPlay, the help play as Popeye reads it: h#n becomes h#(n-1).5). */
  stipulation: string;
  /** Duplex: the colours' roles swapped (the other side plays first). */
  duplex?: boolean;
  fen: string;
  status: PbiStatus;
  /** Keys (battle play) or lines (help and series play, short ones included). */
  solutions: FoundSolution[];
  /** A solution one move shorter exists. */
  shortSolution: boolean;
  tries?: SolveTry[];
  /** Help and series play: set play lines. */
  setPlay?: FoundSolution[];
  /** Battle play: the defences of the diagram position (attacker to pass) with their continuations. */
  setVariations?: SolutionMove[];
  /** PostKeyPlay: the position is after the key; the threats and the defences with their continuations. */
  postKey?: { threats?: SolutionMove[]; variations: SolutionMove[]; holds: boolean };
  /** Solution text in problemists' notation. */
  text: string;
  nodes: number;
  /** True when maxSolutions stopped the search early. */
  truncated?: boolean;
  /** Set when a limit (timeoutMs, maxNodes) stopped this part: ERR_SOLVE_TIMEOUT or ERR_SOLVE_NODES, and what was proven. */
  stopped?: NotationError;
}

/** The solving of a problem: every part and the overall status. */
export interface SolvedProblem {
  id?: string;
  stipulation: string;
  intended: number;
  parts: SolvedPart[];
  warnings: NotationError[];
  /** Set when a limit stopped the solve (the part it stopped in carries the same error); later parts are not solved. */
  stopped?: NotationError;
}
