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
 * Tricks the leader's side can take at once, counting only the leader's own cards that are higher than
 * every other card of the suit (so partner never overtakes and the leader keeps the lead). In a trump
 * contract, side-suit winners are limited by the length of each opponent who still holds trumps, and
 * by partner's side-suit cards when partner holds trumps (so partner is never forced to ruff).
 * Trump winners are cashed last.
 */
function ownTricks(L: i32, trump: i32, rem: i32): i32 {
  const P = L ^ 2;
  const A = (L + 1) & 3;
  const B = (L + 3) & 3;
  let aTr = false;
  let bTr = false;
  if (trump < 4) {
    aTr = hm(A, trump) != 0;
    bTr = hm(B, trump) != 0;
  }
  let side = 0;
  let trumpTricks = 0;
  for (let s = 0; s < 4; s++) {
    unchecked(suitTricks[s] = 0);
    unchecked(suitRel[s] = 0);
  }
  sideCap = 99;
  for (let s = 0; s < 4; s++) {
    const mL = hm(L, s);
    if (!mL) continue;
    const others = hm(A, s) | hm(B, s) | hm(P, s);
    let w = <i32>(others ? popcnt<u32>(mL >> <u32>(msb(others) + 1)) : popcnt<u32>(mL));
    if (!w) continue;
    const r1: u64 = others ? <u64>(mL & ~((<u32>2 << <u32>msb(others)) - 1)) << (<u64>s << 4) : 0;
    unchecked(suitRel[s] = r1);
    if (s == trump) {
      trumpTricks = w;
      unchecked(suitTricks[s] = w);
      continue;
    }
    if (aTr) {
      const la = <i32>popcnt<u32>(hm(A, s));
      if (la < w) w = la;
    }
    if (bTr) {
      const lb = <i32>popcnt<u32>(hm(B, s));
      if (lb < w) w = lb;
    }
    side += w;
    unchecked(suitTricks[s] = w);
  }
  if (trump < 4 && hm(P, trump) != 0) {
    const free = handCount(P) - <i32>popcnt<u32>(hm(P, trump));
    sideCap = free;
    if (side > free) side = free;
  }
  let total = side + trumpTricks;
  if (total > rem) total = rem;
  return total;
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
 * Quick tricks of the leader's side: the leader's own winners, or, when the leader can reach partner
 * (a low card to partner's top card that no opponent can ruff), partner's winners.
 */
export function quickTricks(L: i32, trump: i32, rem: i32, want: i32): i32 {
  bestTrump = trump;
  let best = ownTricks(L, trump, rem);
  keepBranch(0);
  if (best >= want || best >= rem) return best;
  const P = L ^ 2;
  const A = (L + 1) & 3;
  const B = (L + 3) & 3;
  for (let s = 0; s < 4; s++) {
    const mP = hm(P, s);
    const mL = hm(L, s);
    if (!mP || !mL) continue;
    const mA = hm(A, s);
    const mB = hm(B, s);
    const tP = msb(mP);
    if (tP < msb(mL | mA | mB)) continue;
    if (trump < 4 && s != trump && ((!mA && hm(A, trump)) || (!mB && hm(B, trump)))) continue;
    const q = ownTricks(P, trump, rem);
    if (q > best) {
      best = q;
      keepBranch(<u64>(<u32>1 << <u32>tP) << (<u64>s << 4));
    }
    break;
  }
  return best;
}

/** Ranks the last laterTricks bounds depend on. */
export let ltRel: u64 = 0;
/** Set by laterTricks: a lower bound for the leader's side from its top trumps. */
export let ltLower: i32 = 0;

/**
 * Trump control: the hand holding the top trump wins a separate trick with each of its trumps that
 * is higher than every trump of the other three hands. Returns an upper bound for the leader's side
 * (rem - those tricks when the opponents hold them; at no trump, rem - 1 when the opponents hold the
 * top card of every suit the leader can lead) and sets ltLower for the leader's own trump tricks.
 */
export function laterTricks(L: i32, trump: i32, rem: i32): i32 {
  ltLower = 0;
  ltRel = 0;
  if (trump < 4) {
    const a = agg(trump);
    if (!a) return rem;
    const top = <u32>1 << msb(a);
    let owner = 0;
    while (!(hm(owner, trump) & top)) owner++;
    const mine = hm(owner, trump);
    const rest = a & ~mine;
    const count = <i32>(rest ? popcnt<u32>(mine >> <u32>(msb(rest) + 1)) : popcnt<u32>(mine));
    // Relevant: the counted trumps and the next highest trump.
    ltRel = <u64>(rest ? (a & ~((<u32>1 << msb(rest)) - 1)) : a) << (<u64>trump << 4);
    if ((owner & 1) == (L & 1)) {
      ltLower = count;
      return rem;
    }
    return rem - count;
  }
  for (let s = 0; s < 4; s++) {
    if (!hm(L, s)) continue;
    const t = msb(agg(s));
    ltRel |= <u64>1 << (<u64>((s << 4) + t));
    if ((hm(L, s) | hm(L ^ 2, s)) & (<u32>1 << t)) return rem;
  }
  return rem - 1;
}
