/**
 * Board conventions of duplicate bridge (Laws of Duplicate Bridge, Law 2): the dealer and the
 * vulnerability of a board follow from its number. The one place this cycle is written.
 */
import { SEATS, type Seat, type Vulnerability } from './types.js';

/** Vulnerability of boards 1..16; the cycle repeats every 16 boards. */
const VULNERABILITY_CYCLE: readonly Vulnerability[] = [
  'None',
  'NS',
  'EW',
  'All',
  'NS',
  'EW',
  'All',
  'None',
  'EW',
  'All',
  'None',
  'NS',
  'All',
  'None',
  'NS',
  'EW',
];

/** Dealer and vulnerability of a board number by the standard cycle (board 1: N, None; below 1 counts as 1). */
export function boardConditions(board: number): { dealer: Seat; vulnerability: Vulnerability } {
  const b = Math.max(1, Math.floor(board)) - 1;
  return { dealer: SEATS[b % 4]!, vulnerability: VULNERABILITY_CYCLE[b % 16]! };
}

/** Dealer of board `board` (N, E, S, W for boards 1 to 4, then again). */
export function boardDealer(board: number): Seat {
  return boardConditions(board).dealer;
}

/** Vulnerability of board `board` (16-board cycle). */
export function boardVulnerability(board: number): Vulnerability {
  return boardConditions(board).vulnerability;
}
