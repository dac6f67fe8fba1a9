import { Position, makeSan, makeUci, perft, type Variant } from '../chess/index.js';

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

/**
 * What a worker exposes over Comlink. Every long job takes a job id so that `cancel(id)` can stop
 * it between chunks (one root move for perft), and yields to the event loop between chunks so that
 * the cancel message gets through.
 */
export class WorkerApi {
  private readonly cancelled = new Set<number>();

  cancel(jobId: number): void {
    this.cancelled.add(jobId);
  }

  async perft(fen: string, depth: number, options: { variant?: Variant; divide?: boolean; jobId?: number },
    onProgress?: ProgressCallback): Promise<PerftResult> {
    const jobId = options.jobId ?? -1;
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
        if (this.cancelled.has(jobId)) throw failure(CANCELLED, 'cancelled');
        const child = root.value.clone();
        child.play(moves[i]);
        const count = perft(child.fen(), depth - 1, { variant });
        divide[makeUci(moves[i])] = count;
        nodes += count;
        // Awaited so that every progress report reaches the caller before the result does.
        await onProgress?.({ done: i + 1, total: moves.length, value: nodes });
      }
      return options.divide ? { nodes, divide } : { nodes };
    } finally {
      this.cancelled.delete(jobId);
    }
  }

  legalMoves(fen: string, options: { variant?: Variant } = {}): ListedMove[] {
    const pos = Position.fromFen(fen, { variant: options.variant ?? 'chess' });
    if (!pos.ok) throw failure('NotationFailure', `${pos.error.code} ${pos.error.message}`);
    return pos.value.legalMoves().map((m) => ({ uci: makeUci(m), san: makeSan(pos.value, m) }));
  }
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
