#!/usr/bin/env node
// Saves PNGs of the playground and of each diagram kind into docs/img/ (npm run screenshots; needs
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

const server = await startPlayground({ port: 0, quiet: true });
const profile = mkdtempSync(join(tmpdir(), 'gn-screens-'));
const browser = await launchChromium({ userDataDir: profile });
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
  await page.setViewport({ width: 1400, height: 980, deviceScaleFactor: 1 });
  await page.goto(server.url, { waitUntil: 'load' });
  await page.waitForFunction(() => typeof window.setText === 'function');
  const shots = [
    [
      'playground',
      'PGN',
      async () => {
        await page.click('#diagram');
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
      (format) => document.getElementById('format').textContent === format && document.querySelector('#diagram svg'),
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
