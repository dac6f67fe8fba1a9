// Self play s#n / s=n and reflex play r#n / r=n. The attacker (side to move) forces the defender
// to reach the goal against it (mate or stalemate the attacker) within n defender moves; the
// defender avoids it. In reflex play each side must reach the goal when it can: the defender's
// goal move in one ends the play in the attacker's favour, and an attacker that could reach the
// goal itself has failed. Quodlibet lets the attacker's own goal move solve too.
import { goalInOne, goalReached } from './goal';
import { posAt, movesAt, LAST_PLY, OUT, OUT_CAP } from './layout';
import { play, generate, playNull, stopped } from './search';
import { lastCheckers } from '../chess/movegen';
import { turn } from '../chess/position';
import { canMate } from './direct';
import { goal, GOAL_MATE, reflex, quodlibet, threatLimit, maxFlights, nonTrivialExtra, nonTrivialLength, nonTrivialBudget, setNonTrivialBudget, budgetSalt } from './config';
import { kingFlights } from './mobility';
import { keyOf, ttGet, ttMove, boundFails, boundWins, boundStore, boundStoreMove, K_SELF_WIN, K_SELF_FORCED } from './tt';
import { orderMoves, setKiller } from './order';

/** The attacker to move at `ply` forces the defender to reach the goal within n defender moves. */
export function selfWins(ply: i32, n: i32): bool {
  if (n <= 0 || ply >= LAST_PLY || stopped != 0) return false;
  const p = posAt(ply);
  // the defender must keep a piece that can mate (unless the attacker may mate instead)
  if (goal == GOAL_MATE && !quodlibet && !canMate(p, turn(p) ^ 1)) return false;
  if (reflex && goalInOne(ply)) return false;
  const key = keyOf(p) ^ K_SELF_WIN ^ budgetSalt();
  const d = ttGet(key);
  if (boundWins(d, n)) return true;
  if (boundFails(d, n)) return false;
  const cnt = generate(ply);
  orderMoves(ply, cnt, ttMove(key), n > 1);
  const list = movesAt(ply);
  for (let i = 0; i < cnt; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    const q = play(ply, m);
    if (quodlibet && goalReached(q)) {
      boundStoreMove(key, ttGet(key), n, true, m);
      return true;
    }
    if (selfForced(ply + 1, n)) {
      setKiller(ply, m);
      boundStoreMove(key, ttGet(key), n, true, m);
      return true;
    }
    if (stopped != 0) return false;
  }
  boundStore(key, ttGet(key), n, false);
  return false;
}

/** After the defender at `ply` passes, can the attacker force the goal within `within` moves? */
function threatens(ply: i32, within: i32): bool {
  if (!playNull(ply)) return true;
  return selfWins(ply + 1, within);
}

/**
 * The defender to move at `ply` reaches the goal within n moves whatever it plays: each of its
 * moves reaches the goal, or leaves the attacker a win within n - 1 (and it has a move).
 */
export function selfForced(ply: i32, n: i32): bool {
  if (n <= 0 || ply >= LAST_PLY || stopped != 0) return false;
  const p = posAt(ply);
  if (reflex) {
    // the defender must reach the goal when it can; a goal move ends the play
    if (goalInOne(ply)) return true;
    if (n == 1) return false;
  }
  const cnt = generate(ply);
  if (cnt == 0) return false;
  const list = movesAt(ply);
  if (n == 1) {
    for (let i = 0; i < cnt; i++) if (!goalReached(play(ply, load<u32>(list + (<usize>i << 2))))) return false;
    return true;
  }
  const check = lastCheckers() != 0;
  const key = keyOf(p) ^ K_SELF_FORCED ^ budgetSalt();
  const d = ttGet(key);
  if (boundWins(d, n)) return true;
  if (boundFails(d, n)) return false;
  // Popeye's MaxFlightsquares and Threat: a position before the attacker's last two moves where
  // the defender's king has more flights than allowed (in check too), or a quiet one where the
  // attacker threatens nothing short, counts as defended
  if ((maxFlights >= 0 && n > 2 && <i32>popcnt<u64>(kingFlights(p)) > maxFlights) ||
      (!check && threatLimit > 0 && n - 1 > threatLimit && !threatens(ply, threatLimit))) {
    boundStore(key, ttGet(key), n, false);
    return false;
  }
  let loop = cnt;
  const budget = nonTrivialBudget;
  if (nonTrivialExtra >= 0 && n - 1 > nonTrivialLength) {
    loop = nonTrivialFirst(ply, cnt, nonTrivialLength);
    if (stopped != 0) return false;
    if (loop - 1 > budget) {
      boundStore(key, ttGet(key), n, false);
      return false;
    }
    if (loop > 1) setNonTrivialBudget(budget - (loop - 1));
  } else orderMoves(ply, cnt, ttMove(key), false);
  for (let i = 0; i < loop; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    const q = play(ply, m);
    if (!reflex && goalReached(q)) continue;
    if (!selfWins(ply + 1, n - 1)) {
      setNonTrivialBudget(budget);
      if (stopped != 0) return false;
      setKiller(ply, m);
      boundStoreMove(key, ttGet(key), n, false, m);
      return false;
    }
  }
  setNonTrivialBudget(budget);
  boundStore(key, ttGet(key), n, true);
  return true;
}

/** Moves the defences at `ply` that the attacker cannot meet with a win within `within` moves to the front; returns how many. */
function nonTrivialFirst(ply: i32, cnt: i32, within: i32): i32 {
  const list = movesAt(ply);
  let nt = 0;
  for (let i = 0; i < cnt; i++) {
    const a = list + (<usize>i << 2);
    const m = load<u32>(a);
    const q = play(ply, m);
    if (!reflex && goalReached(q)) continue;
    if (within > 0 && selfWins(ply + 1, within)) continue;
    const b = list + (<usize>nt << 2);
    store<u32>(a, load<u32>(b));
    store<u32>(b, m);
    nt++;
  }
  return nt;
}

/**
 * Defences at `ply` that escape: after them the goal is not reached and the attacker cannot force
 * it within n - 1 moves; written to OUT, at most max + 1. Returns how many (-1: the defender has
 * no move, which escapes as well; 0 also when, in reflex play, the defender must reach the goal).
 */
export function selfRefutations(ply: i32, n: i32, max: i32): i32 {
  if (reflex && goalInOne(ply)) return 0;
  const cnt = generate(ply);
  if (cnt == 0) return -1;
  const list = movesAt(ply);
  let found = 0;
  for (let i = 0; i < cnt && found <= max; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    const q = play(ply, m);
    if (!reflex && goalReached(q)) continue;
    if (n <= 1 || !selfWins(ply + 1, n - 1)) {
      if (found < OUT_CAP) store<u32>(OUT + (<usize>found << 2), m);
      found++;
    }
  }
  return found;
}
