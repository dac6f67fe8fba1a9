// The one progress bar of the CLI: every long job (check/export/convert of large files, dd batches,
// perft --suite, and the verbs other domains add) reports through `startProgress`, so that all of
// them draw the same bar, on stderr only, and only when stderr is a terminal and --quiet is off.
import { createRequire } from 'node:module';
import type { Progress as JobProgress } from '../progress.js';
import type { CliIO } from './types.js';

export interface Progress {
  /** Sets the amount done so far (items, or bytes with `unit: 'bytes'`), and optionally a short detail shown after the counts (e.g. a rate). */
  update(done: number, detail?: string): void;
  /** Adds `by` (default 1) to the amount done. */
  increment(by?: number): void;
  /** Changes the total (e.g. once the number of items is known). */
  setTotal(total: number): void;
  /** Shows a report in the library's one progress shape: its `done`, and its `total` when given. */
  report(progress: JobProgress): void;
  /** Removes the bar (idempotent); call it before printing a summary. */
  stop(): void;
}

export interface ProgressOptions {
  /** Shown before the bar, e.g. the file name. */
  label: string;
  /** The amount at completion; 0 or unknown (NaN) draws no bar. */
  total: number;
  /** `bytes` shows MB; any other word is printed after the counts (default `items`). */
  unit?: string;
  /** The bar appears only once a job has run this long, so quick jobs draw nothing (default 300). */
  delayMs?: number;
}

/**
 * cli-progress, loaded when a bar is first drawn: loading it cost about 25 ms of CPU time, on every
 * call of every verb that merely started a progress report (most never draw one: not a terminal,
 * --quiet, or done within the delay).
 */
let barModule: typeof import('cli-progress') | undefined;
function loadBars(): typeof import('cli-progress') {
  barModule ??= createRequire(import.meta.url)('cli-progress') as typeof import('cli-progress');
  return barModule;
}

const SILENT: Progress = { update() {}, increment() {}, setTotal() {}, report() {}, stop() {} };

const megabytes = (n: number) => (n / 1e6).toFixed(1);

/**
 * A progress bar on stderr for a long job, or a silent stand-in when stderr is not a TTY, when
 * --quiet is on, or when the total is unknown. Callers update it per batch or per item, not per
 * inner-loop step (each update reads the clock).
 */
export function startProgress(io: CliIO, options: ProgressOptions): Progress {
  if (!io.isTTY || io.quiet || !(options.total > 0)) return SILENT;
  const bytes = options.unit === 'bytes';
  const unit = bytes ? 'MB' : (options.unit ?? 'items');
  const newBar = () =>
    new (loadBars().SingleBar)({
      stream: process.stderr,
      format: `${options.label} [{bar}] {percentage}% | {value}/{total} ${unit}{detail} | ETA {eta_formatted}`,
      barsize: 24,
      barCompleteChar: '\u2588',
      barIncompleteChar: '\u2591',
      hideCursor: false,
      clearOnComplete: true,
      stopOnComplete: false,
      fps: 10,
      formatValue: (value: number, _options: unknown, type: string) =>
        bytes && (type === 'value' || type === 'total') ? megabytes(value) : String(value),
    });
  let bar: ReturnType<typeof newBar> | undefined;
  const started = performance.now();
  // GN_PROGRESS_DELAY_MS (tests only) overrides any delay, so that a test need not run a long job.
  const delay = process.env.GN_PROGRESS_DELAY_MS ? Number(process.env.GN_PROGRESS_DELAY_MS) : (options.delayMs ?? 300);
  let total = options.total;
  let done = 0;
  let detail = '';
  let shown = false;
  let stopped = false;
  const draw = () => {
    if (stopped) return;
    if (!shown) {
      if (performance.now() - started < delay) return;
      shown = true;
      bar = newBar();
      bar.start(total, done, { detail });
      return;
    }
    bar?.update(done, { detail });
  };
  return {
    update(value, text) {
      done = value;
      if (text !== undefined) detail = ` | ${text}`;
      draw();
    },
    increment(by = 1) {
      done += by;
      draw();
    },
    setTotal(value) {
      total = value;
      if (shown && !stopped) bar?.setTotal(value);
    },
    report(progress) {
      if (progress.total !== undefined && progress.total > 0 && progress.total !== total) {
        total = progress.total;
        if (shown && !stopped) bar?.setTotal(total);
      }
      done = progress.done;
      draw();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      if (shown) bar?.stop();
    },
  };
}
