// The UCI protocol over any transport: handshake, options, searches with limits, timeouts,
// abort, respawn. Nothing here knows whether the engine is a process, a wasm module or a mock.
import { uciMove } from '../chess/fast.js';
import { RunningAnalysis, type Analysis } from './analysis.js';
import { EngineError, engineWarning, type EngineWarning } from './errors.js';
import {
  gamePly,
  legalPv,
  resolvePosition,
  positionCommand,
  type EngineVariant,
  type PositionInput,
  type ResolvedPosition,
} from './position.js';
import {
  goCommand,
  optionValue,
  parseBestmove,
  parseInfo,
  parseOption,
  type Bound,
  type EngineOption,
  type Info,
  type Limit,
} from './protocol.js';
import { Score, Wdl, SideWdl } from './score.js';
import { MAX_LINE, type Transport, type TransportExit, type TransportFactory } from './transport.js';

/** The value of a UCI option. */
export type OptionValue = string | number | boolean;

/** Time limits of engine commands, in milliseconds. */
export interface EngineTimeouts {
  /** `uci` … `uciok` (default 10 000 ms). */
  handshake?: number;
  /** `isready` and other short commands (default 5 000 ms). */
  command?: number;
  /** Added to a search's own time (movetime, or the clock of the side to move) for the watchdog (default 5 000 ms). */
  margin?: number;
  /**
   * For searches without a time (depth, nodes, mate, infinite): the longest the engine may stay
   * silent before it counts as hung (default 60 000 ms).
   */
  silence?: number;
  /** After `stop`, how long to wait for `bestmove` (default 1 000 ms). */
  stop?: number;
}

/** How to start and talk to an engine: transport factory, options, timeouts and respawns. */
export interface EngineConfig {
  /** Makes the transport; called again for each respawn. */
  transport: TransportFactory;
  /** Options set after the handshake (and again after a respawn). */
  options?: Record<string, OptionValue>;
  timeouts?: EngineTimeouts;
  /** Restart a dead engine and repeat the command that was running (true = up to 2 restarts per command). */
  respawn?: boolean | number;
}

/** One principal variation at one depth. */
export interface AnalysisLine {
  /** Its rank, 1 = best. */
  multipv: number;
  depth: number;
  seldepth?: number;
  score: Score;
  /** Set when the score is only a bound (an aspiration window failed). */
  bound?: Bound;
  /** The moves in UCI, checked against the position: up to the first illegal one (a `ERR_ENGINE_PV`). */
  pv: string[];
  /** The same moves in SAN. */
  pvSan: string[];
  nodes?: number;
  nps?: number;
  time?: number;
  tbhits?: number;
  hashfull?: number;
  /** The engine's own win/draw/loss chances, when it sends them (`UCI_ShowWDL`). */
  wdl?: Wdl;
}

/** The result of a search: best move, final lines and every completed depth. */
export interface AnalysisResult {
  bestmove: string | null;
  ponder?: string;
  /** The last line of each PV, ordered by multipv. */
  lines: AnalysisLine[];
  /** Every completed depth with its lines (ordered by multipv): the depth grid. */
  depths: { depth: number; lines: AnalysisLine[] }[];
  /** The side to move in the searched position. */
  turn: 'white' | 'black';
  /** Totals from the last info line that had them. */
  nodes?: number;
  nps?: number;
  time?: number;
  /** The search was stopped by an AbortSignal or `stop()`. */
  stopped?: boolean;
  /** The watchdog stopped the search; the engine answered `stop`. */
  timedOut?: boolean;
  /** Lines of the search that made no sense (the first 100). */
  warnings: EngineWarning[];
  /** Warnings beyond the first 100, counted and dropped. */
  warningsDropped: number;
}

/** One `info` line, typed; every field is optional because engines differ in what they send. */
export interface EngineInfo {
  depth?: number;
  seldepth?: number;
  /** The line's rank (absent: 1). */
  multipv?: number;
  /** The score, with the side to move. */
  score?: Score;
  /** Set when the score is only a bound. */
  bound?: Bound;
  nodes?: number;
  nps?: number;
  hashfull?: number;
  tbhits?: number;
  sbhits?: number;
  /** Milliseconds searched. */
  time?: number;
  cpuload?: number;
  /** The PV in UCI, checked against the position (see `AnalysisLine.pv`). */
  pv?: string[];
  /** The PV in SAN. */
  pvSan?: string[];
  refutation?: string[];
  currline?: { cpu: number; moves: string[] };
  currmove?: string;
  currmovenumber?: number;
  /** Win/draw/loss per mille from the side to move, as sent. */
  wdl?: [number, number, number];
  /** The text of `info string`. */
  string?: string;
}

/** Options of a search: MultiPV, restricted root moves, abort signal. */
export interface SearchOptions {
  multipv?: number;
  signal?: AbortSignal;
  searchmoves?: string[];
  /** `go ponder …`: search the position after the expected reply until `ponderhit()` or `stop()`. */
  ponder?: boolean;
  /** Watchdog for this search in ms (replaces the default). */
  timeout?: number;
  /** Send `ucinewgame` before this search (it is also sent when `game` changes, and before the first search). */
  newGame?: boolean;
  /**
   * What game this search belongs to, compared with `===` to the previous search's: when it
   * differs, `ucinewgame` is sent first. Default: the game object of a `{ game, ply }` position,
   * else none (only the first search of an engine counts as a new game).
   */
  game?: unknown;
  /** Engine options for this search only, restored afterwards (to the value set at open, else the declared default). */
  options?: Record<string, OptionValue>;
  /** Overrides the variant guessed from the position. */
  variant?: EngineVariant;
  chess960?: boolean;
  /** Called for every info line. */
  onInfo?(info: EngineInfo): void;
}

const LIBRARY_OPTIONS = new Set(['multipv', 'uci_chess960', 'uci_variant', 'uci_analysemode']);

interface Waiter {
  line(text: string): void;
  exit(reason: TransportExit): void;
  /** The engine broke the protocol: settle with this error (the engine is ended right after). */
  fail(error: EngineError): void;
}

/** Warnings the engine keeps (the most recent). */
const MAX_ENGINE_WARNINGS = 100;
/** Warnings a search result keeps (the first). */
const MAX_SEARCH_WARNINGS = 100;
/** Option declarations an engine may make (Stockfish makes about 20, Fairy-Stockfish about 40). */
const MAX_OPTIONS = 1024;
/** Depths kept in the grid (Stockfish stops at 245). */
const MAX_GRID_DEPTH = 1000;

const now = (): number => (globalThis.performance ?? Date).now();

/**
 * One UCI engine. Commands run one at a time (calls queue); every call settles: it resolves or
 * rejects with an `EngineError`. Open it with `openEngine`; `close()` (or `await using`) ends it.
 */
export class UciEngine {
  /** From `id name`. */
  name = '';
  /** From `id author`. */
  author = '';
  /** Declared options, by lower-case name. */
  readonly options = new Map<string, EngineOption>();
  /** Lines that made no sense outside a search (the most recent 100; kept, never fatal). */
  readonly warnings: EngineWarning[] = [];
  /** Warnings dropped from `warnings` to keep it bounded (the oldest go first). */
  warningsDropped = 0;
  /** How many times the engine was restarted. */
  respawns = 0;

  private transport?: Transport;
  private waiter?: Waiter;
  private alive = false;
  private closed = false;
  private lastExit?: TransportExit;
  private recentStrings: string[] = [];
  private activeSearch?: { stop(): void; ponderhit(): void };
  private queue: Promise<unknown> = Promise.resolve();
  /** Values the engine currently has, by lower-case name (user options and library-owned ones). */
  private current = new Map<string, string>();
  private readonly userOptions: Record<string, OptionValue>;
  private readonly t: Required<EngineTimeouts>;
  private readonly maxRespawns: number;
  /** No search yet since the engine (re)started: the next one is a new game. */
  private fresh = true;
  /** The `game` of the previous search. */
  private lastGame: unknown;

  constructor(private readonly config: EngineConfig) {
    this.userOptions = { ...(config.options ?? {}) };
    for (const name of Object.keys(this.userOptions))
      if (LIBRARY_OPTIONS.has(name.toLowerCase()))
        throw new EngineError(
          'ERR_ENGINE_OPTION',
          `option ${name} is set by the library (from the position and the request)`,
        );
    const t = config.timeouts ?? {};
    this.t = {
      handshake: t.handshake ?? 10000,
      command: t.command ?? 5000,
      margin: t.margin ?? 5000,
      silence: t.silence ?? 60000,
      stop: t.stop ?? 1000,
    };
    this.maxRespawns = config.respawn === true ? 2 : typeof config.respawn === 'number' ? config.respawn : 0;
  }

  /** Starts the engine: handshake, options, isready. */
  async open(): Promise<this> {
    await this.exclusive(() => this.boot(), false);
    return this;
  }

  private async boot(): Promise<void> {
    this.transport?.kill();
    this.current.clear();
    this.options.clear();
    this.fresh = true;
    const transport = await this.config.transport();
    this.transport = transport;
    this.lastExit = undefined;
    this.recentStrings = [];
    await transport.start({
      line: (text) => {
        if (this.transport !== transport) return;
        this.onLine(text);
      },
      exit: (reason) => {
        if (this.transport !== transport) return;
        this.alive = false;
        this.lastExit ??= reason;
        const w = this.waiter;
        this.waiter = undefined;
        w?.exit(reason);
      },
    });
    this.alive = true;
    await this.handshake();
    for (const [name, value] of Object.entries(this.userOptions)) this.setOptionNow(name, value);
    await this.isReadyNow();
  }

  private warn(warning: EngineWarning): void {
    this.warnings.push(warning);
    if (this.warnings.length > MAX_ENGINE_WARNINGS) {
      this.warnings.shift();
      this.warningsDropped++;
    }
  }

  private onLine(text: string): void {
    if (text.length > MAX_LINE) {
      this.protocolFailure(
        `the engine sent a line longer than ${MAX_LINE} characters (${JSON.stringify(text.slice(0, 40))}…)`,
      );
      return;
    }
    if (text.startsWith('info string ')) {
      // Engines explain fatal problems here (Stockfish: a missing network) just before exiting.
      this.recentStrings.push(text.slice(12, 212).trim());
      if (this.recentStrings.length > 8) this.recentStrings.shift();
    }
    if (this.waiter) this.waiter.line(text);
    else if (text.trim() && !text.startsWith('info'))
      this.warn(engineWarning('ERR_ENGINE_STRAY', 'output while no command was running', text));
  }

  /**
   * The engine broke the protocol in a way that leaves it in an unknown state (or floods us): the
   * pending call rejects with ERR_ENGINE_PROTOCOL and the engine is ended (a respawn starts afresh).
   */
  private protocolFailure(message: string): void {
    const error = new EngineError('ERR_ENGINE_PROTOCOL', message, this.lastExit?.stderr);
    this.lastExit ??= { error: `ended after a protocol error: ${message}`, stderr: [] };
    const w = this.waiter;
    this.waiter = undefined;
    w?.fail(error);
    this.kill();
  }

  private terminated(reason: TransportExit, during: string): EngineError {
    const how = reason.error ?? (reason.signal ? `killed by ${reason.signal}` : `exited with code ${reason.code}`);
    const said = this.recentStrings.length ? `; its last info strings: ${this.recentStrings.join(' | ')}` : '';
    return new EngineError(
      'ERR_ENGINE_TERMINATED',
      `engine ${this.transport?.name ?? ''} ended during ${during}: ${how}${said}`,
      reason.stderr,
    );
  }

  /** Sends lines and waits until `accept` returns a value, the timeout passes, or the engine dies. */
  private request<T>(
    lines: string[],
    accept: (text: string) => T | undefined,
    timeout: number,
    what: string,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (!this.alive) {
        reject(
          this.lastExit
            ? this.terminated(this.lastExit, what)
            : new EngineError('ERR_ENGINE_CLOSED', 'engine is not running'),
        );
        return;
      }
      const timer = setTimeout(() => {
        this.waiter = undefined;
        // An engine that misses a deadline is in an unknown state: end it (a respawn starts afresh).
        this.kill();
        reject(
          new EngineError('ERR_ENGINE_TIMEOUT', `no answer to ${what} within ${timeout} ms`, this.lastExit?.stderr),
        );
      }, timeout);
      this.waiter = {
        line: (text) => {
          let v: T | undefined;
          try {
            v = accept(text);
          } catch (e) {
            clearTimeout(timer);
            if (e instanceof EngineError && e.code === 'ERR_ENGINE_PROTOCOL') {
              this.protocolFailure(e.error.message); // settles through this waiter's fail
              return;
            }
            this.waiter = undefined;
            reject(e);
            return;
          }
          if (v !== undefined) {
            clearTimeout(timer);
            this.waiter = undefined;
            resolve(v);
          }
        },
        exit: (reason) => {
          clearTimeout(timer);
          reject(this.terminated(reason, what));
        },
        fail: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      for (const l of lines) this.send(l);
    });
  }

  private send(line: string): void {
    this.transport?.send(line);
  }

  private async handshake(): Promise<void> {
    await this.request(
      ['uci'],
      (text) => {
        const t = text.trim();
        if (t === 'uciok') return true;
        if (t.startsWith('id name ')) this.name = t.slice(8, 208).trim();
        else if (t.startsWith('id author ')) this.author = t.slice(10, 210).trim();
        else if (t.startsWith('option ')) {
          const opt = parseOption(t.slice(7));
          if (!opt) this.warn(engineWarning('ERR_ENGINE_OPTION_LINE', 'unreadable option line', text));
          else if (this.options.size >= MAX_OPTIONS && !this.options.has(opt.name.toLowerCase()))
            throw new EngineError('ERR_ENGINE_PROTOCOL', `the engine declared more than ${MAX_OPTIONS} options`);
          else this.options.set(opt.name.toLowerCase(), opt);
        } else if (t && !t.startsWith('id ') && !t.startsWith('info'))
          this.warn(engineWarning('ERR_ENGINE_LINE', 'unexpected line during the handshake', text));
        return undefined;
      },
      this.t.handshake,
      'uci',
    );
  }

  private isReadyNow(): Promise<void> {
    return this.request(
      ['isready'],
      (text) => (text.trim() === 'readyok' ? true : undefined),
      this.t.command,
      'isready',
    ).then(() => undefined);
  }

  /** The declaration and the text to send for a value; throws ERR_ENGINE_OPTION. */
  private checkOption(name: string, value: OptionValue): { opt: EngineOption; text: string } {
    const opt = this.options.get(name.toLowerCase());
    if (!opt) throw new EngineError('ERR_ENGINE_OPTION', `${this.name || 'the engine'} has no option ${name}`);
    const v = optionValue(opt, value);
    if ('error' in v) throw new EngineError('ERR_ENGINE_OPTION', v.error);
    return { opt, text: v.text };
  }

  /** Sends `setoption` when the value differs from what the engine has; throws ERR_ENGINE_OPTION. */
  private setOptionNow(name: string, value: OptionValue): void {
    const { opt, text } = this.checkOption(name, value);
    const key = opt.name.toLowerCase();
    if (opt.type !== 'button' && this.current.get(key) === text) return;
    this.send(opt.type === 'button' ? `setoption name ${opt.name}` : `setoption name ${opt.name} value ${text}`);
    if (opt.type !== 'button') this.current.set(key, text);
  }

  /** Sets a search's option overrides (all checked first); returns what restores them. */
  private override(options: Record<string, OptionValue>): () => void {
    const restore: [string, OptionValue][] = [];
    for (const [name, value] of Object.entries(options)) {
      if (LIBRARY_OPTIONS.has(name.toLowerCase()))
        throw new EngineError('ERR_ENGINE_OPTION', `option ${name} is set by the library`);
      const { opt } = this.checkOption(name, value);
      if (opt.type === 'button') continue;
      const own = Object.keys(this.userOptions).find((k) => k.toLowerCase() === opt.name.toLowerCase());
      const back = own !== undefined ? this.userOptions[own] : opt.default;
      if (back !== undefined) restore.push([opt.name, back]);
      else if (opt.type === 'string') restore.push([opt.name, '']);
    }
    for (const [name, value] of Object.entries(options)) this.setOptionNow(name, value);
    return () => {
      // A dead engine gets its options afresh at the restart; nothing to restore then.
      if (!this.alive) return;
      for (const [name, value] of restore) this.setOptionNow(name, value);
    };
  }

  /**
   * Runs `op` alone (calls queue). When the engine died (before or during the op) and respawn is on,
   * restarts it and repeats the op.
   */
  private exclusive<T>(op: () => Promise<T>, respawnable = true): Promise<T> {
    const run = async (): Promise<T> => {
      if (this.closed) throw new EngineError('ERR_ENGINE_CLOSED', 'engine was closed');
      let restarts = 0;
      for (;;) {
        try {
          if (respawnable && !this.alive) {
            if (restarts >= this.maxRespawns) {
              throw this.lastExit
                ? this.terminated(this.lastExit, 'an earlier command')
                : new EngineError('ERR_ENGINE_CLOSED', 'engine is not running');
            }
            restarts++;
            this.respawns++;
            await this.boot();
          }
          return await op();
        } catch (e) {
          // A crash (not a timeout: a hung engine would likely hang again) repeats the command on a fresh engine.
          if (
            respawnable &&
            !this.closed &&
            !this.alive &&
            restarts < this.maxRespawns &&
            (e as EngineError).code === 'ERR_ENGINE_TERMINATED'
          )
            continue;
          throw e;
        }
      }
    };
    const p = this.queue.then(run, run);
    this.queue = p.catch(() => undefined);
    return p;
  }

  /** Whether the engine declares an option (case-insensitive). */
  hasOption(name: string): boolean {
    return this.options.has(name.toLowerCase());
  }

  /** Sets an engine option (checked against its declaration); kept across respawns. */
  setOption(name: string, value: OptionValue): Promise<void> {
    if (LIBRARY_OPTIONS.has(name.toLowerCase()))
      return Promise.reject(new EngineError('ERR_ENGINE_OPTION', `option ${name} is set by the library`));
    return this.exclusive(async () => {
      this.setOptionNow(name, value);
      this.userOptions[name] = value;
      await this.isReadyNow();
    });
  }

  /** `isready` round trip. */
  ping(): Promise<void> {
    return this.exclusive(() => this.isReadyNow());
  }

  /** `ucinewgame` then `isready`. */
  newGame(): Promise<void> {
    return this.exclusive(async () => {
      this.send('ucinewgame');
      await this.isReadyNow();
    });
  }

  /** Checks the position and the limit before the call queues; throws the EngineError. */
  private checkCall(position: PositionInput, limit: Limit, opts: SearchOptions): { pos: ResolvedPosition; go: string } {
    const go = goCommand(limit, { searchmoves: opts.searchmoves, ponder: opts.ponder });
    if (opts.timeout !== undefined && !(Number.isFinite(opts.timeout) && opts.timeout > 0))
      throw new EngineError('ERR_ENGINE_LIMIT', `timeout must be a positive number of ms, got ${String(opts.timeout)}`);
    let pos: ResolvedPosition;
    try {
      pos = resolvePosition(position, opts);
    } catch (e) {
      throw e instanceof EngineError ? e : new EngineError('ERR_ENGINE_POSITION', (e as Error).message);
    }
    for (const m of opts.searchmoves ?? []) {
      const move = uciMove(m);
      if (!move || !pos.position.isLegal(move))
        throw new EngineError('ERR_ENGINE_POSITION', `searchmoves: ${m} is not legal in ${pos.position.fen()}`);
    }
    return { pos, go };
  }

  /** Searches and returns the final lines and the depth grid. */
  analyse(position: PositionInput, limit: Limit, opts: SearchOptions = {}): Promise<AnalysisResult> {
    let req: { pos: ResolvedPosition; go: string };
    try {
      req = this.checkCall(position, limit, opts);
    } catch (e) {
      return Promise.reject(e);
    }
    return this.exclusive(() => this.search(req.pos, limit, req.go, opts, true));
  }

  /** Plays: the best move (and the expected reply) under the limit; analyse mode off. */
  async play(
    position: PositionInput,
    limit: Limit,
    opts: Omit<SearchOptions, 'multipv'> = {},
  ): Promise<{ bestmove: string | null; ponder?: string; result: AnalysisResult }> {
    const req = this.checkCall(position, limit, opts);
    const result = await this.exclusive(() => this.search(req.pos, limit, req.go, { ...opts, multipv: 1 }, false));
    return result.ponder
      ? { bestmove: result.bestmove, ponder: result.ponder, result }
      : { bestmove: result.bestmove, result };
  }

  /**
   * Starts a search and returns its handle at once: iterate it for the info lines, read `info` /
   * `multipv` for the latest, `wait()` for the final result, `stop()` to end it.
   * @example
   * ```ts
   * const analysis = engine.analysis('startpos', { infinite: true });
   * for await (const info of analysis) if ((info.depth ?? 0) >= 12) break; // break stops the search
   * const { bestmove } = await analysis.wait();
   * ```
   */
  analysis(position: PositionInput, limit: Limit, opts: SearchOptions = {}): Analysis {
    const inner = new AbortController();
    const outer = opts.signal;
    const onOuter = (): void => inner.abort();
    if (outer?.aborted) inner.abort();
    else outer?.addEventListener('abort', onOuter);
    return new RunningAnalysis(
      (onInfo) =>
        this.analyse(position, limit, {
          ...opts,
          signal: inner.signal,
          onInfo: (info) => {
            onInfo(info);
            opts.onInfo?.(info);
          },
        }).finally(() => outer?.removeEventListener('abort', onOuter)),
      inner,
    );
  }

  private async prepare(pos: ResolvedPosition, multipv: number, analyseMode: boolean, newGame: boolean): Promise<void> {
    const variant = pos.variant;
    if (this.hasOption('UCI_Variant')) this.setOptionNow('UCI_Variant', variant);
    else if (variant !== 'chess')
      throw new EngineError(
        'ERR_ENGINE_OPTION',
        `${this.name || 'the engine'} does not play ${variant} (no UCI_Variant option); use Fairy-Stockfish`,
      );
    if (this.hasOption('UCI_Chess960')) this.setOptionNow('UCI_Chess960', pos.chess960);
    if (this.hasOption('UCI_AnalyseMode')) this.setOptionNow('UCI_AnalyseMode', analyseMode);
    if (this.hasOption('MultiPV')) this.setOptionNow('MultiPV', multipv);
    else if (multipv > 1)
      throw new EngineError('ERR_ENGINE_OPTION', `${this.name || 'the engine'} has no MultiPV option`);
    if (newGame) this.send('ucinewgame');
    await this.isReadyNow();
  }

  private watchdog(
    limit: Limit,
    turn: 'white' | 'black',
    timeout?: number,
    ponder?: boolean,
  ): { total?: number; silence?: number } {
    if (timeout !== undefined) return { total: timeout };
    if (ponder) return { silence: this.t.silence }; // no clock runs until ponderhit
    const clock = turn === 'white' ? limit.wtime : limit.btime;
    const own = limit.movetime ?? clock;
    if (own !== undefined && !limit.infinite) return { total: own + this.t.margin };
    return { silence: this.t.silence };
  }

  private async search(
    pos: ResolvedPosition,
    limit: Limit,
    go: string,
    opts: SearchOptions,
    analyseMode: boolean,
  ): Promise<AnalysisResult> {
    const multipv = opts.multipv ?? 1;
    if (!Number.isInteger(multipv) || multipv < 1)
      throw new EngineError('ERR_ENGINE_OPTION', `multipv must be a positive integer, got ${multipv}`);
    const restore = opts.options ? this.override(opts.options) : undefined;
    try {
      const game = opts.game !== undefined ? opts.game : pos.game;
      const newGame = (opts.newGame ?? false) || this.fresh || game !== this.lastGame;
      this.fresh = false;
      this.lastGame = game;
      await this.prepare(pos, multipv, analyseMode, newGame);
      return await this.run(pos, limit, go, opts, multipv);
    } finally {
      restore?.();
    }
  }

  private run(
    pos: ResolvedPosition,
    limit: Limit,
    go: string,
    opts: SearchOptions,
    multipv: number,
  ): Promise<AnalysisResult> {
    const turn = pos.turn;
    const ply = gamePly(pos.position);
    const warnings: EngineWarning[] = [];
    const result: AnalysisResult = { bestmove: null, lines: [], depths: [], turn, warnings, warningsDropped: 0 };
    const warn = (w: EngineWarning): void => {
      if (warnings.length < MAX_SEARCH_WARNINGS) warnings.push(w);
      else result.warningsDropped++;
    };
    const latest = new Map<number, AnalysisLine>();
    const grid = new Map<number, Map<number, AnalysisLine>>();
    const dog = this.watchdog(limit, turn, opts.timeout, opts.ponder);
    const signal = opts.signal;

    const finish = (): AnalysisResult => {
      result.lines = [...latest.values()].sort((a, b) => a.multipv - b.multipv);
      result.depths = [...grid.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([depth, m]) => ({ depth, lines: [...m.values()].sort((a, b) => a.multipv - b.multipv) }));
      return result;
    };

    return new Promise<AnalysisResult>((resolve, reject) => {
      let settled = false;
      let stopSent = false;
      let stopTimer: ReturnType<typeof setTimeout> | undefined;
      let totalTimer: ReturnType<typeof setTimeout> | undefined;
      let silenceTimer: ReturnType<typeof setTimeout> | undefined;
      const cleanup = (): void => {
        settled = true;
        this.waiter = undefined;
        this.activeSearch = undefined;
        clearTimeout(stopTimer);
        clearTimeout(totalTimer);
        clearTimeout(silenceTimer);
        signal?.removeEventListener('abort', onAbort);
      };
      const fail = (e: EngineError): void => {
        if (settled) return;
        cleanup();
        reject(e);
      };
      const succeed = (): void => {
        if (settled) return;
        cleanup();
        resolve(finish());
      };
      /** Sends `stop`; when no bestmove follows in time, the engine is hung: kill it. */
      const stop = (why: 'abort' | 'timeout'): void => {
        if (stopSent || settled) return;
        stopSent = true;
        if (why === 'abort') result.stopped = true;
        else result.timedOut = true;
        this.send('stop');
        stopTimer = setTimeout(() => {
          // No bestmove after stop: the engine is hung. Settle first, then end it (the next command
          // restarts it when respawn is on).
          if (why === 'abort') {
            // The caller asked to stop and gets what was found so far.
            result.bestmove = latest.get(1)?.pv[0] ?? null;
            succeed();
          } else
            fail(
              new EngineError(
                'ERR_ENGINE_TIMEOUT',
                `search did not end in time and the engine did not answer stop within ${this.t.stop} ms`,
                this.lastExit?.stderr,
              ),
            );
          this.kill();
        }, this.t.stop);
      };
      const armSilence = (): void => {
        if (dog.silence === undefined) return;
        clearTimeout(silenceTimer);
        silenceTimer = setTimeout(() => stop('timeout'), dog.silence);
      };
      const onAbort = (): void => stop('abort');
      this.activeSearch = {
        stop: () => stop('abort'),
        ponderhit: () => {
          if (settled) return;
          this.send('ponderhit');
          // From now on the clock runs: the usual watchdog for the limit.
          const own = this.watchdog(limit, turn, opts.timeout);
          if (own.total !== undefined) {
            clearTimeout(silenceTimer);
            dog.silence = undefined;
            totalTimer = setTimeout(() => stop('timeout'), own.total);
          }
        },
      };

      this.waiter = {
        line: (text) => {
          armSilence();
          const t = text.trim();
          if (t.startsWith('info')) {
            const info = parseInfo(t.slice(4), warn);
            const out = this.typed(info, pos, ply, warn, text);
            this.record(out, multipv, latest, grid, result, warn, text);
            if (opts.onInfo) {
              try {
                opts.onInfo(out);
              } catch {
                /* a listener's fault is not the engine's */
              }
            }
          } else if (t.startsWith('bestmove')) {
            const b = parseBestmove(t);
            if (!b) {
              fail(new EngineError('ERR_ENGINE_PROTOCOL', `unreadable bestmove line: ${t.slice(0, 200)}`));
              return;
            }
            result.bestmove = b.bestmove;
            if (b.ponder) result.ponder = b.ponder;
            succeed();
          } else if (t) warn(engineWarning('ERR_ENGINE_LINE', 'unexpected line during a search', text));
        },
        exit: (reason) => fail(this.terminated(reason, 'a search')),
        fail,
      };
      if (signal?.aborted) {
        // Aborted before it started: nothing to search.
        result.stopped = true;
        succeed();
        return;
      }
      signal?.addEventListener('abort', onAbort);
      if (dog.total !== undefined) totalTimer = setTimeout(() => stop('timeout'), dog.total);
      armSilence();
      this.send(positionCommand(pos));
      this.send(go);
    });
  }

  /** An info line with its score turned into a `Score` and its PV checked against the position. */
  private typed(
    info: Info,
    pos: ResolvedPosition,
    ply: number,
    warn: (w: EngineWarning) => void,
    text: string,
  ): EngineInfo {
    const { score, ...rest } = info;
    const out: EngineInfo = rest;
    if (score) out.score = new Score(score, pos.turn, ply);
    if (info.pv) {
      const checked = legalPv(pos.position, info.pv);
      if (checked.problem) warn(engineWarning('ERR_ENGINE_PV', checked.problem, text));
      out.pv = checked.uci;
      out.pvSan = checked.san;
    }
    return out;
  }

  private record(
    info: EngineInfo,
    multipv: number,
    latest: Map<number, AnalysisLine>,
    grid: Map<number, Map<number, AnalysisLine>>,
    result: AnalysisResult,
    warn: (w: EngineWarning) => void,
    text: string,
  ): void {
    if (info.nodes !== undefined) result.nodes = info.nodes;
    if (info.nps !== undefined) result.nps = info.nps;
    if (info.time !== undefined) result.time = info.time;
    if (!info.score || info.depth === undefined) return;
    const k = info.multipv ?? 1;
    if (k > multipv) return;
    if (info.depth < 0 || info.depth > MAX_GRID_DEPTH) {
      warn(engineWarning('ERR_ENGINE_INFO', `depth ${info.depth} is outside 0..${MAX_GRID_DEPTH}`, text));
      return;
    }
    const line: AnalysisLine = {
      multipv: k,
      depth: info.depth,
      score: info.score,
      pv: info.pv ?? [],
      pvSan: info.pvSan ?? [],
    };
    if (info.bound) line.bound = info.bound;
    if (info.seldepth !== undefined) line.seldepth = info.seldepth;
    if (info.nodes !== undefined) line.nodes = info.nodes;
    if (info.nps !== undefined) line.nps = info.nps;
    if (info.time !== undefined) line.time = info.time;
    if (info.tbhits !== undefined) line.tbhits = info.tbhits;
    if (info.hashfull !== undefined) line.hashfull = info.hashfull;
    if (info.wdl) line.wdl = new Wdl(new SideWdl(...info.wdl), info.score.turn);
    // A bound never replaces an exact score of the same depth; a later exact line replaces anything.
    let row = grid.get(line.depth);
    if (!row) grid.set(line.depth, (row = new Map()));
    const prev = row.get(k);
    if (!(prev && !prev.bound && line.bound)) row.set(k, line);
    const last = latest.get(k);
    if (!last || line.depth > last.depth || !(line.bound && !last.bound && last.depth === line.depth))
      latest.set(k, line);
  }

  /** Stops the running search (it resolves with the result so far); no effect when none runs. */
  stop(): void {
    this.activeSearch?.stop();
  }

  /** The expected reply was played: a `ponder` search goes on as a normal one. */
  ponderhit(): void {
    this.activeSearch?.ponderhit();
  }

  /** Stops the process at once (no `quit`); the next command restarts it when respawn is on. */
  kill(): void {
    this.alive = false;
    const t = this.transport;
    t?.kill();
  }

  /**
   * Ends the engine: a running search is stopped, `quit` is sent, and the process is killed if it
   * does not exit in time. Later calls reject with ERR_ENGINE_CLOSED. Idempotent; never rejects.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.waiter && this.alive) this.send('stop');
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.queue, new Promise<void>((r) => (timer = setTimeout(r, this.t.stop + 500)))]);
    clearTimeout(timer);
    const t = this.transport;
    if (!t || !this.alive) {
      t?.kill();
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(
        () => {
          this.waiter = undefined;
          resolve();
        },
        Math.min(this.t.command, 2000),
      );
      const done = (): void => {
        clearTimeout(timer);
        resolve();
      };
      this.waiter = { line: () => undefined, exit: done, fail: done };
      t.send('quit');
    });
    this.waiter = undefined;
    this.alive = false;
    t.kill();
  }

  /** `close()`, for `await using engine = await openEngine(…)`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /** Round-trip helper for benchmarks: `isready` latency in ms. */
  async pingTime(): Promise<number> {
    const t0 = now();
    await this.ping();
    return now() - t0;
  }

  /** Whether the engine process is running. */
  get running(): boolean {
    return this.alive && !this.closed;
  }
}
