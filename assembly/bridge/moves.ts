// Move generation: one representative per group of equivalent cards (cards of one hand with no other
// card still in play between them, counting the cards on the table in this trick), each with a weight
// from play heuristics; the list is sorted best first (entry layout at MULTI).
import { hm, agg, seq, msb, handCount } from './state';

/**
 * A move entry: (weight + 2048) << 16 | (15 - generation index) << 12 | top card of the group << 8 |
 * MULTI | suit << 4 | the card played (the group's lowest), so that sorting the entries orders by weight
 * and keeps ties in generation order. MULTI marks a group of several cards; see searchMoves for why its
 * top matters.
 */
export const MULTI: u32 = 0x40;

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

/**
 * Leads, weighted by the heuristics DDS documents for its move ordering (our own code): a suit costs
 * in proportion to the opponents' cards there (a void opponent counts as a full hand, since it
 * discards at will), suits an opponent ruffs or where RHO holds a top card are discouraged, suits
 * where partner ruffs or can be put in for a ruff, or where LHO's top card sits over partner's second,
 * encouraged. A lead that can win the trick (our top card, or partner's, and no ruff against it)
 * prefers cashing when partner holds the second card, a singleton top card of an opponent to ruff, and
 * touching honours; other leads prefer suits where the side holds the second and third cards. The
 * lead that last cut off at this depth (the killer) and the table's best lead get a bonus.
 */
// @ts-ignore: decorator
@inline function leadMoves(out: usize, L: i32, trump: i32, hint: i32, killer: i32): i32 {
  let n = 0;
  const P = L ^ 2;
  const LH = (L + 1) & 3;
  const RH = (L + 3) & 3;
  const rem = handCount(L);
  const trumps = trump < 4 && agg(trump) != 0;
  const trL = trumps ? hm(L, trump) : 0;
  const trP = trumps ? hm(P, trump) : 0;
  const trLH = trumps ? hm(LH, trump) : 0;
  const trRH = trumps ? hm(RH, trump) : 0;
  for (let s = 0; s < 4; s++) {
    let m = hm(L, s);
    if (!m) continue;
    const all = agg(s);
    const mP = hm(P, s);
    const mLH = hm(LH, s);
    const mRH = hm(RH, s);
    const lenL = <i32>popcnt<u32>(m);
    const lenP = <i32>popcnt<u32>(mP);
    const lenLH = <i32>popcnt<u32>(mLH);
    const lenRH = <i32>popcnt<u32>(mRH);
    const topBit = <u32>1 << <u32>msb(all);
    const secondBit = all & ~topBit ? <u32>1 << <u32>msb(all & ~topBit) : 0;
    // Who holds the first, second and third card in play (-1 none): from the owner sequence (no card
    // is on the table at a lead).
    const cardsIn = <i32>popcnt<u32>(all);
    const q = seq(s);
    const w1 = <i32>((q >> <u32>((cardsIn - 1) << 1)) & 3);
    const w2 = cardsIn >= 2 ? <i32>((q >> <u32>((cardsIn - 2) << 1)) & 3) : -1;
    const w3 = cardsIn >= 3 ? <i32>((q >> <u32>((cardsIn - 3) << 1)) & 3) : -1;
    const countLH = (lenLH ? lenLH : rem) << 2;
    const countRH = (lenRH ? lenRH : rem) << 2;
    const side = s != trump;
    let base: i32;
    if (trumps) {
      base = -(((countLH + countRH) << 5) / 13);
      let bonus = 0;
      if (side && ((!mLH && trLH) || (!mRH && trRH))) bonus = -12;
      if (side && !mP && trP && lenRH > 0) bonus += 17;
      if (w1 == RH || w2 == RH) {
        if (lenRH != 1) bonus -= 12;
      } else if (w1 == LH && w2 == P) {
        if (lenP != 1) bonus += 27;
      }
      if (side && lenL == 1 && trL && lenP > 1 && w1 == P) bonus += 19;
      base += bonus;
    } else {
      base = -(((countLH + countRH) << 5) / 19);
      if (!mP) base -= 9;
    }
    const others = all & ~m;
    while (m) {
      const t = msb(m);
      const below = others & ((<u32>1 << t) - 1);
      const lowBound = below ? msb(below) + 1 : 0;
      const g = m & ~((<u32>1 << lowBound) - 1);
      m &= ~g;
      const lo = <i32>ctz<u32>(g);
      const touching = t != lo;
      const tBit = <u32>1 << <u32>t;
      const rRank = <i32>popcnt<u32>(all >> <u32>t);
      const rank = t + 2;
      const isKiller = killer >= 0 && (killer >> 4) == s && (g & (<u32>1 << <u32>(killer & 15))) != 0;
      const isHint = hint >= 0 && (hint >> 4) == s && (g & (<u32>1 << <u32>(hint & 15))) != 0;
      let w = base;
      if (trumps) {
        let win = false;
        if (topBit == tBit) {
          if (!side) win = true;
          else if (mP || !trP) win = (mLH || !trLH) && (mRH || !trRH);
          else win = (mLH || msb(trP) > msb(trLH)) && (mRH || msb(trP) > msb(trRH));
        } else if (msb(mP) > msb(mLH | mRH)) {
          win = !side || ((mLH || !trLH) && (mRH || !trRH));
        } else if (side && !mP && trP) {
          const lhRuffs = !mLH && trLH;
          const rhRuffs = !mRH && trRH;
          if (lhRuffs && rhRuffs) win = msb(trP) > msb(trLH | trRH);
          else if (lhRuffs) win = msb(trP) > msb(trLH);
          else if (rhRuffs) win = msb(trP) > msb(trRH);
          else win = true;
        }
        if (win) {
          if ((lenLH == 1 && w1 == LH) || (lenRH == 1 && w1 == RH)) w += 35 + rRank;
          else if (w1 == L) w += w2 == P ? 48 + rRank : topBit == tBit ? 31 : rRank - 3;
          else if (w1 == P) w += w2 == L ? 42 + rRank : 28 + rRank;
          else if (touching && secondBit == tBit) w += 40;
          else w += touching ? 22 + rRank : 11 + rRank;
          if (isKiller) w += 55;
          else if (isHint) w += 18;
        } else {
          if (w2 == P && w3 == P) w += 20;
          else if (lenP > 1 && ((w2 == L && w3 == P) || (w2 == P && w3 == L))) w += 13;
          if ((lenLH == 1 && w1 == LH) || (lenRH == 1 && w1 == RH)) w += rRank + 2;
          else if (w1 == L) w += w2 == P ? 33 + rRank : topBit == tBit ? 38 : rRank - 14;
          else if (w1 == P) w += 34 + rRank;
          else if (touching && secondBit == tBit) w += 35;
          else w += 17 - rank;
          if (isKiller) w += 18;
        }
      } else {
        if (topBit == tBit || msb(mP) > msb(mLH | mRH)) {
          if (w2 == RH) {
            if (lenRH != 1) w -= 1;
          } else if (w2 == LH) w += lenLH != 1 ? 22 : 16;
          if ((w2 != LH || lenLH == 1) && (w2 != RH || lenRH == 1)) w += 45 + rRank;
          else w += 18 + rRank;
          if (isKiller) w += 126;
          else if (isHint) w += 32;
        } else {
          if (w1 == RH || w2 == RH) {
            if (lenRH != 1) w -= 10;
          } else if (w1 == LH && w2 == P) {
            if (lenP != 1) w += 31;
          }
          if (w2 == P && w3 == P) w += 35;
          else if (lenP > 1 && ((w2 == L && w3 == P) || (w2 == P && w3 == L))) w += 25;
          if ((lenLH == 1 && w1 == LH) || (lenRH == 1 && w1 == RH)) w += 28 + rRank;
          else if (w1 == L) w += rRank - 17;
          else if (!touching) w += 12 + rRank;
          else if (secondBit == tBit) w += 48;
          else w += 29 - rRank;
          if (isKiller) w += 47;
          else if (isHint) w += 19;
        }
      }
      n = push(out, n, w, s, lo, t);
    }
  }
  return n;
}

/** DDS ranks (2..14) of a mask's highest and lowest card; 0 for an empty mask. */
// @ts-ignore: decorator
@inline function rankHi(m: u32): i32 {
  return m ? msb(m) + 2 : 0;
}
// @ts-ignore: decorator
@inline function rankLo(m: u32): i32 {
  return m ? <i32>ctz<u32>(m) + 2 : 0;
}

/** Whether hand h holds the second-best (keepsSecond) or the best (keepsTop) card of suit s in play. */
// @ts-ignore: decorator
@inline function keepsSecond(s: i32, h: i32): bool {
  const all = agg(s);
  const rest = all & ~(<u32>1 << <u32>msb(all));
  return rest != 0 && (hm(h, s) & (<u32>1 << <u32>msb(rest))) != 0;
}
// @ts-ignore: decorator
@inline function keepsTop(s: i32, h: i32): bool {
  const all = agg(s);
  return all != 0 && (hm(h, s) & (<u32>1 << <u32>msb(all))) != 0;
}

/** The lowest card of `m` above rank bit index x (its group is the lowest one headed above x), or -1. */
// @ts-ignore: decorator
@inline function lowestAbove(m: u32, x: i32): i32 {
  const above = x >= 0 ? m & ~((<u32>2 << <u32>x) - 1) : m;
  return above ? <i32>ctz<u32>(above) : -1;
}

/**
 * The card to play to force out the fourth hand's top card (RankForcesAce in DDS's terms): the fourth
 * hand's best card below its top sequence is `secondTop`; when that beats the trick so far, the lowest
 * of our cards above it, else (second hand winning) the lowest of our cards above the winner. As a rank
 * bit index of our cards, or -1.
 */
// @ts-ignore: decorator
@inline function forcingCard(m: u32, c4: u32, ls: i32, winRank: i32, secondWinning: bool): i32 {
  if (!c4) return -1;
  const all = agg(ls);
  // The fourth hand's top sequence: its cards from its top down to the first card of another hand.
  const othersBelow = all & ~c4 & ((<u32>1 << <u32>msb(c4)) - 1);
  const seqFloor = othersBelow ? msb(othersBelow) : -1;
  const restOf4th = seqFloor >= 0 ? c4 & ((<u32>1 << <u32>seqFloor) - 1) : 0;
  if (!restOf4th) return -1;
  const secondTop = msb(restOf4th);
  if (secondTop > winRank) return lowestAbove(m, secondTop);
  if (secondWinning) return lowestAbove(m, winRank);
  return -1;
}

/** followMoves' flag: the moves are already best first. */
const SORTED: i32 = 0x100;

/**
 * Emits the groups of `m` (suit s, split by `others`) from the lowest up, with weight base - rank:
 * best first already.
 */
// @ts-ignore: decorator
@inline function lowFirst(out: usize, n: i32, m: u32, others: u32, s: i32, base: i32): i32 {
  while (m) {
    const lo = <i32>ctz<u32>(m);
    const above = others & ~((<u32>2 << <u32>lo) - 1);
    const g = above ? m & ((<u32>1 << ctz<u32>(above)) - 1) : m;
    m &= ~g;
    const t = msb(g);
    n = push(out, n, base - (t + 2), s, lo, t);
  }
  return n;
}

/**
 * Following (positions 1 to 3), weighted by the heuristics DDS documents for each seat, following suit
 * or void, at no trump and in a trump contract (our own code): second hand plays low unless it can win
 * cheaply or has to split touching cards, third hand wins as cheaply as it can or forces out the fourth
 * hand's top card, fourth hand wins cheaply or plays low; discards come from long suits, not from Kx or
 * a singleton top card; ruffs are cheap, high enough when the next hand can overruff, and avoided when
 * partner's card surely wins. Returns the count, with SORTED when the moves are already best first.
 * (Each case is a function of its own: one large function spilled most of its registers.)
 */
function followMoves(out: usize, pos: i32, H: i32, ls: i32, winHand: i32, winSuit: i32, winRank: i32, trump: i32): i32 {
  const mine = hm(H, ls);
  if (!mine) return voidMoves(out, pos, H, ls, winHand, winSuit, winRank, trump);
  if (pos == 1) return secondFollows(out, H, ls, winRank, trump);
  if (pos == 2) return thirdFollows(out, H, ls, winHand, winSuit, winRank, trump);
  // Fourth hand: partner winning, or an opponent ruffed: low; else win as cheaply as possible (the
  // cheapest winner first, then the lowest losers).
  const others = separators(H, ls);
  if (winHand == (H ^ 2) || (winSuit != ls && trump < 4)) return lowFirst(out, 0, mine, others, ls, 0) | SORTED;
  const above = mine & ~((<u32>2 << <u32>winRank) - 1);
  return lowFirst(out, lowFirst(out, 0, above, others, ls, 30), mine & ~above, others, ls, 0) | SORTED;
}

/** Second hand following suit. */
function secondFollows(out: usize, H: i32, ls: i32, winRank: i32, trump: i32): i32 {
  const mine = hm(H, ls);
  const others = separators(H, ls);
  const all = agg(ls);
  const win = winRank + 2;
  const Ld = (H + 3) & 3;
  const t3 = (H + 1) & 3;
  const pd = (H + 2) & 3;
  const m3 = hm(t3, ls);
  const mpd = hm(pd, ls);
  const max3rd = rankHi(m3);
  const maxpd = rankHi(mpd);
  const min3rd = rankLo(m3);
  const minpd = rankLo(mpd);
  const trumps = trump < 4 && agg(trump) != 0;
  // At no trump, partner beating both opponents: all low.
  if (!trumps && maxpd > win && maxpd > max3rd) return lowFirst(out, 0, mine, others, ls, 0) | SORTED;
  let n = 0;
  let m = mine;
  while (m) {
    const t = msb(m);
    const below = others & ((<u32>1 << t) - 1);
    const lowBound = below ? msb(below) + 1 : 0;
    const g = m & ~((<u32>1 << lowBound) - 1);
    m &= ~g;
    const lo = <i32>ctz<u32>(g);
    const touching = t != lo;
    const rank = t + 2;
    const rRank = <i32>popcnt<u32>(all >> <u32>t);
    let w: i32;
    if (trumps) {
      let wins = false;
      if (ls == trump) {
        wins = (maxpd > win && maxpd > max3rd) || (rank > win && rank > max3rd);
      } else {
        const no3Trumps = !hm(t3, trump);
        const pdTrumps = hm(pd, trump) != 0;
        if (rank > win && rank > max3rd) {
          wins = max3rd != 0 || no3Trumps || (maxpd == 0 && pdTrumps && msb(hm(pd, trump)) > msb(hm(t3, trump)));
        } else if (maxpd > win && maxpd > max3rd) {
          wins = max3rd != 0 || no3Trumps;
        } else if (win > maxpd && win > max3rd && win > rank) {
          if (maxpd == 0 && pdTrumps) wins = max3rd != 0 || no3Trumps || msb(hm(pd, trump)) > msb(hm(t3, trump));
        } else if (maxpd == 0 && pdTrumps) wins = true;
      }
      if (wins) {
        if (min3rd > rank) w = 40 + rRank;
        else if (maxpd > win && msb(hm(Ld, ls)) > msb(mpd)) w = 41 + rRank;
        else if (rank > win) {
          if (rank < maxpd) w = 78 - rank;
          else if (rank > max3rd) w = 73 - rank;
          else w = touching ? 62 - rank : 49 - rank;
        } else w = maxpd > 0 ? 47 - rank : 40 - rank;
      } else if (rank < min3rd || rank < minpd) w = rRank - 9;
      else if (rank < win) w = rRank - 16;
      else w = touching ? 22 - rank : 10 - rank;
    } else {
      if (rank > win && rank > max3rd) w = 81 - rank;
      else if (min3rd > rank || minpd > rank) w = rRank - 3;
      else if (rank < win) w = rRank - 11;
      else w = touching ? 10 + rRank : 13 - rank;
    }
    n = push(out, n, w, ls, lo, t);
  }
  return n;
}

/** Third hand following suit. */
function thirdFollows(out: usize, H: i32, ls: i32, winHand: i32, winSuit: i32, winRank: i32, trump: i32): i32 {
  const mine = hm(H, ls);
  const others = separators(H, ls);
  const win = winRank + 2;
  const partnerWin = winHand == (H ^ 2);
  const trumps = trump < 4 && agg(trump) != 0;
  const c4 = hm((H + 1) & 3, ls);
  const max4th = rankHi(c4);
  const min4th = rankLo(c4);
  const top3 = rankHi(mine);
  // Weights: 1 all low; 2 cards beating the fourth hand and the winner 58 - rank; 3 beating the
  // fourth hand 58 - rank; 4 beating both 60 - rank; 5 beating the winner 20 - rank; else -rank. A
  // bonus card (rank bit index) gets 20 more.
  let mode = 1;
  let bonusCard = -1;
  if (trumps && ls == trump) {
    if (partnerWin && win > max4th) mode = 1;
    else if (top3 < min4th || top3 < win) mode = 1;
    else if (top3 > max4th) mode = 2;
    else bonusCard = forcingCard(mine, c4, ls, winRank, !partnerWin);
  } else if (trumps && winSuit == trump) {
    mode = 1;
  } else if (trumps && partnerWin) {
    if (!max4th || win > max4th || top3 < min4th || top3 < win) mode = 1;
    else if (top3 > max4th) mode = 3;
    else {
      mode = 4;
      bonusCard = forcingCard(mine, c4, ls, winRank, false);
    }
  } else if (trumps) {
    if (!max4th) mode = 5;
    else if (top3 < min4th || top3 < win) mode = 1;
    else if (top3 > max4th) mode = 2;
    else {
      mode = 4;
      bonusCard = forcingCard(mine, c4, ls, winRank, true);
    }
  } else if (partnerWin && win > max4th) {
    // Partner led a singleton below our top card: overtake when our top sequence can run the suit.
    if (!hm((H + 2) & 3, ls) && keepsTop(ls, H)) {
      const lhoLen = <i32>popcnt<u32>(hm((H + 3) & 3, ls));
      let oppLen = <i32>popcnt<u32>(c4) - 1;
      if (lhoLen > oppLen) oppLen = lhoLen;
      const blockers = agg(ls) & ~mine & ~(<u32>1 << <u32>winRank);
      const below = blockers & ((<u32>1 << <u32>msb(mine)) - 1);
      const floor = below ? msb(below) + 1 : 0;
      const topNumber = <i32>popcnt<u32>(mine & ~((<u32>1 << <u32>floor) - 1)) - 1;
      if (oppLen <= topNumber) bonusCard = lowestAbove(mine, winRank);
    }
  } else if (top3 >= min4th && top3 >= win) {
    mode = 4;
    if (max4th > top3 && max4th > win) bonusCard = forcingCard(mine, c4, ls, winRank, !partnerWin);
  }
  if (mode == 1 && bonusCard < 0) return lowFirst(out, 0, mine, others, ls, 0) | SORTED;
  let n = 0;
  let m = mine;
  while (m) {
    const t = msb(m);
    const below = others & ((<u32>1 << t) - 1);
    const lowBound = below ? msb(below) + 1 : 0;
    const g = m & ~((<u32>1 << lowBound) - 1);
    m &= ~g;
    const lo = <i32>ctz<u32>(g);
    const rank = t + 2;
    let w: i32;
    if (mode == 1) w = -rank;
    else if (mode == 2) w = rank > max4th && rank > win ? 58 - rank : -rank;
    else if (mode == 3) w = rank > max4th ? 58 - rank : -rank;
    else if (mode == 4) w = rank > win && rank > max4th ? 60 - rank : -rank;
    else w = rank > win ? 20 - rank : -rank;
    if (bonusCard >= 0 && (g & (<u32>1 << <u32>bonusCard))) w += 20;
    n = push(out, n, w, ls, lo, t);
  }
  return n;
}

/** Void in the led suit: discards and ruffs. */
function voidMoves(out: usize, pos: i32, H: i32, ls: i32, winHand: i32, winSuit: i32, winRank: i32, trump: i32): i32 {
  let n = 0;
  const Ld = (H - pos) & 3;
  const trumps = trump < 4 && agg(trump) != 0;
  const win = winRank + 2;
  const partnerWin = winHand == (H ^ 2);
  const t3 = (H + 1) & 3;
  const pd = (H + 2) & 3;
  for (let s = 0; s < 4; s++) {
    let m = hm(H, s);
    if (!m) continue;
    const sc = <i32>popcnt<u32>(m);
    const kx = sc == 2 && keepsSecond(s, H);
    const stiffTop = sc == 1 && keepsTop(s, H);
    const all = agg(s);
    const others = separators(H, s);
    // A per-suit addend, and per card: 0 plain (-rank + add), 1 ruff (base - rank + add), 2 by overruff.
    let add = 0;
    let base = 0;
    let perCard = 0;
    if (pos == 1) {
      const pdWins = msb(hm(pd, ls)) > max(msb(hm(t3, ls)), winRank);
      if (!trumps) {
        if (pdWins) add = ((sc << 6) / 23) - (kx ? 2 : stiffTop ? 3 : 0);
        else add = ((sc << 6) / 33) - (kx ? 6 : stiffTop ? 8 : 0);
      } else if (ls == trump) {
        if (pdWins) add = (sc << 6) / 44;
        else add = ((sc << 6) / 36) - (kx ? 4 : 0);
      } else if (s != trump) {
        const good = (sc << 6) / 44 + 60;
        const poor = ((sc << 6) / 36) - 2 - (kx ? 4 : 0);
        if (hm(t3, ls)) add = pdWins || (!hm(pd, ls) && hm(pd, trump)) ? good : poor;
        else if (!hm(pd, ls) && msb(hm(pd, trump)) > msb(hm(t3, trump))) add = good;
        else if (!hm(t3, trump) && msb(hm(pd, ls)) > winRank) add = good;
        else add = poor;
      } else if (hm(t3, ls) || (!hm(pd, ls) && hm(pd, trump) && msb(hm(pd, trump)) > msb(hm(t3, trump)))) {
        base = 24;
        add = (sc << 6) / 44;
      } else {
        perCard = 2;
      }
    } else if (pos == 2) {
      if (!trumps) add = ((sc << 6) / 24) - (kx || stiffTop ? 4 : 0);
      else if (ls == trump || s != trump) add = (sc << 6) / 40;
      else {
        const c4 = hm((H + 1) & 3, ls);
        const max4th = rankHi(c4);
        if (partnerWin && win > max4th && (max4th != 0 || !hm((H + 1) & 3, trump))) {
          base = -50;
        } else perCard = 3;
      }
    } else {
      if (!trumps) add = ((sc << 6) / 27) - (kx ? 6 : stiffTop ? 8 : 0);
      else {
        const val = ((sc << 6) / 24) - (kx ? 2 : 0);
        if (ls == trump) add = val;
        else if (partnerWin) {
          add = val;
          base = s == trump ? 2 : 25;
        } else if (winSuit == trump) {
          if (s == trump) perCard = 4;
          else {
            add = val;
            base = 14;
          }
        } else if (s == trump) perCard = 5;
        else {
          add = val;
          base = 14;
        }
      }
    }
    while (m) {
      const t = msb(m);
      const below = others & ((<u32>1 << t) - 1);
      const lowBound = below ? msb(below) + 1 : 0;
      const g = m & ~((<u32>1 << lowBound) - 1);
      m &= ~g;
      const lo = <i32>ctz<u32>(g);
      const rank = t + 2;
      let w: i32;
      if (perCard == 0) w = base - rank + add;
      else if (perCard == 2) {
        // Second hand ruffs, everybody void: over the third hand's trumps, or make its trick costly.
        if (t > msb(hm(t3, trump))) w = 24 - rank + (sc << 6) / 44;
        else w = 15 - rank + ((sc << 6) / 36) - (kx ? 4 : 0);
      } else if (perCard == 3) {
        const c4 = hm((H + 1) & 3, ls);
        const sa = (sc << 6) / 50;
        if (winSuit == trump && t < winRank) w = rRankOf(all, t) - 32 + (sc << 6) / 40;
        else if (partnerWin) {
          if (c4) w = (keepsSecond(ls, Ld) ? 36 : 48) - rank + sa;
          else if (t > msb(hm((H + 1) & 3, trump))) w = 48 - rank + sa;
          else w = -12 - rank + sa;
        } else if (c4) w = 72 - rank + sa;
        else if (t > msb(hm((H + 1) & 3, trump))) w = 48 - rank + sa;
        else w = 36 - rank + sa;
      } else if (perCard == 4) w = t > winRank ? 33 + rRankOf(all, t) : rRankOf(all, t) - 13;
      else w = 33 + rRankOf(all, t);
      n = push(out, n, w, s, lo, t);
    }
  }
  return n;
}

/** The relative rank of bit t among the cards in play `all` (1 = the highest). */
// @ts-ignore: decorator
@inline function rRankOf(all: u32, t: i32): i32 {
  return <i32>popcnt<u32>(all >> <u32>t);
}

/** Appends a move entry (see MULTI). */
// @ts-ignore: decorator
@inline function push(out: usize, n: i32, w: i32, s: i32, r: i32, hi: i32): i32 {
  store<u32>(out + (<usize>n << 2), (<u32>(w + 2048) << 16) | (<u32>(15 - n) << 12) | (<u32>hi << 8) | (hi != r ? MULTI : 0) | (<u32>s << 4) | <u32>r);
  return n + 1;
}

/**
 * Generates the moves for `hand` at position `pos` of the trick, sorted best first. The
 * trick so far: lead suit, the winning hand, suit and rank. Leads only: `hint` (the table's best lead)
 * and `killer` are cards (suit << 4 | rank) to try early, or -1.
 */
// @ts-ignore: decorator
@inline export function genMoves(out: usize, pos: i32, hand: i32, leadSuit: i32, winHand: i32, winSuit: i32, winRank: i32, trump: i32, hint: i32, killer: i32): i32 {
  setSeparator(pos == 0 ? -1 : winSuit, winRank);
  let n: i32;
  if (pos == 0) n = leadMoves(out, hand, trump, hint, killer);
  else {
    n = followMoves(out, pos, hand, leadSuit, winHand, winSuit, winRank, trump);
    if (n & SORTED) return n & 0xff;
  }
  sortMoves(out, n);
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
