import { formatError, type NotationError } from '../../errors.js';
import { choiceOption, intOption, requirePositional } from '../args.js';
import { EXIT_INPUT, EXIT_OK, UsageError } from '../exit.js';
import { formatByName, formatFor, formats } from '../formats/index.js';
import { readAll } from '../io.js';
import { startProgress } from '../progress.js';
import type { Command, CommandContext, FormatHandler, InputStream, StreamSink } from '../types.js';

const decoder = new TextDecoder('latin1');

/** Limits on a gzipped input (`.aif.gz`): `maxInflatedBytes` and `maxInflateRatio` of gamenotation/aif. */
const INFLATE_OPTIONS = {
  'max-inflated-bytes': { type: 'string' },
  'max-inflate-ratio': { type: 'string' },
} as const;

/** Checks the inflation limits up front (a bad value is a usage error before any output). */
function inflateOptions(ctx: CommandContext): void {
  intOption(ctx, 'max-inflated-bytes', { min: 1 });
  intOption(ctx, 'max-inflate-ratio', { min: 1 });
}

/** Opens FILE (streamed) and finds its format: `--format`, else the extension, else the content. */
async function openWithFormat(
  ctx: CommandContext,
  usage: string,
): Promise<{ input: InputStream; format: FormatHandler }> {
  const path = requirePositional(ctx, 'FILE (or - for standard input)', usage);
  const forced = choiceOption(
    ctx,
    'format',
    formats.map((f) => f.name),
  );
  const input = await ctx.io.openInput(path);
  const found = forced ? formatByName(forced) : formatFor(path, decoder.decode(input.head.subarray(0, 4096)));
  if (!found)
    throw new UsageError(`cannot tell the format of ${path}; use --format (${formats.map((f) => f.name).join(', ')})`);
  return { input, format: await found.load() };
}

/** stdout with backpressure: a streamed export waits when the reader of a pipe is slower. */
function drainStdout(): Promise<void> {
  if (!process.stdout.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => process.stdout.once('drain', () => resolve()));
}

function location(name: string, e: NotationError): string {
  return `${name}:${e.line ?? 0}:${e.column ?? 0}`;
}

export const checkCommand: Command = {
  name: 'check',
  usage:
    'gamenotation check FILE|- [--format F] [--strict] [--json] [--threads N] [--max-inflated-bytes N] [--max-inflate-ratio N] [--quiet]',
  options: {
    format: { type: 'string' },
    json: { type: 'boolean' },
    strict: { type: 'boolean' },
    threads: { type: 'string' },
    ...INFLATE_OPTIONS,
  },
  async run(ctx) {
    intOption(ctx, 'threads', { min: 1, max: 256 });
    inflateOptions(ctx);
    const { input, format } = await openWithFormat(ctx, this.usage);
    const { io } = ctx;
    const json = ctx.options.json === true;
    const strict = ctx.options.strict === true;
    const progress = startProgress(io, { label: input.name, total: input.size ?? 0, unit: 'bytes' });
    let errors = 0;
    const warnings: NotationError[] = [];
    let warningCount = 0;
    // --json writes the errors as they come (memory stays flat for huge files); warnings follow.
    if (json) io.out(`{"file":${JSON.stringify(input.name)},"format":${JSON.stringify(format.name)},"errors":[`);
    const error = (e: NotationError) => {
      if (json) io.out(`${errors ? ',' : ''}${JSON.stringify(e)}`);
      else io.out(`${location(input.name, e)} ${e.code} ${e.message}\n`);
      errors++;
    };
    const sink: StreamSink = {
      error,
      warning(w) {
        // --strict: a dialect the reader accepted still fails the check.
        if (strict) return error(w);
        warningCount++;
        if (json) {
          if (warnings.length < 10_000) warnings.push(w);
        } else if (!io.quiet) io.out(`${location(input.name, w)} ${w.code} warning: ${w.message}\n`);
      },
      out() {},
      progress: (bytes) => progress.update(bytes),
      drain: drainStdout,
    };
    let counts: Record<string, number>;
    if (format.checkStream) counts = await format.checkStream(input, ctx.options, sink);
    else {
      const report = await format.check(await readAll(input), ctx.options);
      report.errors.forEach(sink.error);
      report.warnings.forEach(sink.warning);
      counts = report.counts;
    }
    progress.stop();
    if (json) {
      const dropped = warningCount - warnings.length;
      io.out(
        `],"warnings":${JSON.stringify(warnings)}${dropped ? `,"warningsNotListed":${dropped}` : ''},"counts":${JSON.stringify(counts)}}\n`,
      );
    } else if (!io.quiet) {
      const list = Object.entries(counts)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ');
      io.out(`${input.name}: ${format.name}, ${list}; ${errors} errors, ${warningCount} warnings\n`);
    }
    return errors ? EXIT_INPUT : EXIT_OK;
  },
};

/**
 * Output of a streamed export in pieces of about 64 KiB rather than one write per game (a write
 * request each on a pipe, and garbage the collector has to keep up with).
 */
function bufferedOut(write: (text: string) => void) {
  let parts: string[] = [];
  let size = 0;
  const flush = () => {
    if (!parts.length) return;
    write(parts.length === 1 ? parts[0]! : parts.join(''));
    parts = [];
    size = 0;
  };
  return {
    out(text: string) {
      parts.push(text);
      size += text.length;
      if (size >= 1 << 16) flush();
    },
    flush,
  };
}

/** export and convert: output on stdout as it is made, errors on stderr, warnings unless --quiet. */
async function writeOut(
  ctx: CommandContext,
  input: InputStream,
  stream: ((sink: StreamSink) => Promise<void>) | undefined,
  whole: () => Promise<{ text: string; errors: NotationError[]; warnings?: NotationError[] }>,
): Promise<number> {
  const { io } = ctx;
  const progress = startProgress(io, { label: input.name, total: input.size ?? 0, unit: 'bytes' });
  const output = bufferedOut((text) => io.out(text));
  let errors = 0;
  const sink: StreamSink = {
    error(e) {
      errors++;
      io.err(`${input.name}:${formatError(e)}\n`);
    },
    warning(w) {
      io.warn(`${location(input.name, w)} ${w.code} warning: ${w.message}\n`);
    },
    out: output.out,
    progress: (bytes) => progress.update(bytes),
    drain: () => {
      output.flush();
      return drainStdout();
    },
  };
  if (stream) {
    await stream(sink);
    output.flush();
  } else {
    const result = await whole();
    io.out(result.text);
    result.errors.forEach(sink.error);
    result.warnings?.forEach(sink.warning);
  }
  progress.stop();
  await drainStdout();
  return errors ? EXIT_INPUT : EXIT_OK;
}

export const exportCommand: Command = {
  name: 'export',
  usage: 'gamenotation export FILE|- [--format F] [--max-inflated-bytes N] [--max-inflate-ratio N] [--quiet]',
  options: { format: { type: 'string' }, reduced: { type: 'boolean' }, keep: { type: 'boolean' }, ...INFLATE_OPTIONS },
  async run(ctx) {
    inflateOptions(ctx);
    const { input, format } = await openWithFormat(ctx, this.usage);
    if (!format.export && !format.exportStream) throw new UsageError(`${format.name} has no export form`);
    return writeOut(
      ctx,
      input,
      format.exportStream && ((sink) => format.exportStream!(input, ctx.options, sink)),
      async () => format.export!(await readAll(input), ctx.options),
    );
  },
};

export const convertCommand: Command = {
  name: 'convert',
  usage:
    'gamenotation convert FILE|- --to <json|...> [--format F] [--max-inflated-bytes N] [--max-inflate-ratio N] [--quiet]',
  options: { format: { type: 'string' }, to: { type: 'string' }, ...INFLATE_OPTIONS },
  async run(ctx) {
    inflateOptions(ctx);
    const { input, format } = await openWithFormat(ctx, this.usage);
    const to = typeof ctx.options.to === 'string' ? ctx.options.to.toLowerCase() : '';
    if ((!format.convert && !format.convertStream) || !format.convertTargets.includes(to)) {
      const targets = format.convertTargets.join('|') || '(nothing)';
      throw new UsageError(
        to
          ? `${format.name} cannot be converted to '${to}' (--to ${targets})`
          : `missing --to (${format.name} converts --to ${targets})`,
      );
    }
    return writeOut(
      ctx,
      input,
      format.convertStream && ((sink) => format.convertStream!(input, to, ctx.options, sink)),
      // The positionals go along: a chess.com game names its partner game as a second FILE.
      async () => format.convert!(await readAll(input), to, { ...ctx.options, positionals: ctx.positionals }),
    );
  },
};
