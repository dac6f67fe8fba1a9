// Selfmate s#n: White (to move) forces Black to mate White within n Black moves; Black avoids it.
import { countLegal } from '../chess/movegen';
import { posAt, movesAt, LAST_PLY } from './layout';
import { play, inCheck, generate, moveAt } from './search';
import { keyOf, ttGet, boundFails, boundWins, boundStore, K_SELF_WIN, K_SELF_FORCED } from './tt';

/** White to move at `ply` forces Black to mate within n Black moves. */
export function selfWins(ply: i32, n: i32): bool {
  if (n <= 0 || ply >= LAST_PLY) return false;
  const cnt = generate(ply);
  const key = keyOf(posAt(ply)) ^ K_SELF_WIN;
  const d = ttGet(key);
  if (boundWins(d, n)) return true;
  if (boundFails(d, n)) return false;
  for (let i = 0; i < cnt; i++) {
    play(ply, moveAt(ply, i));
    if (selfForced(ply + 1, n)) { boundStore(key, ttGet(key), n, true); return true; }
  }
  boundStore(key, ttGet(key), n, false);
  return false;
}

/** Black to move at `ply` must mate within n moves whatever it plays (and has a move). */
export function selfForced(ply: i32, n: i32): bool {
  if (n <= 0 || ply >= LAST_PLY) return false;
  const cnt = generate(ply);
  if (cnt == 0) return false;
  let key: u64 = 0;
  if (n >= 2) {
    key = keyOf(posAt(ply)) ^ K_SELF_FORCED;
    const d = ttGet(key);
    if (boundWins(d, n)) return true;
    if (boundFails(d, n)) return false;
  }
  const list = movesAt(ply);
  // Black's non-mating moves first: they are the ones that can refute.
  for (let i = 0; i < cnt; i++) {
    const q = play(ply, load<u32>(list + (<usize>i << 2)));
    if (inCheck(q) && countLegal(q) == 0) continue;
    if (n == 1 || !selfWins(ply + 1, n - 1)) {
      if (n >= 2) boundStore(key, ttGet(key), n, false);
      return false;
    }
  }
  if (n >= 2) boundStore(key, ttGet(key), n, true);
  return true;
}
