/** Deals: parsing and making the PBN `Deal` value, card helpers. */
import { err, notationError, ok, type NotationError, type Result } from '../errors.js';
import {
  RANKS,
  SEATS,
  SUITS,
  nextSeat,
  isSeat,
  type Card,
  type Deal,
  type Hand,
  type Rank,
  type Seat,
} from './types.js';
import { resultBoundary } from '../text/boundary.js';

export { SEATS, SUITS, STRAINS, RANKS, nextSeat, partner, lho, rho, sideOf, isVulnerable } from './types.js';

/** A hand with no cards. */
export function emptyHand(): Hand {
  return { S: '', H: '', D: '', C: '' };
}

/** A deal with all four hands unknown (null). */
export function emptyDeal(): Deal {
  return { N: null, E: null, S: null, W: null };
}

/** Number of cards in a hand. */
export function handSize(hand: Hand): number {
  return hand.S.length + hand.H.length + hand.D.length + hand.C.length;
}

const RANK_BIT: Record<string, number> = {};
RANKS.forEach((r, i) => {
  RANK_BIT[r] = 1 << (12 - i);
  RANK_BIT[r.toLowerCase()] = 1 << (12 - i);
});

/** Ranks as a 13-bit mask (bit 12 = ace) — input may be in any order and case; -1 on a bad rank. */
function rankMask(ranks: string): number {
  let m = 0;
  for (let i = 0; i < ranks.length; i++) {
    const b = RANK_BIT[ranks[i]!];
    if (b === undefined) return -1;
    m |= b;
  }
  return m;
}

function maskRanks(mask: number): string {
  let out = '';
  for (let i = 0; i < 13; i++) if (mask & (1 << (12 - i))) out += RANKS[i];
  return out;
}

/** Ranks in descending order, upper case. */
export function sortRanks(ranks: string): string {
  const m = rankMask(ranks);
  return m < 0 ? ranks : maskRanks(m);
}

/** True when the hand holds the card. */
export function handHas(hand: Hand, card: Card): boolean {
  return hand[card.suit].includes(card.rank);
}

/** The cards of a hand, spades first, each suit in the order written. */
export function handCards(hand: Hand): Card[] {
  const out: Card[] = [];
  for (const suit of SUITS) for (const r of hand[suit]) out.push({ suit, rank: r as Rank });
  return out;
}

/** A copy of the hand without the card (unchanged when it is absent). */
export function removeCard(hand: Hand, card: Card): Hand {
  return { ...hand, [card.suit]: hand[card.suit].replace(card.rank, '') };
}

/** `AKQ.T92..8765432` for a hand, `-` for null. */
export function makeHand(hand: Hand | null): string {
  if (!hand) return '-';
  return SUITS.map((s) => sortRanks(hand[s].toUpperCase())).join('.');
}

/** Options of `parseDeal`: the source position used in error locations. */
export interface ParseDealOptions {
  /** Line/column of the value's first character, for error positions. */
  line?: number;
  column?: number;
  /** Known hands may hold different numbers of cards (a position with a trick in progress); default false. */
  unevenHands?: boolean;
}

/**
 * Reads one hand, spades first: `AKQ.T92..8765432` (case-insensitive; `10` is not allowed).
 * @example
 * ```ts
 * parseHand('AKQ.T92..8765432'); // { ok: true, value: { S: 'AKQ', H: 'T92', D: '', C: '8765432' } }
 * ```
 */
export function parseHand(text: string): Result<Hand> {
  return resultBoundary('parseHand', () => readHand(text));
}

/** `parseHand` with the place of the hand in a longer text, for its errors. */
function readHand(text: string, line?: number, column?: number): Result<Hand, NotationError> {
  const parts = text.split('.');
  if (parts.length !== 4)
    return err(notationError('ERR_PBN_DEAL_SYNTAX', `hand "${text}" must have 4 suits separated by '.'`, line, column));
  const hand = emptyHand();
  for (let i = 0; i < 4; i++) {
    const suit = SUITS[i]!;
    const part = parts[i]!;
    const m = rankMask(part);
    if (m < 0) {
      const bad = [...part].find((ch) => RANK_BIT[ch] === undefined);
      return err(notationError('ERR_PBN_DEAL_SYNTAX', `invalid rank '${bad}' in hand "${text}"`, line, column));
    }
    let bits = 0;
    for (let k = m; k; k &= k - 1) bits++;
    if (bits !== part.length) {
      const seen = new Set<string>();
      const dup = [...part.toUpperCase()].find((ch) => (seen.has(ch) ? true : (seen.add(ch), false)));
      return err(
        notationError('ERR_PBN_DEAL_DUPLICATE', `card ${suit}${dup} appears twice in hand "${text}"`, line, column),
      );
    }
    hand[suit] = maskRanks(m);
  }
  return ok(hand);
}

/**
 * Parses a PBN Deal value `"N:AKQ.T92..8765432 - ..."`: first seat, then 4 hands clockwise.
 * Checks: syntax, no card twice, hands of at most 13 cards, known hands all of the same size
 * (unless `unevenHands`). An unknown hand is `-`. Returns the deal keyed by seat. The one reader of
 * deal text: the PBN reader and the double-dummy solver both use it.
 */
export function parseDeal(text: string, options: ParseDealOptions = {}): Result<Deal, NotationError> {
  return resultBoundary('parseDeal', () => parseDealUnchecked(text, options));
}

function parseDealUnchecked(text: string, options: ParseDealOptions = {}): Result<Deal, NotationError> {
  const { line, column, unevenHands = false } = options;
  const t = text.trim();
  const colon = t.indexOf(':');
  const firstChar = colon >= 0 ? t.slice(0, colon).trim().toUpperCase() : '';
  if (!isSeat(firstChar))
    return err(notationError('ERR_PBN_DEAL_SYNTAX', `deal "${text}" must start with a seat and ':'`, line, column));
  const first = firstChar;
  const hands = t
    .slice(colon + 1)
    .split(/\s+/)
    .filter((h) => h.length > 0);
  if (hands.length !== 4)
    return err(notationError('ERR_PBN_DEAL_SYNTAX', `deal must have 4 hands, found ${hands.length}`, line, column));
  const deal = emptyDeal();
  const used = [0, 0, 0, 0];
  let size = -1;
  for (let i = 0; i < 4; i++) {
    const seat = nextSeat(first, i);
    const h = hands[i]!;
    if (h === '-') continue;
    const r = readHand(h, line, column);
    if (!r.ok) return r;
    const hand = r.value;
    const n = handSize(hand);
    if (n > 13) return err(notationError('ERR_PBN_DEAL_CARDS', `hand of ${seat} has ${n} cards`, line, column));
    if (size >= 0 && n !== size && !unevenHands)
      return err(
        notationError('ERR_PBN_DEAL_CARDS', `hand of ${seat} has ${n} cards, others have ${size}`, line, column),
      );
    size = n;
    for (let k = 0; k < 4; k++) {
      const suit = SUITS[k]!;
      const mask = rankMask(hand[suit]);
      const clash = used[k]! & mask;
      if (clash) {
        const rk = RANKS[12 - (31 - Math.clz32(clash))]!;
        const other = SEATS.find((s2) => deal[s2]?.[suit].includes(rk))!;
        return err(
          notationError('ERR_PBN_DEAL_DUPLICATE', `card ${suit}${rk} dealt to both ${other} and ${seat}`, line, column),
        );
      }
      used[k]! |= mask;
    }
    deal[seat] = hand;
  }
  return ok(deal);
}

/** The Deal value from `first` (default North), e.g. `N:AKQ.T92..8765432 - ...`. */
export function makeDeal(deal: Deal, first: Seat = 'N'): string {
  const hands: string[] = [];
  for (let i = 0; i < 4; i++) hands.push(makeHand(deal[nextSeat(first, i)]));
  return `${first}:${hands.join(' ')}`;
}

/** Number of cards in the known hands (same for all known hands in a valid deal), or -1 if none is known. */
export function dealHandSize(deal: Deal): number {
  for (const s of SEATS) {
    const h = deal[s];
    if (h) return handSize(h);
  }
  return -1;
}

/** True when all four hands are known with 13 cards each. */
export function isFullDeal(deal: Deal): boolean {
  return SEATS.every((s) => deal[s] !== null && handSize(deal[s]!) === 13);
}

/** Which seat holds the card, or null. */
export function holderOf(deal: Deal, card: Card): Seat | null {
  for (const s of SEATS) {
    const h = deal[s];
    if (h && handHas(h, card)) return s;
  }
  return null;
}

const CARDS = new Map<string, Card>();
for (const suit of SUITS) {
  for (const rank of RANKS) {
    const card: Card = Object.freeze({ suit, rank }) as Card;
    for (const text of [
      suit + rank,
      suit + rank.toLowerCase(),
      suit.toLowerCase() + rank,
      suit.toLowerCase() + rank.toLowerCase(),
    ])
      CARDS.set(text, card);
  }
}

/** @internal A card like `SA`, `hT`, or null: the allocation-free form of `parseCard` (the object is shared and frozen). */
export function cardOf(text: string): Card | null {
  return CARDS.get(text) ?? null;
}

/**
 * Reads a card: suit then rank (`SA`, `hT`). The card object is shared and frozen: copy it to
 * change it.
 * @example
 * ```ts
 * parseCard('HT'); // { ok: true, value: { suit: 'H', rank: 'T' } }
 * ```
 */
export function parseCard(text: string): Result<Card> {
  return resultBoundary('parseCard', () => {
    const card = CARDS.get(text);
    return card ? ok(card) : err(notationError('ERR_BRIDGE_CARD', `not a card: ${JSON.stringify(text.slice(0, 20))}`));
  });
}

export { isSeat };
