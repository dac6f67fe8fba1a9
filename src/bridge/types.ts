/**
 * Core bridge model types shared by the PBN reader/writer, scoring and the double-dummy solver.
 * Plain JSON-serialisable data only.
 */
export type Seat = 'N' | 'E' | 'S' | 'W';
export type Suit = 'S' | 'H' | 'D' | 'C';
export type Strain = Suit | 'NT';
export type Rank = 'A' | 'K' | 'Q' | 'J' | 'T' | '9' | '8' | '7' | '6' | '5' | '4' | '3' | '2';

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

export type Risk = '' | 'X' | 'XX';

/** A contract. `level` 0 with `strain` set is a denomination-only contract (end positions). */
export interface Contract {
  level: number; // 1..7, or 0 for denomination only
  strain: Strain;
  risk: Risk;
}

export function seatIndex(seat: Seat): number {
  return SEATS.indexOf(seat);
}

export function nextSeat(seat: Seat, n = 1): Seat {
  return SEATS[(((SEATS.indexOf(seat) + n) % 4) + 4) % 4]!;
}

export function partner(seat: Seat): Seat {
  return nextSeat(seat, 2);
}

export function lho(seat: Seat): Seat {
  return nextSeat(seat, 1);
}

export function rho(seat: Seat): Seat {
  return nextSeat(seat, 3);
}

/** 'NS' for North/South, 'EW' for East/West. */
export function sideOf(seat: Seat): 'NS' | 'EW' {
  return seat === 'N' || seat === 'S' ? 'NS' : 'EW';
}

export function isVulnerable(vul: Vulnerability, seat: Seat): boolean {
  return vul === 'All' || vul === sideOf(seat);
}

export function rankValue(rank: Rank): number {
  return 14 - RANKS.indexOf(rank);
}

export function isSeat(x: string): x is Seat {
  return x === 'N' || x === 'E' || x === 'S' || x === 'W';
}

export function isSuit(x: string): x is Suit {
  return x === 'S' || x === 'H' || x === 'D' || x === 'C';
}

export function isRank(x: string): x is Rank {
  return x.length === 1 && RANKS.includes(x as Rank);
}

export function cardToString(card: Card): string {
  return card.suit + card.rank;
}
