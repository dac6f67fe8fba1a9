// A FEN for every twin of a problem, and for a PBI problem.
import type { NotationError } from '../../errors.js';
import { problemFen } from '../fen.js';
import type { PbiProblem } from '../pbi.js';
import { makeStipulation } from '../stipulation.js';
import { deriveTwins } from '../xml/derive.js';
import type { Problem } from '../xml/model.js';

// ---------------------------------------------------------------- FEN

/** The FEN of one twin (or a warning why it has none) and its stipulation. */
export interface TwinFen {
  releaseId: string;
  twinId: string;
  stipulation: string;
  fen?: string;
  warning?: NotationError;
}

/** A FEN for every twin position of a problem (side to move from the stipulation). */
export function twinFens(problem: Problem): TwinFen[] {
  return deriveTwins(problem).map(({ value: t }) => {
    const { fen, warning } = problemFen(t.board, t.stipulation);
    const out: TwinFen = { releaseId: t.releaseId, twinId: t.twinId, stipulation: makeStipulation(t.stipulation) };
    if (fen) out.fen = fen;
    if (warning) out.warning = { ...warning, message: `twin '${t.twinId}': ${warning.message}` };
    return out;
  });
}

/** The FEN of a PBI problem (undefined when it has no valid position). */
export function pbiFen(problem: PbiProblem): string | undefined {
  return problem.board ? problemFen(problem.board, problem.stipulation).fen : undefined;
}
