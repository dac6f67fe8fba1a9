// Worker benchmark: how fast an abort takes effect (perft and double dummy, at any depth), what a
// fresh worker costs to start (the inlined script is evaluated, the wasm compiled on first use), and
// the round trip of a small call. The abort terminates the worker thread; "stopped" is checked by the
// CPU the process burns in the 200 ms after the abort (≈ 0 when the thread is gone).
// Before: a job saw an abort only between root moves, so at perft depth 8 the wait was one root move
// at depth 7, timed here in-process for comparison.
import { existsSync, readFileSync } from 'node:fs';
import { createWorker } from '../dist/worker.js';
import { Position, makeUci, perft } from '../dist/chess.js';
import { sharedDir } from '../scripts/shared-dir.mjs';

const ABORT_AFTER_MS = [50, 300, 1000];
const FALLBACK_DEAL = 'N:T3.AJT.A9763.J94 KQJ765.Q92.85.K2 A9.8653.KT.Q7653 842.K74.QJ42.AT8';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (ms) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0));

/** CPU ms (all threads of this process) spent during `ms` of wall time. */
async function cpuDuring(ms) {
  const before = process.cpuUsage();
  await sleep(ms);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** Starts `job(signal)`, aborts after `afterMs`; returns the abort → rejection latency and CPU after it. */
async function abortOnce(worker, job, afterMs) {
  const controller = new AbortController();
  const pending = job(controller.signal).then(
    () => 'finished',
    (e) => e?.name ?? String(e),
  );
  await sleep(afterMs);
  const busy = await cpuDuring(100);
  const t0 = performance.now();
  controller.abort();
  const outcome = await pending;
  const latency = performance.now() - t0;
  const cpuAfter = await cpuDuring(200);
  const t1 = performance.now();
  await worker.perft('startpos', 1);
  const restart = performance.now() - t1;
  return { outcome, latency, busy, cpuAfter, restart };
}

function deals() {
  const shared = sharedDir();
  const file = shared && `${shared}/data/bridge/dd-reference.jsonl`;
  if (!file || !existsSync(file)) return [FALLBACK_DEAL];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(0, 20)
    .map((line) => JSON.parse(line).deal);
}

export async function run() {
  const worker = createWorker();
  try {
    // Start-up and round trip.
    const starts = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const fresh = createWorker();
      await fresh.perft('startpos', 1);
      starts.push(performance.now() - t0);
      await fresh.terminate();
    }
    await worker.legalMoves('startpos');
    const calls = 500;
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) await worker.legalMoves('startpos');
    const roundTrip = (performance.now() - t0) / calls;
    console.log(`fresh worker to first answer (perft 1): median ${fmt(starts.sort((a, b) => a - b)[2])} ms over 5`);
    console.log(`round trip of legalMoves(startpos): ${fmt(roundTrip)} ms\n`);

    console.log(
      '| job | abort after | outcome | abort → rejected | CPU 100 ms before | CPU 200 ms after | next call (fresh thread) |',
    );
    console.log('|---|---:|---|---:|---:|---:|---:|');
    const rows = [];
    for (const after of ABORT_AFTER_MS) {
      rows.push([
        'perft startpos 8',
        after,
        await abortOnce(worker, (signal) => worker.perft('startpos', 8, { signal }), after),
      ]);
    }
    const batch = deals();
    for (const after of ABORT_AFTER_MS) {
      rows.push([
        `DD tables ×${batch.length}`,
        after,
        await abortOnce(worker, (signal) => worker.calcDDTables(batch, { signal }), after),
      ]);
    }
    for (const [job, after, r] of rows) {
      console.log(
        `| ${job} | ${after} ms | ${r.outcome} | ${fmt(r.latency)} ms | ${fmt(r.busy)} ms | ${fmt(r.cpuAfter)} ms | ${fmt(r.restart)} ms |`,
      );
    }
    const worst = Math.max(...rows.map(([, , r]) => r.latency));
    console.log(`\nworst abort latency: ${fmt(worst)} ms (must be < 50 ms)`);

    // The old granularity, for comparison: an abort waited for the root move in progress.
    const root = Position.fromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1').value;
    const move = root.legalMoves().find((m) => makeUci(m) === 'e2e4');
    const child = root.clone();
    child.play(move);
    const t2 = performance.now();
    const nodes = perft(child.fen(), 6);
    const ms = performance.now() - t2;
    console.log(
      `before (abort seen between root moves only): one root move of perft 7 (e2e4, ${nodes} nodes) ` +
        `takes ${fmt(ms)} ms here; a root move of perft 8 is about 30 times that`,
    );
  } finally {
    await worker.terminate();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
