// The goal of a stipulation, tested at a node and reached in one move: the side to move mated (#)
// or stalemated (=). Mate in one is built from the check squares (mate1.ts); stalemate in one from
// the moves that leave the other side without a move and not in check (stale1.ts).
import { inCheck } from './search';
import { anyLegal } from './mobility';
import { goal, GOAL_MATE } from './config';
import { matesInOne } from './mate1';
import { stalematesInOne } from './stale1';

/** Has the side to move at p reached the end the goal asks for (mated, or stalemated)? */
@inline export function goalReached(p: usize): bool {
  if (inCheck(p) != (goal == GOAL_MATE)) return false;
  return !anyLegal(p);
}

/** The side to move at p has no legal move (it is mated or stalemated). */
@inline export function immobile(p: usize): bool {
  return !anyLegal(p);
}

/**
 * The moves of the side to move at `ply` that reach the goal against the other side, written to
 * the ply's move list; returns how many (with `first`, at most one). Only moves from a square of
 * `from` to one of `to` are tried (a caller that knows which piece must make the last move).
 */
export function goalMoves(ply: i32, first: bool, from: u64 = ~(<u64>0), to: u64 = ~(<u64>0)): i32 {
  return goal == GOAL_MATE ? matesInOne(ply, first, from, to) : stalematesInOne(ply, first, from, to);
}

/** Whether the side to move at `ply` can reach the goal in one move. */
@inline export function goalInOne(ply: i32): bool {
  return goalMoves(ply, true) > 0;
}
