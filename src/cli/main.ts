import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { verbs } from './commands/index.js';
import { EXIT_INPUT, EXIT_OK, EXIT_USAGE, fileErrorMessage, UsageError } from './exit.js';
import { nodeIO } from './io.js';
import type { Command } from './types.js';

// Output piped into `head` closes early: stop quietly instead of dying on EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

/** Options every verb accepts, before or after the verb. */
const GLOBAL_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  quiet: { type: 'boolean', short: 'q' },
  version: { type: 'boolean', short: 'V' },
} as const;

function version(): string {
  // dist/cli.js sits one level below the package root, in the repository and in an install alike.
  try {
    return (createRequire(import.meta.url)('../package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function help(): string {
  const width = Math.max(...verbs.map((c) => c.name.length));
  const lines = verbs.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return (
    `gamenotation <verb> [FILE|-] [options]\n\nVerbs:\n${lines.join('\n')}\n\n` +
    'Options of every verb:\n  -q, --quiet    no progress, warnings or summary lines: only results and errors\n' +
    "  -h, --help     the verb's usage\n  -V, --version  the version\n\n" +
    'Exit codes: 0 clean, 1 errors in the input, 2 usage error (bad command line, unreadable FILE).\n'
  );
}

/** A value such as `-1` is an argument (a bad one, for the verb to reject), not an unknown option. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

function parseVerbArgs(command: Command, args: string[]) {
  const negatives = new Map<string, string>();
  const marked = args.map((arg, i) => {
    if (!NEGATIVE_NUMBER.test(arg)) return arg;
    const placeholder = `\u0000${i}`;
    negatives.set(placeholder, arg);
    return placeholder;
  });
  let parsed;
  try {
    parsed = parseArgs({
      args: marked,
      options: { ...command.options, ...GLOBAL_OPTIONS },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    const error = e as NodeJS.ErrnoException;
    const unknown = /^Unknown option '([^']+)'/.exec(error.message);
    const message = unknown ? `unknown option '${unknown[1]}'` : error.message.split('\n')[0]!.replace(/\.$/, '');
    throw new UsageError(message);
  }
  const restore = (v: string) => negatives.get(v) ?? v;
  const values: Record<string, string | boolean | string[] | undefined> = {};
  for (const [key, value] of Object.entries(parsed.values)) {
    values[key] = Array.isArray(value)
      ? value.map((v) => (typeof v === 'string' ? restore(v) : String(v)))
      : typeof value === 'string'
        ? restore(value)
        : value;
  }
  return { positionals: parsed.positionals.map(restore), values };
}

async function main(argv: string[]): Promise<number> {
  // Global options before the verb.
  let i = 0;
  let quiet = false;
  for (; i < argv.length && argv[i]!.startsWith('-') && argv[i] !== '-'; i++) {
    const arg = argv[i]!;
    if (arg === '--version' || arg === '-V') {
      process.stdout.write(`${version()}\n`);
      return EXIT_OK;
    }
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(help());
      return EXIT_OK;
    }
    if (arg === '--quiet' || arg === '-q') quiet = true;
    else throw new UsageError(`unknown option '${arg}' before the verb`);
  }
  const verb = argv[i];
  if (verb === 'help') {
    process.stdout.write(help());
    return EXIT_OK;
  }
  if (!verb) {
    process.stderr.write(help());
    return EXIT_USAGE;
  }
  const entry = verbs.find((c) => c.name === verb);
  if (!entry) throw new UsageError(`unknown verb '${verb}' (gamenotation --help lists them)`);
  const command = await entry.load();
  let parsed;
  try {
    parsed = parseVerbArgs(command, argv.slice(i + 1));
  } catch (e) {
    if (e instanceof UsageError) throw new UsageError(`${e.message}\nusage: ${command.usage}`);
    throw e;
  }
  if (parsed.values.version) {
    process.stdout.write(`${version()}\n`);
    return EXIT_OK;
  }
  if (parsed.values.help) {
    process.stdout.write(`usage: ${command.usage}\n${entry.summary}\n`);
    return EXIT_OK;
  }
  const io = nodeIO(quiet || parsed.values.quiet === true);
  return command.run({ positionals: parsed.positionals, options: { ...parsed.values, quiet: io.quiet }, io });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof UsageError) {
      process.stderr.write(`error: ${e.message}\n`);
      process.exitCode = EXIT_USAGE;
      return;
    }
    // A file a verb opened itself (not through ctx.io) that cannot be read: a usage error too.
    const fsError = e as NodeJS.ErrnoException;
    if (
      typeof fsError?.path === 'string' &&
      ['ENOENT', 'EISDIR', 'EACCES', 'EPERM', 'ENOTDIR'].includes(fsError.code ?? '')
    ) {
      process.stderr.write(`error: ${fileErrorMessage(fsError.path, fsError)}\n`);
      process.exitCode = EXIT_USAGE;
      return;
    }
    // Bad input is reported by the verbs; reaching here is a bug: still one line, no stack trace
    // (GN_DEBUG=1 shows it).
    const error = e as Error;
    process.stderr.write(`error: ${String(error?.message ?? e).split('\n')[0]}\n`);
    if (process.env.GN_DEBUG === '1') process.stderr.write(`${error?.stack ?? ''}\n`);
    process.exitCode = EXIT_INPUT;
  },
);
