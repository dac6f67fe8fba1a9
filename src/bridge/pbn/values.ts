/** Parsing and canonical forms of PBN tag values (Dealer, Vulnerable, Contract, Declarer, Result, scores). */
import { err, notationError, ok, type Result } from '../../errors.js';
import { resultBoundary } from '../../text/boundary.js';
import type { Contract, Risk, Seat, Strain, Vulnerability } from '../types.js';
import type { PbnResult } from './model.js';

/** Reads a seat letter (N, E, S, W; any case); null otherwise. */
export function parseSeat(value: string): Seat | null {
  const v = value.trim().toUpperCase();
  return v === 'N' || v === 'E' || v === 'S' || v === 'W' ? v : null;
}

/** Reads a PBN Vulnerable value, synonyms included (Love, Both, …); null when unknown. */
export function parseVulnerable(value: string): Vulnerability | null {
  switch (value.trim().toLowerCase()) {
    case 'none':
    case 'love':
    case '-':
      return 'None';
    case 'ns':
    case 'n-s':
      return 'NS';
    case 'ew':
    case 'e-w':
      return 'EW';
    case 'all':
    case 'both':
      return 'All';
    default:
      return null;
  }
}

/** Reads a strain (S, H, D, C, NT; any case); null otherwise. */
export function parseStrain(text: string): Strain | null {
  const t = text.toUpperCase();
  if (t === 'NT') return 'NT';
  return t === 'S' || t === 'H' || t === 'D' || t === 'C' ? t : null;
}

/**
 * Reads a contract as PBN writes it: `4SX`, `3NT`, `Pass`, or a bare denomination (`H`, `NT`,
 * level 0) for end positions.
 * @example
 * ```ts
 * parseContract('4HX'); // { ok: true, value: { level: 4, strain: 'H', risk: 'X' } }
 * ```
 */
export function parseContract(text: string): Result<Contract | 'Pass'> {
  return resultBoundary('parseContract', () => {
    const contract = contractOf(text);
    return contract
      ? ok(contract)
      : err(notationError('ERR_BRIDGE_CONTRACT', `not a contract: ${JSON.stringify(text.slice(0, 20))}`));
  });
}

/** @internal `parseContract` without the Result: null when malformed. */
export function contractOf(value: string): Contract | 'Pass' | null {
  const v = value.trim();
  if (/^pass$/i.test(v)) return 'Pass';
  const m = /^([1-7]?)(NT|[SHDC])(XX|X)?$/i.exec(v);
  if (!m) return null;
  const level = m[1] ? Number(m[1]) : 0;
  if (level === 0 && m[3]) return null;
  return { level, strain: m[2]!.toUpperCase() as Strain, risk: (m[3]?.toUpperCase() ?? '') as Risk };
}

/** Writes a contract as a PBN Contract value (`4HX`, `3NT`, `Pass`). */
export function makeContract(contract: Contract | 'Pass'): string {
  if (contract === 'Pass') return 'Pass';
  return `${contract.level || ''}${contract.strain}${contract.risk}`;
}

/** Declarer tag: `S`, `^S` (irregular: declarer and dummy swapped), or '' (passed out). */
export function parseDeclarer(value: string): { seat: Seat; irregular: boolean } | '' | null {
  const v = value.trim();
  if (v === '') return '';
  const irregular = v.startsWith('^');
  const seat = parseSeat(irregular ? v.slice(1) : v);
  return seat ? { seat, irregular } : null;
}

/** Result tag: `9`, `NS 9`, `EW 4`, `NS 9 EW 4`, `EW 4 NS 9`, each optionally preceded by `^`; '' for passed out. */
export function parseResult(value: string): PbnResult | '' | null {
  let v = value.trim();
  if (v === '') return '';
  const result: PbnResult = {};
  if (v.startsWith('^')) {
    result.irregular = true;
    v = v.slice(1).trim();
  }
  if (/^\d{1,2}$/.test(v)) {
    const n = Number(v);
    if (n > 13) return null;
    result.tricks = n;
    return result;
  }
  const m = /^(NS|EW)\s+(\d{1,2})(?:\s+(NS|EW)\s+(\d{1,2}))?$/i.exec(v);
  if (!m) return null;
  const a = m[1]!.toUpperCase();
  const x = Number(m[2]);
  if (x > 13) return null;
  if (a === 'NS') result.ns = x;
  else result.ew = x;
  if (m[3]) {
    const b = m[3].toUpperCase();
    const y = Number(m[4]);
    if (b === a || y > 13 || x + y !== 13) return null;
    if (b === 'NS') result.ns = y;
    else result.ew = y;
  }
  return result;
}

/** Declarer's tricks from a result, given the declarer. */
export function declarerTricks(result: PbnResult, declarer: Seat | undefined): number | undefined {
  if (result.tricks !== undefined) return result.tricks;
  if (!declarer) return undefined;
  const ns = declarer === 'N' || declarer === 'S';
  if (ns) return result.ns ?? (result.ew !== undefined ? 13 - result.ew : undefined);
  return result.ew ?? (result.ns !== undefined ? 13 - result.ns : undefined);
}

const SCORE_RE = new Map<string, [RegExp, RegExp]>();

/**
 * Score-like tags (Score, ScoreIMP, ScoreMP, ScorePercentage): `n`, `NS n`, `EW n`, `NS n EW m`, `EW n NS m`.
 * `decimals` allows a decimal dot; `nonNegative` forbids a sign.
 */
export function parseSideScore(
  value: string,
  opts: { decimals: boolean; nonNegative?: boolean; sideRequired?: boolean },
): { ns?: number; ew?: number; declarer?: number } | null {
  const v = value.trim();
  const key = `${opts.nonNegative ? 1 : 0}${opts.decimals ? 1 : 0}`;
  let re = SCORE_RE.get(key);
  if (!re) {
    const num = `${opts.nonNegative ? '\\+?' : '[-+]?'}\\d+${opts.decimals ? '(?:\\.\\d*)?' : ''}`;
    re = [new RegExp(`^${num}$`), new RegExp(`^(NS|EW)\\s+(${num})(?:\\s+(NS|EW)\\s+(${num}))?$`)];
    SCORE_RE.set(key, re);
  }
  if (!opts.sideRequired && re[0].test(v)) return { declarer: Number(v) };
  const m = re[1].exec(v);
  if (!m) return null;
  const out: { ns?: number; ew?: number } = {};
  out[m[1] === 'NS' ? 'ns' : 'ew'] = Number(m[2]);
  if (m[3]) {
    if (m[3] === m[1]) return null;
    out[m[3] === 'NS' ? 'ns' : 'ew'] = Number(m[4]);
  }
  return out;
}

/** `YYYY.MM.DD` with `?` for unknown digits. */
export function isPbnDate(value: string): boolean {
  return /^[\d?]{4}\.[\d?]{2}\.[\d?]{2}$/.test(value);
}

/**
 * Dates as real files write them, in PBN form: BBO `2013-11-23 11:23` (a date and a time),
 * a bare time `14:12` (the date unknown), `20151006`, or `2015.09.?` (an unknown field of one `?`).
 * Null when the value is none of these (or already `YYYY.MM.DD`).
 */
export function pbnDateDialect(value: string): { date: string; time?: string } | null {
  const v = value.trim();
  if (isPbnDate(v)) return null;
  const two = (x: string) => (x === '?' ? '??' : x.padStart(2, '0'));
  const time = (h: string, m: string, sec?: string) => `${h.padStart(2, '0')}:${m}:${sec ?? '00'}`;
  let m = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (m) {
    const out: { date: string; time?: string } = { date: `${m[1]}.${two(m[2]!)}.${two(m[3]!)}` };
    if (m[4] !== undefined) out.time = time(m[4], m[5]!, m[6]);
    return Number(m[2]) <= 12 &&
      Number(m[3]) <= 31 &&
      (m[4] === undefined || (Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6] ?? 0) < 60))
      ? out
      : null;
  }
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  if (m) return Number(m[2]) <= 12 && Number(m[3]) <= 31 ? { date: `${m[1]}.${m[2]}.${m[3]}` } : null;
  m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(v);
  if (m)
    return Number(m[1]) < 24 && Number(m[2]) < 60 && Number(m[3] ?? 0) < 60
      ? { date: '????.??.??', time: time(m[1]!, m[2]!, m[3]) }
      : null;
  m = /^([\d?]{4})\.(\d{1,2}|\?{1,2})\.(\d{1,2}|\?{1,2})$/.exec(v);
  if (m) return { date: `${m[1]}.${two(m[2]!.replace(/^\?+$/, '?'))}.${two(m[3]!.replace(/^\?+$/, '?'))}` };
  return null;
}

/** `HH:MM:SS` with `?` for unknown digits. */
export function isPbnTime(value: string): boolean {
  return /^[\d?]{2}:[\d?]{2}:[\d?]{2}$/.test(value);
}

/** ScoreRubberHistory `NS a b / c d EW a b / c d`: which sides have won a game (and are vulnerable). */
export function rubberVulnerability(value: string): Vulnerability | null {
  const m = /^NS\s+([\d\s]+?)\s*\/\s*([\d\s]+?)\s+EW\s+([\d\s]+?)\s*\/\s*([\d\s]+?)\s*$/.exec(value.trim());
  if (!m) return null;
  const units = (s: string) => s.trim().split(/\s+/).map(Number);
  const nsBelow = units(m[2]!);
  const ewBelow = units(m[4]!);
  const nsAbove = units(m[1]!);
  const ewAbove = units(m[3]!);
  if (nsAbove.length !== 2 || ewAbove.length !== 2 || nsBelow.length !== ewBelow.length || nsBelow.length > 3)
    return null;
  // every unit below the line but the last is a finished game, won by the side with 100 or more
  let nsWon = false;
  let ewWon = false;
  for (let i = 0; i < nsBelow.length - 1; i++) {
    if (nsBelow[i]! >= 100) nsWon = true;
    if (ewBelow[i]! >= 100) ewWon = true;
  }
  return nsWon && ewWon ? 'All' : nsWon ? 'NS' : ewWon ? 'EW' : 'None';
}
