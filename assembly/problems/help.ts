// Help play h#n / h=n: both sides cooperate; the side to move at the last ply mates (stalemates).
// Every line of the asked length is listed. A position with k plies left that has no line is
// remembered in the transposition table (one bit per k), which is what makes help play fast: the
// same positions recur through move orders. For mate, the last ply generates only checking moves'
// outcomes, and the ply before it is pruned when the mating side can give no check at all after
// any move; a side left with a lone king cannot mate.
import { goalMoves } from './goal';
import { goal, GOAL_MATE, GOAL_STALEMATE } from './config';
import { prepareStaleTwo, staleTwoFails } from './stale1';
import { stopped } from './search';
import { mayCheckBy, checkRelevantSquares, flightsMayBeCovered } from './checks';
import { pawnAttacks, kingAttacks } from '../chess/attacks';
import { colorBB, roleBB, turn, kingSquare, castleRooks, occupied, KING, PAWN, WHITE, M_DOUBLE, M_EP } from '../chess/position';
import { attackersTo } from '../chess/movegen';
import { posAt, movesAt, PATH, OUT, OUT_CAP, LAST_PLY } from './layout';
import { play, inCheck, generate } from './search';
import { keyOf, keyAfter, ttGet, ttPut, helpBit, K_HELP } from './tt';

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

/** Help play, k plies from `ply` (`known`: the position's keyOf when the parent had it, else 0). */
function help(ply: i32, k: i32, known: u64 = 0): i32 {
  let found = 0;
  if (stopped != 0) return 0;
  if (k == 1) {
    const n = goalMoves(ply, false);
    for (let i = 0; i < n && lines < limit; i++) {
      store<u32>(PATH + (<usize>ply << 2), load<u32>(movesAt(ply) + (<usize>i << 2)));
      record(ply);
    }
    return n;
  }
  const key = (known != 0 ? known : keyOf(posAt(ply))) ^ K_HELP;
  const bit = helpBit(k);
  if (ttGet(key) & bit) return 0;
  // Two plies left: the mating side's last move must check. When it has no check now (as if the
  // side to move passed), only moves that change that can help: king moves, vacating a square that
  // opens one of its lines, capturing one of its pieces (a new target), a piece arriving where a pawn
  // would capture with check, double steps (e.p.) and e.p. captures.
  let skip: u64 = 0, keep: u64 = 0;
  const p = posAt(ply);
  const materSide = (k & 1) ? turn(p) : turn(p) ^ 1;
  if (goal == GOAL_MATE && (colorBB(p, materSide) & ~roleBB(p, KING)) == 0) {
    ttPut(key, ttGet(key) | bit);
    return 0;
  }
  if (k == 2 && goal == GOAL_MATE) {
    const mover = turn(p), mater = mover ^ 1;
    if (!flightsMayBeCovered(p)) {
      // Only king moves can lead to a mate. Without castling rights and double steps next to an
      // enemy pawn, they are stepped here without generating every move.
      const moverPawns = colorBB(p, mover) & roleBB(p, PAWN), materPawns = colorBB(p, mater) & roleBB(p, PAWN);
      const start = moverPawns & (mover == WHITE ? <u64>0xff00 : <u64>0x00ff000000000000);
      const beside = mover == WHITE ? materPawns >> 16 : materPawns << 16;
      const epRisk = (start & (((beside << 1) & 0xfefefefefefefefe) | ((beside >> 1) & 0x7f7f7f7f7f7f7f7f))) != 0;
      if ((castleRooks(p) & colorBB(p, mover)) == 0 && !epRisk) {
        const kb = colorBB(p, mover) & roleBB(p, KING);
        const ks = <i32>ctz<u64>(kb);
        const occ = occupied(p) ^ kb;
        let t = kingAttacks(ks) & ~colorBB(p, mover);
        while (t && lines < limit) {
          const to = <i32>ctz<u64>(t);
          t &= t - 1;
          if (attackersTo(p, to, mater, occ) != 0) continue;
          play(ply, <u32>(ks | (to << 6)));
          found += help(ply + 1, 1);
        }
        if (found == 0 && lines < limit) ttPut(key, ttGet(key) | bit);
        return found;
      }
      skip = ~(<u64>0);
      keep = 0;
      skip &= ~(colorBB(p, mover) & roleBB(p, KING));
    } else if (!mayCheckBy(p, mater)) {
      skip = ~checkRelevantSquares(p, mater);
      keep = colorBB(p, mater) | pawnAttacks(mover, kingSquare(p, mover));
      skip &= ~(colorBB(p, mover) & roleBB(p, KING));
    }
  }
  const staleTwo = k == 2 && goal == GOAL_STALEMATE && prepareStaleTwo(p);
  const cnt = generate(ply);
  const list = movesAt(ply);
  for (let i = 0; i < cnt && lines < limit; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    if (staleTwo && staleTwoFails(m)) continue;
    if (skip != 0 && ((skip >> <u64>(m & 63)) & 1) != 0 && ((keep >> <u64>((m >> 6) & 63)) & 1) == 0 && (m & (M_DOUBLE | M_EP)) == 0) continue;
    // the child's table fact, read before its move is played (as in intelligent.ts)
    let child: u64 = 0;
    if (k > 2) {
      child = keyAfter(p, key ^ K_HELP, m);
      if (child != 0 && (ttGet(child ^ K_HELP) & helpBit(k - 1)) != 0) continue;
    }
    play(ply, m);
    found += help(ply + 1, k - 1, child);
  }
  if (found == 0 && lines < limit) ttPut(key, ttGet(key) | bit);
  return found;
}
