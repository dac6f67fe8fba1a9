// PBN 2.1: import (parsePbn with and without semantic checks, streaming) and export (makePbn) over the
// shared PBN corpus, in boards/s and MB/s. No PBN peer is installed, so the table has ours only.
// `node bench/pbn.mjs` or `npm run bench`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isEmptyPbnGame, makePbn, parsePbn, readPbn } from '../dist/bridge.js';
import { sharedDir } from '../scripts/shared-dir.mjs';

function corpus() {
  const shared = sharedDir();
  const dir = shared && join(shared, 'data/bridge/pbn-corpus');
  if (dir && existsSync(dir))
    return readdirSync(dir)
      .filter((f) => f.endsWith('.pbn'))
      .sort()
      .map((f) => new Uint8Array(readFileSync(join(dir, f))));
  // fallback: the repository's own sample, repeated
  const one = new Uint8Array(readFileSync(new URL('../examples/data/sample.pbn', import.meta.url)));
  return Array.from({ length: 200 }, () => one);
}

// CPU time of this process (user + system), so that other load on the machine does not count.
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Best of `reps` CPU timings (ms), after two untimed warm-up runs. */
function time(fn, reps = 5) {
  fn();
  fn();
  let best = Infinity;
  let n = 0;
  for (let i = 0; i < reps; i++) {
    const t0 = cpuMs();
    n = fn();
    best = Math.min(best, cpuMs() - t0);
  }
  return { n, ms: best };
}

async function timeAsync(fn, reps = 3) {
  await fn();
  let best = Infinity;
  let n = 0;
  for (let i = 0; i < reps; i++) {
    const t0 = cpuMs();
    n = await fn();
    best = Math.min(best, cpuMs() - t0);
  }
  return { n, ms: best };
}

const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const row = (cells) => `| ${cells.join(' | ')} |`;

export async function run() {
  const files = corpus();
  const bytes = files.reduce((a, f) => a + f.length, 0);
  const parsed = files.map((f) => parsePbn(f));
  const boards = parsed.reduce((a, r) => a + r.value.games.length, 0);
  const exported = parsed.map((r) => makePbn(r.value.games));
  const exportBytes = exported.reduce((a, t) => a + t.length, 0);
  const out = [];
  out.push(`${files.length} files, ${boards} games, ${(bytes / 1e6).toFixed(2)} MB\n`);
  out.push(row(['operation', 'games', 'MB', 'CPU ms', 'games/s', 'MB/s']));
  out.push(row(['---', '---:', '---:', '---:', '---:', '---:']));
  const add = (name, n, mb, ms) =>
    out.push(row([name, `${n}`, mb.toFixed(2), fmt(ms), fmt((n / ms) * 1000), fmt((mb / ms) * 1000)]));
  const imp = time(() => files.reduce((a, f) => a + parsePbn(f).value.games.length, 0));
  add('import (parsePbn, with checks)', imp.n, bytes / 1e6, imp.ms);
  const raw = time(() => files.reduce((a, f) => a + parsePbn(f, { validate: false }).value.games.length, 0));
  add('import (parsePbn, syntax only)', raw.n, bytes / 1e6, raw.ms);
  const stream = await timeAsync(async () => {
    let n = 0;
    for (const f of files) {
      const chunks = [];
      for (let i = 0; i < f.length; i += 65536) chunks.push(f.subarray(i, i + 65536));
      // a file with no game gives one item holding its errors: not a game
      for await (const item of readPbn(chunks)) if (!isEmptyPbnGame(item.value)) n++;
    }
    return n;
  });
  add('import (readPbn, 64 KiB chunks)', stream.n, bytes / 1e6, stream.ms);
  const exp = time(() => parsed.reduce((a, r) => a + (makePbn(r.value.games).length ? r.value.games.length : 0), 0));
  add('export (makePbn)', exp.n, exportBytes / 1e6, exp.ms);
  console.log(out.join('\n'));
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
