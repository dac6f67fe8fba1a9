// Helpmate: both sides cooperate; the side to move at the last ply mates. Every line is listed.
// A position with k plies left that has no line is remembered in the transposition table (one
// bit per k), which is what makes help play fast: the same positions recur through move orders.
// The last ply generates only checking moves' outcomes, and the ply before it is pruned when the
// mating side can give no check at all after any move (see canCheckNext).
import { matesInOne } from './mate1';
import { mayCheckBy, checkRelevantSquares, flightsMayBeCovered } from './checks';
import { pawnAttacks } from '../chess/attacks';
import { colorBB, roleBB, turn, kingSquare, KING, M_DOUBLE, M_EP } from '../chess/position';
import { posAt, movesAt, PATH, OUT, OUT_CAP, LAST_PLY } from './layout';
import { play, inCheck, generate } from './search';
import { keyOf, ttGet, ttPut, K_HELP } from './tt';

let rootPly = 0;
let lines = 0;
let limit = 0;
let lineLength = 0;

/** Lists every line of k plies from `ply` (side to move starts, the last mover mates). */
export function helpLines(ply: i32, k: i32, max: i32): i32 {
  rootPly = ply;
  lines = 0;
  limit = max;
  lineLength = k;
  if (k >= 1 && ply + k < LAST_PLY) help(ply, k);
  return lines;
}

function record(ply: i32): void {
  const at = lines * lineLength;
  if (at + lineLength <= OUT_CAP) {
    for (let i = 0; i < lineLength; i++) {
      store<u32>(OUT + (<usize>(at + i) << 2), load<u32>(PATH + (<usize>(rootPly + i) << 2)));
    }
  }
  lines++;
}

function help(ply: i32, k: i32): i32 {
  let found = 0;
  if (k == 1) {
    const n = matesInOne(ply, false);
    for (let i = 0; i < n && lines < limit; i++) {
      store<u32>(PATH + (<usize>ply << 2), load<u32>(movesAt(ply) + (<usize>i << 2)));
      record(ply);
    }
    return n;
  }
  const key = keyOf(posAt(ply)) ^ K_HELP;
  const bit: u32 = 1 << <u32>k;
  if (ttGet(key) & bit) return 0;
  const cnt = generate(ply);
  const list = movesAt(ply);
  // Two plies left: the mating side's last move must check. When it has no check now (as if the
  // side to move passed), only moves that change that can help: king moves, vacating a square that
  // opens one of its lines, capturing one of its pieces (a new target), a piece arriving where a pawn
  // would capture with check, double steps (e.p.) and e.p. captures.
  let skip: u64 = 0, keep: u64 = 0;
  const p = posAt(ply);
  if (k == 2) {
    const mater = turn(p) ^ 1;
    if (!flightsMayBeCovered(p)) {
      // Only king moves can lead to a mate.
      skip = ~(<u64>0);
      keep = 0;
      skip &= ~(colorBB(p, mater ^ 1) & roleBB(p, KING));
    } else if (!mayCheckBy(p, mater)) {
      skip = ~checkRelevantSquares(p, mater);
      keep = colorBB(p, mater) | pawnAttacks(mater ^ 1, kingSquare(p, mater ^ 1));
      skip &= ~(colorBB(p, mater ^ 1) & roleBB(p, KING));
    }
  }
  for (let i = 0; i < cnt && lines < limit; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    if (skip != 0 && ((skip >> <u64>(m & 63)) & 1) != 0 && ((keep >> <u64>((m >> 6) & 63)) & 1) == 0 && (m & (M_DOUBLE | M_EP)) == 0) continue;
    play(ply, m);
    found += help(ply + 1, k - 1);
  }
  if (found == 0 && lines < limit) ttPut(key, ttGet(key) | bit);
  return found;
}
