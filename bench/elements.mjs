// Elements benchmark (Chromium, through puppeteer-core): a 300-ply game with 100 variations put
// into <gn-game> (reading and first render, then the next frame), stepping through it ply by ply
// (each step: the move, the board redrawn, the list marked, the layout done), and what a page loads:
// the elements' own JS (gzip), everything a page with one <gn-game> downloads, and that the worker
// with the bridge and problems wasm comes only with <gn-deal dd> or a solve. Goals (issue 29): render
// ≤ 100 ms, step ≤ 16 ms per ply, elements JS ≤ 40 KB gzip, wasm only when a solver or DD is needed.
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Chess } from 'chess.js';
import { transform } from 'esbuild';
import { launchChromium } from '../scripts/chromium.mjs';
import { rng } from '../test/support/rng.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = 15;

/** A random legal game of `plies` plies (seeded), with `variations` side lines of 2–6 plies. */
export function benchGame(plies = 300, variations = 100, seed = 29) {
  for (let attempt = 0; ; attempt++) {
    const random = rng(seed + attempt);
    const chess = new Chess();
    const main = [];
    const fens = [];
    while (main.length < plies) {
      const moves = chess.moves();
      if (!moves.length) break;
      // Prefer quiet moves so that the game lasts; captures now and then.
      const quiet = moves.filter((m) => !m.includes('x') && !m.includes('#'));
      const pool = quiet.length && random() < 0.85 ? quiet : moves.filter((m) => !m.includes('#'));
      if (!pool.length) break;
      fens.push(chess.fen());
      const san = pool[Math.floor(random() * pool.length)];
      chess.move(san);
      main.push(san);
    }
    if (main.length < plies) continue;
    const at = new Map();
    const plyList = [...Array(plies).keys()].slice(1);
    for (let i = 0; i < variations; i++) {
      const ply = plyList.splice(Math.floor(random() * plyList.length), 1)[0];
      const line = [];
      const side = new Chess(fens[ply]);
      const length = 2 + Math.floor(random() * 5);
      for (let k = 0; k < length; k++) {
        const moves = side.moves().filter((m) => !(k === 0 && m === main[ply]));
        if (!moves.length) break;
        const san = moves[Math.floor(random() * moves.length)];
        side.move(san);
        line.push(san);
      }
      if (line.length) at.set(ply, line);
    }
    const number = (ply) => (ply % 2 === 0 ? `${ply / 2 + 1}. ` : `${Math.floor(ply / 2) + 1}... `);
    const parts = [];
    main.forEach((san, ply) => {
      parts.push(ply % 2 === 0 || (ply > 0 && at.has(ply - 1)) ? `${number(ply)}${san}` : san);
      if (at.has(ply)) {
        const line = at.get(ply);
        const text = line.map((s, k) => ((ply + k) % 2 === 0 || k === 0 ? `${number(ply + k)}${s}` : s)).join(' ');
        parts.push(`(${text} {a side line})`);
      }
      if (ply % 40 === 7) parts.push('{ [%clk 0:10:00] [%eval 0.31] a comment }');
    });
    const pgn = `[Event "Bench"]\n[White "Random, A."]\n[Black "Random, B."]\n[Result "*"]\n\n${parts.join(' ')} *\n`;
    return {
      pgn,
      plies: main.length,
      variations: at.size,
      moves: main.length + [...at.values()].reduce((n, l) => n + l.length, 0),
    };
  }
}

function serve() {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/bench.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head><body><main style="width:900px"></main></body></html>',
      );
      return;
    }
    const file = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': extname(file) === '.js' ? 'text/javascript' : 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const fmt = (ms) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The JS files a module loads statically (its imports, transitively), under dist/. */
function staticClosure(entry) {
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*'(\.[^']+)'|(?:^|\n)import\s*'(\.[^']+)'/g,
    ))
      walk(join(file, '..', m[1] ?? m[2]));
  };
  walk(entry);
  return [...seen];
}

/**
 * CPU time (ms) used so far by the renderer processes of the browser `browserPid` (utime + stime
 * from /proc, every thread: script, style, layout, paint), or undefined off Linux. On a machine
 * shared with other jobs, wall times grow with the load; the CPU a render takes does not.
 */
function rendererCpuMs(browserPid) {
  let tick;
  try {
    tick = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    return undefined;
  }
  const stat = (pid) => {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  };
  const ours = (pid) => {
    for (let p = pid, depth = 0; p > 1 && depth < 8; depth++) {
      if (p === browserPid) return true;
      p = stat(p).ppid;
    }
    return false;
  };
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      if (ours(Number(pid))) ticks += stat(pid).ticks;
    } catch {
      // the process ended while we read it
    }
  }
  return ticks * tick;
}

async function gzipSizes(files) {
  let gzip = 0;
  let minGzip = 0;
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    gzip += gzipSync(text).length;
    minGzip += gzipSync((await transform(text, { minify: true, loader: 'js' })).code).length;
  }
  return { gzip, minGzip };
}

export async function run() {
  if (!existsSync(join(root, 'dist', 'elements.js'))) throw new Error('dist/ is not built: npm run build first');
  const game = benchGame();
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}`;
  const profile = mkdtempSync(join(tmpdir(), 'gn-bench-elements-'));
  const browser = await launchChromium({ userDataDir: profile });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 900 });
    const requests = [];
    page.on('requestfinished', async (request) => {
      const response = request.response();
      const body = response ? await response.buffer().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
      requests.push({ url: request.url().replace(base, ''), bytes: body.length, gzip: gzipSync(body).length });
    });
    await page.goto(`${base}/bench.html`);
    await page.evaluate(`import('/dist/elements.js')`);
    await page.waitForFunction(() => window.customElements.get('gn-game'));
    const loadedForGame = [...requests];

    const timings = await page.evaluate(
      async ({ pgn, runs }) => {
        const frame = () => new Promise((r) => window.requestAnimationFrame(() => setTimeout(r, 0)));
        const render = [];
        const renderFrame = [];
        let el;
        for (let i = 0; i < runs; i++) {
          el?.remove();
          el = document.createElement('gn-game');
          document.querySelector('main').appendChild(el);
          const t0 = performance.now();
          el.pgn = pgn;
          el.getBoundingClientRect(); // layout included
          render.push(performance.now() - t0);
          await frame();
          renderFrame.push(performance.now() - t0);
        }
        const steps = [];
        const keys = [];
        el.ply = 0;
        for (let i = 0; i < 300; i++) {
          const t0 = performance.now();
          el.next();
          el.getBoundingClientRect();
          steps.push(performance.now() - t0);
        }
        el.focus();
        el.ply = 0;
        for (let i = 0; i < 300; i++) {
          const t0 = performance.now();
          el.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, composed: true }));
          el.getBoundingClientRect();
          keys.push(performance.now() - t0);
        }
        return {
          render,
          renderFrame,
          steps,
          keys,
          ply: el.ply,
          buttons: el.shadowRoot.querySelectorAll('button.move').length,
        };
      },
      { pgn: game.pgn, runs: RUNS },
    );

    // The same work again with the renderer's CPU time read around it: per render and per step.
    const browserPid = browser.process()?.pid;
    const cpu = {};
    if (browserPid && rendererCpuMs(browserPid) !== undefined) {
      const pass = async (what) => {
        const before = rendererCpuMs(browserPid);
        await page.evaluate(
          async ({ pgn, runs, what }) => {
            let el;
            if (what === 'render') {
              for (let i = 0; i < runs; i++) {
                el?.remove();
                el = document.createElement('gn-game');
                document.querySelector('main').appendChild(el);
                el.pgn = pgn;
                el.getBoundingClientRect();
              }
              return;
            }
            el = document.querySelector('gn-game');
            el.ply = 0;
            el.getBoundingClientRect();
            for (let i = 0; i < 300; i++) {
              el.next();
              el.getBoundingClientRect();
            }
          },
          { pgn: game.pgn, runs: RUNS, what },
        );
        return rendererCpuMs(browserPid) - before;
      };
      cpu.render = (await pass('render')) / RUNS;
      cpu.step = (await pass('step')) / 300;
    }

    // What a deal with `dd` adds: the worker (its script carries the bridge and problems wasm).
    const before = requests.length;
    await page.evaluate(async (pbn) => {
      const deal = document.createElement('gn-deal');
      deal.setAttribute('dd', '');
      document.querySelector('main').appendChild(deal);
      const ready = new Promise((r) => deal.addEventListener('gn-dd', r, { once: true }));
      deal.pbn = pbn;
      await ready;
    }, `[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:T3.AJT.A9763.J94 KQJ765.Q92.85.K2 A9.8653.KT.Q7653 842.K74.QJ42.AT8"]\n`);
    const forDeal = requests.slice(before);

    const own = await gzipSizes([join(root, 'dist', 'elements.js')]);
    const closure = await gzipSizes(staticClosure(join(root, 'dist', 'elements.js')));
    const gameJs = loadedForGame.filter((r) => r.url.endsWith('.js'));
    const workerLoadedForGame = loadedForGame.some((r) => /\/worker\.js$/.test(r.url));
    const workerLoadedForDeal = forDeal.some((r) => /\/worker\.js$/.test(r.url));

    console.log(
      `Game: ${game.plies} plies, ${game.variations} variations, ${game.moves} moves in all (${timings.buttons} move buttons); Chromium, ${RUNS} runs\n`,
    );
    console.log('| measure | median | p95 / max | goal |');
    console.log('|---|---|---|---|');
    console.log(
      `| render: pgn set → read, tree, board, move list, layout | ${fmt(median(timings.render))} ms | ${fmt(pct(timings.render, 0.95))} ms | ≤ 100 ms |`,
    );
    console.log(
      `| render to the next frame (paint) | ${fmt(median(timings.renderFrame))} ms | ${fmt(pct(timings.renderFrame, 0.95))} ms | |`,
    );
    console.log(
      `| step: next() → board, list, layout (300 plies) | ${fmt(median(timings.steps))} ms | ${fmt(pct(timings.steps, 0.95))} / ${fmt(Math.max(...timings.steps))} ms | ≤ 16 ms |`,
    );
    console.log(
      `| step by ArrowRight key (300 plies) | ${fmt(median(timings.keys))} ms | ${fmt(pct(timings.keys, 0.95))} / ${fmt(Math.max(...timings.keys))} ms | ≤ 16 ms |`,
    );
    if (cpu.render !== undefined) {
      console.log(
        `| renderer CPU per render (all its threads; /proc, load average ${loadavg()[0].toFixed(1)}) | ${fmt(cpu.render)} ms | | ≤ 100 ms |`,
      );
      console.log(`| renderer CPU per step: next() → board, list, layout | ${fmt(cpu.step)} ms | | ≤ 16 ms |`);
    }
    console.log('');
    console.log('| what a page loads | gzip | minified + gzip | goal |');
    console.log('|---|---|---|---|');
    console.log(`| dist/elements.js (the elements' own code) | ${kb(own.gzip)} | ${kb(own.minGzip)} | ≤ 40 KB |`);
    console.log(
      `| its static imports too (chess rules and wasm, PGN reader, diagrams; ${staticClosure(join(root, 'dist', 'elements.js')).length} files) | ${kb(closure.gzip)} | ${kb(closure.minGzip)} | |`,
    );
    console.log(
      `| a page with one <gn-game>: JS requested (${gameJs.length} files) | ${kb(gameJs.reduce((n, r) => n + r.gzip, 0))} | | |`,
    );
    console.log(
      `| <gn-deal dd> adds (worker with the bridge + problems wasm; ${forDeal.length} files) | ${kb(forDeal.reduce((n, r) => n + r.gzip, 0))} | | |`,
    );
    console.log('');
    console.log(
      `worker (wasm of DD and the solver) loaded by the game page: ${workerLoadedForGame ? 'YES' : 'no'}; by <gn-deal dd>: ${workerLoadedForDeal ? 'yes' : 'NO'}`,
    );
  } finally {
    await browser.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
