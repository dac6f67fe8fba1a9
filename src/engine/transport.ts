/** Why a transport ended: exit code or signal of a process, or an error text; `stderr` keeps its last lines. */
export interface TransportExit {
  code?: number | null;
  signal?: string | null;
  error?: string;
  stderr: string[];
}

/** Callbacks a transport calls with the engine's output and its end. */
export interface TransportHandlers {
  /** One line of engine output, without its line break. */
  line(text: string): void;
  /** The engine is gone (exit, crash, or failed to start). Called once. */
  exit(reason: TransportExit): void;
}

/**
 * A byte pipe to one engine: a child process, a wasm module, a web worker, or a scripted mock. The
 * protocol core (`UciEngine`) knows nothing else about it.
 */
export interface Transport {
  readonly name: string;
  /** Starts the engine; resolves when it can take lines (rejects with an EngineError when it cannot). */
  start(handlers: TransportHandlers): Promise<void>;
  /** Sends one command line to the engine; ignored once the engine has ended. */
  send(line: string): void;
  /** Ends the engine for good (the process group of a child process); idempotent. */
  kill(): void;
}

/** Makes a fresh transport: called once at open and again for each respawn. */
export type TransportFactory = () => Transport | Promise<Transport>;

const STDERR_LINES = 20;

/** Keeps the last lines of an error stream. */
export class TailBuffer {
  readonly lines: string[] = [];
  private partial = '';
  push(chunk: string): void {
    const parts = (this.partial + chunk).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    for (const p of parts) if (p.trim()) this.add(p);
  }
  add(line: string): void {
    this.lines.push(line);
    if (this.lines.length > STDERR_LINES) this.lines.shift();
  }
  snapshot(): string[] {
    return this.partial.trim() ? [...this.lines, this.partial] : [...this.lines];
  }
}

/** Splits a byte/text stream into lines (CR LF or LF). */
export class LineSplitter {
  private partial = '';
  constructor(private readonly onLine: (line: string) => void) {}
  push(chunk: string): void {
    let start = 0;
    const text = this.partial + chunk;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      this.onLine(text.slice(start, end));
      start = nl + 1;
    }
    this.partial = text.slice(start);
  }
  flush(): void {
    if (this.partial) this.onLine(this.partial);
    this.partial = '';
  }
}
