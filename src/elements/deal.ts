// <gn-deal>: a bridge deal from PBN (one board or a file) with the hands, the auction with its
// alerts, the contract and result, the play trick by trick, and with the `dd` attribute the
// double-dummy table, par, and what each card the player to play holds would take.
import type {
  Card,
  DDTable,
  Deal,
  ParResult,
  PbnGame,
  PbnGameAnalysis,
  Seat,
  SolveBoardResult,
  Strain,
  Suit,
} from '../bridge/index.js';
import { ViewerElement, type GnViewerElement, escapeHtml, onButton, type ReadResult } from './base.js';
import { elementWorker, failureText, forgetWorkerAfter } from './jobs.js';
import { dealLib } from './lazy.js';
import { ICONS } from './icons.js';
import { ELEMENT_THEME } from './style.js';
import { showSvg } from './svg.js';
import { callHtml, cardHtml, cardText, cardWords, SEAT_NAME } from './words.js';

/** Detail of `gn-dd`: the double-dummy table of the deal and its par. */
export interface GnDdDetail {
  /** Tricks each declarer takes in each strain (`table.N.NT`). */
  table: DDTable;
  /** Par of the deal for its dealer and vulnerability. */
  par: ParResult;
}

/** Detail of `gn-played`: the cards played now shown. */
export interface GnPlayedDetail {
  /** Cards played (0–52). */
  played: number;
  /** The last card played (`SJ`) and who played it; '' at the start. */
  card: string;
  /** The seat that played it ('' at the start). */
  seat: Seat | '';
}

interface PlayedCard {
  seat: Seat;
  card: string;
}

const CARD = /^[SHDC][AKQJT98765432]$/;
const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];
const nextSeat = (seat: Seat, n = 1): Seat => SEATS[(SEATS.indexOf(seat) + n) % 4]!;
/** The PBN reader, the bridge rules and drawings (loaded with the first deal). */
const lib = () => dealLib.loaded!;

/** The seat that wins a trick of cards in play order. */
function winnerOf(trick: readonly PlayedCard[], trump: Strain | undefined): Seat {
  return trick[
    lib().trickWinner(
      trick.map((c) => ({ suit: c.card[0] as Suit, rank: c.card[1] as Card['rank'] })),
      trump,
    )
  ]!.seat;
}
const TABLE_SEATS: readonly Seat[] = ['W', 'N', 'E', 'S'];

function tagText(game: PbnGame, name: string): string | undefined {
  const v = game.tags[name]?.value?.replace(/^##?/, '');
  return v && v !== '?' && v !== '-' ? v : undefined;
}

/** The cards of the play section in the order they were played (trick by trick, each from its leader). */
function playOrder(game: PbnGame, trump: Strain | undefined): PlayedCard[] {
  const play = game.play;
  if (!play) return [];
  const out: PlayedCard[] = [];
  const first = SEATS.indexOf(play.first);
  let leader: Seat = play.first;
  for (let k = 0; k * 4 < play.cards.length; k++) {
    const trick: PlayedCard[] = [];
    for (let i = 0; i < 4; i++) {
      const seat = nextSeat(leader, i);
      const column = (SEATS.indexOf(seat) - first + 4) % 4;
      const card = play.cards[k * 4 + column]?.card;
      if (!card || !CARD.test(card)) break;
      trick.push({ seat, card });
    }
    out.push(...trick);
    if (trick.length < 4) break;
    leader = winnerOf(trick, trump);
  }
  return out;
}

function without(deal: Deal, cards: readonly PlayedCard[]): Deal {
  const out: Deal = { N: null, E: null, S: null, W: null };
  for (const seat of SEATS) {
    const hand = deal[seat];
    out[seat] = hand ? { S: hand.S, H: hand.H, D: hand.D, C: hand.C } : null;
  }
  for (const { seat, card } of cards) {
    const hand = out[seat];
    if (hand) hand[card[0] as Suit] = hand[card[0] as Suit].replace(card[1]!, '');
  }
  return out;
}

/**
 * `<gn-deal>`: a bridge deal from PBN with hands, auction, contract and the play trick by trick;
 * with the `dd` attribute the double-dummy table, par and card scores, computed in a worker. Sends
 * `gn-played` and `gn-dd`.
 */
export interface GnDealElement extends GnViewerElement {
  /** The PBN shown. */
  pbn: string | undefined;
  /** Cards played (0 = before the opening lead, up to 52); clamped to the cards the play gives. */
  played: number;
  /** Index of the board shown in a file of several (0 = the first); clamped. */
  board: number;
  /** The double-dummy table (`{ N: { S, H, D, C, NT }, E: …, S: …, W: … }`) once computed, else null. */
  readonly ddTable: DDTable | null;
  /** Compute the double-dummy table, par and card scores (the `dd` attribute). */
  dd: boolean;
}

class DealElement extends ViewerElement implements GnDealElement {
  protected static override upgradeProperties = ['pbn', 'played', 'board'];
  private games: PbnGame[] = [];
  private game: PbnGame | undefined;
  private info: PbnGameAnalysis = {};
  private order: PlayedCard[] = [];
  private current = 0;
  private table: DDTable | null = null;
  private parResult: ParResult | null = null;
  private ddTicket = 0;
  private cardScores = new Map<number, SolveBoardResult | string>();
  private readonly dealBox: HTMLElement;
  private readonly trickBox: HTMLElement;
  private readonly auctionBox: HTMLElement;
  private readonly playBox: HTMLElement;
  private readonly ddBox: HTMLElement;
  private readonly cardsBox: HTMLElement;
  private readonly counter: HTMLElement;

  constructor() {
    super({
      picker: 'Board',
      record: 'board',
      step: { attribute: 'played', last: false },
      html: `<div class="layout">
  <div class="stack">
    <div class="diagram" part="board"><div class="deal"></div><div class="trick" aria-hidden="true"></div></div>
    <div class="toolbar" part="controls" role="group" aria-label="Play controls">
      <button type="button" data-key="Home" aria-label="Before the opening lead">${ICONS.first}</button>
      <button type="button" data-key="ArrowUp" aria-label="Previous trick">${ICONS.previousTrick}</button>
      <button type="button" data-key="ArrowLeft" aria-label="Previous card">${ICONS.previous}</button>
      <button type="button" data-key="ArrowRight" aria-label="Next card">${ICONS.next}</button>
      <button type="button" data-key="ArrowDown" aria-label="Next trick">${ICONS.nextTrick}</button>
      <button type="button" data-key="End" aria-label="All cards played">${ICONS.last}</button>
      <span class="status counter"></span>
    </div>
  </div>
  <div class="stack">
    <div class="panel auction" role="group" aria-label="Auction"></div>
    <div class="panel play moves" part="moves" role="group" aria-label="Play" tabindex="0"></div>
    <div class="panel dd" role="group" aria-label="Double dummy" hidden><div class="dd-table"></div><div class="dd-cards" aria-live="polite"></div></div>
  </div>
</div>`,
    });
    this.dealBox = this.find('.deal');
    this.trickBox = this.find('.trick');
    this.auctionBox = this.find('.auction');
    this.playBox = this.find('.play');
    this.ddBox = this.find('.dd');
    this.cardsBox = this.find('.dd-cards');
    this.counter = this.find('.counter');
    onButton(this.find('.toolbar'), 'key', (key) => this.key(key));
    onButton(this.playBox, 'played', (n) => this.go(Number(n), true));
  }

  protected override get recordCount(): number {
    return this.games.length;
  }

  protected override pick(index: number): void {
    this.showBoard(index, 0);
    this.moved();
  }

  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'played', 'board', 'dd'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (old !== value && this.game && name === 'dd') this.startDd();
  }

  /** The PBN shown. */
  get pbn(): string | undefined {
    return this.inputProperty;
  }
  set pbn(value: string | undefined) {
    this.setInputProperty(value);
  }

  /** Cards played (0 = before the opening lead, up to 52); clamped to the cards the play gives. */
  get played(): number {
    this.flush();
    return this.current;
  }
  set played(value: number) {
    const n = this.requestStep(value);
    if (n !== undefined) this.go(Math.max(0, Math.min(this.order.length, n)), false);
  }

  /** Index of the board shown in a file of several (0 = the first); clamped. */
  get board(): number {
    return this.record;
  }
  set board(value: number) {
    const index = this.requestRecord(value);
    if (index !== undefined) this.showBoard(index, 0);
  }

  /** The double-dummy table (`{ N: { S, H, D, C, NT }, E: …, S: …, W: … }`) once computed (`dd` attribute), else null. */
  get ddTable(): DDTable | null {
    return this.table ? structuredClone(this.table) : null;
  }

  /** Compute the double-dummy table, par and card scores (the `dd` attribute). */
  get dd(): boolean {
    return this.hasAttribute('dd');
  }
  set dd(value: boolean) {
    this.toggleAttribute('dd', !!value);
  }

  protected override emptyText(): string {
    return 'No deal to show.';
  }

  protected override label(): string {
    const board = this.info.board;
    return board !== undefined ? `Bridge deal, board ${board}` : 'Bridge deal';
  }

  protected override read(text: string): ReadResult | Promise<ReadResult> {
    return dealLib.use(() => this.readLoaded(text));
  }

  private readLoaded(text: string): ReadResult {
    const doc = lib().parsePbn(text);
    const errors = [...doc.errors];
    const warnings = [...doc.warnings];
    this.games = doc.value.games.filter((g) => !lib().isEmptyPbnGame(g) && tagText(g, 'Deal'));
    if (!this.games.length) {
      errors.push({
        code: 'ERR_ELEMENT_EMPTY',
        message: 'the input holds no deal (no game with a Deal tag)',
        line: 1,
        column: 1,
      });
      this.clear();
      return { errors, warnings };
    }
    const { record, step } = this.startAt(this.games.map((g, i) => `Board ${tagText(g, 'Board') ?? String(i + 1)}`));
    this.showBoard(record, step);
    return { errors, warnings };
  }

  protected override clear(): void {
    this.games = [];
    this.game = undefined;
    this.info = {};
    this.order = [];
    this.current = 0;
    this.table = null;
    this.parResult = null;
    this.ddTicket++;
    for (const box of [
      this.titleBox,
      this.subBox,
      this.dealBox,
      this.trickBox,
      this.auctionBox,
      this.playBox,
      this.cardsBox,
      this.counter,
    ])
      box.textContent = '';
    this.ddBox.querySelector('.dd-table')!.textContent = '';
    this.ddBox.hidden = true;
    this.pickerRow.hidden = true;
  }

  protected override stop(): void {
    this.ddTicket++;
  }

  private showBoard(index: number, played: number): void {
    const game = this.games[index]!;
    this.game = game;
    this.showingRecord(index);
    this.info = lib().pbnGameInfo(game);
    this.order = this.info.deal ? playOrder(game, this.info.trump) : [];
    this.table = null;
    this.parResult = null;
    this.cardScores = new Map();
    const board = tagText(game, 'Board');
    this.titleBox.textContent = `${board ? `Board ${board}` : 'Deal'}${tagText(game, 'Event') ? ` · ${tagText(game, 'Event')}` : ''}`;
    this.subBox.textContent = SEATS.map((s) =>
      tagText(game, SEAT_NAME[s]!) ? `${s}: ${tagText(game, SEAT_NAME[s]!)}` : '',
    )
      .filter((s) => s)
      .join(' · ');
    this.auctionBox.innerHTML = this.auctionHtml(game);
    this.playBox.innerHTML = this.playHtml();
    this.current = 0;
    this.go(Math.max(0, Math.min(this.order.length, played)), false);
    this.updateLabel();
    this.startDd();
  }

  private auctionHtml(game: PbnGame): string {
    const auction = game.auction;
    if (!auction) return '<p class="status">No auction.</p>';
    const start = TABLE_SEATS.indexOf(auction.first);
    const cells: string[] = Array.from({ length: start }, () => '<td></td>');
    const notes = new Map(auction.notes.map((n) => [n.index, n.text]));
    for (const c of auction.calls) {
      if (c.call === '-' || c.call.startsWith('^')) continue;
      let html = callHtml(c.call);
      if (c.nags?.includes(1)) html += '!';
      if (c.note !== undefined) {
        const text = notes.get(c.note);
        html += `<sup class="alert" title="${escapeHtml(text ?? '')}">${c.note}</sup>`;
      }
      cells.push(`<td${c.note !== undefined ? ' class="alerted"' : ''}>${html}</td>`);
      if (c.call === 'AP') break;
    }
    const rows: string[] = [];
    for (let i = 0; i < cells.length; i += 4) rows.push(`<tr>${cells.slice(i, i + 4).join('')}</tr>`);
    const noteList = auction.notes.length
      ? `<ol class="notes">${auction.notes.map((n) => `<li value="${n.index}">${escapeHtml(n.text)}</li>`).join('')}</ol>`
      : '';
    const info = this.info;
    const contract =
      info.contract === 'Pass'
        ? 'Passed out'
        : info.contract
          ? `${callHtml(`${info.contract.level}${info.contract.strain}`)}${info.contract.risk} by ${SEAT_NAME[info.declarer ?? ''] ?? '?'}${
              info.resultTricks !== undefined ? `, ${info.resultTricks} tricks` : ''
            }`
          : '';
    return `<table><caption class="sr-only">Auction</caption><thead><tr>${TABLE_SEATS.map((s) => `<th scope="col">${SEAT_NAME[s]}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>${noteList}${contract ? `<p class="contract">${contract}</p>` : ''}`;
  }

  private playHtml(): string {
    if (!this.order.length) return '<p class="status">No play.</p>';
    const rows: string[] = [];
    for (let k = 0; k * 4 < this.order.length; k++) {
      const trick = this.order.slice(k * 4, k * 4 + 4);
      const winner = trick.length === 4 ? winnerOf(trick, this.info.trump) : undefined;
      const cells = TABLE_SEATS.map((seat) => {
        const i = trick.findIndex((c) => c.seat === seat);
        if (i < 0) return '<td></td>';
        const n = k * 4 + i + 1;
        const c = trick[i]!;
        const mark = i === 0 ? ' lead' : '';
        return `<td class="${mark}${c.seat === winner ? ' won' : ''}"><button type="button" class="cell" tabindex="-1" data-played="${n}" aria-label="${escapeHtml(`${cardText(c.card)}: ${SEAT_NAME[seat]} plays the ${cardWords(c.card)}${i === 0 ? ' (lead)' : ''}${c.seat === winner ? ', wins the trick' : ''}`)}">${cardHtml(c.card)}</button></td>`;
      });
      rows.push(`<tr><th scope="row">${k + 1}</th>${cells.join('')}</tr>`);
    }
    return `<table><caption class="sr-only">Play, trick by trick</caption><thead><tr><th scope="col">Trick</th>${TABLE_SEATS.map((s) => `<th scope="col">${s}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
  }

  private go(played: number, user: boolean): void {
    if (!this.game) return;
    this.playBox.querySelector('[aria-current]')?.removeAttribute('aria-current');
    this.current = played;
    this.draw();
    const cell = this.playBox.querySelector<HTMLElement>(`button[data-played="${played}"]`);
    cell?.setAttribute('aria-current', 'true');
    if (user) this.moved();
    this.startCardScores();
  }

  private moved(): void {
    const last = this.order[this.current - 1];
    this.announce(last ? `${SEAT_NAME[last.seat]} plays the ${cardWords(last.card)}` : 'Before the opening lead');
    this.emit<GnPlayedDetail>('gn-played', { played: this.current, card: last?.card ?? '', seat: last?.seat ?? '' });
  }

  /** The trick shown in the middle: the one in progress, or the last one complete. */
  private trickShown(): { cards: PlayedCard[]; complete: boolean } {
    const n = this.current;
    if (n === 0) return { cards: [], complete: false };
    const start = n % 4 === 0 ? n - 4 : n - (n % 4);
    return { cards: this.order.slice(start, n), complete: n % 4 === 0 };
  }

  /** Lays the trick over the compass of the drawing, in fractions of its viewBox (so it follows any width). */
  private placeTrickBox(): void {
    const svg = this.dealBox.querySelector('svg');
    const rect = svg?.querySelector('.compass > rect');
    const view = svg
      ?.getAttribute('viewBox')
      ?.split(/[\s,]+/)
      .map(Number);
    if (!rect || !view || view.length !== 4 || !(view[2]! > 0) || !(view[3]! > 0)) return;
    const at = (name: string) => Number(rect.getAttribute(name));
    const [x0, y0, w, h] = view as [number, number, number, number];
    const style = this.trickBox.style;
    style.left = `${((at('x') - x0) / w) * 100}%`;
    style.top = `${((at('y') - y0) / h) * 100}%`;
    style.width = `${(at('width') / w) * 100}%`;
    style.height = `${(at('height') / h) * 100}%`;
  }

  private draw(): void {
    const info = this.info;
    const deal = info.deal;
    if (!deal) return;
    // Cards of finished tricks and of the trick in progress leave the hands.
    const svg = lib().dealDiagram(without(deal, this.order.slice(0, this.current)), {
      theme: ELEMENT_THEME,
      id: 'gn-deal',
      board: info.board,
      dealer: info.dealer,
      vulnerability: info.vulnerable,
      contract: info.contract,
      declarer: info.declarer,
      tricks: info.resultTricks,
      title: `Hands after ${this.current} ${this.current === 1 ? 'card' : 'cards'}`,
    });
    showSvg(this.dealBox, svg.ok ? svg.value : '', undefined);
    this.placeTrickBox();
    const trick = this.trickShown();
    let winner: Seat | undefined;
    if (trick.complete) winner = winnerOf(trick.cards, info.trump);
    this.trickBox.innerHTML = trick.cards
      .map((c) => `<span data-seat="${c.seat}"${c.seat === winner ? ' class="won"' : ''}>${cardHtml(c.card)}</span>`)
      .join('');
    const tricks = { NS: 0, EW: 0 };
    for (let k = 0; (k + 1) * 4 <= this.current; k++) {
      const w = winnerOf(this.order.slice(k * 4, k * 4 + 4), info.trump);
      tricks[w === 'N' || w === 'S' ? 'NS' : 'EW']++;
    }
    this.counter.textContent = this.order.length
      ? `${this.current} / ${this.order.length} cards · tricks NS ${tricks.NS}, EW ${tricks.EW}`
      : '';
  }

  /** With `dd`: the table and par of the whole deal, computed in the page's worker. */
  private startDd(): void {
    const ticket = ++this.ddTicket;
    const deal = this.info.deal;
    this.ddBox.hidden = !this.dd;
    if (!this.dd || !deal) return;
    const tableBox = this.ddBox.querySelector('.dd-table')!;
    if (SEATS.some((s) => !deal[s])) {
      tableBox.textContent = 'Double dummy needs all four hands.';
      return;
    }
    if (this.table) return this.showDd();
    tableBox.textContent = 'Double dummy: computing…';
    elementWorker()
      .then((worker) => worker.calcDDTables([lib().makeDeal(deal)]))
      .then(
        ([result]) => {
          if (ticket !== this.ddTicket) return;
          if (!result!.ok) {
            tableBox.textContent = `Double dummy failed: ${result!.error.code}: ${result!.error.message}`;
            return;
          }
          this.table = result!.value;
          this.parResult = lib().par(this.table, {
            dealer: this.info.dealer ?? 'N',
            vulnerability: this.info.vulnerable ?? 'None',
          });
          this.showDd();
          this.emit<GnDdDetail>('gn-dd', { table: structuredClone(this.table), par: structuredClone(this.parResult) });
          this.startCardScores();
        },
        (e: unknown) => {
          forgetWorkerAfter(e);
          if (ticket === this.ddTicket) tableBox.textContent = `Double dummy failed: ${failureText(e)}`;
        },
      );
  }

  private showDd(): void {
    if (!this.table || !this.parResult) return;
    const svg = lib().ddTableDiagram(this.table, {
      par: this.parResult,
      theme: ELEMENT_THEME,
      id: 'gn-dd',
      title: 'Double-dummy tricks by declarer and strain',
    });
    const box = this.ddBox.querySelector('.dd-table')!;
    box.innerHTML = `<div class="diagram dd-diagram">${svg}</div>`;
  }

  /** With `dd` and a contract: the tricks declarer ends with after each card the player to play may play. */
  private startCardScores(): void {
    const info = this.info;
    if (!this.dd || !info.deal || !info.trump || !info.declarer || SEATS.some((s) => !info.deal![s])) {
      this.cardsBox.textContent = '';
      return;
    }
    const played = this.current;
    if (played >= 52) {
      this.cardsBox.textContent = '';
      return;
    }
    const known = this.cardScores.get(played);
    if (known) return this.showCardScores(played, known);
    const trickStart = played - (played % 4);
    const trick = this.order.slice(trickStart, played);
    const leader: Seat = trick[0]?.seat ?? (played === 0 ? nextSeat(info.declarer, 1) : this.nextLeader(trickStart));
    const deal = without(info.deal, this.order.slice(0, played));
    const ticket = this.ddTicket;
    this.cardsBox.textContent = 'Card scores: computing…';
    elementWorker()
      .then((worker) =>
        worker.solveBoards([{ deal, trump: info.trump!, leader, trickInProgress: trick.map((c) => c.card) }]),
      )
      .then(
        ([result]) => {
          const value = result!.ok ? result!.value : `${result!.error.code}: ${result!.error.message}`;
          this.cardScores.set(played, value);
          if (ticket === this.ddTicket && this.current === played) this.showCardScores(played, value);
        },
        (e: unknown) => {
          forgetWorkerAfter(e);
          if (ticket === this.ddTicket && this.current === played)
            this.cardsBox.textContent = `Card scores failed: ${failureText(e)}`;
        },
      );
  }

  /** The leader of the trick that starts after `played` cards: the winner of the trick before. */
  private nextLeader(played: number): Seat {
    return winnerOf(this.order.slice(played - 4, played), this.info.trump);
  }

  private showCardScores(played: number, result: SolveBoardResult | string): void {
    if (typeof result === 'string') {
      this.cardsBox.textContent = `Card scores failed: ${result}`;
      return;
    }
    const info = this.info;
    const declarer = info.declarer!;
    const declaring = (s: Seat) => s === declarer || s === nextSeat(declarer, 2);
    // Tricks already won by declarer's side, then what remains after each card.
    let won = 0;
    for (let k = 0; (k + 1) * 4 <= played; k++) {
      if (declaring(winnerOf(this.order.slice(k * 4, k * 4 + 4), info.trump))) won++;
    }
    const remaining = 13 - Math.floor(played / 4);
    const forDeclarer = (tricks: number) => won + (declaring(result.player) ? tricks : remaining - tricks);
    const best = Math.max(...result.cards.map((c) => c.tricks));
    const cards = [...result.cards].sort((a, b) => b.tricks - a.tricks);
    const items = cards
      .map(
        (c) =>
          `<li data-card="${c.card}" data-tricks="${c.tricks}"${c.tricks === best ? ' class="best"' : ''}>${cardHtml(c.card)} ${forDeclarer(c.tricks)}</li>`,
      )
      .join('');
    this.cardsBox.innerHTML = `<p>${SEAT_NAME[result.player]} to play; tricks for declarer (${SEAT_NAME[declarer]}) after each card:</p><ul class="cards">${items}</ul>`;
    for (const tspan of this.dealBox.querySelectorAll(`.hand[data-seat="${result.player}"] .card`)) {
      const c = result.cards.find((x) => x.card === tspan.getAttribute('data-card'));
      tspan.classList.toggle('dd-best', c?.tricks === best);
    }
  }

  protected override key(key: string): boolean {
    const n = this.current;
    const last = this.order.length;
    let to: number | undefined;
    if (key === 'ArrowRight') to = n + 1;
    else if (key === 'ArrowLeft') to = n - 1;
    else if (key === 'Home') to = 0;
    else if (key === 'End') to = last;
    else if (key === 'ArrowDown') to = Math.min(last, n - (n % 4) + 4);
    else if (key === 'ArrowUp') to = n % 4 ? n - (n % 4) : n - 4;
    if (to === undefined) return false;
    if (to >= 0 && to <= last && to !== n) this.go(to, true);
    return true;
  }
}

/** The class of `<gn-deal>` (defined by importing `gamenotation/elements`). */
export const GnDealElement: {
  prototype: GnDealElement;
  /** Creates a `<gn-deal>` (as `document.createElement('gn-deal')` does once the module is imported). */
  new (): GnDealElement;
} = DealElement;
