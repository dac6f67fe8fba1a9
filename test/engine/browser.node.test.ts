// Engines in Chromium, on two pages served on loopback: one cross-origin isolated (COOP/COEP), where
// kind 'stockfish.wasm' runs the threaded stockfish.wasm, and one without those headers, where the
// same call falls back to the single-threaded lite build; both in the page and through the worker
// API. Each must find matetrack's mate in 1 and stop on abort.
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser } from 'puppeteer-core';
// @ts-ignore plain ESM helper shared with scripts/screenshots.mjs
import { launchChromium } from '../../scripts/chromium.mjs';
import { unwrap } from 'gamenotation';
import { Position, parseUci } from 'gamenotation/chess';

const root = fileURLToPath(new URL('../..', import.meta.url));
const MOUNTS: Record<string, string> = {
  '/dist/': join(root, 'dist/'),
  '/sfw/': join(root, 'node_modules/stockfish.wasm/'),
  '/sf/': join(root, 'node_modules/stockfish/bin/'),
};
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.html': 'text/html',
};
// matetrack: mate in 1 by en passant (dxe6 e.p.)
const FEN = '5K2/8/2qk4/2nPp3/3r4/6B1/B7/3R4 w - e6 0 1';

/** The page's script: the engine in the page itself, or through the worker API (a Web Worker). */
const page = (prefix: string, viaWorker: boolean) => `<!doctype html><meta charset="utf-8"><title>engine</title>
<script type="module">
const engine = { kind: 'stockfish.wasm', path: new URL('${prefix}/sfw/stockfish.js', location.href).href, fallbackUrl: new URL('${prefix}/sf/stockfish-19-lite-single.js', location.href).href, options: { Hash: 16 } };
const FEN = ${JSON.stringify(FEN)};
async function direct() {
  const { openEngine } = await import('${prefix}/dist/engine.js');
  const e = await openEngine(engine);
  const r = await e.analyse(FEN, { mate: 1 });
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 100);
  const stopped = await e.analyse('startpos', { infinite: true }, { signal: ac.signal });
  await e.close();
  return { name: e.name, bestmove: r.bestmove, score: r.lines[0].score.toJSON(), stopped: stopped.stopped };
}
async function viaWorker() {
  const { createWorker } = await import('${prefix}/dist/worker.js');
  const w = createWorker();
  let progress = 0;
  const r = await w.run('analysePosition', { engine, position: FEN, limit: { mate: 1 } }, { onProgress: () => progress++ });
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 150);
  const stopped = await w.run('analysePosition', { engine, position: 'startpos', limit: { infinite: true } }, { signal: ac.signal }).then(() => false, (e) => e.name === 'AbortError');
  const again = await w.run('analysePosition', { engine, position: FEN, limit: { mate: 1 } });
  w.terminate();
  return { name: r.engine, bestmove: r.bestmove, score: r.lines[0].score, stopped, progress, again: again.bestmove };
}
window.result = (async () => {
  try {
    return { isolated: self.crossOriginIsolated, ...(await (${viaWorker} ? viaWorker() : direct())) };
  } catch (e) {
    return { error: (e.code || '') + ' ' + e.message };
  }
})();
</script>`;

function serve(): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Everything under /iso/ is served cross-origin isolated (the page, the worker's scripts, the engine files).
    const isolated = url.pathname.startsWith('/iso/');
    const path = url.pathname.replace(/^\/(iso|plain)\//, '/');
    if (isolated) {
      res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
      res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    }
    if (path === '/') {
      res.setHeader('Content-Type', 'text/html');
      res.end(page(isolated ? '/iso' : '/plain', url.searchParams.get('worker') === '1'));
      return;
    }
    const mount = Object.keys(MOUNTS).find((m) => path.startsWith(m));
    const rel = mount ? normalize(decodeURIComponent(path.slice(mount.length))) : '';
    const file = mount && !rel.startsWith('..') ? join(MOUNTS[mount], rel) : '';
    if (!file || !existsSync(file) || !statSync(file).isFile()) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` }),
    ),
  );
}

describe('engine: Chromium pages with and without cross-origin isolation', () => {
  let browser: Browser;
  let server: Server;
  let base: string;
  before(async () => {
    ({ server, base } = await serve());
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  async function runPage(isolated: boolean, viaWorker = false): Promise<Record<string, unknown>> {
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(String(e)));
    await tab.goto(`${base}/${isolated ? 'iso' : 'plain'}/?worker=${viaWorker ? 1 : 0}`);
    const result = (await tab.evaluate('window.result')) as Record<string, unknown>;
    await tab.close();
    expect(result.error, `${result.error} ${errors.join(' ')}`).to.equal(undefined);
    return result;
  }

  function matesNow(uci: string): boolean {
    const pos = (Position.fromFen(FEN) as { value: Position }).value;
    pos.play(unwrap(parseUci(uci)));
    return pos.isCheckmate();
  }

  it('an isolated page runs stockfish.wasm (threads) and finds the mate', async () => {
    const r = await runPage(true);
    expect(r.isolated).to.equal(true);
    expect(r.name).to.match(/^Stockfish /);
    expect(r.name).to.not.match(/\b19\b/);
    expect(r.score).to.deep.equal({ mate: 1 });
    expect(matesNow(r.bestmove as string)).to.equal(true);
    expect(r.stopped).to.equal(true);
  });

  it('a page without COOP/COEP falls back to the single-threaded lite build', async () => {
    const r = await runPage(false);
    expect(r.isolated).to.equal(false);
    expect(r.name).to.match(/^Stockfish 19/);
    expect(r.score).to.deep.equal({ mate: 1 });
    expect(matesNow(r.bestmove as string)).to.equal(true);
    expect(r.stopped).to.equal(true);
  });

  for (const isolated of [true, false]) {
    it(`through the worker API on a page ${isolated ? 'with' : 'without'} COOP/COEP: analysis, progress, abort, a fresh engine after it`, async () => {
      const r = await runPage(isolated, true);
      expect(r.isolated).to.equal(isolated);
      // Threads inside the worker of an isolated page; the lite-single build as a nested worker otherwise.
      if (isolated)
        expect(r.name)
          .to.match(/^Stockfish /)
          .and.not.match(/\b19\b/);
      else expect(r.name).to.match(/^Stockfish 19/);
      expect(r.score).to.deep.equal({ mate: 1 });
      expect(matesNow(r.bestmove as string)).to.equal(true);
      expect(r.progress).to.be.greaterThan(0);
      expect(r.stopped).to.equal(true);
      expect(matesNow(r.again as string)).to.equal(true);
    });
  }
});
