// The JSON of a solved problem that `gamenotation solve --json` prints (one object per problem) and
// `<gn-problem>.solve()` resolves to: one shape, written once.
import type { SolvedProblem } from './solve.js';

/** One problem of `gamenotation solve --json`: its stipulation and, per twin, the status and solutions. */
export interface SolvedProblemJson {
  /** The problem's id, when its record has one. */
  id?: string;
  /** The stipulation of the problem (of its first part). */
  stipulation: string;
  /** One part per twin (one for a problem without twins). */
  parts: {
    /** Twin label (`a`, `b`, …), null without twins. */
    twin: string | null;
    stipulation: string;
    status: string;
    solutions: { uci: string | string[]; san: string | string[] }[];
  }[];
}

/** A solved problem as `gamenotation solve --json` prints it. */
export function solvedProblemJson(p: SolvedProblem): SolvedProblemJson {
  return {
    ...(p.id !== undefined ? { id: p.id } : {}),
    stipulation: p.stipulation,
    parts: p.parts.map((part) => ({
      twin: part.twin,
      stipulation: part.stipulation,
      status: part.status,
      solutions: part.solutions.map((s) => ({ uci: s.uci, san: s.san })),
    })),
  };
}
