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
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { makePbn, parsePbn } from 'gamenotation/bridge';
import { readPgn } from 'gamenotation/pgn';
import { checkProblemXml, makePbi, parsePbi, pbiFen } from 'gamenotation/problems';
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
  expect(r.signal, `${what}: ended by ${r.signal} (SIGTERM: the hang guard; SIGABRT: out of memory)`).to.equal(null);
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

/** The 7 records of examples/data/sample.pbi repeated to about `mb` MB after its header. */
function bigPbi(mb: number): { text: string; header: string; data: string; copies: number } {
  const sample = readFileSync(join(root, 'examples/data/sample.pbi'), 'utf8');
  const lines = sample.split('\n');
  const header = `${lines.filter((l) => l.startsWith('#') || l.startsWith('\ufeff')).join('\n')}\n`;
  const data = `${lines.filter((l) => l && !l.startsWith('#') && !l.startsWith('\ufeff')).join('\n')}\n`;
  const copies = Math.ceil((mb * 1e6) / data.length);
  return { text: header + data.repeat(copies), header, data, copies };
}

describe('check and export of PBI: a stream of problems (bounded memory)', () => {
  it('12 MB from a pipe with the JS heap capped at 32 MB (the whole file took ~17x its size and crashed)', () => {
    const { text, copies } = bigPbi(12);
    const check = run(['check', '-', '--format', 'pbi'], { heapMiB: 32, input: Buffer.from(text) });
    expectFinished(check, 'check');
    expect(check.code, check.err.slice(0, 300)).to.equal(0);
    expect(check.out).to.equal(`-: pbi, ${copies * 7} problems, 3 comments; 0 errors, 0 warnings\n`);
  });

  it('export streams too: the same bytes as the whole-document writer, heap capped', () => {
    const { text, header, data, copies } = bigPbi(8);
    const file = join(dir, 'big.pbi');
    writeFileSync(file, text);
    const small = makePbi(parsePbi(header + data).value);
    const exported = run(['export', file], { heapMiB: 32 });
    expectFinished(exported, 'export');
    expect(exported.code, exported.err.slice(0, 300)).to.equal(0);
    const firstData = small.indexOf('\n', small.lastIndexOf('\n#') + 1) + 1;
    expect(exported.out.length).to.equal(firstData + (small.length - firstData) * copies);
    expect(exported.out === small.slice(0, firstData) + small.slice(firstData).repeat(copies)).to.equal(true);
  });

  it('convert --to json streams the same JSON as the whole document, errors and their cap included', () => {
    const texts = [
      readFileSync(join(root, 'examples/data/sample.pbi'), 'utf8'),
      `\ufeff#PBI 1.2\r\n#c\r\n${'x:8/8:#2\n'.repeat(130)}A:8/8/8/8/8/8/8/K6k:#2::::::\n${'y\n'.repeat(40)}B:::::::?:\n\nz`,
      '#PBI 9\n',
      '',
    ];
    for (const [i, text] of texts.entries()) {
      const file = join(dir, `json-${i}.pbi`);
      writeFileSync(file, text);
      const { value: doc, errors, warnings } = parsePbi(text);
      const problems = doc.problems.map(({ raw: _raw, ...p }) => ({ ...p, fen: pbiFen(p) }));
      const expected = `${JSON.stringify({ ...doc, problems, errors, warnings }, null, 1)}\n`;
      const r = run(['convert', file, '--to', 'json', '--format', 'pbi'], { chunk: 97 });
      const sortedLines = (s: string) => s.split('\n').sort();
      // the reports are the same, in the order they were found (the stream finds an unended last line at the end)
      expect(JSON.parse(r.out).errors, `${i}`).to.deep.equal(errors);
      expect(sortedLines(r.out), `${i}`).to.deep.equal(sortedLines(expected));
      if (!warnings.some((w) => w.code === 'ERR_PBI_NO_NLF')) expect(r.out, `${i}`).to.equal(expected);
    }
  });
});

describe('check, export and convert of PBN: a stream of games (bounded memory, linear time)', () => {
  const sample = () => readFileSync(join(root, 'examples/data/sample.pbn'), 'utf8');

  it('12 MB from a pipe with the JS heap capped at 48 MB (read whole, 120 MB took 1.3 GB)', () => {
    const text = sample();
    const body = `${text.replace(/^%.*\r?\n/gm, '').trimEnd()}\n\n`;
    const copies = Math.ceil(12e6 / body.length);
    const whole = parsePbn(text);
    const games = whole.value.games.length;
    const check = run(['check', '-', '--format', 'pbn'], {
      heapMiB: 48,
      input: Buffer.from(`${text.trimEnd()}\n\n${body.repeat(copies)}`),
    });
    expectFinished(check, 'check');
    expect(check.code, check.err.slice(0, 300)).to.equal(0);
    const deals = whole.value.games.filter((g) => g.tags.Deal).length;
    const auctions = whole.value.games.filter((g) => g.auction).length;
    const plays = whole.value.games.filter((g) => g.play).length;
    const n = copies + 1;
    expect(check.out).to.equal(
      `-: pbn, ${games * n} games, ${deals * n} deals, ${auctions * n} auctions, ${plays * n} plays; 0 errors, 0 warnings\n`,
    );
  });

  it('an 8 MB line and a 3 MB game in 4 KiB chunks: each scanned once, not once per chunk', () => {
    // before: the stream joined and scanned everything since the last game with every chunk
    const line = `% PBN 2.1\n[Event "x"]\n{${'a'.repeat(8_000_000)}}\n[Board "1"]\n`;
    let tags = '% PBN 2.1\n[Board "1"]\n';
    for (let i = 0; i < 150_000; i++) tags += `[Tag${i} "v"]\n`;
    for (const [name, text] of [
      ['line', line],
      ['tags', tags],
    ]) {
      const file = join(dir, `${name}.pbn`);
      writeFileSync(file, text);
      const r = run(['export', file], { chunk: 4096, timeout: 40_000 });
      expectFinished(r, name);
      expect(r.out, name).to.equal(makePbn(parsePbn(text).value.games));
    }
  });
});

describe('check of problem XML: bounded memory under the 32 MiB limit', () => {
  const NS = 'http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0';

  it('1,100,000 `<problem/>` (11 MB): ERR_XML_TOO_MANY_ELEMENTS at once, heap capped at 64 MB (took ~800 MB)', () => {
    const file = join(dir, 'empty-problems.xml');
    const root = `<problems xmlns="${NS}">`;
    writeFileSync(file, `${root}${'<problem/>'.repeat(1_100_000)}</problems>`);
    const r = run(['check', file], { heapMiB: 64 });
    expectFinished(r, 'check');
    expect(r.code).to.equal(1);
    expect(r.out.split('\n')[0]).to.equal(
      // the root and 999,999 problems are the first million elements
      `${file}:1:${root.length + 10 * 999_999 + 1} ERR_XML_TOO_MANY_ELEMENTS more than 1000000 elements (maxElements)`,
    );
  });

  it('8 MB of real problems, heap capped at 64 MB: the problems are parsed one at a time (the whole tree needed > 96 MB)', () => {
    const sample = readFileSync(join(root, 'examples/data/sample-problem.xml'), 'utf8');
    const open = sample.indexOf('<problem>');
    const close = sample.lastIndexOf('</problems>');
    const body = sample.slice(open, close);
    const copies = Math.floor(8e6 / body.length);
    const file = join(dir, 'real.xml');
    writeFileSync(file, sample.slice(0, open).replace(/count="\d+"/, '') + body.repeat(copies) + sample.slice(close));
    const whole = checkProblemXml(sample);
    const r = run(['check', file], { heapMiB: 64 });
    expectFinished(r, 'check');
    expect(r.code, r.err.slice(0, 300)).to.equal(0);
    const problems = whole.value!.problems.length * copies;
    const releases = whole.value!.problems.reduce((n, p) => n + p.releases.length, 0) * copies;
    expect(r.out).to.equal(
      `${file}: problem-xml, ${problems} problems, ${releases} releases, ${whole.twins.length * copies} twins; 0 errors, 0 warnings\n`,
    );
  });
});

describe('check of .aif.gz: inflation bounded, damage typed', () => {
  it('64 MiB of line ends gzipped: ERR_AIF_GZIP_LIMIT and exit 1 at once (it was read in full and reported clean)', () => {
    const file = join(dir, 'bomb.aif.gz');
    writeFileSync(file, gzipSync(Buffer.alloc(64 << 20, 10), { level: 9 }));
    const r = run(['check', file], { timeout: 40_000 });
    expectFinished(r, 'check');
    expect(r.code).to.equal(1);
    expect(r.out).to.match(
      /:\d+:1 ERR_AIF_GZIP_LIMIT compressed input inflates to more than 200 times its \d+ compressed bytes \(maxInflateRatio; \d+ bytes so far\); the rest is not read\n/,
    );
    // the limits are options: raised, a smaller bomb is read to its end, clean
    const small = join(dir, 'small-bomb.aif.gz');
    writeFileSync(small, gzipSync(Buffer.alloc(24 << 20, 10), { level: 9 }));
    expect(run(['check', small]).out).to.contain('ERR_AIF_GZIP_LIMIT');
    const raised = run(['check', small, '--max-inflate-ratio', '100000']);
    expect(raised.code, raised.out.slice(0, 300)).to.equal(0);
    const low = run(['check', file, '--max-inflated-bytes', '1000000']);
    expect(low.out).to.contain(
      'ERR_AIF_GZIP_LIMIT compressed input inflates to more than 1000000 bytes (maxInflatedBytes)',
    );
    const bad = run(['check', file, '--max-inflate-ratio', '0']);
    expect([bad.code, bad.err]).to.deep.equal([2, "error: --max-inflate-ratio needs an integer >= 1, not '0'\n"]);
  });

  it('a damaged gzip body (1f 8b 08 00 then ff x 1000): FILE:line:col ERR_AIF_GZIP, not a raw exception', () => {
    const file = join(dir, 'damaged.aif.gz');
    writeFileSync(file, Buffer.from([0x1f, 0x8b, 0x08, 0x00, ...new Array(1000).fill(0xff)]));
    for (const verb of [['check'], ['export'], ['convert', '--to', 'json']]) {
      const r = run([verb[0]!, file, ...verb.slice(1)]);
      expectFinished(r, verb[0]!);
      expect(r.code, verb[0]).to.equal(1);
      expect(`${r.out}${r.err}`, verb[0]).to.contain(`${file}:1:1 ERR_AIF_GZIP compressed input is damaged: `);
      expect(r.err, verb[0]).to.not.match(/^error: /m);
    }
  });
});
