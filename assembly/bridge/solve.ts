// Drivers: the root position (a full deal or an end position, possibly with a trick in progress), the
// value by repeated null-window searches from a guess (MTD(f)-style), the score of every root card, and
// the 4 x 5 double-dummy table.
import { PLY_CARD, MOVES, IO, hm, agg, handCount, rebuildRelative, count, ST_ROOT_TESTS } from './state';
import { setSearch, search, playAndSearch, remTricks, clearKillers } from './search';
import { genMoves, separators, setSeparator } from './moves';
import { ttForget, ttNewGeneration } from './tt';

let rootPos = 0;
let rootHand = 0;
let rootLead = 0;
let rootWinHand = 0;
let rootWinSuit = 0;
let rootWinRank = 0;
let rootTrump = 4;
let rootRem = 0;

/**
 * Sets up the root from HANDS and the `played` cards of the current trick in PLY_CARD (card | hand << 8),
 * the trick led by `leader`. Returns the tricks still to play (counting the current one), or -1 when the
 * hands do not fit together.
 */
export function setupRoot(trump: i32, leader: i32, played: i32): i32 {
  rebuildRelative(played);
  clearKillers();
  rootTrump = trump;
  rootPos = played;
  rootHand = (leader + played) & 3;
  rootRem = handCount(rootHand);
  for (let i = 0; i < 4; i++) {
    const h = (leader + i) & 3;
    const expect = i < played ? rootRem - 1 : rootRem;
    if (handCount(h) != expect) return -1;
  }
  rootWinHand = leader;
  rootLead = 0;
  rootWinSuit = 0;
  rootWinRank = 0;
  for (let i = 0; i < played; i++) {
    const c = load<u32>(PLY_CARD + (<usize>i << 2));
    const s = <i32>((c >> 4) & 3);
    const r = <i32>(c & 15);
    const h = <i32>((c >> 8) & 3);
    if (i == 0) {
      rootLead = s;
      rootWinHand = h;
      rootWinSuit = s;
      rootWinRank = r;
    } else if (s == rootWinSuit ? r > rootWinRank : s == trump) {
      rootWinHand = h;
      rootWinSuit = s;
      rootWinRank = r;
    }
  }
  return rootRem;
}

export function rootTricks(): i32 {
  return rootRem;
}

/** Can the side to move take at least `target` tricks? */
export function testRoot(target: i32): bool {
  count(ST_ROOT_TESTS);
  ttNewGeneration();
  setSearch(rootTrump, rootHand & 1, rootRem, rootPos);
  return search(rootPos, rootHand, rootLead, rootWinHand, rootWinSuit, rootWinRank, target);
}

function testRootMove(s: i32, r: i32, target: i32): bool {
  setSearch(rootTrump, rootHand & 1, rootRem, rootPos);
  return playAndSearch(rootPos, rootHand, rootLead, rootWinHand, rootWinSuit, rootWinRank, s, r, target);
}

/** The most tricks the side to move can take, by null-window tests starting from `guess`. */
export function rootValue(guess: i32): i32 {
  let lo = 0;
  let hi = rootRem;
  let g = guess;
  while (lo < hi) {
    let t = g;
    if (t <= lo) t = lo + 1;
    if (t > hi) t = hi;
    if (testRoot(t)) {
      lo = t;
      g = t + 1;
    } else {
      hi = t - 1;
      g = t - 1;
    }
  }
  return lo;
}

/**
 * Scores every legal card of the side to move (equivalent cards expanded); writes pairs
 * (card, tricks) as u32 to IO and returns the number of cards. `best` is the root value.
 */
export function rootCards(best: i32): i32 {
  const out = MOVES + (<usize>rootPos << 6);
  const n = genMoves(out, rootPos, rootHand, rootLead, rootWinHand, rootWinSuit, rootWinRank, rootTrump, -1, -1);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const mv = load<u32>(out + (<usize>i << 2));
    const s = <i32>((mv >> 4) & 3);
    const r = <i32>(mv & 15);
    // Score: the highest t with a successful test, from best downwards.
    let score = best;
    while (score > 0 && !testRootMove(s, r, score)) score--;
    // Expand the group: the cards of this hand touching r in the suit (cards in play as separators).
    const m = hm(rootHand, s);
    setSeparator(rootPos == 0 ? -1 : rootWinSuit, rootWinRank);
    const others = separators(rootHand, s);
    const above = others & ~((<u32>2 << r) - 1);
    const upper = above ? <i32>ctz<u32>(above) : 13;
    const g = m & ((<u32>1 << upper) - 1) & ~((<u32>1 << r) - 1);
    let gm = g;
    while (gm) {
      const c = <i32>ctz<u32>(gm);
      gm &= gm - 1;
      store<u32>(IO + (<usize>count << 3), <u32>((s << 4) | c));
      store<u32>(IO + (<usize>count << 3) + 4, <u32>score);
      count++;
    }
  }
  return count;
}

/**
 * The double-dummy table of the deal in HANDS (all hands the same length): writes u32
 * IO[strain * 4 + declarer] = tricks for declarer (strain 0..3 = S H D C, 4 = NT).
 */
export function calcTable(): i32 {
  for (let strain = 0; strain < 5; strain++) {
    // Entries of another strain never match (the trump is part of every key): forget them.
    ttForget();
    let guessEW = -1;
    for (let k = 0; k < 4; k++) {
      // Declarer order N, S, E, W: the same defending side twice in a row.
      const decl = k == 0 ? 0 : k == 1 ? 2 : k == 2 ? 1 : 3;
      const leader = (decl + 1) & 3;
      const rem = setupRoot(strain, leader, 0);
      if (rem < 0) return -1;
      let guess: i32;
      if (k == 0) guess = rem >> 1;
      else if (k == 1) guess = guessEW;
      else if (k == 2) guess = rem - guessEW;
      else guess = load<u32>(IO + ((<usize>(strain * 4 + 1)) << 2)) as i32;
      if (k == 3) guess = rem - guess;
      const v = rootValue(guess);
      if (k == 0) guessEW = v;
      store<u32>(IO + ((<usize>(strain * 4 + decl)) << 2), <u32>(rem - v));
    }
  }
  return 0;
}

export function currentRemaining(): i32 {
  return remTricks;
}
