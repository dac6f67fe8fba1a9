/**
 * Duplicate bridge scoring (Laws of Duplicate Bridge, Law 77), the IMP scale, and matchpoints
 * (PBN 3.4.12: MP1 = 2 per lower score + 1 per equal score; MP2 = 1 per lower + ½ per equal).
 * Rules only: scoring what is written in a PBN game is `pbn/score.ts`.
 */
import type { Contract, Seat, Strain, Vulnerability } from './types.js';
import { isVulnerable, sideOf } from './types.js';

/** Trick points per odd trick (NT: 40 for the first, 30 after). */
function trickPoints(strain: Strain, level: number): number {
  if (strain === 'C' || strain === 'D') return 20 * level;
  if (strain === 'H' || strain === 'S') return 30 * level;
  return 40 + 30 * (level - 1);
}

/**
 * Score of a contract for the declaring side: positive when made, negative when defeated.
 * `tricks` is the number of tricks declarer took (0..13).
 */
export function scoreContract(contract: Contract, tricks: number, vulnerable: boolean): number {
  const { level, strain, risk } = contract;
  if (level < 1 || level > 7) throw new RangeError(`contract level ${level}`);
  if (tricks < 0 || tricks > 13 || !Number.isInteger(tricks)) throw new RangeError(`tricks ${tricks}`);
  const mult = risk === 'XX' ? 4 : risk === 'X' ? 2 : 1;
  const need = level + 6;
  if (tricks >= need) {
    const over = tricks - need;
    const below = trickPoints(strain, level) * mult;
    let score = below;
    score += below >= 100 ? (vulnerable ? 500 : 300) : 50;
    if (level === 6) score += vulnerable ? 750 : 500;
    if (level === 7) score += vulnerable ? 1500 : 1000;
    if (risk === '') score += over * (strain === 'C' || strain === 'D' ? 20 : 30);
    else score += over * (vulnerable ? 200 : 100) * (mult / 2);
    if (risk === 'X') score += 50;
    if (risk === 'XX') score += 100;
    return score;
  }
  const down = need - tricks;
  if (risk === '') return -down * (vulnerable ? 100 : 50);
  let pen: number;
  if (vulnerable) pen = 200 + (down - 1) * 300;
  else pen = down === 1 ? 100 : down === 2 ? 300 : 500 + (down - 3) * 300;
  return -pen * (mult / 2);
}

/**
 * North-South score of a board: `contract` (or `'Pass'`/`null` for a passed-out board) played by
 * `declarer` taking `tricks`, under `vulnerability`.
 */
export function scoreNS(
  contract: Contract | 'Pass' | null,
  declarer: Seat | null | undefined,
  tricks: number | null | undefined,
  vulnerability: Vulnerability,
): number {
  if (!contract || contract === 'Pass' || contract.level === 0) return 0;
  if (!declarer || tricks == null) throw new RangeError('declarer and tricks are needed');
  const s = scoreContract(contract, tricks, isVulnerable(vulnerability, declarer));
  return sideOf(declarer) === 'NS' ? s : -s;
}

const IMP_STEPS = [
  20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000,
  3500, 4000,
];

/** IMPs for a score difference (WBF scale since 1962; sign follows the difference). */
export function imps(difference: number): number {
  const d = Math.abs(difference);
  let n = 0;
  while (n < IMP_STEPS.length && d >= IMP_STEPS[n]!) n++;
  return difference < 0 ? -n : n;
}

/** Matchpoint scale: MP1 (2 per score beaten, 1 per tie) or MP2 (1 and ½). */
export type MatchpointScheme = 'MP1' | 'MP2';

/** Matchpoints and percentages of a list of scores on one board. */
export interface MatchpointResult {
  /** Matchpoints of each score, in input order. */
  mp: number[];
  /** Percentage of the top for each score. */
  percentage: number[];
  /** The top (maximum matchpoints). */
  top: number;
}

/**
 * Matchpoints of each score against all the others. `multiplicity[i]` (default 1) says how many
 * tables had score i (PBN ScoreTable `Multiplicity`); those tables count as equal scores.
 */
export function matchpoints(
  scores: number[],
  scheme: MatchpointScheme = 'MP1',
  multiplicity?: number[],
): MatchpointResult {
  const mult = multiplicity ?? scores.map(() => 1);
  const total = mult.reduce((a, b) => a + b, 0);
  const per = scheme === 'MP1' ? 2 : 1;
  const top = (total - 1) * per;
  const mp: number[] = [];
  const percentage: number[] = [];
  scores.forEach((s, i) => {
    let lower = 0;
    let equal = mult[i]! - 1;
    scores.forEach((o, j) => {
      if (j === i) return;
      if (o < s) lower += mult[j]!;
      else if (o === s) equal += mult[j]!;
    });
    const v = lower * per + (equal * per) / 2;
    mp.push(v);
    percentage.push(top > 0 ? (100 * v) / top : 50);
  });
  return { mp, percentage, top };
}

/** IMPs of each score against a datum (Butler) — e.g. `datumImps([120, -80], -90)` → [5, 0]. */
export function datumImps(scores: number[], datum: number): number[] {
  return scores.map((s) => imps(s - datum));
}

/** Cross-IMPs: each score IMPed against every other, summed (Scoring modifier `Cross`). */
export function crossImps(scores: number[]): number[] {
  return scores.map((s, i) => scores.reduce((sum, o, j) => (j === i ? sum : sum + imps(s - o)), 0));
}
