// Chess problem solver benchmark: every problem of ../shared/data/problems/solve-reference.jsonl
// solved with gamenotation/problems (all twins, the short-solution check and the status, as the
// CLI does), grouped #n / h#n / s#n, against the Popeye 4.104 timings recorded in the reference
// file (native Popeye is not built here; its medians are whole-process times of `py -maxmem 256M`,
// with Option Intelligent for h#). Ours are in-process solve times (wasm compiled once, median of
// GN_SOLVE_BENCH_RUNS runs, default 3); a Node start with the module loaded is timed apart.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { solve, initProblems } from '../dist/problems.js';
import { sharedDir } from '../scripts/shared-dir.mjs';

const RUNS = Number(process.env.GN_SOLVE_BENCH_RUNS || 3);
const MUST = { '#n': 2, 'h#n': 10, 's#n': 2 };
const GOAL = { '#n': 1, 'h#n': 3, 's#n': 1.2 };

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
};
const groupOf = (stip) => (stip.startsWith('h') ? 'h#n' : stip.startsWith('s') ? 's#n' : '#n');
const key = (u) => (Array.isArray(u) ? u.join(' ') : u);

export async function run() {
  const dir = sharedDir();
  if (!dir) {
    console.log('solve bench: ../shared is absent (the reference timings live there); skipped');
    return;
  }
  const records = readFileSync(`${dir}/data/problems/solve-reference.jsonl`, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  await initProblems();
  const rows = [];
  let peakRss = process.memoryUsage().rss;
  for (const r of records) {
    const times = [];
    const cpus = [];
    let correct = true;
    let nodes = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const res = solve(r.popeye_input, { intended: r.parts[0].intended_solutions ?? undefined });
      times.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpus.push((c.user + c.system) / 1000);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (!res.ok) {
        correct = false;
        break;
      }
      nodes = res.value.parts.reduce((a, p) => a + p.nodes, 0);
      r.parts.forEach((ref, j) => {
        const got = res.value.parts[j];
        if (
          !got ||
          got.status !== ref.status ||
          JSON.stringify(got.solutions.map((s) => key(s.uci)).sort()) !==
            JSON.stringify(ref.solutions.map((s) => key(s.uci)).sort())
        )
          correct = false;
      });
      if (times[0] > 2000) break; // slow ones once
    }
    rows.push({
      id: r.id,
      group: groupOf(r.stipulation),
      ours: median(times),
      cpu: median(cpus),
      popeye: r.timing.popeye_native_median_s * 1000,
      plain: r.timing.popeye_native_plain_mode_s,
      correct,
      nodes,
    });
  }
  // CPU time (user + system of this process) is printed next to wall time: on a shared, loaded
  // machine wall time mostly measures waiting. Ratios are given for both.
  console.log('| problem | ours wall ms | ours CPU ms | Popeye ms | ratio (CPU) | nodes | same as Popeye |');
  console.log('|---|---:|---:|---:|---:|---:|:---:|');
  for (const x of rows)
    console.log(
      `| ${x.id} | ${x.ours.toFixed(1)} | ${x.cpu.toFixed(1)} | ${x.popeye.toFixed(0)} | ${(x.cpu / x.popeye).toFixed(2)} | ${x.nodes} | ${x.correct ? 'yes' : 'NO'} |`,
    );
  console.log('\n| group | problems | ours wall ms | ours CPU ms | Popeye ms | ratio wall | ratio CPU | must | goal |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const g of ['#n', 'h#n', 's#n']) {
    const xs = rows.filter((x) => x.group === g);
    const ours = xs.reduce((a, x) => a + x.ours, 0),
      cpu = xs.reduce((a, x) => a + x.cpu, 0),
      popeye = xs.reduce((a, x) => a + x.popeye, 0);
    const q = cpu / popeye;
    console.log(
      `| ${g} | ${xs.length} | ${ours.toFixed(0)} | ${cpu.toFixed(0)} | ${popeye.toFixed(0)} | ${(ours / popeye).toFixed(2)}× | ${q.toFixed(2)}× | ≤ ${MUST[g]}× ${q <= MUST[g] ? 'met' : 'NOT met'} | ≤ ${GOAL[g]}× ${q <= GOAL[g] ? 'met' : 'not met'} |`,
    );
  }
  const t0 = performance.now();
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import('./dist/problems.js').then((m) => m.solve({ fen: '8/8/8/8/8/2K1p3/2Q5/4k3 w - - 0 1', stipulation: '#2' }))",
    ],
    { cwd: new URL('..', import.meta.url).pathname },
  );
  const proc = performance.now() - t0;
  console.log(
    `\nwhole process (node start, load, solve one #2): ${proc.toFixed(0)} ms; peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB (transposition table 64 MiB); all solutions equal Popeye's: ${rows.every((x) => x.correct) ? 'yes' : 'NO'}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
