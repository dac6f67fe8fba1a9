// Alpha-beta over tricks as a null-window (boolean) search: "can the max side take at least `target`
// tricks in total?". Bounds and the transposition table are applied at trick boundaries.
import { HANDS, PLY_CARD, MOVES, hm, agg, seq, setAgg, setSeq, quitCard, msb } from './state';
import { genMoves, sortMoves } from './moves';
import { quickTricks, laterTricksUpper, laterTricksLower } from './bounds';
import { ttKey, ttProbe, ttStore, probeLb, probeUb, probeBest, key1, key2, ttSetKey } from './tt';

export let trump: i32 = 4;
/** The side (0 NS, 1 EW) whose tricks are counted. */
export let maxSide: i32 = 0;
/** Tricks the max side has taken since the root. */
export let winsMax: i32 = 0;
/** Tricks still to be completed, counting the current one. */
export let remTricks: i32 = 0;
export let ply: i32 = 0;
export let nodes: u64 = 0;
export let stat0: u64 = 0;
export let statHit: u64 = 0;
export let statCut: u64 = 0;
export let statQt: u64 = 0;

export function setSearch(t: i32, side: i32, rem: i32, plyStart: i32): void {
  trump = t;
  maxSide = side;
  winsMax = 0;
  remTricks = rem;
  ply = plyStart;
}

export function resetNodes(): void {
  nodes = 0; stat0 = 0; statHit = 0; statCut = 0; statQt = 0;
}

/** Winner of the last trick when every hand holds one card; returns 1 if the max side wins it. */
function lastTrick(leader: i32): i32 {
  let winHand = leader;
  let winSuit = -1;
  let winRank = -1;
  for (let i = 0; i < 4; i++) {
    const h = (leader + i) & 3;
    let s = 0;
    while (!hm(h, s)) s++;
    const r = msb(hm(h, s));
    if (i == 0) {
      winSuit = s;
      winRank = r;
    } else if (s == winSuit ? r > winRank : s == trump) {
      winHand = h;
      winSuit = s;
      winRank = r;
    }
  }
  return (winHand & 1) == maxSide ? 1 : 0;
}

/** Plays card (s, r) for `hand` at `pos` and searches the rest; undoes the move. */
export function playAndSearch(pos: i32, hand: i32, leadSuit: i32, winHand: i32, winSuit: i32, winRank: i32, s: i32, r: i32, target: i32): bool {
  const addr = HANDS + ((<usize>((hand << 2) + s)) << 1);
  const old = load<u16>(addr);
  store<u16>(addr, <u16>(<u32>old & ~(<u32>1 << <u32>r)));
  store<u32>(PLY_CARD + (<usize>ply << 2), <u32>((s << 4) | r | (hand << 8)));
  ply++;
  let nh = winHand;
  let ns = winSuit;
  let nr = winRank;
  if (pos == 0 || (s == ns ? r > nr : s == trump)) {
    nh = hand;
    ns = s;
    nr = r;
  }
  let res: bool;
  if (pos < 3) {
    res = search(pos + 1, (hand + 1) & 3, pos == 0 ? s : leadSuit, nh, ns, nr, target);
  } else {
    const a0 = agg(0), a1 = agg(1), a2 = agg(2), a3 = agg(3);
    const q0 = seq(0), q1 = seq(1), q2 = seq(2), q3 = seq(3);
    for (let k = 4; k >= 1; k--) {
      const c = load<u32>(PLY_CARD + (<usize>(ply - k) << 2));
      quitCard(<i32>((c >> 4) & 3), <i32>(c & 15));
    }
    const won = (nh & 1) == maxSide;
    if (won) winsMax++;
    remTricks--;
    res = search(0, nh, 0, 0, 0, 0, target);
    remTricks++;
    if (won) winsMax--;
    setAgg(0, a0); setAgg(1, a1); setAgg(2, a2); setAgg(3, a3);
    setSeq(0, q0); setSeq(1, q1); setSeq(2, q2); setSeq(3, q3);
  }
  ply--;
  store<u16>(addr, old);
  return res;
}

export function search(pos: i32, hand: i32, leadSuit: i32, winHand: i32, winSuit: i32, winRank: i32, target: i32): bool {
  nodes++;
  const isMax = (hand & 1) == maxSide;
  if (pos != 0) return searchMoves(pos, hand, leadSuit, winHand, winSuit, winRank, target, isMax, -1);

  if (winsMax >= target) return true;
  const rem = remTricks;
  if (winsMax + rem < target) return false;
  if (rem == 1) return winsMax + lastTrick(hand) >= target;
  stat0++;
  const need = target - winsMax; // future tricks the max side needs
  // Bounds for the leader's side, converted to the max side.
  let lo = quickTricks(hand, trump, rem);
  const lo2 = laterTricksLower(hand, trump);
  if (lo2 > lo) lo = lo2;
  let hi = laterTricksUpper(hand, trump, rem);
  if (isMax) {
    if (lo >= need) { statQt++; return true; }
    if (hi < need) { statQt++; return false; }
  } else {
    if (rem - hi >= need) { statQt++; return true; }
    if (rem - lo < need) { statQt++; return false; }
  }
  ttKey(hand, trump);
  let hint = -1;
  if (ttProbe()) {
    statHit++;
    if (probeLb > lo) lo = probeLb;
    if (probeUb < hi) hi = probeUb;
    if (isMax) {
      if (lo >= need) { statCut++; return true; }
      if (hi < need) { statCut++; return false; }
    } else {
      if (rem - hi >= need) { statCut++; return true; }
      if (rem - lo < need) { statCut++; return false; }
    }
    if (probeBest != 255) {
      // Relative rank -> absolute rank: the probeBest&15-th lowest card of the suit still in play.
      const s = probeBest >> 4;
      let a = agg(s);
      for (let i = probeBest & 15; i > 0; i--) a &= a - 1;
      if (a) hint = (s << 4) | <i32>ctz<u32>(a);
    }
  }
  const k1 = key1;
  const k2 = key2;
  const res = searchMoves(0, hand, 0, 0, 0, 0, target, isMax, hint);
  // Update the bounds of the leader's side.
  if (res) {
    // The max side takes >= need of the remaining tricks.
    if (isMax) { if (need > lo) lo = need; }
    else if (rem - need < hi) hi = rem - need;
  } else {
    // The max side takes <= need - 1.
    if (isMax) { if (need - 1 < hi) hi = need - 1; }
    else if (rem - need + 1 > lo) lo = rem - need + 1;
  }
  ttSetKey(k1, k2);
  let best = 255;
  if (res == isMax && lastBest >= 0) {
    const s = lastBest >> 4;
    best = (s << 4) | <i32>popcnt<u32>(agg(s) & ((<u32>1 << (lastBest & 15)) - 1));
  }
  ttStore(lo, hi, rem, best);
  return res;
}

/** The card that produced the cutoff in the last searchMoves at a trick boundary (-1 if none). */
let lastBest: i32 = -1;

function searchMoves(pos: i32, hand: i32, leadSuit: i32, winHand: i32, winSuit: i32, winRank: i32, target: i32, isMax: bool, hint: i32): bool {
  const out = MOVES + (<usize>ply << 6);
  const n = genMoves(out, pos, hand, leadSuit, winHand, winSuit, winRank, trump, hint);
  sortMoves(out, n);
  for (let i = 0; i < n; i++) {
    const mv = load<u32>(out + (<usize>i << 2));
    const s = <i32>((mv >> 4) & 3);
    const r = <i32>(mv & 15);
    const res = playAndSearch(pos, hand, leadSuit, winHand, winSuit, winRank, s, r, target);
    if (res == isMax) {
      if (pos == 0) lastBest = (s << 4) | r;
      return res;
    }
  }
  if (pos == 0) lastBest = -1;
  return !isMax;
}
