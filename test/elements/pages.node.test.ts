// The elements where people use them, in Debian's Chromium: the plain page of examples/elements
// (a <script type="module">, no bundler, no import map; five elements from text, src and
// attributes), and the React, Vue and Svelte examples built with Vite from a temporary app that has
// the package installed the way a user gets it. Each page must show its elements without an error,
// pass the framework's state in and out (properties set, gn-ply/gn-played events heard), and
// `<gn-problem>.solve()` must give exactly what `gamenotation solve --json` prints.
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page } from 'puppeteer-core';
// @ts-ignore plain ESM helper shared with scripts/screenshots.mjs
import { launchChromium } from '../../scripts/chromium.mjs';
import { Chess } from 'chess.js';
import { referenceProblems } from '../problems/support.js';

/** The FEN chess.js (an independent implementation) reaches after the moves. */
function chessJsFen(moves: string): string {
  const chess = new Chess();
  for (const san of moves.split(' ')) chess.move(san);
  return chess.fen();
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
};

/** Static files of a directory on a loopback port, as a plain web server gives them. */
function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^([/\\])+/, '');
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    if (statSync(file).isDirectory()) file = join(file, 'index.html');
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'text/plain; charset=utf-8' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ server, url: `http://127.0.0.1:${port}/` });
    }),
  );
}

/** How many nodes match `selector` inside the shadow root of the element `host`. */
function inShadow(page: Page, host: string, selector: string): Promise<number> {
  return page.$eval(host, (el, s) => el.shadowRoot!.querySelectorAll(s as string).length, selector);
}

/** Waits until every element of the page has read its input, and returns their errors. */
async function loaded(page: Page, ids: string[]): Promise<Record<string, unknown[]>> {
  await page.waitForFunction(
    (list: string[]) =>
      list.every((id) => {
        const el = document.getElementById(id) as (HTMLElement & { errors: unknown[] }) | null;
        return el?.shadowRoot && !el.hasAttribute('aria-busy') && el.shadowRoot.querySelector('svg');
      }),
    { timeout: 60_000 },
    ids,
  );
  return page.evaluate(
    (list: string[]) =>
      Object.fromEntries(
        list.map((id) => [id, (document.getElementById(id) as unknown as { errors: unknown[] }).errors]),
      ),
    ids,
  );
}

describe('the elements in pages (Chromium)', () => {
  let browser: Browser;
  let tmp: string;
  const servers: Server[] = [];
  const pageErrors: string[] = [];

  before(async () => {
    if (!existsSync(join(root, 'dist', 'elements.js'))) throw new Error('dist/ is not built: npm run build first');
    tmp = mkdtempSync(join(tmpdir(), 'gn-elements-'));
    browser = await launchChromium({ userDataDir: join(tmp, 'profile') });
  });

  after(async () => {
    await browser?.close();
    for (const s of servers) s.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  async function open(url: string): Promise<Page> {
    const page = await browser.newPage();
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    await page.setViewport({ width: 1200, height: 900 });
    await page.goto(url, { waitUntil: 'load' });
    return page;
  }

  it('a plain page (no bundler, no import map): five elements from text, src and attributes', async () => {
    const { server, url } = await serve(root);
    servers.push(server);
    const page = await open(`${url}examples/elements/index.html`);
    const errors = await loaded(page, ['game', 'match', 'deal', 'problem', 'fen-problem', 'analysis']);
    expect(errors).to.deep.equal({ game: [], match: [], deal: [], problem: [], 'fen-problem': [], analysis: [] });
    // the attributes chose what is shown: the third problem of the PBI file, ply 3 of the analysis
    expect(await page.$eval('#problem', (el) => (el as unknown as { index: number }).index)).to.equal(2);
    expect(await page.$eval('#analysis', (el) => (el as unknown as { ply: number }).ply)).to.equal(3);
    // the DD table is computed in the worker, which the page loads on demand
    await page.waitForFunction(
      () => (document.getElementById('deal') as unknown as { ddTable: unknown }).ddTable !== null,
      {
        timeout: 120_000,
      },
    );
    expect(await inShadow(page, '#deal', '.dd-cell')).to.equal(20);
    // keyboard: focus the game and step
    await page.focus('#game');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.$eval('#game', (el) => (el as unknown as { fen: string }).fen)).to.equal(chessJsFen('e4 e5'));
    expect(pageErrors).to.deep.equal([]);
    await page.close();
  });

  it('solve() resolves to what `gamenotation solve --json` prints (a FEN, a Popeye file with twins)', async () => {
    const { server, url } = await serve(root);
    servers.push(server);
    const page = await open(`${url}examples/elements/index.html`);
    await loaded(page, ['fen-problem']);
    const fen = '8/3Q4/5k2/8/8/3PB1P1/8/K2B4 w - - 0 1';
    const cli = (args: string[]) =>
      JSON.parse(
        execFileSync(process.execPath, [join(root, 'dist', 'cli.js'), 'solve', ...args, '--json'], {
          encoding: 'utf8',
        }),
      );
    const fromPage = await page.$eval('#fen-problem', (el) => (el as unknown as { solve(): Promise<unknown> }).solve());
    expect(fromPage).to.deep.equal(cli([fen, '--stip', '#2']));
    const twins = (await referenceProblems()).find((r) => r.id === 'D2-11')!;
    const file = join(tmp, 'd2-11.inp');
    writeFileSync(file, twins.popeye_input);
    const solved = await page.evaluate(async (text: string) => {
      const el = document.createElement('gn-problem') as HTMLElement & { problem: string; solve(): Promise<unknown> };
      document.body.appendChild(el);
      await new Promise<void>((resolve) => {
        el.addEventListener('gn-load', () => resolve(), { once: true });
        el.problem = text;
      });
      return el.solve();
    }, twins.popeye_input);
    expect(solved).to.deep.equal(cli([file]));
    expect((solved as { parts: unknown[] }[])[0]!.parts).to.have.length(3);
    await page.close();
  });

  /** Copies an example into an app with the package installed (package.json and dist/) and builds it with Vite. */
  async function buildExample(name: string): Promise<string> {
    const app = join(tmp, name, 'elements');
    mkdirSync(app, { recursive: true });
    cpSync(join(root, 'examples', 'elements', name), join(app, name), { recursive: true });
    copyFileSync(join(root, 'examples', 'elements', 'samples.js'), join(app, 'samples.js'));
    const modules = join(tmp, name, 'node_modules');
    const installed = join(modules, 'gamenotation');
    mkdirSync(installed, { recursive: true });
    copyFileSync(join(root, 'package.json'), join(installed, 'package.json'));
    cpSync(join(root, 'dist'), join(installed, 'dist'), { recursive: true });
    for (const dep of [
      'vite',
      'react',
      'react-dom',
      'vue',
      'svelte',
      '@vitejs/plugin-vue',
      '@sveltejs/vite-plugin-svelte',
    ]) {
      mkdirSync(join(modules, dep, '..'), { recursive: true });
      symlinkSync(join(root, 'node_modules', dep), join(modules, dep), 'dir');
    }
    const { build } = await import('vite');
    const out = join(tmp, name, 'out');
    const t0 = performance.now();
    await build({
      root: join(app, name),
      configFile: join(app, name, 'vite.config.mjs'),
      logLevel: 'silent',
      build: { outDir: out, emptyOutDir: true },
    });
    console.log(`${name} example built with Vite in ${Math.round(performance.now() - t0)} ms`);
    return out;
  }

  for (const name of ['react', 'vue', 'svelte']) {
    it(`the ${name} example builds with Vite and passes state in and out of the elements`, async () => {
      const out = await buildExample(name);
      const { server, url } = await serve(out);
      servers.push(server);
      const page = await open(url);
      await page.waitForFunction(() => document.querySelector('gn-game')?.shadowRoot?.querySelector('.board svg'), {
        timeout: 30_000,
      });
      expect(await inShadow(page, 'gn-game', '.board .piece')).to.equal(32);
      // out: a key on the element → the framework's state (gn-ply)
      await page.focus('gn-game');
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.getElementById('ply')!.textContent!.trim() === 'Ply 1 e4', {
        timeout: 5_000,
      });
      // in: the framework's state → the element's property
      await page.click('#to-ply-10');
      await page.waitForFunction(() => (document.querySelector('gn-game') as unknown as { ply: number }).ply === 10, {
        timeout: 5_000,
      });
      expect(await page.$eval('gn-game', (el) => (el as unknown as { fen: string }).fen)).to.equal(
        chessJsFen('e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5'),
      );
      // the deal: a key steps the play; the framework hears gn-played
      await page.waitForFunction(() => document.querySelector('gn-deal')?.shadowRoot?.querySelector('.deal svg'), {
        timeout: 30_000,
      });
      await page.focus('gn-deal');
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.getElementById('played')!.textContent!.trim() === 'Cards played: 1', {
        timeout: 5_000,
      });
      expect(await inShadow(page, 'gn-deal', '.deal .card')).to.equal(51);
      expect(pageErrors).to.deep.equal([]);
      await page.close();
    });
  }
});
