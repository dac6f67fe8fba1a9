// Shared search helpers: copy-make on the ply stack, check tests, node counting, stop flag.
import { makeMove, colorBB, roleBB, turn, KING, occupied, O_TURN, O_EP } from '../chess/position';
import { attackersTo, generateLegal, countLegal } from '../chess/movegen';
import { copyPos } from '../chess/position';
import { posAt, movesAt, PATH } from './layout';

export let nodes: f64 = 0;
export function resetNodes(): void { nodes = 0; }

/** Plays m at `ply` into `ply + 1` and records it on the path. */
@inline export function play(ply: i32, m: u32): usize {
  const dst = posAt(ply + 1);
  makeMove(posAt(ply), dst, m);
  store<u32>(PATH + (<usize>ply << 2), m);
  nodes++;
  return dst;
}

/** Is the side to move at p in check. */
@inline export function inCheck(p: usize): bool {
  const us = turn(p);
  const k = colorBB(p, us) & roleBB(p, KING);
  return attackersTo(p, <i32>ctz<u64>(k), us ^ 1, occupied(p)) != 0;
}

/** Is the side to move at p checkmated. */
@inline export function isMated(p: usize): bool {
  return inCheck(p) && countLegal(p) == 0;
}

/** Legal moves of the position at `ply`, written to its move list; returns the count. */
@inline export function generate(ply: i32): i32 {
  return generateLegal(posAt(ply), movesAt(ply));
}

@inline export function moveAt(ply: i32, i: i32): u32 {
  return load<u32>(movesAt(ply) + (<usize>i << 2));
}

/** Passes the move at `ply` into `ply + 1` (for threats); false when the side to move is in check. */
export function playNull(ply: i32): bool {
  const src = posAt(ply);
  if (inCheck(src)) return false;
  const dst = posAt(ply + 1);
  copyPos(dst, src);
  store<u8>(dst, <u8>(turn(src) ^ 1), O_TURN);
  store<u8>(dst, 0, O_EP);
  store<u32>(PATH + (<usize>ply << 2), 0);
  return true;
}
