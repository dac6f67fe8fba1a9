// Double-dummy benchmark: ms per DD table over the reference deals (in file order, as many as fit in
// the time budget — the count is printed), ms per solveBoard (opening lead, every card scored), and
// peak memory. Reference: native DDS 2.9, one thread, on this machine class.
import { readFileSync, existsSync } from 'node:fs';
import { calcDDTable, solveBoard } from '../dist/bridge.js';
import { sharedDir } from '../scripts/shared-dir.mjs';

const BUDGET_MS = Number(process.env.GN_DD_BENCH_MS || 45_000);
const DDS = { mean: '144–151', median: '92', p90: '350', solveBoard: '12.9' };

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
  const deals = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const tableMs = [];
  let wrong = 0;
  let peakRss = process.memoryUsage().rss;
  const start = performance.now();
  for (const d of deals) {
    if (tableMs.length >= 3 && performance.now() - start > BUDGET_MS * 0.75) break;
    const t0 = performance.now();
    const r = calcDDTable(d.deal);
    tableMs.push(performance.now() - t0);
    if (!r.ok || JSON.stringify(r.value) !== JSON.stringify(d.dd)) wrong++;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const boardMs = [];
  const t1 = performance.now();
  for (const d of deals.slice(100)) {
    if (boardMs.length >= 3 && performance.now() - t1 > BUDGET_MS * 0.25) break;
    const t0 = performance.now();
    solveBoard(d.deal, { trump: 'NT', leader: 'W' });
    boardMs.push(performance.now() - t0);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const t = stats(tableMs);
  const b = stats(boardMs);
  const row = (name, ours, dds) => `| ${name.padEnd(34)} | ${ours.padStart(10)} | ${dds.padStart(10)} |`;
  console.log(`DD tables: first ${tableMs.length} of ${deals.length} reference deals (${wrong} wrong); solveBoard: NT, West leads, every card scored, ${boardMs.length} deals from board 101`);
  console.log(row('', 'ours', 'DDS 2.9'));
  console.log(`|${'-'.repeat(36)}|${'-'.repeat(12)}|${'-'.repeat(12)}|`);
  console.log(row('DD table, mean ms', t.mean.toFixed(1), DDS.mean));
  console.log(row('DD table, median ms', t.median.toFixed(1), DDS.median));
  console.log(row('DD table, p90 ms', t.p90.toFixed(1), DDS.p90));
  console.log(row('solveBoard (all cards), mean ms', b.mean.toFixed(1), DDS.solveBoard));
  console.log(row('peak RSS MB (TT 64 MB)', (peakRss / 2 ** 20).toFixed(0), '-'));
  console.log(`ratio mean table ours/DDS: ${(t.mean / 147.5).toFixed(1)}x`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
