// Double-dummy benchmark: ms per DD table over all 300 reference deals, ms per solveBoard (opening
// lead, every card scored), and peak memory. Reference: native DDS 2.9, one thread, on this machine
// class. The tables run in the main thread, one after another, as DDS's reference does (about two and a
// half minutes here); GN_DD_BENCH_THREADS=N shares them out to N worker threads for a quicker run (each
// table is still timed alone, but the threads compete for the machine and the times grow).
import { readFileSync, existsSync } from 'node:fs';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { calcDDTable, solveBoard } from '../dist/bridge.js';
import { sharedDir } from '../scripts/shared-dir.mjs';

const BOARD_BUDGET_MS = Number(process.env.GN_DD_BENCH_MS || 8_000);
const DDS = { mean: '144–151', median: '92', p90: '350', solveBoard: '12.9' };

/** Times calcDDTable on the deals at `indices`; returns [index, ms, correct] triples. */
function timeTables(deals, indices) {
  const out = [];
  for (const i of indices) {
    const t0 = performance.now();
    const r = calcDDTable(deals[i].deal);
    const ms = performance.now() - t0;
    out.push([i, ms, r.ok && JSON.stringify(r.value) === JSON.stringify(deals[i].dd)]);
  }
  return out;
}

if (!isMainThread && workerData?.ddBench) {
  const deals = readFileSync(workerData.file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  parentPort.postMessage(timeTables(deals, workerData.indices));
}

async function timeAllTables(file, deals, threads) {
  if (threads <= 1)
    return timeTables(
      deals,
      deals.map((_, i) => i),
    );
  const parts = Array.from({ length: threads }, (_, k) => deals.map((_, i) => i).filter((i) => i % threads === k));
  const results = await Promise.all(
    parts.map(
      (indices) =>
        new Promise((resolve, reject) => {
          const w = new Worker(new URL(import.meta.url), { workerData: { ddBench: true, file, indices } });
          w.once('message', (m) => {
            resolve(m);
            w.terminate();
          });
          w.once('error', reject);
        }),
    ),
  );
  return results.flat();
}

function stats(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return { mean, median: s[Math.floor(s.length / 2)], p90: s[Math.min(s.length - 1, Math.floor(s.length * 0.9))] };
}

export async function run() {
  const dir = sharedDir();
  const file = dir && `${dir}/data/bridge/dd-reference.jsonl`;
  if (!file || !existsSync(file)) {
    console.log('dd: ../shared/data/bridge/dd-reference.jsonl not found; skipped');
    return;
  }
  const deals = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const threads = Math.max(1, Math.min(Number(process.env.GN_DD_BENCH_THREADS || 1), 8));
  let peakRss = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 200);
  const timed = await timeAllTables(file, deals, threads);
  clearInterval(timer);
  const tableMs = timed.map(([, ms]) => ms);
  const wrong = timed.filter(([, , ok]) => !ok).length;
  const boardMs = [];
  const t1 = performance.now();
  for (const d of deals.slice(100)) {
    if (boardMs.length >= 3 && performance.now() - t1 > BOARD_BUDGET_MS) break;
    const t0 = performance.now();
    solveBoard(d.deal, { trump: 'NT', leader: 'W' });
    boardMs.push(performance.now() - t0);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const t = stats(tableMs);
  const b = stats(boardMs);
  const row = (name, ours, dds) => `| ${name.padEnd(34)} | ${ours.padStart(10)} | ${dds.padStart(10)} |`;
  console.log(
    `DD tables: all ${tableMs.length} of ${deals.length} reference deals (${wrong} wrong), each timed alone in one of ${threads} thread(s); solveBoard: NT, West leads, every card scored, ${boardMs.length} deals from board 101`,
  );
  console.log(row('', 'ours', 'DDS 2.9'));
  console.log(`|${'-'.repeat(36)}|${'-'.repeat(12)}|${'-'.repeat(12)}|`);
  console.log(row('DD table, mean ms', t.mean.toFixed(1), DDS.mean));
  console.log(row('DD table, median ms', t.median.toFixed(1), DDS.median));
  console.log(row('DD table, p90 ms', t.p90.toFixed(1), DDS.p90));
  console.log(row('solveBoard (all cards), mean ms', b.mean.toFixed(1), DDS.solveBoard));
  console.log(row(`peak RSS MB (${threads} × TT 64 MB)`, (peakRss / 2 ** 20).toFixed(0), '-'));
  console.log(`ratio mean table ours/DDS: ${(t.mean / 147.5).toFixed(1)}x`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
