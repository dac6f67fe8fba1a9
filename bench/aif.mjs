// AIF producer: what analyseGame costs over the engine's own work, how --jobs scales, how big the
// output is. (1) The same games and depth through analyseGame (replay, legal moves, repetitions,
// grid bookkeeping, writing) and through a bare UCI loop over the same stockfish binary (position
// + go depth, wait for bestmove, nothing else). (2) `gamenotation analyse --jobs 1` vs `--jobs 2`
// on the same file. (3) Bytes per game for single-PV and for MultiPV all.
// `node bench/aif.mjs` (GN_AIF_BENCH_DEPTH=N, GN_AIF_BENCH_ROUNDS=N); needs Debian stockfish.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyseGame, makeAif } from '../dist/aif.js';
import { listEngines, openEngine } from '../dist/engine.js';
import { parsePgn } from '../dist/pgn.js';

const DEPTH = Number(process.env.GN_AIF_BENCH_DEPTH ?? 11);
const ROUNDS = Number(process.env.GN_AIF_BENCH_ROUNDS ?? 3);
const root = fileURLToPath(new URL('..', import.meta.url));

const GAMES = [
  '1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0',
  '1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0',
  '1. e4 c6 2. d4 d5 3. Nc3 dxe4 4. Nxe4 Nf6 5. Qd3 e5 6. dxe5 Qa5+ 7. Bd2 Qxe5 8. O-O-O Nxe4 9. Qd8+ Kxd8 10. Bg5+ Kc7 11. Bd8# 1-0',
  '1. d4 f5 2. Bg5 h6 3. Bh4 g5 4. Bg3 f4 5. e3 h5 6. Bd3 Rh6 7. Qxh5+ Rxh5 8. Bg6# 1-0',
  '1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 5. c3 Ba5 6. d4 exd4 7. O-O d3 8. Qb3 Qf6 9. e5 Qg6 10. Re1 Nge7 11. Ba3 b5 12. Qxb5 Rb8 13. Qa4 Bb6 14. Nbd2 Bb7 15. Ne4 Qf5 16. Bxd3 Qh5 17. Nf6+ gxf6 18. exf6 Rg8 19. Rad1 Qxf3 20. Rxe7+ Nxe7 21. Qxd7+ Kxd7 22. Bf5+ Ke8 23. Bd7+ Kf8 24. Bxe7# 1-0',
  '1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5 8. Nh4 Qg5 9. Nf5 c6 10. g4 Nf6 11. Rg1 cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8 15. Bxf4 Qf6 16. Nc3 Bc5 17. Nd5 Qxb2 18. Bd6 Bxg1 19. e5 Qxa1+ 20. Ke2 Na6 21. Nxg7+ Kd8 22. Qf6+ Nxf6 23. Be7# 1-0',
];
const pgn = GAMES.map(
  (m, i) =>
    `[Event "Bench"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "${i + 1}"]\n[White "W${i}"]\n[Black "B${i}"]\n[Result "1-0"]\n\n${m}\n`,
).join('\n');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A bare UCI loop: write lines, wait for a line starting with a prefix. */
function bare(path) {
  const child = spawn(path, [], { stdio: ['pipe', 'pipe', 'ignore'] });
  let buf = '';
  let want = null;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d) => {
    buf += d;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (want && line.startsWith(want.prefix)) {
        const w = want;
        want = null;
        w.resolve(line);
      }
    }
  });
  return {
    until: (lines, prefix) =>
      new Promise((resolve) => {
        want = { prefix, resolve };
        for (const l of lines) child.stdin.write(`${l}\n`);
      }),
    quit: () => child.stdin.end('quit\n'),
  };
}

async function bareRun(path, games) {
  const e = bare(path);
  await e.until(['uci'], 'uciok');
  await e.until(
    [
      'setoption name Threads value 1',
      'setoption name Hash value 16',
      'setoption name MultiPV value 1',
      'setoption name UCI_AnalyseMode value true',
      'isready',
    ],
    'readyok',
  );
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (const g of games) {
    await e.until(['ucinewgame', 'isready'], 'readyok');
    const moves = g.moves.map((m) => m.uci);
    for (let i = 0; i < moves.length; i++) {
      await e.until(['isready'], 'readyok');
      await e.until(
        [`position startpos${i ? ` moves ${moves.slice(0, i).join(' ')}` : ''}`, `go depth ${DEPTH}`],
        'bestmove',
      );
    }
  }
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  e.quit();
  return { ms, cpu: (c.user + c.system) / 1000 };
}

async function oursRun(path, games) {
  const engine = await openEngine({ kind: 'native', path, options: { Threads: 1, Hash: 16 } });
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let bytes = 0;
  for (const g of games) bytes += makeAif(await analyseGame(g, engine, { depth: DEPTH, threads: 1, hash: 16 })).length;
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  await engine.close();
  return { ms, cpu: (c.user + c.system) / 1000, bytes };
}

export async function run() {
  const path = (await listEngines({ probe: false })).find((e) => e.kind === 'native')?.path ?? '/usr/games/stockfish';
  const games = parsePgn(pgn).map((g) => g.value);
  const plies = games.reduce((n, g) => n + g.moves.length, 0);
  console.log(
    `stockfish ${path}; ${games.length} games, ${plies} plies, depth ${DEPTH}, Threads 1, ${ROUNDS} rounds (medians)\n`,
  );
  const ours = [],
    bares = [];
  for (let r = 0; r < ROUNDS; r++) {
    bares.push(await bareRun(path, games));
    ours.push(await oursRun(path, games));
  }
  const o = median(ours.map((x) => x.ms)),
    b = median(bares.map((x) => x.ms));
  const oc = median(ours.map((x) => x.cpu)),
    bc = median(bares.map((x) => x.cpu));
  // Wall time includes the engine's own search, which varies with the machine's load; the CPU
  // time of this process is what our layer itself costs (the engine runs in its own process).
  console.log('| run | wall time | per ply | vs bare loop | CPU of this process | as % of the bare wall time |');
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(
    `| bare UCI loop (position + go depth) | ${(b / 1000).toFixed(2)} s | ${(b / plies).toFixed(1)} ms | 1.00 | ${bc.toFixed(0)} ms | ${((bc / b) * 100).toFixed(2)} % |`,
  );
  console.log(
    `| analyseGame + makeAif | ${(o / 1000).toFixed(2)} s | ${(o / plies).toFixed(1)} ms | ${(o / b).toFixed(3)} | ${oc.toFixed(0)} ms | ${((oc / b) * 100).toFixed(2)} % |`,
  );

  const dir = mkdtempSync(join(tmpdir(), 'gn-aif-bench-'));
  const file = join(dir, 'games.pgn');
  writeFileSync(file, `${pgn}\n${pgn}`);
  const cli = process.env.GN_AIF_BENCH_CLI ?? join(root, 'dist', 'cli.js');
  const env = { ...process.env, PATH: `${process.env.PATH}:/usr/games` };
  const timed = (jobs) => {
    const t0 = performance.now();
    const r = spawnSync(
      process.execPath,
      [
        cli,
        'analyse',
        file,
        '--out',
        join(dir, `j${jobs}.aif`),
        '--depth',
        String(DEPTH),
        '--jobs',
        String(jobs),
        '--quiet',
      ],
      { env, encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(r.stderr);
    return performance.now() - t0;
  };
  const j1 = median(Array.from({ length: ROUNDS }, () => timed(1)));
  const j2 = median(Array.from({ length: ROUNDS }, () => timed(2)));
  const same = readFileSync(join(dir, 'j1.aif'), 'utf8') === readFileSync(join(dir, 'j2.aif'), 'utf8');
  console.log(`\n| gamenotation analyse (${games.length * 2} games) | time | games/s | speed-up |`);
  console.log('|---|---:|---:|---:|');
  console.log(`| --jobs 1 | ${(j1 / 1000).toFixed(2)} s | ${((games.length * 2) / (j1 / 1000)).toFixed(2)} | 1.00 |`);
  console.log(
    `| --jobs 2 | ${(j2 / 1000).toFixed(2)} s | ${((games.length * 2) / (j2 / 1000)).toFixed(2)} | ${(j1 / j2).toFixed(2)} |`,
  );
  console.log(`(same bytes: ${same})`);

  const all = spawnSync(
    process.execPath,
    [
      cli,
      'analyse',
      file,
      '--out',
      join(dir, 'all.aif'),
      '--depth',
      String(DEPTH),
      '--multipv',
      'all',
      '--jobs',
      '2',
      '--quiet',
    ],
    { env, encoding: 'utf8' },
  );
  if (all.status !== 0) throw new Error(all.stderr);
  const n = games.length * 2;
  const single = statSync(join(dir, 'j1.aif')).size / n,
    full = statSync(join(dir, 'all.aif')).size / n;
  const perPly = (x) => (x / (plies / games.length)).toFixed(0);
  console.log(`\n| output at depth ${DEPTH} | bytes per game | bytes per ply |`);
  console.log('|---|---:|---:|');
  console.log(`| single-PV | ${single.toFixed(0)} | ${perPly(single)} |`);
  console.log(`| MultiPV all | ${full.toFixed(0)} | ${perPly(full)} |`);
  console.log('| Regan, single-PV (Qatar 2014, 693 games, ~100 MB) | ~144 000 | |');
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
