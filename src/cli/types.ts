import type { NotationError } from '../errors.js';

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** Warnings and notes: stderr, silenced by --quiet. */
  warn(text: string): void;
  /** Reads a whole file, or standard input for `-`. A file that cannot be read is a UsageError (exit 2). */
  readInput(path: string): Promise<InputFile>;
  /** Opens a file (or `-`) as a stream of chunks, for inputs too large to hold (bounded memory). */
  openInput(path: string): Promise<InputStream>;
  /** stderr is a terminal (progress bars are drawn only then). */
  isTTY: boolean;
  /** --quiet: no progress, no warnings, no summary lines; only results and errors. */
  quiet: boolean;
}

export interface InputFile {
  /** As given on the command line (`-` for standard input). */
  name: string;
  bytes: Uint8Array;
}

export interface InputStream {
  /** As given on the command line (`-` for standard input). */
  name: string;
  /** Size in bytes when known (files; not standard input). */
  size: number | undefined;
  /** The first bytes (up to 64 KiB), for recognising the format. */
  head: Uint8Array;
  /** Every chunk from the start (the head included); can be iterated once. */
  chunks: AsyncIterable<Uint8Array>;
  /**
   * Lets the reader reuse its buffers from now on: a chunk is then valid only until the one after
   * the next is taken. For a consumer that copies whatever it keeps longer (files only).
   */
  reuseChunks?(): void;
}

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

export interface CommandContext {
  positionals: string[];
  options: Record<string, string | boolean | string[] | undefined>;
  io: CliIO;
}

export interface Command {
  name: string;
  usage: string;
  options: OptionSpec;
  /**
   * Returns the exit code: 0 clean, 1 errors in the input, 2 usage error (see exit.ts). Bad input
   * is reported on stderr, never thrown; a command-line mistake may be thrown as a UsageError.
   */
  run(ctx: CommandContext): Promise<number>;
}

/** Where a streamed check/export/convert sends what it finds, as it finds it (bounded memory). */
export interface StreamSink {
  error(error: NotationError): void;
  warning(warning: NotationError): void;
  /** Output text (export/convert). */
  out(text: string): void;
  /** Bytes of the input consumed so far. */
  progress(bytes: number): void;
  /** Resolves when the output can take more (await it between batches: bounded memory). */
  drain(): Promise<void>;
}

/** A text format that `check`, `export` and `convert` can handle. */
export interface FormatHandler {
  name: string;
  check(input: InputFile, options: CommandContext['options']): Promise<CheckReport>;
  /** Streaming form of `check` for large inputs (used instead of `check` when present): returns the counts. */
  checkStream?(
    input: InputStream,
    options: CommandContext['options'],
    sink: StreamSink,
  ): Promise<Record<string, number>>;
  export?(input: InputFile, options: CommandContext['options']): Promise<ExportResult>;
  /** Streaming form of `export` (used instead of `export` when present). */
  exportStream?(input: InputStream, options: CommandContext['options'], sink: StreamSink): Promise<void>;
  /** Targets `convert --to` accepts, e.g. ['json', 'xml']. */
  convertTargets: string[];
  convert?(input: InputFile, to: string, options: CommandContext['options']): Promise<ExportResult>;
  /** Streaming form of `convert` (used instead of `convert` when present). */
  convertStream?(input: InputStream, to: string, options: CommandContext['options'], sink: StreamSink): Promise<void>;
}

export interface CheckReport {
  /** Counts for the summary line, e.g. { games: 12, moves: 830 }. */
  counts: Record<string, number>;
  errors: NotationError[];
  warnings: NotationError[];
}

export interface ExportResult {
  text: string;
  errors: NotationError[];
  /** What writing changed (a tag value's line end written as a space): on stderr unless --quiet. */
  warnings?: NotationError[];
}
