// Issue #25, section 1: `check` (and export/convert where they stream) stays bounded in memory and
// linear in time on large and hostile inputs. Memory is held to a bound by running the CLI with a
// capped heap (NODE_OPTIONS=--max-old-space-size): a reader that holds the whole input or grows
// with it dies with "heap limit" (exit 134) instead of passing. Work that used to be quadratic is
// run at a size where the quadratic reader needs minutes and the linear one a second or two; the
// spawn's timeout only guards against the hang (it is 20x what the linear reader takes on a
// loaded 2-core machine), so no test depends on how fast the machine is. The full-size figures
// are in the fuzz report (`npm run fuzz -- --targets=scale`, docs/fuzz.md).
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readPgn } from 'gamenotation/pgn';
import { cliPath, root, tempDir } from './support.js';

const dir = tempDir('cli-scale');

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

/** The CLI with a capped heap, chunk size and a hang guard (ms). */
function run(args: string[], opts: { heapMiB?: number; chunk?: number; timeout?: number; input?: Buffer } = {}): Run {
  const env: Record<string, string | undefined> = { ...process.env };
  if (opts.heapMiB) env.NODE_OPTIONS = `--max-old-space-size=${opts.heapMiB}`;
  if (opts.chunk) env.GN_CHUNK_BYTES = String(opts.chunk);
  const r = spawnSync(process.execPath, [cliPath, ...args], {
    encoding: 'utf8',
    env,
    cwd: root,
    input: opts.input,
    timeout: opts.timeout ?? 60_000,
    maxBuffer: 1 << 28,
  });
  return { code: r.status, signal: r.signal, out: r.stdout, err: r.stderr };
}

function expectFinished(r: Run, what: string): void {
  expect(r.signal, `${what}: killed (${r.signal}) — the hang guard`).to.equal(null);
  expect(r.err, what).to.not.match(/heap limit|FATAL ERROR|\n\s+at /);
}

describe('check of PGN: linear in the size of one game', () => {
  it('100,000 tags in one game, cut into 1 KiB chunks: every tag read once, not once per chunk', async () => {
    // Before the fix the game was read again with every batch: minutes for this file.
    let text = '';
    for (let i = 0; i < 100_000; i++) text += `[Tag${i} "v${i}"]\n`;
    text += '[White "a"]\n[Black "b"]\n\n1. e4 e5 2. Kxe8 *\n';
    const file = join(dir, 'tags.pgn');
    writeFileSync(file, text);
    const r = run(['check', file, '--json', '--threads', '1'], { chunk: 1024, timeout: 40_000 });
    expectFinished(r, 'check');
    const j = JSON.parse(r.out);
    const reference = [];
    for await (const g of readPgn(text)) reference.push(g);
    expect(j.counts).to.deep.equal({ games: 1, moves: 2, 'games with errors': 1 });
    expect(
      j.errors.map((e: { code: string; line: number; column: number }) => [e.code, e.line, e.column]),
    ).to.deep.equal(reference[0]!.errors.map((e) => [e.code, e.line, e.column]));
    expect(j.errors[0].line).to.equal(100_004);
  });

  it('a 20 MB stretch without a line end is searched once, not once per chunk', async () => {
    // Before the fix every 4 KiB chunk copied and searched all the bytes held so far.
    const text = `[Event "x"]\r\n\r\n1. e4 {${'a'.repeat(20_000_000)}} e5 2. Kxe8 *\r\n`;
    const file = join(dir, 'long-line.pgn');
    writeFileSync(file, text);
    const r = run(['check', file, '--json', '--threads', '1'], { chunk: 4096, timeout: 40_000, heapMiB: 256 });
    expectFinished(r, 'check');
    const j = JSON.parse(r.out);
    const reference = [];
    for await (const g of readPgn(new TextEncoder().encode(text))) reference.push(g);
    const expected = reference.flatMap((g) => g.errors).map((e) => [e.code, e.line, e.column]);
    expect(expected.map((e) => e[0])).to.deep.equal(['ERR_PGN_COMMENT_TOO_LONG', 'ERR_SAN_ILLEGAL']);
    expect(
      j.errors.map((e: { code: string; line: number; column: number }) => [e.code, e.line, e.column]),
    ).to.deep.equal(expected);
  });

  it('CRLF line ends cut between chunks inside long lines keep their line numbers', async () => {
    let text = '';
    for (let g = 0; g < 30; g++)
      text += `[Event "${g}"]\r\n\r\n1. e4 {${'b'.repeat(5000 + g)}}\r\n{${'c'.repeat(3000)}} e5 2. Kxe8 *\r\n\r\n`;
    const file = join(dir, 'crlf.pgn');
    writeFileSync(file, text);
    const reference = [];
    for await (const g of readPgn(new TextEncoder().encode(text))) reference.push(g);
    const expected = reference.flatMap((g) => g.errors).map((e) => [e.code, e.line, e.column]);
    expect(expected).to.have.length(30);
    for (const chunk of [997, 4096]) {
      const r = run(['check', file, '--json', '--threads', '1'], { chunk });
      const j = JSON.parse(r.out);
      expect(
        j.errors.map((e: { code: string; line: number; column: number }) => [e.code, e.line, e.column]),
        String(chunk),
      ).to.deep.equal(expected);
    }
  });
});
