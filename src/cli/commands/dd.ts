// `gamenotation dd FILE.pbn|"N:… … … …" [--par] [--json] [--board N]`: double-dummy tables (and par).
import {
  calcDDTable,
  boardConditions,
  makeDeal,
  par,
  parseDeal,
  parsePbn,
  pbnGameInfo,
  type Deal,
  type Seat,
  type Strain,
  type Vulnerability,
} from '../../bridge/index.js';
import { availableParallelism } from 'node:os';
import type { DDTable } from '../../bridge/index.js';
import { ok, type Result } from '../../errors.js';
import { WorkerPool } from '../../worker/index.js';
import { intOption } from '../args.js';
import { EXIT_INPUT, EXIT_OK, UsageError } from '../exit.js';
import { startProgress, type Progress } from '../progress.js';
import { QUEUE_OPTIONS, queueTarget, runQueued } from '../queued.js';
import type { Command } from '../types.js';

const SEATS: Seat[] = ['N', 'E', 'S', 'W'];
const STRAINS: Strain[] = ['S', 'H', 'D', 'C', 'NT'];

interface Job {
  label: string;
  /** Undefined for a deal the reader refused: with --queue it still goes out, to fail in place. */
  deal?: Deal;
  /** The Deal tag as written (what a queued job carries). */
  text: string;
  board: number;
  dealer: Seat;
  vulnerability: Vulnerability;
}

export const ddCommand: Command = {
  name: 'dd',
  usage:
    'gamenotation dd FILE.pbn|-|"N:AKQ.T92..8765432 ..." [--par] [--json] [--board N] [--threads N | --queue redis://host:6379] [--quiet]',
  options: {
    par: { type: 'boolean' },
    json: { type: 'boolean' },
    board: { type: 'string' },
    threads: { type: 'string' },
    ...QUEUE_OPTIONS,
  },
  async run(ctx) {
    const [arg] = ctx.positionals;
    if (!arg) throw new UsageError(`missing FILE or deal\nusage: ${this.usage}`);
    const threads = intOption(ctx, 'threads', { min: 1, max: 256 }, availableParallelism());
    const queued = typeof ctx.options.queue === 'string';
    if (queued && ctx.options.threads !== undefined)
      throw new UsageError('--threads and --queue: with --queue the workers choose (gamenotation worker --jobs N)');
    if (queued) await queueTarget(ctx);
    const jobs: Job[] = [];
    let inputErrors = 0;
    if (/^\s*[NESWnesw]\s*:/.test(arg)) {
      const board = intOption(ctx, 'board', { min: 1 }, 1);
      const r = parseDeal(arg);
      if (!r.ok) {
        ctx.io.err(`error: ${r.error.code} ${r.error.message}\n`);
        return 1;
      }
      jobs.push({ label: `board ${board}`, deal: r.value, text: arg.trim(), board, ...boardConditions(board) });
    } else {
      const input = await ctx.io.readInput(arg);
      const parsed = parsePbn(input.bytes);
      // A deal the reader rejected (a hand of 14 cards, a card twice) is an error, never a board
      // quietly left out; a deal with unknown hands (`-`) cannot be solved and is skipped with a note.
      for (const e of parsed.errors)
        ctx.io.err(`${input.name}:${e.line ?? 0}:${e.column ?? 0} ${e.code} ${e.message}\n`);
      inputErrors = parsed.errors.length;
      let n = 0;
      for (const game of parsed.value.games) {
        n++;
        const info = pbnGameInfo(game);
        const board = info.board ?? n;
        const cycle = boardConditions(board);
        const refused = game.tags.Deal !== undefined && !info.deal;
        if (!info.deal || SEATS.some((s) => !info.deal![s])) {
          if (refused && queued) {
            // Already reported with its place in the file; through the queue it also fails in place.
            jobs.push({
              label: `${input.name} board ${board}`,
              text: game.tags.Deal!.value,
              board,
              dealer: info.dealer ?? cycle.dealer,
              vulnerability: info.vulnerable ?? cycle.vulnerability,
            });
            continue;
          }
          if (game.tags.Deal && !parsed.errors.length)
            ctx.io.warn(`${input.name} board ${board}: not every hand is known; skipped\n`);
          continue;
        }
        jobs.push({
          label: `${input.name} board ${board}`,
          deal: info.deal,
          text: makeDeal(info.deal, 'N'),
          board,
          dealer: info.dealer ?? cycle.dealer,
          vulnerability: info.vulnerable ?? cycle.vulnerability,
        });
      }
      if (!jobs.length) {
        ctx.io.err(`error: ${input.name}: no game with a complete deal\n`);
        return EXIT_INPUT;
      }
    }
    let failed = inputErrors;
    const print = (job: Job, t: Result<DDTable>) => {
      if (!t.ok) {
        ctx.io.err(`${job.label}: ${t.error.code} ${t.error.message}\n`);
        failed++;
        return;
      }
      ctx.io.out(renderTable(job, t.value, { json: ctx.options.json === true, par: ctx.options.par === true }));
    };
    if (queued) {
      await runQueued(
        ctx,
        jobs.map((job) => ({ job, label: job.label, data: { kind: 'dd' as const, deal: job.text } })),
        jobs.length,
        { label: arg, unit: 'boards' },
        (item, outcome) =>
          print(
            item.job,
            outcome.ok ? ok((outcome.value as { table: DDTable }).table) : { ok: false, error: outcome.error },
          ),
      );
    } else {
      const progress = startProgress(ctx.io, { label: arg, total: jobs.length > 1 ? jobs.length : 0, unit: 'boards' });
      const tables = await solveAll(jobs, threads, progress);
      progress.stop();
      jobs.forEach((job, i) => print(job, tables[i]!));
    }
    return failed ? EXIT_INPUT : EXIT_OK;
  },
};

/** A board's table as `dd` prints it: a text block (with par when asked), or one JSON line. */
function renderTable(job: Job, table: DDTable, options: { json: boolean; par: boolean }): string {
  const p = par(table, { dealer: job.dealer, vulnerability: job.vulnerability });
  const deal = makeDeal(job.deal!, 'N');
  if (options.json) {
    const dd = Object.fromEntries(SEATS.map((s) => [s, Object.fromEntries(STRAINS.map((st) => [st, table[s][st]]))]));
    return `${JSON.stringify({ deal, dd, par: { score_ns: p.scoreNs, contracts: p.contracts } })}\n`;
  }
  const lines = [
    `${deal}  (${job.label}, dealer ${job.dealer}, vul ${job.vulnerability})`,
    `     ${STRAINS.map((s) => s.padStart(3)).join('')}`,
  ];
  for (const s of SEATS) lines.push(`  ${s}  ${STRAINS.map((st) => String(table[s][st]).padStart(3)).join('')}`);
  if (options.par) lines.push(`  ${p.dealerText}  [${p.contracts.join(', ')}]`);
  return `${lines.join('\n')}\n\n`;
}

/**
 * Tables of every board, in input order: on a pool of `threads` workers when there is more than
 * one board (each bad board fails alone), else in this thread.
 */
async function solveAll(jobs: Job[], threads: number, progress: Progress): Promise<Result<DDTable>[]> {
  const size = Math.min(threads, jobs.length);
  if (size <= 1) {
    return jobs.map((job) => {
      const table = calcDDTable(job.deal!);
      progress.increment();
      return table;
    });
  }
  const pool = new WorkerPool({ size });
  try {
    return await pool.calcDDTables(
      jobs.map((job) => makeDeal(job.deal!, 'N')),
      { onProgress: (p) => progress.report(p) },
    );
  } finally {
    await pool.terminate();
  }
}
