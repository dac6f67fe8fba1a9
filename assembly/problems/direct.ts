// Direct mate #n: the attacker (side to move) mates within n moves against every defence.
// Checking moves are tried first (they are the only ones that can mate at once and the most
// forcing otherwise); both kinds of node keep their bounds in the transposition table.
import { matesInOne } from './mate1';
import { posAt, movesAt, LAST_PLY, OUT, OUT_CAP } from './layout';
import { play, inCheck, generate, moveAt } from './search';
import { keyOf, ttGet, boundFails, boundWins, boundStore, K_ATTACK, K_DEFEND } from './tt';

/** The attacker to move at `ply` mates within n moves. */
export function mateIn(ply: i32, n: i32): bool {
  if (n <= 0 || ply >= LAST_PLY) return false;
  if (n == 1) return matesInOne(ply, true) > 0;
  const key = keyOf(posAt(ply)) ^ K_ATTACK;
  const d = ttGet(key);
  if (boundWins(d, n)) return true;
  if (boundFails(d, n)) return false;
  const cnt = generate(ply);
  const list = movesAt(ply);
  // Checks first; quiet moves are kept (compacted in place) for a second pass.
  let quiet = 0;
  for (let i = 0; i < cnt; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    const q = play(ply, m);
    if (inCheck(q)) {
      if (defenderLoses(ply + 1, n)) { boundStore(key, ttGet(key), n, true); return true; }
    } else {
      store<u32>(list + (<usize>quiet << 2), m);
      quiet++;
    }
  }
  for (let i = 0; i < quiet; i++) {
    play(ply, load<u32>(list + (<usize>i << 2)));
    if (defenderLoses(ply + 1, n)) { boundStore(key, ttGet(key), n, true); return true; }
  }
  boundStore(key, ttGet(key), n, false);
  return false;
}

/**
 * The defender to move at `ply` is mated, or is mated within n - 1 further attacker moves
 * whatever it plays (n counts the attacker move that led here).
 */
export function defenderLoses(ply: i32, n: i32): bool {
  const p = posAt(ply);
  const cnt = generate(ply);
  if (cnt == 0) return inCheck(p);
  if (n <= 1 || ply >= LAST_PLY) return false;
  let key: u64 = 0, d: u32 = 0;
  if (n >= 3) {
    key = keyOf(p) ^ K_DEFEND;
    d = ttGet(key);
    if (boundWins(d, n)) return true;
    if (boundFails(d, n)) return false;
  }
  for (let i = 0; i < cnt; i++) {
    play(ply, moveAt(ply, i));
    if (!mateIn(ply + 1, n - 1)) {
      if (n >= 3) boundStore(key, ttGet(key), n, false);
      return false;
    }
  }
  if (n >= 3) boundStore(key, ttGet(key), n, true);
  return true;
}

/**
 * Defences at `ply` after which the attacker cannot mate within n - 1 moves, written to OUT;
 * stops after max + 1. Returns how many were found (-1: the defender is stalemated or has no
 * move and is not mated, which refutes as well).
 */
export function refutations(ply: i32, n: i32, max: i32): i32 {
  const cnt = generate(ply);
  if (cnt == 0) return inCheck(posAt(ply)) ? 0 : -1;
  let found = 0;
  for (let i = 0; i < cnt && found <= max; i++) {
    const m = moveAt(ply, i);
    play(ply, m);
    if (!mateIn(ply + 1, n - 1)) {
      if (found < OUT_CAP) store<u32>(OUT + (<usize>found << 2), m);
      found++;
    }
  }
  return found;
}
