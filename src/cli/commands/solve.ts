// `gamenotation solve FILE.inp|FILE.pbi|FILE.xml [--json] [--set-status] [--jobs N]` and
// `gamenotation solve "<FEN>" --stip "h#3"`: the chess problem solver. The problems of a collection
// are solved in this thread, or with --jobs N on a worker pool (WorkerPool.run hands back one Result
// per problem in input order, so the output is the same bytes whatever N is).
import {
  fenToPopeye,
  makePbi,
  parsePbi,
  parseProblemXml,
  solve,
  parsePopeye,
  type SolvedProblem,
  type SolveInput,
  type SolveOptions,
  type SolveProgress,
} from '../../problems/index.js';
import { outsideProblems } from '../../problems/solve/solve.js';
import { withPbiStatus } from '../../problems/pbi.js';
import { solvedProblemJson } from '../../problems/solve/json.js';
import { ok, type Result } from '../../errors.js';
import { WorkerPool } from '../../worker/index.js';
import { intOption } from '../args.js';
import { EXIT_INPUT, EXIT_OK, UsageError } from '../exit.js';
import { startProgress } from '../progress.js';
import { QUEUE_OPTIONS, queueTarget, runQueued } from '../queued.js';
import type { Command, CommandContext } from '../types.js';

/** Progress is drawn only for a solve (or, with --jobs, a collection) that takes longer than this. */
const PROGRESS_DELAY_MS = 1000;

const FEN_BOARD = /^\s*[1-8pnbrqkPNBRQK]+(\/[1-8pnbrqkPNBRQK]+){7}(\s|$)/;

interface Job {
  label: string;
  problem: SolveInput;
}

export const solveCommand: Command = {
  name: 'solve',
  usage:
    'gamenotation solve FILE.inp|FILE.pbi|FILE.xml|"<FEN>" [--stip "h#3"] [--json] [--tries] [--max-solutions N] [--timeout SECONDS] [--max-nodes N] [--hash MiB] [--no-intelligent] [--intended N] [--set-status] [--popeye] [--jobs N | --queue redis://host:6379] [--quiet]',
  options: {
    stip: { type: 'string' },
    json: { type: 'boolean' },
    tries: { type: 'boolean' },
    'max-solutions': { type: 'string' },
    timeout: { type: 'string' },
    'max-nodes': { type: 'string' },
    hash: { type: 'string' },
    'no-intelligent': { type: 'boolean' },
    intended: { type: 'string' },
    'set-status': { type: 'boolean' },
    'set-play': { type: 'boolean' },
    popeye: { type: 'boolean' },
    jobs: { type: 'string' },
    ...QUEUE_OPTIONS,
  },
  async run(ctx: CommandContext) {
    const [arg] = ctx.positionals;
    if (!arg) throw new UsageError(`missing FILE or FEN\nusage: ${this.usage}`);
    const options: SolveOptions = {};
    const max = intOption(ctx, 'max-solutions', { min: 1 });
    if (max !== undefined) options.maxSolutions = max;
    const timeout = intOption(ctx, 'timeout', { min: 1 });
    if (timeout !== undefined) options.timeoutMs = timeout * 1000;
    const maxNodes = intOption(ctx, 'max-nodes', { min: 1 });
    if (maxNodes !== undefined) options.maxNodes = maxNodes;
    const hash = intOption(ctx, 'hash', { min: 1, max: 1024 });
    if (hash !== undefined) options.tableMiB = hash;
    if (ctx.options['no-intelligent']) options.intelligent = false;
    const intended = intOption(ctx, 'intended', { min: 1 });
    if (intended !== undefined) options.intended = intended;
    if (ctx.options.tries) options.tries = true;
    if (ctx.options['set-play']) options.setPlay = true;
    const threads = intOption(ctx, 'jobs', { min: 1, max: 256 }, 1);
    const queued = typeof ctx.options.queue === 'string';
    if (queued && ctx.options.jobs !== undefined)
      throw new UsageError('--jobs and --queue: with --queue the workers choose (gamenotation worker --jobs N)');
    if (queued) await queueTarget(ctx);
    const jobs: Job[] = [];
    let afterAll: ((results: Result<SolvedProblem>[]) => Promise<void>) | undefined;
    const stip = ctx.options.stip as string | undefined;
    if (FEN_BOARD.test(arg)) {
      if (!stip) throw new UsageError('a FEN needs --stip (e.g. --stip "#2")');
      if (ctx.options.popeye) {
        // The Popeye input for this position, to check with Popeye itself.
        const text = fenToPopeye(arg, stip);
        if (!text.ok) {
          ctx.io.err(`${text.error.code} ${text.error.message}\n`);
          return EXIT_INPUT;
        }
        ctx.io.out(text.value);
        return EXIT_OK;
      }
      jobs.push({ label: arg, problem: { fen: arg.trim(), stipulation: stip } });
    } else {
      if (stip) throw new UsageError('--stip goes with a FEN; files carry their own stipulations');
      const input = await ctx.io.readInput(arg);
      const text = new TextDecoder().decode(input.bytes);
      if (/\.pbi$/i.test(arg) || /^\uFEFF?#PBI/.test(text)) {
        const { value: doc, errors } = parsePbi(input.bytes);
        for (const e of errors) ctx.io.err(`${input.name}:${e.line ?? 1}:${e.column ?? 1} ${e.code} ${e.message}\n`);
        doc.problems.forEach((p, i) => jobs.push({ label: `${input.name}:${p.line ?? i + 1}`, problem: p }));
        if (ctx.options['set-status'])
          afterAll = async (results) => {
            const updated = doc.problems.map((p, i) => {
              const r = results[i]!;
              return r.ok ? withPbiStatus(p, r.value.parts[0]!.status) : p;
            });
            const fs = await import('node:fs');
            fs.writeFileSync(arg, makePbi({ ...doc, problems: updated }));
          };
      } else if (/\.xml$/i.test(arg) || /^\s*(<\?xml|<problems)/.test(text)) {
        if (ctx.options['set-status']) throw new UsageError('--set-status writes PBI files only');
        const doc = parseProblemXml(input.bytes);
        for (const e of doc.errors)
          ctx.io.err(`${input.name}:${e.line ?? 1}:${e.column ?? 1} ${e.code} ${e.message}\n`);
        (doc.value?.problems ?? []).forEach((p, i) =>
          jobs.push({ label: `${input.name} problem ${i + 1}`, problem: p }),
        );
        if (!doc.value) return EXIT_INPUT;
      } else {
        if (ctx.options['set-status']) throw new UsageError('--set-status writes PBI files only');
        const parsed = parsePopeye(text);
        const e = outsideProblems(parsed);
        if (e) {
          ctx.io.err(`${input.name}:${e.line ?? 1}:${e.column ?? 1} ${e.code} ${e.message}\n`);
          return EXIT_INPUT;
        }
        // each problem with its own errors: a broken one fails in its place, the others are solved
        parsed.forEach((p, i) => jobs.push({ label: `${input.name} problem ${i + 1}`, problem: p }));
      }
    }
    let failed = 0;
    const out: object[] = [];
    const results: Result<SolvedProblem>[] = [];
    const print = (job: Job, result: Result<SolvedProblem>) => {
      results.push(result);
      if (!result.ok) {
        const e = result.error;
        ctx.io.err(`${job.label}${e.line !== undefined ? `:${e.line}:${e.column ?? 1}` : ''} ${e.code} ${e.message}\n`);
        failed++;
        return;
      }
      const p = result.value;
      // a limit (--timeout, --max-nodes) fails the problem; what was proven before it is printed below
      if (p.stopped) {
        ctx.io.err(`${job.label} ${p.stopped.code} ${p.stopped.message}\n`);
        failed++;
      }
      if (ctx.options.json) out.push(solvedProblemJson(p));
      else {
        const head = `${p.id ?? job.label}  ${p.stipulation}`;
        const body = p.parts
          .map(
            (part) => `${part.text}\n  status ${part.status}${part.shortSolution ? ' (shorter solution exists)' : ''}`,
          )
          .join('\n');
        ctx.io.out(`${head}\n${body}\n\n`);
      }
    };
    if (queued) {
      const settings = { ...options };
      await runQueued(
        ctx,
        jobs.map((job) => ({
          job,
          label: job.label,
          data: { kind: 'solve' as const, settings, problem: job.problem },
        })),
        jobs.length,
        { label: arg, unit: 'problems' },
        (item, outcome) =>
          print(
            item.job,
            outcome.ok ? ok((outcome.value as { solved: SolvedProblem }).solved) : { ok: false, error: outcome.error },
          ),
      );
    } else if (Math.min(threads, jobs.length) > 1) {
      // One problem per worker at a time; the pool's results come back in input order.
      const progress = startProgress(ctx.io, {
        label: arg,
        total: jobs.length,
        unit: 'problems',
        delayMs: PROGRESS_DELAY_MS,
      });
      const pool = new WorkerPool({ size: Math.min(threads, jobs.length) });
      let solved: Result<SolvedProblem>[];
      try {
        solved = await pool.run(
          'solveProblem',
          jobs.map((job) => ({ problem: job.problem, options })),
          { onProgress: (p) => progress.report(p) },
        );
      } finally {
        progress.stop();
        await pool.terminate();
      }
      jobs.forEach((job, i) => print(job, solved[i]!));
    } else
      for (const job of jobs) {
        const progress = solveProgress(ctx, job.label);
        const result = solve(job.problem, { ...options, onProgress: progress.report });
        progress.stop();
        print(job, result);
      }
    await afterAll?.(results);
    if (ctx.options.json) ctx.io.out(`${JSON.stringify(out, null, 1)}\n`);
    return failed ? EXIT_INPUT : EXIT_OK;
  },
};

/**
 * The bar of one solve in this thread: root moves tried at the current depth, with the depth, the
 * part (twin) and the nodes per second of the part; drawn only once the solve has run a second.
 */
function solveProgress(ctx: CommandContext, label: string) {
  const bar = startProgress(ctx.io, { label, total: 1, unit: 'root moves', delayMs: PROGRESS_DELAY_MS });
  let part = -1;
  let partStarted = 0;
  return {
    report(p: SolveProgress): void {
      const now = performance.now();
      if (p.part !== part) {
        part = p.part;
        partStarted = now;
      }
      const seconds = (now - partStarted) / 1000;
      const rate = seconds > 0 ? `${(p.nodes / seconds / 1000).toFixed(0)} knodes/s` : '- knodes/s';
      const twin = p.parts > 1 ? `part ${p.part + 1}/${p.parts} | ` : '';
      if (p.total > 0) bar.setTotal(p.total);
      bar.update(p.done, `${twin}depth ${p.depth} | ${rate}`);
    },
    stop: () => bar.stop(),
  };
}
