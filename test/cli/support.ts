// Runs the built CLI (dist/cli.js) as a user would, in a child process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

export const root = fileURLToPath(new URL('../..', import.meta.url));
// GN_CLI_PATH runs another build of the CLI (e.g. a private one while the shared dist/ is rebuilt).
export const cliPath = process.env.GN_CLI_PATH ?? join(root, 'dist', 'cli.js');

/**
 * The environment for runs that start Debian's engines: /usr/games on PATH, node_modules/.bin off it
 * (the npm `stockfish` package puts its own, slow-starting `stockfish` there).
 */
export const engineEnv: NodeJS.ProcessEnv = {
  ...process.env,
  PATH: `${(process.env.PATH ?? '')
    .split(':')
    .filter((d) => !d.includes('node_modules'))
    .join(':')}:/usr/games`,
};

export interface CliRun {
  code: number | null;
  out: string;
  err: string;
}

export function cli(
  args: string[],
  options: { env?: Record<string, string>; input?: string; cwd?: string } = {},
): CliRun {
  const r = spawnSync(process.execPath, [cliPath, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
    input: options.input,
    cwd: options.cwd ?? root,
    maxBuffer: 1 << 28,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `gn-${prefix}-`));
}

/** One clean line on stderr: `error: …`, no stack trace, no Node banner. */
export function expectOneLineError(r: CliRun, what: string): void {
  expect(r.err, what).to.match(/^error: /);
  expect(r.err, what).to.not.match(/\n\s+at |node:internal|Node\.js v/);
  expect(r.err.trim().split('\n')[0]!.length, what).to.be.greaterThan(8);
}
