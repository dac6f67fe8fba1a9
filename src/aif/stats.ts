// Statistics from AIF: how well each player played by the engine's judgement. The centipawn loss
// of a move is the drop, from the mover's side, from the evaluation before it (its block's `Eval`)
// to the evaluation after it (the next block's `Eval`), each clamped to ±1000, never below 0. Move
// matching (t1, and with MultiPV grids t2, t3 and the equal-value match) follows Regan and
// Haworth's terms; accuracy and the inaccuracy/mistake/blunder counts follow lichess's published
// formulas (docs/aif.md names each constant's source).
import { Position } from '../chess/index.js';
import { AIF_CLAMP, turnToPly, type AifBlock, type AifCell, type AifGame } from './model.js';

/** One move a player made, as the statistics saw it. */
export interface AifMoveStat {
  /** 0-based ply (White's first move = 0). */
  ply: number;
  /** `MovePlayed` as written. */
  move: string;
  /** Centipawns lost against the evaluation before the move (≥ 0). */
  loss: number;
  /** lichess's judgement of the move, if any. */
  judgement?: 'inaccuracy' | 'mistake' | 'blunder';
  /** lichess's accuracy of the move (0..100). */
  accuracy: number;
}

/** One player's figures in one game (or, from `aifPlayerSummary`, over several). */
export interface AifPlayerStats {
  /** The player's name from the game's White/Black tag (`?` when absent). */
  name: string;
  /** Moves counted for the loss: those with an evaluation before and after. */
  moves: number;
  /** Average centipawn loss over the moves counted (null: none counted). */
  acpl: number | null;
  /** Moves where `MovePlayed` is `EngineMove`. */
  t1: number;
  /** With MultiPV grids: moves whose value ranks among the best two at the deepest depth. */
  t2?: number;
  /** With MultiPV grids: moves whose value ranks among the best three at the deepest depth. */
  t3?: number;
  /** With MultiPV grids: moves whose value equals the best move's at the deepest depth. */
  equal?: number;
  /** Turns of this player that the file analyses (the denominator of t1). */
  turns: number;
  /** lichess's game accuracy (0..100; null: no move counted). */
  accuracy: number | null;
  /** Moves lichess would mark ?! (a drop of 0.1 of winning chances, or its mate rules). */
  inaccuracies: number;
  /** Moves lichess would mark ? (0.2). */
  mistakes: number;
  /** Moves lichess would mark ?? (0.3). */
  blunders: number;
  /** Every move counted, in game order. */
  perMove: AifMoveStat[];
}

/** Both players' figures in one game. */
export interface AifGameStats {
  /** The player of the White pieces. */
  white: AifPlayerStats;
  /** The player of the Black pieces. */
  black: AifPlayerStats;
}

/** A player's figures summed over games (`aifPlayerSummary`). */
export interface AifPlayerSummary extends Omit<AifPlayerStats, 'perMove'> {
  /** Games the player appears in. */
  games: number;
}

/** The cap of every evaluation, in centipawns (lichess's `Cp.CEILING` too). */
const CEILING = 1000;

/** An `Eval` tag as a number (White's view), undefined when it is none (`n.a.`, empty). */
function evalOf(block: AifBlock | undefined): number | undefined {
  const text = block?.tags.Eval;
  if (text === undefined || !/^\s*[+-]?\d+\s*$/.test(text)) return undefined;
  const v = Number(text.trim());
  return Math.max(-CEILING, Math.min(CEILING, v));
}

/** A value above the AIF clamp is a mate (±(1000 − n)). */
function isMate(v: number): boolean {
  return Math.abs(v) > AIF_CLAMP;
}

// lichess: chess.eval.WinPercent (scalachess core/src/main/scala/eval.scala)
const WIN_MULTIPLIER = -0.00368208;
function winningChances(cp: number): number {
  return Math.max(-1, Math.min(1, 2 / (1 + Math.exp(WIN_MULTIPLIER * cp)) - 1));
}
/** Win% (0..100) of a White-view value; a mate counts as ±1000 (lichess's `fromMate`). */
function winPercent(v: number): number {
  const cp = isMate(v) ? Math.sign(v) * CEILING : Math.max(-CEILING, Math.min(CEILING, v));
  return 50 + 50 * winningChances(cp);
}

// lichess: AccuracyPercent.fromWinPercents (lila modules/analyse/src/main/AccuracyPercent.scala)
function moveAccuracy(before: number, after: number): number {
  if (after >= before) return 100;
  const raw = 103.1668100711649 * Math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411;
  return Math.max(0, Math.min(100, raw + 1));
}

/** lichess's judgement (lila modules/tree/src/main/Advice.scala) of a move, values from the mover's side. */
function judge(before: number, after: number): AifMoveStat['judgement'] {
  const mateBefore = isMate(before);
  const mateAfter = isMate(after);
  if (!mateBefore && !mateAfter) {
    const delta = winningChances(before) - winningChances(after);
    if (delta >= 0.3) return 'blunder';
    if (delta >= 0.2) return 'mistake';
    if (delta >= 0.1) return 'inaccuracy';
    return undefined;
  }
  // A mate appeared against the mover, or the mover's own mate was lost.
  if (!mateBefore && mateAfter && after < 0)
    return before < -999 ? 'inaccuracy' : before < -700 ? 'mistake' : 'blunder';
  if (mateBefore && before > 0 && (!mateAfter || after < 0)) {
    const next = mateAfter ? 0 : after;
    return next > 999 ? 'inaccuracy' : next > 700 ? 'mistake' : 'blunder';
  }
  return undefined;
}

/** Population standard deviation. */
function deviation(xs: number[]): number {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / xs.length);
}

/**
 * lichess's game accuracy over a run of consecutive positions (`wins`: White's win% of each; the
 * move from position i to i+1 is made by `moverWhite(i)`): per move accuracy weighted by the
 * volatility of win% around it, per colour the mean of the weighted mean and the harmonic mean.
 */
function runAccuracies(
  wins: number[],
  moverWhite: (i: number) => boolean,
): { white: boolean; accuracy: number; weight: number }[] {
  const n = wins.length - 1;
  if (n < 1) return [];
  const size = Math.max(2, Math.min(8, Math.floor(n / 10)));
  const windows: number[][] = [];
  for (let k = 0; k < Math.min(size, wins.length) - 2; k++) windows.push(wins.slice(0, size));
  if (wins.length <= size) windows.push(wins.slice());
  else for (let i = 0; i + size <= wins.length; i++) windows.push(wins.slice(i, i + size));
  const out: { white: boolean; accuracy: number; weight: number }[] = [];
  for (let i = 0; i < n; i++) {
    const weight = Math.max(0.5, Math.min(12, deviation(windows[i] ?? windows[windows.length - 1]!)));
    const white = moverWhite(i);
    const accuracy = white ? moveAccuracy(wins[i]!, wins[i + 1]!) : moveAccuracy(100 - wins[i]!, 100 - wins[i + 1]!);
    out.push({ white, accuracy, weight });
  }
  return out;
}

function gameAccuracy(list: { accuracy: number; weight: number }[]): number | null {
  if (!list.length) return null;
  const w = list.reduce((a, x) => a + x.weight, 0);
  const weighted = list.reduce((a, x) => a + x.accuracy * x.weight, 0) / w;
  const harmonic = list.length / list.reduce((a, x) => a + 1 / Math.max(1, x.accuracy), 0);
  return (weighted + harmonic) / 2;
}

/** The value of a row at the grid's deepest depth, if numeric. */
function deepest(cells: readonly AifCell[]): number | undefined {
  const c = cells[cells.length - 1];
  return typeof c === 'number' ? c : undefined;
}

/** A move written without its check and annotation marks, for comparing `MovePlayed` with `EngineMove`. */
function bareMove(text: string | undefined): string {
  return (text ?? '').trim().replace(/[+#!?]+$/, '');
}

/** Whether the move of a final block gives mate: its `FEN` and `MovePlayed` replayed, or a `#` mark. */
function givesMate(block: AifBlock): boolean {
  const move = block.tags.MovePlayed ?? '';
  if (move.trim().endsWith('#')) return true;
  const fen = block.tags.FEN;
  if (!fen) return false;
  const pos = Position.fromFen(fen.trim(), { lenient: true });
  if (!pos.ok) return false;
  const p = pos.value.clone();
  return p.playSan(move.trim()).ok && p.isCheckmate();
}

function emptyStats(name: string): AifPlayerStats {
  return {
    name,
    moves: 0,
    acpl: null,
    t1: 0,
    turns: 0,
    accuracy: null,
    inaccuracies: 0,
    mistakes: 0,
    blunders: 0,
    perMove: [],
  };
}

/**
 * Each player's figures in one AIF game: moves counted, average centipawn loss, engine-move
 * matches (t1; with MultiPV grids t2, t3, equal value), lichess's accuracy and its
 * inaccuracy/mistake/blunder counts. Blocks without a `Turn` (or 2012 `MoveNo`) are left out.
 * @example
 * ```ts
 * const [{ value: game }] = parseAif(text);
 * const { white, black } = aifStats(game);
 * console.log(white.acpl, black.accuracy);
 * ```
 */
export function aifStats(game: AifGame): AifGameStats {
  const headers = { ...(game.game?.headers ?? {}), ...game.headers };
  const white = emptyStats(headers.White?.trim() || '?');
  const black = emptyStats(headers.Black?.trim() || '?');
  const byPly = new Map<number, AifBlock>();
  for (const block of game.blocks) {
    const ply = turnToPly(block.tags.Turn ?? block.tags.MoveNo ?? '');
    if (ply !== undefined && !byPly.has(ply)) byPly.set(ply, block);
  }
  const plies = [...byPly.keys()].sort((a, b) => a - b);
  let multiPv = false;
  const accuracies: { white: boolean; accuracy: number; weight: number }[] = [];
  // Runs of consecutive plies, each position's value (White's view) and the mover of each move.
  let run: { wins: number[]; plies: number[] } = { wins: [], plies: [] };
  const closeRun = () => {
    accuracies.push(...runAccuracies(run.wins, (i) => run.plies[i]! % 2 === 0));
    run = { wins: [], plies: [] };
  };
  for (const ply of plies) {
    const block = byPly.get(ply)!;
    const player = ply % 2 === 0 ? white : black;
    const sign = ply % 2 === 0 ? 1 : -1;
    player.turns++;
    const played = block.tags.MovePlayed;
    if (played !== undefined && bareMove(played) === bareMove(block.tags.EngineMove) && bareMove(played)) player.t1++;
    // MultiPV: two or more rows with a value at the deepest depth.
    const rows = block.grid.rows
      .map((row, index) => ({ move: row.move, value: deepest(row.cells), index }))
      .filter((r): r is { move: string; value: number; index: number } => r.value !== undefined);
    if (rows.length >= 2) {
      multiPv = true;
      const ranked = [...rows].sort((a, b) => sign * (b.value - a.value) || a.index - b.index);
      const rank = ranked.findIndex((r) => bareMove(r.move) === bareMove(played));
      if (rank >= 0) {
        player.t2 = (player.t2 ?? 0) + (rank < 2 ? 1 : 0);
        player.t3 = (player.t3 ?? 0) + (rank < 3 ? 1 : 0);
        player.equal = (player.equal ?? 0) + (ranked[rank]!.value === ranked[0]!.value ? 1 : 0);
      }
    }
    // The loss: this block's Eval against the next ply's.
    const before = evalOf(block);
    let after: number | undefined;
    const next = byPly.get(ply + 1);
    if (next) after = evalOf(next);
    else if (givesMate(block)) after = sign * CEILING;
    if (before === undefined || after === undefined) {
      if (run.wins.length) closeRun();
      continue;
    }
    const loss = Math.max(0, sign * (before - after));
    const stat: AifMoveStat = {
      ply,
      move: played ?? '?',
      loss,
      accuracy: 0,
    };
    const judgement = judge(sign * before, sign * after);
    if (judgement) {
      stat.judgement = judgement;
      if (judgement === 'inaccuracy') player.inaccuracies++;
      else if (judgement === 'mistake') player.mistakes++;
      else player.blunders++;
    }
    player.perMove.push(stat);
    if (!run.wins.length) run.wins.push(winPercent(before));
    run.wins.push(winPercent(after));
    run.plies.push(ply);
    if (!next) closeRun();
  }
  if (run.wins.length) closeRun();
  // Per-move accuracies come back in the order of the moves counted.
  const whiteAcc = accuracies.filter((a) => a.white);
  const blackAcc = accuracies.filter((a) => !a.white);
  white.perMove.forEach((m, i) => (m.accuracy = whiteAcc[i]?.accuracy ?? 0));
  black.perMove.forEach((m, i) => (m.accuracy = blackAcc[i]?.accuracy ?? 0));
  for (const [player, acc] of [
    [white, whiteAcc],
    [black, blackAcc],
  ] as const) {
    player.moves = player.perMove.length;
    player.acpl = player.moves ? player.perMove.reduce((a, m) => a + m.loss, 0) / player.moves : null;
    player.accuracy = gameAccuracy(acc);
    if (multiPv) {
      player.t2 ??= 0;
      player.t3 ??= 0;
      player.equal ??= 0;
    }
  }
  return { white, black };
}

/**
 * Each player's figures over many games (by name, in order of first appearance): sums of the
 * counts, the centipawn loss averaged over all their moves, accuracy averaged over their games.
 */
export function aifPlayerSummary(games: readonly AifGameStats[]): AifPlayerSummary[] {
  const out = new Map<string, AifPlayerSummary & { lossSum: number; accSum: number; accGames: number }>();
  for (const g of games)
    for (const p of [g.white, g.black]) {
      let s = out.get(p.name);
      if (!s) {
        s = { ...emptyStats(p.name), games: 0, lossSum: 0, accSum: 0, accGames: 0 };
        delete (s as Partial<AifPlayerStats>).perMove;
        out.set(p.name, s);
      }
      s.games++;
      s.moves += p.moves;
      s.turns += p.turns;
      s.t1 += p.t1;
      for (const k of ['t2', 't3', 'equal'] as const) if (p[k] !== undefined) s[k] = (s[k] ?? 0) + p[k]!;
      s.inaccuracies += p.inaccuracies;
      s.mistakes += p.mistakes;
      s.blunders += p.blunders;
      s.lossSum += p.perMove.reduce((a, m) => a + m.loss, 0);
      if (p.accuracy !== null) {
        s.accSum += p.accuracy;
        s.accGames++;
      }
    }
  return [...out.values()].map(({ lossSum, accSum, accGames, ...s }) => ({
    ...s,
    acpl: s.moves ? lossSum / s.moves : null,
    accuracy: accGames ? accSum / accGames : null,
  }));
}
