// Engine analysis as worker jobs (plain data in and out, progress through a callback): the
// worker registry (src/worker/jobs.ts) spreads these in, so `worker.run('analysePosition', …)`
// runs an engine off the page's thread, in a Web Worker or a Node worker_thread alike.
import { openEngine, type OpenEngineOptions } from './open.js';
import { resolvePosition, type EngineVariant, type GameLike, type PositionInput } from './position.js';
import type { Progress } from '../progress.js';
import type { Limit } from './protocol.js';
import type { ScoreValue } from './score.js';
import type { AnalysisLine, AnalysisResult, UciEngine } from './uci.js';

/** An engine to open inside the worker (URLs must be absolute: a worker has no page URL to resolve against). */
export type EngineSpec = Omit<OpenEngineOptions, 'transport'>;

/** An analysis line as plain data: the score and the engine's WDL from White's point of view. */
export interface PlainLine extends Omit<AnalysisLine, 'score' | 'wdl'> {
  /** White's view (`Score.fromWhite(score, turn)` makes a `Score` of it again). */
  score: ScoreValue;
  /** The engine's own win/draw/loss per mille, White's view. */
  wdl?: [number, number, number];
}

/** `AnalysisResult` as plain data (it crosses postMessage and lands in JSON unchanged). */
export interface PlainAnalysis extends Omit<AnalysisResult, 'lines' | 'depths'> {
  /** The engine's `id name` (set by the worker jobs). */
  engine?: string;
  lines: PlainLine[];
  depths: { depth: number; lines: PlainLine[] }[];
}

function plainLine(l: AnalysisLine): PlainLine {
  const { score, wdl, ...rest } = l;
  const out: PlainLine = { ...rest, score: score.toJSON() };
  if (wdl) out.wdl = wdl.toJSON();
  return out;
}

/** `AnalysisResult` as plain data: scores and WDL become their White-view JSON. */
export function toPlainAnalysis(r: AnalysisResult): PlainAnalysis {
  return {
    ...r,
    lines: r.lines.map(plainLine),
    depths: r.depths.map((d) => ({ depth: d.depth, lines: d.lines.map(plainLine) })),
  };
}

/** What a job gets from the worker: a progress callback. */
export interface EngineJobContext {
  progress(p: Progress & { total: number }): Promise<void>;
}

// One engine per worker, kept between jobs with the same spec (loading costs 0.3-1 s).
let cached: { key: string; engine: Promise<UciEngine> } | undefined;

async function engineFor(spec: EngineSpec): Promise<UciEngine> {
  const key = JSON.stringify(spec);
  if (cached?.key !== key) {
    const old = cached;
    cached = { key, engine: openEngine({ ...spec, respawn: spec.respawn ?? true }) };
    cached.engine.catch(() => {
      if (cached?.key === key) cached = undefined;
    });
    if (old)
      old.engine.then(
        (e) => e.close(),
        () => undefined,
      );
  }
  return cached.engine;
}

/** Input of the `analysePosition` job: engine, position and limit. */
export interface AnalysePositionInput {
  engine: EngineSpec;
  position: Exclude<PositionInput, import('../chess/index.js').Position>;
  limit: Limit;
  multipv?: number;
  variant?: EngineVariant;
  newGame?: boolean;
}

/** Input of the `analyseGame` job: engine, game, limit and ply range. */
export interface AnalyseGameInput {
  engine: EngineSpec;
  game: GameLike;
  limit: Limit;
  multipv?: number;
  /** First and last ply to analyse (the position before ply `from`, …); default every position of the main line. */
  from?: number;
  to?: number;
}

/** The engine jobs a worker runs (analysePosition, analyseGame, closeEngine). */
export const engineJobs = {
  /** One position; progress once per completed depth (`value`: nodes so far). */
  async analysePosition(input: AnalysePositionInput, ctx: EngineJobContext): Promise<PlainAnalysis> {
    const engine = await engineFor(input.engine);
    let lastDepth = 0;
    const total = input.limit.depth ?? 0;
    const pending: Promise<void>[] = [];
    const r = await engine.analyse(input.position, input.limit, {
      multipv: input.multipv,
      variant: input.variant,
      newGame: input.newGame,
      onInfo: (info) => {
        if (info.depth !== undefined && info.depth > lastDepth && info.score) {
          lastDepth = info.depth;
          pending.push(ctx.progress({ done: info.depth, total, unit: 'depth', value: info.nodes }));
        }
      },
    });
    await Promise.all(pending);
    return { ...toPlainAnalysis(r), engine: engine.name };
  },

  /** Every position of a game's main line (ply `from`..`to`); progress once per position. */
  async analyseGame(input: AnalyseGameInput, ctx: EngineJobContext): Promise<PlainAnalysis[]> {
    const engine = await engineFor(input.engine);
    const plies = input.game.moves.length;
    const from = input.from ?? 0,
      to = Math.min(input.to ?? plies, plies);
    resolvePosition({ game: input.game, ply: to }); // a bad game fails before any search
    const out: PlainAnalysis[] = [];
    await engine.newGame();
    for (let ply = from; ply <= to; ply++) {
      const r = await engine.analyse({ game: input.game, ply }, input.limit, { multipv: input.multipv });
      out.push({ ...toPlainAnalysis(r), engine: engine.name });
      await ctx.progress({ done: ply - from + 1, total: to - from + 1, unit: 'plies', value: r.nodes });
    }
    return out;
  },

  /** Quits the worker's engine (it is otherwise kept for the next job). */
  async closeEngine(): Promise<void> {
    const c = cached;
    cached = undefined;
    if (c)
      await c.engine.then(
        (e) => e.close(),
        () => undefined,
      );
  },
};
