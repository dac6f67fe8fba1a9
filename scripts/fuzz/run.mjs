// The fuzz harness (`npm run fuzz [-- options]`). For every target of targets.mjs, within a time
// budget: replays the saved inputs, checks that time grows linearly and memory stays bounded on
// inputs of growing size (shapes), then runs generated and mutated inputs through the reader and
// the writer. Each input must not throw and must round-trip (see each target's check). Failing
// inputs are shrunk and saved to test/fixtures/fuzz/<format>/crash-<hash>.<ext>.
//
// Then the scale family (scale.mjs): size-scaled inputs in child processes, each held to a memory
// and time budget.
//
// Options: --budget=SECONDS (60, all targets together), --inputs=N (a count per target instead of
// the time budget), --seed=N (1), --targets=pgn,pbn,…,popeye,scale, --scale=fuzz|full|off (the
// sizes of the scale family; full: the issue's sizes with each must),
// --dist (test the built dist/ instead of bundling src/), --no-save, --json.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { bundleSources } from '../bundle-sources.mjs';
import { readFixtures, saveFixture } from './fixtures.mjs';
import { allTargets, targets } from './targets.mjs';
import { runScale } from './scale.mjs';
import { rng } from './util.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SUBPATHS = ['pgn', 'bridge', 'chess', 'problems', 'bughouse', 'aif'];

/**
 * The library's subpath modules: the sources bundled by esbuild (default) or the built dist/. The
 * internal text layer (lexer, splitter: no package entry point) is `lib.text`, always bundled from
 * the sources, so its invariants are fuzzed too.
 */
export async function loadLib({ dist = false } = {}) {
  const lib = {};
  if (dist) {
    for (const s of SUBPATHS) lib[s] = await import(pathToFileURL(join(root, 'dist', `${s}.js`)).href);
    lib.text = (await bundleSources({ text: join(root, 'src', 'text', 'index.ts') })).text;
    return lib;
  }
  if (
    !existsSync(join(root, 'wasm-build', 'chess.base64.js')) ||
    !existsSync(join(root, 'wasm-build', 'bridge.base64.js'))
  ) {
    execFileSync(process.execPath, [join(root, 'scripts', 'build-wasm.mjs')], { stdio: 'inherit' });
  }
  const entries = Object.fromEntries(SUBPATHS.map((s) => [s, join(root, 'src', s, 'index.ts')]));
  entries.text = join(root, 'src', 'text', 'index.ts');
  return bundleSources(entries);
}

function sharedDir() {
  const env = process.env.GAMENOTATION_SHARED;
  if (env === 'none') return null;
  for (const dir of [env, join(root, '..', 'shared')]) if (dir && existsSync(join(dir, 'data'))) return dir;
  return null;
}

/** Texts to mutate, read from ../shared (never copied into the repository), 200 KB at most each. */
export function loadCorpus(target) {
  const shared = sharedDir();
  const out = [];
  const walk = (dir) => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (!f.endsWith('.md')) out.push(readFileSync(p, 'latin1').slice(0, 200_000));
    }
  };
  if (shared) for (const d of target.corpusDirs) if (existsSync(join(shared, d))) walk(join(shared, d));
  return out;
}

let gc = globalThis.gc;
/** Heap in use after a full collection. */
const heap = () => {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc');
  }
  gc();
  return process.memoryUsage().heapUsed;
};

/** CPU milliseconds of this process (wall time inflates when other processes share the cores). */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** CPU milliseconds per character of `run` on `text` (at least 25 ms of runs, the best of `rounds`). */
async function perChar(run, text, rounds) {
  let best = Infinity;
  for (let round = 0; round < rounds; round++) {
    let runs = 0;
    const t0 = cpuMs();
    let t;
    do {
      await run(text);
      runs++;
      t = cpuMs();
    } while (t - t0 < 25);
    best = Math.min(best, (t - t0) / runs / text.length);
  }
  return best;
}

/** Failures reported, shrunk and saved per target and run. */
const MAX_SAVED = 5;

export const SMALL = 16 << 10;
export const LARGE = 256 << 10;
/** Heap a shape may take per character of input (models are bigger than their text; a blow-up is not). */
export const MAX_HEAP_PER_CHAR = 200;
/** A per-character time 16x the small input's is quadratic; noise on a shared machine stays below 8x. */
export const MAX_RATIO = 8;

/** Linear time and bounded memory of one shape: { ratio, heapPerChar, problem }. */
export async function measureShape(lib, target, name) {
  const make = target.shapes[name];
  const run = (text) => target.run(lib, text, name);
  const small = make(SMALL);
  const large = make(LARGE);
  let ratio = (await perChar(run, large, 1)) / (await perChar(run, small, 3));
  if (ratio > MAX_RATIO / 2) ratio = Math.min(ratio, (await perChar(run, large, 2)) / (await perChar(run, small, 3))); // confirm (GC, noise)
  const before = heap();
  const kept = await run(large);
  const grown = process.memoryUsage().heapUsed - before;
  void kept;
  const heapPerChar = grown / large.length;
  let problem = null;
  if (ratio > MAX_RATIO)
    problem = `time per character grows ${ratio.toFixed(1)}x from ${small.length} to ${large.length} characters`;
  else if (grown > (32 << 20) + MAX_HEAP_PER_CHAR * large.length)
    problem = `heap grew ${(grown / 1e6).toFixed(0)} MB reading ${large.length} characters`;
  return { ratio, heapPerChar, problem };
}

/** Shrinks a failing input (chunks removed while it still fails), within a few seconds. */
async function shrink(check, input) {
  const slice = (x, a, b) =>
    typeof x === 'string' ? x.slice(0, a) + x.slice(b) : Uint8Array.from([...x.subarray(0, a), ...x.subarray(b)]);
  let best = input;
  const deadline = performance.now() + 3000;
  for (let chunk = Math.max(1, best.length >> 1); chunk >= 1 && performance.now() < deadline; chunk >>= 1) {
    for (let at = 0; at < best.length && performance.now() < deadline;) {
      const candidate = slice(best, at, at + chunk);
      let fails;
      try {
        fails = (await check(candidate)) !== null;
      } catch {
        fails = true;
      }
      if (fails) best = candidate;
      else at += chunk;
    }
  }
  return best;
}

async function checkSafely(target, lib, input, r) {
  try {
    return await target.check(lib, input, r);
  } catch (e) {
    return `threw: ${e?.stack ?? e}`;
  }
}

export async function fuzz(options = {}) {
  const budget = (options.budget ?? 60) * 1000;
  const seed = options.seed ?? 1;
  const chosen = options.targets ? allTargets.filter((t) => options.targets.includes(t.name)) : targets;
  // the scale family: by default, or when named (`--targets=scale`); `--scale=off` leaves it out
  const scaleRun = options.scale !== 'off' && (!options.targets || options.targets.includes('scale'));
  const lib = options.lib ?? (await loadLib(options));
  const log = options.log ?? ((line) => console.log(line));
  const heapStart = heap();
  const report = [];
  const started = performance.now();
  for (let ti = 0; ti < chosen.length; ti++) {
    const target = chosen[ti];
    const targetStart = performance.now();
    // What is left of the budget, shared by the targets still to run (a quarter of an even share at least).
    const share = Math.max((budget - (targetStart - started)) / (chosen.length - ti), budget / chosen.length / 4);
    const row = {
      format: target.name,
      inputs: 0,
      megabytes: 0,
      failures: 0,
      saved: [],
      slowestMs: 0,
      shapes: {},
      replayed: 0,
    };
    const fail = async (input, problem, kind) => {
      row.failures++;
      // The first few failures of a run are reported, shrunk and saved; the rest only counted.
      if (row.failures > MAX_SAVED) return;
      log(`${target.name}: ${kind} FAILED: ${problem.split('\n')[0].slice(0, 300)}`);
      if (options.save === false) return;
      const small = await shrink((x) => checkSafely(target, lib, x), input);
      const path = saveFixture(target.name, target.ext, 'crash', small);
      row.saved.push(path);
      log(`  saved ${path} (${small.length} of ${input.length} characters)`);
    };
    // 1. Saved inputs (seeds, earlier crashers).
    if (options.save !== false) for (const s of target.seeds) saveFixture(target.name, target.ext, 'seed', s);
    for (const { file, input } of readFixtures(target.name)) {
      row.replayed++;
      const problem = await checkSafely(target, lib, input, null);
      if (problem) {
        row.failures++;
        log(`${target.name}: saved input ${file} FAILED: ${problem.split('\n')[0].slice(0, 300)}`);
      }
    }
    // 2. Linear time and bounded memory on growing inputs.
    for (const name of Object.keys(target.shapes)) {
      const shapeStart = performance.now();
      let m;
      try {
        m = await measureShape(lib, target, name);
      } catch (e) {
        m = { ratio: NaN, heapPerChar: NaN, problem: `threw: ${e?.message ?? e}` };
      }
      row.shapes[name] = {
        ratio: Number(m.ratio.toFixed(2)),
        heapPerChar: Number(m.heapPerChar.toFixed(1)),
        ms: Math.round(performance.now() - shapeStart),
      };
      if (m.problem) {
        row.failures++;
        log(`${target.name}: shape '${name}' FAILED: ${m.problem}`);
      }
    }
    // 3. Generated and mutated inputs until the target's share of the budget is spent.
    const r = rng(seed + ti * 7919);
    const next = target.inputs(r, [
      ...loadCorpus(target),
      ...readFixtures(target.name).map((f) =>
        typeof f.input === 'string' ? f.input : new TextDecoder('latin1').decode(f.input),
      ),
    ]);
    // The random phase gets at least half the target's share, even when the shapes took longer.
    const deadline = Math.max(targetStart + share, performance.now() + share / 2);
    while (options.inputs ? row.inputs < options.inputs : performance.now() < deadline) {
      const input = next();
      const t0 = performance.now();
      const problem = await checkSafely(target, lib, input, r);
      row.slowestMs = Math.max(row.slowestMs, Math.round(performance.now() - t0));
      row.inputs++;
      row.megabytes += input.length / 1e6;
      if (problem) await fail(input, problem, `input ${row.inputs} (seed ${seed})`);
    }
    row.megabytes = Number(row.megabytes.toFixed(1));
    row.seconds = Number(((performance.now() - targetStart) / 1000).toFixed(1));
    report.push(row);
    const shapes = Object.entries(row.shapes)
      .map(([k, v]) => `${k} ${v.ratio} (${v.heapPerChar} B/char, ${v.ms} ms)`)
      .join(', ');
    log(
      `${target.name}: ${row.inputs} inputs (${row.megabytes} MB) in ${row.seconds} s, ${row.replayed} saved inputs replayed, ${row.failures} failures, slowest ${row.slowestMs} ms; time per character 256 KiB/16 KiB: ${shapes}`,
    );
  }
  const heapGrowth = heap() - heapStart;
  const leak = heapGrowth > 64 << 20;
  if (leak) log(`heap grew ${(heapGrowth / 1e6).toFixed(0)} MB over the run (not flat)`);
  // 4. Size-scaled inputs in child processes, each within its memory and time budget (scale.mjs).
  const scale = scaleRun
    ? await runScale({ scale: options.scale === 'full' ? 'full' : 'fuzz', dist: options.dist, log })
    : [];
  return {
    report,
    scale,
    heapGrowthMB: Number((heapGrowth / 1e6).toFixed(1)),
    failures: report.reduce((s, r) => s + r.failures, 0) + (leak ? 1 : 0) + scale.filter((r) => r.problem).length,
  };
}

export async function main(argv = process.argv.slice(2)) {
  const options = {};
  for (const arg of argv) {
    const [k, v] = arg.replace(/^--/, '').split('=');
    if (k === 'budget') options.budget = Number(v);
    else if (k === 'seed') options.seed = Number(v);
    else if (k === 'inputs') options.inputs = Number(v);
    else if (k === 'targets') options.targets = v.split(',');
    else if (k === 'dist') options.dist = true;
    else if (k === 'no-save') options.save = false;
    else if (k === 'json') options.json = true;
    else if (k === 'scale' && ['fuzz', 'full', 'off'].includes(v)) options.scale = v;
    else {
      console.error(
        `fuzz: unknown option ${arg} (--budget=S --inputs=N --seed=N --targets=pgn,pbn,fen,pbi,xml,bpgn,aif,popeye,scale --scale=fuzz|full|off --dist --no-save --json)`,
      );
      process.exit(2);
    }
  }
  const result = await fuzz(options);
  if (options.json) console.log(JSON.stringify(result, null, 2));
  const scaleNote = result.scale.length
    ? `; scale: ${result.scale.length} inputs, ${result.scale.filter((r) => r.problem).length} over budget`
    : '';
  console.log(
    `fuzz: ${result.report.map((r) => `${r.format} ${r.inputs}`).join(', ')} inputs; ${result.failures} failures; heap growth ${result.heapGrowthMB} MB${scaleNote}`,
  );
  process.exit(result.failures ? 1 : 0);
}
