// <gn-problem> in Chromium: solve() in the page's worker against Popeye's solutions (the solve
// reference, or its fixture), with twins; the fen + stipulation attributes; PBI and problem XML
// files with their pickers and twins; the solution tree stepped with the keyboard and clicks (the
// positions against chess.js); Cancel; bad input; axe-core.
import { expect } from 'chai';
import { Chess } from 'chess.js';
import 'gamenotation/elements';
import type { GnPlyDetail, GnProblemElement, GnSolvedDetail, SolvedProblemJson } from 'gamenotation/elements';
import { readFixture } from '../support/data.js';
import { referenceProblems, type ReferenceProblem } from '../problems/support.js';
import { $, $$, axeViolations, cleanup, mount, nextEvent, pieces, press, setInput, settle } from './support.js';

/** What `solve --json` gives for a reference problem, but SAN (the reference has Popeye's notation). */
function expectSameAsPopeye(result: SolvedProblemJson[], ref: ReferenceProblem): void {
  expect(result).to.have.length(1);
  const [problem] = result;
  expect(Object.keys(problem!).sort()).to.deep.equal(['parts', 'stipulation']);
  expect(problem!.stipulation).to.equal(ref.stipulation);
  expect(problem!.parts.map((p) => Object.keys(p).sort().join())).to.deep.equal(
    ref.parts.map(() => 'solutions,status,stipulation,twin'),
  );
  expect(problem!.parts.map((p) => p.twin)).to.deep.equal(ref.parts.map((p) => p.twin));
  expect(problem!.parts.map((p) => p.stipulation)).to.deep.equal(ref.parts.map((p) => p.stipulation));
  expect(
    problem!.parts.map((p) => p.status),
    ref.id,
  ).to.deep.equal(ref.parts.map((p) => p.status));
  const ucis = (list: { uci: string | string[] }[]) => list.map((s) => [s.uci].flat().join(' ')).sort();
  expect(
    problem!.parts.map((p) => ucis(p.solutions)),
    ref.id,
  ).to.deep.equal(ref.parts.map((p) => ucis(p.solutions)));
  for (const part of problem!.parts)
    for (const s of part.solutions) expect(Array.isArray(s.san)).to.equal(Array.isArray(s.uci));
}

/** The FEN chess.js reaches from `fen` after UCI moves. */
function after(fen: string, ucis: string[]): string {
  const chess = new Chess(fen);
  for (const u of ucis) chess.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] });
  return chess.fen();
}
const four = (fen: string) => fen.split(' ').slice(0, 4).join(' ');

const WANTED = ['D2-01', 'D2-11', 'H2-03', 'S2-01', 'H3-07'];

describe('<gn-problem>', () => {
  let refs: ReferenceProblem[];
  before(async () => {
    refs = (await referenceProblems()).filter((r) => WANTED.includes(r.id));
  });
  afterEach(cleanup);

  it('solve() gives Popeye’s solutions and statuses, twin by twin, in the shape of solve --json', async () => {
    expect(refs.map((r) => r.id).sort()).to.deep.equal([...WANTED].sort());
    for (const ref of refs) {
      const el = mount<GnProblemElement>('gn-problem');
      await setInput(el, 'problem', ref.popeye_input);
      expect(el.errors, ref.id).to.deep.equal([]);
      const solved = nextEvent<GnSolvedDetail>(el, 'gn-solved', 120_000);
      const result = await el.solve();
      expectSameAsPopeye(result, ref);
      expect((await solved).detail.result).to.deep.equal(result);
      expect($$(el, '.solution section.part')).to.have.length(ref.parts.length);
      el.remove();
    }
  });

  it('fen and stipulation attributes: the diagram, then the solution tree to step through', async () => {
    const ref = refs.find((r) => r.id === 'D2-01')!;
    const el = mount<GnProblemElement>('gn-problem', { fen: ref.fen, stipulation: ref.stipulation });
    await nextEvent(el, 'gn-load');
    expect(pieces(el, '.board').length).to.equal(ref.fen.split(' ')[0]!.replace(/[^a-z]/gi, '').length);
    expect($(el, '.title')!.textContent).to.include('#2');
    // the Solve button
    const solved = nextEvent<GnSolvedDetail>(el, 'gn-solved', 120_000);
    ($(el, 'button.solve') as HTMLButtonElement).click();
    const { detail } = await solved;
    expectSameAsPopeye(detail.result, ref);
    expect($(el, '.solve-status')!.textContent).to.equal('#2: 2 solutions, cooked (more solutions than intended)');
    // the keys are the moves of the first level; each shows the position after it
    const seen: GnPlyDetail[] = [];
    el.addEventListener('gn-ply', (e) => seen.push((e as CustomEvent<GnPlyDetail>).detail));
    press(el, 'ArrowRight');
    const key = detail.result[0]!.parts[0]!.solutions[0]!;
    expect(seen.at(-1)!.san).to.equal(key.san);
    expect(four(seen.at(-1)!.fen)).to.equal(four(after(ref.fen, [key.uci as string])));
    press(el, 'ArrowDown'); // the other key
    const other = detail.result[0]!.parts[0]!.solutions[1]!;
    expect(four(seen.at(-1)!.fen)).to.equal(four(after(ref.fen, [other.uci as string])));
    press(el, 'ArrowRight'); // a defence, then the mate
    press(el, 'ArrowRight');
    expect(seen.at(-1)!.san).to.match(/#$/);
    expect(new Chess(seen.at(-1)!.fen).isCheckmate()).to.equal(true);
    // a click on a move of the tree
    const button = $$(el, '.solution button.move')[0]!;
    button.click();
    expect(seen.at(-1)!.san).to.equal(button.textContent);
    expect(button.getAttribute('aria-current')).to.equal('true');
  });

  it('helpmate lines are stepped move by move to the mate', async () => {
    const ref = refs.find((r) => r.id === 'H2-03')!;
    const el = mount<GnProblemElement>('gn-problem');
    await setInput(el, 'problem', ref.popeye_input);
    const [result] = await el.solve();
    const line = result!.parts[0]!.solutions[0]!.uci as string[];
    expect(line).to.have.length(4);
    const seen: GnPlyDetail[] = [];
    el.addEventListener('gn-ply', (e) => seen.push((e as CustomEvent<GnPlyDetail>).detail));
    for (let i = 0; i < 4; i++) press(el, 'ArrowRight');
    expect(four(seen.at(-1)!.fen)).to.equal(four(after(ref.parts[0]!.fen, line)));
    expect(new Chess(seen.at(-1)!.fen).isCheckmate()).to.equal(true);
  });

  it('Cancel stops a long solve (solve() rejects with an AbortError); the next solve is right', async () => {
    const el = mount<GnProblemElement>('gn-problem');
    // Martin Väth's #4 of the PBI sample asked as #6: seconds per key tried.
    await setInput(el, 'problem', '#PBI 1.2\nMartin Väth:8/6K1/5p1B/2Rsqrbk/4Q1Rp/3S1b1P/4S3/8:#6::::::\n');
    const job = el.solve();
    await new Promise((r) => setTimeout(r, 300));
    expect(($(el, 'button.cancel') as HTMLButtonElement).disabled).to.equal(false);
    ($(el, 'button.cancel') as HTMLButtonElement).click();
    let error: unknown;
    try {
      await job;
    } catch (e) {
      error = e;
    }
    expect((error as Error)?.name).to.equal('AbortError');
    expect($(el, '.solve-status')!.textContent).to.equal('Solve cancelled');
    expect(($(el, 'button.solve') as HTMLButtonElement).disabled).to.equal(false);
    const ref = refs.find((r) => r.id === 'S2-01')!;
    await setInput(el, 'problem', ref.popeye_input);
    expectSameAsPopeye(await el.solve(), ref);
  });

  it('PBI: one problem per record with a picker (index); the key is the one the file gives', async () => {
    const text = await readFixture('elements/sample.pbi');
    const records = text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((l) => l.trim() && !l.startsWith('#'));
    const el = mount<GnProblemElement>('gn-problem');
    await setInput(el, 'problem', text);
    expect(($(el, 'select.picker') as HTMLSelectElement).options).to.have.length(records.length);
    const index = records.findIndex((l) => l.split(':')[2] === '#2');
    el.index = index;
    expect(el.index).to.equal(index);
    expect($(el, '.title')!.textContent).to.equal(`${records[index]!.split(':')[0]} · #2`);
    const [result] = await el.solve();
    // The file writes the key in long form (Kb3-a4), the solver in SAN (Ka4).
    const [, piece, to] = /^([KQRBSN]?)[a-h][1-8][-*x]([a-h][1-8])/.exec(records[index]!.split(':')[6]!)!;
    expect(result!.parts[0]!.solutions.map((s) => s.san)).to.deep.equal([`${piece!.replace('S', 'N')}${to}`]);
    expect(result!.parts[0]!.status).to.equal('!');
    el.index = 99;
    expect(el.index).to.equal(records.length - 1);
    el.setAttribute('index', String(index));
    expect(el.index).to.equal(index);
    expect(($(el, 'select.picker') as HTMLSelectElement).value).to.equal(String(index));
  });

  it('problem XML: authors and source, the twins as buttons that switch the diagram', async () => {
    const xml = await readFixture('elements/sample-problem.xml');
    const el = mount<GnProblemElement>('gn-problem', { index: '1' });
    await setInput(el, 'problem', xml);
    expect(el.index).to.equal(1);
    const twins = $$(el, '.twins button');
    expect(twins.map((b) => b.dataset.twin)).to.deep.equal(['t1', 't2']);
    const before = pieces(el, '.board').sort().join();
    twins[1]!.click();
    expect(twins[1]!.getAttribute('aria-pressed')).to.equal('true');
    expect(pieces(el, '.board').sort().join()).to.not.equal(before);
    twins[0]!.click();
    expect(pieces(el, '.board').sort().join()).to.equal(before);
  });

  it('bad input: errors with line and column; nothing to solve says so', async () => {
    const el = mount<GnProblemElement>('gn-problem');
    await setInput(el, 'problem', 'BeginProblem\nPieces White Kz9 Black Ka1\nStipulation #2\nEndProblem\n');
    expect(el.errors.length).to.be.greaterThan(0);
    expect($(el, '.errors li')!.dataset.line).to.equal('2');
    expect($(el, '.errors li')!.dataset.column).to.match(/^\d+$/);
    await setInput(el, 'problem', '#PBI 1.2\n');
    expect(el.errors.map((e) => e.code)).to.deep.equal(['ERR_PBI_NO_DATA']);
    await setInput(el, 'problem', '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"/>');
    expect(el.errors.map((e) => e.code)).to.deep.equal(['ERR_ELEMENT_EMPTY']);
    let error: unknown;
    try {
      await el.solve();
    } catch (e) {
      error = e;
    }
    expect(String(error)).to.include('no problem');
    expect((error as { code?: string }).code).to.equal('ERR_ELEMENT_EMPTY');
    const bad = mount<GnProblemElement>('gn-problem', { fen: '8/8/8/8/8/8/8/K6k w - - 0 1', stipulation: '#x' });
    await nextEvent(bad, 'gn-load');
    expect($(bad, '.errors')!.textContent).to.include('stipulation attribute');
  });

  it('axe-core: no violations, light and dark, with a solution shown, and at 320 px', async () => {
    const ref = refs.find((r) => r.id === 'D2-11')!;
    const el = mount<GnProblemElement>('gn-problem');
    await setInput(el, 'problem', ref.popeye_input);
    await el.solve();
    press(el, 'ArrowRight');
    expect(await axeViolations()).to.deep.equal([]);
    el.theme = 'dark';
    expect(await axeViolations()).to.deep.equal([]);
    el.style.width = '320px';
    await settle();
    expect(el.scrollWidth).to.be.at.most(320);
    expect(await axeViolations()).to.deep.equal([]);
  });
});
