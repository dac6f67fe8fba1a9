// Direct play #n and =n: the attacker (side to move) reaches the goal within n moves against every
// defence. Attacker nodes try the table's move, the killers and checks first, then moves that take
// flights from the enemy king, then the rest by history; defender nodes try the table's refutation
// and the killers first, then (with 3+ moves left) the defences that may stop the mate in one the
// attacker threatens after a pass, so a refuted attacker move usually costs one defence. Both kinds
// of node keep their bounds in the transposition table. Popeye's Threat and
// MaxFlightsquares options count a defence as successful without searching it further.
import { goalInOne, goalMoves } from './goal';
import { posAt, movesAt, LAST_PLY, OUT, OUT_CAP } from './layout';
import { play, generate, playNull, stopped } from './search';
import { lastCheckers } from '../chess/movegen';
import { colorBB, roleBB, KING, turn } from '../chess/position';
import { kingFlights } from './mobility';
import { goal, GOAL_MATE, threatLimit, maxFlights, nonTrivialExtra, nonTrivialLength, nonTrivialBudget, setNonTrivialBudget, budgetSalt } from './config';
import { keyOf, ttGet, ttMove, boundFails, boundWins, boundStore, boundStoreMove, K_ATTACK, K_DEFEND } from './tt';
import { orderMoves, setKiller, addHistory, threatFirst } from './order';

/** The side to move at p has pieces that can still give mate (a lone king cannot). */
@inline export function canMate(p: usize, side: i32): bool {
  return (colorBB(p, side) & ~roleBB(p, KING)) != 0;
}

/** The attacker to move at `ply` reaches the goal within n moves. */
export function attackWins(ply: i32, n: i32): bool {
  if (n <= 0 || ply >= LAST_PLY || stopped != 0) return false;
  const p = posAt(ply);
  if (goal == GOAL_MATE && !canMate(p, turn(p))) return false;
  if (n == 1) return goalInOne(ply);
  const key = keyOf(p) ^ K_ATTACK ^ budgetSalt();
  const d = ttGet(key);
  if (boundWins(d, n)) return true;
  if (boundFails(d, n)) return false;
  const cnt = generate(ply);
  orderMoves(ply, cnt, ttMove(key), true, true, true);
  const list = movesAt(ply);
  for (let i = 0; i < cnt; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    play(ply, m);
    if (defenderLoses(ply + 1, n)) {
      setKiller(ply, m);
      addHistory(ply, m, n);
      boundStoreMove(key, ttGet(key), n, true, m);
      return true;
    }
    if (stopped != 0) return false;
  }
  boundStore(key, ttGet(key), n, false);
  return false;
}

/** After the defender at `ply` passes, can the attacker reach the goal within `within` moves? */
function threatens(ply: i32, within: i32): bool {
  if (!playNull(ply)) return true;
  return attackWins(ply + 1, within);
}

/**
 * The defender to move at `ply` has reached the goal's end (mated, stalemated), or loses within
 * n - 1 further attacker moves whatever it plays (n counts the attacker move that led here).
 */
export function defenderLoses(ply: i32, n: i32): bool {
  const p = posAt(ply);
  const cnt = generate(ply);
  const check = lastCheckers() != 0;
  if (cnt == 0) return goal == GOAL_MATE ? check : !check;
  if (n <= 1 || ply >= LAST_PLY || stopped != 0) return false;
  let key: u64 = 0;
  if (n >= 3) {
    key = keyOf(p) ^ K_DEFEND ^ budgetSalt();
    const d = ttGet(key);
    if (boundWins(d, n)) return true;
    if (boundFails(d, n)) return false;
  }
  // Popeye's MaxFlightsquares and Threat: a position before the attacker's last two moves where
  // the defender's king has more flights than allowed (in check too), or a quiet one where the
  // attacker threatens nothing short, counts as defended
  if ((maxFlights >= 0 && n > 2 && <i32>popcnt<u64>(kingFlights(p)) > maxFlights) ||
      (!check && threatLimit > 0 && n - 1 > threatLimit && !threatens(ply, threatLimit))) {
    if (n >= 3) boundStore(key, ttGet(key), n, false);
    return false;
  }
  const list = movesAt(ply);
  let loop = cnt;
  const budget = nonTrivialBudget;
  if (nonTrivialExtra >= 0 && n - 1 > nonTrivialLength) {
    // NonTrivial: the defences the attacker cannot meet with a short win come first; more of them
    // than the budget allows defends.
    loop = nonTrivialFirst(ply, cnt, nonTrivialLength);
    if (stopped != 0) return false;
    if (loop - 1 > budget) {
      if (n >= 3) boundStore(key, ttGet(key), n, false);
      return false;
    }
    if (loop > 1) setNonTrivialBudget(budget - (loop - 1));
  } else {
    const at = orderMoves(ply, cnt, n >= 3 ? ttMove(key) : 0, false, n >= 3);
    // the mate the attacker threatens after a pass: the defences that may stop it first
    if (n >= 3 && !check && goal == GOAL_MATE && playNull(ply) && goalMoves(ply + 1, true) > 0)
      threatFirst(ply, cnt, at, load<u32>(movesAt(ply + 1)));
  }
  for (let i = 0; i < loop; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    play(ply, m);
    if (!attackWins(ply + 1, n - 1)) {
      setNonTrivialBudget(budget);
      if (stopped != 0) return false;
      setKiller(ply, m);
      if (n >= 3) addHistory(ply, m, n);
      if (n >= 3) boundStoreMove(key, ttGet(key), n, false, m);
      return false;
    }
  }
  setNonTrivialBudget(budget);
  if (n >= 3) boundStore(key, ttGet(key), n, true);
  return true;
}

/** Moves the defences at `ply` after which the attacker cannot win within `within` moves to the front; returns how many. */
function nonTrivialFirst(ply: i32, cnt: i32, within: i32): i32 {
  const list = movesAt(ply);
  let nt = 0;
  for (let i = 0; i < cnt; i++) {
    const a = list + (<usize>i << 2);
    const m = load<u32>(a);
    play(ply, m);
    if (within > 0 && attackWins(ply + 1, within)) continue;
    const b = list + (<usize>nt << 2);
    store<u32>(a, load<u32>(b));
    store<u32>(b, m);
    nt++;
  }
  return nt;
}

/**
 * Defences at `ply` after which the attacker cannot reach the goal within n - 1 moves, written to
 * OUT; stops after max + 1. Returns how many were found (-1: the defender has no move and has not
 * reached the goal's end, which refutes as well).
 */
export function refutations(ply: i32, n: i32, max: i32): i32 {
  const cnt = generate(ply);
  const check = lastCheckers() != 0;
  if (cnt == 0) return (goal == GOAL_MATE ? check : !check) ? 0 : -1;
  let found = 0;
  const list = movesAt(ply);
  for (let i = 0; i < cnt && found <= max; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    play(ply, m);
    if (!attackWins(ply + 1, n - 1)) {
      if (found < OUT_CAP) store<u32>(OUT + (<usize>found << 2), m);
      found++;
    }
  }
  return found;
}
