import type { NotationError } from '../errors.js';

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** Reads a file, or standard input for `-`. */
  readInput(path: string): Promise<InputFile>;
  isTTY: boolean;
}

export interface InputFile {
  /** As given on the command line (`-` for standard input). */
  name: string;
  bytes: Uint8Array;
}

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

export interface CommandContext {
  positionals: string[];
  options: Record<string, string | boolean | string[] | undefined>;
  io: CliIO;
}

export interface Command {
  name: string;
  summary: string;
  usage: string;
  options: OptionSpec;
  /** Returns the exit code. Bad input is reported on stderr with exit code 1, never thrown. */
  run(ctx: CommandContext): Promise<number>;
}

/** A text format that `check`, `export` and `convert` can handle. */
export interface FormatHandler {
  name: string;
  extensions: string[];
  /** Recognises the format from content when the extension does not tell. */
  sniff?(text: string): boolean;
  check(input: InputFile, options: CommandContext['options']): Promise<CheckReport>;
  export?(input: InputFile, options: CommandContext['options']): Promise<ExportResult>;
  /** Targets `convert --to` accepts, e.g. ['json', 'xml']. */
  convertTargets: string[];
  convert?(input: InputFile, to: string, options: CommandContext['options']): Promise<ExportResult>;
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
}
