// Bounds at a trick boundary for the side on lead: quick tricks (a lower bound: winners the leader can
// cash while keeping the lead) and later tricks (an upper bound: tricks the opponents surely win).
import { hm, msb, handCount, agg } from './state';

/** Per suit (index = suit) tricks and relevant ranks of the last ownTricks, and the partner's discard cap. */
const suitTricks = new StaticArray<i32>(4);
const suitRel = new StaticArray<u64>(4);
let sideCap: i32 = 99;
/** The branch chosen by quickTricks: per-suit tricks and ranks, cap, and the entry's ranks. */
const bestTricks = new StaticArray<i32>(4);
const bestRelS = new StaticArray<u64>(4);
let bestCap: i32 = 99;
let bestTrump: i32 = 4;
let entryRel: u64 = 0;

/**
 * Tricks the leader can cash from its own hand, keeping the lead: per suit, round by round from the top
 * while its card beats every other hand still holding the suit (partner unblocking). In a trump
 * contract the top trumps are cashed first and draw the other hands' trumps; side-suit rounds are then
 * limited by the length of each opponent who still holds trumps, and by partner's side-suit cards when
 * partner still holds trumps (so partner is never forced to ruff).
 */
function ownTricks(L: i32, trump: i32, rem: i32): i32 {
  const P = L ^ 2;
  const A = (L + 1) & 3;
  const B = (L + 3) & 3;
  // Whether each opponent can still ruff once the leader's top trumps are cashed (set after them).
  let aTr = false;
  let bTr = false;
  let side = 0;
  let trumpTricks = 0;
  for (let s = 0; s < 4; s++) {
    unchecked(suitTricks[s] = 0);
    unchecked(suitRel[s] = 0);
  }
  sideCap = 99;
  let trumpRounds = 0;
  // Trumps first: each top trump cashed draws a trump from every hand that still holds one.
  for (let k = 0; k < 5; k++) {
    const s = k == 0 ? trump : k - 1;
    if (k == 1 && trump < 4) {
      aTr = <i32>popcnt<u32>(hm(A, trump)) > trumpRounds;
      bTr = <i32>popcnt<u32>(hm(B, trump)) > trumpRounds;
    }
    if (s == 4 || (k > 0 && s == trump)) continue;
    const mL = hm(L, s);
    if (!mL) continue;
    const mA = hm(A, s);
    const mB = hm(B, s);
    const mP = hm(P, s);
    const lA = <i32>popcnt<u32>(mA);
    const lB = <i32>popcnt<u32>(mB);
    const lP = <i32>popcnt<u32>(mP);
    const tA = msb(mA);
    const tB = msb(mB);
    // Cash from the top: round i wins while the i-th card beats the top card of every other hand that
    // still holds the suit at round i (a hand that keeps its top card is the worst case).
    // Partner unblocks: it plays its highest card under the leader's first, its next under the second...
    let w = 0;
    let rest = mL;
    let restP = mP;
    let pinned: u32 = 0;
    while (rest) {
      const x = msb(rest);
      const i = w + 1;
      if ((lA >= i && tA > x) || (lB >= i && tB > x) || msb(restP) > x) break;
      if (lA >= i || lB >= i || lP >= i) pinned = <u32>1 << <u32>x;
      rest &= ~(<u32>1 << <u32>x);
      if (restP) restP &= ~(<u32>1 << <u32>msb(restP));
      w++;
    }
    if (!w) continue;
    // The lowest card that had to beat someone, and every card above it, decide the count.
    const r1: u64 = pinned ? <u64>(mL & ~(pinned - 1)) << (<u64>s << 4) : 0;
    unchecked(suitRel[s] = r1);
    if (s == trump) {
      trumpTricks = w;
      trumpRounds = w;
      unchecked(suitTricks[s] = w);
      continue;
    }
    if (aTr && lA < w) w = lA;
    if (bTr && lB < w) w = lB;
    side += w;
    unchecked(suitTricks[s] = w);
  }
  if (trump < 4 && <i32>popcnt<u32>(hm(P, trump)) > trumpRounds) {
    const free = handCount(P) - <i32>popcnt<u32>(hm(P, trump));
    sideCap = free;
    if (side > free) side = free;
  }
  let total = side + trumpTricks;
  if (total > rem) total = rem;
  return total;
}

/** The leader's own per-suit tricks and ranks, kept while partner's are counted. */
const leaderTricks = new StaticArray<i32>(4);
const leaderRel = new StaticArray<u64>(4);

/**
 * The leader cashes its winners, crosses to partner and partner cashes its own (leaderTricks and
 * suitTricks, never the same suit); the entry suit e is played out last and takes eCount tricks, led by
 * the leader's hand (eLed) or partner's. Each hand must have enough spare side-suit cards to discard on
 * the other's winners in suits it lacks (a trump there would ruff and take the lead). Returns the
 * total, or 0 when the discards do not fit.
 */
function cashBoth(L: i32, P: i32, rem: i32, trump: i32, e: i32, eCount: i32, eLed: bool): i32 {
  let total = 0;
  let spareP = 0;
  let spareL = 0;
  let discardP = 0;
  let discardL = 0;
  for (let t = 0; t < 4; t++) {
    let wl = unchecked(leaderTricks[t]);
    let wp = unchecked(suitTricks[t]);
    if (t == e) {
      wl = eLed ? eCount : 0;
      wp = eLed ? 0 : eCount;
    }
    const lp = <i32>popcnt<u32>(hm(P, t));
    const ll = <i32>popcnt<u32>(hm(L, t));
    // Cards of each hand left over in this suit once both hands' winners here are played.
    let restP = lp;
    let restL = ll;
    if (wl) {
      restL -= wl;
      restP -= wl < lp ? wl : lp;
      if (wl > lp) discardP += wl - lp;
    }
    if (wp) {
      restP -= wp;
      restL -= wp < ll ? wp : ll;
      if (wp > ll) discardL += wp - ll;
    }
    if (t != trump) {
      spareP += restP;
      spareL += restL;
    }
    total += wl + wp;
  }
  if (spareP < discardP || spareL < discardL) return 0;
  return total < rem ? total : rem;
}

function keepBranch(entry: u64): void {
  for (let s = 0; s < 4; s++) {
    unchecked(bestTricks[s] = suitTricks[s]);
    unchecked(bestRelS[s] = suitRel[s]);
  }
  bestCap = sideCap;
  entryRel = entry;
}

/**
 * The ranks a quick-trick count of at least x depends on: the entry (if any) and the fewest suits whose
 * winners reach x (the largest first; trumps first since the partner's discard cap does not limit them).
 */
export function qtRelFor(x: i32): u64 {
  let rel = entryRel;
  let side = 0;
  let tr = 0;
  if (bestTrump < 4 && unchecked(bestTricks[bestTrump]) > 0) {
    tr = unchecked(bestTricks[bestTrump]);
    rel |= unchecked(bestRelS[bestTrump]);
  }
  let used = 0;
  while (tr + (side < bestCap ? side : bestCap) < x) {
    let pick = -1;
    let most = 0;
    for (let s = 0; s < 4; s++) {
      if (s == bestTrump || (used & (1 << s))) continue;
      const t = unchecked(bestTricks[s]);
      if (t > most) {
        most = t;
        pick = s;
      }
    }
    if (pick < 0) break;
    used |= 1 << pick;
    side += most;
    rel |= unchecked(bestRelS[pick]);
  }
  return rel;
}

/**
 * Quick tricks of the leader's side: the most of the leader's own winners; partner's winners after an
 * entry (a low card to partner's top card that no opponent can ruff); and both together, the leader's
 * first, then the entry, partner's, and the entry suit last (see cashBoth).
 */
export function quickTricks(L: i32, trump: i32, rem: i32, want: i32): i32 {
  // Every count below takes tricks only in suits whose top card the side holds, at most the longer
  // hand's length there, and in the rounds the longer opponent still follows only with the side's
  // cards above that opponent's top card: when those cannot reach `want`, no branch can.
  const P = L ^ 2;
  let reach = 0;
  for (let s = 0; s < 4; s++) {
    const side = hm(L, s) | hm(P, s);
    if (!side || msb(side) < msb(agg(s))) continue;
    const longer = <i32>max(popcnt<u32>(hm(L, s)), popcnt<u32>(hm(P, s)));
    const mA = hm((L + 1) & 3, s);
    const mB = hm((L + 3) & 3, s);
    const lA = <i32>popcnt<u32>(mA);
    const lB = <i32>popcnt<u32>(mB);
    // The longer opponent (of two as long, the higher top card): it follows longest.
    const longOpp = lA > lB || (lA == lB && msb(mA) > msb(mB)) ? mA : mB;
    if (!longOpp) {
      reach += longer;
      continue;
    }
    const above = <i32>popcnt<u32>(side & ~((<u32>2 << <u32>msb(longOpp)) - 1));
    const oppLen = lA > lB ? lA : lB;
    reach += oppLen <= above || longer <= above ? longer : above;
  }
  if (reach < want) return 0;
  bestTrump = trump;
  let best = ownTricks(L, trump, rem);
  keepBranch(0);
  for (let t = 0; t < 4; t++) {
    unchecked(leaderTricks[t] = suitTricks[t]);
    unchecked(leaderRel[t] = suitRel[t]);
  }
  if (best >= want || best >= rem) return best;
  const A = (L + 1) & 3;
  const B = (L + 3) & 3;
  const oppTrumps = trump < 4 && (hm(A, trump) | hm(B, trump)) != 0;
  let partnerDone = false;
  let partnerQ = 0;
  for (let e = 0; e < 4; e++) {
    const mP = hm(P, e);
    const mL = hm(L, e);
    if (!mP || !mL) continue;
    const mA = hm(A, e);
    const mB = hm(B, e);
    const all = mL | mP | mA | mB;
    const top = msb(all);
    const second = msb(all & ~(<u32>1 << <u32>top));
    const lenL = <i32>popcnt<u32>(mL);
    const lenP = <i32>popcnt<u32>(mP);
    const split = second >= 0 && lenL >= 2 && lenP >= 2;
    // Entry kinds: partner holds the top card; or the leader's top card then a low card to partner's second.
    const partnerTop = (mP & (<u32>1 << <u32>top)) != 0;
    const viaSecond = (mL & (<u32>1 << <u32>top)) != 0 && split && (mP & (<u32>1 << <u32>second)) != 0;
    if (!partnerTop && !viaSecond) continue;
    if (trump < 4 && e != trump && ((!mA && hm(A, trump)) || (!mB && hm(B, trump)))) continue;
    if (!partnerDone) {
      partnerDone = true;
      partnerQ = ownTricks(P, trump, rem);
    }
    const topRel = <u64>(<u32>1 << <u32>top) << (<u64>e << 4);
    if (partnerTop) {
      if (partnerQ > best) {
        best = partnerQ;
        keepBranch(topRel);
      }
    }
    // The entry suit, played out last: partner's winners there, or both top cards when they are split
    // (two rounds: in a side suit an opponent with trumps must follow to both).
    const oppLen = <i32>max(popcnt<u32>(mA), popcnt<u32>(mB));
    const twoRounds = !oppTrumps || e == trump ||
      ((popcnt<u32>(mA) >= 2 || !hm(A, trump)) && (popcnt<u32>(mB) >= 2 || !hm(B, trump)));
    if (viaSecond && !twoRounds) continue;
    let eCount = partnerTop ? unchecked(suitTricks[e]) : 0;
    let eLed = false;
    let eRel = partnerTop ? unchecked(suitRel[e]) | topRel : 0;
    const leaderSecond = partnerTop && split && twoRounds && (mL & (<u32>1 << <u32>second)) != 0;
    if (leaderSecond || viaSecond) {
      // The second round is won by the other hand, which goes on with its length once the opponents are out.
      const winner = leaderSecond ? lenL : lenP;
      const c = 2 + (oppLen <= 2 && winner > 2 && (!oppTrumps || e == trump) ? winner - 2 : 0);
      if (c > eCount) {
        eCount = c;
        eLed = leaderSecond;
        eRel = (<u64>(<u32>1 << <u32>second) << (<u64>e << 4)) | topRel;
      }
    }
    const both = cashBoth(L, P, rem, trump, e, eCount, eLed);
    if (both > best) {
      best = both;
      for (let t = 0; t < 4; t++) {
        unchecked(bestTricks[t] = leaderTricks[t] + suitTricks[t]);
        unchecked(bestRelS[t] = leaderRel[t] | suitRel[t]);
      }
      unchecked(bestTricks[e] = eCount);
      unchecked(bestRelS[e] = eRel);
      bestCap = 99;
      entryRel = eRel;
    }
  }
  return best;
}

/** Ranks the upper bound of the last laterTricks depends on. */
export let ltRel: u64 = 0;
/** Set by laterTricks: a lower bound for the leader's side, and the ranks it depends on. */
export let ltLower: i32 = 0;
export let ltLowerRel: u64 = 0;

/**
 * Trump control and suit control. Returns an upper bound for the side on lead (L and partner) and sets
 * ltLower, a lower bound.
 *
 * With trumps out: the side holding the top trump wins separate tricks with its trumps that are higher
 * than every trump of the other side, as many as the longer of its two trump holdings allows. When the
 * side on lead holds the top trump, it cannot win every trick left if the second-best trump's holder
 * has two or more trumps and either plays right after the top trump's holder (it waits over it) or its
 * side also holds the third-best trump (one top trump cannot capture both). Only while that side never
 * gets the lead: once it leads trumps from its holding, the top trump may capture them after all, so
 * this gives the side on lead rem - 1 and nothing to the other side.
 *
 * At no trump (or with no trump left): a side that wins every trick keeps the lead, so it only leads
 * suits whose top card it holds, and it cannot lead a suit more often than its longer hand there; when
 * those lengths add up to fewer than the tricks left, the opponents win one (rem - 1). Likewise when the
 * opponents hold the top of every suit the leader can lead.
 */
export function laterTricks(L: i32, trump: i32, rem: i32): i32 {
  ltLower = 0;
  ltRel = 0;
  ltLowerRel = 0;
  if (trump < 4 && agg(trump)) {
    const a = agg(trump);
    const topRank = msb(a);
    let owner = 0;
    while (!(hm(owner, trump) & (<u32>1 << <u32>topRank))) owner++;
    // Every trick in which the side plays a trump above all the other side's trumps is its own, and
    // its two hands can spend such trumps on as many tricks as the longer hand has trumps.
    const other = hm((owner + 1) & 3, trump) | hm((owner + 3) & 3, trump);
    const floor: u32 = other ? <u32>2 << <u32>msb(other) : 1;
    const high = <i32>popcnt<u32>(a & ~(floor - 1));
    const longer = <i32>max(popcnt<u32>(hm(owner, trump)), popcnt<u32>(hm(owner ^ 2, trump)));
    const count = high < longer ? high : longer;
    // Relevant: the trumps above the other side's (none when that side has none).
    const countRel: u64 = other ? <u64>(a & ~(floor - 1)) << (<u64>trump << 4) : 0;
    // The other side's trick with the second-best trump (it matters only when the owner is on lead).
    let otherTrick = false;
    let otherRel: u64 = 0;
    if (high == 1) {
      const second = msb(other);
      const secondBit = <u32>1 << <u32>second;
      let h2 = (owner + 1) & 3;
      if (!(hm(h2, trump) & secondBit)) h2 = (owner + 3) & 3;
      if (popcnt<u32>(hm(h2, trump)) >= 2) {
        if (h2 == ((owner + 1) & 3)) {
          otherTrick = true;
          otherRel = <u64>(a & ~(secondBit - 1)) << (<u64>trump << 4);
        } else {
          const rest = a & (secondBit - 1);
          if (rest) {
            const thirdBit = <u32>1 << <u32>msb(rest);
            if (other & thirdBit) {
              otherTrick = true;
              otherRel = <u64>(a & ~(thirdBit - 1)) << (<u64>trump << 4);
            }
          }
        }
      }
    }
    if ((owner & 1) == (L & 1)) {
      ltLower = count;
      ltLowerRel = countRel;
      if (otherTrick) {
        ltRel = otherRel;
        return rem - 1;
      }
      return rem;
    }
    ltRel = countRel;
    return rem - count;
  }
  // No trumps in play.
  const P = L ^ 2;
  let sum = 0;
  let oppTops: u64 = 0;
  let leaderBlocked = true;
  let blockRel: u64 = 0;
  for (let s = 0; s < 4; s++) {
    const all = agg(s);
    if (!all) continue;
    const t = msb(all);
    const bit = <u32>1 << <u32>t;
    const ours = hm(L, s) | hm(P, s);
    if (ours & bit) {
      sum += <i32>max(popcnt<u32>(hm(L, s)), popcnt<u32>(hm(P, s)));
      if (hm(L, s)) leaderBlocked = false;
    } else {
      // The opponents' top card matters when another hand holds cards of the suit.
      if (all != bit) oppTops |= <u64>bit << (<u64>s << 4);
      if (hm(L, s)) blockRel |= <u64>bit << (<u64>s << 4);
    }
  }
  if (sum < rem) {
    ltRel = oppTops;
    return rem - 1;
  }
  if (leaderBlocked) {
    ltRel = blockRel;
    return rem - 1;
  }
  return rem;
}
