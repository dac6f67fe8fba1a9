// <gn-game> in Chromium: every property and event, the keyboard paths through the main line and the
// variations, clicks, autoplay, a FEN, crazyhouse and Chess960, bad input and a src that fails, and
// axe-core. The positions are checked against chess.js (an independent implementation) replaying
// the same moves.
import { expect } from 'chai';
import { Chess } from 'chess.js';
import 'gamenotation/elements';
import type { GnGameElement, GnPlyDetail } from 'gamenotation/elements';
import { $, $$, axeViolations, cleanup, fenPieces, mount, nextEvent, pieces, press, settle } from './support.js';

const OPERA = `[Event "Paris"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Morphy, Paul"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

{The "Opera Game".} 1. e4 e5 2. Nf3
d6 3. d4 Bg4?! {Developing with a pin.}
(3... exd4 {keeps more tension.} 4. Nxd4 (4. Qxd4 Nc6) Nf6) 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3
Qe7 8. Nc3 c6 9. Bg5 b5?! 10. Nxb5! cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7!
Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+! Nxb8 17. Rd8# 1-0
`;
const MAIN =
  'e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#'.split(
    ' ',
  );

/** FEN after the first `n` of the moves, by chess.js. */
function fenAfter(moves: string[], n: number, start?: string): string {
  const chess = new Chess(start);
  for (const san of moves.slice(0, n)) chess.move(san);
  return chess.fen();
}

/** The FEN with the move counters dropped (chess.js and we agree on the board, turn, castling, e.p.). */
const four = (fen: string) => fen.split(' ').slice(0, 4).join(' ');

describe('<gn-game>', () => {
  afterEach(cleanup);

  it('is defined once, and importing the module again changes nothing', async () => {
    const first = customElements.get('gn-game');
    await import('gamenotation/elements');
    expect(customElements.get('gn-game')).to.equal(first);
    expect(new (first as CustomElementConstructor)()).to.be.instanceOf(HTMLElement);
  });

  it('reads PGN from its text content: tags header, move list, board at ply 0, tabindex 0', async () => {
    const el = mount<GnGameElement>('gn-game', {}, OPERA);
    await settle();
    expect(el.tabIndex).to.equal(0);
    expect($(el, '.title')!.textContent).to.include('Morphy, Paul').and.include('1-0');
    expect($(el, '.sub')!.textContent).to.include('Paris');
    // 33 main-line moves + 5 in the variations
    expect($$(el, '.moves button.move')).to.have.length(MAIN.length + 5);
    expect(el.ply).to.equal(0);
    expect(el.fen).to.equal(fenAfter(MAIN, 0));
    expect(pieces(el, '.board').sort()).to.deep.equal(fenPieces(el.fen));
    expect($(el, '.moves .result')!.textContent).to.equal('1-0');
    expect(el.errors).to.deep.equal([]);
  });

  it('ply (get/set, clamped) and fen follow the main line as chess.js plays it', async () => {
    const el = mount<GnGameElement>('gn-game');
    el.pgn = OPERA;
    for (let n = 0; n <= MAIN.length; n++) {
      el.ply = n;
      expect(el.ply).to.equal(n);
      expect(four(el.fen), `ply ${n}`).to.equal(four(fenAfter(MAIN, n)));
    }
    expect(pieces(el, '.board').sort()).to.deep.equal(fenPieces(fenAfter(MAIN, MAIN.length)));
    el.ply = 500;
    expect(el.ply).to.equal(MAIN.length);
    el.ply = -3;
    expect(el.ply).to.equal(0);
    // the last move and the check are marked
    el.ply = 21; // 11. Bxb5+
    expect($$(el, '.board svg .last-move').map((r) => r.dataset.square)).to.have.members(['c4', 'b5']);
    expect($$(el, '.board svg .check').map((r) => r.dataset.square)).to.deep.equal(['e8']);
  });

  it('keyboard: arrows, Home and End step and send gn-ply { ply, fen, san }; setting ply sends nothing', async () => {
    const el = mount<GnGameElement>('gn-game');
    el.pgn = OPERA;
    const seen: GnPlyDetail[] = [];
    el.addEventListener('gn-ply', (e) => seen.push((e as CustomEvent<GnPlyDetail>).detail));
    el.ply = 4;
    expect(seen).to.deep.equal([]);
    press(el, 'ArrowRight');
    expect(seen.at(-1)).to.deep.equal({ ply: 5, fen: el.fen, san: 'd4' });
    expect(four(el.fen)).to.equal(four(fenAfter(MAIN, 5)));
    press(el, 'ArrowLeft');
    expect(seen.at(-1)!.ply).to.equal(4);
    press(el, 'End');
    expect(seen.at(-1)).to.deep.equal({ ply: MAIN.length, fen: el.fen, san: 'Rd8#' });
    expect(four(el.fen)).to.equal(four(fenAfter(MAIN, MAIN.length)));
    press(el, 'Home');
    expect(seen.at(-1)).to.deep.equal({ ply: 0, fen: fenAfter(MAIN, 0), san: '' });
    // Moves are said in words in the live region.
    el.ply = 20;
    press(el, 'ArrowRight');
    expect($(el, '.live')!.textContent).to.equal('11. White bishop takes b5, check');
  });

  it('keyboard: ArrowDown enters a variation, ArrowUp goes back; positions as chess.js plays the variation', async () => {
    const el = mount<GnGameElement>('gn-game');
    el.pgn = OPERA;
    el.ply = 6; // 3... Bg4
    press(el, 'ArrowDown'); // 3... exd4, the alternative
    const variation = ['e4', 'e5', 'Nf3', 'd6', 'd4', 'exd4', 'Nxd4', 'Nf6'];
    expect(el.ply).to.equal(6);
    expect(four(el.fen)).to.equal(four(fenAfter(variation, 6)));
    press(el, 'ArrowRight'); // 4. Nxd4
    expect(four(el.fen)).to.equal(four(fenAfter(variation, 7)));
    press(el, 'ArrowDown'); // 4. Qxd4, the nested alternative
    const nested = ['e4', 'e5', 'Nf3', 'd6', 'd4', 'exd4', 'Qxd4', 'Nc6'];
    expect(four(el.fen)).to.equal(four(fenAfter(nested, 7)));
    press(el, 'End');
    expect(four(el.fen)).to.equal(four(fenAfter(nested, 8)));
    // ply is counted along the line shown: the variation's
    el.ply = 7;
    expect(four(el.fen)).to.equal(four(fenAfter(nested, 7)));
    press(el, 'ArrowUp'); // back to 4. Nxd4
    expect(four(el.fen)).to.equal(four(fenAfter(variation, 7)));
    press(el, 'ArrowUp'); // out of the variation: 3... Bg4 of the main line
    expect(four(el.fen)).to.equal(four(fenAfter(MAIN, 6)));
    press(el, 'End');
    expect(el.ply).to.equal(MAIN.length);
  });

  it('clicking a move goes there and sends gn-ply; the current move is marked', async () => {
    const el = mount<GnGameElement>('gn-game');
    el.pgn = OPERA;
    const button = $$(el, '.moves button.move').find((b) => b.textContent === 'Qxd4')!;
    const event = nextEvent<GnPlyDetail>(el, 'gn-ply');
    button.click();
    const { detail } = await event;
    expect(detail.san).to.equal('Qxd4');
    expect(detail.ply).to.equal(7);
    expect(four(detail.fen)).to.equal(four(fenAfter(['e4', 'e5', 'Nf3', 'd6', 'd4', 'exd4', 'Qxd4'], 7)));
    expect(button.getAttribute('aria-current')).to.equal('true');
    expect($$(el, '.moves [aria-current]')).to.have.length(1);
  });

  it('shows comments, NAGs as glyphs, %clk and %eval', async () => {
    const el = mount<GnGameElement>('gn-game');
    el.pgn =
      '[White "A"]\n[Black "B"]\n\n1. e4 { [%clk 0:05:00] [%eval 0.25] best by test } e5 $14 2. Nf3 $3 { [%eval #-3] } Nc6 $146 *';
    expect($$(el, '.moves .comment').map((c) => c.textContent)).to.deep.equal(['best by test']);
    expect($$(el, '.moves .nag').map((n) => n.textContent)).to.deep.equal(['\u2a72', '!!', 'N']);
    expect($$(el, '.moves .nag').map((n) => n.title)).to.deep.equal([
      'White is slightly better',
      'brilliant move',
      'novelty',
    ]);
    expect($$(el, '.moves .clk').map((n) => n.textContent)).to.deep.equal(['5:00']);
    expect($$(el, '.moves .eval').map((n) => n.textContent)).to.deep.equal(['+0.25', '#-3']);
    el.ply = 1;
    expect($(el, '.player.bottom .clock')!.textContent).to.equal('5:00');
  });

  it('game: a file of several games has a picker; the property selects and clamps', async () => {
    const el = mount<GnGameElement>('gn-game');
    el.pgn = `${OPERA}\n[White "X"]\n[Black "Y"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n`;
    expect(el.gameCount).to.equal(2);
    const picker = $(el, 'select.picker') as HTMLSelectElement;
    expect(picker.closest('[hidden]')).to.equal(null);
    expect(picker.options).to.have.length(2);
    el.game = 1;
    expect(el.game).to.equal(1);
    el.ply = 4;
    expect(four(el.fen)).to.equal(four(fenAfter(['f3', 'e5', 'g4', 'Qh4#'], 4)));
    expect($$(el, '.board svg .check')).to.have.length(1);
    el.game = 9;
    expect(el.game).to.equal(1);
    picker.value = '0';
    const event = nextEvent<GnPlyDetail>(el, 'gn-ply');
    picker.dispatchEvent(new Event('change'));
    expect((await event).detail.ply).to.equal(0);
    expect(el.game).to.equal(0);
    // the game and ply attributes choose what is shown first
    const other = mount<GnGameElement>('gn-game', { game: '1', ply: 'last' });
    other.pgn = el.pgn!;
    expect(other.game).to.equal(1);
    expect(other.ply).to.equal(4);
    // and, once a game is shown, move it
    other.setAttribute('ply', '2');
    expect(other.ply).to.equal(2);
    expect(four(other.fen)).to.equal(four(fenAfter(['f3', 'e5', 'g4', 'Qh4#'], 2)));
    other.setAttribute('ply', 'last');
    expect(other.ply).to.equal(4);
    other.setAttribute('game', '0');
    expect(other.game).to.equal(0);
    expect(other.ply).to.equal(0);
    expect(picker.value).to.equal('0');
  });

  it('flipped: the attribute, the property, the button and the f key turn the board', async () => {
    const el = mount<GnGameElement>('gn-game');
    el.pgn = OPERA;
    const kingY = () => $(el, '.board svg .piece[data-piece="wK"]')!.getBoundingClientRect().top;
    const whiteAtBottom = kingY();
    el.flipped = true;
    expect(el.hasAttribute('flipped')).to.equal(true);
    await settle();
    expect(kingY()).to.be.lessThan(whiteAtBottom);
    expect($(el, '.player.bottom .name')!.textContent).to.include('Duke Karl');
    ($(el, '[data-action="flip"]') as HTMLButtonElement).click();
    await settle();
    expect(el.flipped).to.equal(false);
    expect(kingY()).to.equal(whiteAtBottom);
    press(el, 'f');
    await settle();
    expect(el.flipped).to.equal(true);
  });

  it('autoplay steps through the game and stops at the end; the button pauses', async () => {
    const el = mount<GnGameElement>('gn-game', { delay: '100' });
    el.pgn = '1. f3 e5 2. g4 Qh4# 0-1';
    const plies: number[] = [];
    el.addEventListener('gn-ply', (e) => plies.push((e as CustomEvent<GnPlyDetail>).detail.ply));
    const play = $(el, '[data-action="play"]') as HTMLButtonElement;
    play.click();
    expect(play.getAttribute('aria-pressed')).to.equal('true');
    while (el.ply < 4) await nextEvent(el, 'gn-ply', 3000);
    await new Promise((r) => setTimeout(r, 250));
    expect(plies).to.deep.equal([1, 2, 3, 4]);
    expect(play.getAttribute('aria-pressed')).to.equal('false');
    el.ply = 0;
    play.click();
    await nextEvent(el, 'gn-ply', 3000);
    play.click();
    const at = el.ply;
    await new Promise((r) => setTimeout(r, 300));
    expect(el.ply).to.equal(at);
  });

  it('a FEN (crazyhouse pockets too) shows the position; fen gives it back', async () => {
    const fen = 'rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3';
    const el = mount<GnGameElement>('gn-game', {}, fen);
    await settle();
    expect(el.errors).to.deep.equal([]);
    expect(el.fen.split(' ')[0]).to.equal(fen.split(' ')[0]);
    expect(pieces(el, '.board').sort()).to.deep.equal(fenPieces(fen));
    const pocket = $$(el, '.board .pocket-piece').map((p) => `${p.dataset.piece}${p.dataset.count}`);
    expect(pocket.sort()).to.deep.equal(['bP1', 'wP1']);
  });

  it('crazyhouse and Chess960 games replay (drops; castling with the rook on its file)', async () => {
    const el = mount<GnGameElement>('gn-game');
    el.pgn = '[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 *';
    el.ply = 7;
    expect(el.fen.split(' ')[0]).to.equal('rnb1kbnr/ppp1pppp/8/q2P4/8/2N5/PPPP1PPP/R1BQKBNR[p]');
    // Chess960: the king on f1 and the rooks on e1 and g1; O-O puts the king on g1 and the rook on f1.
    const start = 'bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1';
    el.pgn = `[Variant "Chess960"]\n[SetUp "1"]\n[FEN "${start}"]\n\n1. O-O O-O *`;
    el.ply = 2;
    expect(el.errors).to.deep.equal([]);
    expect(el.fen.split(' ')[0]).to.equal('bqnbrrkn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRRKN');
  });

  it('bad input: each error with its line and column inside the element, and gn-error', async () => {
    const el = mount<GnGameElement>('gn-game');
    const failed = nextEvent<{ errors: { code: string; line?: number }[] }>(el, 'gn-error');
    el.pgn = '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Ke3 Nf6 *\n';
    const { detail } = await failed;
    expect(detail.errors.length).to.be.greaterThan(0);
    const item = $(el, '.errors li')!;
    expect(item.dataset.line).to.equal('4');
    expect(item.dataset.column).to.equal('13');
    expect(item.textContent).to.match(/^Line 4, column 13: /);
    expect($(el, '.errors')!.hidden).to.equal(false);
    expect($(el, '.errors')!.getAttribute('role')).to.equal('alert');
    // what could be read is still shown: the moves before the illegal one
    el.ply = 99;
    expect(el.ply).to.equal(2);
    el.pgn = 'not a game at all';
    expect(el.errors.length).to.be.greaterThan(0);
    expect($(el, '.errors')!.textContent).to.match(/Line 1, column \d+/);
    el.pgn = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1';
    expect(el.errors.map((e) => e.code)).to.have.length(1);
    expect(el.errors[0]!.code).to.match(/^ERR_(FEN|POS)_/);
    expect($(el, '.errors li')!.textContent).to.match(/^Line 1, column 1: /);
    // a position that breaks the rules is still drawn (nothing can be played from it)
    expect(el.fen).to.equal('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1');
    expect(pieces(el, '.board').sort()).to.deep.equal(fenPieces(el.fen));
    expect($(el, '.title')!.textContent).to.equal('Position (not a legal one)');
  });

  it('text content indented in the page: errors give the column in the page', async () => {
    const el = mount<GnGameElement>('gn-game', {}, '\n      1. e4 e5\n      2. Qxf7 *\n    ');
    await settle();
    const item = $(el, '.errors li')!;
    expect(item.dataset.line).to.equal('3');
    expect(item.dataset.column).to.equal('10');
  });

  it('src: loads the file; one that fails to load says so inside the element', async () => {
    const el = mount<GnGameElement>('gn-game', {
      src: new URL('../fixtures/elements/opera.pgn', import.meta.url).href,
    });
    await nextEvent(el, 'gn-load');
    expect(el.errors).to.deep.equal([]);
    expect($(el, '.title')!.textContent).to.include('Morphy');
    const failed = nextEvent(el, 'gn-error');
    el.setAttribute('src', new URL('../fixtures/elements/missing.pgn', import.meta.url).href);
    await failed;
    expect(el.errors.map((e) => e.code)).to.deep.equal(['ERR_ELEMENT_SRC']);
    expect($(el, '.errors')!.textContent).to.include('missing.pgn').and.include('HTTP 404');
    expect($(el, '.board')!.innerHTML).to.equal('');
  });

  it('axe-core: no violations, light and dark, at 320 px and on a wide page', async () => {
    const el = mount<GnGameElement>('gn-game');
    el.pgn = OPERA;
    el.ply = 11;
    expect(await axeViolations()).to.deep.equal([]);
    el.theme = 'dark';
    expect(await axeViolations()).to.deep.equal([]);
    el.style.width = '320px';
    await settle();
    expect(el.scrollWidth).to.be.at.most(320);
    expect(await axeViolations()).to.deep.equal([]);
  });
});
