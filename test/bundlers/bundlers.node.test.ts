// A tiny app that imports `gamenotation/worker`, built with each common bundler and no configuration
// beyond entry and output, then run in headless Chromium: the worker must answer (issue 13 §2).
// The builds and the browser profile live in a temp dir, with the built package copied into its node_modules.
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { type Browser } from 'puppeteer-core';
// @ts-ignore plain ESM helper shared with scripts/screenshots.mjs
import { launchChromium } from '../../scripts/chromium.mjs';

const root = resolve('.');
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

// The app reports what the worker computed, or the error code if a call failed; it never hangs
// silently, since every call settles. `?url=` starts the worker from a served script instead.
const APP = `
import { createWorker } from 'gamenotation/worker';

async function main() {
  const url = new URLSearchParams(location.search).get('url');
  const worker = createWorker(url ? { url } : {});
  try {
    const perft = await worker.perft('startpos', 3);
    const moves = await worker.legalMoves(${JSON.stringify(KIWIPETE)});
    window.__result = { nodes: perft.nodes, moves: moves.map((m) => m.san) };
  } catch (e) {
    window.__result = { error: (e && e.code) || String(e) };
  } finally {
    worker.terminate();
  }
}
main();
`;
const HTML = (script: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>app</title></head><body><script type="module" src="${script}"></script></body></html>`;

/** Legal moves of KIWIPETE in SAN, from chessops (an independent move generator). */
function referenceMoves(): string[] {
  const pos = Chess.fromSetup(parseFen(KIWIPETE).unwrap()).unwrap();
  const sans: string[] = [];
  for (const [from, dests] of pos.allDests()) for (const to of dests) sans.push(makeSan(pos, { from, to }));
  return sans.sort();
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
};

/** Static files of `dir` on a free loopback port; `headers` are added to every answer. */
async function serve(dir: string, headers: Record<string, string> = {}): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^([/\\])+/, '');
    let file = join(dir, path || 'index.html');
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headers });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/`, server };
}

describe('bundled apps run the worker with zero configuration (Chromium)', () => {
  let tmp: string;
  let app: string;
  let browser: Browser;
  const servers: Server[] = [];
  const expected = referenceMoves();

  before(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'gn-bundlers-'));
    app = join(tmp, 'app');
    // Installed as a user gets it: package.json and dist/ inside the app's node_modules.
    const installed = join(app, 'node_modules', 'gamenotation');
    mkdirSync(installed, { recursive: true });
    copyFileSync(join(root, 'package.json'), join(installed, 'package.json'));
    cpSync(join(root, 'dist'), join(installed, 'dist'), { recursive: true });
    writeFileSync(join(app, 'main.js'), APP);
    writeFileSync(join(app, 'index.html'), HTML('./main.js'));
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    browser = await launchChromium({ userDataDir: join(tmp, 'profile') });
  });

  after(async () => {
    await browser?.close();
    for (const server of servers) server.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  async function run(url: string): Promise<{ nodes?: number; moves?: string[]; error?: string }> {
    const page = await browser.newPage();
    try {
      await page.goto(url);
      await page.waitForFunction('window.__result !== undefined', { timeout: 30_000 });
      return (await page.evaluate('window.__result')) as { nodes?: number; moves?: string[]; error?: string };
    } finally {
      await page.close();
    }
  }

  async function serveAndRun(dir: string, query = '', headers: Record<string, string> = {}) {
    const { url, server } = await serve(dir, headers);
    servers.push(server);
    return run(url + query);
  }

  async function buildWithEsbuild(out: string): Promise<void> {
    const esbuild = await import('esbuild');
    await esbuild.build({
      absWorkingDir: app,
      entryPoints: ['main.js'],
      bundle: true,
      format: 'esm',
      outfile: join(out, 'main.js'),
      logLevel: 'silent',
    });
    writeFileSync(join(out, 'index.html'), HTML('./main.js'));
  }

  function expectAnswers(result: { nodes?: number; moves?: string[]; error?: string }): void {
    expect(result.error, 'the worker failed').to.equal(undefined);
    expect(result.nodes).to.equal(8902);
    expect([...result.moves!].sort()).to.deep.equal(expected);
  }

  it('vite build', async () => {
    const { build } = await import('vite');
    const out = join(tmp, 'out-vite');
    await build({ root: app, configFile: false, logLevel: 'silent', build: { outDir: out, emptyOutDir: true } });
    expectAnswers(await serveAndRun(out));
  });

  it('vite dev server', async () => {
    const { createServer: createViteServer } = await import('vite');
    const server = await createViteServer({
      root: app,
      configFile: false,
      logLevel: 'silent',
      cacheDir: join(tmp, 'vite-cache'),
      server: { host: '127.0.0.1', port: 0, strictPort: false },
    });
    try {
      await server.listen();
      const address = server.httpServer!.address() as { port: number };
      expectAnswers(await run(`http://127.0.0.1:${address.port}/`));
    } finally {
      await server.close();
    }
  });

  it('esbuild', async () => {
    const out = join(tmp, 'out-esbuild');
    await buildWithEsbuild(out);
    expectAnswers(await serveAndRun(out));
  });

  it('rollup (with node-resolve)', async () => {
    const { rollup } = await import('rollup');
    const { nodeResolve } = await import('@rollup/plugin-node-resolve');
    const out = join(tmp, 'out-rollup');
    const bundle = await rollup({
      input: join(app, 'main.js'),
      plugins: [nodeResolve({ browser: true })],
      onwarn: () => {},
    });
    await bundle.write({ dir: out, format: 'es' });
    await bundle.close();
    writeFileSync(join(out, 'index.html'), HTML('./main.js'));
    expectAnswers(await serveAndRun(out));
  });

  it('webpack 5', async () => {
    const { default: webpack } = await import('webpack');
    const out = join(tmp, 'out-webpack');
    await new Promise<void>((done, fail) => {
      webpack(
        { mode: 'production', context: app, entry: './main.js', output: { path: out, filename: 'main.js' } },
        (error, stats) => {
          if (error) fail(error);
          else if (stats?.hasErrors()) fail(new Error(stats.toString('errors-only')));
          else done();
        },
      );
    });
    // webpack's output is a classic script.
    writeFileSync(join(out, 'index.html'), HTML('./main.js').replace(' type="module"', ''));
    expectAnswers(await serveAndRun(out));
  });

  it('a page whose CSP forbids blob: workers gets ERR_WORKER_LOAD, and runs with createWorker({ url })', async () => {
    const out = join(tmp, 'out-esbuild-csp');
    await buildWithEsbuild(out);
    copyFileSync(join(root, 'dist', 'worker-entry.js'), join(out, 'worker-entry.js'));
    // WebAssembly itself needs 'wasm-unsafe-eval' under a CSP, in the page and in workers.
    const csp = {
      'content-security-policy': "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'",
    };
    expect(await serveAndRun(out, '', csp)).to.deep.equal({ error: 'ERR_WORKER_LOAD' });
    expectAnswers(await serveAndRun(out, '?url=/worker-entry.js', csp));
  });
});
