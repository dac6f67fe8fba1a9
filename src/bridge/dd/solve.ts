// Double-dummy API: solveBoard (one position, every card scored), calcDDTable (4 declarers x 5 strains)
// and the batch form calcDDTables. Deals are a PBN deal string or a Deal; bad input gives a Result error.
import { err, notationError, ok, type NotationError, type Result } from '../../errors.js';
import type { Progress } from '../../progress.js';
import type { Card, Deal, Seat, Strain, Suit } from '../types.js';
import { SEATS, SUITS } from '../types.js';
import { parseDeal } from '../deal.js';
import type { DDTable } from '../par.js';
import { engine } from './engine.js';
import { resultBoundary, shapeOf } from '../../text/boundary.js';

const RANK_CHARS = '23456789TJQKA';
const STRAIN_INDEX: Record<Strain, number> = { S: 0, H: 1, D: 2, C: 3, NT: 4 };
/** Strain order of the engine's table output. */
const ENGINE_STRAINS: readonly Strain[] = ['S', 'H', 'D', 'C', 'NT'];

/** A position as 16 suit masks [seat * 4 + suit], bit 0 = '2' … bit 12 = 'A'. */
type Masks = Uint16Array;

/** The trick state `solveBoard` starts from: trump, leader and the cards of the current trick. */
export interface SolveBoardOptions {
  /** Trump strain ('NT' for no trump). */
  trump: Strain;
  /** The hand that leads the current trick (the opening leader when no trick is in progress). */
  leader: Seat;
  /** Cards already played to the current trick, in order from `leader` ('SA', 'H7', or Card objects). */
  trickInProgress?: readonly (string | Card)[];
}

/** A playable card and the tricks the side to play takes after it. */
export interface CardScore {
  /** `'SA'`, `'H7'`, … */
  card: string;
  /** Tricks the side to play takes (from here to the end, counting the current trick) after this card. */
  tricks: number;
}

/** Double-dummy result of one board: the hand to play, its best trick count and each card's score. */
export interface SolveBoardResult {
  /** The hand to play next. */
  player: Seat;
  /** The most tricks the side to play can take from here (counting the current trick). */
  tricks: number;
  /** Every legal card of `player` with its score, equivalent cards expanded; best first. */
  cards: CardScore[];
}

/** Options of the batch solvers (progress callback). */
export interface BatchOptions {
  /**
   * Called after each deal with the number done and the total; the third argument is the same as
   * the library's one `Progress` shape (unit 'deals').
   */
  onProgress?: (done: number, total: number, progress: Progress) => void;
  /** Checked between deals; an aborted signal rejects with its reason. */
  signal?: AbortSignal;
}

function error(message: string): NotationError {
  return notationError('ERR_DD_INPUT', message);
}

/** Reads `N:AKQ.T92..8765432 ...` (hands may differ in size: a trick in progress) into masks. */
function masksFromString(text: string): Result<Masks> {
  const r = parseDeal(text, { unevenHands: true });
  if (!r.ok) return err(error(r.error.message));
  const masks = new Uint16Array(16);
  for (let h = 0; h < 4; h++) {
    const hand = r.value[SEATS[h]!];
    if (!hand) return err(error('every hand must be known to solve a deal'));
    setHand(masks, h, hand);
  }
  return ok(masks);
}

function setHand(masks: Masks, seat: number, hand: Record<Suit, string>): void {
  for (let s = 0; s < 4; s++) {
    let m = 0;
    for (const ch of hand[SUITS[s]!].toUpperCase()) m |= 1 << RANK_CHARS.indexOf(ch);
    masks[seat * 4 + s] = m;
  }
}

function toMasks(deal: string | Deal): Result<Masks> {
  let masks: Masks;
  if (typeof deal === 'string') {
    const r = masksFromString(deal);
    if (!r.ok) return r;
    masks = r.value;
  } else {
    if (!deal || typeof deal !== 'object') return err(error('deal must be a PBN deal string or a Deal'));
    masks = new Uint16Array(16);
    for (let h = 0; h < 4; h++) {
      const hand = deal[SEATS[h]!];
      if (!hand) return err(error('every hand must be known to solve a deal'));
      // a hand is { S, H, D, C } of rank letters (`['SA']` is not one)
      if (typeof hand !== 'object' || Array.isArray(hand))
        return err(
          error(`${SEATS[h]}'s hand must be an object of suits ({ S: 'AK', H: '', … }), not ${shapeOf(hand)}`),
        );
      for (const s of SUITS) {
        const ranks: unknown = hand[s] ?? '';
        if (typeof ranks !== 'string')
          return err(error(`${SEATS[h]}'s ${s} must be a string of ranks, not ${shapeOf(ranks)}`));
        if (!/^[AKQJT98765432]*$/i.test(ranks)) return err(error(`invalid ranks "${ranks}" in ${SEATS[h]}'s ${s}`));
      }
      setHand(masks, h, hand);
    }
  }
  // No card twice.
  for (let s = 0; s < 4; s++) {
    let seen = 0;
    for (let h = 0; h < 4; h++) {
      const m = masks[h * 4 + s]!;
      if (seen & m) return err(error(`a card of suit ${SUITS[s]} is dealt twice`));
      seen |= m;
    }
  }
  return ok(masks);
}

function cardCode(card: string | Card): number {
  const text =
    typeof card === 'string' ? card.trim().toUpperCase() : `${card?.suit ?? ''}${card?.rank ?? ''}`.toUpperCase();
  if (text.length !== 2) return -1;
  const s = SUITS.indexOf(text[0] as Suit);
  const r = RANK_CHARS.indexOf(text[1]!);
  return s < 0 || r < 0 ? -1 : (s << 4) | r;
}

function cardText(code: number): string {
  return `${SUITS[(code >> 4) & 3]}${RANK_CHARS[code & 15]}`;
}

function load(masks: Masks): ReturnType<typeof engine> {
  const x = engine();
  new Uint16Array(x.memory.buffer, x.handsPtr(), 16).set(masks);
  return x;
}

/**
 * Solves one position: the most tricks for the side to play and the score of every legal card.
 * `deal` holds the cards still in the hands (without the cards of `trickInProgress`).
 */
export function solveBoard(deal: string | Deal, options: SolveBoardOptions): Result<SolveBoardResult> {
  return resultBoundary('solveBoard', () => solveBoardUnchecked(deal, options));
}

function solveBoardUnchecked(deal: string | Deal, options: SolveBoardOptions): Result<SolveBoardResult> {
  const trump = STRAIN_INDEX[options?.trump];
  if (trump === undefined) return err(error(`unknown trump "${options?.trump}"`));
  const leader = SEATS.indexOf(options.leader);
  if (leader < 0) return err(error(`unknown leader "${options.leader}"`));
  const r = toMasks(deal);
  if (!r.ok) return r;
  const masks = r.value;
  const trick = options.trickInProgress ?? [];
  if (trick.length > 3) return err(error('at most 3 cards can be in the current trick'));
  const codes: number[] = [];
  for (const c of trick) {
    const code = cardCode(c);
    if (code < 0)
      return err(error(`invalid card "${typeof c === 'string' ? c : JSON.stringify(c)}" in the current trick`));
    const bit = 1 << (code & 15);
    for (let h = 0; h < 4; h++) {
      if (masks[h * 4 + (code >> 4)]! & bit)
        return err(error(`${cardText(code)} is in the current trick and in a hand`));
    }
    if (codes.includes(code)) return err(error(`${cardText(code)} is twice in the current trick`));
    codes.push(code);
  }
  // Each card after the lead must follow suit when its hand could (the hand still holds the rest).
  for (let i = 1; i < codes.length; i++) {
    const h = (leader + i) & 3;
    const ls = codes[0]! >> 4;
    if (codes[i]! >> 4 !== ls && masks[h * 4 + ls])
      return err(error(`${SEATS[h]} revoked with ${cardText(codes[i]!)}`));
  }
  const x = load(masks);
  const trickBuf = new Uint32Array(x.memory.buffer, x.trickPtr(), 4);
  codes.forEach((code, i) => (trickBuf[i] = code | (((leader + i) & 3) << 8)));
  const tricks = x.solveBoard(trump, leader, codes.length, 1);
  if (tricks < 0) return err(error('the hands do not have matching numbers of cards'));
  const n = x.cardCount();
  const io = new Uint32Array(x.memory.buffer, x.ioPtr(), n * 2);
  const cards: CardScore[] = [];
  for (let i = 0; i < n; i++) cards.push({ card: cardText(io[2 * i]!), tricks: io[2 * i + 1]! });
  cards.sort(
    (a, b) =>
      b.tricks - a.tricks ||
      SUITS.indexOf(a.card[0] as Suit) - SUITS.indexOf(b.card[0] as Suit) ||
      RANK_CHARS.indexOf(b.card[1]!) - RANK_CHARS.indexOf(a.card[1]!),
  );
  return ok({ player: SEATS[(leader + codes.length) & 3]!, tricks, cards });
}

/**
 * Tricks for every declarer and strain: `table[declarer][strain]` (declarer's left-hand opponent leads).
 * @example
 * ```ts
 * const t = calcDDTable('N:T3.AJT.A9763.J94 KQJ765.Q92.85.K2 A9.8653.KT.Q7653 842.K74.QJ42.AT8');
 * if (t.ok) t.value.N.C; // 9: North makes nine tricks in clubs
 * ```
 */
export function calcDDTable(deal: string | Deal): Result<DDTable> {
  return resultBoundary('calcDDTable', () => calcDDTableUnchecked(deal));
}

function calcDDTableUnchecked(deal: string | Deal): Result<DDTable> {
  const r = toMasks(deal);
  if (!r.ok) return r;
  const x = load(r.value);
  if (x.calcTable() < 0) return err(error('every hand must hold the same number of cards'));
  const io = new Uint32Array(x.memory.buffer, x.ioPtr(), 20);
  const table = {} as DDTable;
  for (let h = 0; h < 4; h++) {
    const row = {} as Record<Strain, number>;
    for (let s = 0; s < 5; s++) row[ENGINE_STRAINS[s]!] = io[s * 4 + h]!;
    table[SEATS[h]!] = row;
  }
  return ok(table);
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Lets timers and abort events run now and then during long batches. */
async function breathe(state: { last: number }): Promise<void> {
  const now = Date.now();
  if (now - state.last < 50) return;
  state.last = now;
  await new Promise((resolve) => setTimeout(resolve, 0));
}

async function batch<I, O>(items: readonly I[], one: (item: I) => O, options: BatchOptions): Promise<O[]> {
  const given = options && typeof options === 'object' ? options : ({} as BatchOptions);
  const onProgress = typeof given.onProgress === 'function' ? given.onProgress : undefined;
  const signal = given.signal instanceof AbortSignal ? given.signal : undefined;
  const out: O[] = [];
  const state = { last: Date.now() };
  for (let i = 0; i < items.length; i++) {
    if (signal?.aborted) throw abortReason(signal);
    out.push(one(items[i]!));
    onProgress?.(i + 1, items.length, { done: i + 1, total: items.length, unit: 'deals' });
    await breathe(state);
  }
  if (signal?.aborted) throw abortReason(signal);
  return out;
}

/** DD tables of many deals; plain arguments, so it can run behind a worker. */
export function calcDDTables(
  deals: readonly (string | Deal)[],
  options: BatchOptions = {},
): Promise<Result<DDTable>[]> {
  if (!Array.isArray(deals)) return Promise.resolve([err(error(`deals must be an array, not ${shapeOf(deals)}`))]);
  return batch(deals, calcDDTable, options);
}

/** One board for a batch `solveBoards`: a deal plus the trick state to solve from. */
export interface BoardToSolve extends SolveBoardOptions {
  deal: string | Deal;
}

/** solveBoard over many positions. */
export function solveBoards(
  boards: readonly BoardToSolve[],
  options: BatchOptions = {},
): Promise<Result<SolveBoardResult>[]> {
  if (!Array.isArray(boards)) return Promise.resolve([err(error(`boards must be an array, not ${shapeOf(boards)}`))]);
  return batch(
    boards,
    (b) =>
      b && typeof b === 'object'
        ? solveBoard(b.deal, b)
        : err(error(`a board to solve is an object ({ deal, trump, leader }), not ${shapeOf(b)}`)),
    options,
  );
}
