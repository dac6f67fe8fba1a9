// Generated and mutated PBN inputs for the parse → make → parse fuzz test (deterministic: the PRNG
// of test/support/rng.mjs). Shared by the test and by anyone replaying a seed by hand.
import type { PbnGame } from 'gamenotation/bridge';

const TAGS = [
  'Event',
  'Site',
  'Date',
  'Board',
  'West',
  'North',
  'East',
  'South',
  'Dealer',
  'Vulnerable',
  'Deal',
  'Scoring',
  'Declarer',
  'Contract',
  'Result',
  'Time',
  'UTCDate',
  'Room',
  'Score',
  'ScoreIMP',
  'OptimumScore',
  'Hidden',
  'Stage',
  'Round',
  'MyTag',
];
const TABLES = [
  'ScoreTable',
  'OptimumResultTable',
  'ActionTable',
  'AuctionTimeTable',
  'TotalScoreTable',
  'OptimumPlayTable',
  'Custom',
];
const VALUES = [
  '',
  '?',
  '#',
  '##',
  '##x',
  '###',
  '####y',
  '#x',
  'N',
  'e',
  'S',
  'w',
  'None',
  'NS',
  'ew',
  'All',
  'both',
  'N-S',
  '4SX',
  '3NT',
  'Pass',
  '7CXX',
  'H',
  '^S',
  '9',
  'NS 9 EW 4',
  '^10',
  '2013-11-23 11:23',
  '14:12',
  '20151006',
  '2015.09.?',
  '2001.01.21',
  '11:23:00',
  'N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765',
  'W:- - - -',
  'IMP;Cross',
  'a "q" \\ b',
  'Ä é',
  'x\ty',
];
const COLUMNS = [
  'Rank\\2R;PairId\\3;Score\\5R',
  'A\\99999999R',
  'A\\999999999R',
  '+Rank;-Names\\20L',
  'Declarer;Denomination\\2R;Result\\2R',
  '#',
  '##A\\3;B',
  'Call\\',
  ';',
  'Time;TotalTime',
];
const CALLS = [
  'Pass',
  'pass',
  'P',
  'X',
  'XX',
  '1C',
  '1d',
  '2NT',
  '7NT',
  'AP',
  '-',
  '+',
  '*',
  '^I',
  '^S',
  '=1=',
  '=0=',
  '=33=',
  '$1',
  '$255',
  '$256',
  '!',
  '?!',
  '!!!',
  '1N',
  '+++',
  '*1C',
  '**',
];
const CARDS = ['SA', 'hk', 'DQ', 'CJ', 'ST', 'H9', 'D2', '-', '--', '+', '*', '^R', '^L', '=2=', '$7', '?', 'S1', 'CS'];
const JUNK = [
  '}',
  '}}',
  ')',
  '(',
  '{',
  '{ a comment }',
  '; line comment',
  '%',
  '% escape',
  '"str"',
  '"',
  '[',
  ']',
  '\\',
  '\t',
  '\r',
  '\v',
  '\u0085',
  '#',
];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

/** A PBN-like text from the grammar's pieces: tags, auctions, plays, notes, tables, comments, junk. */
export function generatePbn(random: () => number): string {
  const out: string[] = [];
  const games = 1 + Math.floor(random() * 3);
  for (let g = 0; g < games; g++) {
    if (random() < 0.3) out.push(pick(random, ['% PBN 2.1', '% EXPORT', '%', '{ before }']));
    const n = 1 + Math.floor(random() * 8);
    for (let i = 0; i < n; i++) {
      const r = random();
      if (r < 0.45) out.push(`[${pick(random, TAGS)} "${pick(random, VALUES)}"]`);
      else if (r < 0.6) {
        out.push(`[Auction "${pick(random, ['N', 'E', 'S', 'W', 'x'])}"]`);
        out.push(
          Array.from({ length: Math.floor(random() * 12) }, () => pick(random, CALLS)).join(random() < 0.8 ? ' ' : ''),
        );
        if (random() < 0.4) out.push(`[Note "${pick(random, ['1:alert', '0:x', '33:y', 'bad', '2:two', '#'])}"]`);
      } else if (r < 0.72) {
        out.push(`[Play "${pick(random, ['N', 'E', 'S', 'W'])}"]`);
        out.push(Array.from({ length: Math.floor(random() * 14) }, () => pick(random, CARDS)).join(' '));
      } else if (r < 0.85) {
        out.push(`[${pick(random, TABLES)} "${pick(random, COLUMNS)}"]`);
        out.push(
          Array.from({ length: Math.floor(random() * 9) }, () =>
            pick(random, ['1', '-', '?', '^3', '"Name"', 'N', 'NT', '12', '100', 'AKQ']),
          ).join(' '),
        );
      } else out.push(pick(random, JUNK));
    }
    out.push(random() < 0.8 ? '' : ' ');
  }
  return out.join(random() < 0.7 ? '\n' : '\r\n');
}

/** A mutation of `text`: byte edits, line deletions/duplications, splices from `donor`, or inserted pieces. */
export function mutatePbn(random: () => number, text: string, donor: string): string {
  let s = text;
  const edits = 1 + Math.floor(random() * 6);
  for (let e = 0; e < edits; e++) {
    const r = random();
    const at = Math.floor(random() * (s.length + 1));
    if (r < 0.35) {
      const alphabet = '[]{}";%$=!?^*+-\\\n\r\t #SHDCAKQJT987NESWX0123456789}}';
      s = s.slice(0, at) + pick(random, [...alphabet]) + s.slice(at + 1);
    } else if (r < 0.5) {
      const lines = s.split('\n');
      const i = Math.floor(random() * lines.length);
      if (random() < 0.5) lines.splice(i, 1);
      else lines.splice(i, 0, lines[i] ?? '');
      s = lines.join('\n');
    } else if (r < 0.7) {
      const from = Math.floor(random() * donor.length);
      s = s.slice(0, at) + donor.slice(from, from + Math.floor(random() * 300)) + s.slice(at);
    } else if (r < 0.85) {
      s = s.slice(0, at) + pick(random, [...CALLS, ...CARDS, ...JUNK, ...VALUES.map((v) => `"${v}"`)]) + s.slice(at);
    } else {
      s = s.slice(0, at) + s.slice(at + Math.floor(random() * 40));
    }
  }
  return s;
}

/**
 * What a model keeps through export form, for comparing two models: MTS tags exported as "?" when
 * missing, whitespace in commentary (export wraps long comments) and tabs in `%` lines (export
 * writes tabs as spaces).
 */
export function comparable(games: PbnGame[], isMtsTag: (name: string) => boolean): unknown {
  const text = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(text);
    if (x && typeof x === 'object') {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(x)) {
        if (k === 'text' && typeof v === 'string') o[k] = v.replace(/\s+/g, ' ');
        else if (k === 'escapes' && Array.isArray(v)) o[k] = v.map((e: string) => e.replace(/[\t\v]/g, ' '));
        else o[k] = text(v);
      }
      return o;
    }
    return x;
  };
  return games.map((g) => {
    const tags: PbnGame['tags'] = {};
    for (const [k, v] of Object.entries(g.tags)) if (!(isMtsTag(k) && v.value === '?' && !v.comments)) tags[k] = v;
    return text({ ...g, tags });
  });
}
