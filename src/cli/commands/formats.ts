import { formatError } from '../../errors.js';
import { formatByName, formatFor, formats } from '../formats/index.js';
import type { Command, CommandContext, FormatHandler, InputFile } from '../types.js';

const decoder = new TextDecoder('latin1');

async function resolveFormat(ctx: CommandContext): Promise<{ input: InputFile; format: FormatHandler } | number> {
  const [path] = ctx.positionals;
  if (!path) {
    ctx.io.err('error: missing FILE (or - for standard input)\n');
    return 1;
  }
  const input = await ctx.io.readInput(path);
  const forced = typeof ctx.options.format === 'string' ? ctx.options.format : undefined;
  const format = forced ? formatByName(forced) : formatFor(path, decoder.decode(input.bytes.subarray(0, 4096)));
  if (!format) {
    const known = formats.map((f) => f.name).join(', ');
    ctx.io.err(`error: cannot tell the format of ${path}; use --format (${known})\n`);
    return 1;
  }
  return { input, format };
}

export const checkCommand: Command = {
  name: 'check',
  summary: 'validate a file; every problem as file:line:col code message (exit 1 on errors)',
  usage: 'gamenotation check FILE|- [--format F] [--json]',
  options: { format: { type: 'string' }, json: { type: 'boolean' } },
  async run(ctx) {
    const resolved = await resolveFormat(ctx);
    if (typeof resolved === 'number') return resolved;
    const { input, format } = resolved;
    const report = await format.check(input, ctx.options);
    if (ctx.options.json) {
      ctx.io.out(`${JSON.stringify({ file: input.name, format: format.name, ...report })}\n`);
    } else {
      for (const e of report.errors) ctx.io.out(`${input.name}:${e.line ?? 0}:${e.column ?? 0} ${e.code} ${e.message}\n`);
      for (const w of report.warnings) ctx.io.out(`${input.name}:${w.line ?? 0}:${w.column ?? 0} ${w.code} warning: ${w.message}\n`);
      const counts = Object.entries(report.counts).map(([k, v]) => `${v} ${k}`).join(', ');
      ctx.io.out(`${input.name}: ${format.name}, ${counts}; ${report.errors.length} errors, ${report.warnings.length} warnings\n`);
    }
    return report.errors.length ? 1 : 0;
  },
};

export const exportCommand: Command = {
  name: 'export',
  summary: "write a file in its format's strict export form on stdout",
  usage: 'gamenotation export FILE|- [--format F]',
  options: { format: { type: 'string' }, reduced: { type: 'boolean' }, keep: { type: 'boolean' } },
  async run(ctx) {
    const resolved = await resolveFormat(ctx);
    if (typeof resolved === 'number') return resolved;
    const { input, format } = resolved;
    if (!format.export) {
      ctx.io.err(`error: ${format.name} has no export form\n`);
      return 1;
    }
    const result = await format.export(input, ctx.options);
    ctx.io.out(result.text);
    for (const e of result.errors) ctx.io.err(`${input.name}:${formatError(e)}\n`);
    return result.errors.length ? 1 : 0;
  },
};

export const convertCommand: Command = {
  name: 'convert',
  summary: 'convert a file to another format or to JSON',
  usage: 'gamenotation convert FILE|- --to <json|...> [--format F]',
  options: { format: { type: 'string' }, to: { type: 'string' } },
  async run(ctx) {
    const resolved = await resolveFormat(ctx);
    if (typeof resolved === 'number') return resolved;
    const { input, format } = resolved;
    const to = typeof ctx.options.to === 'string' ? ctx.options.to.toLowerCase() : '';
    if (!format.convert || !format.convertTargets.includes(to)) {
      ctx.io.err(`error: ${format.name} converts --to ${format.convertTargets.join('|') || '(nothing)'}\n`);
      return 1;
    }
    const result = await format.convert(input, to, ctx.options);
    ctx.io.out(result.text);
    for (const e of result.errors) ctx.io.err(`${input.name}:${formatError(e)}\n`);
    return result.errors.length ? 1 : 0;
  },
};
