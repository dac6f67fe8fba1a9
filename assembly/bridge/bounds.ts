// Bounds at a trick boundary for the side on lead: quick tricks (a lower bound: winners the leader can
// cash while keeping the lead) and later tricks (an upper bound: tricks the opponents surely win).
import { hm, msb, handCount, agg } from './state';

/**
 * Tricks the leader's side can take at once, counting only the leader's own cards that are higher than
 * every other card of the suit (so partner never overtakes and the leader keeps the lead). In a trump
 * contract, side-suit winners are limited by the length of each opponent who still holds trumps, and
 * by partner's side-suit cards when partner holds trumps (so partner is never forced to ruff).
 * Trump winners are cashed last.
 */
/** Ranks the last quickTricks count depends on (the leader's top winners), 16 bits per suit. */
export let qtRel: u64 = 0;

function ownTricks(L: i32, trump: i32, rem: i32): i32 {
  let rel: u64 = 0;
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
    const mL = hm(L, s);
    if (!mL) continue;
    const others = hm(A, s) | hm(B, s) | hm(P, s);
    let w = <i32>(others ? popcnt<u32>(mL >> <u32>(msb(others) + 1)) : popcnt<u32>(mL));
    if (!w) continue;
    if (others) rel |= <u64>(mL & ~((<u32>2 << <u32>msb(others)) - 1)) << (<u64>s << 4);
    if (s == trump) {
      trumpTricks = w;
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
  }
  if (trump < 4 && hm(P, trump) != 0) {
    const free = handCount(P) - <i32>popcnt<u32>(hm(P, trump));
    if (side > free) side = free;
  }
  qtRel = rel;
  let total = side + trumpTricks;
  if (total > rem) total = rem;
  return total;
}

/**
 * Quick tricks of the leader's side: the leader's own winners, or, when the leader can reach partner
 * (a low card to partner's top card that no opponent can ruff), partner's winners.
 */
export function quickTricks(L: i32, trump: i32, rem: i32): i32 {
  let best = ownTricks(L, trump, rem);
  if (best >= rem) return best;
  let bestRel = qtRel;
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
      bestRel = qtRel;
    }
    break;
  }
  qtRel = bestRel;
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
