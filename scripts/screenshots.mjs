#!/usr/bin/env node
// Saves PNGs of the playground, of each element of gamenotation/elements (light and dark) and of
// each diagram kind into docs/img/ (npm run screenshots; needs
// `npm run build` and Debian's Chromium, or CHROME_PATH). The diagrams are drawn by dist/diagram.js
// and photographed by the browser, so the pictures show what a page shows.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.mjs';
import { startPlayground } from './playground.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'docs', 'img');
mkdirSync(out, { recursive: true });
const data = (name) => readFileSync(join(root, 'examples', 'data', name));

if (!existsSync(join(root, 'dist', 'diagram.js'))) {
  process.stderr.write('error: dist/ is not built: run `npm run build` first\n');
  process.exit(1);
}
const d = await import(join(root, 'dist', 'diagram.js'));
const { parsePgn } = await import(join(root, 'dist', 'pgn.js'));
const { parsePbn, calcDDTable, par, pbnGameInfo } = await import(join(root, 'dist', 'bridge.js'));
const { parsePbi, parseProblemXml } = await import(join(root, 'dist', 'problems.js'));
const { parseBpgn } = await import(join(root, 'dist', 'bughouse.js'));
const { parseAif } = await import(join(root, 'dist', 'aif.js'));
const sample = (name) => readFileSync(join(root, 'examples', 'playground', 'samples', name), 'utf8');

const unwrap = (r) => {
  if (!r.ok) throw new Error(`${r.error.code} ${r.error.message}`);
  return r.value;
};

const opera = parsePgn(data('sample.pgn').toString('utf8'))[0].value;
const pbnGame = parsePbn(data('sample.pbn')).value.games[0];
const info = pbnGameInfo(pbnGame);
const table = unwrap(calcDDTable(info.deal));
const shapesGame = parsePgn('1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# { [%cal Gc4f7,Rh5f7] [%csl Re8] } 1-0\n')[0].value;

const diagrams = {
  'diagram-chess': unwrap(d.gameDiagram(shapesGame)),
  'diagram-game': unwrap(d.gameDiagram(opera, { ply: 31 })),
  'diagram-crazyhouse': unwrap(
    d.chessDiagram('r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R[QNNpp] b KQkq - 0 1', {
      lastMove: 'N@c3',
    }),
  ),
  'diagram-bughouse': unwrap(
    d.bughouseDiagram({
      a: {
        position: 'r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R[Pb] w KQkq - 0 4',
        clocks: { white: 165, black: 171.3 },
        names: { white: 'alice', black: 'bob' },
      },
      b: {
        position: 'rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR[n] w KQkq - 0 3',
        clocks: { white: 170, black: 9.4 },
        names: { white: 'carol', black: 'dave' },
        lastMove: 'd7d5',
      },
    }),
  ),
  'diagram-bpgn': unwrap(d.bpgnDiagram(parseBpgn(sample('capture.bpgn'))[0].value)),
  'diagram-aif': d.aifEvalGraph(parseAif(sample('fools-mate.aif'))[0].value),
  'diagram-problem': unwrap(d.pbiProblemDiagram(parsePbi(data('sample.pbi')).value.problems[0])),
  'diagram-problem-xml': unwrap(d.problemXmlDiagram(parseProblemXml(data('sample-problem.xml')).value.problems[1])),
  'diagram-deal': unwrap(d.pbnDealDiagram(pbnGame)),
  'diagram-dd-table': d.ddTableDiagram(table, {
    par: par(table, { dealer: info.dealer ?? 'N', vulnerability: info.vulnerable ?? 'None' }),
  }),
  'diagram-eval-graph': d.evalGraphDiagram(
    [0.2, 0.3, 0.1, 0.4, 0.5, 0.3, 0.4, -0.2, -0.1, -1.5, -1.2, 0.4, 2.5, 3.1, 2.8, 4.2, 9, 12],
    {
      marks: [
        { ply: 9, label: '5... Qd7?' },
        { ply: 12, label: '7. Nxe5!' },
      ],
    },
  ),
};

/**
 * Each element of gamenotation/elements in a page of the playground's server (dist/ and the samples),
 * light and dark: docs/img/element-<name>.png and element-<name>-dark.png.
 */
async function elementShots(browser, base) {
  // A blank page of the server's origin (so that /dist/ and the samples load), answered here.
  const page = await browser.newPage();
  const blank = `${base}__element.html`;
  await page.setRequestInterception(true);
  page.on('request', (request) =>
    request.url() === blank
      ? request.respond({
          status: 200,
          contentType: 'text/html; charset=utf-8',
          body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>element</title></head><body></body></html>',
        })
      : request.continue(),
  );
  const shots = [
    ['game', '<gn-game src="/data/sample.pgn" ply="21"></gn-game>', 'gn-load'],
    ['match', '<gn-match src="/samples/capture.bpgn" ply="8"></gn-match>', 'gn-load'],
    ['deal', '<gn-deal src="/data/sample.pbn" dd played="6"></gn-deal>', 'gn-dd'],
    ['problem', '<gn-problem src="/data/sample.pbi" index="2"></gn-problem>', 'gn-solved'],
    ['analysis', '<gn-analysis src="/samples/fools-mate.aif" ply="3"></gn-analysis>', 'gn-load'],
  ];
  for (const dark of [false, true]) {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: dark ? 'dark' : 'light' }]);
    for (const [name, html, ready] of shots) {
      process.stdout.write(`element ${name}${dark ? ' (dark)' : ''}…\n`);
      await page.setViewport({ width: 1000, height: 800, deviceScaleFactor: 1.5 });
      await page.goto(blank, { waitUntil: 'load' });
      await page.evaluate(
        async (markup, event) => {
          document.body.style.cssText = `margin:0;padding:12px;background:${window.matchMedia('(prefers-color-scheme: dark)').matches ? '#121212' : '#fff'}`;
          await import('/dist/elements.js');
          document.body.innerHTML = `<main style="width:960px">${markup}</main>`;
          const el = document.querySelector('main').firstElementChild;
          await new Promise((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`${el.tagName}: no ${event} in 90 s (errors: ${JSON.stringify(el.errors)})`)),
              90_000,
            );
            el.addEventListener(event, () => resolve(clearTimeout(timer)), { once: true });
            if (event === 'gn-solved') el.addEventListener('gn-load', () => el.solve(), { once: true });
          });
          if (el.tagName === 'GN-PROBLEM') el.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'ArrowRight' }));
          // the card scores of the deal come after the table
          if (el.tagName === 'GN-DEAL')
            while (!el.shadowRoot.querySelector('.dd-cards li')) await new Promise((r) => setTimeout(r, 50));
        },
        html,
        ready,
      );
      const el = await page.$('main > *');
      const file = `element-${name}${dark ? '-dark' : ''}.png`;
      await el.screenshot({ path: join(out, file) });
      process.stdout.write(`docs/img/${file}\n`);
    }
  }
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  // A phone: the game at 320 px wide.
  await page.setViewport({ width: 320, height: 700, deviceScaleFactor: 2 });
  await page.evaluate(() => {
    document.body.style.padding = '0';
    document.body.innerHTML = '<main><gn-game src="/data/sample.pgn" ply="21"></gn-game></main>';
  });
  await page.waitForFunction(() => document.querySelector('gn-game').shadowRoot.querySelector('.board svg'));
  await (await page.$('main > *')).screenshot({ path: join(out, 'element-game-320.png') });
  process.stdout.write('docs/img/element-game-320.png\n');
  await page.close();
}

const server = await startPlayground({ port: 0, quiet: true });
const profile = mkdtempSync(join(tmpdir(), 'gn-screens-'));
const browser = await launchChromium({ userDataDir: profile, protocolTimeout: 300_000 });
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 900, height: 700, deviceScaleFactor: 1.5 });
  for (const [name, svg] of Object.entries(diagrams)) {
    writeFileSync(join(out, `${name}.svg`), svg);
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:#fff"><div id="d" style="display:inline-block;padding:8px">${svg}</div></body></html>`,
    );
    const el = await page.$('#d');
    await el.screenshot({ path: join(out, `${name}.png`) });
    process.stdout.write(`docs/img/${name}.png\n`);
  }
  await elementShots(browser, server.url);
  await page.setViewport({ width: 1400, height: 980, deviceScaleFactor: 1 });
  await page.goto(server.url, { waitUntil: 'load' });
  await page.waitForFunction(() => typeof window.setText === 'function');
  const shots = [
    [
      'playground',
      'PGN',
      async () => {
        await page.focus('#element');
        for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowLeft');
      },
    ],
    [
      'playground-bridge',
      'PBN',
      async () => {
        await page.click('#run-dd');
        await page.waitForFunction(() => document.getElementById('job-result').dataset.state === 'done', {
          timeout: 120000,
        });
      },
    ],
    ['playground-bughouse', 'BPGN', async () => {}],
    [
      'playground-problems',
      'PBI',
      async () => {
        await page.click('#items li:nth-child(3)');
        await page.waitForFunction(() => document.querySelector('#items li.selected')?.textContent?.includes('#2'));
        await page.waitForFunction(() => document.getElementById('element')?.index === 2);
        await page.click('#run-solve');
        await page.waitForFunction(
          () => ['done', 'failed'].includes(document.getElementById('job-result').dataset.state),
          { timeout: 120000 },
        );
      },
    ],
  ];
  for (const [name, sample, then] of shots) {
    await page.click(`[data-sample="${sample}"]`);
    await page.waitForFunction(
      (format) =>
        document.getElementById('format').textContent === format &&
        document.getElementById('element')?.shadowRoot?.querySelector('svg'),
      {},
      sample,
    );
    await then();
    await page.screenshot({ path: join(out, `${name}.png`) });
    process.stdout.write(`docs/img/${name}.png\n`);
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}
