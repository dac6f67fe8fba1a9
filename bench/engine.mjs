// Engines: what our UCI layer costs. For each transport, the same `go nodes N` search through
// openEngine().analyse() and through a bare UCI loop (the same engine program, lines written and
// read with nothing else), timed from `go` to `bestmove`; with the engine's own nps figure beside
// them. Also the `isready` round trip and the time from openEngine() to the first info line.
// `node bench/engine.mjs` (GN_ENGINE_BENCH_NODES=N to change the search size).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { listEngines, openEngine } from '../dist/engine.js';

const NODES = Number(process.env.GN_ENGINE_BENCH_NODES ?? 1_500_000);
const FEN = 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4';
const ROUNDS = Number(process.env.GN_ENGINE_BENCH_ROUNDS ?? 5);
const require = createRequire(import.meta.url);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A bare UCI loop over a child process: write lines, wait for a prefix. */
function bareProcess(cmd, args) {
  const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  let buf = '';
  let want = null;
  let last = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d) => {
    buf += d;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (line.startsWith('info') && line.includes(' time ')) last = line;
      if (want && line.startsWith(want.prefix)) {
        const w = want;
        want = null;
        w.resolve(line);
      }
    }
  });
  return {
    until(lines, prefix) {
      return new Promise((resolve) => {
        want = { prefix, resolve };
        for (const l of lines) child.stdin.write(`${l}\n`);
      });
    },
    lastInfo: () => last,
    quit() {
      child.stdin.write('quit\n');
      child.stdin.end();
    },
  };
}

/** A bare loop over stockfish.wasm in this process. */
async function bareWasm() {
  const js = require.resolve('stockfish.wasm');
  const { readFileSync } = await import('node:fs');
  const sf = await require(js)({
    wasmBinary: readFileSync(join(dirname(js), 'stockfish.wasm')),
    locateFile: (f) => join(dirname(js), f),
  });
  let want = null;
  let last = '';
  sf.addMessageListener((line) => {
    if (line.startsWith('info') && line.includes(' time ')) last = line;
    if (want && line.startsWith(want.prefix)) {
      const w = want;
      want = null;
      w.resolve(line);
    }
  });
  return {
    until(lines, prefix) {
      return new Promise((resolve) => {
        want = { prefix, resolve };
        for (const l of lines) sf.postMessage(l);
      });
    },
    lastInfo: () => last,
    quit() {
      sf.postMessage('quit');
      sf.terminate();
    },
  };
}

async function openBare(bare) {
  await bare.until(['uci'], 'uciok');
  // The options our layer sets too, so both run the same search.
  await bare.until(
    [
      'setoption name Threads value 1',
      'setoption name Hash value 16',
      'setoption name UCI_AnalyseMode value true',
      'isready',
    ],
    'readyok',
  );
  return bare;
}

async function bareSearch(bare) {
  await bare.until(['ucinewgame', 'isready'], 'readyok');
  const t0 = performance.now();
  await bare.until([`position fen ${FEN}`, `go nodes ${NODES}`], 'bestmove');
  const wall = performance.now() - t0;
  return { wall, engine: Number(/ time (\d+)/.exec(bare.lastInfo())[1]) };
}

/** Rounds alternate between the bare loop and ours, so load from other processes hits both alike. */
async function compare(kind, path, makeBare) {
  const t0 = performance.now();
  const engine = await openEngine({ kind, path, options: { Threads: 1, Hash: 16 }, healthCheck: false });
  let firstInfo;
  await engine.analyse(FEN, { depth: 1 }, { onInfo: () => (firstInfo ??= performance.now() - t0) });
  const pings = [];
  for (let i = 0; i < 50; i++) pings.push(await engine.pingTime());
  // AbortSignal → settled result, for an infinite search 300 ms in.
  const aborts = [];
  for (let i = 0; i < 5; i++) {
    const ac = new AbortController();
    let t;
    setTimeout(() => {
      t = performance.now();
      ac.abort();
    }, 300);
    await engine.analyse(FEN, { infinite: true }, { signal: ac.signal });
    aborts.push(performance.now() - t);
  }
  const bare = await openBare(await makeBare());
  const bareTimes = [],
    bareExtra = [],
    times = [],
    extra = [],
    nps = [],
    nodes = [];
  for (let i = 0; i < ROUNDS; i++) {
    const b = await bareSearch(bare);
    bareTimes.push(b.wall);
    bareExtra.push(b.wall - b.engine);
    await engine.newGame();
    const s = performance.now();
    const r = await engine.analyse(FEN, { nodes: NODES });
    times.push(performance.now() - s);
    extra.push(times.at(-1) - r.time);
    nps.push(r.nps);
    nodes.push(r.nodes);
  }
  bare.quit();
  await engine.close();
  return {
    bare: median(bareTimes),
    bareExtra: median(bareExtra),
    extra: median(extra),
    time: median(times),
    engineNps: median(nps),
    nodes: median(nodes),
    ping: median(pings),
    abort: median(aborts),
    firstInfo,
  };
}

export async function run() {
  const rows = [];
  const found = await listEngines({ probe: false });
  const stockfish = found.find((e) => e.kind === 'native')?.path;
  const fairy = found.find((e) => e.kind === 'fairy')?.path;
  const lite = (() => {
    try {
      return join(dirname(require.resolve('stockfish/package.json')), 'bin/stockfish-19-lite-single.js');
    } catch {
      return undefined;
    }
  })();
  const hasWasm = (() => {
    try {
      return existsSync(require.resolve('stockfish.wasm'));
    } catch {
      return false;
    }
  })();
  const plans = [
    stockfish && {
      label: `native ${stockfish}`,
      kind: 'native',
      path: stockfish,
      bare: () => bareProcess(stockfish, []),
    },
    fairy && { label: `fairy ${fairy}`, kind: 'fairy', path: fairy, bare: () => bareProcess(fairy, []) },
    hasWasm && { label: 'stockfish.wasm (in process)', kind: 'stockfish.wasm', bare: () => bareWasm() },
    lite && {
      label: 'stockfish lite-single (node child)',
      kind: 'stockfish',
      bare: () => bareProcess(process.execPath, [lite]),
    },
  ].filter(Boolean);
  for (const p of plans) {
    const ours = await compare(p.kind, p.path, p.bare);
    rows.push({
      transport: p.label,
      nodes: ours.nodes,
      'engine nps': ours.engineNps,
      'ours nps': Math.round(ours.nodes / (ours.time / 1000)),
      'ours vs engine': `${((1 - ours.nodes / (ours.time / 1000) / ours.engineNps) * 100).toFixed(2)} %`,
      'wall − engine time, bare ms': ours.bareExtra.toFixed(1),
      'wall − engine time, ours ms': ours.extra.toFixed(1),
      'isready ms': ours.ping.toFixed(3),
      'abort→result ms': ours.abort.toFixed(1),
      'open→first info ms': Math.round(ours.firstInfo),
    });
  }
  console.log(`go nodes ${NODES} from ${FEN}, Threads 1, Hash 16, median of ${ROUNDS}; wall time go→bestmove`);
  console.table(rows);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
