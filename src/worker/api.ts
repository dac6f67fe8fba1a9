import type { Variant } from '../chess/index.js';
import type { BoardToSolve, DDTable, SolveBoardResult } from '../bridge/index.js';
import type { Result } from '../errors.js';

/** Progress of a long job, reported through a Comlink-proxied callback. */
export interface Progress {
  done: number;
  total: number;
  /** Partial result so far, e.g. nodes counted. */
  value?: number;
}
export type ProgressCallback = (progress: Progress) => void | Promise<void>;

export interface PerftResult {
  nodes: number;
  /** Per root move (UCI) when `divide` was asked. */
  divide?: Record<string, number>;
}

export interface ListedMove {
  uci: string;
  san: string;
}

/** The error name a cancelled job rejects with (Comlink carries an error's name and message). */
export const CANCELLED = 'AbortError';

function failure(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

// Each domain is imported on first use, so a worker that only solves bridge deals never loads the
// chess wasm module, and the other way round.
const chess = () => import('../chess/index.js');
const bridge = () => import('../bridge/index.js');

/**
 * What a worker exposes over Comlink. Every long job takes a job id so that `cancel(id)` can stop
 * it between chunks (a root move for perft, a deal for double dummy), and yields to the event loop
 * between chunks so that the cancel message gets through.
 */
export class WorkerApi {
  private readonly jobs = new Map<number, AbortController>();

  cancel(jobId: number): void {
    this.controller(jobId).abort();
  }

  async perft(fen: string, depth: number, options: { variant?: Variant; divide?: boolean; jobId?: number },
    onProgress?: ProgressCallback): Promise<PerftResult> {
    const { Position, makeUci, perft } = await chess();
    const jobId = options.jobId ?? -1;
    const signal = this.controller(jobId).signal;
    try {
      const variant = options.variant ?? 'chess';
      const root = Position.fromFen(fen, { variant });
      if (!root.ok) throw failure('NotationFailure', `${root.error.code} ${root.error.message}`);
      // Below depth 3 the job is too short to be worth chunking for progress or cancellation.
      if (depth <= 1 || (depth < 3 && !options.divide && !onProgress)) {
        return { nodes: depth <= 0 ? 1 : perft(fen, depth, { variant }) };
      }
      const moves = root.value.legalMoves();
      const divide: Record<string, number> = {};
      let nodes = 0;
      for (let i = 0; i < moves.length; i++) {
        await yieldToEventLoop();
        if (signal.aborted) throw failure(CANCELLED, 'cancelled');
        const child = root.value.clone();
        child.play(moves[i]!);
        const count = perft(child.fen(), depth - 1, { variant });
        divide[makeUci(moves[i]!)] = count;
        nodes += count;
        // Awaited so that every progress report reaches the caller before the result does.
        await onProgress?.({ done: i + 1, total: moves.length, value: nodes });
      }
      return options.divide ? { nodes, divide } : { nodes };
    } finally {
      this.jobs.delete(jobId);
    }
  }

  async legalMoves(fen: string, options: { variant?: Variant } = {}): Promise<ListedMove[]> {
    const { Position, makeSan, makeUci } = await chess();
    const pos = Position.fromFen(fen, { variant: options.variant ?? 'chess' });
    if (!pos.ok) throw failure('NotationFailure', `${pos.error.code} ${pos.error.message}`);
    return pos.value.legalMoves().map((m) => ({ uci: makeUci(m), san: makeSan(pos.value, m) }));
  }

  /** Double-dummy tables of PBN deal strings, in order; a bad deal gives its error in place. */
  async calcDDTables(deals: string[], options: { jobId?: number } = {}, onProgress?: ProgressCallback): Promise<Result<DDTable>[]> {
    const { calcDDTable } = await bridge();
    return this.each(deals, calcDDTable, options.jobId ?? -1, onProgress);
  }

  async solveBoards(boards: BoardToSolve[], options: { jobId?: number } = {}, onProgress?: ProgressCallback): Promise<Result<SolveBoardResult>[]> {
    const { solveBoard } = await bridge();
    return this.each(boards, (b) => solveBoard(b.deal, b), options.jobId ?? -1, onProgress);
  }

  private async each<I, O>(items: I[], one: (item: I) => O, jobId: number, onProgress?: ProgressCallback): Promise<O[]> {
    const signal = this.controller(jobId).signal;
    try {
      const out: O[] = [];
      for (let i = 0; i < items.length; i++) {
        await yieldToEventLoop();
        if (signal.aborted) throw failure(CANCELLED, 'cancelled');
        out.push(one(items[i]!));
        await onProgress?.({ done: i + 1, total: items.length });
      }
      return out;
    } finally {
      this.jobs.delete(jobId);
    }
  }

  private controller(jobId: number): AbortController {
    let controller = this.jobs.get(jobId);
    if (!controller) this.jobs.set(jobId, (controller = new AbortController()));
    return controller;
  }
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
