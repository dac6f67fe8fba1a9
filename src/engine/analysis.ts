// The handle `engine.analysis()` returns: the search's info lines as they come (async iteration),
// the latest merged info per line, the final result, and a way to stop. Memory stays bounded: at
// most MAX_BUFFERED infos wait for a reader that lags behind.
import type { AnalysisResult, EngineInfo } from './uci.js';

/**
 * A running analysis. Iterate it (`for await`) for each info line as the engine sends it; breaking
 * out of the loop stops the search. `info` and `multipv` hold the latest fields merged per line;
 * `wait()` gives the final result (also after a stop); `stop()` ends the search; `await using`
 * stops it when the scope ends. One reader: infos are handed out once.
 */
export interface Analysis extends AsyncIterable<EngineInfo> {
  /** Every field sent so far for the first line (multipv 1), the latest value of each. */
  readonly info: EngineInfo;
  /** The same per line: `multipv[k - 1]` for multipv k. */
  readonly multipv: readonly EngineInfo[];
  /** Infos dropped because the reader lagged more than 1 000 behind (the oldest go first). */
  readonly dropped: number;
  /** The final result: best move, final lines, the depth grid; rejects with an EngineError. */
  wait(): Promise<AnalysisResult>;
  /** Stops the search (it resolves with what was found so far); no effect once it ended. */
  stop(): void;
  /** Stops the search and waits until it has settled. */
  [Symbol.asyncDispose](): Promise<void>;
}

/** Infos kept for a reader that lags behind. */
const MAX_BUFFERED = 1000;
/** The most lines merged (Stockfish's MultiPV goes up to 500). */
const MAX_MULTIPV = 500;

/** The implementation behind `UciEngine.analysis()`. */
export class RunningAnalysis implements Analysis {
  info: EngineInfo = {};
  readonly multipv: EngineInfo[] = [];
  dropped = 0;
  private readonly buffer: EngineInfo[] = [];
  private wake?: () => void;
  private done = false;
  private failure?: { error: unknown };
  private readonly result: Promise<AnalysisResult>;

  constructor(
    run: (onInfo: (info: EngineInfo) => void) => Promise<AnalysisResult>,
    private readonly abort: AbortController,
  ) {
    this.result = run((info) => this.push(info));
    this.result.then(
      () => this.end(),
      (error: unknown) => {
        this.failure = { error };
        this.end();
      },
    );
  }

  private push(info: EngineInfo): void {
    const k = info.multipv ?? 1;
    if (Number.isInteger(k) && k >= 1 && k <= MAX_MULTIPV) {
      while (this.multipv.length < k) this.multipv.push({});
      this.multipv[k - 1] = { ...this.multipv[k - 1], ...info };
      if (k === 1) this.info = this.multipv[0]!;
    }
    this.buffer.push(info);
    if (this.buffer.length > MAX_BUFFERED) {
      this.buffer.shift();
      this.dropped++;
    }
    this.wake?.();
  }

  private end(): void {
    this.done = true;
    this.wake?.();
  }

  wait(): Promise<AnalysisResult> {
    return this.result;
  }

  stop(): void {
    this.abort.abort();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    this.stop();
    await this.result.catch(() => undefined);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<EngineInfo> {
    try {
      for (;;) {
        while (this.buffer.length) yield this.buffer.shift()!;
        if (this.done) break;
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
      }
      if (this.failure) throw this.failure.error;
    } finally {
      // Leaving the loop early (break, return, a throw in its body) stops the search.
      if (!this.done) {
        this.stop();
        await this.result.catch(() => undefined);
      }
    }
  }
}
