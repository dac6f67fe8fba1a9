// Chess verbs: perft (single position or whole suites), fen (normalize/validate), moves.
import { formatError, NotationFailure } from '../../errors.js';
import {
  makeSan,
  makeUci,
  normalizeFen,
  parsePerftSuite,
  perft,
  perftDivide,
  Position,
  type Variant,
} from '../../chess/index.js';
import { looksCrazyhouse } from '../../chess/suite.js';
import { intOption } from '../args.js';
import { EXIT_INPUT, EXIT_OK, UsageError } from '../exit.js';
import { startProgress } from '../progress.js';
import type { Command, CommandContext } from '../types.js';

const STARTPOS = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** A position argument: a FEN, or `startpos` (as UCI writes the initial position), for every chess verb alike. */
function positionArg(arg: string): string {
  return arg.trim() === 'startpos' ? STARTPOS : arg;
}

function variantOption(ctx: CommandContext): Variant | undefined {
  const v = ctx.options.variant;
  if (v === undefined) return undefined;
  if (v === 'chess' || v === 'standard') return 'chess';
  if (v === 'crazyhouse' || v === 'zh') return 'crazyhouse';
  throw new UsageError(`unknown --variant '${String(v)}' (chess, crazyhouse)`);
}

function fail(ctx: CommandContext, e: unknown): number {
  if (e instanceof NotationFailure) ctx.io.err(`error: ${formatError(e.error)}\n`);
  else ctx.io.err(`error: ${(e as Error).message}\n`);
  return 1;
}

async function runSuite(ctx: CommandContext, file: string, variant: Variant | undefined): Promise<number> {
  const maxNodes =
    ctx.options['max-nodes'] !== undefined ? (intOption(ctx, 'max-nodes', { min: 0 }) ?? Infinity) : Infinity;
  const input = await ctx.io.readInput(file);
  const cases = parsePerftSuite(new TextDecoder().decode(input.bytes), variant);
  const json = ctx.options.json === true;
  if (cases.length === 0) {
    ctx.io.err(`error: no perft cases found in ${file} (EPD lines with ;D<depth> <nodes>, or id/epd/perft lines)\n`);
    return EXIT_INPUT;
  }
  const t0 = performance.now();
  let checked = 0,
    skipped = 0,
    nodes = 0;
  const mismatches: { line: number; fen: string; depth: number; expected: number; actual: number | string }[] = [];
  // A line the suite reader took for a case but that holds no count (garbage with a `;`) is an
  // error in the input, never a silent pass.
  const errors: { line: number; code: string; message: string }[] = [];
  const progress = startProgress(ctx.io, {
    label: file,
    total: cases.reduce((n, c) => n + c.counts.length, 0),
    unit: 'counts',
  });
  for (const c of cases) {
    if (c.counts.length === 0) {
      const error = {
        line: c.line,
        code: 'ERR_PERFT_NO_COUNTS',
        message: `no perft counts (;D<depth> <nodes>) in '${c.fen.slice(0, 60)}'`,
      };
      errors.push(error);
      if (!json) ctx.io.out(`${file}:${c.line} ${error.code} ${error.message}\n`);
      continue;
    }
    for (const { depth, nodes: expected } of c.counts) {
      progress.increment();
      if (expected > maxNodes) {
        skipped++;
        continue;
      }
      let actual: number | string;
      try {
        actual = perft(c.fen, depth, { variant: c.variant, bughouse: c.bughouse });
      } catch (e) {
        actual = e instanceof NotationFailure ? e.code : (e as Error).message;
      }
      checked++;
      if (typeof actual === 'number') nodes += actual;
      if (actual !== expected) {
        mismatches.push({ line: c.line, fen: c.fen, depth, expected, actual });
        if (!json) ctx.io.out(`${file}:${c.line} MISMATCH ${c.fen} D${depth}: expected ${expected}, got ${actual}\n`);
      }
    }
  }
  progress.stop();
  const ms = Math.round(performance.now() - t0);
  if (json) {
    ctx.io.out(`${JSON.stringify({ cases: cases.length, checked, skipped, mismatches, errors, nodes, ms })}\n`);
  } else if (!ctx.io.quiet) {
    ctx.io.out(
      `${file}: ${cases.length} positions, ${checked} counts checked, ${skipped} skipped, ${mismatches.length} mismatches, ${errors.length} errors; ${nodes} nodes in ${ms} ms\n`,
    );
  }
  return mismatches.length || errors.length ? EXIT_INPUT : EXIT_OK;
}

export const perftCommand: Command = {
  name: 'perft',
  usage:
    'gamenotation perft <FEN|startpos> <depth> [--variant crazyhouse] [--bughouse] [--divide] [--json]\n' +
    '       gamenotation perft --suite FILE [--max-nodes N] [--variant V] [--json]',
  options: {
    variant: { type: 'string' },
    bughouse: { type: 'boolean' },
    divide: { type: 'boolean' },
    json: { type: 'boolean' },
    suite: { type: 'string' },
    'max-nodes': { type: 'string' },
  },
  async run(ctx) {
    const variant = variantOption(ctx);
    if (typeof ctx.options.suite === 'string') return runSuite(ctx, ctx.options.suite, variant);
    const args = ctx.positionals;
    if (args.length < 2) throw new UsageError(`need a FEN (or startpos) and a depth\nusage: ${perftCommand.usage}`);
    const depthText = args[args.length - 1];
    const fenArg = args.slice(0, -1).join(' ');
    const fen = positionArg(fenArg);
    const depth = Number(depthText);
    if (!/^\d+$/.test(depthText) || depth > 20) throw new UsageError(`invalid depth '${depthText}' (an integer 0..20)`);
    const opts = { variant, bughouse: ctx.options.bughouse === true || undefined };
    try {
      const t0 = performance.now();
      if (ctx.options.divide && depth >= 1) {
        const div = perftDivide(fen, depth, opts);
        const nodes = div.reduce((a, d) => a + d.nodes, 0);
        const ms = Math.round(performance.now() - t0);
        if (ctx.options.json)
          ctx.io.out(
            `${JSON.stringify({ nodes, ms, divide: Object.fromEntries(div.map((d) => [d.move, d.nodes])) })}\n`,
          );
        else {
          for (const d of div) ctx.io.out(`${d.move}: ${d.nodes}\n`);
          ctx.io.out(`\nmoves: ${div.length}\nnodes: ${nodes}\ntime: ${ms} ms\n`);
        }
        return 0;
      }
      const nodes = perft(fen, depth, opts);
      const ms = Math.round(performance.now() - t0);
      if (ctx.options.json) ctx.io.out(`${JSON.stringify({ nodes, ms })}\n`);
      else
        ctx.io.out(
          `nodes: ${nodes}\ntime: ${ms} ms${ms > 0 ? ` (${(nodes / ms / 1000).toFixed(1)} M nodes/s)` : ''}\n`,
        );
      return 0;
    } catch (e) {
      return fail(ctx, e);
    }
  },
};

export const fenCommand: Command = {
  name: 'fen',
  usage: 'gamenotation fen <FEN|startpos> [--variant crazyhouse] [--shredder] [--json]',
  options: { variant: { type: 'string' }, shredder: { type: 'boolean' }, json: { type: 'boolean' } },
  async run(ctx) {
    const variant = variantOption(ctx);
    const arg = ctx.positionals.join(' ');
    if (!arg) throw new UsageError(`missing FEN\nusage: ${fenCommand.usage}`);
    const fen = positionArg(arg);
    const zh = variant ?? (looksCrazyhouse(fen) ? 'crazyhouse' : 'chess');
    const r = normalizeFen(fen, { variant: zh, shredder: ctx.options.shredder === true });
    if (ctx.options.json) {
      ctx.io.out(
        `${JSON.stringify(r.ok ? { ok: true, fen: r.value, variant: zh } : { ok: false, errors: r.error })}\n`,
      );
    } else if (r.ok) ctx.io.out(`${r.value}\n`);
    else for (const e of r.error) ctx.io.err(`${formatError(e)}\n`);
    return r.ok ? 0 : 1;
  },
};

export const movesCommand: Command = {
  name: 'moves',
  usage: 'gamenotation moves <FEN|startpos> [--san|--uci] [--variant crazyhouse] [--json]',
  options: {
    san: { type: 'boolean' },
    uci: { type: 'boolean' },
    variant: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(ctx) {
    const variant = variantOption(ctx);
    const arg = ctx.positionals.join(' ');
    if (!arg) throw new UsageError(`missing FEN\nusage: ${movesCommand.usage}`);
    const fen = positionArg(arg);
    const zh = variant ?? (looksCrazyhouse(fen) ? 'crazyhouse' : 'chess');
    const r = Position.fromFen(fen, { variant: zh });
    if (!r.ok) {
      ctx.io.err(`error: ${formatError(r.error)}\n`);
      return 1;
    }
    const pos = r.value;
    const moves = pos.legalMoves();
    const list = moves.map((m) => (ctx.options.uci ? makeUci(m) : makeSan(pos, m)));
    if (ctx.options.json) ctx.io.out(`${JSON.stringify(list)}\n`);
    else ctx.io.out(list.length ? `${list.join('\n')}\n` : '');
    return 0;
  },
};
