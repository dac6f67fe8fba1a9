// Chess verbs: perft (single position or whole suites), fen (normalize/validate), moves.
import { formatError, NotationFailure } from '../../errors.js';
import { looksCrazyhouse, makeSan, makeUci, normalizeFen, parsePerftSuite, perft, perftDivide, Position, type Variant } from '../../chess/index.js';
import type { Command, CommandContext } from '../types.js';

const STARTPOS = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

function variantOption(ctx: CommandContext): Variant | undefined | null {
  const v = ctx.options.variant;
  if (v === undefined) return undefined;
  if (v === 'chess' || v === 'standard') return 'chess';
  if (v === 'crazyhouse' || v === 'zh') return 'crazyhouse';
  ctx.io.err(`error: unknown variant '${String(v)}' (chess, crazyhouse)\n`);
  return null;
}

function fail(ctx: CommandContext, e: unknown): number {
  if (e instanceof NotationFailure) ctx.io.err(`error: ${formatError(e.error)}\n`);
  else ctx.io.err(`error: ${(e as Error).message}\n`);
  return 1;
}

async function runSuite(ctx: CommandContext, file: string, variant: Variant | undefined): Promise<number> {
  const input = await ctx.io.readInput(file);
  const cases = parsePerftSuite(new TextDecoder().decode(input.bytes), variant);
  const maxNodes = ctx.options['max-nodes'] !== undefined ? Number(ctx.options['max-nodes']) : Infinity;
  if (Number.isNaN(maxNodes)) {
    ctx.io.err('error: --max-nodes needs a number\n');
    return 1;
  }
  if (cases.length === 0) {
    ctx.io.err(`error: no perft cases found in ${file}\n`);
    return 1;
  }
  const t0 = performance.now();
  let checked = 0, skipped = 0, nodes = 0;
  const mismatches: { line: number; fen: string; depth: number; expected: number; actual: number | string }[] = [];
  let done = 0;
  for (const c of cases) {
    if (ctx.io.isTTY) ctx.io.err(`\r${file}: ${++done}/${cases.length} positions, ${mismatches.length} mismatches`);
    for (const { depth, nodes: expected } of c.counts) {
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
        if (!ctx.options.json) ctx.io.out(`${file}:${c.line} MISMATCH ${c.fen} D${depth}: expected ${expected}, got ${actual}\n`);
      }
    }
  }
  const ms = Math.round(performance.now() - t0);
  if (ctx.io.isTTY) ctx.io.err('\r\x1b[K');
  if (ctx.options.json) {
    ctx.io.out(`${JSON.stringify({ cases: cases.length, checked, skipped, mismatches, nodes, ms })}\n`);
  } else {
    ctx.io.out(`${file}: ${cases.length} positions, ${checked} counts checked, ${skipped} skipped, ${mismatches.length} mismatches; ${nodes} nodes in ${ms} ms\n`);
  }
  return mismatches.length ? 1 : 0;
}

export const perftCommand: Command = {
  name: 'perft',
  summary: 'count leaf nodes of the move tree (bulk counted in wasm), or check perft suites',
  usage: 'gamenotation perft <FEN|startpos> <depth> [--variant crazyhouse] [--bughouse] [--divide] [--json]\n' +
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
    if (variant === null) return 1;
    if (typeof ctx.options.suite === 'string') return runSuite(ctx, ctx.options.suite, variant);
    const args = ctx.positionals;
    if (args.length < 2) {
      ctx.io.err(`error: need a FEN (or startpos) and a depth\nusage: ${perftCommand.usage}\n`);
      return 1;
    }
    const depthText = args[args.length - 1];
    const fenArg = args.slice(0, -1).join(' ');
    const fen = fenArg === 'startpos' ? STARTPOS : fenArg;
    const depth = Number(depthText);
    if (!/^\d+$/.test(depthText) || depth > 20) {
      ctx.io.err(`error: invalid depth '${depthText}' (an integer 0..20)\n`);
      return 1;
    }
    const opts = { variant, bughouse: ctx.options.bughouse === true || undefined };
    try {
      const t0 = performance.now();
      if (ctx.options.divide && depth >= 1) {
        const div = perftDivide(fen, depth, opts);
        const nodes = div.reduce((a, d) => a + d.nodes, 0);
        const ms = Math.round(performance.now() - t0);
        if (ctx.options.json) ctx.io.out(`${JSON.stringify({ nodes, ms, divide: Object.fromEntries(div.map((d) => [d.move, d.nodes])) })}\n`);
        else {
          for (const d of div) ctx.io.out(`${d.move}: ${d.nodes}\n`);
          ctx.io.out(`\nmoves: ${div.length}\nnodes: ${nodes}\ntime: ${ms} ms\n`);
        }
        return 0;
      }
      const nodes = perft(fen, depth, opts);
      const ms = Math.round(performance.now() - t0);
      if (ctx.options.json) ctx.io.out(`${JSON.stringify({ nodes, ms })}\n`);
      else ctx.io.out(`nodes: ${nodes}\ntime: ${ms} ms${ms > 0 ? ` (${(nodes / ms / 1000).toFixed(1)} M nodes/s)` : ''}\n`);
      return 0;
    } catch (e) {
      return fail(ctx, e);
    }
  },
};

export const fenCommand: Command = {
  name: 'fen',
  summary: 'validate a FEN and print it normalized (or every error code, exit 1)',
  usage: 'gamenotation fen <FEN> [--variant crazyhouse] [--shredder] [--json]',
  options: { variant: { type: 'string' }, shredder: { type: 'boolean' }, json: { type: 'boolean' } },
  async run(ctx) {
    const variant = variantOption(ctx);
    if (variant === null) return 1;
    const fen = ctx.positionals.join(' ');
    if (!fen) {
      ctx.io.err(`error: missing FEN\nusage: ${fenCommand.usage}\n`);
      return 1;
    }
    const zh = variant ?? (looksCrazyhouse(fen) ? 'crazyhouse' : 'chess');
    const r = normalizeFen(fen, { variant: zh, shredder: ctx.options.shredder === true });
    if (ctx.options.json) {
      ctx.io.out(`${JSON.stringify(r.ok ? { ok: true, fen: r.value, variant: zh } : { ok: false, errors: r.error })}\n`);
    } else if (r.ok) ctx.io.out(`${r.value}\n`);
    else for (const e of r.error) ctx.io.err(`${formatError(e)}\n`);
    return r.ok ? 0 : 1;
  },
};

export const movesCommand: Command = {
  name: 'moves',
  summary: 'list the legal moves of a position (SAN by default, or UCI)',
  usage: 'gamenotation moves <FEN|startpos> [--san|--uci] [--variant crazyhouse] [--json]',
  options: { san: { type: 'boolean' }, uci: { type: 'boolean' }, variant: { type: 'string' }, json: { type: 'boolean' } },
  async run(ctx) {
    const variant = variantOption(ctx);
    if (variant === null) return 1;
    const arg = ctx.positionals.join(' ');
    if (!arg) {
      ctx.io.err(`error: missing FEN\nusage: ${movesCommand.usage}\n`);
      return 1;
    }
    const fen = arg === 'startpos' ? STARTPOS : arg;
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
