// Shared search helpers: copy-make on the ply stack, check tests, node counting with the limits of
// a solve (a node budget and a deadline), the stop flag, and castlings that exclude each other.
import { makeMove, colorBB, roleBB, turn, KING, occupied, O_TURN, O_EP, O_CASTLE, castleRooks, M_CASTLE } from '../chess/position';
import { attackersTo, generateLegal } from '../chess/movegen';
import { copyPos } from '../chess/position';
import { posAt, movesAt, PATH } from './layout';

/** Milliseconds from the host's clock (performance.now). */
@external("env", "now") declare function now(): f64;

export let nodes: f64 = 0;
/** Why the search stopped: 0 still running, STOP_TIME past the deadline, STOP_NODES over the budget. */
export let stopped: i32 = 0;
export const STOP_TIME = 1, STOP_NODES = 2;
const CHECK_EVERY: f64 = 8192;
let maxNodes: f64 = Infinity;
let deadline: f64 = Infinity;
let nextCheck: f64 = CHECK_EVERY;

export function resetNodes(): void { nodes = 0; nextCheck = maxNodes < CHECK_EVERY ? maxNodes : CHECK_EVERY; }

/** Sets the node budget and the deadline (host clock, ms; Infinity for none) and clears the stop flag. */
export function setLimits(nodeBudget: f64, deadlineMs: f64): void {
  maxNodes = nodeBudget;
  deadline = deadlineMs;
  stopped = 0;
  nextCheck = nodes + CHECK_EVERY;
  if (nextCheck > maxNodes) nextCheck = maxNodes;
}

function checkLimits(): void {
  if (nodes >= maxNodes) { stopped = STOP_NODES; return; }
  if (deadline != Infinity && now() >= deadline) { stopped = STOP_TIME; return; }
  nextCheck = nodes + CHECK_EVERY;
  if (nextCheck > maxNodes) nextCheck = maxNodes;
}

// Castlings that exclude each other (Popeye's CastlingMutuallyExclusive): castling with the rook on
// square s takes away the castling rights of the rooks in EXCLUDES[s].
const EXCLUDES: usize = memory.data(64 * 8);
let excludesOn = false;

export function clearExclusions(): void { memory.fill(EXCLUDES, 0, 64 * 8); excludesOn = false; }
export function addExclusion(white: i32, black: i32): void {
  store<u64>(EXCLUDES + (<usize>white << 3), load<u64>(EXCLUDES + (<usize>white << 3)) | ((<u64>1) << <u64>black));
  store<u64>(EXCLUDES + (<usize>black << 3), load<u64>(EXCLUDES + (<usize>black << 3)) | ((<u64>1) << <u64>white));
  excludesOn = true;
}

/** Plays m from src into dst, castlings that exclude others taking those rights away. */
@inline export function applyMove(src: usize, dst: usize, m: u32): void {
  makeMove(src, dst, m);
  if (excludesOn && (m & M_CASTLE) != 0) {
    const ex = load<u64>(EXCLUDES + (<usize>((m >> 6) & 63) << 3));
    store<u64>(dst, castleRooks(dst) & ~ex, O_CASTLE);
  }
}

/** Plays m at `ply` into `ply + 1` and records it on the path. */
@inline export function play(ply: i32, m: u32): usize {
  const dst = posAt(ply + 1);
  applyMove(posAt(ply), dst, m);
  store<u32>(PATH + (<usize>ply << 2), m);
  nodes++;
  if (nodes >= nextCheck) checkLimits();
  return dst;
}

/** Is the side to move at p in check. */
@inline export function inCheck(p: usize): bool {
  const us = turn(p);
  const k = colorBB(p, us) & roleBB(p, KING);
  // a side without a king (NoWk / NoBk) is never in check
  return k != 0 && attackersTo(p, <i32>ctz<u64>(k), us ^ 1, occupied(p)) != 0;
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
