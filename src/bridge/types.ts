/**
 * Core bridge model types shared by the PBN reader/writer, scoring and the double-dummy solver.
 * Plain JSON-serialisable data only.
 */
export type Seat = 'N' | 'E' | 'S' | 'W';
/** A suit: spades, hearts, diamonds, clubs. */
export type Suit = 'S' | 'H' | 'D' | 'C';
/** A denomination: a suit or no trump. */
export type Strain = Suit | 'NT';
/** A card rank, ace high (`T` is the ten). */
export type Rank = 'A' | 'K' | 'Q' | 'J' | 'T' | '9' | '8' | '7' | '6' | '5' | '4' | '3' | '2';

/** A playing card. */
export interface Card {
  suit: Suit;
  rank: Rank;
}

/** Ranks of each suit in descending order, e.g. `{ S: 'AKQ', H: 'T92', D: '', C: '8765432' }`. */
export type Hand = Record<Suit, string>;

/** The four hands; `null` is an unknown hand (`-` in PBN). */
export type Deal = Record<Seat, Hand | null>;

/** Seats in clockwise order starting with North. */
export const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];
/** Suits from highest to lowest (the PBN hand order). */
export const SUITS: readonly Suit[] = ['S', 'H', 'D', 'C'];
/** Strains: suits then notrump. */
export const STRAINS: readonly Strain[] = ['S', 'H', 'D', 'C', 'NT'];
/** Ranks from highest to lowest. */
export const RANKS: readonly Rank[] = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'];

/** Vulnerability: neither side, North-South, East-West, or both. */
export type Vulnerability = 'None' | 'NS' | 'EW' | 'All';

/** Undoubled, doubled (`X`) or redoubled (`XX`). */
export type Risk = '' | 'X' | 'XX';

/** A contract. `level` 0 with `strain` set is a denomination-only contract (end positions). */
export interface Contract {
  level: number; // 1..7, or 0 for denomination only
  strain: Strain;
  risk: Risk;
}

/** Seat number: N 0, E 1, S 2, W 3. */
export function seatIndex(seat: Seat): number {
  return SEATS.indexOf(seat);
}

/** The seat `n` places clockwise (negative `n` goes back). */
export function nextSeat(seat: Seat, n = 1): Seat {
  return SEATS[(((SEATS.indexOf(seat) + n) % 4) + 4) % 4]!;
}

/** The partner's seat. */
export function partner(seat: Seat): Seat {
  return nextSeat(seat, 2);
}

/** The seat on the left (next clockwise). */
export function lho(seat: Seat): Seat {
  return nextSeat(seat, 1);
}

/** The seat on the right (previous clockwise). */
export function rho(seat: Seat): Seat {
  return nextSeat(seat, 3);
}

/** 'NS' for North/South, 'EW' for East/West. */
export function sideOf(seat: Seat): 'NS' | 'EW' {
  return seat === 'N' || seat === 'S' ? 'NS' : 'EW';
}

/** True when the seat's side is vulnerable. */
export function isVulnerable(vul: Vulnerability, seat: Seat): boolean {
  return vul === 'All' || vul === sideOf(seat);
}

/** Numeric rank: ace 14 down to two 2. */
export function rankValue(rank: Rank): number {
  return 14 - RANKS.indexOf(rank);
}

/** True for `N`, `E`, `S` or `W`. */
export function isSeat(x: string): x is Seat {
  return x === 'N' || x === 'E' || x === 'S' || x === 'W';
}

/** True for `S`, `H`, `D` or `C`. */
export function isSuit(x: string): x is Suit {
  return x === 'S' || x === 'H' || x === 'D' || x === 'C';
}

/** True for a rank letter (`A`, `K`, …, `T`, `9`..`2`). */
export function isRank(x: string): x is Rank {
  return x.length === 1 && RANKS.includes(x as Rank);
}

/** A card as PBN writes it: suit then rank (`SA`, `H7`). */
export function makeCard(card: Card): string {
  return card.suit + card.rank;
}
