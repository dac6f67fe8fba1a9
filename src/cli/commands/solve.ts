// `gamenotation solve FILE.inp|FILE.pbi|FILE.xml [--json] [--set-status]` and
// `gamenotation solve "<FEN>" --stip "h#3"`: the chess problem solver.
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
} from '../../problems/index.js';
import { outsideProblems } from '../../problems/solve/solve.js';
import { withPbiStatus } from '../../problems/pbi.js';
import { solvedProblemJson } from '../../problems/solve/json.js';
import { ok, type Result } from '../../errors.js';
import { intOption } from '../args.js';
import { EXIT_INPUT, EXIT_OK, UsageError } from '../exit.js';
import { QUEUE_OPTIONS, queueTarget, runQueued } from '../queued.js';
import type { Command, CommandContext } from '../types.js';

const FEN_BOARD = /^\s*[1-8pnbrqkPNBRQK]+(\/[1-8pnbrqkPNBRQK]+){7}(\s|$)/;

interface Job {
  label: string;
  problem: SolveInput;
}

export const solveCommand: Command = {
  name: 'solve',
  usage:
    'gamenotation solve FILE.inp|FILE.pbi|FILE.xml|"<FEN>" [--stip "h#3"] [--json] [--tries] [--max-solutions N] [--timeout SECONDS] [--max-nodes N] [--hash MiB] [--no-intelligent] [--intended N] [--set-status] [--popeye] [--queue redis://host:6379]',
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
    if (typeof ctx.options.queue === 'string') await queueTarget(ctx);
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
    if (typeof ctx.options.queue === 'string') {
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
    } else for (const job of jobs) print(job, solve(job.problem, options));
    await afterAll?.(results);
    if (ctx.options.json) ctx.io.out(`${JSON.stringify(out, null, 1)}\n`);
    return failed ? EXIT_INPUT : EXIT_OK;
  },
};
