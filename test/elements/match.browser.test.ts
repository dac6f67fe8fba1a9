// <gn-match> in Chromium: both boards after every move of real matches against chessops'
// crazyhouse rules (an independent implementation; the capture goes to the partner's pocket, as
// bughouse wants), the four-column list, keyboard and clicks with gn-ply, flipping, chess.com JSON,
// bad input and axe-core.
import { expect } from 'chai';
import { Crazyhouse } from 'chessops/variant';
import { parseSan } from 'chessops/san';
import { makeFen } from 'chessops/fen';
import { ROLES } from 'chessops';
import 'gamenotation/elements';
import type { GnMatchElement, GnMatchPlyDetail } from 'gamenotation/elements';
import { readFixture, readShared } from '../support/data.js';
import { $, $$, axeViolations, cleanup, mount, nextEvent, pieces, press, setInput, settle } from './support.js';

/** Placement (promotion marks dropped), holdings as a sorted multiset, side to move and castling. */
function normal(fen: string): string {
  const [board, turn, castling] = fen.split(' ');
  const m = /^([^[]*)\[([^\]]*)\]$/.exec(board!);
  const placement = (m ? m[1]! : board!).replace(/~/g, '');
  const pocket = [...(m ? m[2]! : '')].sort().join('');
  return `${placement}[${pocket}] ${turn} ${castling}`;
}

/** Both boards after each move, by chessops: the capturer's pocket gain moves to the partner. */
function chessopsFens(moves: { board: 'A' | 'B'; san: string }[]): { A: string; B: string }[] {
  const boards = { A: Crazyhouse.default(), B: Crazyhouse.default() };
  const fens = [{ A: makeFen(boards.A.toSetup()), B: makeFen(boards.B.toSetup()) }];
  for (const { board, san } of moves) {
    const pos = boards[board];
    const mover = pos.turn;
    const move = parseSan(pos, san);
    if (!move) throw new Error(`chessops refuses ${board} ${san}`);
    const held = ROLES.map((r) => pos.pockets![mover][r]);
    pos.play(move);
    ROLES.forEach((r, i) => {
      if (pos.pockets![mover][r] > held[i]!) {
        pos.pockets![mover][r]--;
        boards[board === 'A' ? 'B' : 'A'].pockets![mover === 'white' ? 'black' : 'white'][r]++;
      }
    });
    fens.push({ A: makeFen(boards.A.toSetup()), B: makeFen(boards.B.toSetup()) });
  }
  return fens;
}

async function realMatch(): Promise<string> {
  return (
    (await readShared('bughouse/bpgn/pychess-variants_1934301.bpgn')) ?? (await readFixture('diagram/capture.bpgn'))
  );
}

describe('<gn-match>', () => {
  afterEach(cleanup);

  it('reads BPGN: both boards at every ply as chessops plays them, fens with pockets in brackets', async () => {
    const text = await realMatch();
    const el = mount<GnMatchElement>('gn-match');
    await setInput(el, 'bpgn', text);
    const moves = [...$$(el, '.moves tbody button.cell')];
    expect(moves.length).to.be.greaterThan(5);
    const sans = moves.map((b) => b.textContent!.replace(/^\d+\.\s*/, '').replace(/\s*\{.*$/, ''));
    const boardsOf = moves.map((b) => (b.getAttribute('aria-label')!.includes('board A') ? 'A' : 'B') as 'A' | 'B');
    const expected = chessopsFens(sans.map((san, i) => ({ board: boardsOf[i]!, san })));
    expect(el.ply).to.equal(0);
    expect(pieces(el)).to.have.length(64);
    for (let n = 0; n < expected.length; n++) {
      el.ply = n;
      expect(el.ply).to.equal(n);
      expect(normal(el.fens.A), `A after ${n}`).to.equal(normal(expected[n]!.A));
      expect(normal(el.fens.B), `B after ${n}`).to.equal(normal(expected[n]!.B));
    }
    expect(el.fens.A).to.match(/^[^ ]+\[[QRBNPqrbnp]*\] [wb] /);
    el.ply = 10_000;
    expect(el.ply).to.equal(expected.length - 1);
  });

  it('keyboard and clicks step in the match order and send gn-ply { ply, fens, san, board }', async () => {
    const el = mount<GnMatchElement>('gn-match', {}, await readFixture('diagram/capture.bpgn'));
    await nextEvent(el, 'gn-load');
    const seen: GnMatchPlyDetail[] = [];
    el.addEventListener('gn-ply', (e) => seen.push((e as CustomEvent<GnMatchPlyDetail>).detail));
    press(el, 'ArrowRight');
    press(el, 'ArrowRight');
    press(el, 'ArrowRight');
    // 1A. e4 1a. d5 1B. d4
    expect(seen.map((d) => `${d.ply}${d.board}${d.san}`)).to.deep.equal(['1Ae4', '2Ad5', '3Bd4']);
    expect(seen[2]!.fens).to.deep.equal(el.fens);
    press(el, 'End');
    expect(el.ply).to.equal(9);
    // Hand-worked: 30 pieces on A, 33 on B at the end, and White's pawn (from 2A. exd5) dropped on e4 by B's Black.
    expect($$(el, '[data-board="a"] .piece')).to.have.length(30);
    expect($$(el, '[data-board="b"] .piece')).to.have.length(33);
    press(el, 'Home');
    expect(seen.at(-1)).to.deep.equal({ ply: 0, fens: el.fens, san: '', board: '' });
    const cell = $$(el, '.moves button.cell').find((b) => b.textContent!.startsWith('2. P@e4'))!;
    cell.click();
    expect(el.ply).to.equal(8);
    expect(seen.at(-1)!.san).to.equal('P@e4');
    expect(cell.getAttribute('aria-current')).to.equal('true');
    expect($(el, '.live')!.textContent).to.equal('Board B: Black drops a pawn on e4');
  });

  it('flipped turns both boards; the ply and game attributes choose the first position', async () => {
    const text = await readFixture('diagram/capture.bpgn');
    const el = mount<GnMatchElement>('gn-match', { ply: 'last' }, text);
    await nextEvent(el, 'gn-load');
    expect(el.ply).to.equal(9);
    const y = () => $(el, '[data-board="a"] .piece[data-piece="wK"]')!.getBoundingClientRect().top;
    const before = y();
    el.flipped = true;
    expect(y()).to.be.lessThan(before);
    expect($(el, '[data-action="flip"]')!.getAttribute('aria-pressed')).to.equal('true');
    const two = mount<GnMatchElement>('gn-match', { game: '1', ply: '2' });
    await setInput(two, 'bpgn', `${text}\n\n${text.replace('Anna', 'Zoe')}`);
    expect(two.game).to.equal(1);
    expect(two.ply).to.equal(2);
    expect($(two, '.title')!.textContent).to.include('Zoe');
  });

  it('chess.com JSON: the two games of a match as a JSON array, replayed on both boards', async () => {
    const a = JSON.parse(await readFixture('bughouse/chesscom/160842422747.json'));
    const b = JSON.parse(await readFixture('bughouse/chesscom/160842422749.json'));
    const el = mount<GnMatchElement>('gn-match');
    await setInput(el, 'bpgn', JSON.stringify([a, b]));
    expect(el.errors).to.deep.equal([]);
    const cells = $$(el, '.moves button.cell');
    expect(cells).to.have.length((a.game.moveList.length + b.game.moveList.length) / 2);
    el.ply = 10_000;
    expect(el.ply).to.equal(cells.length);
    // one game alone is not a match
    await setInput(el, 'bpgn', JSON.stringify(a));
    expect(el.errors.map((e) => e.code)).to.deep.equal(['ERR_ELEMENT_INPUT']);
    expect($(el, '.errors')!.textContent).to.include('JSON array');
  });

  it('bad input: an illegal move is shown with its line and column; the boards stop before it', async () => {
    const el = mount<GnMatchElement>('gn-match');
    await setInput(el, 'bpgn', '[WhiteA "a"]\n[BlackA "b"]\n[WhiteB "c"]\n[BlackB "d"]\n\n1A. e4 1a. e5 2A. Ke3 *\n');
    const item = $(el, '.errors li')!;
    expect(item.dataset.line).to.equal('6');
    expect(item.dataset.column).to.equal('19'); // 2A. Ke3: the K
    el.ply = 99;
    expect(el.ply).to.equal(2);
    el.bpgn = '';
    expect(el.errors).to.deep.equal([]);
    expect($(el, '.status')!.textContent).to.equal('No match to show.');
  });

  it('axe-core: no violations, light and dark, and at 320 px', async () => {
    const el = mount<GnMatchElement>('gn-match', {}, await readFixture('diagram/capture.bpgn'));
    await nextEvent(el, 'gn-load');
    el.ply = 4;
    expect(await axeViolations()).to.deep.equal([]);
    el.theme = 'dark';
    expect(await axeViolations()).to.deep.equal([]);
    el.style.width = '320px';
    await settle();
    expect(el.scrollWidth).to.be.at.most(320);
    expect(await axeViolations()).to.deep.equal([]);
  });
});
