/** Card play: following suit, trumps, who leads next, tricks won (format independent). */
import { handHas, cardOf } from './deal.js';
import { type Card, type Deal, type Hand, type Seat, type Strain, RANKS, SEATS, nextSeat, sideOf } from './types.js';

/** One card of the play section as read from PBN, with its irregularity flags. */
export interface CardInput {
  /** `SA`…, `-` (unknown / not played) or `+` (next card to play). */
  card: string;
  /** `R` revoke, `L` lead out of turn. */
  irregular?: 'R' | 'L';
}

/** One problem found in the play, at card `index`, with its error code. */
export interface PlayIssue {
  index: number;
  code: string;
  message: string;
}

/** What `analysePlay` finds: known tricks, tricks won by each side, issues. */
export interface PlayAnalysis {
  /** Completed tricks whose four cards are all known. */
  knownTricks: number;
  /** Tricks won by the declaring side and by the defence among the known tricks. */
  declarerTricks: number;
  defenceTricks: number;
  /** Tricks (complete or not) given in the play section. */
  tricksGiven: number;
  /** Seat on lead after the last known trick, when known. */
  nextLeader?: Seat;
  /** Winner of each completed trick (null when unknown). */
  winners: (Seat | null)[];
  issues: PlayIssue[];
}

const SEAT_INDEX: Record<Seat, number> = { N: 0, E: 1, S: 2, W: 3 };

function rankIndex(r: string): number {
  return RANKS.indexOf(r as Card['rank']);
}

/** Whether `card` beats `best`, the card winning the trick so far: higher in its suit, or a trump over a plain card. */
function beats(card: Card, best: Card, trump: Strain | undefined): boolean {
  return card.suit === best.suit ? rankIndex(card.rank) < rankIndex(best.rank) : card.suit === trump;
}

/**
 * The winner of a trick: the index in `cards` (playing order, the lead first) of the card that
 * takes it, the highest trump or else the highest card of the suit led. The one place this rule is written.
 */
export function trickWinner(cards: readonly Card[], trump: Strain | undefined): number {
  let win = 0;
  for (let i = 1; i < cards.length; i++) if (beats(cards[i]!, cards[win]!, trump)) win = i;
  return win;
}

/**
 * Walks the play section: `cards` are in PBN column order (trick k = cards[4k..4k+3], column i is
 * seat `leader + i`). `declarer` defaults to the opening leader's right-hand opponent.
 */
export function analysePlay(
  deal: Deal | undefined,
  trump: Strain | undefined,
  leader: Seat,
  cards: CardInput[],
  declarer?: Seat,
): PlayAnalysis {
  const issues: PlayIssue[] = [];
  const hands: Record<Seat, Hand | null> = { N: null, E: null, S: null, W: null };
  let handSize = 13;
  if (deal)
    for (const s of SEATS) {
      hands[s] = deal[s] ? { ...deal[s]! } : null;
      if (deal[s]) handSize = deal[s]!.S.length + deal[s]!.H.length + deal[s]!.D.length + deal[s]!.C.length;
    }
  const decl = declarer ?? nextSeat(leader, 3);
  const played = new Set<Card>();
  const leaderIndex = SEAT_INDEX[leader];
  const winners: (Seat | null)[] = [];
  let trickLeader: Seat | null = leader;
  let knownTricks = 0;
  let declTricks = 0;
  let defTricks = 0;
  let plusSeen = false;
  const tricksGiven = Math.ceil(cards.length / 4);
  if (tricksGiven > handSize)
    issues.push({
      index: handSize * 4,
      code: 'PLAY_TOO_MANY',
      message: `more than ${handSize} tricks in the play section`,
    });
  for (let t = 0; t < tricksGiven && t < handSize; t++) {
    const base = t * 4;
    const n = Math.min(4, cards.length - base);
    const seatOf = (col: number): Seat => SEATS[(leaderIndex + col) & 3]!;
    const colOf = (seat: Seat): number => (SEAT_INDEX[seat] - leaderIndex + 4) & 3;
    // who leads this trick: ^L overrides
    let leadSeat = trickLeader;
    for (let c = 0; c < n; c++) {
      if (cards[base + c]!.irregular === 'L') {
        const s = seatOf(c);
        if (trickLeader && s === trickLeader)
          issues.push({ index: base + c, code: 'PLAY_LEAD_IRREGULAR', message: `^L but ${s} is on lead` });
        leadSeat = s;
      }
    }
    const first = leadSeat ? colOf(leadSeat) : 0;
    let led: Card | null = null;
    let best: { card: Card; seat: Seat } | null = null;
    let unknown = !leadSeat;
    let complete = true;
    for (let k = 0; k < 4; k++) {
      const col = (first + k) & 3;
      if (col >= n) {
        complete = false;
        continue;
      }
      const idx = base + col;
      const entry = cards[idx]!;
      const seat = seatOf(col);
      if (entry.card === '+') {
        if (plusSeen) issues.push({ index: idx, code: 'PLAY_AFTER_PLUS', message: 'a second + in the play section' });
        plusSeen = true;
        unknown = true;
        complete = false;
        continue;
      }
      if (entry.card === '-') {
        unknown = true;
        continue;
      }
      if (plusSeen)
        issues.push({
          index: idx,
          code: 'PLAY_AFTER_PLUS',
          message: `card ${entry.card} after + (the next card to play)`,
        });
      const card = cardOf(entry.card);
      if (!card) {
        unknown = true; // syntax errors are reported by the reader
        continue;
      }
      const key = entry.card.toUpperCase();
      const hand = hands[seat];
      if (played.has(card)) {
        issues.push({ index: idx, code: 'PLAY_CARD_PLAYED', message: `${key} has already been played` });
        unknown = true;
        continue;
      }
      if (hand && !handHas(hand, card)) {
        issues.push({ index: idx, code: 'PLAY_CARD_NOT_IN_HAND', message: `${seat} does not hold ${key}` });
        unknown = true;
        continue;
      }
      if (!hand && deal) {
        // another known hand holds it?
        const holder = SEATS.find((s) => hands[s] && handHas(hands[s]!, card));
        if (holder) {
          issues.push({
            index: idx,
            code: 'PLAY_CARD_NOT_IN_HAND',
            message: `${key} belongs to ${holder}, not ${seat}`,
          });
          unknown = true;
          continue;
        }
      }
      played.add(card);
      const isLead = k === 0 && !unknown && leadSeat !== null;
      if (isLead) {
        if (entry.irregular === 'R')
          issues.push({ index: idx, code: 'PLAY_REVOKE_MARK', message: `^R on the lead ${key}` });
        led = card;
        best = { card, seat };
      } else if (led && !unknown) {
        const follows = card.suit === led.suit;
        const couldFollow = hand ? hand[led.suit].length > 0 : null;
        if (!follows && couldFollow === true && entry.irregular !== 'R') {
          issues.push({
            index: idx,
            code: 'PLAY_REVOKE',
            message: `${seat} plays ${key} but holds ${led.suit} (failing to follow suit needs ^R)`,
          });
        } else if (entry.irregular === 'R' && (follows || couldFollow === false)) {
          issues.push({ index: idx, code: 'PLAY_REVOKE_MARK', message: `^R on ${key}, which is not a revoke` });
        }
        if (best) {
          if (beats(card, best.card, trump)) best = { card, seat };
        }
      } else if (entry.irregular === 'R' && !led) {
        // cannot tell without the lead
      }
      if (hand) hand[card.suit] = hand[card.suit].replace(card.rank, '');
    }
    if (!complete) {
      winners.push(null);
      break;
    }
    if (unknown || !best) {
      winners.push(null);
      trickLeader = null;
      continue;
    }
    winners.push(best.seat);
    trickLeader = best.seat;
    knownTricks++;
    if (sideOf(best.seat) === sideOf(decl)) declTricks++;
    else defTricks++;
  }
  const out: PlayAnalysis = {
    knownTricks,
    declarerTricks: declTricks,
    defenceTricks: defTricks,
    tricksGiven,
    winners,
    issues,
  };
  if (trickLeader) out.nextLeader = trickLeader;
  return out;
}
