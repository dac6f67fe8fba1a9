// Engines in Chromium, on two pages served on loopback: one cross-origin isolated (COOP/COEP), where
// kind 'stockfish.wasm' runs the threaded stockfish.wasm, and one without those headers, where the
// same call falls back to the single-threaded lite build. Both must find matetrack's mate in 1.
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser } from 'puppeteer-core';
import { Position, parseUci } from 'gamenotation/chess';

const root = fileURLToPath(new URL('../..', import.meta.url));
const MOUNTS: Record<string, string> = {
  '/dist/': join(root, 'dist/'),
  '/sfw/': join(root, 'node_modules/stockfish.wasm/'),
  '/sf/': join(root, 'node_modules/stockfish/bin/'),
};
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
// matetrack: mate in 1 by en passant (dxe6 e.p.)
const FEN = '5K2/8/2qk4/2nPp3/3r4/6B1/B7/3R4 w - e6 0 1';

const page = () => `<!doctype html><meta charset="utf-8"><title>engine</title>
<script type="module">
import { openEngine } from '/dist/engine.js';
window.result = (async () => {
  try {
    const engine = await openEngine({ kind: 'stockfish.wasm', path: '/sfw/stockfish.js', fallbackUrl: '/sf/stockfish-19-lite-single.js', options: { Hash: 16 } });
    const r = await engine.analyse(${JSON.stringify(FEN)}, { mate: 1 });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const stopped = await engine.analyse('startpos', { infinite: true }, { signal: ac.signal });
    await engine.quit();
    return { isolated: self.crossOriginIsolated, name: engine.name, bestmove: r.bestmove, score: r.lines[0].score.toJSON(), stopped: stopped.stopped, stopMove: stopped.bestmove };
  } catch (e) {
    return { error: (e.code || '') + ' ' + e.message };
  }
})();
</script>`;

function serve(): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const isolated = url.searchParams.get('isolated') === '1' || req.headers.referer?.includes('isolated=1');
    if (isolated) {
      res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
      res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    }
    if (url.pathname === '/') {
      res.setHeader('Content-Type', 'text/html');
      res.end(page());
      return;
    }
    const mount = Object.keys(MOUNTS).find((m) => url.pathname.startsWith(m));
    const rel = mount ? normalize(decodeURIComponent(url.pathname.slice(mount.length))) : '';
    const file = mount && !rel.startsWith('..') ? join(MOUNTS[mount], rel) : '';
    if (!file || !existsSync(file) || !statSync(file).isFile()) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

describe('engine: Chromium pages with and without cross-origin isolation', () => {
  let browser: Browser;
  let server: Server;
  let base: string;
  before(async () => {
    ({ server, base } = await serve());
    browser = await puppeteer.launch({
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    });
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  async function runPage(isolated: boolean): Promise<Record<string, unknown>> {
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(String(e)));
    await tab.goto(`${base}/?isolated=${isolated ? 1 : 0}`);
    const result = (await tab.evaluate('window.result')) as Record<string, unknown>;
    await tab.close();
    expect(result.error, `${result.error} ${errors.join(' ')}`).to.equal(undefined);
    return result;
  }

  function matesNow(uci: string): boolean {
    const pos = Position.fromFen(FEN).value as Position;
    pos.play(parseUci(uci)!);
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
});
