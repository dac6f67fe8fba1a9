// Memory of the problems module above the chess core's fixed layout (the chess core's tables,
// position stack and move lists are reused as they are: this module imports the chess files).
import { MEMORY_END, POS_STACK, POS_SIZE, MOVE_STACK, MAX_MOVES, MAX_PLY } from '../chess/layout';

export const P_BASE: usize = (MEMORY_END + 0xffff) & ~(<usize>0xffff);
/** The moves of the line being searched, one u32 per ply from the root. */
export const PATH: usize = P_BASE;
/** Results for the TypeScript side: moves, refutations, help lines (u32 each). */
export const OUT: usize = PATH + 4 * <usize>MAX_PLY;
export const OUT_CAP: i32 = 1 << 18;
/** Transposition table: starts here, grows memory as sized by ttResize. */
export const TT_BASE: usize = (OUT + (<usize>OUT_CAP << 2) + 0xffff) & ~(<usize>0xffff);
/** The highest ply a search may use (the chess core's SAN writer keeps the last one as scratch). */
export const LAST_PLY: i32 = MAX_PLY - 2;

@inline export function posAt(ply: i32): usize { return POS_STACK + <usize>ply * POS_SIZE; }
@inline export function movesAt(ply: i32): usize { return MOVE_STACK + (<usize>ply * <usize>MAX_MOVES << 2); }

/** The interface version of problems.wasm (src/problems/solve/wasm.ts PROBLEMS_ABI): bump both together
 *  whenever an export, a buffer offset or the move-list record changes. */
export const ABI_VERSION: i32 = 2;
