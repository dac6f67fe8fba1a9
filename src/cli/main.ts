import { parseArgs } from 'node:util';
import { readFile } from 'node:fs/promises';
import { commands } from './commands/index.js';
import type { CliIO } from './types.js';

// Output piped into `head` closes early: stop quietly instead of dying on EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

const io: CliIO = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  isTTY: Boolean(process.stderr.isTTY),
  async readInput(path) {
    if (path === '-') {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return { name: '-', bytes: new Uint8Array(Buffer.concat(chunks)) };
    }
    return { name: path, bytes: new Uint8Array(await readFile(path)) };
  },
};

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `gamenotation <verb> [FILE|-] [options]\n\nVerbs:\n${lines.join('\n')}\n\n` +
    `gamenotation <verb> --help shows a verb's usage.\n`;
}

async function main(argv: string[]): Promise<number> {
  const [verb, ...rest] = argv;
  if (!verb || verb === '--help' || verb === '-h' || verb === 'help') {
    io.out(help());
    return verb ? 0 : 1;
  }
  const command = commands.find((c) => c.name === verb);
  if (!command) {
    io.err(`error: unknown verb '${verb}'\n\n${help()}`);
    return 1;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { ...command.options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (e) {
    io.err(`error: ${(e as Error).message}\nusage: ${command.usage}\n`);
    return 1;
  }
  if (parsed.values.help) {
    io.out(`usage: ${command.usage}\n${command.summary}\n`);
    return 0;
  }
  return command.run({ positionals: parsed.positionals, options: parsed.values as any, io });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // Bad input is reported by the verbs; reaching here is a bug or an unreadable file.
    const error = e as NodeJS.ErrnoException;
    io.err(`error: ${error.code === 'ENOENT' ? `no such file: ${error.path}` : error.message}\n`);
    process.exitCode = 1;
  },
);
