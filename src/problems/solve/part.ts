// Solving one part of a problem (a twin, or one side of a Duplex) in problems.wasm: the root moves
// are walked here (progress, abort and limits between them), the questions below them are asked of
// the wasm search, and the solution (keys with threats, variations and tries; help and series
// lines with the short ones; set play; post-key play) is built for display.
import type { Result } from '../../errors.js';
import { err, ok } from '../../errors.js';
import { pbiStatusFromSolution } from '../pbi.js';
import { readSolveStipulation, MAX_SOLVE_PLIES, STIPULATIONS_READ, type SolveStipulation } from './stipulation.js';
import { loadFen, outMoves, sanOf, uciOf, type ProblemsExports } from './wasm.js';
import { solutionText } from './text.js';
import type { FoundSolution, SolutionMove, SolvedPart, SolveOptions, SolveTry } from './types.js';

/** One part to solve: a position and a stipulation, with the twin it belongs to. */
export interface PartSpec {
  twin: string | null;
  twinCommand: string | null;
  stipulation: string;
  fen: string;
  line?: number;
  duplex?: boolean;
  /** The position is the one after the key (Popeye's PostKeyPlay). */
  postKey?: boolean;
}

/** What the Popeye options of a problem ask of every part. */
export interface PartRules {
  threat?: number;
  maxFlights?: number;
  quodlibet?: boolean;
  nonTrivial?: { extra: number; length: number };
  castlingExclusive?: [number, number][];
  stopOnShort?: boolean;
}

/** Everything a part needs besides its position. */
export interface PartContext {
  w: ProblemsExports;
  options: SolveOptions;
  rules: PartRules;
  intended: number;
  index: number;
  parts: number;
  /** Host clock (performance.now) of the deadline, or Infinity. */
  deadline: number;
  /** Nodes left in the budget, or Infinity. */
  nodeBudget: number;
}

/** Thrown inside a part when the signal is aborted. */
export class Aborted extends Error {}

/** Thrown inside a part when a limit is reached; `proven` says what is known at that point. */
class Stopped extends Error {
  constructor(readonly code: 'ERR_SOLVE_TIMEOUT' | 'ERR_SOLVE_NODES') {
    super(code);
  }
}

/** Intelligent mode pays from lines of this many half-moves on; shorter ones are searched plainly. */
const INTELLIGENT_FROM = 5;

/**
 * Intelligent mode searches at most this many final pictures; with more, the plain search is the
 * cheaper. From LONG_HELP half-moves of help play on, the plain search grows much faster than the
 * pictures do (Popeye's h#4–h#7 and h=5 examples: 25,000–550,000 pictures searched in 1–4 s, where
 * the plain search takes minutes), so the cap there is LONG_PLAN_CAP. A stalemate picture names
 * no checker and prunes less, so for h=n the long cap starts two half-moves later (measured when
 * Popeye's h=4 examples #33 and #34 counted 30,000 pictures: plain 8–12 s, pictures 20–55 s; help
 * stalemates now count only the pictures that pass the blocker test, 1,480 there, searched in 5–6 s).
 */
const PLAN_CAP = 20000;
const LONG_HELP = 8;
const LONG_STALEMATE_HELP = 10;
const LONG_PLAN_CAP = 1_000_000;

/** The default cap on the solutions of a part. */
export const DEFAULT_MAX_SOLUTIONS = 1000;

const GOAL = { mate: 0, stalemate: 1 } as const;
const SERIES_MODE = { direct: 0, help: 1, self: 2, reflex: 3 } as const;

/** Solves one part; errors (stipulation, position) come back as values, a limit as `stopped`. */
export function solvePart(ctx: PartContext, part: PartSpec): Result<SolvedPart> {
  const { w, options: o, rules } = ctx;
  const where = part.line !== undefined ? { line: part.line, column: 1 } : {};
  const st = readSolveStipulation(part.stipulation);
  if (!st)
    return err({
      code: 'ERR_SOLVE_STIPULATION',
      message: `stipulation '${part.stipulation}' is not one this solver handles (${STIPULATIONS_READ})`,
      ...where,
    });
  if (st.plies > MAX_SOLVE_PLIES)
    return err({
      code: 'ERR_SOLVE_STIPULATION',
      message: `stipulation '${part.stipulation}' is too long (at most ${MAX_SOLVE_PLIES} half-moves)`,
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
  const nt = rules.nonTrivial;
  w.configure(
    GOAL[st.goal],
    rules.threat ?? 0,
    rules.maxFlights ?? -1,
    rules.quodlibet ? 1 : 0,
    nt ? nt.extra : -1,
    nt ? nt.length : 0,
    st.kind === 'reflex' ? 1 : 0,
  );
  w.clearExclusion();
  for (const [white, black] of rules.castlingExclusive ?? []) w.exclusion(white, black);
  w.setLimits(ctx.nodeBudget, ctx.deadline);
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
  if (part.duplex) result.duplex = true;
  const solver = new PartSolver(ctx, st, result);
  try {
    if (part.postKey && !st.series && st.kind !== 'help') solver.postKey();
    else if (st.series) solver.series();
    else if (st.kind === 'help') solver.help();
    else solver.battle();
    result.status = pbiStatusFromSolution({
      solutions: result.solutions.length,
      intended: ctx.intended,
      shorterSolution: result.shortSolution,
    });
    if (part.postKey && result.postKey) result.status = result.postKey.holds ? '!' : '+';
  } catch (e) {
    if (!(e instanceof Stopped)) throw e;
    while (w.depth() > 0) w.pop();
    result.stopped = {
      code: e.code,
      message: `${e.code === 'ERR_SOLVE_TIMEOUT' ? `time limit of ${o.timeoutMs} ms` : `node limit of ${o.maxNodes}`} reached: ${solver.proven()}`,
    };
    result.status = '';
  }
  result.nodes = w.nodeCount();
  result.text = solutionText(result, st);
  return ok(result);
}

class PartSolver {
  private readonly w: ProblemsExports;
  private readonly o: SolveOptions;
  private readonly max: number;
  /** The length fully searched so far, and what is being searched (for the stop message). */
  private done = 0;
  private depth = 0;
  private unit = 'moves';
  /** Help play by intelligent mode (h#n / h=n of 3 moves or more, unless switched off). */
  private readonly intelligent: boolean;

  constructor(
    private readonly ctx: PartContext,
    private readonly st: SolveStipulation,
    private readonly result: SolvedPart,
  ) {
    this.w = ctx.w;
    this.o = ctx.options;
    this.max = ctx.options.maxSolutions ?? DEFAULT_MAX_SOLUTIONS;
    // help play and the series play Popeye solves intelligently (ser-#, ser-=, ser-h#, ser-h=)
    this.intelligent =
      ctx.options.intelligent !== false &&
      st.n >= 3 &&
      (st.series ? st.kind === 'direct' || st.kind === 'help' : st.kind === 'help');
  }

  /** What is proven at the moment a limit stopped the search. */
  proven(): string {
    const found = this.result.solutions.length;
    const within = this.done > 0 ? `no solution within ${this.done} ${this.unit}` : 'nothing proven yet';
    const so = found ? `${found} solution${found > 1 ? 's' : ''} found so far` : within;
    return `${so} (searching ${this.depth} ${this.unit})`;
  }

  /** Checks abort and limits, and reports progress. */
  private tick(done: number, total: number): void {
    const o = this.o;
    if (o.signal?.aborted) throw new Aborted();
    this.checkStop();
    o.onProgress?.({
      part: this.ctx.index,
      parts: this.ctx.parts,
      done,
      total,
      unit: 'root moves',
      solutions: this.result.solutions.length,
      depth: this.depth,
      nodes: this.w.nodeCount(),
    });
  }

  private checkStop(): void {
    const r = this.w.stopReason();
    if (r === 1) throw new Stopped('ERR_SOLVE_TIMEOUT');
    if (r === 2) throw new Stopped('ERR_SOLVE_NODES');
  }

  // ----- battle play: direct, self, reflex -----

  /** After the attacker's move (defender to move): the attacker wins within k moves counting that one. */
  private defenderLoses(k: number): boolean {
    const { w, st } = this;
    if (st.kind === 'direct') return w.loses(k) === 1;
    if (this.ctx.rules.quodlibet && w.atGoal() === 1) return true;
    return w.selfForced(k) === 1;
  }

  /** The attacker to move wins within k moves. */
  private attackerWins(k: number): boolean {
    return this.st.kind === 'direct' ? this.w.mateIn(k) === 1 : this.w.selfWins(k) === 1;
  }

  private refutations(k: number, max: number): number {
    return this.st.kind === 'direct' ? this.w.refutations(k, max) : this.w.selfRefutations(k, max);
  }

  battle(): void {
    const { w, st, result, o } = this;
    const n = st.n;
    const roots = outMoves(w, w.moves());
    // In reflex play an attacker that can reach the goal in one must, and fails.
    const barred = st.kind === 'reflex' && this.goalInOneAtTop();
    let keys: number[] = [];
    for (let k = 1; k <= n && !barred; k++) {
      this.depth = k;
      const found: number[] = [];
      for (const [i, m] of roots.entries()) {
        this.tick(i, roots.length);
        if (k === n && found.length >= this.max) {
          result.truncated = true;
          break;
        }
        w.push(m);
        const wins = this.defenderLoses(k);
        w.pop();
        this.checkStop();
        if (wins) found.push(m);
      }
      if (k < n && found.length) result.shortSolution = true;
      keys = found;
      this.done = k;
      this.tick(roots.length, roots.length);
    }
    if (o.tries && !barred) {
      const maxRef = o.maxRefutations ?? 1;
      const tries: SolveTry[] = [];
      for (const m of roots) {
        if (keys.includes(m)) continue;
        w.push(m);
        const refs = this.refutations(n, maxRef);
        this.checkStop();
        if (refs > 0 && refs <= maxRef) {
          const list = outMoves(w, refs);
          const refutations = list.map((r) => ({ uci: uciOf(r), san: sanOf(w, r) }));
          w.pop();
          tries.push({ uci: uciOf(m), san: sanOf(w, m), refutations });
        } else w.pop();
      }
      result.tries = tries;
    }
    const budget = { budget: 4000 };
    for (const m of keys) {
      const sol: FoundSolution = { uci: uciOf(m), san: sanOf(w, m) };
      w.push(m);
      // a key that reaches the goal itself (=n: it stalemates) has no threat and no defence, as in Popeye
      const ends = w.atGoal() === 1;
      if (o.threats !== false && !ends) sol.threats = this.threats(n - 1);
      if (o.variations !== false && !ends) sol.variations = this.defences(n - 1, budget);
      w.pop();
      result.solutions.push(sol);
    }
    if (o.setPlay && w.pushNull() === 0) {
      result.setVariations = this.defences(n - 1, budget).filter((d) => d.replies?.length || d.goal);
      w.pop();
    }
  }

  /** PostKeyPlay: the defender to move in the diagram; its defences and the attacker's answers. */
  postKey(): void {
    const { st } = this;
    this.depth = st.n;
    const holds = this.defenderLoses(st.n);
    this.checkStop();
    const budget = { budget: 4000 };
    const post: { threats?: SolutionMove[]; variations: SolutionMove[]; holds: boolean } = {
      variations: this.defences(st.n - 1, budget),
      holds,
    };
    if (this.o.threats !== false) {
      const t = this.threats(st.n - 1);
      if (t) post.threats = t;
    }
    this.result.postKey = post;
  }

  private goalInOneAtTop(): boolean {
    const { w } = this;
    for (const m of outMoves(w, w.moves())) {
      w.push(m);
      const at = w.atGoal() === 1;
      w.pop();
      if (at) return true;
    }
    return false;
  }

  /** The defender to move passes: the attacker's shortest wins within `left` moves. */
  private threats(left: number): SolutionMove[] | undefined {
    const { w } = this;
    // reflex play: a defender that can reach the goal must, so nothing is threatened
    if (this.st.kind === 'reflex' && this.goalInOneAtTop()) return undefined;
    if (left < 1 || w.pushNull() !== 0) return undefined;
    let found: SolutionMove[] | undefined;
    for (let j = 1; j <= left && !found; j++) {
      if (!this.attackerWins(j)) continue;
      this.checkStop();
      found = [];
      for (const m of outMoves(w, w.moves())) {
        w.push(m);
        const wins = this.defenderLoses(j);
        w.pop();
        if (wins) found.push({ uci: uciOf(m), san: sanOf(w, m) });
      }
    }
    w.pop();
    this.checkStop();
    return found;
  }

  /**
   * The defender to move, the attacker with `left` moves: every defence with the attacker's
   * fastest continuations (self and reflex play: a defence that reaches the goal ends the line).
   */
  private defences(left: number, budget: { budget: number }): (SolutionMove & { goal?: boolean })[] {
    const { w, st } = this;
    const out: (SolutionMove & { goal?: boolean })[] = [];
    const battleSelf = st.kind !== 'direct';
    let moves = outMoves(w, w.moves());
    if (st.kind === 'reflex') {
      // the defender must reach the goal when it can
      const goalMoves = moves.filter((d) => {
        w.push(d);
        const at = w.atGoal() === 1;
        w.pop();
        return at;
      });
      if (goalMoves.length) moves = goalMoves;
    }
    for (const d of moves) {
      if (--budget.budget < 0) break;
      const node: SolutionMove & { goal?: boolean } = { uci: uciOf(d), san: sanOf(w, d) };
      w.push(d);
      const goal = w.atGoal() === 1;
      if (battleSelf && goal) node.goal = true;
      else if (left > 0) {
        for (let j = 1; j <= left; j++) {
          if (!this.attackerWins(j)) continue;
          node.replies = [];
          for (const m of outMoves(w, w.moves())) {
            w.push(m);
            const wins = this.defenderLoses(j);
            w.pop();
            if (!wins) continue;
            const reply: SolutionMove = { uci: uciOf(m), san: sanOf(w, m) };
            if (j > 1 || battleSelf) {
              w.push(m);
              const sub = this.defences(j - 1, budget);
              w.pop();
              if (sub.length) reply.replies = sub.map(({ goal: _goal, ...rest }) => rest);
            }
            node.replies.push(reply);
          }
          break;
        }
      }
      w.pop();
      out.push(node);
    }
    this.checkStop();
    return out;
  }

  // ----- help play -----

  help(): void {
    const { w, st, result, o } = this;
    this.unit = 'half-moves';
    const first = st.half ? 1 : 2;
    for (let plies = first; plies <= st.plies; plies += 2) {
      this.depth = plies;
      const short = plies < st.plies;
      const room = this.max - result.solutions.length;
      const lines = this.helpLines(plies, room, true);
      for (const line of lines.solutions) {
        if (short) line.short = true;
        result.solutions.push(line);
      }
      if (lines.truncated) {
        result.truncated = true;
        break;
      }
      if (short && lines.solutions.length) {
        result.shortSolution = true;
        if (this.ctx.rules.stopOnShort) break;
      }
      this.done = plies;
    }
    if (o.setPlay && st.plies > 1 && w.pushNull() === 0) {
      // Set play: the mating side first, one half-move fewer (short lines included).
      const set: FoundSolution[] = [];
      for (let plies = (st.plies - 1) % 2 === 0 ? 2 : 1; plies <= st.plies - 1; plies += 2)
        set.push(...this.helpLines(plies, this.max - set.length, false).solutions);
      result.setPlay = set;
      w.pop();
    }
  }

  /**
   * Every help line of `plies` half-moves from the top position: root move by root move, or by
   * intelligent mode, square by square of the mated king (progress, abort and limits between them).
   */
  private helpLines(plies: number, max: number, report: boolean): { solutions: FoundSolution[]; truncated: boolean } {
    const { w } = this;
    const solutions: FoundSolution[] = [];
    let truncated = false;
    // With more final pictures than the cap, searching them one by one costs more than the plain search.
    const long = this.st.goal === 'stalemate' ? LONG_STALEMATE_HELP : LONG_HELP;
    const cap = plies >= long ? LONG_PLAN_CAP : PLAN_CAP;
    if (this.intelligent && plies >= INTELLIGENT_FROM && w.countPlans(plies, cap, -1) <= cap) {
      for (let sq = 0; sq < 64; sq++) {
        if (report) this.tick(sq, 64);
        else this.checkStop();
        const room = Math.min(max - solutions.length, Math.floor(w.outCap() / plies));
        if (room <= 0) {
          truncated = true;
          break;
        }
        const count = w.intelligentLines(plies, room, sq);
        this.checkStop();
        const flat = outMoves(w, Math.min(count, room) * plies);
        for (let j = 0; j < Math.min(count, room); j++)
          solutions.push(this.lineSolution(flat.slice(j * plies, (j + 1) * plies), []));
        if (count > room) truncated = true;
      }
      if (report) this.tick(64, 64);
      return { solutions, truncated };
    }
    const roots = outMoves(w, w.moves());
    for (const [i, m] of roots.entries()) {
      if (report) this.tick(i, roots.length);
      else this.checkStop();
      if (solutions.length >= max) {
        truncated = true;
        break;
      }
      w.push(m);
      let lines: number[][] = [];
      if (plies === 1) {
        if (w.atGoal() === 1) lines = [[]];
      } else {
        const room = Math.min(max - solutions.length, Math.floor(w.outCap() / (plies - 1)));
        const count = w.helpLines(plies - 1, room);
        this.checkStop();
        const flat = outMoves(w, Math.min(count, room) * (plies - 1));
        for (let j = 0; j < Math.min(count, room); j++) lines.push(flat.slice(j * (plies - 1), (j + 1) * (plies - 1)));
        if (count > room) truncated = true;
      }
      w.pop();
      for (const line of lines) solutions.push(this.lineSolution([m, ...line], []));
    }
    if (report) this.tick(roots.length, roots.length);
    return { solutions, truncated };
  }

  /** A line from the top position: its moves (0 = a pass, kept out of the solution) with SAN. */
  private lineSolution(line: number[], tail: number[]): FoundSolution {
    const { w } = this;
    const uci: string[] = [];
    const san: string[] = [];
    let pushed = 0;
    for (const mv of [...line, ...tail]) {
      if (mv === 0) {
        // a pass between series moves: in place, so a long series fits the wasm stack
        if (pushed > 0) w.passAtTop();
        else {
          w.pushNull();
          pushed++;
        }
        continue;
      }
      uci.push(uciOf(mv));
      san.push(sanOf(w, mv));
      w.push(mv);
      pushed++;
    }
    for (let k = 0; k < pushed; k++) w.pop();
    return { uci, san };
  }

  // ----- series play -----

  series(): void {
    const { w, st, result } = this;
    this.depth = st.n;
    this.tick(0, 1);
    const mode = SERIES_MODE[st.kind];
    const lines: number[][] = [];
    const read = (count: number) => {
      const flat = outMoves(w, Math.min(w.outCap(), countWords(w, count)));
      for (let at = 0, k = 0; k < count && at < flat.length; k++) {
        const len = flat[at]!;
        lines.push(flat.slice(at + 1, at + 1 + len));
        at += len + 1;
      }
    };
    // A series stalemate's pictures name the fate of every piece of the stalemated side, which
    // prunes far more than the count says (hpint.inp #49 ser-h=14: 37,369 pictures counted, solved
    // in 0.2 s; the plain search takes minutes), so it is always solved intelligently. So is a
    // series help mate, whose pictures drop the unnamed pieces that must leave and the king's walk
    // around what stays put (intell.inp #92 ser-h#9: 80,577 pictures counted, 46 searched, 0.02 s).
    if (
      this.intelligent &&
      (st.goal === 'stalemate' || mode === SERIES_MODE.help || w.countPlans(st.n, PLAN_CAP, mode) <= PLAN_CAP)
    ) {
      for (let sq = 0; sq < 64 && lines.length < this.max; sq++) {
        this.tick(sq, 64);
        read(w.intelligentSeries(st.n, mode, this.max - lines.length, sq));
        this.checkStop();
      }
    } else {
      read(w.seriesLines(st.n, mode, this.max));
      this.checkStop();
    }
    if (lines.length >= this.max) result.truncated = true;
    const seriesLength = (line: number[]) => (mode === SERIES_MODE.help ? line.length - 1 : line.length);
    const shortest = Math.min(...lines.map(seriesLength));
    // StopOnShortSolutions: Popeye stops after the shortest length that has solutions
    const kept =
      this.ctx.rules.stopOnShort && shortest < st.n ? lines.filter((l) => seriesLength(l) === shortest) : lines;
    for (const line of kept) {
      // the series side's moves with the other side's passes between them
      const seriesMoves = mode === SERIES_MODE.help ? line.slice(0, -1) : line;
      const path: number[] = [];
      seriesMoves.forEach((m, i) => {
        if (i > 0) path.push(0);
        path.push(m);
      });
      const tails: number[][] =
        mode === SERIES_MODE.help
          ? [[line[line.length - 1]!]]
          : mode === SERIES_MODE.direct
            ? [[]]
            : this.answers(path);
      for (const tail of tails) {
        const sol = this.lineSolution(path, tail);
        if (seriesMoves.length < st.n) {
          sol.short = true;
          result.shortSolution = true;
        }
        result.solutions.push(sol);
      }
    }
    this.done = st.n;
    if (this.o.setPlay && mode === SERIES_MODE.help && w.pushNull() === 0) {
      // set play of ser-h: the other side reaches the goal before the series starts
      const set: FoundSolution[] = [];
      for (const m of outMoves(w, w.moves())) {
        w.push(m);
        const at = w.atGoal() === 1;
        w.pop();
        if (at) set.push(this.lineSolution([m], []));
      }
      w.pop();
      result.setPlay = set;
    }
    this.tick(1, 1);
  }

  /** ser-s / ser-r: after the series, the other side's moves that reach the goal (each a line of its own). */
  private answers(path: number[]): number[][] {
    const { w } = this;
    for (const m of path)
      if (m === 0) w.pushNull();
      else w.push(m);
    const out: number[][] = [];
    for (const d of outMoves(w, w.moves())) {
      w.push(d);
      if (w.atGoal() === 1) out.push([d]);
      w.pop();
    }
    for (let k = 0; k < path.length; k++) w.pop();
    return out.length ? out : [[]];
  }
}

/** Words used by `count` series records in OUT (each its length then its moves). */
function countWords(w: ProblemsExports, count: number): number {
  const view = new Uint32Array(w.memory.buffer, w.out(), w.outCap());
  let at = 0;
  for (let k = 0; k < count && at < view.length; k++) at += view[at]! + 1;
  return at;
}
