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
import type { Result } from '../../errors.js';
import { WorkerPool } from '../../worker/index.js';
import { intOption } from '../args.js';
import { EXIT_INPUT, EXIT_OK, UsageError } from '../exit.js';
import { startProgress, type Progress } from '../progress.js';
import type { Command } from '../types.js';

const SEATS: Seat[] = ['N', 'E', 'S', 'W'];
const STRAINS: Strain[] = ['S', 'H', 'D', 'C', 'NT'];

interface Job {
  label: string;
  deal: Deal;
  board: number;
  dealer: Seat;
  vulnerability: Vulnerability;
}

export const ddCommand: Command = {
  name: 'dd',
  usage: 'gamenotation dd FILE.pbn|-|"N:AKQ.T92..8765432 ..." [--par] [--json] [--board N] [--threads N] [--quiet]',
  options: {
    par: { type: 'boolean' },
    json: { type: 'boolean' },
    board: { type: 'string' },
    threads: { type: 'string' },
  },
  async run(ctx) {
    const [arg] = ctx.positionals;
    if (!arg) throw new UsageError(`missing FILE or deal\nusage: ${this.usage}`);
    const threads = intOption(ctx, 'threads', { min: 1, max: 256 }, availableParallelism());
    const jobs: Job[] = [];
    let inputErrors = 0;
    if (/^\s*[NESWnesw]\s*:/.test(arg)) {
      const board = intOption(ctx, 'board', { min: 1 }, 1);
      const r = parseDeal(arg);
      if (!r.ok) {
        ctx.io.err(`error: ${r.error.code} ${r.error.message}\n`);
        return 1;
      }
      jobs.push({ label: `board ${board}`, deal: r.value, board, ...boardConditions(board) });
    } else {
      const input = await ctx.io.readInput(arg);
      const parsed = parsePbn(input.bytes);
      // A deal the reader rejected (a hand of 14 cards, a card twice) is an error, never a board
      // quietly left out; a deal with unknown hands (`-`) cannot be solved and is skipped with a note.
      for (const e of parsed.errors)
        ctx.io.err(`${input.name}:${e.line ?? 0}:${e.column ?? 0} ${e.code} ${e.message}\n`);
      inputErrors = parsed.errors.length;
      let n = 0;
      for (const game of parsed.games) {
        n++;
        const info = pbnGameInfo(game);
        if (!info.deal || SEATS.some((s) => !info.deal![s])) {
          if (game.tags.Deal && !parsed.errors.length)
            ctx.io.warn(`${input.name} board ${info.board ?? n}: not every hand is known; skipped\n`);
          continue;
        }
        const board = info.board ?? n;
        const cycle = boardConditions(board);
        jobs.push({
          label: `${input.name} board ${board}`,
          deal: info.deal,
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
    const progress = startProgress(ctx.io, { label: arg, total: jobs.length > 1 ? jobs.length : 0, unit: 'boards' });
    const tables = await solveAll(jobs, threads, progress);
    progress.stop();
    let failed = inputErrors;
    for (let i = 0; i < jobs.length; i++) {
      const job = jobs[i]!;
      const t = tables[i]!;
      if (!t.ok) {
        ctx.io.err(`${job.label}: ${t.error.code} ${t.error.message}\n`);
        failed++;
        continue;
      }
      const p = par(t.value, { dealer: job.dealer, vulnerability: job.vulnerability });
      const deal = makeDeal(job.deal, 'N');
      if (ctx.options.json) {
        const dd = Object.fromEntries(
          SEATS.map((s) => [s, Object.fromEntries(STRAINS.map((st) => [st, t.value[s][st]]))]),
        );
        ctx.io.out(`${JSON.stringify({ deal, dd, par: { score_ns: p.scoreNs, contracts: p.contracts } })}\n`);
      } else {
        const lines = [
          `${deal}  (${job.label}, dealer ${job.dealer}, vul ${job.vulnerability})`,
          `     ${STRAINS.map((s) => s.padStart(3)).join('')}`,
        ];
        for (const s of SEATS)
          lines.push(`  ${s}  ${STRAINS.map((st) => String(t.value[s][st]).padStart(3)).join('')}`);
        if (ctx.options.par) lines.push(`  ${p.dealerText}  [${p.contracts.join(', ')}]`);
        ctx.io.out(`${lines.join('\n')}\n\n`);
      }
    }
    return failed ? EXIT_INPUT : EXIT_OK;
  },
};

/**
 * Tables of every board, in input order: on a pool of `threads` workers when there is more than
 * one board (each bad board fails alone), else in this thread.
 */
async function solveAll(jobs: Job[], threads: number, progress: Progress): Promise<Result<DDTable>[]> {
  const size = Math.min(threads, jobs.length);
  if (size <= 1) {
    return jobs.map((job) => {
      const table = calcDDTable(job.deal);
      progress.increment();
      return table;
    });
  }
  const pool = new WorkerPool({ size });
  try {
    return await pool.calcDDTables(
      jobs.map((job) => makeDeal(job.deal, 'N')),
      { onProgress: (p) => progress.report(p) },
    );
  } finally {
    await pool.terminate();
  }
}
