// Cashing one suit with two partnership hands, L and P, leading it again and again: the most tricks the
// side takes, ending with L or with P on lead. The side's "run" is its cards above every opponent card of
// the suit; the other cards are "lows" (assumed to lose). Each round both hands follow if they can, and
// the trick counts only if one of them plays a run card (the higher one wins and leads next). Blocked
// suits, unblocking and overtaking all fall out of the search. Once the opponents are out of the suit
// (after as many rounds as the longer opponent holds cards) a low wins too, unless both hands play one
// (their order is not tracked). The table is computed once (at first use) for runs of up to RUN_MAX
// cards, up to LOW_MAX lows per hand and opponents' rounds up to OPP_NEVER (that many or more: never
// out); larger holdings are cut down, which only lowers the count (a bound stays sound).
//
// Index: (((((1 << k) | pattern) * 7 + lowsL) * 7 + lowsP) * 8 + opp) * 2 + leader; pattern bit k-1 is
// the highest run card, bit = 1 if P holds it; leader 0 = L, 1 = P. Entry: u8 tricks ending with L on
// lead, u8 tricks ending with P on lead (NONE when impossible).

export const RUN_MAX = 7;
export const LOW_MAX = 6;
const OPP_NEVER = 7;
const NONE: u8 = 255;
const ENTRIES = 256 * 49 * 8 * 2;
const TABLE: usize = memory.data(ENTRIES * 2, 16);
let built = false;

// @ts-ignore: decorator
@inline function index(k: i32, pattern: i32, lowsL: i32, lowsP: i32, opp: i32, leader: i32): usize {
  return <usize>((((((1 << k) | pattern) * 7 + lowsL) * 7 + lowsP) * 8 + opp) * 2 + leader);
}

/** The pattern with run card `bit` removed. */
// @ts-ignore: decorator
@inline function without(pattern: i32, bit: i32): i32 {
  return (pattern & ((1 << bit) - 1)) | ((pattern >> (bit + 1)) << bit);
}

function best(k: i32, pattern: i32, lowsL: i32, lowsP: i32, opp: i32, leader: i32, end: i32): i32 {
  const v = <i32>load<u8>(TABLE + (index(k, pattern, lowsL, lowsP, opp, leader) << 1) + <usize>end);
  return v == <i32>NONE ? -1 : v;
}

/** One state from its successors (which hold fewer cards and are already computed). */
function solveState(k: i32, pattern: i32, lowsL: i32, lowsP: i32, opp: i32, leader: i32): void {
  const nextOpp = opp == 0 || opp == OPP_NEVER ? opp : opp - 1;
  let endL = leader == 0 ? 0 : -1;
  let endP = leader == 1 ? 0 : -1;
  const lowsX = leader == 0 ? lowsL : lowsP;
  const lowsY = leader == 0 ? lowsP : lowsL;
  // Run cards of the leader X and of the partner Y as bit masks over the pattern.
  const all = (1 << k) - 1;
  const pMask = pattern & all;
  const xRun = leader == 0 ? all & ~pMask : pMask;
  const yRun = leader == 0 ? pMask : all & ~pMask;
  const yHas = yRun != 0 || lowsY > 0;
  // X's choice: a run card (bit) or a low (-1); Y's likewise, or nothing when Y is void.
  for (let cx = -1; cx < k; cx++) {
    if (cx < 0 ? lowsX == 0 : !(xRun & (1 << cx))) continue;
    for (let cy = -1; cy < k; cy++) {
      if (yHas) {
        if (cy < 0 ? lowsY == 0 : !(yRun & (1 << cy))) continue;
      } else if (cy >= 0) break;
      // No run card played: the opponents win the round unless they are out of the suit.
      if (cx < 0 && cy < 0 && opp != 0) continue;
      let np = pattern;
      let nk = k;
      let nlL = lowsL;
      let nlP = lowsP;
      // Remove the higher bit first so the lower index stays valid.
      const hiBit = cx > cy ? cx : cy;
      const loBit = cx > cy ? cy : cx;
      if (hiBit >= 0) {
        np = without(np, hiBit);
        nk--;
      }
      if (loBit >= 0) {
        np = without(np, loBit);
        nk--;
      }
      if (cx < 0) {
        if (leader == 0) nlL--;
        else nlP--;
      }
      if (yHas && cy < 0) {
        if (leader == 0) nlP--;
        else nlL--;
      }
      let vL: i32;
      let vP: i32;
      if (cx < 0 && cy < 0 && yHas) {
        // Two lows after the opponents are out: the side wins, but which low is higher is not
        // tracked, so count the worse continuation.
        const aL = best(nk, np, nlL, nlP, nextOpp, 0, 0);
        const bL = best(nk, np, nlL, nlP, nextOpp, 1, 0);
        const aP = best(nk, np, nlL, nlP, nextOpp, 0, 1);
        const bP = best(nk, np, nlL, nlP, nextOpp, 1, 1);
        vL = aL < bL ? aL : bL;
        vP = aP < bP ? aP : bP;
      } else {
        // The higher run card wins (bit positions order the run); a run card beats a low.
        const winnerIsX = cy < 0 || (cx >= 0 && cx > cy);
        const winner = winnerIsX ? leader : leader ^ 1;
        vL = best(nk, np, nlL, nlP, nextOpp, winner, 0);
        vP = best(nk, np, nlL, nlP, nextOpp, winner, 1);
      }
      if (vL >= 0 && vL + 1 > endL) endL = vL + 1;
      if (vP >= 0 && vP + 1 > endP) endP = vP + 1;
    }
  }
  const at = TABLE + (index(k, pattern, lowsL, lowsP, opp, leader) << 1);
  store<u8>(at, endL < 0 ? NONE : <u8>endL);
  store<u8>(at + 1, endP < 0 ? NONE : <u8>endP);
}

/** Fills the table in order of the number of cards, so every successor is ready. */
export function buildCashTable(): void {
  if (built) return;
  built = true;
  for (let total = 0; total <= RUN_MAX + 2 * LOW_MAX; total++) {
    for (let k = 0; k <= RUN_MAX; k++) {
      for (let lowsL = 0; lowsL <= LOW_MAX; lowsL++) {
        const lowsP = total - k - lowsL;
        if (lowsP < 0 || lowsP > LOW_MAX) continue;
        for (let pattern = 0; pattern < (1 << k); pattern++) {
          for (let opp = 0; opp <= OPP_NEVER; opp++) {
            solveState(k, pattern, lowsL, lowsP, opp, 0);
            solveState(k, pattern, lowsL, lowsP, opp, 1);
          }
        }
      }
    }
  }
}

/** Set by cashSuit: the most tricks ending with L on lead (-1: none possible, only when ...) and any. */
export let cashEndL: i32 = 0;
export let cashAny: i32 = 0;
/** Set by cashSuit: the run cards counted (rank mask of the suit). */
export let cashRun: u32 = 0;

/**
 * Cashing suit masks mL (leader) and mP (partner) against the opponents' cards mOpp, L on lead.
 * Sets cashEndL, cashAny and cashRun.
 */
export function cashSuit(mL: u32, mP: u32, mOpp: u32, oppRounds: i32): void {
  const side = mL | mP;
  let run = mOpp ? side & ~((<u32>2 << <u32>(31 - clz<u32>(mOpp))) - 1) : side;
  let k = <i32>popcnt<u32>(run);
  while (k > RUN_MAX) {
    run &= run - 1;
    k--;
  }
  let pattern = 0;
  let r = run;
  // From the top down: each run card's owner.
  for (let i = k - 1; i >= 0; i--) {
    const b = <u32>31 - clz<u32>(r);
    r ^= <u32>1 << b;
    if (mP & (<u32>1 << b)) pattern |= 1 << i;
  }
  let lowsL = <i32>popcnt<u32>(mL & ~run);
  let lowsP = <i32>popcnt<u32>(mP & ~run);
  let opp = oppRounds < OPP_NEVER ? oppRounds : OPP_NEVER;
  if (lowsL > LOW_MAX || lowsP > LOW_MAX) {
    // A hand cut down to LOW_MAX lows would look void and its partner's low would seem to win alone:
    // with lows never winning the cut is sound.
    lowsL = lowsL > LOW_MAX ? LOW_MAX : lowsL;
    lowsP = lowsP > LOW_MAX ? LOW_MAX : lowsP;
    opp = OPP_NEVER;
  }
  const at = TABLE + (index(k, pattern, lowsL, lowsP, opp, 0) << 1);
  const vL = <i32>load<u8>(at);
  const vP = <i32>load<u8>(at + 1);
  cashEndL = vL == <i32>NONE ? 0 : vL;
  cashAny = vP != <i32>NONE && vP > cashEndL ? vP : cashEndL;
  cashRun = run;
}
