// solve(): direct mates (#n), helpmates (h#n, h#n.5) and selfmates (s#n) of a problem from PBI,
// problem XML, a Popeye input file or a FEN plus a stipulation, per twin, with the PBI status
// letter. The search runs in problems.wasm; this layer walks the root moves (progress and abort
// between them), builds the solution tree for display and decides the status.
import type { NotationError, Parsed, Result } from '../../errors.js';
import { err, notationError, ok } from '../../errors.js';
import type { Progress } from '../../progress.js';
import { fenObstacle, makeForsyth, type ProblemBoard } from '../board.js';
import { homeCastlingRights } from '../fen.js';
import { pbiStatusFromSolution, type PbiProblem, type PbiStatus } from '../pbi.js';
import { makeStipulation } from '../stipulation.js';
import { deriveTwins } from '../xml/derive.js';
import type { Problem } from '../xml/model.js';
import { applyTwin, parsePopeye, type PopeyeProblem } from '../popeye/read.js';
import { loadFen, outMoves, sanOf, solverWasm, uciOf, type ProblemsExports } from './wasm.js';
import { resultBoundary } from '../../text/boundary.js';

/** A problem to solve given as FEN and stipulation. */
export interface FenProblem {
  fen: string;
  stipulation: string;
  id?: string;
  /** The intended number of solutions (else 1). */
  intended?: number;
}

/** What solve() accepts: a Popeye input text, a PBI record, a problem XML problem, a Popeye problem or a FEN with a stipulation. */
/**
 * What `solve` takes: a Popeye input text, a FEN and stipulation, a PBI or XML problem, or a Popeye
 * problem (as `parsePopeye` gives it, with its errors, or the bare model).
 */
export type SolveInput = string | FenProblem | PbiProblem | Problem | PopeyeProblem | Parsed<PopeyeProblem>;

/** The library's `Progress` (unit 'root moves') with the part of the task and the solutions so far. */
export interface SolveProgress extends Progress {
  part: number;
  parts: number;
  /** Root moves tried in this part (keys for #n/s#n, first moves for h#n), and how many there are. */
  done: number;
  total: number;
  solutions: number;
}

/** Options of the problem solver. */
export interface SolveOptions {
  /** Stop a part after this many solutions (the status then counts only these). */
  maxSolutions?: number;
  /** List tries (#n: non-keys refuted by at most `maxRefutations` defences, default 1). */
  tries?: boolean;
  maxRefutations?: number;
  /** Threats after each key (#n, s#n); default true. */
  threats?: boolean;
  /** Set play of helpmates (the position one half-move shorter, the mating side first). */
  setPlay?: boolean;
  /** The intended number of solutions, for the status (default: the record's, else 1). */
  intended?: number;
  /** Solution trees for #n/s#n (defences and continuations); default true. */
  variations?: boolean;
  /** Transposition table size in MiB (default 64). */
  tableMiB?: number;
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
  /** The key (#n, s#n) or the whole line, Black first (h#n). */
  uci: string | string[];
  san: string | string[];
  /** #n/s#n: the threats after the key (shortest ones). */
  threats?: SolutionMove[];
  /** #n/s#n: every defence with the continuations that win fastest. */
  variations?: SolutionMove[];
}

/** A try: a non-key with the defences that refute it. */
export interface SolveTry {
  uci: string;
  san: string;
  refutations: { uci: string; san: string }[];
}

/** The solving of one part (a twin, or the whole problem). */
export interface SolvedPart {
  /** Twin label (a, b, …), null for a problem without twins. */
  twin: string | null;
  twinCommand: string | null;
  stipulation: string;
  fen: string;
  status: PbiStatus;
  solutions: FoundSolution[];
  /** A solution one move shorter exists. */
  shortSolution: boolean;
  tries?: SolveTry[];
  setPlay?: FoundSolution[];
  /** FoundSolution text in problemists' notation. */
  text: string;
  nodes: number;
  /** True when maxSolutions stopped the search early. */
  truncated?: boolean;
}

/** The solving of a problem: every part and the overall status. */
export interface SolvedProblem {
  id?: string;
  stipulation: string;
  intended: number;
  parts: SolvedPart[];
  warnings: NotationError[];
}

interface Part {
  twin: string | null;
  twinCommand: string | null;
  stipulation: string;
  fen: string;
  line?: number;
}

interface Task {
  id?: string;
  stipulation: string;
  intended: number;
  parts: Part[];
  options: SolveOptions;
  warnings: NotationError[];
}

interface Stip {
  kind: 'direct' | 'help' | 'self';
  n: number;
  plies: number;
  half: boolean;
}

/** Reads a stipulation the solver handles (`#n`, `h#n`, `h#n.5`, `s#n`); undefined otherwise. */
export function parseSolveStipulation(text: string): Stip | undefined {
  const m = /^([hs]?)#([1-9][0-9]?)(\.5)?$/.exec(text.trim());
  if (!m) return undefined;
  const n = Number(m[2]);
  const half = !!m[3];
  if (half && m[1] !== 'h') return undefined;
  const kind = m[1] === 'h' ? 'help' : m[1] === 's' ? 'self' : 'direct';
  return { kind, n, half, plies: kind === 'help' ? 2 * n + (half ? 1 : 0) : 2 * n - 1 };
}

const CASTLE_LETTER: Record<number, string> = { 7: 'K', 0: 'Q', 63: 'k', 56: 'q' };

/** The FEN of a problem board under problem conventions (castling with K and R at home). */
export function problemBoardFen(
  board: ProblemBoard,
  stipulation: string,
  opts: { noCastling?: number[]; enPassant?: number } = {},
): Result<string> {
  return resultBoundary('problemBoardFen', () => problemBoardFenUnchecked(board, stipulation, opts));
}

function problemBoardFenUnchecked(
  board: ProblemBoard,
  stipulation: string,
  opts: { noCastling?: number[]; enPassant?: number } = {},
): Result<string> {
  const obstacle = fenObstacle(board);
  if (obstacle) return err({ code: 'ERR_SOLVE_POSITION', message: obstacle });
  const st = parseSolveStipulation(stipulation);
  const black = st?.kind === 'help' && !st.half;
  const blocked = new Set(opts.noCastling ?? []);
  const rights = homeCastlingRights(board).filter((r) => !blocked.has(r) && !blocked.has(r < 8 ? 4 : 60));
  const castling =
    rights
      .map((r) => CASTLE_LETTER[r])
      .sort((a, b) => 'KQkq'.indexOf(a!) - 'KQkq'.indexOf(b!))
      .join('') || '-';
  const ep =
    opts.enPassant !== undefined ? String.fromCharCode(97 + (opts.enPassant & 7)) + ((opts.enPassant >> 3) + 1) : '-';
  return { ok: true, value: `${makeForsyth(board, 'N')} ${black ? 'b' : 'w'} ${castling} ${ep} 0 1` };
}

const twinLabel = (i: number, count: number) => (count > 1 ? String.fromCharCode(97 + i) : null);

function fromPopeye({ value: p, errors: read }: Parsed<PopeyeProblem>, options: SolveOptions): Result<Task> {
  if (read.length) return err(read[0]!);
  const errors: NotationError[] = [];
  const parts: Part[] = [];
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
  const opts = { noCastling: p.options.noCastling, enPassant: p.options.enPassant };
  boards.forEach((b, i) => {
    const fen = problemBoardFen(b.board, b.stipulation, opts);
    if (!fen.ok) errors.push({ ...fen.error, ...(b.line ? { line: b.line, column: 1 } : {}) });
    else
      parts.push({
        twin: twinLabel(i, boards.length),
        twinCommand: b.command,
        stipulation: b.stipulation,
        fen: fen.value,
        line: b.line,
      });
  });
  if (errors.length) return err(errors[0]!);
  const merged: SolveOptions = { ...options };
  if (p.options.try && merged.tries === undefined) merged.tries = true;
  if (p.options.defence !== undefined && merged.maxRefutations === undefined) merged.maxRefutations = p.options.defence;
  if (p.options.noThreat && merged.threats === undefined) merged.threats = false;
  if (p.options.setPlay && merged.setPlay === undefined) merged.setPlay = true;
  if (p.options.maxSolutions !== undefined && merged.maxSolutions === undefined)
    merged.maxSolutions = p.options.maxSolutions;
  const task: Task = {
    stipulation: p.stipulation,
    intended: options.intended ?? 1,
    parts,
    options: merged,
    warnings: [],
  };
  if (p.title) task.id = p.title;
  return ok(task);
}

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
  if (typeof input !== 'object' || input === null)
    return err({
      code: 'ERR_SOLVE_INPUT',
      message: 'solve() takes a Popeye input, a PBI or XML problem, or { fen, stipulation }',
    });
  if ('fen' in input && typeof input.fen === 'string') {
    const t: Task = {
      stipulation: input.stipulation,
      intended: options.intended ?? input.intended ?? 1,
      parts: [{ twin: null, twinCommand: null, stipulation: input.stipulation, fen: input.fen }],
      options,
      warnings: [],
    };
    if (input.id !== undefined) t.id = input.id;
    return ok(t);
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
    return ok({
      stipulation: p.stipulation,
      intended: options.intended ?? 1,
      parts: [{ twin: null, twinCommand: null, stipulation: p.stipulation, fen: fen.value }],
      options,
      warnings: [],
    });
  }
  if ('releases' in input) {
    const twins = deriveTwins(input as Problem);
    const parts: Part[] = [];
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
    return ok({ stipulation: parts[0]!.stipulation, intended: options.intended ?? 1, parts, options, warnings: [] });
  }
  return err({
    code: 'ERR_SOLVE_INPUT',
    message: 'solve() takes a Popeye input, a PBI or XML problem, or { fen, stipulation }',
  });
}

class Aborted extends Error {}

/** The counts and sizes a solver option takes (a wrong one is refused, never read as "no limit"). */
const OPTION_RANGES: Partial<Record<keyof SolveOptions, [number, number]>> = {
  maxSolutions: [1, 1_000_000],
  maxRefutations: [0, 1000],
  intended: [1, 1_000_000],
  // MiB of the transposition table; 0 turns it off
  tableMiB: [0, 1024],
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

/** Solves one problem (every twin). Synchronous; errors come back as values. */
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
  try {
    const w = solverWasm(task.options.tableMiB ?? 64);
    const parts: SolvedPart[] = [];
    for (const [i, part] of task.parts.entries()) {
      const solved = solvePart(w, part, task, i);
      if (!solved.ok) return solved;
      parts.push(solved.value);
    }
    const out: SolvedProblem = {
      stipulation: task.stipulation,
      intended: task.intended,
      parts,
      warnings: task.warnings,
    };
    if (task.id !== undefined) out.id = task.id;
    return ok(out);
  } catch (e) {
    if (e instanceof Aborted) return err({ code: 'ERR_SOLVE_ABORTED', message: 'the solve was aborted' });
    throw e;
  }
}

function solvePart(w: ProblemsExports, part: Part, task: Task, index: number): Result<SolvedPart> {
  const o = task.options;
  const where = part.line !== undefined ? { line: part.line, column: 1 } : {};
  const st = parseSolveStipulation(part.stipulation);
  if (!st)
    return err({
      code: 'ERR_SOLVE_STIPULATION',
      message: `stipulation '${part.stipulation}' is not one this solver handles (#n, h#n, h#n.5, s#n; n ≤ 99)`,
      ...where,
    });
  if (st.plies > 40)
    return err({
      code: 'ERR_SOLVE_STIPULATION',
      message: `stipulation '${part.stipulation}' is too long (at most 40 half-moves)`,
      ...where,
    });
  const code = loadFen(w, part.fen);
  if (code !== 0) {
    const message =
      code < 16
        ? `the FEN '${part.fen}' does not parse`
        : `the position '${part.fen}' is not legal (flags ${code >> 4})`;
    return err({ code: 'ERR_SOLVE_POSITION', message, ...where });
  }
  w.ttClear();
  const max = o.maxSolutions ?? Infinity;
  const progress = (done: number, total: number, solutions: number) => {
    if (o.signal?.aborted) throw new Aborted();
    o.onProgress?.({ part: index, parts: task.parts.length, done, total, unit: 'root moves', solutions });
  };
  const result: SolvedPart = {
    twin: part.twin,
    twinCommand: part.twinCommand,
    stipulation: part.stipulation,
    fen: part.fen,
    status: '',
    solutions: [],
    shortSolution: false,
    text: '',
    nodes: 0,
  };
  if (st.kind === 'help') {
    const lines = helpSolutions(w, st.plies, max, progress);
    result.solutions = lines.solutions;
    if (lines.truncated) result.truncated = true;
    if (st.plies > 2) result.shortSolution = helpSolutions(w, st.plies - 2, 1).solutions.length > 0;
    if (o.setPlay && st.plies > 1) {
      // Set play: the mating side moves first, one half-move fewer.
      if (w.pushNull() === 0) {
        result.setPlay = helpSolutions(w, st.plies - 1, max).solutions;
        w.pop();
      }
    }
  } else {
    const moves = outMoves(w, w.moves());
    const keys: number[] = [];
    const tries: SolveTry[] = [];
    const win = (n: number) => (st.kind === 'direct' ? w.loses(n) : w.selfForced(n)) === 1;
    for (const [i, m] of moves.entries()) {
      progress(i, moves.length, keys.length);
      if (keys.length >= max) {
        result.truncated = true;
        break;
      }
      w.push(m);
      if (win(st.n)) keys.push(m);
      else if (o.tries && st.kind === 'direct') {
        const refs = w.refutations(st.n, o.maxRefutations ?? 1);
        if (refs > 0 && refs <= (o.maxRefutations ?? 1)) {
          const list = outMoves(w, refs);
          w.pop();
          const san = sanOf(w, m);
          w.push(m);
          tries.push({ uci: uciOf(m), san, refutations: list.map((r) => ({ uci: uciOf(r), san: sanOf(w, r) })) });
        }
      }
      w.pop();
    }
    progress(moves.length, moves.length, keys.length);
    for (const m of keys) {
      const san = sanOf(w, m);
      const sol: FoundSolution = { uci: uciOf(m), san };
      w.push(m);
      if (o.threats !== false) sol.threats = threatsAfterKey(w, st);
      if (o.variations !== false) sol.variations = defences(w, st.kind, st.n - 1, { budget: 4000 });
      w.pop();
      result.solutions.push(sol);
    }
    if (o.tries) result.tries = tries;
    if (st.n > 1) {
      for (const m of moves) {
        w.push(m);
        const short = win(st.n - 1);
        w.pop();
        if (short) {
          result.shortSolution = true;
          break;
        }
      }
    }
  }
  result.nodes = w.nodeCount();
  result.status = pbiStatusFromSolution({
    solutions: result.solutions.length,
    intended: task.intended,
    shorterSolution: result.shortSolution,
  });
  result.text = solutionText(result, st);
  return ok(result);
}

/**
 * Every help line of `plies` half-moves from the top position, root move by root move (progress
 * and abort between them); the lines below each root move come from the wasm search.
 */
function helpSolutions(
  w: ProblemsExports,
  plies: number,
  max: number,
  progress?: (done: number, total: number, found: number) => void,
): { solutions: FoundSolution[]; truncated: boolean } {
  const solutions: FoundSolution[] = [];
  let truncated = false;
  const roots = outMoves(w, w.moves());
  for (const [i, m] of roots.entries()) {
    progress?.(i, roots.length, solutions.length);
    if (solutions.length >= max) {
      truncated = true;
      break;
    }
    const rootSan = sanOf(w, m);
    w.push(m);
    let lines: number[][] = [];
    if (plies === 1) {
      const st = w.status();
      if ((st & 1) === 1 && st >> 1 === 0) lines = [[]];
    } else {
      const room = Math.min(max - solutions.length, Math.floor(w.outCap() / (plies - 1)));
      const count = w.helpLines(plies - 1, room === Infinity ? 0x7fffffff : room);
      const flat = outMoves(w, Math.min(count, room) * (plies - 1));
      for (let j = 0; j < Math.min(count, room); j++) lines.push(flat.slice(j * (plies - 1), (j + 1) * (plies - 1)));
      if (count > room) truncated = true;
    }
    for (const line of lines) {
      const san = [rootSan];
      for (const mv of line) {
        san.push(sanOf(w, mv));
        w.push(mv);
      }
      for (let k = 0; k < line.length; k++) w.pop();
      solutions.push({ uci: [m, ...line].map(uciOf), san });
    }
    w.pop();
  }
  progress?.(roots.length, roots.length, solutions.length);
  return { solutions, truncated };
}

/** After a key: the attacker's shortest threats when the defender passes. */
function threatsAfterKey(w: ProblemsExports, st: Stip): SolutionMove[] | undefined {
  if (st.n < 2 || w.pushNull() !== 0) return undefined;
  let found: SolutionMove[] | undefined;
  for (let j = 1; j <= st.n - 1 && !found; j++) {
    const wins = st.kind === 'direct' ? w.mateIn(j) : w.selfWins(j);
    if (!wins) continue;
    found = [];
    for (const m of outMoves(w, w.moves())) {
      w.push(m);
      const ok = st.kind === 'direct' ? w.loses(j) : w.selfForced(j);
      w.pop();
      if (ok) found.push({ uci: uciOf(m), san: sanOf(w, m) });
    }
  }
  w.pop();
  return found;
}

/**
 * The defender to move; the attacker has k moves left. Every defence with the attacker's fastest
 * continuations (selfmate: a defence that mates ends the line).
 */
function defences(w: ProblemsExports, kind: 'direct' | 'self', k: number, budget: { budget: number }): SolutionMove[] {
  const out: SolutionMove[] = [];
  for (const d of outMoves(w, w.moves())) {
    if (--budget.budget < 0) break;
    const node: SolutionMove = { uci: uciOf(d), san: sanOf(w, d) };
    w.push(d);
    const s = w.status();
    const mated = (s & 1) === 1 && s >> 1 === 0;
    if (!(kind === 'self' && mated) && k > 0) {
      for (let j = 1; j <= k; j++) {
        if (!(kind === 'direct' ? w.mateIn(j) : w.selfWins(j))) continue;
        node.replies = [];
        for (const m of outMoves(w, w.moves())) {
          w.push(m);
          const wins = kind === 'direct' ? w.loses(j) : w.selfForced(j);
          w.pop();
          if (!wins) continue;
          const reply: SolutionMove = { uci: uciOf(m), san: sanOf(w, m) };
          if (j > 1 || kind === 'self') {
            w.push(m);
            const sub = defences(w, kind, j - 1, budget);
            w.pop();
            if (sub.length) reply.replies = sub;
          }
          node.replies.push(reply);
        }
        break;
      }
    }
    w.pop();
    out.push(node);
  }
  return out;
}

function solutionText(part: SolvedPart, st: Stip): string {
  const lines: string[] = [];
  if (part.twin) lines.push(`${part.twin}) ${part.twinCommand ?? 'diagram'}`);
  if (st.kind === 'help') {
    const line = (san: string[], whiteFirst: boolean) => {
      let s = '';
      let move = 1;
      let i = 0;
      if (whiteFirst) {
        s = `1...${san[0]}`;
        i = 1;
        move = 2;
      }
      for (; i < san.length; i += 2, move++)
        s += `${s ? ' ' : ''}${move}.${san[i]}${san[i + 1] ? ' ' + san[i + 1] : ''}`;
      return s;
    };
    if (part.setPlay?.length) lines.push(...part.setPlay.map((s) => `set: ${line(s.san as string[], !st.half)}`));
    for (const s of part.solutions) lines.push(line(s.san as string[], st.half));
  } else {
    const tree = (nodes: SolutionMove[] | undefined, move: number): string =>
      (nodes ?? [])
        .map(
          (d) =>
            `${move}...${d.san}${(d.replies ?? []).map((r) => ` ${move + 1}.${r.san}${r.replies ? ' ' + tree(r.replies, move + 1) : ''}`).join('')}`,
        )
        .join(' ');
    for (const s of part.solutions) {
      let text = `1.${s.san}!`;
      if (s.threats?.length) text += ` (${s.threats.map((t) => `2.${t.san}`).join(', ')})`;
      const v = tree(s.variations, 1);
      if (v) text += ` ${v}`;
      lines.push(text);
    }
    for (const t of part.tries ?? []) lines.push(`1.${t.san}? ${t.refutations.map((r) => `1...${r.san}!`).join(' ')}`);
  }
  if (!part.solutions.length) lines.push('no solution');
  return lines.join('\n');
}
