// Alpha-beta over tricks as a null-window (boolean) search: "can the max side take at least `target`
// tricks in total?". Bounds and the transposition table are applied at trick boundaries.
import { HANDS, PLY_CARD, MOVES, DIAGNOSTICS, STATS, hm, agg, seq, setAgg, setSeq, quitCard, msb, count,
  ST_PROBE, ST_TT_CUT, ST_QT_CUT, ST_LT_CUT, ST_2ND_CUT, ST_EXPANDED, ST_CUT_FIRST, ST_CUT_LATER, ST_ALL_NODE,
  ST_MOVES_TRIED, trace, ST_NODES_AT, ST_EXPANDED_AT, ST_TT_CUT_AT, ST_QT_CUT_AT, ST_LT_CUT_AT, ST_TRIED_AT } from './state';
import { genMoves, MULTI } from './moves';
import { quickTricks, laterTricks, ltLower, ltRel, ltLowerRel, qtRelFor } from './bounds';
import { ttKey, ttKeep, ttRecall, ttProbe, ttStore, probeRel, probeBest } from './tt';

/** Per ply: the lead that last cut off at a trick start of that depth in this solve (-1 none). */
const killers = new StaticArray<i32>(64);

export let trump: i32 = 4;
/** The side (0 NS, 1 EW) whose tricks are counted. */
export let maxSide: i32 = 0;
/** Tricks the max side has taken since the root. */
export let winsMax: i32 = 0;
/** Tricks still to be completed, counting the current one. */
export let remTricks: i32 = 0;
export let ply: i32 = 0;
export let nodes: u64 = 0;
/** Ranks (16 bits per suit) the result of the last search call depends on. */
export let retRel: u64 = 0;

/** Lengths: 4 bits per (hand, suit), hand 0 suit 0 in the top bits; kept up to date by playAndSearch. */
export let lenKey: u64 = 0;

export function setSearch(t: i32, side: i32, rem: i32, plyStart: i32): void {
  let k: u64 = 0;
  for (let h = 0; h < 4; h++) {
    for (let s = 0; s < 4; s++) k = (k << 4) | <u64>popcnt<u32>(hm(h, s));
  }
  lenKey = k;
  trump = t;
  maxSide = side;
  winsMax = 0;
  remTricks = rem;
  ply = plyStart;
}

/** Forgets the killer leads (a new root: its cards differ). */
export function clearKillers(): void {
  for (let i = 0; i < 64; i++) unchecked(killers[i] = -1);
}

export function resetNodes(): void {
  nodes = 0;
  if (DIAGNOSTICS) for (let i = 0; i < STATS.length; i++) unchecked(STATS[i] = 0);
}

/** Winner of the last trick when every hand holds one card; returns 1 if the max side wins it. */
function lastTrick(leader: i32): i32 {
  let winHand = leader;
  let winSuit = -1;
  let winRank = -1;
  let same = 0;
  for (let i = 0; i < 4; i++) {
    const h = (leader + i) & 3;
    let s = 0;
    while (!hm(h, s)) s++;
    const r = msb(hm(h, s));
    if (i > 0 && s == winSuit) same++;
    if (i == 0) {
      winSuit = s;
      winRank = r;
    } else if (s == winSuit ? r > winRank : s == trump) {
      if (s != winSuit) same = 0;
      winHand = h;
      winSuit = s;
      winRank = r;
    }
  }
  retRel = same > 0 ? <u64>1 << (<u64>((winSuit << 4) + winRank)) : 0;
  return (winHand & 1) == maxSide ? 1 : 0;
}

/**
 * Second to play: does its side surely win this trick, and enough tricks to reach what it needs? This
 * trick: its best card of the led suit beats the led card and everything the third hand holds there,
 * or one of its hands ruffs while the third hand still follows suit (or holds no trump). At no trump,
 * more: the hand winning this trick leads next and cashes its sure winners. Sets retRel.
 */
function secondHandWins(hand: i32, leadSuit: i32, ledRank: i32, need: i32): bool {
  if (need != 1 && trump != 4) return false;
  const third = (hand + 1) & 3;
  const fourth = hand ^ 2;
  const m3 = hm(third, leadSuit);
  const sideSuit = trump < 4 && leadSuit != trump;
  if (sideSuit && !m3 && hm(third, trump)) return false;
  const best = msb(hm(hand, leadSuit) | hm(fourth, leadSuit));
  if (best > ledRank && best > msb(m3)) {
    const bestBit = <u32>1 << <u32>best;
    retRel = <u64>bestBit << (<u64>leadSuit << 4);
    if (need == 1) return true;
    // At no trump the hand winning this trick leads next and cashes its winners (DDS counts them the
    // same way): per suit its top card when it beats every other hand's, all its cards where nobody
    // else holds the suit (in the led suit after the card it wins with).
    const winner = hm(hand, leadSuit) & bestBit ? hand : fourth;
    const leader = (hand + 3) & 3;
    let q = 1;
    let rel = retRel;
    for (let s = 0; s < 4; s++) {
      let mine = hm(winner, s);
      if (s == leadSuit) mine &= ~bestBit;
      if (!mine) continue;
      const others = hm(third, s) | hm(leader, s) | hm(winner ^ 2, s);
      if (!others) q += <i32>popcnt<u32>(mine);
      else {
        const top = msb(mine);
        if (top < msb(others)) continue;
        q++;
        rel |= <u64>1 << (<u64>((s << 4) + top));
      }
      if (q >= need) {
        retRel = rel;
        return true;
      }
    }
    if (need != 2) return false;
    // Two tricks: a card above both opponents' in some suit will do, even if partner holds a higher
    // one (partner cannot overtake in the led suit: best is the side's highest card there).
    for (let s = 0; s < 4; s++) {
      let mine = hm(winner, s);
      if (s == leadSuit) mine &= ~bestBit;
      if (!mine) continue;
      const top = msb(mine);
      if (top > msb(hm(third, s) | hm(leader, s))) {
        retRel |= <u64>1 << (<u64>((s << 4) + top));
        return true;
      }
    }
    return false;
  }
  if (need != 1) return false;
  if (sideSuit && ((!hm(hand, leadSuit) && hm(hand, trump)) || (!hm(fourth, leadSuit) && hm(fourth, trump)))) {
    retRel = 0;
    return true;
  }
  return false;
}

/** Plays card (s, r) for `hand` at `pos` and searches the rest; undoes the move. */
export function playAndSearch(pos: i32, hand: i32, leadSuit: i32, winHand: i32, winSuit: i32, winRank: i32, s: i32, r: i32, target: i32): bool {
  const addr = HANDS + ((<usize>((hand << 2) + s)) << 1);
  const old = load<u16>(addr);
  store<u16>(addr, <u16>(<u32>old & ~(<u32>1 << <u32>r)));
  const lenBit = <u64>1 << (<u64>((15 - ((hand << 2) + s)) << 2));
  lenKey -= lenBit;
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
    res = follow(pos + 1, (hand + 1) & 3, pos == 0 ? s : leadSuit, nh, ns, nr, target);
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
    // The winning card's rank mattered if another card of its suit was played to the trick.
    let same = 0;
    for (let k = 4; k >= 1; k--) {
      const c = load<u32>(PLY_CARD + (<usize>(ply - k) << 2));
      if (<i32>((c >> 4) & 3) == ns) same++;
    }
    if (same > 1) retRel |= <u64>1 << (<u64>((ns << 4) + nr));
    remTricks++;
    if (won) winsMax--;
    setAgg(0, a0); setAgg(1, a1); setAgg(2, a2); setAgg(3, a3);
    setSeq(0, q0); setSeq(1, q1); setSeq(2, q2); setSeq(3, q3);
  }
  ply--;
  lenKey += lenBit;
  store<u16>(addr, old);
  return res;
}

/** A node inside a trick (pos 1..3). */
// @ts-ignore: decorator
@inline function follow(pos: i32, hand: i32, leadSuit: i32, winHand: i32, winSuit: i32, winRank: i32, target: i32): bool {
  nodes++;
  count(ST_NODES_AT + pos * 14 + remTricks);
  const isMax = (hand & 1) == maxSide;
  if (pos == 1 && secondHandWins(hand, leadSuit, winRank, isMax ? target - winsMax : remTricks - target + winsMax + 1)) {
    count(ST_2ND_CUT);
    return isMax;
  }
  return searchMoves(pos, hand, leadSuit, winHand, winSuit, winRank, target, isMax, -1);
}

export function search(pos: i32, hand: i32, leadSuit: i32, winHand: i32, winSuit: i32, winRank: i32, target: i32): bool {
  if (pos != 0) return follow(pos, hand, leadSuit, winHand, winSuit, winRank, target);
  nodes++;
  count(ST_NODES_AT + remTricks);
  const isMax = (hand & 1) == maxSide;

  if (winsMax >= target) {
    retRel = 0;
    return true;
  }
  const rem = remTricks;
  if (winsMax + rem < target) {
    retRel = 0;
    return false;
  }
  if (rem == 1) return winsMax + lastTrick(hand) >= target;
  const need = target - winsMax; // future tricks the max side needs
  // Bounds for the leader's side, converted to the max side.
  // Leader-side tricks that decide the test: at least `want` proves it for the leader's side.
  const want = isMax ? need : rem - need + 1;
  // The trump-control bounds cost next to nothing; the table decides more often than the quick tricks
  // and costs about as much, so it is asked before them.
  const lb = laterCut(hand, rem, want);
  if (lb >= 0) return lb == 1 ? isMax : !isMax;
  ttKey(hand, trump, lenKey);
  count(ST_PROBE);
  const t = ttProbe(need, isMax, rem);
  if (t >= 0) {
    count(ST_TT_CUT);
    count(ST_TT_CUT_AT + rem);
    retRel = probeRel;
    return t == 1;
  }
  const b = quickCut(hand, rem, want);
  if (b >= 0) return b == 1 ? isMax : !isMax;
  ttKeep(ply);
  const hint = probeBest;
  count(ST_EXPANDED);
  count(ST_EXPANDED_AT + rem);
  const res = searchMoves(0, hand, 0, 0, 0, 0, target, isMax, hint);
  const rel = retRel;
  // The bound just proven, for the leader's side.
  let blo = 0;
  let bhi = rem;
  if (res) {
    if (isMax) blo = need;
    else bhi = rem - need;
  } else {
    if (isMax) bhi = need - 1;
    else blo = rem - need + 1;
  }
  ttRecall(ply);
  ttStore(rel, blo, bhi, res == isMax ? lastBest : -1, rem);
  retRel = rel;
  return res;
}

/**
 * The trump-control bounds for the side on lead, which needs `want` of the `rem` tricks: 1 if they prove
 * it gets them, 0 if they prove it does not, -1 if undecided. Sets retRel on a decision.
 */
function laterCut(hand: i32, rem: i32, want: i32): i32 {
  const hi = laterTricks(hand, trump, rem);
  if (hi < want) {
    count(ST_LT_CUT);
    count(ST_LT_CUT_AT + rem);
    retRel = ltRel;
    return 0;
  }
  if (ltLower >= want) {
    count(ST_LT_CUT);
    count(ST_LT_CUT_AT + rem);
    retRel = ltLowerRel;
    return 1;
  }
  return -1;
}

/** The quick-trick bound: 1 if it proves the side on lead gets `want` tricks, else -1 (as laterCut). */
function quickCut(hand: i32, rem: i32, want: i32): i32 {
  if (quickTricks(hand, trump, rem, want) >= want) {
    count(ST_QT_CUT);
    count(ST_QT_CUT_AT + rem);
    retRel = qtRelFor(want);
    return 1;
  }
  return -1;
}

/** The card that produced the cutoff in the last searchMoves at a trick boundary (-1 if none). */
let lastBest: i32 = -1;

function searchMoves(pos: i32, hand: i32, leadSuit: i32, winHand: i32, winSuit: i32, winRank: i32, target: i32, isMax: bool, hint: i32): bool {
  const out = MOVES + (<usize>ply << 6);
  const killer = pos == 0 ? unchecked(killers[ply]) : -1;
  const n = genMoves(out, pos, hand, leadSuit, winHand, winSuit, winRank, trump, hint, killer);
  let rel: u64 = 0;
  // Per suit (4 bits each) a rank below which this hand's cards need no trial: a failed card below the
  // lowest rank its result depended on stands for every other such card (same abstraction after it).
  let cover: u32 = 0;
  let skipped: u32 = 0;
  for (let i = 0; i < n; i++) {
    const mv = load<u32>(out + (<usize>i << 2));
    const s = <i32>((mv >> 4) & 3);
    const r = <i32>(mv & 15);
    const shift = <u32>(s << 2);
    if (<u32>((mv >> 8) & 15) < ((cover >> shift) & 15)) {
      skipped |= <u32>1 << <u32>i;
      continue;
    }
    count(ST_MOVES_TRIED + pos);
    if (pos == 0) count(ST_TRIED_AT + remTricks);
    const before = nodes;
    const res = playAndSearch(pos, hand, leadSuit, winHand, winSuit, winRank, s, r, target);
    trace(ply, <u32>((s << 4) | r | (hand << 8)), res ? 1 : 0, <u32>(nodes - before));
    if (res == isMax) {
      if (pos == 0) {
        lastBest = (s << 4) | r;
        unchecked(killers[ply] = lastBest);
      }
      count((i == 0 ? ST_CUT_FIRST : ST_CUT_LATER) + pos);
      return res;
    }
    const child = retRel;
    rel |= child;
    const inSuit = <u32>(child >> (<u64>s << 4)) & 0x1fff;
    const b: u32 = inSuit ? ctz<u32>(inSuit) : 13;
    if (<u32>r < b && b > ((cover >> shift) & 15)) cover = (cover & ~(<u32>15 << shift)) | (b << shift);
  }
  count(ST_ALL_NODE + pos);
  // Every move failed, but only one card of each group was tried. In a position that matches this one's
  // abstraction (the owners of every card down to the lowest relevant rank of each suit) a group that
  // straddles that rank may be split, and its top card would be a move nobody tried: such a group keeps
  // its lowest card (the one tried) among the relevant ranks. Groups wholly above or below are safe.
  for (let i = 0; i < n; i++) {
    const mv = load<u32>(out + (<usize>i << 2));
    if (!(mv & MULTI) || (skipped & (<u32>1 << <u32>i))) continue;
    const s = (mv >> 4) & 3;
    const inPlay = (<u32>(rel >> (<u64>s << 4)) & 0xffff) & agg(<i32>s);
    if (!inPlay) continue;
    const boundary = ctz<u32>(inPlay);
    const lo = mv & 15;
    if (((mv >> 8) & 15) >= boundary && lo < boundary) rel |= <u64>1 << (<u64>(s << 4) | <u64>lo);
  }
  retRel = rel;
  if (pos == 0) lastBest = -1;
  return !isMax;
}
