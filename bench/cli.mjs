// The CLI as a user runs it: whole processes, `gamenotation check` against `pgn-extract -s -r`
// (Debian's C PGN checker) on 20 MB PGN files, wall clock, median of several runs, interleaved so a
// busy machine slows both alike. `node bench/cli.mjs` or `npm run bench`; GN_CLI_BENCH_RUNS=N sets
// the number of runs (default 5). The inputs are built in a temporary folder by repeating the two
// 1 MB benchmark files of the Rust pgn-reader crate (../shared/data/chess/pgn/shakmaty-benches).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedDir } from '../scripts/shared-dir.mjs';

const INPUTS = [
  { name: 'lichess-style 20 MB', source: 'lichess_db_1000k.pgn' },
  { name: 'TWIC-style 20 MB', source: 'twic1599_1000k.pgn' },
];

function findPgnExtract() {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/games', '/usr/bin']) {
    const file = join(dir, 'pgn-extract');
    if (dir && existsSync(file)) return file;
  }
  return null;
}

// GNU time, when installed, adds each process's CPU time (user + system): steadier than the wall
// clock on a loaded machine, though it counts every thread's work (not what a user waits for).
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

function timed(cmd, args) {
  const t0 = performance.now();
  const r = GNU_TIME
    ? spawnSync(GNU_TIME, ['-f', '@cpu %U %S', cmd, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 })
    : spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  const ms = performance.now() - t0;
  if (r.error) throw r.error;
  const cpu = /@cpu ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr ?? '');
  return {
    ms,
    cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : NaN,
    status: r.status,
    out: r.stdout,
    err: r.stderr,
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export async function run() {
  const shared = sharedDir();
  const dir = shared && `${shared}/data/chess/pgn/shakmaty-benches`;
  if (!dir || !existsSync(join(dir, INPUTS[0].source))) {
    console.log('cli bench: ../shared/data/chess/pgn/shakmaty-benches not found; skipped');
    return;
  }
  const cli = process.env.GN_CLI_PATH ?? fileURLToPath(new URL('../dist/cli.js', import.meta.url));
  const pgnExtract = findPgnExtract();
  const runs = Math.max(1, Number(process.env.GN_CLI_BENCH_RUNS) || 5);
  const tmp = mkdtempSync(join(tmpdir(), 'gn-cli-bench-'));
  const rows = [];
  try {
    for (const input of INPUTS) {
      const one = readFileSync(join(dir, input.source));
      const file = join(tmp, input.source.replace('_1000k', '-20mb'));
      const copies = Math.ceil(20e6 / (one.length + 1));
      writeFileSync(file, Buffer.concat(Array.from({ length: copies }, () => Buffer.concat([one, Buffer.from('\n')]))));
      // The default picks one reader per idle core; the other two rows show one reader and all cores.
      const cores = availableParallelism();
      const contenders = {
        'gamenotation check': [process.execPath, [cli, 'check', file, '--quiet']],
        'gamenotation check --threads 1': [process.execPath, [cli, 'check', file, '--quiet', '--threads', '1']],
      };
      if (cores > 1)
        contenders[`gamenotation check --threads ${cores}`] = [
          process.execPath,
          [cli, 'check', file, '--quiet', '--threads', String(cores)],
        ];
      if (pgnExtract) contenders['pgn-extract -s -r'] = [pgnExtract, ['-s', '-r', file]];
      const times = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
      const cpuTimes = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
      let summary = '';
      for (const [cmd, args] of Object.values(contenders)) timed(cmd, args); // warm the page cache
      for (let i = 0; i < runs; i++) {
        for (const [name, [cmd, args]] of Object.entries(contenders)) {
          const r = timed(cmd, args);
          if (name.startsWith('gamenotation') && r.status !== 0)
            throw new Error(`${name} exited ${r.status}: ${r.err}`);
          if (name === 'gamenotation check' && !summary) {
            summary = timed(process.execPath, [cli, 'check', file]).out.trim().split('\n').pop();
          }
          times[name].push(r.ms);
          cpuTimes[name].push(r.cpuMs);
        }
      }
      const ms = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
      const cpu = Object.fromEntries(Object.entries(cpuTimes).map(([k, v]) => [k, median(v)]));
      rows.push({ input: input.name, bytes: readFileSync(file).length, ms, cpu, summary });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  console.log(
    `whole processes, wall clock, median of ${runs} runs; ${availableParallelism()} cores; ` +
      `pgn-extract: ${pgnExtract ?? 'not installed'}\n`,
  );
  console.log('| input | command | wall ms | MB/s | vs pgn-extract (wall) | CPU ms | vs pgn-extract (CPU) |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  const PEER = 'pgn-extract -s -r';
  const ratio = (peer, ours, name) =>
    peer && !name.startsWith('pgn-extract') && Number.isFinite(peer / ours) ? `${(peer / ours).toFixed(2)}x` : '';
  for (const row of rows) {
    for (const [name, ms] of Object.entries(row.ms)) {
      const cpu = row.cpu[name];
      console.log(
        `| ${row.input} | ${name} | ${ms.toFixed(0)} | ${(row.bytes / 1e6 / (ms / 1000)).toFixed(1)} | ${ratio(row.ms[PEER], ms, name)} | ` +
          `${Number.isFinite(cpu) ? cpu.toFixed(0) : '-'} | ${ratio(row.cpu[PEER], cpu, name)} |`,
      );
    }
  }
  console.log('');
  for (const row of rows) console.log(`${row.input}: ${row.summary}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
