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

/** The longest line an engine may send, in characters (1 MiB of ASCII); a longer one is a protocol error. */
export const MAX_LINE = 1 << 20;

const STDERR_LINES = 20;
/** The longest stderr line kept (its start); the tail buffer never holds more than this per line. */
const STDERR_LINE = 1000;

/** Keeps the last lines of an error stream (each cut to its first 1 000 characters). */
export class TailBuffer {
  readonly lines: string[] = [];
  private partial = '';
  /** Characters of the current line beyond what `partial` keeps. */
  private cut = false;
  push(chunk: string): void {
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', start)) {
      this.extend(chunk.slice(start, nl));
      const line = this.partial.replace(/\r$/, '');
      if (line.trim()) this.add(this.cut ? `${line}…` : line);
      this.partial = '';
      this.cut = false;
      start = nl + 1;
    }
    this.extend(chunk.slice(start));
  }
  private extend(text: string): void {
    if (this.partial.length + text.length <= STDERR_LINE) this.partial += text;
    else {
      this.partial = (this.partial + text.slice(0, STDERR_LINE)).slice(0, STDERR_LINE);
      this.cut = true;
    }
  }
  add(line: string): void {
    this.lines.push(line.length > STDERR_LINE ? `${line.slice(0, STDERR_LINE)}…` : line);
    if (this.lines.length > STDERR_LINES) this.lines.shift();
  }
  snapshot(): string[] {
    return this.partial.trim() ? [...this.lines, this.cut ? `${this.partial}…` : this.partial] : [...this.lines];
  }
}

/**
 * Splits a text stream into lines (CR LF or LF). A line longer than `MAX_LINE` is delivered cut to
 * `MAX_LINE + 1` characters, so that the reader sees it was too long, and the rest of it up to its
 * line break is dropped: the buffer never holds more than one line's cap, whatever the engine sends.
 */
export class LineSplitter {
  private partial = '';
  /** Inside an over-long line that was already delivered: drop text up to the next line break. */
  private skipping = false;
  constructor(
    private readonly onLine: (line: string) => void,
    private readonly maxLine = MAX_LINE,
  ) {}
  push(chunk: string): void {
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', start)) {
      if (this.skipping) this.skipping = false;
      else {
        const text = this.partial + chunk.slice(start, nl);
        this.partial = '';
        const end = text.length > 0 && text.charCodeAt(text.length - 1) === 13 ? text.length - 1 : text.length;
        this.deliver(text.slice(0, end));
      }
      start = nl + 1;
    }
    if (this.skipping || start >= chunk.length) return;
    const rest = chunk.slice(start);
    if (this.partial.length + rest.length > this.maxLine) {
      this.deliver((this.partial + rest.slice(0, this.maxLine + 1)).slice(0, this.maxLine + 1));
      this.partial = '';
      this.skipping = true;
    } else this.partial += rest;
  }
  private deliver(line: string): void {
    this.onLine(line.length > this.maxLine ? line.slice(0, this.maxLine + 1) : line);
  }
  flush(): void {
    if (this.partial && !this.skipping) this.onLine(this.partial);
    this.partial = '';
    this.skipping = false;
  }
}
