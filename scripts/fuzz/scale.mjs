// The scale family of the fuzz harness (issue #25, section 4): size-scaled inputs for every reader
// (records x 10^6, tags x 10^5, nesting depth, one long line, compression ratio), each run in a
// child process through the CLI's `check` (Popeye input through parsePopeye), with its peak
// resident memory and CPU time measured (scripts/fuzz/measure.mjs) and held to a budget. A reader
// that holds its whole input, or goes quadratic, fails the run instead of a user's process.
//
// Two sizes: `fuzz` (the default run, about half a minute in all) and `full` (the sizes of the
// issue's repros, with each figure printed next to its must: `npm run bench` runs them through
// bench/scale.mjs, and `npm run fuzz -- --scale=full` too).
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../../', import.meta.url));
const MEASURE = fileURLToPath(new URL('./measure.mjs', import.meta.url));

/** Writes an input in 1 MiB pieces (a 120 MB input is never one string). */
function writer(path) {
  const fd = openSync(path, 'w');
  let parts = [];
  let size = 0;
  let bytes = 0;
  const flush = () => {
    if (!parts.length) return;
    const b = Buffer.from(parts.join(''), 'utf8');
    writeSync(fd, b);
    bytes += b.length;
    parts = [];
    size = 0;
  };
  return {
    write(s) {
      parts.push(s);
      size += s.length;
      if (size >= 1 << 20) flush();
    },
    repeat(s, n) {
      const block = s.repeat(Math.max(1, Math.floor((1 << 20) / s.length)));
      const per = block.length / s.length;
      let left = n;
      for (; left >= per; left -= per) this.write(block);
      if (left > 0) this.write(s.repeat(left));
    },
    close() {
      flush();
      closeSync(fd);
      return bytes;
    },
  };
}

const sample = (name) => readFileSync(join(root, 'examples/data', name), 'utf8');

/** The data lines and the header of examples/data/sample.pbi. */
function pbiParts() {
  const lines = sample('sample.pbi').split('\n');
  const header = `${lines.filter((l) => l.startsWith('#') || l.startsWith('\ufeff')).join('\n')}\n`;
  const data = `${lines.filter((l) => l && !l.startsWith('#') && !l.startsWith('\ufeff')).join('\n')}\n`;
  return { header, data };
}

const NS = 'http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0';
const MB = 1e6;

/**
 * The cases. `n` is the size at the chosen scale (`fuzz` or `full`); `write(w, n)` writes the input;
 * `expect(run)` says what the check must report; `budget` (`budget.full` at full scale) is checked
 * at every scale; `must` and `goal` (the issue's figures) are printed at full scale next to the
 * measured figure, and the must is checked. `chunk` reads the input in smaller chunks
 * (GN_CHUNK_BYTES), where a reader that reads again what it read before would go quadratic. The
 * `bench` cases are the issue's repros, run at full scale by `npm run bench` (bench/scale.mjs).
 */
export const scaleCases = [
  {
    name: 'pgn: records x 10^6',
    ext: 'pgn',
    sizes: { fuzz: 1_000_000, full: 1_000_000 },
    write: (w, n) => w.repeat('[Event "e"]\n\n1. e4 e5 2. Nf3 *\n\n', n),
    expect: (r, n) => (r.out.includes(`pgn, ${n} games, ${3 * n} moves`) ? null : 'wrong counts'),
    budget: { rssMB: 250, cpuS: 10 },
  },
  {
    name: 'pgn: tags x 10^5 in one game',
    ext: 'pgn',
    sizes: { fuzz: 100_000, full: 600_000 },
    write: (w, n) => {
      for (let i = 0; i < n; i++) w.write(`[Tag${i} "v${i}"]\n`);
      w.write('\n1. e4 e5 *\n');
    },
    expect: (r) => (r.code === 0 ? null : `exit ${r.code}`),
    // 4 KiB chunks: a game read again with every batch (quadratic) takes minutes
    chunk: { fuzz: 4096 },
    budget: { rssMB: 400, cpuS: 3, full: { rssMB: 600, cpuS: 8 } },
    must: { cpuS: 4, text: 'linear, 600k tags <= 4 s' },
    bench: true,
  },
  {
    name: 'pgn: nesting depth 10^5',
    ext: 'pgn',
    sizes: { fuzz: 100_000, full: 1_000_000 },
    write: (w, n) => {
      w.write('[Event "deep"]\n\n1. e4 ');
      w.repeat('( 1. d4 ', n);
      w.repeat(') ', n);
      w.write('*\n');
    },
    expect: (r) => (/ERR_PGN_TOO_DEEP/.test(r.out) ? null : 'no ERR_PGN_TOO_DEEP'),
    budget: { rssMB: 250, cpuS: 3, full: { rssMB: 400, cpuS: 20 } },
  },
  {
    name: 'pgn: 20 MB line',
    ext: 'pgn',
    sizes: { fuzz: 20_000_000, full: 100_000_000 },
    write: (w, n) => {
      w.write('[Event "x"]\n\n1. e4 {');
      w.repeat('a', n);
      w.write('} e5 *\n');
    },
    expect: (r) => (/ERR_PGN_COMMENT_TOO_LONG/.test(r.out) ? null : 'no ERR_PGN_COMMENT_TOO_LONG'),
    // 16 KiB chunks: a stretch searched again with every chunk (quadratic) takes a minute
    chunk: { fuzz: 16384 },
    budget: { rssMB: 250, cpuS: 3, full: { rssMB: 400, cpuS: 15 } },
  },
  {
    name: 'bpgn: records x 10^5',
    ext: 'bpgn',
    sizes: { fuzz: 100_000, full: 1_000_000 },
    write: (w, n) => w.repeat('[WhiteA "a"]\n[BlackA "b"]\n[WhiteB "c"]\n[BlackB "d"]\n\n1A. e4 1a. e5 *\n\n', n),
    expect: (r, n) => (r.out.includes(`bpgn, ${n} matches`) ? null : 'wrong counts'),
    budget: { rssMB: 250, cpuS: 10, full: { rssMB: 250, cpuS: 60 } },
  },
  {
    name: 'bpgn: tags x 10^5 in one match',
    ext: 'bpgn',
    sizes: { fuzz: 100_000, full: 600_000 },
    write: (w, n) => {
      w.write('[WhiteA "a"]\n');
      for (let i = 0; i < n; i++) w.write(`[Tag${i} "v${i}"]\n`);
      w.write('\n1A. e4 1a. e5 *\n');
    },
    expect: (r) => (r.code === 0 ? null : `exit ${r.code}`),
    chunk: { fuzz: 4096 },
    budget: { rssMB: 400, cpuS: 4, full: { rssMB: 600, cpuS: 15 } },
  },
  {
    name: 'pbn: records x 10^6',
    ext: 'pbn',
    sizes: { fuzz: 1_000_000, full: 1_000_000 },
    write: (w, n) => {
      w.write('% PBN 2.1\n');
      w.repeat('[Board "1"]\n\n', n);
    },
    expect: (r, n) => (r.out.includes(`pbn, ${n} games`) ? null : 'wrong counts'),
    budget: { rssMB: 250, cpuS: 25 },
  },
  {
    name: 'pbn: 120 MB of sample.pbn',
    ext: 'pbn',
    sizes: { fuzz: 12 * MB, full: 120 * MB },
    write: (w, n) => {
      const text = sample('sample.pbn');
      const body = `${text.replace(/^%.*\r?\n/gm, '').trimEnd()}\n\n`;
      w.write(`${text.trimEnd()}\n\n`);
      w.repeat(body, Math.ceil(n / body.length));
    },
    expect: (r) => (r.code === 0 ? null : `exit ${r.code}`),
    budget: { rssMB: 160, cpuS: 15, full: { rssMB: 600, cpuS: 150 } },
    must: { rssMB: 600, text: '120 MB in <= 600 MB RSS, no crash' },
    goal: { rssMB: 200 },
    bench: true,
  },
  {
    name: 'pbn: tags x 10^5 in one game',
    ext: 'pbn',
    sizes: { fuzz: 100_000, full: 600_000 },
    write: (w, n) => {
      w.write('% PBN 2.1\n[Board "1"]\n');
      for (let i = 0; i < n; i++) w.write(`[Tag${i} "v${i}"]\n`);
    },
    expect: (r) => (r.code === 0 ? null : `exit ${r.code}`),
    // 4 KiB chunks: a game joined and scanned again with every chunk (quadratic) takes minutes
    chunk: { fuzz: 4096 },
    budget: { rssMB: 400, cpuS: 5, full: { rssMB: 800, cpuS: 30 } },
  },
  {
    name: 'pbi: records x 10^6',
    ext: 'pbi',
    sizes: { fuzz: 1_000_000, full: 1_000_000 },
    write: (w, n) => {
      w.write('\ufeff#PBI 1.2\n');
      w.repeat('A::::::::\n', n);
    },
    expect: (r, n) => (r.out.includes(`pbi, ${n} problems`) ? null : 'wrong counts'),
    budget: { rssMB: 200, cpuS: 15 },
  },
  {
    name: 'pbi: 120 MB of sample.pbi (from a pipe)',
    ext: 'pbi',
    stdin: true,
    sizes: { fuzz: 12 * MB, full: 120 * MB },
    write: (w, n) => {
      const { header, data } = pbiParts();
      w.write(header);
      w.repeat(data, Math.ceil(n / data.length));
    },
    expect: (r) => (r.code === 0 ? null : `exit ${r.code}`),
    budget: { rssMB: 160, cpuS: 6, full: { rssMB: 600, cpuS: 40 } },
    must: { rssMB: 600, text: '120 MB in <= 600 MB RSS, no crash' },
    goal: { rssMB: 200 },
    bench: true,
  },
  {
    name: 'xml: 3,300,000 <problem/>',
    ext: 'xml',
    sizes: { fuzz: 3_300_000, full: 3_300_000 },
    write: (w, n) => {
      w.write(`<problems xmlns="${NS}">`);
      w.repeat('<problem/>', n);
      w.write('</problems>');
    },
    expect: (r) => (/ERR_XML_TOO_MANY_ELEMENTS/.test(r.out) ? null : 'no ERR_XML_TOO_MANY_ELEMENTS'),
    budget: { rssMB: 330, cpuS: 5 },
    must: { rssMB: 700, cpuS: 20, text: '<= 700 MB and <= 20 s' },
    goal: { inputTimes: 10 },
    bench: true,
  },
  {
    name: 'xml: empty problems under maxElements',
    ext: 'xml',
    sizes: { fuzz: 300_000, full: 999_990 },
    write: (w, n) => {
      w.write(`<problems xmlns="${NS}">`);
      w.repeat('<problem/>', n);
      w.write('</problems>');
    },
    expect: (r, n) => (r.out.includes(`problem-xml, ${n} problems`) ? null : 'wrong counts'),
    budget: { rssMB: 300, cpuS: 10, full: { rssMB: 700, cpuS: 40 } },
  },
  {
    name: 'xml: 32 MB of real problems',
    ext: 'xml',
    sizes: { fuzz: 8 * MB, full: 32 * MB },
    write: (w, n) => {
      const text = sample('sample-problem.xml');
      const open = text.indexOf('<problem>');
      const close = text.lastIndexOf('</problems>');
      const body = text.slice(open, close);
      w.write(text.slice(0, open).replace(/count="\d+"/, ''));
      w.repeat(body, Math.floor((n - 1000) / body.length));
      w.write(text.slice(close));
    },
    expect: (r) => (r.code === 0 ? null : `exit ${r.code}`),
    budget: { rssMB: 200, cpuS: 10, full: { rssMB: 700, cpuS: 40 } },
    goal: { inputTimes: 10 },
    bench: true,
  },
  {
    name: 'xml: nesting depth 10^5',
    ext: 'xml',
    sizes: { fuzz: 100_000, full: 1_000_000 },
    write: (w, n) => {
      w.write(`<problems xmlns="${NS}"><problem>`);
      w.repeat('<x>', n);
      w.repeat('</x>', n);
      w.write('</problem></problems>');
    },
    expect: (r) => (/ERR_XML_TOO_DEEP/.test(r.out) ? null : 'no ERR_XML_TOO_DEEP'),
    budget: { rssMB: 300, cpuS: 3, full: { rssMB: 400, cpuS: 10 } },
  },
  {
    name: 'aif: records x 10^5',
    ext: 'aif',
    sizes: { fuzz: 100_000, full: 1_000_000 },
    write: (w, n) =>
      w.repeat(
        '[Event "e"]\n[Site "s"]\n[Date "2026.01.01"]\n[Round "1"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. e4 *\n\n',
        n,
      ),
    expect: (r, n) => (r.out.includes(`aif, ${n} games`) ? null : 'wrong counts'),
    budget: { rssMB: 250, cpuS: 12, full: { rssMB: 250, cpuS: 90 } },
  },
  {
    name: 'aif: tags x 10^5 in one game',
    ext: 'aif',
    sizes: { fuzz: 100_000, full: 600_000 },
    write: (w, n) => {
      w.write('; AIF v0.5\n');
      for (let i = 0; i < n; i++) w.write(`[Tag${i} "v${i}"]\n`);
      w.write('\n1. e4 e5 *\n');
    },
    expect: (r) => (r.code === 0 ? null : `exit ${r.code}`),
    chunk: { fuzz: 4096 },
    budget: { rssMB: 500, cpuS: 5, full: { rssMB: 800, cpuS: 30 } },
  },
  {
    name: 'aif.gz: compression ratio 1000 (line ends)',
    ext: 'aif.gz',
    binary: true,
    sizes: { fuzz: 128 << 20, full: 512 << 20 },
    bytes: (n) => gzipSync(Buffer.alloc(n, 10), { level: 9 }),
    expect: (r) => (/ERR_AIF_GZIP_LIMIT/.test(r.out) && r.code === 1 ? null : 'no ERR_AIF_GZIP_LIMIT with exit 1'),
    // (one 64 KiB write to the decompressor was inflated in full: 128 MiB held at once)
    budget: { rssMB: 100, cpuS: 5, full: { rssMB: 100, cpuS: 10 } },
    must: { cpuS: 10, text: 'ERR_AIF_GZIP_LIMIT, exit 1, within seconds' },
    bench: true,
  },
  {
    name: 'popeye: records x 10^5 (parsePopeye)',
    ext: 'inp',
    lib: 'popeye',
    // parsePopeye returns every problem (an .inp file holds a few): the same size at both scales
    sizes: { fuzz: 100_000, full: 100_000 },
    write: (w, n) => {
      w.write('BeginProblem\n');
      w.repeat('Pieces White Ke1 Qd1 Black Ke8\nStipulation #2\nTwin Move d1 d5\nNextProblem\n', n);
      w.write('Pieces White Ke1 Black Ke8\nStipulation #2\nEndProblem\n');
    },
    expect: (r, n) => (r.out.trim() === `${n + 1} problems, 0 errors` ? null : `got ${r.out.trim().slice(0, 80)}`),
    budget: { rssMB: 600, cpuS: 8 },
  },
];

/** Runs `args` in a child process with the measuring preload: exit code, output, peak RSS, CPU time. */
function measured(args, { input, env } = {}) {
  const file = join(mkdtempSync(join(tmpdir(), 'gn-measure-')), 'm.json');
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', MEASURE, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env, GN_MEASURE_FILE: file },
    input,
    maxBuffer: 1 << 26,
    timeout: 300_000,
  });
  const wallS = (performance.now() - t0) / 1000;
  let m = null;
  try {
    m = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // killed (heap limit, timeout): no figures
  }
  rmSync(join(file, '..'), { recursive: true, force: true });
  return {
    code: r.status,
    signal: r.signal,
    out: r.stdout ?? '',
    err: r.stderr ?? '',
    wallS,
    rssMB: m ? m.maxRssKB / 1024 : NaN,
    cpuS: m ? m.cpuMs / 1000 : NaN,
  };
}

/** The CLI and the problems module bundled from src/ (or dist/ with `dist`), in a temp dir. */
async function buildCli(dist) {
  if (dist) {
    if (!existsSync(join(root, 'dist', 'cli.js'))) throw new Error('scale: dist/cli.js is missing (npm run build)');
    return { cli: join(root, 'dist', 'cli.js'), problems: join(root, 'dist', 'problems.js'), cleanup() {} };
  }
  const { build } = await import('esbuild');
  const out = mkdtempSync(join(tmpdir(), 'gn-scale-'));
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  await build({
    entryPoints: {
      cli: join(root, 'src/cli/main.ts'),
      'cli-pgn-worker': join(root, 'src/cli/pgn-worker.ts'),
      problems: join(root, 'src/problems/index.ts'),
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    splitting: true,
    // as dist/: chunks one level down, so the check worker is found at ../cli-pgn-worker.js
    chunkNames: 'chunks/[name]-[hash]',
    outdir: out,
    external: [
      ...Object.keys(pkg.optionalDependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}),
      'bullmq',
      'ioredis',
    ],
    // CommonJS packages bundled into ESM (cli-progress) call require
    banner: {
      js: "import { createRequire as gnRequire } from 'node:module'; const require = gnRequire(import.meta.url);",
    },
    logLevel: 'error',
  });
  return {
    cli: join(out, 'cli.js'),
    problems: join(out, 'problems.js'),
    cleanup: () => rmSync(out, { recursive: true, force: true }),
  };
}

/** Child script for a library reader (Popeye input has no streamed CLI verb). */
const POPEYE_CHILD = `
const { readFileSync } = await import('node:fs');
const lib = await import(process.argv[1]);
const items = lib.parsePopeye(readFileSync(process.argv[2], 'utf8'));
console.log(items.length + ' problems, ' + items.reduce((n, i) => n + i.errors.length, 0) + ' errors');
`;

/**
 * Runs the scale cases (all, or those whose name starts with one of `only`) at `scale`, and
 * returns a row per case: { name, inputMB, rssMB, cpuS, wallS, budget, must, goal, problem }.
 */
export async function runScale({ scale = 'fuzz', dist = false, only, bench = false, log = console.log } = {}) {
  let cases = only ? scaleCases.filter((c) => only.some((o) => c.name.startsWith(o))) : scaleCases;
  if (bench) cases = cases.filter((c) => c.bench);
  const built = await buildCli(dist);
  const dir = mkdtempSync(join(tmpdir(), 'gn-scale-input-'));
  const rows = [];
  try {
    for (const c of cases) {
      const n = c.sizes[scale];
      const path = join(dir, `input.${c.ext}`);
      let inputBytes;
      if (c.binary) {
        const bytes = c.bytes(n);
        const fd = openSync(path, 'w');
        writeSync(fd, bytes);
        closeSync(fd);
        inputBytes = bytes.length;
      } else {
        const w = writer(path);
        c.write(w, n);
        inputBytes = w.close();
      }
      const args = c.lib
        ? ['--input-type=module', '-e', POPEYE_CHILD, built.problems, path]
        : [built.cli, 'check', c.stdin ? '-' : path, '--format', c.ext.split('.')[0].replace('xml', 'problem-xml')];
      const chunk = c.chunk?.[scale];
      const r = measured(args, {
        input: c.stdin ? readFileSync(path) : undefined,
        env: chunk ? { GN_CHUNK_BYTES: String(chunk) } : undefined,
      });
      const budget = (scale === 'full' && c.budget.full) || { rssMB: c.budget.rssMB, cpuS: c.budget.cpuS };
      const row = {
        name: c.name,
        n,
        inputMB: Number((inputBytes / MB).toFixed(1)),
        inflatedMB: c.binary ? Number((n / MB).toFixed(1)) : undefined,
        rssMB: Math.round(r.rssMB),
        cpuS: Number(r.cpuS.toFixed(2)),
        wallS: Number(r.wallS.toFixed(2)),
        chunk,
        budget,
        must: scale === 'full' ? c.must : undefined,
        goal: scale === 'full' ? c.goal : undefined,
        problem: null,
      };
      const over = (limit, what) => {
        if (limit.rssMB !== undefined && !(r.rssMB <= limit.rssMB))
          return `${what}: ${row.rssMB} MB RSS > ${limit.rssMB} MB`;
        if (limit.cpuS !== undefined && !(r.cpuS <= limit.cpuS)) return `${what}: ${row.cpuS} s CPU > ${limit.cpuS} s`;
        return null;
      };
      if (r.signal || Number.isNaN(r.rssMB))
        row.problem = `ended by ${r.signal ?? 'an error'}${/heap limit|FATAL/.test(r.err) ? ' (out of memory)' : ''}: ${r.err.split('\n')[0]}`;
      else if (/\n\s+at |FATAL ERROR/.test(r.err)) row.problem = `stack trace: ${r.err.slice(0, 200)}`;
      else row.problem = c.expect(r, n) ?? over(budget, 'budget') ?? (row.must ? over(row.must, 'must') : null);
      if (row.goal?.rssMB !== undefined) row.goalMet = r.rssMB <= row.goal.rssMB;
      if (row.goal?.inputTimes !== undefined) row.goalMet = r.rssMB * 2 ** 20 <= row.goal.inputTimes * inputBytes;
      rows.push(row);
      log(formatRow(row));
      rmSync(path, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    built.cleanup();
  }
  return rows;
}

/** One line of the report: the figures, the budget, and at full scale the must and the goal. */
export function formatRow(row) {
  let size = row.inflatedMB !== undefined ? `${row.inputMB} MB (${row.inflatedMB} MB inflated)` : `${row.inputMB} MB`;
  if (row.chunk) size += ` in ${row.chunk / 1024} KiB chunks`;
  const parts = [
    `scale: ${row.name}: ${size}: ${row.rssMB} MB RSS, ${row.cpuS} s CPU (${row.wallS} s wall)`,
    `budget ${[row.budget.rssMB && `${row.budget.rssMB} MB`, row.budget.cpuS && `${row.budget.cpuS} s`].filter(Boolean).join(', ')}`,
  ];
  if (row.must) parts.push(`must: ${row.must.text}`);
  if (row.goal)
    parts.push(
      `goal ${row.goal.rssMB ? `<= ${row.goal.rssMB} MB` : `<= ${row.goal.inputTimes}x the input`}: ${row.goalMet ? 'met' : 'not met'}`,
    );
  parts.push(row.problem ? `FAILED: ${row.problem}` : 'ok');
  return parts.join('; ');
}
