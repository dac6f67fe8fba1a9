/**
 * The one registry of job kinds a worker runs. A job is `(input, context) => output`: the input and
 * output are plain data (they cross postMessage), bad input throws a `NotationFailure` (its code
 * crosses the boundary, see wire.ts), and a long job reports progress through `context.progress`.
 *
 * Adding a kind: add one entry here (import its domain lazily, inside the function). It is then
 * callable as `worker.run('<kind>', input, { onProgress, signal })` and `pool.run('<kind>', items)`,
 * with input and output types taken from this object; abort works without the job doing anything,
 * because the client terminates the worker (see index.ts).
 */
import { NotationFailure, type Result } from '../errors.js';
import { INITIAL_FEN, Position, makeSan, makeUci, perft, type Variant } from '../chess/index.js';
import { looksCrazyhouse } from '../chess/suite.js';
import {
  calcDDTable,
  solveBoard,
  type BoardToSolve,
  type DDTable,
  type Deal,
  type SolveBoardResult,
} from '../bridge/index.js';
import { solve as solveProblem, type SolveInput, type SolveOptions, type SolvedProblem } from '../problems/index.js';
import { matchToJson, parseBpgn, visitBpgn, type MatchJson, type MateRule } from '../bughouse/index.js';
import type { NotationError } from '../errors.js';
import type { Progress } from '../progress.js';
import { analyseGame, makeAif, type AnalyseGameOptions } from '../aif/index.js';
import { gameIdOf } from '../aif/model.js';
import { openEngine } from '../engine/index.js';
import {
  engineJobs,
  type AnalyseGameInput,
  type AnalysePositionInput,
  type EngineSpec,
  type PlainAnalysis,
} from '../engine/jobs.js';
import { parsePgn } from '../pgn/index.js';
import { analyseEpdSuite, parseEpd, type EpdSuiteResult } from '../epd/index.js';
import type { Limit } from '../engine/index.js';

/**
 * Progress of a long job, reported through a Comlink-proxied callback: the library's one `Progress`
 * shape (src/progress.ts); the worker's jobs always know their total (0 when it is not known).
 */
export interface JobProgress extends Progress {
  total: number;
}

/** What a job receives besides its input: the channel its progress reports go back through. */
export interface JobContext {
  /** Reports progress to the caller; awaited, so that every report arrives before the result. */
  progress(progress: JobProgress): Promise<void>;
}

/** A perft count, and per root move with `divide`. */
export interface PerftResult {
  nodes: number;
  /** Per root move (UCI) when `divide` was asked. */
  divide?: Record<string, number>;
}

/** A legal move in UCI and SAN. */
export interface ListedMove {
  uci: string;
  san: string;
}

/** A root move and the position after it. */
export interface ChildPosition {
  /** The root move in UCI. */
  uci: string;
  /** The position after it. */
  fen: string;
}

// Static imports, so that the one-file worker keeps only what the jobs use. The wasm modules are
// still compiled on first use: a worker that only solves deals never compiles the chess module.

/** `'startpos'` stands for the initial position wherever a FEN is asked for. */
function rootPosition(input: ChessInput) {
  const text = typeof input.fen === 'string' && input.fen.trim() === 'startpos' ? INITIAL_FEN : input.fen;
  // Lenient like `perft()` of gamenotation/chess: test positions with recoverable setup problems pass.
  // A pocket means drops, as in perft() (the variant is read from the FEN unless one is given).
  const variant = looksCrazyhouse(text) ? 'crazyhouse' : input.variant;
  const root = Position.fromFen(text, { variant, lenient: true, chess960: input.chess960 });
  if (!root.ok) throw new NotationFailure(root.error);
  return { root: root.value, fen: text };
}

/** A position to start from: a FEN or `'startpos'`. With `chess960`, castling moves are written king → rook. */
export interface ChessInput {
  fen: string;
  variant?: Variant;
  chess960?: boolean;
}

function unwrapResult<T>(result: Result<T>): T {
  if (!result.ok) throw new NotationFailure(result.error);
  return result.value;
}

/** Input of the `perft` job. */
export interface PerftInput extends ChessInput {
  depth: number;
  /** Count under each root move too. */
  divide?: boolean;
}

/** Input of the `replayMatch` and `validateMatch` jobs: a BPGN text. */
export interface MatchInput {
  bpgn: string;
  mateRule?: MateRule;
}

/** Output of the `validateMatch` job: counts, and every problem with the index of its match. */
export interface MatchValidation {
  matches: number;
  moves: number;
  errors: (NotationError & { match: number })[];
  warnings: (NotationError & { match: number })[];
}

/** Input of the `solveProblem` job. */
export interface SolveProblemInput {
  problem: SolveInput;
  options?: Omit<SolveOptions, 'signal' | 'onProgress'>;
}

/** Input of the `analyseAif` job: a PGN text and the engine to open in the worker. */
export interface AnalyseAifInput {
  pgn: string;
  engine: EngineSpec;
  options?: AnalyseGameOptions;
}

/** Output of the `analyseAif` job: the AIF text, the number of games, and the PGN reading errors. */
export interface AnalyseAifOutput {
  text: string;
  games: number;
  errors: NotationError[];
}

/** Input of the `analyseEpdSuite` job: an EPD suite's text, the engine to open in the worker, the limit per position. */
export interface AnalyseEpdSuiteInput {
  /** The suite as EPD text. */
  epd: string;
  /** The engine to open in the worker (closed when the job ends). */
  engine: EngineSpec;
  /** The search limit of each position. */
  limit: Limit;
}

/**
 * Every job a worker runs, by name: `worker.run(name, input, { onProgress, signal })`. The input
 * and output are plain data (they cross postMessage).
 */
export interface Jobs {
  /** Perft node count; with `divide`, the count under each root move. Progress once per root move. */
  perft(input: PerftInput, ctx: JobContext): Promise<PerftResult>;
  /** The positions after each legal move. */
  children(input: ChessInput): Promise<ChildPosition[]>;
  /** The legal moves in SAN and UCI. */
  legalMoves(input: ChessInput): Promise<ListedMove[]>;
  /** The double-dummy table of a deal. */
  ddTable(input: { deal: string | Deal }): Promise<DDTable>;
  /** Double-dummy scores of every card in one position (a trick may be in progress). */
  solveBoard(input: BoardToSolve): Promise<SolveBoardResult>;
  /** A chess problem (Popeye input, PBI/XML record or `{ fen, stipulation }`) solved; progress per key tried. */
  solveProblem(input: SolveProblemInput, ctx: JobContext): Promise<SolvedProblem>;
  /** Every match of a BPGN text replayed (the `convert --to json` shape); progress per match. */
  replayMatch(input: MatchInput, ctx: JobContext): Promise<MatchJson[]>;
  /** Every match of a BPGN text checked (moves resolved and played, not kept); progress per match. */
  validateMatch(input: MatchInput, ctx: JobContext): Promise<MatchValidation>;
  /** AIF: every game of a PGN text analysed by an engine opened in this worker; progress per ply. */
  analyseAif(input: AnalyseAifInput, ctx: JobContext): Promise<AnalyseAifOutput>;
  /** An engine test suite (EPD) run by an engine opened in this worker; progress per position. */
  analyseEpdSuite(input: AnalyseEpdSuiteInput, ctx: JobContext): Promise<EpdSuiteResult>;
  /** Engine analysis of one position; progress once per completed depth. */
  analysePosition(input: AnalysePositionInput, ctx: JobContext): Promise<PlainAnalysis>;
  /** Engine analysis of every position of a game's main line; progress once per position. */
  analyseGame(input: AnalyseGameInput, ctx: JobContext): Promise<PlainAnalysis[]>;
  /** Closes the worker's engine (it is otherwise kept for the next job). */
  closeEngine(): Promise<void>;
}

/** The job registry (the worker side of `Jobs`). */
export const jobs: Jobs = {
  /** Perft node count; with `divide`, the count under each root move. Progress once per root move. */
  async perft(input: ChessInput & { depth: number; divide?: boolean }, ctx: JobContext): Promise<PerftResult> {
    const { depth, variant } = input;
    const { root, fen } = rootPosition(input);
    if (!Number.isInteger(depth) || depth < 0 || depth > 60) {
      throw new NotationFailure({
        code: 'ERR_PERFT_DEPTH',
        message: `perft depth must be an integer 0..60, got ${depth}`,
      });
    }
    // Short jobs run in one piece; longer ones go root move by root move, for progress.
    if (depth === 0 || (depth < 3 && !input.divide)) return { nodes: depth === 0 ? 1 : perft(fen, depth, { variant }) };
    const moves = root.legalMoves();
    const divide: Record<string, number> = {};
    let nodes = 0;
    for (let i = 0; i < moves.length; i++) {
      const child = root.clone();
      child.play(moves[i]!);
      const count = perft(child.fen(), depth - 1, { variant });
      divide[makeUci(moves[i]!)] = count;
      nodes += count;
      await ctx.progress({ done: i + 1, total: moves.length, unit: 'root moves', value: nodes });
    }
    return input.divide ? { nodes, divide } : { nodes };
  },

  /** The position after each legal move (how the pool shares perft out). */
  async children(input: ChessInput): Promise<ChildPosition[]> {
    const { root } = rootPosition(input);
    return root.legalMoves().map((move) => {
      const child = root.clone();
      child.play(move);
      return { uci: makeUci(move), fen: child.fen() };
    });
  },

  async legalMoves(input: ChessInput): Promise<ListedMove[]> {
    const { root } = rootPosition(input);
    return root.legalMoves().map((m) => ({ uci: makeUci(m), san: makeSan(root, m) }));
  },

  /** Double-dummy table of one deal (PBN deal string or Deal). */
  async ddTable(input: { deal: string | Deal }): Promise<DDTable> {
    return unwrapResult(calcDDTable(input.deal));
  },

  /** Double-dummy scores of every card in one position (a trick may be in progress). */
  async solveBoard(input: BoardToSolve): Promise<SolveBoardResult> {
    return unwrapResult(solveBoard(input.deal, input));
  },

  /** A chess problem (Popeye input, PBI/XML record or { fen, stipulation }) solved; progress per key tried. */
  async solveProblem(
    input: { problem: SolveInput; options?: Omit<SolveOptions, 'signal' | 'onProgress'> },
    ctx: JobContext,
  ): Promise<SolvedProblem> {
    // The solve is synchronous: its reports are sent as it goes and awaited before the result.
    const sent: Promise<void>[] = [];
    const solved = solveProblem(input.problem, {
      ...input.options,
      onProgress: (p) =>
        void sent.push(ctx.progress({ done: p.done, total: p.total, unit: p.unit, value: p.solutions })),
    });
    await Promise.all(sent);
    return unwrapResult(solved);
  },

  /** Every match of a BPGN text replayed (the `convert --to json` shape); progress per match. */
  async replayMatch(input: { bpgn: string; mateRule?: MateRule }, ctx: JobContext): Promise<MatchJson[]> {
    const matches = parseBpgn(input.bpgn, { mateRule: input.mateRule });
    const out: MatchJson[] = [];
    for (const [i, m] of matches.entries()) {
      out.push(matchToJson(m.value, m.errors));
      await ctx.progress({ done: i + 1, total: matches.length, unit: 'matches' });
    }
    return out;
  },

  /** Every match of a BPGN text checked (moves resolved and played, not kept); progress per match. */
  async validateMatch(
    input: { bpgn: string; mateRule?: MateRule },
    ctx: JobContext,
  ): Promise<{
    matches: number;
    moves: number;
    errors: (NotationError & { match: number })[];
    warnings: (NotationError & { match: number })[];
  }> {
    const errors: (NotationError & { match: number })[] = [],
      warnings: (NotationError & { match: number })[] = [];
    let moves = 0,
      matches = 0;
    const sent: Promise<void>[] = [];
    visitBpgn(
      input.bpgn,
      {
        move: () => void moves++,
        endMatch(m) {
          for (const e of m.errors) errors.push({ ...e, match: matches });
          for (const w of m.warnings) warnings.push({ ...w, match: matches });
          matches++;
          sent.push(ctx.progress({ done: matches, total: 0, unit: 'matches', value: moves }));
        },
      },
      { keepMoves: false, mateRule: input.mateRule },
    );
    await Promise.all(sent);
    return { matches, moves, errors, warnings };
  },

  /** AIF: every game of a PGN text analysed by an engine opened in this worker; progress per ply. */
  async analyseAif(
    input: { pgn: string; engine: EngineSpec; options?: AnalyseGameOptions },
    ctx: JobContext,
  ): Promise<{ text: string; games: number; errors: NotationError[] }> {
    const items = parsePgn(input.pgn);
    const errors = items.flatMap((g) => g.errors);
    const games = items.map((g) => g.value);
    const total = games.reduce((n, g) => n + g.moves.filter((m) => m.move).length, 0);
    const engine = await openEngine(input.engine);
    const ids = new Map<string, number>();
    let text = '',
      done = 0;
    try {
      for (const game of games) {
        const base = gameIdOf(game.headers);
        const n = (ids.get(base) ?? 0) + 1;
        ids.set(base, n);
        const sent: Promise<void>[] = [];
        let before = 0;
        const aif = await analyseGame(
          game,
          engine,
          { ...input.options, gameId: n === 1 ? base : `${base}#${n}` },
          {
            onProgress: (p) => {
              done += p.done - before;
              before = p.done;
              sent.push(ctx.progress({ done, total, unit: 'plies', value: p.nodes }));
            },
          },
        );
        await Promise.all(sent);
        text += makeAif(aif);
      }
    } finally {
      await engine.close();
    }
    return { text, games: games.length, errors };
  },

  /** An engine test suite (EPD) run by an engine opened in this worker; progress per position. */
  async analyseEpdSuite(input: AnalyseEpdSuiteInput, ctx: JobContext): Promise<EpdSuiteResult> {
    const records = parseEpd(input.epd)
      .map((item) => item.value)
      .filter((r) => r.position);
    const engine = await openEngine(input.engine);
    try {
      const sent: Promise<void>[] = [];
      const result = await analyseEpdSuite(records, engine, input.limit, {
        onProgress: (p) => void sent.push(ctx.progress({ done: p.done, total: p.total, unit: 'positions' })),
      });
      await Promise.all(sent);
      return result;
    } finally {
      await engine.close();
    }
  },

  /** Engine analysis of a position (progress per depth) or of a game (per position); closeEngine. */
  ...engineJobs,
};

/** The name of a worker job. */
export type JobKind = keyof Jobs;
/** The input of a job kind. */
export type JobInput<K extends JobKind> = Parameters<Jobs[K]>[0];
/** The result of a job kind. */
export type JobOutput<K extends JobKind> = Awaited<ReturnType<Jobs[K]>>;
