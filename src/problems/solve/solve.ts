// solve(): orthodox chess problems — direct, help, self and reflex play, series play, mate or
// stalemate (#n, =n, h#n, h=n, h#n.5, s#n, s=n, r#n, r=n, ser-…) — from PBI, problem XML, a Popeye
// input file or a FEN plus a stipulation, per twin (and per side with Duplex), with the PBI status
// letter. The search runs in problems.wasm (part.ts walks the root moves); this layer turns an
// input into parts and applies the options.
import type { NotationError, Parsed, Result } from '../../errors.js';
import { err, notationError, ok } from '../../errors.js';
import { fenObstacle, makeForsyth, type ProblemBoard } from '../board.js';
import { homeCastlingRights } from '../fen.js';
import type { PbiProblem } from '../pbi.js';
import { makeStipulation } from '../stipulation.js';
import { deriveTwins } from '../xml/derive.js';
import type { Problem } from '../xml/model.js';
import { parsePopeye, type PopeyeProblem } from '../popeye/read.js';
import { applyTwin } from '../popeye/twins.js';
import { solverWasm } from './wasm.js';
import { resultBoundary } from '../../text/boundary.js';
import { readSolveStipulation, stipulationText, type SolveStipulation } from './stipulation.js';
import { Aborted, DEFAULT_MAX_SOLUTIONS, solvePart, type PartRules, type PartSpec } from './part.js';
import type { SolvedPart, SolvedProblem, SolveOptions } from './types.js';

export type {
  SolveProgress,
  SolveOptions,
  SolutionMove,
  FoundSolution,
  SolveTry,
  SolvedPart,
  SolvedProblem,
} from './types.js';
export type { SolveStipulation } from './stipulation.js';

/** A problem to solve given as FEN and stipulation. */
export interface FenProblem {
  fen: string;
  stipulation: string;
  id?: string;
  /** The intended number of solutions (else 1). */
  intended?: number;
}

/**
 * What `solve` takes: a Popeye input text, a FEN and stipulation, a PBI or XML problem, or a Popeye
 * problem (as `parsePopeye` gives it, with its errors, or the bare model).
 */
export type SolveInput = string | FenProblem | PbiProblem | Problem | PopeyeProblem | Parsed<PopeyeProblem>;

interface Task {
  id?: string;
  stipulation: string;
  intended: number;
  parts: PartSpec[];
  options: SolveOptions;
  rules: PartRules;
  warnings: NotationError[];
}

/** Reads a stipulation the solver handles (see docs/problems-solver.md for the list); undefined otherwise. */
export function parseSolveStipulation(text: string): SolveStipulation | undefined {
  return readSolveStipulation(text);
}

const CASTLE_LETTER: Record<number, string> = { 7: 'K', 0: 'Q', 63: 'k', 56: 'q' };

/** Who moves first in the diagram under a stipulation (help play and ser-h: Black, except h#n.5). */
function blackFirst(st: SolveStipulation | undefined): boolean {
  if (!st) return false;
  if (st.kind === 'help') return !st.half;
  return false;
}

/** The FEN of a problem board under problem conventions (castling with K and R at home). */
export function problemBoardFen(
  board: ProblemBoard,
  stipulation: string,
  opts: { noCastling?: number[]; enPassant?: number; otherSide?: boolean } = {},
): Result<string> {
  return resultBoundary('problemBoardFen', () => problemBoardFenUnchecked(board, stipulation, opts));
}

function problemBoardFenUnchecked(
  board: ProblemBoard,
  stipulation: string,
  opts: { noCastling?: number[]; enPassant?: number; otherSide?: boolean } = {},
): Result<string> {
  const obstacle = fenObstacle(board);
  if (obstacle) return err({ code: 'ERR_SOLVE_POSITION', message: obstacle });
  const black = blackFirst(readSolveStipulation(stipulation)) !== !!opts.otherSide;
  const blocked = new Set(opts.noCastling ?? []);
  const rights = homeCastlingRights(board).filter((r) => !blocked.has(r) && !blocked.has(r < 8 ? 4 : 60));
  const castling =
    rights
      .map((r) => CASTLE_LETTER[r])
      .sort((a, b) => 'KQkq'.indexOf(a!) - 'KQkq'.indexOf(b!))
      .join('') || '-';
  const ep =
    opts.enPassant !== undefined && !opts.otherSide
      ? String.fromCharCode(97 + (opts.enPassant & 7)) + ((opts.enPassant >> 3) + 1)
      : '-';
  return { ok: true, value: `${makeForsyth(board, 'N')} ${black ? 'b' : 'w'} ${castling} ${ep} 0 1` };
}

const twinLabel = (i: number, count: number) => (count > 1 ? String.fromCharCode(97 + i) : null);

/** WhiteToPlay: help play h#n (h=n) with White first is h#(n-1).5; other stipulations are left alone. */
function whiteToPlay(stipulation: string): string {
  const st = readSolveStipulation(stipulation);
  if (!st || st.kind !== 'help' || st.series || st.half || st.n < 1) return stipulation;
  return stipulationText({ ...st, n: st.n - 1, half: true });
}

function fromPopeye({ value: p, errors: read }: Parsed<PopeyeProblem>, options: SolveOptions): Result<Task> {
  if (read.length) return err(read[0]!);
  const errors: NotationError[] = [];
  const boards: { board: ProblemBoard; stipulation: string; command: string | null; line?: number }[] = [];
  if (!p.twins.some((t) => t.zero)) boards.push({ board: p.board, stipulation: p.stipulation, command: null });
  let previous = { board: p.board, stipulation: p.stipulation };
  for (const twin of p.twins) {
    const base = twin.continued ? previous : { board: p.board, stipulation: p.stipulation };
    const next = applyTwin(base.board, base.stipulation, twin.ops, errors, twin.line);
    boards.push({ ...next, command: twin.zero ? null : twin.text, line: twin.line });
    previous = next;
  }
  if (errors.length) return err(errors[0]!);
  const po = p.options;
  const parts: PartSpec[] = [];
  boards.forEach((b, i) => {
    const stipulation = po.whiteToPlay ? whiteToPlay(b.stipulation) : b.stipulation;
    const sides = po.halfDuplex ? [true] : po.duplex ? [false, true] : [false];
    for (const otherSide of sides) {
      const postKey = !!po.postKeyPlay;
      const fen = problemBoardFen(b.board, stipulation, {
        noCastling: po.noCastling,
        enPassant: po.enPassant,
        otherSide: otherSide !== postKey,
      });
      if (!fen.ok) {
        errors.push({ ...fen.error, ...(b.line ? { line: b.line, column: 1 } : {}) });
        return;
      }
      const spec: PartSpec = {
        twin: twinLabel(i, boards.length),
        twinCommand: b.command,
        stipulation,
        fen: fen.value,
        line: b.line,
      };
      if (otherSide) spec.duplex = true;
      if (postKey) spec.postKey = true;
      parts.push(spec);
    }
  });
  if (errors.length) return err(errors[0]!);
  const merged: SolveOptions = { ...options };
  if (po.try && merged.tries === undefined) merged.tries = true;
  if (po.defence !== undefined && merged.maxRefutations === undefined) merged.maxRefutations = po.defence;
  if (po.noThreat && merged.threats === undefined) merged.threats = false;
  if (po.setPlay && merged.setPlay === undefined) merged.setPlay = true;
  if (po.maxSolutions !== undefined && merged.maxSolutions === undefined) merged.maxSolutions = po.maxSolutions;
  if (po.maxTime !== undefined && merged.timeoutMs === undefined) merged.timeoutMs = po.maxTime * 1000;
  const rules: PartRules = {};
  if (po.threat !== undefined) rules.threat = po.threat;
  if (po.maxFlights !== undefined) rules.maxFlights = po.maxFlights;
  if (po.quodlibet) rules.quodlibet = true;
  if (po.nonTrivial) rules.nonTrivial = po.nonTrivial;
  if (po.castlingExclusive) rules.castlingExclusive = po.castlingExclusive;
  if (po.stopOnShort) rules.stopOnShort = true;
  const task: Task = {
    stipulation: p.stipulation,
    intended: options.intended ?? 1,
    parts,
    options: merged,
    rules,
    warnings: [],
  };
  if (p.title) task.id = p.title;
  return ok(task);
}

const NOT_AN_INPUT: NotationError = {
  code: 'ERR_SOLVE_INPUT',
  message: 'solve() takes a Popeye input, a PBI or XML problem, or { fen, stipulation }',
};

function toTask(input: SolveInput, options: SolveOptions): Result<Task> {
  if (typeof input === 'string') {
    const problems = parsePopeye(input);
    if (problems.length === 1 && problems[0]!.errors.length) return err(problems[0]!.errors[0]!);
    const outside = outsideProblems(problems);
    if (outside) return err(outside);
    if (problems.length !== 1)
      return err({
        code: 'ERR_SOLVE_INPUT',
        message: `the input holds ${problems.length} problems; use solveAll`,
      });
    return fromPopeye(problems[0]!, options);
  }
  if (typeof input !== 'object' || input === null) return err(NOT_AN_INPUT);
  const simple = (stipulation: string, parts: PartSpec[], id?: string, intended?: number): Result<Task> => {
    const t: Task = {
      stipulation,
      intended: options.intended ?? intended ?? 1,
      parts,
      options,
      rules: {},
      warnings: [],
    };
    if (id !== undefined) t.id = id;
    return ok(t);
  };
  if ('fen' in input && typeof input.fen === 'string') {
    const part = { twin: null, twinCommand: null, stipulation: input.stipulation, fen: input.fen };
    return simple(input.stipulation, [part], input.id, input.intended);
  }
  if ('value' in input && 'errors' in input) return fromPopeye(input as Parsed<PopeyeProblem>, options);
  if ('twins' in input && 'options' in input && 'board' in input)
    return fromPopeye({ value: input as PopeyeProblem, errors: [], warnings: [] }, options);
  if ('names' in input && 'position' in input) {
    const p = input as PbiProblem;
    if (!p.board)
      return err({
        code: 'ERR_SOLVE_POSITION',
        message: 'the PBI record has no valid position',
        ...(p.line ? { line: p.line, column: 1 } : {}),
      });
    const fen = problemBoardFen(p.board, p.stipulation);
    if (!fen.ok) return err(fen.error);
    return simple(p.stipulation, [{ twin: null, twinCommand: null, stipulation: p.stipulation, fen: fen.value }]);
  }
  if ('releases' in input) {
    const twins = deriveTwins(input as Problem);
    const parts: PartSpec[] = [];
    for (const [i, { value: t, errors }] of twins.entries()) {
      if (errors.length) return err(errors[0]!);
      const stip = makeStipulation(t.stipulation);
      const fen = problemBoardFen(t.board, stip);
      if (!fen.ok) return err(fen.error);
      parts.push({
        twin: twinLabel(i, twins.length),
        twinCommand: twins.length > 1 ? t.twinId : null,
        stipulation: stip,
        fen: fen.value,
      });
    }
    if (!parts.length) return err({ code: 'ERR_SOLVE_INPUT', message: 'the XML problem has no twin with a position' });
    return simple(parts[0]!.stipulation, parts);
  }
  return err(NOT_AN_INPUT);
}

/** The counts and sizes a solver option takes (a wrong one is refused, never read as "no limit"). */
const OPTION_RANGES: Partial<Record<keyof SolveOptions, [number, number]>> = {
  maxSolutions: [1, 1_000_000],
  maxRefutations: [0, 1000],
  intended: [1, 1_000_000],
  // MiB of the transposition table; 0 turns it off
  tableMiB: [0, 1024],
  timeoutMs: [1, 2 ** 31 - 1],
  maxNodes: [1, Number.MAX_SAFE_INTEGER],
};

/** ERR_SOLVE_OPTION for an option out of its range (`maxSolutions: -1`, `tableMiB: 1e9`), if any. */
function optionError(options: SolveOptions): NotationError | undefined {
  if (options === null || typeof options !== 'object')
    return notationError('ERR_SOLVE_OPTION', 'the options of solve() are an object');
  for (const [name, [min, max]] of Object.entries(OPTION_RANGES) as [keyof SolveOptions, [number, number]][]) {
    const value = options[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
      return notationError(
        'ERR_SOLVE_OPTION',
        `${name} must be an integer from ${min} to ${max}, not ${String(value)}`,
      );
  }
  return undefined;
}

/**
 * Solves one problem (every twin, and with Duplex each side). Synchronous; errors come back as
 * values. A limit (`timeoutMs`, `maxNodes`) does not fail the call: the result holds the parts solved,
 * the part it stopped in with `stopped` (ERR_SOLVE_TIMEOUT / ERR_SOLVE_NODES and what was proven),
 * and `stopped` on the problem.
 */
export function solve(input: SolveInput, options: SolveOptions = {}): Result<SolvedProblem> {
  return resultBoundary('solve', () => solveUnchecked(input, options));
}

function solveUnchecked(input: SolveInput, options: SolveOptions = {}): Result<SolvedProblem> {
  const bad = optionError(options);
  if (bad) return err(bad);
  const task = toTask(input, options);
  if (!task.ok) return task;
  return run(task.value);
}

/**
 * The error of text outside any problem of a Popeye input (parsePopeye gives it an item of its
 * own), if any: such an input is refused as a whole, since what it meant to hold is unknown.
 */
export function outsideProblems(items: Parsed<PopeyeProblem>[]): NotationError | undefined {
  for (const { errors } of items)
    for (const e of errors) if (e.code === 'ERR_POPEYE_BEGIN' || e.code === 'ERR_POPEYE_AFTER_END') return e;
  return undefined;
}

/** Solves every problem of a Popeye input file (one result per problem, in input order). */
export function solveAll(input: string, options: SolveOptions = {}): Result<Result<SolvedProblem>[]> {
  return resultBoundary('solveAll', () => solveAllUnchecked(input, options));
}

function solveAllUnchecked(input: string, options: SolveOptions = {}): Result<Result<SolvedProblem>[]> {
  const bad = optionError(options);
  if (bad) return err(bad);
  const parsed = parsePopeye(input);
  const outside = outsideProblems(parsed);
  if (outside) return err(outside);
  return ok(
    parsed.map((p) => {
      const task = fromPopeye(p, options);
      return task.ok ? run(task.value) : task;
    }),
  );
}

function run(task: Task): Result<SolvedProblem> {
  const o = task.options;
  if (o.signal?.aborted) return err({ code: 'ERR_SOLVE_ABORTED', message: 'the solve was aborted' });
  try {
    const w = solverWasm(o.tableMiB ?? 64);
    const deadline = o.timeoutMs !== undefined ? performance.now() + o.timeoutMs : Infinity;
    const parts: SolvedPart[] = [];
    const out: SolvedProblem = {
      stipulation: task.stipulation,
      intended: task.intended,
      parts,
      warnings: task.warnings,
    };
    if (task.id !== undefined) out.id = task.id;
    let nodes = 0;
    for (const [i, part] of task.parts.entries()) {
      const solved = solvePart(
        {
          w,
          options: o,
          rules: task.rules,
          intended: task.intended,
          index: i,
          parts: task.parts.length,
          deadline,
          nodeBudget: o.maxNodes !== undefined ? Math.max(0, o.maxNodes - nodes) : Infinity,
        },
        part,
      );
      if (!solved.ok) return solved;
      parts.push(solved.value);
      nodes += solved.value.nodes;
      if (solved.value.truncated)
        out.warnings.push({
          code: 'ERR_SOLVE_MAX_SOLUTIONS',
          message: `part ${solved.value.twin ?? i + 1}: stopped after ${o.maxSolutions ?? DEFAULT_MAX_SOLUTIONS} solutions (maxSolutions)`,
        });
      if (solved.value.stopped) {
        out.stopped = solved.value.stopped;
        break;
      }
    }
    return ok(out);
  } catch (e) {
    if (e instanceof Aborted) return err({ code: 'ERR_SOLVE_ABORTED', message: 'the solve was aborted' });
    throw e;
  }
}
