// Move generation: one representative per group of equivalent cards (cards of one hand with no other
// card still in play between them, counting the cards on the table in this trick), each with a weight
// from play heuristics; the list is sorted best first (entry layout at MULTI).
import { hm, msb, handCount } from './state';

/**
 * A move entry: weight << 12 | top card of the group << 8 | MULTI | suit << 4 | the card played (the
 * group's lowest). MULTI marks a group of several cards; see searchMoves for why its top matters.
 */
export const MULTI: u32 = 0x40;

// @ts-ignore: decorator
@inline function push(out: usize, n: i32, w: i32, s: i32, r: i32, hi: i32): i32 {
  store<u32>(out + (<usize>n << 2), (<u32>(w + 1000) << 12) | (<u32>hi << 8) | (hi != r ? MULTI : 0) | (<u32>s << 4) | <u32>r);
  return n + 1;
}

/** Top rank of a mask, -1 if empty. */
// @ts-ignore: decorator
@inline function top(m: u32): i32 {
  return msb(m);
}

/**
 * Card of the current trick that separates groups: only the winning card. A card on the table that is
 * not winning leaves the trick with it, so two cards it lies between have the same outcome and leave
 * the same relative ranks behind.
 */
let sepSuit: i32 = -1;
let sepBit: u32 = 0;

/** Cards that split hand h's holding of suit s into groups: the other hands' cards and the trick's winner. */
// @ts-ignore: decorator
@inline export function separators(h: i32, s: i32): u32 {
  const held = hm(0, s) | hm(1, s) | hm(2, s) | hm(3, s);
  return (held & ~hm(h, s)) | (s == sepSuit ? sepBit : 0);
}

/** Sets the trick's winning card as the only table separator (suit -1: none, at a trick's start). */
export function setSeparator(suit: i32, rank: i32): void {
  sepSuit = suit;
  sepBit = suit >= 0 ? <u32>1 << <u32>rank : 0;
}

/** Bonus of the lead that last cut off at the same depth (the killer), and of the table's best lead. */
const KILLER_BONUS: i32 = 40;
const TABLE_LEAD_BONUS: i32 = 40;

/** Emits the groups of suit s for hand h with weight fn(kind). Returns the new count. */
// @ts-ignore: decorator
@inline function groups(out: usize, n: i32, h: i32, s: i32, kind: i32, p0: i32, p1: i32, hint: i32, killer: i32): i32 {
  let m = hm(h, s);
  const others = separators(h, s);
  while (m) {
    const t = msb(m);
    const below = others & ((<u32>1 << t) - 1);
    const lowBound = below ? msb(below) + 1 : 0;
    const g = m & ~((<u32>1 << lowBound) - 1);
    m &= ~g;
    const lo = <i32>ctz<u32>(g);
    let w = weight(kind, s, t, lo, p0, p1);
    if (hint >= 0 && (g & (<u32>1 << hint))) w += TABLE_LEAD_BONUS;
    else if (killer >= 0 && (g & (<u32>1 << killer))) w += KILLER_BONUS;
    n = push(out, n, w, s, lo, t);
  }
  return n;
}

// Kinds of weighting.
const LEAD_TOP = 0; // leader holds the top card of the suit; p0 = 1 if opponents will ruff
const LEAD_TO_PARTNER = 1; // partner holds the top card; p0 = 1 if opponents will ruff
const LEAD_RUFF = 2; // partner can ruff; p0 = 1 if LHO can overruff
const LEAD_OTHER = 3; // p0 = 1 if RHO holds the top card
const FOLLOW = 4; // p0 = rank to beat (or 99 if cannot win), p1 = flags: 1 partner wins surely, 2 card must beat p1>>8 to be sure
const RUFF = 5; // p0 = rank to beat in trumps (-1 if the trick is not ruffed), p1 = flags
const DISCARD = 6; // p0 = length of the suit

// @ts-ignore: decorator
@inline function weight(kind: i32, s: i32, hi: i32, lo: i32, p0: i32, p1: i32): i32 {
  switch (kind) {
    // Leads: p1 = the cost of the opponents' cards in the suit (a void opponent discards at will: it
    // costs as much as a full hand), so suits where they are short come first.
    case LEAD_TOP:
      // A low card from the suit whose top card the leader holds comes after cashing it.
      // p0 bit 1: RHO holds the second card, guarded: cashing the top card sets it up.
      // p0 bit 2: partner holds the second card, so a low card is a sure trick too.
      if (hi != (p0 >> 8)) return (p0 & 4 ? (p0 & 1 ? 14 : 34) : 5) - p1 - (lo >> 1);
      return (p0 & 1 ? 20 : 40) - (p0 & 2 ? 25 : 0) - p1 + (hi >> 1);
    case LEAD_TO_PARTNER:
      return (p0 & 1 ? 20 : 42) - (p0 & 2 ? 25 : 0) - p1 - (lo >> 1);
    case LEAD_RUFF:
      return (p0 ? 25 : 45) - lo - p1;
    case LEAD_OTHER: {
      // p0 bit 0: RHO holds one of the two top cards (and more): leading gives it a cheap trick; bit 1:
      // LHO holds the top card and partner the second, guarded: a lead through LHO sets it up; bit 2:
      // an opponent ruffs.
      let w = (p0 & 1 ? 18 : 28) + (p0 & 2 ? 25 : 0) - (p0 & 4 ? 12 : 0) - p1 - (lo >> 1);
      if (hi > lo && hi >= 8) w += 6; // the top of touching honours
      return w;
    }
    case FOLLOW: {
      // p1 bit 1: partner surely wins -> play low. Otherwise p0 = rank to beat now, p1 >> 8 = rank the
      // later opponent can reach (-1 none, 99 may ruff).
      if (p1 & 1) return 70 - lo;
      if (hi > p0) {
        const later = p1 >> 8;
        if (hi > later && later != 99) return 80 - lo; // a sure winner: the lowest one first
        if (p1 & 2) return 10 + (hi >> 1); // second hand: low before covering
        return 40 + hi; // third hand: beats the trick but may be beaten later
      }
      return 30 - lo;
    }
    case RUFF: {
      if (p1 & 1) return 5 - lo; // partner wins: do not waste a trump
      if (hi > p0) {
        const later = p1 >> 8;
        if (hi > later && later != 99) return 75 - lo;
        return 45 + hi;
      }
      return 5 - lo; // underruff
    }
    default:
      // DISCARD: keep high cards; prefer low cards from long suits.
      return 35 - hi + (p0 << 1);
  }
}

/**
 * Generates the moves for `hand` at position `pos` of the trick. The trick so far: lead suit, the
 * winning hand, suit and rank. Leads only: `hint` (the table's best lead) and `killer` are cards
 * (suit << 4 | rank) to try early, or -1.
 */
// @ts-ignore: decorator
@inline export function genMoves(out: usize, pos: i32, hand: i32, leadSuit: i32, winHand: i32, winSuit: i32, winRank: i32, trump: i32, hint: i32, killer: i32): i32 {
  let n = 0;
  setSeparator(pos == 0 ? -1 : winSuit, winRank);
  const hintSuit = hint >= 0 ? hint >> 4 : -1;
  const hintRank = hint >= 0 ? hint & 15 : -1;
  const killerSuit = killer >= 0 ? killer >> 4 : -1;
  const killerRank = killer >= 0 ? killer & 15 : -1;
  if (pos == 0) {
    const P = hand ^ 2;
    const A = (hand + 1) & 3;
    const B = (hand + 3) & 3;
    const aTr = trump < 4 && hm(A, trump) != 0;
    const bTr = trump < 4 && hm(B, trump) != 0;
    const pTr = trump < 4 && hm(P, trump) != 0;
    const cards = handCount(hand);
    for (let s = 0; s < 4; s++) {
      const mL = hm(hand, s);
      if (!mL) continue;
      const hs = s == hintSuit ? hintRank : -1;
      const ks = s == killerSuit ? killerRank : -1;
      const mA = hm(A, s);
      const mB = hm(B, s);
      const mP = hm(P, s);
      const oppRuff = s != trump && ((aTr && !mA) || (bTr && !mB)) ? 1 : 0;
      const topOpp = top(mA | mB);
      const topP = top(mP);
      const topL = top(mL);
      const oppCards = (mA ? <i32>popcnt<u32>(mA) : cards) + (mB ? <i32>popcnt<u32>(mB) : cards);
      const pot = oppCards * (trump < 4 ? 10 : 7);
      const all = mL | mA | mB | mP;
      const t1 = <u32>1 << <u32>top(all);
      const t2 = <u32>1 << <u32>top(all & ~t1);
      const lenB = popcnt<u32>(mB);
      const rhoHigh = lenB >= 2 && ((mB & t1) != 0 || (mB & t2) != 0) ? 1 : 0;
      if (topL > topOpp && topL > topP) {
        const partnerSecond = (mP & t2) != 0 ? 4 : 0;
        n = groups(out, n, hand, s, LEAD_TOP, oppRuff | (rhoHigh << 1) | partnerSecond | (topL << 8), pot, hs, ks);
      } else if (topP > topOpp) {
        n = groups(out, n, hand, s, LEAD_TO_PARTNER, oppRuff | (rhoHigh << 1), pot, hs, ks);
      } else if (s != trump && pTr && !mP && mA) {
        n = groups(out, n, hand, s, LEAD_RUFF, (bTr && !mB) ? 1 : 0, pot, hs, ks);
      } else {
        const lenP = popcnt<u32>(mP);
        const finesse = !rhoHigh && (mA & t1) != 0 && (mP & t2) != 0 && lenP >= 2 ? 2 : 0;
        n = groups(out, n, hand, s, LEAD_OTHER, rhoHigh | finesse | (oppRuff << 2), pot, hs, ks);
      }
    }
    return n;
  }
  const partnerWinning = (winHand & 1) == (hand & 1);
  // The rank later opponents can reach: only the 4th hand after pos 1 (the leader's partner is an
  // opponent of pos 1) or pos 2. For pos 1 the next hand (pos 2) is an opponent; for pos 2 the next
  // (pos 3) is an opponent; at pos 3 nobody follows.
  let later = -1;
  if (pos < 3) {
    const nx = (hand + 1) & 3;
    const mN = hm(nx, leadSuit);
    if (mN) later = top(mN);
    else if (trump < 4 && leadSuit != trump && hm(nx, trump)) later = 99;
  }
  const mine = hm(hand, leadSuit);
  if (mine) {
    let flags = 0;
    let beat = winSuit == leadSuit ? winRank : 99;
    if (partnerWinning) {
      // Partner's card wins unless the next opponent can beat it.
      if (winSuit != leadSuit || (later != 99 && winRank > later) || pos == 3) flags = 1;
    } else if (pos == 1) {
      // Second hand: partner, last to play, beats the led card and everything the third hand holds.
      const p4 = top(hm(hand ^ 2, leadSuit));
      if (p4 > winRank && p4 > later && later != 99) flags = 1;
    }
    // The later-reach value only matters if the trick is still in the lead suit.
    const p1 = flags | (pos == 1 ? 2 : 0) | ((winSuit == leadSuit ? later : 99) << 8);
    return groups(out, 0, hand, leadSuit, FOLLOW, beat, p1, -1, -1);
  }
  // Void: ruff or discard.
  let partnerSure = false;
  if (partnerWinning) {
    if (pos == 3) partnerSure = true;
    else if (winSuit == leadSuit) partnerSure = later != 99 && winRank > later;
    else {
      const nx = (hand + 1) & 3;
      partnerSure = hm(nx, leadSuit) != 0 || top(hm(nx, trump)) < winRank;
    }
  }
  for (let s = 0; s < 4; s++) {
    if (!hm(hand, s)) continue;
    if (s == trump) {
      // To be beaten later, the next hand must overruff.
      let laterTrump = -1;
      if (pos < 3) {
        const nx = (hand + 1) & 3;
        if (!hm(nx, leadSuit) && hm(nx, trump)) laterTrump = top(hm(nx, trump));
      }
      const beat = winSuit == trump ? winRank : -1;
      n = groups(out, n, hand, s, RUFF, beat, (partnerSure ? 1 : 0) | (laterTrump << 8), -1, -1);
    } else {
      n = groups(out, n, hand, s, DISCARD, <i32>popcnt<u32>(hm(hand, s)), 0, -1, -1);
    }
  }
  return n;
}

/** Sorts the n moves at `out` by weight, best first (insertion sort; n <= 13). */
export function sortMoves(out: usize, n: i32): void {
  for (let i = 1; i < n; i++) {
    const v = load<u32>(out + (<usize>i << 2));
    let j = i - 1;
    while (j >= 0 && load<u32>(out + (<usize>j << 2)) < v) {
      store<u32>(out + (<usize>(j + 1) << 2), load<u32>(out + (<usize>j << 2)));
      j--;
    }
    store<u32>(out + (<usize>(j + 1) << 2), v);
  }
}
