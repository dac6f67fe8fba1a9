// Memory of the problems module above the chess core's fixed layout. The chess core's tables are
// reused as they are (this module imports the chess files); the solver keeps its own position stack
// and move lists, deeper than the core's (long series and helpmates), so the core's SAN scratch
// slot stays untouched.
import { MEMORY_END, POS_SIZE, MAX_MOVES } from '../chess/layout';

/** Plies of the solver's position stack. */
export const STACK_PLIES: i32 = 128;
/** The highest ply a search may use. */
export const LAST_PLY: i32 = STACK_PLIES - 2;

export const P_BASE: usize = (MEMORY_END + 0xffff) & ~(<usize>0xffff);
/** The moves of the line being searched, one u32 per ply from the root. */
export const PATH: usize = P_BASE;
/** Results for the TypeScript side: moves, refutations, help lines (u32 each). */
export const OUT: usize = PATH + 4 * <usize>STACK_PLIES;
export const OUT_CAP: i32 = 1 << 18;
/** One position per ply. */
export const STACK: usize = (OUT + (<usize>OUT_CAP << 2) + 0xff) & ~(<usize>0xff);
/** One move list per ply. */
export const LISTS: usize = STACK + <usize>STACK_PLIES * POS_SIZE;
/** Scratch of the intelligent mode (piece identities per ply and its tables), 256 KiB. */
export const INTEL: usize = LISTS + <usize>STACK_PLIES * <usize>MAX_MOVES * 4;
export const INTEL_SIZE: usize = 256 << 10;
/** Transposition table: starts here, grows memory as sized by ttResize. */
export const TT_BASE: usize = (INTEL + INTEL_SIZE + 0xffff) & ~(<usize>0xffff);

@inline export function posAt(ply: i32): usize { return STACK + <usize>ply * POS_SIZE; }
@inline export function movesAt(ply: i32): usize { return LISTS + (<usize>ply * <usize>MAX_MOVES << 2); }

/** The interface version of problems.wasm (src/problems/solve/wasm.ts PROBLEMS_ABI): bump both together
 *  whenever an export, a buffer offset or the move-list record changes. */
export const ABI_VERSION: i32 = 3;
