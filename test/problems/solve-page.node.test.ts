// examples/solve.html (the page of docs/problems-solver.md, "Solving in a web page") in Debian's
// Chromium: it reads a PBI line and a problem XML document, solves both in the worker, and prints
// the problemist's solution text. The keys and lines printed must be Popeye's (the solve reference,
// or its fallback fixture), written in SAN by chess.js from the reference's UCI moves.
import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Chess } from 'chess.js';
import { type Browser } from 'puppeteer-core';
// @ts-ignore plain ESM helper shared with scripts/screenshots.mjs
import { launchChromium } from '../../scripts/chromium.mjs';
import { referenceProblems, type ReferencePart } from './support.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

/** Serves the repository root; /node_modules/gamenotation/ is the repository itself, as if installed. */
function serve(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(
      /^\/node_modules\/gamenotation\//,
      '/',
    );
    const file = normalize(join(root, path));
    if (!file.startsWith(root) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    }),
  );
}

/** The reference part whose position is `board` (the first field of a FEN). */
function partAt(parts: ReferencePart[], board: string): ReferencePart {
  const part = parts.find((p) => p.fen.split(' ')[0] === board);
  if (!part) throw new Error(`no reference part for ${board}`);
  return part;
}

/** A solution as a problemist writes it, SAN by chess.js: `1.Qe6!` (a key) or `1.Rc5 Rf4 2.Nd5 Bd4#` (a helpmate line). */
function written(part: ReferencePart, uci: string | string[]): string {
  const chess = new Chess(part.fen);
  const moves = (Array.isArray(uci) ? uci : [uci]).map(
    (u) => chess.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] }).san,
  );
  if (!Array.isArray(uci)) return `1.${moves[0]}!`;
  return moves.map((san, i) => (i % 2 === 0 ? `${i / 2 + 1}.${san}` : san)).join(' ');
}

describe('examples/solve.html in Chromium', () => {
  let browser: Browser;
  let server: Server;
  let profile: string;
  let printed = '';
  const pageErrors: string[] = [];

  before(async () => {
    if (!existsSync(join(root, 'dist', 'worker.js'))) throw new Error('dist/ is not built: npm run build first');
    const served = await serve();
    server = served.server;
    profile = mkdtempSync(join(tmpdir(), 'gn-solve-page-'));
    browser = await launchChromium({ userDataDir: profile });
    const page = await browser.newPage();
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    await page.goto(`${served.url}/examples/solve.html`, { waitUntil: 'load' });
    await page.waitForFunction(() => /done in \d+ ms/.test(document.getElementById('out')!.textContent ?? ''), {
      timeout: 45_000,
    });
    printed = await page.$eval('#out', (el) => el.textContent ?? '');
    if (process.env.SHOW_PAGE) console.log(printed);
  });

  after(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('prints no error and raises none', () => {
    expect(pageErrors).to.deep.equal([]);
    expect(printed).not.to.match(/ERR_|Error/);
  });

  it("the PBI line (Klemanić, #2): Popeye's keys and status, in the problemist's text", async () => {
    const ref = (await referenceProblems()).find((p) => p.id === 'D2-13')!;
    const part = partAt(ref.parts, '2Q1b2K/2p3B1/1R6/4N1pp/2rk4/1pNp2P1/2pp2P1/8');
    const block = /PBI: Emil Klemanić #2\n(.*)\n {2}status (.)\n/.exec(printed);
    expect(block, printed).to.not.equal(null);
    const keys = [...block![1]!.matchAll(/(?:^|\s)(1\.[^.\s]+!)/g)].map((m) => m[1]);
    expect(keys.sort()).to.deep.equal(part.solutions.map((s) => written(part, s.uci)).sort());
    expect(block![2]).to.equal(part.status);
  });

  it("the XML document (Linß, h#2): Popeye's lines and status, in the problemist's text", async () => {
    const ref = (await referenceProblems()).find((p) => p.id === 'H2-03')!;
    const part = partAt(ref.parts, '8/b3p3/3n4/4kP2/1Rr4r/4n1K1/5B2/8');
    const block = /XML: Linß h#2\n(.*)\n {2}status (.)\n/.exec(printed);
    expect(block, printed).to.not.equal(null);
    const lines = block![1]!.split(/\s+(?=1\.)/);
    expect(lines.sort()).to.deep.equal(part.solutions.map((s) => written(part, s.uci)).sort());
    expect(block![2]).to.equal(part.status);
  });
});

describe('docs/problems-solver.md', () => {
  it('shows examples/solve.html as it is', () => {
    const doc = readFileSync(join(root, 'docs', 'problems-solver.md'), 'utf8');
    const block = /### Solving in a web page\n[\s\S]*?```html\n([\s\S]*?)```\n/.exec(doc);
    expect(block, 'the html block of "Solving in a web page"').to.not.equal(null);
    expect(block![1]).to.equal(readFileSync(join(root, 'examples', 'solve.html'), 'utf8'));
  });
});
