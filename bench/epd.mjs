// EPD: (1) an engine test suite of 100 positions (STS "Undermining", test/fixtures/epd) on two
// engines against one: analyseEpdSuite with Debian stockfish, Threads 1, a fixed node count per
// position (the same work whatever the split), rounds alternating one engine and two so that the
// load of this shared machine falls on both alike; the load average is printed with the figures.
// (2) Reading: parseEpd with and without validation over the matetrack suite (../shared), records
// per second, against chessops reading each line's position and its first best move (the least a
// test-suite runner must do). (3) aifStats over a long synthetic AIF file.
// `node bench/epd.mjs` (GN_EPD_BENCH_NODES=N, GN_EPD_BENCH_ROUNDS=N); needs Debian stockfish.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg, availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { analyseEpdSuite, parseEpd } from '../dist/epd.js';
import { openEngine } from '../dist/engine.js';
import { aifStats, parseAif } from '../dist/aif.js';
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { parseSan } from 'chessops/san';

const NODES = Number(process.env.GN_EPD_BENCH_NODES ?? 30000);
const ROUNDS = Number(process.env.GN_EPD_BENCH_ROUNDS ?? 2);
const root = fileURLToPath(new URL('..', import.meta.url));
const STOCKFISH = ['/usr/games/stockfish', '/usr/bin/stockfish'].find((p) => existsSync(p));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => loadavg()[0].toFixed(2);

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/** The engine processes this process started (its children named stockfish). */
function enginePids() {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter(([, comm]) => comm && /stockfish/.test(comm))
    .map(([pid]) => Number(pid));
}

async function suite() {
  if (!STOCKFISH) {
    console.log('(no Debian stockfish: the suite bench is skipped)');
    return;
  }
  const records = parseEpd(readFileSync(`${root}test/fixtures/epd/sts-undermine.epd`, 'utf8')).map((i) => i.value);
  const open = () => openEngine({ kind: 'native', path: STOCKFISH, options: { Threads: 1, Hash: 16 } });
  const engines = [await open(), await open()];
  const pids = enginePids();
  const times = { 1: [], 2: [] };
  // CPU of the busiest engine in each run (its critical path) and of all engines together.
  const busiest = { 1: [], 2: [] };
  const total = { 1: [], 2: [] };
  const ourCpu = { 1: [], 2: [] };
  const loads = [];
  let answers;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const jobs of round % 2 ? [2, 1] : [1, 2]) {
        loads.push(loadavg()[0]);
        const before = pids.map(cpuSeconds);
        const node0 = process.cpuUsage();
        const t0 = performance.now();
        const r = await analyseEpdSuite(records, engines.slice(0, jobs), { nodes: NODES });
        const wall = performance.now() - t0;
        const node = process.cpuUsage(node0);
        const used = pids.map((pid, i) => cpuSeconds(pid) - before[i]);
        const ours = (node.user + node.system) / 1e6;
        times[jobs].push(wall);
        busiest[jobs].push(Math.max(...used));
        total[jobs].push(used.reduce((a, b) => a + b, 0) + ours);
        ourCpu[jobs].push(ours);
        const key = JSON.stringify(r.positions.map((p) => p.move));
        if (answers === undefined) answers = key;
        else if (answers !== key) throw new Error('two runs gave different answers');
      }
    }
  } finally {
    await Promise.all(engines.map((e) => e.close()));
  }
  const one = median(times[1]);
  const two = median(times[2]);
  console.log(
    `100 positions (STS Undermining), go nodes ${NODES}, Threads 1, ucinewgame per position; ${ROUNDS} rounds alternating; ` +
      `${availableParallelism()} cores, load average ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} during the runs\n`,
  );
  console.log('| engines (--jobs) | wall time, median | min – max | speed-up |');
  console.log('|---|---:|---:|---:|');
  console.log(
    `| 1 | ${(one / 1000).toFixed(2)} s | ${(Math.min(...times[1]) / 1000).toFixed(2)} – ${(Math.max(...times[1]) / 1000).toFixed(2)} s | 1.00 |`,
  );
  console.log(
    `| 2 | ${(two / 1000).toFixed(2)} s | ${(Math.min(...times[2]) / 1000).toFixed(2)} – ${(Math.max(...times[2]) / 1000).toFixed(2)} s | ${(one / two).toFixed(2)} |`,
  );
  if (pids.length === 2) {
    // On two free cores the two-engine run takes at least its CPU over two cores and at least the
    // busier engine's CPU; at most the busier engine's CPU plus all of ours (ours never overlapping).
    const c1 = median(total[1]);
    const all2 = median(total[2]);
    const busy = median(busiest[2]);
    const ours = median(ourCpu[2]);
    const best = c1 / Math.max(all2 / 2, busy);
    const worst = c1 / (busy + ours);
    console.log(
      `\nCPU seconds (the engines' from /proc, this process's from process.cpuUsage): one engine ${c1.toFixed(2)} s in all; ` +
        `two engines ${all2.toFixed(2)} s in all, the busier engine ${busy.toFixed(2)} s, this process ${ours.toFixed(2)} s. ` +
        `On two free cores that is a speed-up of ${worst.toFixed(2)}–${best.toFixed(2)} (the wall-time ratio above is what the load left).`,
    );
  }
  console.log('\n(the same moves in every run: a node limit is deterministic on one thread)\n');
}

async function reading() {
  const shared = process.env.GAMENOTATION_SHARED || `${root}../shared`;
  const file = `${shared}/data/problems/epd/matetrack.epd`;
  const text = existsSync(file)
    ? readFileSync(file, 'utf8')
    : readFileSync(`${root}test/fixtures/epd/sts-undermine.epd`, 'utf8').repeat(60);
  const lines = text.split('\n').filter((l) => l.trim()).length;
  const time = (f) => {
    const xs = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      f();
      xs.push(performance.now() - t0);
    }
    return median(xs);
  };
  parseEpd(text);
  const full = time(() => parseEpd(text));
  const bare = time(() => parseEpd(text, { validate: false }));
  const ops = time(() => {
    for (const line of text.split('\n')) {
      const f = line.trim().split(/\s+/);
      if (f.length < 4) continue;
      const setup = parseFen(`${f.slice(0, 4).join(' ')} 0 1`);
      if (setup.isErr) continue;
      const pos = Chess.fromSetup(setup.value);
      if (pos.isErr) continue;
      const bm = /\bbm ([^;\s]+)/.exec(line)?.[1];
      if (bm && !bm.startsWith('#')) parseSan(pos.value, bm);
    }
  });
  console.log(`Reading ${lines} EPD lines (${existsSync(file) ? 'matetrack' : 'STS ×60'}), median of 5:\n`);
  console.log('| reader | time | lines/s | vs chessops |');
  console.log('|---|---:|---:|---:|');
  const row = (name, ms) =>
    console.log(
      `| ${name} | ${ms.toFixed(1)} ms | ${Math.round((lines / ms) * 1000).toLocaleString('en')} | ${(ms / ops).toFixed(2)} |`,
    );
  row('chessops: FEN + first bm (no operations read)', ops);
  row('parseEpd, validate: false (operations typed)', bare);
  row('parseEpd (positions, moves, counters validated)', full);
  console.log('');
}

function stats() {
  const blocks = [];
  for (let ply = 0; ply < 2000; ply++) {
    const turn = `${Math.floor(ply / 2) + 1}-${ply % 2 ? 'b' : 'w'}`;
    const v = Math.round(300 * Math.sin(ply / 17));
    const cell = v === 0 ? ' 000' : `${v > 0 ? '+' : '-'}${String(Math.abs(v)).padStart(3, '0')}`;
    blocks.push(
      `[GID "g"]\n[Turn "${turn}"]\n[MovePlayed "a"]\n[EngineMove "b"]\n[Eval "${cell}"]\n\n       1\na    ${cell}\nb    ${cell}\nc    -900\n`,
    );
  }
  const text = `; AIF v0.5\n[GameID "g"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n\n*\n\n${blocks.join('\n')}`;
  const game = parseAif(text)[0].value;
  const xs = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    aifStats(game);
    xs.push(performance.now() - t0);
  }
  console.log(
    `aifStats over one game of 2 000 analysed plies (MultiPV grids): ${median(xs).toFixed(1)} ms (median of 5)`,
  );
}

export async function run() {
  console.log(`load average at start ${load()}\n`);
  await suite();
  await reading();
  stats();
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
