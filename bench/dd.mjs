// Double dummy against native DDS 2.9, as issue #28 measures it: DD table + par of each deal,
// `gamenotation dd FILE.pbn --par --json --threads 1` against a native DDS (CalcDDtablePBN + DealerPar
// on one thread), whole processes, on reference deals (../shared/data/bridge/dd-reference.jsonl).
// Then batches on 1 and 2 threads (a worker pool in Node, Web Workers in Chromium) and the first wasm
// call in a page.
//
// DDS: set GN_DDS_SRC to a checkout of dds-bridge/dds and bench/dd-native/build.mjs builds it (once,
// outside the repository) with our driver; without it the DDS column shows figures recorded on this
// machine, labelled as such. Timings: this machine is shared, so each figure is the median of the
// runs, the two sides run in turn, and beside the wall clock the CPU time of each process (GNU time)
// is shown; the ratio uses CPU time (what the process did, whatever else ran), the wall ratio is shown
// next to it. Scaling: the wall-clock speedup, and the speedup the threads' own CPU times imply (work of
// the one worker divided by the busiest of the two, read from /proc), which a busy machine does not
// distort; `uptime`'s load is printed beside them.
//
// Options (environment): GN_DD_BENCH_DEALS=N deals for the ratio (default 40, evenly spread; 300 =
// all), GN_DD_BENCH_ROUNDS=N runs of each side (default 2), GN_DD_BENCH_SCALE_DEALS=N deals for the
// thread scaling (default 100, as in the issue), GN_DD_BENCH_PAGE=0 skips Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { sharedDir, repoRoot } from '../scripts/shared-dir.mjs';
import { ddsProgram } from './dd-native/build.mjs';

const MUST = 1.3;
const GOAL = 1.0;
const SCALE_MUST = 1.8;
const FIRST_CALL_GOAL_MS = 20;

/**
 * Native DDS 2.9.0 (dds-bridge/dds d2bc4c2, g++ 12 -O3 -flto, single-threaded, our driver) on this
 * machine, 2025-11-27, CPU ms per deal (table + par, whole process / deals), median of 3 runs while
 * the machine was shared: for the default 40 deals and for all 300.
 */
const RECORDED_DDS = { 40: { cpu: 352, wall: null }, 300: { cpu: 312, wall: null } };

const SEATS = ['N', 'E', 'S', 'W'];
const VUL_DDS = { None: 0, All: 1, NS: 2, EW: 3 };
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (x, d = 0) => (x == null || Number.isNaN(x) ? '-' : x.toFixed(d));

/** Runs a whole process; wall ms, CPU ms (user + system, GNU time) and its output. */
function timed(cmd, args) {
  const t0 = performance.now();
  const r = GNU_TIME
    ? spawnSync(GNU_TIME, ['-f', '@cpu %U %S', cmd, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 })
    : spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
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

/** Evenly spread deals: n of them (all when n >= the total). */
function spread(all, n) {
  if (n >= all.length) return all;
  return Array.from({ length: n }, (_, i) => all[Math.floor((i * all.length) / n)]);
}

function pbnOf(deals) {
  return deals
    .map(
      (d) =>
        `[Board "${d.board}"]\n[Dealer "${d.par.dealer}"]\n[Vulnerable "${d.par.vulnerable}"]\n[Deal "${d.deal}"]\n`,
    )
    .join('\n');
}

/** Lines of `dd --json` output that do not match the reference (table, par score and contracts). */
function wrongLines(out, deals) {
  const lines = out.trim().split('\n');
  let wrong = Math.abs(lines.length - deals.length);
  lines.forEach((line, i) => {
    const d = deals[i];
    if (!d) return;
    try {
      const o = JSON.parse(line);
      const same =
        SEATS.every((s) => JSON.stringify(o.dd[s]) === JSON.stringify(d.dd[s])) &&
        o.par.score_ns === d.par.score_ns &&
        JSON.stringify(o.par.contracts) === JSON.stringify(d.par.contracts);
      if (!same) wrong++;
    } catch {
      wrong++;
    }
  });
  return wrong;
}

/** CPU time (ms) of each thread of process `pid`, by thread id, with the thread's name. */
function threadTimes(pid) {
  const ticks = 100; // USER_HZ on Linux
  const out = new Map();
  let tasks;
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tasks) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      out.set(`${pid}/${tid}`, { name, ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks });
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

/** The CPU ms each thread spent between two snapshots, the busiest first (threads that did work only). */
function busiest(before, after, match = () => true) {
  const used = [];
  for (const [id, t] of after) {
    if (!match(t.name)) continue;
    const ms = t.ms - (before.get(id)?.ms ?? 0);
    if (ms > 0) used.push(ms);
  }
  return used.sort((a, b) => b - a);
}

/** Tables of `deals` on a worker pool of `size` in this process: wall ms and the workers' CPU ms. */
async function nodePool(size, deals) {
  const { WorkerPool } = await import(join(repoRoot, 'dist', 'worker.js'));
  const pool = new WorkerPool({ size });
  try {
    // Start the workers first (module and wasm compiled), then time the batch alone.
    await pool.calcDDTables(Array(size).fill('N:A... .A.. ..A. ...A'));
    const before = threadTimes(process.pid);
    const t0 = performance.now();
    const results = await pool.calcDDTables(deals.map((d) => d.deal));
    const ms = performance.now() - t0;
    const after = threadTimes(process.pid);
    const wrong = results.filter((r, i) => !r.ok || JSON.stringify(r.value) !== JSON.stringify(deals[i].dd)).length;
    // The workers are the busiest threads besides the main one.
    const main = `${process.pid}/${process.pid}`;
    after.delete(main);
    return { ms, workers: busiest(before, after).slice(0, size), wrong };
  } finally {
    await pool.terminate();
  }
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

function serveRepo() {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/') {
      res.writeHead(200, { 'Content-Type': TYPES['.html'] }).end('<!doctype html><title>dd bench</title>');
      return;
    }
    const file = normalize(join(repoRoot, path));
    if (!file.startsWith(repoRoot) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })),
  );
}

/** The processes a Chromium browser process started (renderers are forked from its zygote): every descendant. */
function renderers(browserPid) {
  const parent = new Map();
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      parent.set(Number(p), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const descends = (pid) => {
    for (let p = parent.get(pid); p; p = parent.get(p)) if (p === browserPid) return true;
    return false;
  };
  return [...parent.keys()].filter(descends);
}

function snapshot(pids) {
  const all = new Map();
  for (const pid of pids) for (const [k, v] of threadTimes(pid)) all.set(k, v);
  return all;
}

/** In Chromium: the first wasm call after the bridge module is loaded, and pools of 1 and 2 Web Workers. */
async function pageFigures(deals) {
  let launchChromium;
  try {
    ({ launchChromium } = await import('../scripts/chromium.mjs'));
  } catch (e) {
    return { error: `puppeteer-core not available (${e.message})` };
  }
  const { server, url } = await serveRepo();
  const profile = mkdtempSync(join(tmpdir(), 'gn-dd-bench-page-'));
  let browser;
  try {
    browser = await launchChromium({ userDataDir: profile });
    const page = await browser.newPage();
    await page.goto(`${url}/`, { waitUntil: 'load' });
    // The first call: right after the module is loaded (the wasm is inside it, so nothing is left
    // to fetch), a one-card position: compile, instantiate, table set-up, solve.
    const first = await page.evaluate(async () => {
      const m = await import('/dist/bridge.js');
      const t0 = performance.now();
      const r = m.solveBoard('N:A... .A.. ..A. ...A', { trump: 'NT', leader: 'N' });
      const ms = performance.now() - t0;
      return { ms, ok: r.ok && r.value.tricks === 1 };
    });

    const pools = {};
    for (const size of [1, 2]) {
      await page.evaluate(async (size) => {
        const { WorkerPool } = await import('/dist/worker.js');
        globalThis.benchPool = new WorkerPool({ size });
        await globalThis.benchPool.calcDDTables(Array(size).fill('N:A... .A.. ..A. ...A'));
      }, size);
      // The workers run in a renderer process; it is looked up once they exist.
      const rpids = renderers(browser.process().pid);
      const before = snapshot(rpids);
      const run = await page.evaluate(
        async (texts) => {
          const t0 = performance.now();
          const results = await globalThis.benchPool.calcDDTables(texts);
          return { ms: performance.now() - t0, tables: results.map((r) => (r.ok ? r.value : null)) };
        },
        deals.map((d) => d.deal),
      );
      const after = snapshot(rpids);
      await page.evaluate(() => globalThis.benchPool.terminate());
      const wrong = run.tables.filter((t, i) => JSON.stringify(t) !== JSON.stringify(deals[i].dd)).length;
      pools[size] = {
        ms: run.ms,
        workers: busiest(before, after, (n) => /DedicatedWorker/.test(n)).slice(0, size),
        wrong,
      };
    }
    return { first, pools };
  } catch (e) {
    return { error: String(e?.message ?? e).split('\n')[0] };
  } finally {
    await browser?.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * A scaling row: wall-clock speedup, and the speedup the CPU times imply on a quiet machine: the
 * balance (both workers' CPU / the busiest one's: 2 when the work is shared evenly) times the
 * efficiency (the one worker's CPU / both workers' CPU: below 1 when two threads cost more in all).
 */
function scalingRow(name, one, two) {
  if (!one || !two) return null;
  const wall = one.ms / two.ms;
  const sum2 = two.workers.reduce((a, b) => a + b, 0);
  const balance = two.workers.length === 2 ? sum2 / two.workers[0] : NaN;
  const efficiency = one.workers.length ? one.workers[0] / sum2 : NaN;
  const wrong = one.wrong + two.wrong;
  const cpu = balance * efficiency;
  const met = Number.isNaN(cpu) ? '' : cpu >= SCALE_MUST ? 'must met' : 'MISSED';
  return `| ${name.padEnd(44)} | ${fmt(one.ms).padStart(8)} | ${fmt(two.ms).padStart(8)} | ${fmt(wall, 2).padStart(5)}x | ${fmt(cpu, 2).padStart(5)}x (${fmt(balance, 2)} x ${fmt(efficiency, 2)}) | >= ${SCALE_MUST} | ${met.padEnd(8)} | ${wrong ? `${wrong} WRONG` : 'results ok'} |`;
}

export async function run() {
  const shared = sharedDir();
  const file = shared && join(shared, 'data/bridge/dd-reference.jsonl');
  if (!file || !existsSync(file)) {
    console.log('dd: ../shared/data/bridge/dd-reference.jsonl not found; skipped');
    return;
  }
  const cli = join(repoRoot, 'dist', 'cli.js');
  if (!existsSync(cli)) {
    console.log('dd: dist/ is not built (npm run build); skipped');
    return;
  }
  const all = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const count = Math.max(1, Math.min(all.length, Number(process.env.GN_DD_BENCH_DEALS || 40)));
  const rounds = Math.max(1, Number(process.env.GN_DD_BENCH_ROUNDS || 2));
  const scaleCount = Math.max(2, Math.min(all.length, Number(process.env.GN_DD_BENCH_SCALE_DEALS || 100)));
  const deals = spread(all, count);
  const tmp = mkdtempSync(join(tmpdir(), 'gn-dd-bench-'));
  try {
    const pbn = join(tmp, 'deals.pbn');
    const ddsInput = join(tmp, 'deals.txt');
    writeFileSync(pbn, pbnOf(deals));
    writeFileSync(
      ddsInput,
      deals.map((d) => `${SEATS.indexOf(d.par.dealer)} ${VUL_DDS[d.par.vulnerable]} ${d.deal}`).join('\n') + '\n',
    );
    let dds = null;
    let ddsNote = '';
    try {
      dds = ddsProgram();
      if (!dds)
        ddsNote = 'DDS: recorded figures (set GN_DDS_SRC to a dds-bridge/dds checkout to build and run it here)';
    } catch (e) {
      ddsNote = `DDS: build failed, recorded figures shown (${String(e.message).split('\n')[0]})`;
    }
    const ours = [];
    const native = [];
    let wrong = 0;
    let identical = null;
    for (let r = 0; r < rounds; r++) {
      const o = timed(process.execPath, [cli, 'dd', pbn, '--par', '--json', '--threads', '1', '--quiet']);
      if (o.status !== 0) throw new Error(`gamenotation dd exited ${o.status}: ${o.err}`);
      wrong = Math.max(wrong, wrongLines(o.out, deals));
      ours.push(o);
      if (dds) {
        const d = timed(dds, [ddsInput]);
        if (d.status !== 0) throw new Error(`DDS exited ${d.status}: ${d.err.slice(-300)}`);
        identical = (identical ?? true) && d.out === o.out;
        native.push(d);
      }
    }
    const per = (xs, key) => median(xs.map((x) => x[key])) / deals.length;
    const ourCpu = per(ours, 'cpuMs');
    const ourWall = per(ours, 'ms');
    const recorded = RECORDED_DDS[count] ?? null;
    const ddsCpu = dds ? per(native, 'cpuMs') : (recorded?.cpu ?? NaN);
    const ddsWall = dds ? per(native, 'ms') : (recorded?.wall ?? NaN);
    const ratio = ourCpu / ddsCpu;
    const wallRatio = ourWall / ddsWall;
    const load = loadavg()
      .map((x) => x.toFixed(1))
      .join(' ');

    console.log(
      `DD table + par, ${deals.length} of ${all.length} reference deals (evenly spread), one thread, whole processes, median of ${rounds} run(s) each in turn; load ${load}`,
    );
    if (ddsNote) console.log(ddsNote);
    const ddsName = dds ? 'DDS 2.9 (built here)' : 'DDS 2.9 (recorded)';
    console.log(
      `| ms per deal                                  | ${'ours'.padStart(8)} | ${ddsName.padStart(20)} | ratio  | must   | goal   |`,
    );
    console.log(
      `|----------------------------------------------|----------|----------------------|--------|--------|--------|`,
    );
    const mark = (x) => (x <= GOAL ? 'goal met' : x <= MUST ? 'must met' : 'MISSED');
    console.log(
      `| ${'CPU (user + system)'.padEnd(44)} | ${fmt(ourCpu).padStart(8)} | ${fmt(ddsCpu).padStart(20)} | ${fmt(ratio, 2).padStart(5)}x | <= ${MUST} | <= ${GOAL.toFixed(1)} | ${Number.isNaN(ratio) ? '' : mark(ratio)}`,
    );
    console.log(
      `| ${'wall clock'.padEnd(44)} | ${fmt(ourWall).padStart(8)} | ${fmt(ddsWall).padStart(20)} | ${fmt(wallRatio, 2).padStart(5)}x |        |        |`,
    );
    console.log(
      `results: ${wrong ? `${wrong} of ${deals.length} WRONG against the reference` : `all ${deals.length} tables and par equal the reference`}${identical === null ? '' : identical ? '; output byte-identical to DDS' : '; output DIFFERS from DDS'}`,
    );

    const scaleDeals = spread(all, scaleCount);
    console.log(
      `\nBatches of ${scaleDeals.length} deals on 1 and 2 threads: speedup by the wall clock (a shared machine slows it), and as the threads' CPU times imply it on a quiet one; load ${loadavg()[0].toFixed(1)}`,
    );
    console.log(
      `| ${''.padEnd(44)} | 1 thread | 2 thread | wall   | CPU (balance x efficiency) | must   |          |            |`,
    );
    console.log(
      `|----------------------------------------------|----------|----------|--------|----------------------------|--------|----------|------------|`,
    );
    const n1 = await nodePool(1, scaleDeals);
    const n2 = await nodePool(2, scaleDeals);
    console.log(scalingRow('Node: calcDDTables on a WorkerPool, ms', n1, n2));
    if (process.env.GN_DD_BENCH_PAGE !== '0') {
      const page = await pageFigures(scaleDeals);
      if (page.error) console.log(`page: skipped (${page.error})`);
      else {
        console.log(scalingRow('Chromium: calcDDTables on Web Workers, ms', page.pools[1], page.pools[2]));
        console.log(
          `\nFirst wasm call in a page after the module is loaded (bridge: compile, instantiate, one-card solve): ${fmt(page.first.ms, 1)} ms (goal <= ${FIRST_CALL_GOAL_MS} ms)${page.first.ok ? '' : ' WRONG RESULT'}`,
        );
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
