/**
 * Scores of what a PBN game or table says: a game's NS score from its tags, ScoreTable matchpoints,
 * lenient contracts of score tables. The rules themselves are `../scoring.ts`.
 */
import type { Contract } from '../types.js';
import { matchpoints, scoreNS, type MatchpointScheme } from '../scoring.js';
import { declarerTricks, contractOf, parseDeclarer, parseResult, parseVulnerable } from './values.js';
import type { PbnGame, PbnSection } from './model.js';

/** Parses a contract leniently (`4S`, `3NX`, `3NT`, `pass`) for scoring tables. */
export function parseContractLoose(text: string): Contract | 'Pass' | null {
  const t = text.trim().replace(/^(\d)N(?!T)/i, '$1NT');
  return contractOf(t);
}

/** North-South score of a PBN game from its Contract, Declarer, Result and Vulnerable tags (null when unknown). */
export function pbnGameScore(game: PbnGame): number | null {
  const t = game.tags;
  const contract = t.Contract ? contractOf(t.Contract.value) : null;
  if (contract === 'Pass') return 0;
  if (!contract || contract.level === 0) return null;
  const decl = t.Declarer ? parseDeclarer(t.Declarer.value) : null;
  const res = t.Result ? parseResult(t.Result.value) : null;
  const vul = t.Vulnerable ? parseVulnerable(t.Vulnerable.value) : null;
  if (!decl || !res || !vul) return null;
  const tricks = declarerTricks(res, decl.seat);
  if (tricks === undefined) return null;
  return scoreNS(contract, decl.seat, tricks, vul);
}

/** Scores of each row of a PBN ScoreTable, with matchpoints computed from them. */
export interface ScoreTableScores {
  /** NS score of each row (null when the row has no usable score). */
  scoreNS: (number | null)[];
  /** Matchpoints and percentages of NS and EW for each row with a score (null otherwise). */
  mpNS: (number | null)[];
  mpEW: (number | null)[];
  percentageNS: (number | null)[];
  percentageEW: (number | null)[];
  top: number;
}

function num(el: string | undefined): number | null {
  if (el === undefined) return null;
  const v = el.replace(/^"|"$/g, '').replace(/^\^/, '').trim();
  return /^[-+]?\d+(\.\d+)?$/.test(v) ? Number(v) : null;
}

/**
 * Matchpoints and percentages for the rows of a ScoreTable section from its Score_NS / Score_EW
 * columns (and Multiplicity when present).
 */
export function scoreTableMatchpoints(section: PbnSection, scheme: MatchpointScheme = 'MP1'): ScoreTableScores {
  const cols = section.columns ?? [];
  const idx = (name: string) => cols.findIndex((c) => c.name === name);
  const ns = idx('Score_NS');
  const ew = idx('Score_EW');
  const mu = idx('Multiplicity');
  const rows = section.rows ?? [];
  const scoreNS = rows.map((r) => {
    const a = ns >= 0 ? num(r[ns]) : null;
    if (a !== null) return a;
    const b = ew >= 0 ? num(r[ew]) : null;
    return b !== null ? -b : null;
  });
  const present = scoreNS.map((s, i) => (s === null ? -1 : i)).filter((i) => i >= 0);
  const mult = present.map((i) => (mu >= 0 ? (num(rows[i]![mu]) ?? 1) : 1));
  const nsRes = matchpoints(
    present.map((i) => scoreNS[i]!),
    scheme,
    mult,
  );
  const ewRes = matchpoints(
    present.map((i) => -scoreNS[i]!),
    scheme,
    mult,
  );
  const out: ScoreTableScores = {
    scoreNS,
    mpNS: rows.map(() => null),
    mpEW: rows.map(() => null),
    percentageNS: rows.map(() => null),
    percentageEW: rows.map(() => null),
    top: nsRes.top,
  };
  present.forEach((row, k) => {
    out.mpNS[row] = nsRes.mp[k]!;
    out.mpEW[row] = ewRes.mp[k]!;
    out.percentageNS[row] = nsRes.percentage[k]!;
    out.percentageEW[row] = ewRes.percentage[k]!;
  });
  return out;
}
