// <gn-analysis> in Chromium: the evaluation graph (a click goes to its ply), the board at each ply
// against chess.js, the engine lines of the move that led to the position beside the move played
// (the file's own grid), keyboard, the game picker, bad input and axe-core.
import { expect } from 'chai';
import { Chess } from 'chess.js';
import 'gamenotation/elements';
import type { GnAnalysisElement, GnPlyDetail } from 'gamenotation/elements';
import { readFixture, readShared } from '../support/data.js';
import { $, $$, axeViolations, cleanup, mount, nextEvent, press, setInput, settle } from './support.js';

const four = (fen: string) => fen.split(' ').slice(0, 4).join(' ');
function fenAfter(sans: string[]): string {
  const chess = new Chess();
  for (const san of sans) chess.move(san);
  return chess.fen();
}
const FOOLS = ['f3', 'e5', 'g4', 'Qh4#'];

describe('<gn-analysis>', () => {
  afterEach(cleanup);

  it('reads AIF: graph, board and ply/fen along the game as chess.js plays it', async () => {
    const el = mount<GnAnalysisElement>('gn-analysis', {}, await readFixture('diagram/fools-mate.aif'));
    await nextEvent(el, 'gn-load');
    expect(el.errors).to.deep.equal([]);
    expect($$(el, '.graph svg.gn-eval-graph')).to.have.length(1);
    expect($$(el, '.graph .eval-mark')).to.have.length(1);
    expect($(el, '.title')!.textContent).to.equal('Tester – Helper  0-1');
    for (let n = 0; n <= 4; n++) {
      el.ply = n;
      expect(el.ply).to.equal(n);
      expect(four(el.fen)).to.equal(four(fenAfter(FOOLS.slice(0, n))));
    }
    el.ply = 9;
    expect(el.ply).to.equal(4);
    expect($$(el, '.board svg .check')).to.have.length(1);
  });

  it('the engine lines of the move played, beside the engine’s move, from the file’s grid', async () => {
    const el = mount<GnAnalysisElement>('gn-analysis', {}, await readFixture('diagram/fools-mate.aif'));
    await nextEvent(el, 'gn-load');
    el.ply = 3; // after 2. g4
    const rows = $$(el, '.lines tbody tr').map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    // the grid of turn 2-w: Nc3 -065 -070, g4 -300 -999 (mate in 1 for Black at depth 2)
    expect(rows).to.deep.equal([
      ['Nc3 engine', '-0.70'],
      ['g4 played', '#-1'],
    ]);
    expect($(el, '.lines p')!.textContent).to.equal('2. g4: played g4, engine Nc3 (-0.70)');
    expect($(el, '.lines tr.played td')!.textContent).to.include('g4');
    expect($(el, '.lines tr.best td')!.textContent).to.include('Nc3');
    el.ply = 0;
    expect($(el, '.lines')!.textContent).to.include('Start position');
  });

  it('a click on the graph goes to that ply and sends gn-ply; the keyboard steps', async () => {
    const el = mount<GnAnalysisElement>('gn-analysis', {}, await readFixture('diagram/fools-mate.aif'));
    await nextEvent(el, 'gn-load');
    const seen: GnPlyDetail[] = [];
    el.addEventListener('gn-ply', (e) => seen.push((e as CustomEvent<GnPlyDetail>).detail));
    // the marked point (the blunder 2. g4) is at ply 3 of 4
    const svg = $(el, '.graph svg')!.getBoundingClientRect();
    const mark = $(el, '.graph .eval-mark')!;
    expect(mark.dataset.ply).to.equal('3');
    $(el, '.graph')!.dispatchEvent(
      new MouseEvent('click', { bubbles: true, clientX: svg.left + (svg.width * 3) / 4, clientY: svg.top + 5 }),
    );
    expect(seen.at(-1)).to.deep.equal({ ply: 3, fen: fenAfter(FOOLS.slice(0, 3)), san: 'g4' });
    expect($(el, '.graph .cursor')!.hidden).to.equal(false);
    press(el, 'ArrowRight');
    expect(seen.at(-1)!.san).to.equal('Qh4#');
    press(el, 'Home');
    expect(seen.at(-1)!.ply).to.equal(0);
    press(el, 'End');
    expect(seen.at(-1)!.ply).to.equal(4);
    expect($(el, '.live')!.textContent).to.equal('2... Black queen to h4, checkmate');
  });

  it('a file of several games: picker and game property; a real analysis reads clean', async () => {
    const real =
      (await readShared('aif/regan-IRincludes-sample.aif')) ?? (await readFixture('aif/legacy-2012-shape.aif'));
    const el = mount<GnAnalysisElement>('gn-analysis', { game: '1', ply: 'last' });
    await setInput(el, 'aif', `${await readFixture('diagram/fools-mate.aif')}\n${real}`);
    expect(el.errors).to.deep.equal([]);
    expect(el.game).to.equal(1);
    expect(($(el, 'select.picker') as HTMLSelectElement).options).to.have.length(2);
    // ply="last" is the end of the game (the fixture's 2012-shape game has 10 plies, Regan's more)
    const sans = $$(el, '.moves button.move').map((b) => b.textContent!);
    expect(sans.length).to.be.at.least(10);
    expect(el.ply).to.equal(sans.length);
    // the board at the end is the game's end as chess.js replays the move list shown
    expect(four(el.fen)).to.equal(four(fenAfter(sans)));
    // an analysed move shows its grid
    const analysed = $$(el, '.moves button.move').findIndex((_, i) => {
      el.ply = i + 1;
      return el.shadowRoot!.querySelectorAll('.lines tbody tr').length > 0;
    });
    expect(analysed).to.be.at.least(0);
    el.game = 0;
    expect(el.game).to.equal(0);
    expect(el.ply).to.equal(0);
    expect($(el, '.title')!.textContent).to.include('Tester');
  });

  it('bad input: errors with line and column; no game says so', async () => {
    const el = mount<GnAnalysisElement>('gn-analysis');
    const text = (await readFixture('diagram/fools-mate.aif')).replace(
      '[Turn "2-w"]',
      '[Turn "2-w"]\n[EndMove]\n[EndMove]',
    );
    await setInput(el, 'aif', text);
    expect(el.errors.length).to.be.greaterThan(0);
    expect($(el, '.errors li')!.dataset.line).to.match(/^\d+$/);
    await setInput(el, 'aif', '; nothing here\n');
    expect(el.errors.length).to.be.greaterThan(0);
  });

  it('axe-core: no violations, light and dark, and at 320 px', async () => {
    const el = mount<GnAnalysisElement>('gn-analysis', {}, await readFixture('diagram/fools-mate.aif'));
    await nextEvent(el, 'gn-load');
    el.ply = 3;
    expect(await axeViolations()).to.deep.equal([]);
    el.theme = 'dark';
    expect(await axeViolations()).to.deep.equal([]);
    el.style.width = '320px';
    await settle();
    expect(el.scrollWidth).to.be.at.most(320);
    expect(await axeViolations()).to.deep.equal([]);
  });
});
