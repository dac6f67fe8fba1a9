// Engine test suites: every position of an EPD suite searched by an engine and scored. A position
// is solved when the engine's move is one of its `bm` moves and none of its `am` moves; STS-style
// suites also give points per move in `c0` ("f5=10, Be5+=2, Bf2=3").
import { NotationFailure, notationError, type NotationError } from '../errors.js';
import type { Move } from '../chess/index.js';
import type { Limit, UciEngine } from '../engine/index.js';
import type { Progress } from '../progress.js';
import type { EpdRecord } from './model.js';
import { MATE_LENGTH, recordPosition, resolveMove } from './validate.js';

/** How a move scores in a record: solved or not, and its `c0` points. */
export interface EpdMoveScore {
  /** The move is a `bm` move (or the engine found a mate as short as a `bm #n`) and no `am` move. */
  ok: boolean;
  /** Points the `c0` pairs give the move (0 when it is not listed, or when there are no pairs). */
  points: number;
  /** The most points any `c0` pair gives (0 without pairs). */
  maxPoints: number;
}

/** `c0 "f5=10, Be5+=2"`: STS-style points per move; undefined when the comment is not such a list. */
function pointPairs(c0: string | null | undefined): { move: string; points: number }[] | undefined {
  if (typeof c0 !== 'string') return undefined;
  const parts = c0.split(',').map((p) => p.trim());
  const pairs: { move: string; points: number }[] = [];
  for (const part of parts) {
    const m = /^(\S+)=(-?\d+)$/.exec(part);
    if (!m) return undefined;
    pairs.push({ move: m[1]!, points: Number(m[2]) });
  }
  return pairs.length ? pairs : undefined;
}

const same = (a: Move, b: Move): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Scores a move (SAN or UCI) in a record. `mate`: the engine's score was a mate in this many moves
 * for the side to move, which solves a `bm #n` of the mate-length dialect when it is at most n.
 * Without `bm` and `am`, a record with `c0` points is solved by a move given the most points.
 * @example
 * ```ts
 * const [{ value }] = parseEpd('1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - bm f5; c0 "f5=10, Be5+=2, Bf2=3, Bg4=2";');
 * scoreEpdMove(value, 'd4f2'); // { ok: false, points: 3, maxPoints: 10 }
 * ```
 */
export function scoreEpdMove(record: EpdRecord, move: string, mate?: number): EpdMoveScore {
  const { position } = recordPosition(record);
  const played = position ? resolveMove(position, move) : 'illegal';
  const mv = typeof played === 'string' ? undefined : played.move;
  const matches = (list: string[] | undefined): boolean =>
    (list ?? []).some((text) => {
      const length = MATE_LENGTH.exec(text);
      if (length) return mate !== undefined && mate > 0 && mate <= Number(length[1]);
      if (!mv || !position) return false;
      const r = resolveMove(position, text);
      return typeof r !== 'string' && same(r.move, mv);
    });
  const { bm, am, c0 } = record.operations;
  const pairs = pointPairs(c0);
  let points = 0;
  let maxPoints = 0;
  if (pairs) {
    maxPoints = Math.max(0, ...pairs.map((p) => p.points));
    // A move listed twice (STS v3 Undermine.086 gives Rc8 1 and 3) gets the most points listed.
    for (const pair of pairs) {
      if (!mv || !position) break;
      const r = resolveMove(position, pair.move);
      if (typeof r !== 'string' && same(r.move, mv)) points = Math.max(points, pair.points);
    }
  }
  let ok: boolean;
  if (bm?.length || am?.length) ok = (!bm?.length || matches(bm)) && !matches(am);
  else ok = pairs !== undefined && maxPoints > 0 && points === maxPoints;
  return { ok, points, maxPoints };
}

/** One position of a suite as the engine answered it. */
export interface EpdTestPosition {
  /** The record's `id`, else its 1-based place in the suite. */
  id: string;
  /** The engine's move in SAN (null: no move, or the position could not be searched). */
  move: string | null;
  /** The same move in UCI. */
  uci: string | null;
  /** Solved (see `scoreEpdMove`). */
  ok: boolean;
  /** The `c0` points of the move. */
  points: number;
  /** The most `c0` points the position gives. */
  maxPoints: number;
  /** The engine's score of its best line, from the side to move. */
  score?: { cp: number } | { mate: number };
  /** Depth reached. */
  depth?: number;
  /** Why the position was not searched (its position cannot be set up). */
  error?: NotationError;
}

/** A suite's result: totals over the positions, and each position, in the suite's order. */
export interface EpdSuiteResult {
  /** Positions in the suite. */
  total: number;
  /** Positions solved. */
  solved: number;
  /** `c0` points scored, summed. */
  points: number;
  /** The most `c0` points each position gives, summed. */
  maxPoints: number;
  /** Each position, in the suite's order. */
  positions: EpdTestPosition[];
}

/** Progress and cancellation of `analyseEpdSuite`. */
export interface EpdSuiteOptions {
  /** Called after each position (`unit: 'positions'`). */
  onProgress?(progress: Progress & { total: number }): void;
  /** Aborting rejects the run with `ERR_EPD_ABORTED` (searches under way are stopped). */
  signal?: AbortSignal;
}

/**
 * Runs an engine test suite: each record's position searched with `limit` (a fresh game each, so
 * the answer does not depend on the order or on how the positions are shared out), its move scored
 * with `scoreEpdMove`. Several engines search positions in parallel, each taking the next position
 * when it is free; the result is in the suite's order. Rejects with the engine's `EngineError`, or
 * with `ERR_EPD_ABORTED`.
 * @example
 * ```ts
 * await using engine = await openEngine({ kind: 'native' });
 * const suite = parseEpd(text).map((item) => item.value);
 * const r = await analyseEpdSuite(suite, engine, { depth: 12 });
 * console.log(`${r.solved}/${r.total}`);
 * ```
 */
export async function analyseEpdSuite(
  records: readonly EpdRecord[],
  engines: UciEngine | readonly UciEngine[],
  limit: Limit,
  options: EpdSuiteOptions = {},
): Promise<EpdSuiteResult> {
  const pool = Array.isArray(engines) ? [...engines] : [engines as UciEngine];
  if (!pool.length) throw new TypeError('analyseEpdSuite needs at least one engine');
  const positions: EpdTestPosition[] = new Array(records.length);
  const inner = new AbortController();
  const abort = () => inner.abort();
  options.signal?.addEventListener('abort', abort, { once: true });
  let next = 0;
  let done = 0;
  let failure: unknown;
  const aborted = () => new NotationFailure(notationError('ERR_EPD_ABORTED', 'the suite was aborted'));
  const work = async (engine: UciEngine): Promise<void> => {
    while (next < records.length && failure === undefined) {
      if (options.signal?.aborted) throw aborted();
      const index = next++;
      const record = records[index]!;
      const id = record.operations.id ?? String(index + 1);
      const { position, chess960, error } = recordPosition(record);
      if (!position) {
        positions[index] = {
          id,
          move: null,
          uci: null,
          ok: false,
          points: 0,
          maxPoints: scoreEpdMove(record, '').maxPoints,
          error: { ...(error ?? notationError('ERR_EPD_FIELDS', 'no position')), line: record.line, column: 1 },
        };
      } else {
        const r = await engine.analyse(position, limit, { newGame: true, chess960, signal: inner.signal });
        if (options.signal?.aborted) throw aborted();
        const line = r.lines[0];
        const score = line?.score.relative;
        const mate = score && 'mate' in score ? score.mate : undefined;
        const uci = r.bestmove && r.bestmove !== '(none)' ? r.bestmove : null;
        const resolved = uci ? resolveMove(position, uci) : 'illegal';
        const san = typeof resolved === 'string' ? null : resolved.san;
        const scored = san ? scoreEpdMove(record, san, mate) : { ...scoreEpdMove(record, ''), ok: false, points: 0 };
        positions[index] = { id, move: san, uci, ...scored };
        if (score) positions[index]!.score = score;
        if (line) positions[index]!.depth = line.depth;
      }
      done++;
      options.onProgress?.({ done, total: records.length, unit: 'positions' });
    }
  };
  try {
    await Promise.all(
      pool.map((engine) =>
        work(engine).catch((e) => {
          failure ??= e;
          inner.abort();
        }),
      ),
    );
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
  if (failure !== undefined) throw failure;
  if (options.signal?.aborted) throw aborted();
  const list = positions;
  return {
    total: list.length,
    solved: list.filter((p) => p.ok).length,
    points: list.reduce((n, p) => n + p.points, 0),
    maxPoints: list.reduce((n, p) => n + p.maxPoints, 0),
    positions: list,
  };
}
