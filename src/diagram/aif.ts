// The evaluation graph of an AIF game: the played move's value after each analysed turn, and the
// turns where the played move lost the most against the engine's best marked.
import { AIF_MATE, turnToPly, type AifBlock, type AifCell, type AifGame } from '../aif/model.js';
import { aifStats } from '../aif/stats.js';
import {
  evalGraphDiagram,
  lossGraphDiagram,
  type EvalGraphOptions,
  type EvalMark,
  type LossBar,
  type LossGraphOptions,
} from './graph.js';

function deepest(cells: readonly AifCell[]): number | undefined {
  for (let i = cells.length - 1; i >= 0; i--) if (typeof cells[i] === 'number') return cells[i] as number;
  return undefined;
}

function tagCell(text: string | undefined): number | undefined {
  if (text === undefined || !/^\s*[+-]?\d+\s*$/.test(text)) return undefined;
  return Number(text.trim());
}

/** Centipawns (mates as ±(1000−n)) to pawns; mates become ±100 so that the graph puts them at the edge. */
function pawns(cp: number): number {
  return Math.abs(cp) > AIF_MATE - 100 ? Math.sign(cp) * 100 : cp / 100;
}

/** A turn where the played move lost against the engine's best, and by how much. */
export interface AifTurnLoss {
  ply: number;
  move: string;
  /** Centipawns the played move gave away against the best row, from the mover's side (≥ 0). */
  loss: number;
}

/** The evaluation curve of an AIF game and its worst turns. */
export interface AifScores {
  /** Pawns from White's view after each ply (index 0: before the first analysed move); null where not analysed. */
  scores: (number | null)[];
  /** Every analysed turn with what its played move lost, largest first. */
  losses: AifTurnLoss[];
}

/**
 * Scores per ply from an AIF game's blocks: the played move's row at its deepest numeric depth
 * (else the `NextEval` tag); its loss is the best row's value minus it, seen from the mover.
 */
export function aifScores(game: AifGame): AifScores {
  const turns = game.blocks
    .map((block) => ({ block, ply: turnToPly(block.tags.Turn ?? block.tags.MoveNo ?? '') }))
    .filter((t): t is { block: AifBlock; ply: number } => t.ply !== undefined)
    .sort((a, b) => a.ply - b.ply);
  const last = turns.length ? turns[turns.length - 1]!.ply : -1;
  const scores: (number | null)[] = new Array(last + 2).fill(null);
  const losses: AifTurnLoss[] = [];
  for (const { block, ply } of turns) {
    const white = ply % 2 === 0;
    const values = block.grid.rows
      .map((row) => ({ move: row.move, value: deepest(row.cells) }))
      .filter((r): r is { move: string; value: number } => r.value !== undefined);
    const played = values.find((r) => r.move === block.tags.MovePlayed)?.value ?? tagCell(block.tags.NextEval);
    const best = values.length
      ? values.reduce((a, b) => ((white ? b.value > a.value : b.value < a.value) ? b : a)).value
      : tagCell(block.tags.Eval);
    if (best !== undefined && scores[ply] === null) scores[ply] = pawns(best);
    if (played === undefined) continue;
    scores[ply + 1] = pawns(played);
    if (best !== undefined)
      losses.push({
        ply,
        move: block.tags.MovePlayed ?? '?',
        loss: Math.max(0, white ? best - played : played - best),
      });
  }
  losses.sort((a, b) => b.loss - a.loss || a.ply - b.ply);
  return { scores, losses };
}

/**
 * The evaluation graph of an AIF game, with the `worst` turns (default 3) whose played move lost
 * at least `threshold` centipawns (default 100) marked and labelled (`2. g4?`).
 */
export function aifEvalGraph(
  game: AifGame,
  options: EvalGraphOptions & { worst?: number; threshold?: number } = {},
): string {
  const { worst = 3, threshold = 100, ...rest } = options;
  const { scores, losses } = aifScores(game);
  const marks: EvalMark[] = losses
    .filter((l) => l.loss >= threshold)
    .slice(0, worst)
    .map((l) => ({ ply: l.ply + 1, label: `${Math.floor(l.ply / 2) + 1}.${l.ply % 2 ? '..' : ''} ${l.move}?` }));
  const white = game.headers.White ?? game.game?.headers.White;
  const black = game.headers.Black ?? game.game?.headers.Black;
  return evalGraphDiagram(scores, {
    title: white || black ? `Evaluation: ${white ?? '?'} – ${black ?? '?'}` : undefined,
    marks,
    ...rest,
  });
}

/**
 * Each player's centipawn loss per move in an AIF game (as `aifStats` of `gamenotation/aif` counts
 * it), White's bars above the line and Black's below; mistakes and blunders in red.
 */
export function aifLossGraph(game: AifGame, options: LossGraphOptions = {}): string {
  const { white, black } = aifStats(game);
  const bars = (moves: typeof white.perMove): LossBar[] =>
    moves.map((m) => ({ ply: m.ply, loss: m.loss, marked: m.judgement === 'mistake' || m.judgement === 'blunder' }));
  return lossGraphDiagram(bars(white.perMove), bars(black.perMove), {
    title: `Loss per move: ${white.name} – ${black.name}`,
    names: [white.name, black.name],
    ...options,
  });
}
