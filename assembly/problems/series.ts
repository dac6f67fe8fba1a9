// Series play: one side makes up to n moves in a row while the other side passes, and no move of
// the series may check (the other side would have to answer) except the one that ends it.
//   ser-#n, ser-=n: the series side mates (stalemates) with its last move.
//   ser-h#n, ser-h=n: the series side moves, then the other side mates (stalemates) in one.
//   ser-s#n, ser-s=n: the series side moves, then every move of the other side mates
//     (stalemates) the series side, and it has one.
//   ser-r#n, ser-r=n: as ser-s, but the other side need only be able to (and then must) reach the
//     goal; and the series side must not be able to reach it itself before any of its moves.
// Every line of every length up to n is listed (short solutions included), as Popeye lists them:
// OUT holds one record per line, its length then its moves (the series side's, and for ser-h the
// mating move; the other side's answers in ser-s/ser-r are left to the caller).
import { goalMoves, goalReached } from './goal';
import { posAt, movesAt, PATH, OUT, OUT_CAP, LAST_PLY } from './layout';
import { play, inCheck, generate, stopped } from './search';
import { keyOf, ttGet, seriesFails, seriesStore, K_SERIES } from './tt';
import { colorBB, roleBB, KING, turn, O_TURN, O_EP } from '../chess/position';
import { goal, GOAL_MATE, GOAL_STALEMATE } from './config';
import { prepareStaleTwo, staleTwoFails } from './stale1';

export const SER_DIRECT = 0, SER_HELP = 1, SER_SELF = 2, SER_REFLEX = 3;

let mode = SER_DIRECT;
let rootPly = 0;
let lines = 0;
let limit = 0;
let used = 0;

/** Lists the series lines from `ply` (the series side to move) with up to k series moves; returns how many. */
export function seriesLines(ply: i32, k: i32, kind: i32, max: i32): i32 {
  mode = kind;
  rootPly = ply;
  lines = 0;
  limit = max;
  used = 0;
  if (k >= 1 && ply + k + 1 < LAST_PLY) series(ply, k);
  return lines;
}

/** Records the series moves on the path up to `end` (exclusive), and `last` when not 0. */
function record(end: i32, last: u32): void {
  let len = end - rootPly;
  if (last != 0) len++;
  if (used + len + 1 <= OUT_CAP) {
    store<u32>(OUT + (<usize>used << 2), len);
    let at = used + 1;
    for (let i = rootPly; i < end; i++) { store<u32>(OUT + (<usize>at << 2), load<u32>(PATH + (<usize>i << 2))); at++; }
    if (last != 0) store<u32>(OUT + (<usize>at << 2), last);
    used += len + 1;
  }
  lines++;
}

/** The side to move at `ply` has a move, and every move it has reaches the goal (against the other side). */
function forcedToGoal(ply: i32): bool {
  const cnt = generate(ply);
  if (cnt == 0) return false;
  const list = movesAt(ply);
  for (let i = 0; i < cnt; i++) if (!goalReached(play(ply, load<u32>(list + (<usize>i << 2))))) return false;
  return true;
}

function series(ply: i32, k: i32): i32 {
  if (stopped != 0) return 0;
  const p = posAt(ply);
  const side = turn(p);
  // the side that delivers the goal must keep a piece that can mate
  const mater = mode == SER_DIRECT ? side : side ^ 1;
  if (goal == GOAL_MATE && (colorBB(p, mater) & ~roleBB(p, KING)) == 0) return 0;
  const key = keyOf(p) ^ K_SERIES ^ (<u64>mode << 32);
  if (seriesFails(ttGet(key), k)) return 0;
  if (mode == SER_REFLEX && goalMoves(ply, true) > 0) return 0;
  let found = 0;
  // ser-h=: a series move after which the stalemate in one is out of reach is not answered
  const staleTwo = mode == SER_HELP && goal == GOAL_STALEMATE && prepareStaleTwo(p);
  const cnt = generate(ply);
  const list = movesAt(ply);
  for (let i = 0; i < cnt && lines < limit; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    const q = play(ply, m);
    if (mode == SER_DIRECT) {
      // A stalemate does not end the series (Popeye goes on: 1.Qc5= 2.Sg3=); a mate checks, and does.
      if (goalReached(q)) { record(ply + 1, 0); found++; }
      if (inCheck(q)) continue;
    } else if (mode == SER_HELP) {
      // the last series move may check: the goal move answers it
      const n = staleTwo && staleTwoFails(m) ? 0 : goalMoves(ply + 1, false);
      for (let j = 0; j < n && lines < limit; j++) { record(ply + 1, load<u32>(movesAt(ply + 1) + (<usize>j << 2))); found++; }
      if (inCheck(q)) continue;
    } else if (mode == SER_SELF) {
      if (forcedToGoal(ply + 1)) { record(ply + 1, 0); found++; continue; }
      if (inCheck(q)) continue;
    } else {
      if (goalMoves(ply + 1, true) > 0) { record(ply + 1, 0); found++; continue; }
      if (inCheck(q)) continue;
    }
    if (k > 1) {
      // the other side passes: the series side moves again from the same position
      store<u8>(q, <u8>side, O_TURN);
      store<u8>(q, 0, O_EP);
      found += series(ply + 1, k - 1);
    }
  }
  if (found == 0 && lines < limit) seriesStore(key, k);
  return found;
}
