// The playground in real Chromium (Debian's, through puppeteer-core): paste a sample of each
// format and check the element shown (gamenotation/elements, looked at in its shadow root) and the
// lists against what the files say, the error list of a
// broken file, stepping to the end of a game (final FEN against chess.js), problems solved in the
// worker (a long one cancelled), a pasted game analysed to AIF by stockfish.wasm in the worker (validated),
// and a deep perft that is cancelled while the page keeps answering.
import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Chess } from 'chess.js';
import { type Browser, type Page } from 'puppeteer-core';
// @ts-ignore plain ESM helper shared with scripts/screenshots.mjs
import { launchChromium } from '../../scripts/chromium.mjs';
import { readFixture, readShared } from '../support/data.js';
import { parseAif, validateAif } from 'gamenotation/aif';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sample = (name: string) => readFileSync(join(root, 'examples', 'data', name), 'utf8');

let browser: Browser;
let page: Page;
let server: { url: string; close(): Promise<void> };
let profile: string;
let startPlayground: (options: {
  port: number;
  quiet: boolean;
  isolated?: boolean;
}) => Promise<{ url: string; close(): Promise<void> }>;
const pageErrors: string[] = [];

/** Puts text into the editor the way a paste does (an input event), then waits for the page to read it. */
async function paste(text: string): Promise<void> {
  await page.evaluate((t) => {
    const editor = document.getElementById('editor') as HTMLTextAreaElement;
    editor.focus();
    editor.value = '';
    editor.setRangeText(t, 0, 0, 'end');
    editor.dispatchEvent(new InputEvent('input', { inputType: 'insertFromPaste', bubbles: true }));
  }, text);
  await page.waitForFunction((t) => (window as any).playground.lastText === t, { timeout: 10_000 }, text);
}

const countIn = (selector: string) => page.$$eval(selector, (els) => els.length);
const textOf = (selector: string) => page.$eval(selector, (el) => el.textContent ?? '');
/** The element on show (#element, one of gamenotation/elements): matches inside its shadow root. */
const inElement = (selector: string) =>
  page.$eval('#element', (el, s) => el.shadowRoot!.querySelectorAll(s as string).length, selector);
const textInElement = (selector: string) =>
  page.$eval('#element', (el, s) => el.shadowRoot!.querySelector(s as string)?.textContent ?? '', selector);
const elementValue = (name: string) => page.$eval('#element', (el, n) => (el as any)[n as string], name);

function boardLetters(fen: string): number {
  return [...fen.split(' ')[0]!.replace(/\[.*$/, '').split('/').slice(0, 8).join('')].filter((c) => /[pnbrqk]/i.test(c))
    .length;
}

/** Legall's mate (Legall de Kermeur – Saint Brie, Paris 1750), a short real game for the AIF analysis. */
const LEGALL =
  '[Event "Paris"]\n[Date "1750.??.??"]\n[White "Legall de Kermeur"]\n[Black "Saint Brie"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0\n';

/** The game's moves as chess.js (an independent implementation) replays them. */
function legallHistory(): string[] {
  const chess = new Chess();
  chess.loadPgn(LEGALL);
  return chess.history();
}

describe('playground in Chromium', () => {
  before(async function () {
    if (!existsSync(join(root, 'dist', 'diagram.js'))) throw new Error('dist/ is not built: npm run build first');
    // @ts-ignore plain ESM script
    ({ startPlayground } = await import('../../scripts/playground.mjs'));
    server = await startPlayground({ port: 0, quiet: true });
    profile = mkdtempSync(join(tmpdir(), 'gn-playground-'));
    browser = await launchChromium({ userDataDir: profile });
    page = await browser.newPage();
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    await page.setViewport({ width: 1400, height: 1000 });
    await page.goto(server.url, { waitUntil: 'load' });
    await page.waitForFunction(() => typeof (window as any).setText === 'function', { timeout: 20_000 });
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('is cross-origin isolated and loads without errors', async () => {
    expect(await page.evaluate(() => crossOriginIsolated)).to.equal(true);
    expect(pageErrors).to.deep.equal([]);
  });

  it('PGN: detects the format, lists the games, steps to the end and reaches the FEN chess.js reaches', async () => {
    const text = sample('sample.pgn');
    await paste(text);
    expect(await textOf('#format')).to.equal('PGN');
    expect(await countIn('#items li')).to.equal((text.match(/^\[Event /gm) ?? []).length);
    // Replay of the same main line by chess.js (an independent implementation).
    const chess = new Chess();
    chess.loadPgn(text);
    const final = chess.fen();
    expect(await page.$eval('#element', (el) => el.tagName)).to.equal('GN-GAME');
    await page.focus('#element');
    await page.keyboard.press('Home');
    expect(await inElement('.board svg .piece')).to.equal(32);
    expect(await textOf('#fen')).to.equal('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    const plies = chess.history().length;
    for (let i = 0; i < plies; i++) await page.keyboard.press('ArrowRight');
    expect(await textOf('#fen')).to.equal(final);
    expect(await inElement('.board svg .piece')).to.equal(boardLetters(final));
    expect(await elementValue('ply')).to.equal(plies);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('End');
    expect(await textOf('#fen')).to.equal(final);
    // the main line's moves (the file's one variation, 3... exd4, is listed inside it)
    expect(await inElement('.moves button.move:not(.variation *)')).to.equal(plies);
    expect(await page.$eval('#tags', (t) => t.textContent)).to.include('Morphy, Paul');
    // Every writer of the format is offered and writes something.
    const targets = await page.$$eval('#convert-to option', (o) => o.map((x) => x.textContent));
    expect(targets).to.include.members(['PGN (export)', 'JSON']);
    expect(await page.$eval('#convert-out', (t) => (t as HTMLTextAreaElement).value)).to.include(
      '[White "Morphy, Paul"]',
    );
    expect(targets).to.include.members(['FEN (shown position)', 'SVG diagram']);
    await page.select('#convert-to', 'FEN (shown position)');
    expect(await page.$eval('#convert-out', (t) => (t as HTMLTextAreaElement).value)).to.equal(`${final}\n`);
    await page.select('#convert-to', 'SVG diagram');
    const svg = await page.$eval('#convert-out', (t) => (t as HTMLTextAreaElement).value);
    expect((svg.match(/class="piece"/g) ?? []).length).to.equal(boardLetters(final));
    await page.select('#convert-to', 'PGN (export)');
  });

  it('FEN (chess and crazyhouse): as many pieces drawn as the FEN has, pockets with counts', async () => {
    const fens = [
      'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4',
      'r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R[QNNpp] b KQkq - 0 1',
    ];
    const epd = (await readShared('chess/perft-standard.epd'))
      ?.split('\n')
      .filter((l) => l.trim())
      .slice(0, 6)
      .map((l) => l.split(';')[0]!.trim());
    for (const fen of [...fens, ...(epd ?? [])]) {
      await paste(`${fen}\n`);
      expect(await textOf('#format')).to.equal('FEN');
      expect(await inElement('.board svg .piece'), fen).to.equal(boardLetters(fen));
    }
    await paste(`${fens[1]}\n`);
    const pockets = await page.$eval('#element', (el) =>
      [...el.shadowRoot!.querySelectorAll('.board .pocket-piece')].map(
        (e) => `${e.getAttribute('data-piece')}${e.getAttribute('data-count')}`,
      ),
    );
    expect(pockets.sort()).to.deep.equal(['bP2', 'wN2', 'wQ1']);
  });

  it('PBN: one item per board, 52 cards in the deal diagram, DD with par in the worker', async () => {
    const text = sample('sample.pbn');
    await paste(text);
    expect(await textOf('#format')).to.equal('PBN');
    expect(await countIn('#items li')).to.equal((text.match(/^\[Board /gm) ?? []).length);
    expect(await inElement('.deal svg .card')).to.equal(52);
    const deal = /\[Deal "([^"]+)"\]/.exec(text)![1]!;
    for (const [i, seatHand] of deal.slice(2).split(' ').entries()) {
      const seat = ['N', 'E', 'S', 'W'][(['N', 'E', 'S', 'W'].indexOf(deal[0]!) + i) % 4];
      const drawn = await inElement(`.deal .hand[data-seat="${seat}"] .card`);
      expect(drawn, seat).to.equal(seatHand.replace(/\./g, '').length);
    }
    await page.click('#run-dd');
    await page.waitForFunction(() => document.getElementById('job-result')!.dataset.state === 'done', {
      timeout: 120_000,
    });
    expect(await inElement('svg.gn-dd-table .dd-cell')).to.equal(20);
    expect(await textOf('#job-result')).to.match(/double dummy: Par -?\d+/);
  });

  it('BPGN: both boards, the four-column table, stepping; BFEN; AIF: the board with its evaluation graph', async () => {
    const fixture = (name: string) => readFileSync(join(root, 'test', 'fixtures', 'diagram', name), 'utf8');
    await paste(fixture('capture.bpgn'));
    expect(await textOf('#format')).to.equal('BPGN');
    expect(await countIn('#items li')).to.equal(1);
    expect(await inElement('.moves table.bughouse')).to.equal(1);
    // Hand-worked (see diagram.test.ts): 30 pieces on A, 33 on B and White's pawn in B's pocket at the end.
    expect(await inElement('[data-board="a"] .piece')).to.equal(30);
    expect(await inElement('[data-board="b"] .piece')).to.equal(33);
    await page.focus('#element');
    await page.keyboard.press('Home');
    expect(await inElement('.board .piece')).to.equal(64);
    expect(await elementValue('ply')).to.equal(0);
    await page.keyboard.press('End');
    expect(await elementValue('ply')).to.equal(9);
    const targets = await page.$$eval('#convert-to option', (o) => o.map((x) => x.textContent));
    expect(targets).to.include.members(['BPGN (export)', 'Four-column text', 'JSON', 'SVG diagram']);

    await paste(
      'rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 174 175 | rnbqkb1r/pppppppp/5n2/8/2PPp3/8/PP2PPPP/RNBQKBNR/P w KQkq - 176.8 172.1\n',
    );
    expect(await textOf('#format')).to.equal('BFEN');
    expect(await inElement('[data-board="a"] .piece')).to.equal(30);
    expect(await inElement('[data-board="b"] .piece')).to.equal(33);
    expect(await inElement('.board .clock')).to.equal(4);

    const aif = fixture('fools-mate.aif');
    await paste(aif);
    expect(await textOf('#format')).to.equal('AIF');
    expect(await countIn('#items li')).to.equal(1);
    expect(await inElement('.graph svg.gn-eval-graph')).to.equal(1);
    expect(await inElement('.graph svg.gn-eval-graph .eval-mark')).to.equal(1);
    const chess = new Chess();
    for (const san of ['f3', 'e5', 'g4', 'Qh4#']) chess.move(san);
    expect(await textOf('#fen')).to.equal(chess.fen());
    expect(await inElement('.board svg.gn-chess .check')).to.equal(1);
  });

  it('PBI and problem XML: one item per problem, diagram with the position and (w+b) count', async () => {
    const pbi = sample('sample.pbi');
    await paste(pbi);
    expect(await textOf('#format')).to.equal('PBI');
    const lines = pbi
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((l) => l.trim() && !l.startsWith('#'));
    expect(await countIn('#items li')).to.equal(lines.length);
    const position = lines[0]!.split(':')[1]!;
    const white = [...position].filter((c) => /[KQRBSP]/.test(c)).length;
    const black = [...position].filter((c) => /[kqrbsp]/.test(c)).length;
    await page.waitForFunction(() => document.getElementById('element')?.shadowRoot?.querySelector('.board svg'));
    expect(await inElement('.board svg .piece')).to.equal(white + black);
    expect(await textInElement('.board .piece-count')).to.equal(`(${white}+${black})`);
    const xml = sample('sample-problem.xml');
    await paste(xml);
    expect(await textOf('#format')).to.equal('Problem XML');
    expect(await countIn('#items li')).to.equal((xml.match(/<problem>/g) ?? []).length);
    // The first problem's first twin: one <addition> per piece placed.
    const firstTwin = xml.slice(xml.indexOf('<twin'), xml.indexOf('</twin>'));
    const additions = [...firstTwin.matchAll(/<addition piece="(white|black)/g)].map((m) => m[1]);
    await page.waitForFunction(() => document.getElementById('element')?.shadowRoot?.querySelector('.board svg'));
    expect(await inElement('.board svg .piece')).to.equal(additions.length);
    expect(await textInElement('.board .piece-count')).to.equal(
      `(${additions.filter((c) => c === 'white').length}+${additions.filter((c) => c === 'black').length})`,
    );
    const targets = await page.$$eval('#convert-to option', (o) => o.map((x) => x.textContent));
    expect(targets).to.include.members(['PBI', 'Popeye', 'Problem XML', 'JSON']);
  });

  it('solves a PBI problem in a worker: the key is the one the file gives', async () => {
    const pbi = sample('sample.pbi');
    await paste(pbi);
    const records = pbi
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((l) => l.trim() && !l.startsWith('#'));
    const index = records.findIndex((l) => l.split(':')[2] === '#2');
    const key = records[index]!.split(':')[6]!; // the keymove field, e.g. Kb3-a4
    await page.click(`#items li:nth-child(${index + 1})`);
    await page.waitForFunction((i) => (document.getElementById('element') as any)?.index === i, {}, index);
    await page.click('#run-solve');
    await page.waitForFunction(
      () => ['done', 'failed'].includes(document.getElementById('job-result')!.dataset.state ?? ''),
      { timeout: 120_000 },
    );
    const result = await textOf('#job-result');
    expect(result).to.match(/^solve: #2 status !/);
    // The file writes the key in long form (Kb3-a4); the solver's text in short form (1.Ka4!).
    const [, piece, to] = /^([KQRBSN]?)[a-h][1-8][-*x]([a-h][1-8])/.exec(key)!;
    expect(result).to.match(new RegExp(`1\\.${piece}x?${to}!`));
  });

  it("a long solve (the worker's solveProblem job) shows progress per key tried, Cancel stops it, and the next solve is right", async () => {
    // Martin Väth's #4 of the sample asked as #6: about 2.5 s per key tried, 45 keys.
    await paste('#PBI 1.2\nMartin Väth:8/6K1/5p1B/2Rsqrbk/4Q1Rp/3S1b1P/4S3/8:#6::::::\n');
    await page.click('#items li:nth-child(1)');
    await page.waitForFunction(() => (document.getElementById('element') as any)?.index === 0);
    await page.click('#run-solve');
    await page.waitForFunction(() => document.getElementById('job-result')!.dataset.state === 'running');
    // <gn-problem> shows the solver's progress on its own bar
    await page.waitForFunction(
      () =>
        (document.getElementById('element')!.shadowRoot!.querySelector('.progress') as HTMLProgressElement).value > 0,
      { timeout: 30_000 },
    );
    expect(await page.$eval('#job-result', (e) => (e as HTMLElement).dataset.state)).to.equal('running');
    await page.click('#cancel');
    await page.waitForFunction(() => document.getElementById('job-result')!.dataset.state === 'cancelled', {
      timeout: 5_000,
    });
    expect(await textOf('#job-result')).to.equal('solve: cancelled');
    // A fresh worker thread solves the sample's #2 afterwards, with the file's key.
    const pbi = sample('sample.pbi');
    await paste(pbi);
    const records = pbi
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((l) => l.trim() && !l.startsWith('#'));
    const index = records.findIndex((l) => l.split(':')[2] === '#2');
    const [, piece, to] = /^([KQRBSN]?)[a-h][1-8][-*x]([a-h][1-8])/.exec(records[index]!.split(':')[6]!)!;
    await page.click(`#items li:nth-child(${index + 1})`);
    await page.waitForFunction((i) => (document.getElementById('element') as any)?.index === i, {}, index);
    await page.click('#run-solve');
    await page.waitForFunction(
      () => ['done', 'failed'].includes(document.getElementById('job-result')!.dataset.state ?? ''),
      { timeout: 60_000 },
    );
    expect(await textOf('#job-result')).to.match(new RegExp(`^solve: #2 status ![\\s\\S]*1\\.${piece}x?${to}!`));
  });

  it('engine analysis (stockfish lite-single in its own worker) finds the mate chess.js confirms', async () => {
    const fen = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4';
    await paste(`${fen}\n`);
    await page.$eval('#engine-depth', (e) => ((e as HTMLInputElement).value = '8'));
    await page.click('#run-engine');
    await page.waitForFunction(
      () => ['done', 'failed'].includes(document.getElementById('job-result')!.dataset.state ?? ''),
      { timeout: 120_000 },
    );
    const result = await textOf('#job-result');
    const best = /best ([a-h][1-8][a-h][1-8][qrbn]?)/.exec(result)?.[1];
    expect(best, result).to.be.a('string');
    const chess = new Chess(fen);
    chess.move({ from: best!.slice(0, 2), to: best!.slice(2, 4), promotion: best![4] });
    expect(chess.isCheckmate(), result).to.equal(true);
  });

  it('Analyse to AIF: a pasted game analysed by stockfish.wasm in the worker, Cancel stops it, the AIF validates and downloads', async () => {
    const legall = LEGALL;
    await paste(legall);
    expect(await textOf('#format')).to.equal('PGN');
    expect(await page.$eval('#run-aif', (b) => (b.closest('.tool') as HTMLElement).hidden)).to.equal(false);
    // A deep run is cancelled while it is under way.
    await page.$eval('#aif-depth', (e) => ((e as HTMLInputElement).value = '30'));
    await page.click('#run-aif');
    await page.waitForFunction(() => document.getElementById('job-result')!.dataset.state === 'running');
    await page.click('#cancel');
    await page.waitForFunction(() => document.getElementById('job-result')!.dataset.state === 'cancelled', {
      timeout: 10_000,
    });
    // Then a small depth to the end, with progress on the bar.
    await page.$eval('#aif-depth', (e) => ((e as HTMLInputElement).value = '5'));
    await page.evaluate(() => {
      const w = window as any;
      w.progressSeen = [];
      const bar = document.getElementById('progress') as HTMLProgressElement;
      new MutationObserver(() => w.progressSeen.push(bar.value)).observe(bar, { attributes: true });
      const box = document.getElementById('job-result')!;
      new MutationObserver(() => w.progressSeen.push(box.textContent)).observe(box, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await page.click('#run-aif');
    await page.waitForFunction(
      () => ['done', 'failed'].includes(document.getElementById('job-result')!.dataset.state ?? ''),
      { timeout: 180_000 },
    );
    const result = await textOf('#job-result');
    expect(await page.$eval('#job-result', (e) => (e as HTMLElement).dataset.state), result).to.equal('done');
    const text = await page.evaluate(() => (window as any).playground.aif as string);
    expect(await page.$eval('#aif-out', (t) => (t as HTMLTextAreaElement).value)).to.equal(text);
    const games = parseAif(text);
    expect(games).to.have.length(1);
    const game = games[0]!.value;
    expect(validateAif(game).errors).to.deep.equal([]);
    // One block per turn of the game, in order, with the moves chess.js replays.
    const history = legallHistory();
    expect(game.blocks.map((b) => b.tags.MovePlayed)).to.deep.equal(history);
    expect(game.blocks.map((b) => b.tags.Turn)).to.deep.equal(
      history.map((_, i) => `${Math.floor(i / 2) + 1}-${i % 2 ? 'b' : 'w'}`),
    );
    expect(game.headers.DepthRange).to.match(/5$/);
    // The page is cross-origin isolated, so the threaded stockfish.wasm ran (not the lite-single
    // fallback): the version word of its id is in that build's binary and not in the other's.
    const version = game.headers.EngineID!.split(' ')[1]!;
    const binary = (pkg: string, file: string) =>
      readFileSync(join(root, 'node_modules', pkg, file)).toString('latin1');
    expect(binary('stockfish.wasm', 'stockfish.wasm'), game.headers.EngineID).to.include(version);
    expect(binary('stockfish', 'bin/stockfish-19-lite-single.wasm')).not.to.include(version);
    expect(result).to.include('1 game, 13 turns analysed');
    const seen = await page.evaluate(() => (window as any).progressSeen as unknown[]);
    expect(
      seen.filter((v) => typeof v === 'string' && /\d+ \/ 13 plies/.test(v)).length,
      'progress reports',
    ).to.be.greaterThan(1);
    // The evaluation graph is drawn, and the download is the same text.
    expect(await countIn('#aif-graph svg')).to.equal(1);
    const download = await page.evaluate(
      () =>
        new Promise<{ name: string; text: string }>((resolve) => {
          const click = HTMLAnchorElement.prototype.click;
          HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
            HTMLAnchorElement.prototype.click = click;
            fetch(this.href)
              .then((r) => r.text())
              .then((t) => resolve({ name: this.download, text: t }));
          };
          document.getElementById('aif-download')!.click();
        }),
    );
    expect(download).to.deep.equal({ name: 'analysis.aif', text });
    expect(pageErrors).to.deep.equal([]);
  });

  it('Analyse to AIF without cross-origin isolation: the job falls back to the lite-single build, and the AIF validates', async () => {
    const plain = await startPlayground({ port: 0, quiet: true, isolated: false });
    const other = await browser.newPage();
    const errors: string[] = [];
    other.on('pageerror', (e) => errors.push(String(e)));
    try {
      await other.goto(plain.url, { waitUntil: 'load' });
      await other.waitForFunction(() => typeof (window as any).setText === 'function', { timeout: 20_000 });
      expect(await other.evaluate(() => crossOriginIsolated)).to.equal(false);
      await other.evaluate((t) => (window as any).setText(t), LEGALL);
      await other.waitForFunction((t) => (window as any).playground.lastText === t, { timeout: 10_000 }, LEGALL);
      await other.$eval('#aif-depth', (e) => ((e as HTMLInputElement).value = '4'));
      await other.click('#run-aif');
      await other.waitForFunction(
        () => ['done', 'failed'].includes(document.getElementById('job-result')!.dataset.state ?? ''),
        { timeout: 180_000 },
      );
      const result = await other.$eval('#job-result', (e) => e.textContent ?? '');
      expect(await other.$eval('#job-result', (e) => (e as HTMLElement).dataset.state), result).to.equal('done');
      const [{ value: game }] = parseAif(await other.evaluate(() => (window as any).playground.aif as string));
      expect(validateAif(game).errors).to.deep.equal([]);
      expect(game.blocks.map((b) => b.tags.MovePlayed)).to.deep.equal(legallHistory());
      // The engine's own id (its `id name`) says which build answered.
      expect(game.headers.EngineID).to.match(/\bLite\b/);
      expect(errors).to.deep.equal([]);
    } finally {
      await other.close();
      await plain.close();
    }
  });

  it('reads a large file off the page thread: no long task as long as reading 3000 games', async () => {
    const one = sample('sample.pgn').trim() + '\n\n';
    const big = one.repeat(3000);
    // Long tasks (the Long Tasks API) are what blocks typing; timer gaps would also count the
    // machine being busy with other processes.
    await page.evaluate(() => {
      (window as any).longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) (window as any).longTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
    });
    await page.evaluate((t) => {
      const editor = document.getElementById('editor') as HTMLTextAreaElement;
      editor.value = t;
      editor.dispatchEvent(new InputEvent('input', { inputType: 'insertFromPaste', bubbles: true }));
    }, big);
    await page.waitForFunction(
      (length) => (window as any).playground.lastText?.length === length,
      { timeout: 60_000 },
      big.length,
    );
    expect(await countIn('#items li')).to.equal(3000);
    expect(await page.$eval('#convert-out', (t) => (t as HTMLTextAreaElement).value)).to.include(
      'more characters: Download gives all of it',
    );
    const longest = await page.evaluate(() => Math.max(0, ...(window as any).longTasks));
    const readMs = await page.evaluate(() => (window as any).playground.parsed.readMs as number);
    // The read ran in the reader worker (its reply is what carries readMs). Drawing the list of 3000
    // games is page work of its own, so the only bound on the page's longest task is a loose one:
    // a read on the page thread of a file this size would stall it far longer.
    expect(readMs).to.be.greaterThan(0);
    expect(longest).to.be.lessThan(2000);
  });

  it('lists the errors of a broken file; clicking one puts the cursor on that line and column', async () => {
    const broken =
      '[Event "broken"]\n[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Kxe8 Qd4 *\n';
    await paste(broken);
    expect(await countIn('#problems li.error')).to.be.greaterThan(0);
    const first = await page.$eval('#problems li', (li) => ({
      line: Number(li.getAttribute('data-line')),
      column: Number(li.getAttribute('data-column')),
      text: li.textContent,
    }));
    expect(first.line).to.equal(5);
    expect(broken.split('\n')[4]!.slice(first.column - 1)).to.match(/^Kxe8/);
    await page.click('#problems li');
    const caret = await page.$eval('#editor', (e) => (e as HTMLTextAreaElement).selectionStart);
    expect(broken.slice(caret)).to.match(/^Kxe8/);
  });

  it('a deep perft runs in the worker while the page answers within 100 ms, and Cancel stops it', async () => {
    await paste('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n');
    await page.$eval('#perft-depth', (e) => ((e as HTMLInputElement).value = '8'));
    await page.click('#run-perft');
    await page.waitForFunction(() => document.getElementById('job-result')!.dataset.state === 'running');
    // During a second of the run the page answers: a message posted to itself comes back within
    // 100 ms (median of 20 pings: one slow ping can be the shared machine, not the page), and no
    // task on the page's thread takes 100 ms or more (the Long Tasks API).
    const answer = await page.evaluate(
      () =>
        new Promise<{ median: number; longest: number }>((resolve) => {
          const longTasks: number[] = [];
          const observer = new PerformanceObserver((list) =>
            list.getEntries().forEach((e) => longTasks.push(e.duration)),
          );
          observer.observe({ type: 'longtask' });
          const times: number[] = [];
          const channel = new MessageChannel();
          let sent = 0;
          channel.port1.onmessage = () => {
            times.push(performance.now() - sent);
            if (times.length === 20) {
              observer.disconnect();
              times.sort((a, b) => a - b);
              resolve({ median: times[10]!, longest: Math.max(0, ...longTasks) });
            } else setTimeout(ping, 50);
          };
          const ping = () => {
            sent = performance.now();
            channel.port2.postMessage(0);
          };
          ping();
        }),
    );
    expect(answer.median).to.be.lessThan(100);
    expect(answer.longest).to.be.lessThan(100);
    // Typing still lands in the editor during the run.
    await page.focus('#editor');
    await page.keyboard.type(' ');
    expect(await page.$eval('#editor', (e) => (e as HTMLTextAreaElement).value.endsWith(' '))).to.equal(true);
    expect(await page.$eval('#job-result', (e) => (e as HTMLElement).dataset.state)).to.equal('running');
    await page.click('#cancel');
    await page.waitForFunction(() => document.getElementById('job-result')!.dataset.state === 'cancelled', {
      timeout: 5_000,
    });
    // The typed space makes the page read the text again (300 ms later), which clears the job
    // result: let that happen before the next job, or it would clear that job's result instead.
    await page.waitForFunction(
      () => (window as any).playground.lastText === (document.getElementById('editor') as HTMLTextAreaElement).value,
      { timeout: 10_000 },
    );
    // The worker still works afterwards, and counts right (against the shared Stockfish-verified suite).
    const epd = await readShared('chess/perft-standard.epd');
    const suite = epd ?? (await readFixture('chess/perft-counts.txt'));
    const startLine = suite
      .split('\n')
      .find((l) => l.startsWith('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq'))!;
    const expected = Number(/;D3 (\d+)/.exec(startLine)![1]);
    await page.$eval('#perft-depth', (e) => ((e as HTMLInputElement).value = '3'));
    await page.click('#run-perft');
    await page.waitForFunction(() => document.getElementById('job-result')!.dataset.state === 'done', {
      timeout: 60_000,
    });
    expect(await textOf('#job-result')).to.include(`${expected.toLocaleString('en')} nodes`);
    expect(pageErrors).to.deep.equal([]);
  });
});
