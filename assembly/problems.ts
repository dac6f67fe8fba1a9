// Export surface of problems.wasm: the chess problem solver (direct, help, self, reflex and series
// play, mate or stalemate) over the chess core. The TypeScript side keeps a stack of positions
// (push/pop) and asks questions at its top.
import { ensureMemory } from './common/bits';
import { TEXT_IN, TEXT_OUT, RESULT, TABLE_BASE } from './chess/layout';
import { initAttacks } from './chess/attacks';
import { initZobrist } from './chess/zobrist';
import { initFen, parseFen, validate, normalize, F_KINGS, F_OPPOSITE_CHECK, F_IMPOSSIBLE_CHECK, F_TOO_MANY_PIECES } from './chess/fen';
import { writeSan } from './chess/san';
import { countLegal, generateLegal, attackersTo } from './chess/movegen';
import { copyPos, colorBB, roleBB, occupied, turn, KING, WHITE, BLACK, O_TURN, O_EP } from './chess/position';
import { posAt, OUT, OUT_CAP, TT_BASE, LAST_PLY, ABI_VERSION } from './problems/layout';
import { ttResize as resize, ttClear as clear } from './problems/tt';
import { inCheck, playNull, nodes, resetNodes, setLimits as limits, stopped, clearExclusions, addExclusion, applyMove } from './problems/search';
import { configure as config, setReflex as reflexOn } from './problems/config';
import { clearKillers } from './problems/order';
import { attackWins, defenderLoses, refutations as directRefutations } from './problems/direct';
import { helpLines as help } from './problems/help';
import { selfWins as sWins, selfForced as sForced, selfRefutations as sRefutations } from './problems/self';
import { seriesLines as series } from './problems/series';
import { goalReached } from './problems/goal';
import { intelligentLines as intelligent, intelligentSeries as intelSeries, planCount, countPlans as count } from './problems/intelligent/intelligent';

let ready = false;
let top = 0;

/** Prepares memory and tables; returns 0, 1 if memory could not grow, 2 if static data overlaps. */
export function init(): i32 {
  if (ready) return 0;
  if (__heap_base > TABLE_BASE) return 2;
  if (!ensureMemory(TT_BASE)) return 1;
  initAttacks();
  initZobrist();
  initFen();
  ready = true;
  return 0;
}

/** The interface version (assembly/problems/layout.ts ABI_VERSION), checked by src/wasm/load.ts. */
export function abiVersion(): i32 { return ABI_VERSION; }

export function textIn(): usize { return TEXT_IN; }
export function textOut(): usize { return TEXT_OUT; }
export function out(): usize { return OUT; }
export function outCap(): i32 { return OUT_CAP; }
export function nodeCount(): f64 { return nodes; }

/** Sizes the transposition table (MiB, rounded down to a power of two); 0 on success. */
export function ttResize(mib: i32): i32 { return resize(mib) ? 0 : 1; }
export function ttClear(): void { clear(); clearKillers(); }

/**
 * What the part asks for: goal 0 mate, 1 stalemate; Popeye's Threat n and MaxFlightsquares n (0:
 * off), Quodlibet (0/1), NonTrivial m n (m < 0: off); reflex play (0/1).
 */
export function configure(goal: i32, threat: i32, flights: i32, quodlibet: i32, ntExtra: i32, ntLength: i32, reflex: i32): void {
  config(goal, threat, flights, quodlibet, ntExtra, ntLength);
  reflexOn(reflex);
}
/** Castling with the rook on `white` and with the rook on `black` exclude each other. */
export function exclusion(white: i32, black: i32): void { addExclusion(white, black); }
export function clearExclusion(): void { clearExclusions(); }

/** Node budget and deadline (host clock, ms; Infinity: none); clears the stop flag. */
export function setLimits(maxNodes: f64, deadline: f64): void { limits(maxNodes, deadline); }
/** 0 while within the limits, 1 past the deadline, 2 over the node budget. */
export function stopReason(): i32 { return stopped; }

/**
 * Sets the root position from the FEN in TEXT_IN[0..len). Returns 0, a FEN syntax code (1..15),
 * or validation flags << 4.
 */
export function setFen(len: i32): i32 {
  top = 0;
  resetNodes();
  const p = posAt(0);
  const code = parseFen(len, p, 0);
  if (code) return code;
  // A problem's position need not be reachable in a game: as Popeye, checks no game could give and
  // more pieces than a game has are solved; only a capturable king and misplaced pawns are refused.
  let flags = validate(p, load<i32>(RESULT, 8)) & ~(F_IMPOSSIBLE_CHECK | F_TOO_MANY_PIECES);
  const kings = roleBB(p, KING);
  if ((flags & F_KINGS) != 0 && popcnt<u64>(colorBB(p, WHITE) & kings) <= 1 && popcnt<u64>(colorBB(p, BLACK) & kings) <= 1) {
    // A problem may lack a king (Popeye solves such positions; NoWk / NoBk): the side not to move
    // must still not be in check.
    flags &= ~F_KINGS;
    const other = colorBB(p, turn(p) ^ 1) & kings;
    if (other != 0 && attackersTo(p, <i32>ctz<u64>(other), turn(p), occupied(p)) != 0) flags |= F_OPPOSITE_CHECK;
  }
  normalize(p);
  return flags << 4;
}

export function depth(): i32 { return top; }
/** Plays legal move m on top of the stack. */
export function push(m: u32): i32 {
  if (top >= LAST_PLY - 1) return 1;
  applyMove(posAt(top), posAt(top + 1), m);
  top++;
  return 0;
}
/** Passes (threat search, set play, series); 1 when the side to move is in check. */
export function pushNull(): i32 {
  if (top >= LAST_PLY - 1 || !playNull(top)) return 1;
  top++;
  return 0;
}
export function pop(): void { if (top > 0) top--; }
/**
 * Passes in the position at the top, without a ply (a series line of n moves then takes n plies,
 * not 2n - 1: ser-=65 fits the stack); only after a move (top > 0), and undone by popping that move.
 */
export function passAtTop(): void {
  if (top == 0) return;
  const p = posAt(top);
  store<u8>(p, <u8>(turn(p) ^ 1), O_TURN);
  store<u8>(p, 0, O_EP);
}

/** Legal moves at the top written to OUT; returns the count. */
export function moves(): i32 { return generateLegal(posAt(top), OUT); }
/** Bit 0: in check; bits 1..: number of legal moves. */
export function status(): i32 { const p = posAt(top); return (countLegal(p) << 1) | (inCheck(p) ? 1 : 0); }
/** 1 when the side to move at the top has reached the goal's end (mated or stalemated as configured). */
export function atGoal(): i32 { return goalReached(posAt(top)) ? 1 : 0; }
/** SAN of m at the top (the chess core's writer, with + or #) in TEXT_OUT; returns the length. */
export function san(m: u32): i32 { return writeSan(posAt(top), m); }

// Questions at the top of the stack (the side to move there).
export function mateIn(n: i32): i32 { return attackWins(top, n) ? 1 : 0; }
export function loses(n: i32): i32 { return defenderLoses(top, n) ? 1 : 0; }
export function refutations(n: i32, max: i32): i32 { return directRefutations(top, n, max); }
export function helpLines(plies: i32, max: i32): i32 { return help(top, plies, max); }
/**
 * helpLines by intelligent mode: the same lines, searched towards the final pictures the material
 * can reach; those with the mated king on `kingSquare` (64: any square).
 */
export function intelligentLines(plies: i32, max: i32, kingSquare: i32): i32 { return intelligent(top, plies, max, kingSquare); }
/** Final pictures searched by the last intelligentLines call. */
export function plans(): i32 { return planCount; }
/** Final pictures of a `plies` help play (series: `plies` series moves of mode 0 ser-#/=, 1 ser-h) from the top, counted up to cap + 1. */
export function countPlans(plies: i32, cap: i32, seriesMode: i32): i32 { return count(top, plies, cap, seriesMode); }
/** seriesLines (modes 0 and 1) by intelligent mode, the lines whose mated king ends on `kingSquare` (64: any). */
export function intelligentSeries(k: i32, mode: i32, max: i32, kingSquare: i32): i32 { return intelSeries(top, k, mode, max, kingSquare); }
export function selfWins(n: i32): i32 { return sWins(top, n) ? 1 : 0; }
export function selfForced(n: i32): i32 { return sForced(top, n) ? 1 : 0; }
export function selfRefutations(n: i32, max: i32): i32 { return sRefutations(top, n, max); }
/** Series lines from the top (mode 0 ser-#/=, 1 ser-h, 2 ser-s, 3 ser-r), up to k series moves: records [length, moves…] in OUT. */
export function seriesLines(k: i32, mode: i32, max: i32): i32 { return series(top, k, mode, max); }
/** Copies the top position to `dst` (for callers that keep snapshots). */
export function topPosition(dst: usize): void { copyPos(dst, posAt(top)); }
