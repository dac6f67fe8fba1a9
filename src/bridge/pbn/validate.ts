/**
 * The PBN validator: the checks of a game's meaning (tag values, tables, auction, play, result,
 * notes) on the model, wherever the game came from. The reader runs them on each game it builds, with
 * the places it read each part at; `validatePbnGame` runs them on any game (built by hand, edited,
 * received as JSON) and reports the same codes the reader would for that game's text.
 */
import { notationError, type NotationError } from '../../errors.js';
import { analyseAuction } from '../auction.js';
import { makeDeal, parseDeal } from '../deal.js';
import { analysePlay } from '../play.js';
import { type Seat, type Strain, nextSeat, partner, SEATS } from '../types.js';
import type { PbnGame, PbnNote, PbnSection } from './model.js';
import { isKnownTag } from './tags.js';
import { canonicalCall } from './tokens.js';
import { excerpt } from './util.js';
import {
  declarerTricks,
  isPbnDate,
  pbnDateDialect,
  isPbnTime,
  makeContract,
  contractOf,
  parseDeclarer,
  parseResult,
  parseSeat,
  parseSideScore,
  parseVulnerable,
  rubberVulnerability,
} from './values.js';

/** A place in the text (1-based). */
export interface Pos {
  line: number;
  column: number;
}

/** Where the checks send what they find (`ERR_PBN_*` codes). */
export interface PbnReportSink {
  error(code: string, message: string, pos: Pos | undefined): void;
  warning(code: string, message: string, pos: Pos | undefined): void;
}

/** Where each part of a game was read, for error positions (all empty for a game not read from text). */
export interface PbnPlaces {
  first: Pos | undefined;
  tagPos: Record<string, Pos>;
  auctionPos?: Pos;
  callPos: Pos[];
  playPos?: Pos;
  cardPos: Pos[];
  sectionPos: Map<PbnSection, Pos>;
  notePos: Map<PbnNote, Pos>;
  noteRefs: { section: 'auction' | 'play'; index: number; pos?: Pos }[];
  /** A call of the auction could not be read (its checks are skipped). */
  badAuction: boolean;
  parsedDeal?: ReturnType<typeof parseDeal> | null;
  /** Whether a tag's value is inherited with `##` (such tags are not reported unknown). */
  inherited?: (name: string) => boolean;
}

/** Columns marked + (descending) or - (ascending) must be in that order (unknown/irrelevant values skipped). */
export function checkTableOrder(s: PbnSection, at: Pos | undefined, sink: PbnReportSink): void {
  s.columns?.forEach((col, ci) => {
    if (!col.order) return;
    const values = s
      .rows!.map((row) => row[ci])
      .filter((v): v is string => v !== undefined && v !== '?' && v !== '-')
      .map((v) => v.replace(/^"|"$/g, '').replace(/^\^/, ''));
    const nums = values.every((v) => /^[-+]?\d+(\.\d+)?$/.test(v));
    for (let i = 1; i < values.length; i++) {
      const a = values[i - 1]!;
      const b = values[i]!;
      const cmp = nums ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0;
      if ((col.order === '+' && cmp < 0) || (col.order === '-' && cmp > 0)) {
        sink.error(
          'ERR_PBN_TABLE_ORDER',
          `${s.name}: column ${col.name} is not in ${col.order === '+' ? 'descending' : 'ascending'} order`,
          at,
        );
        break;
      }
    }
  });
}

/** Element syntax of the predefined columns of the tables of chapter 5 (`?` unknown and `-` irrelevant always allowed). */
export function checkTableValues(s: PbnSection, at: Pos | undefined, sink: PbnReportSink): void {
  const checks: Record<string, (v: string) => boolean> = {};
  const seat = (v: string) => /^[NESW]$/i.test(v);
  const time = (v: string) => /^(\d+:)?(\d+:)?\d+$/.test(v);
  if (s.name === 'OptimumResultTable') {
    checks.Declarer = seat;
    checks.Denomination = (v) => /^(NT|[SHDC])$/i.test(v);
    checks.Result = (v) => /^\d+$/.test(v) && Number(v) <= 13;
  } else if (s.name === 'OptimumPlayTable') {
    for (const suit of ['S', 'H', 'D', 'C']) checks[suit] = (v) => /^[AKQJT98765432]+$/i.test(v);
  } else if (s.name === 'AuctionTimeTable' || s.name === 'PlayTimeTable') {
    checks.Time = time;
    checks.TotalTime = time;
  } else if (s.name === 'ScoreTable' || s.name === 'ActionTable') {
    checks.Declarer = seat;
  }
  const cols = s.columns ?? [];
  for (const row of s.rows ?? []) {
    row.forEach((el, i) => {
      const check = cols[i] && checks[cols[i]!.name];
      const v = el.replace(/^"|"$/g, '');
      if (check && v !== '?' && v !== '-' && !check(v))
        sink.error('ERR_PBN_TABLE_VALUE', `${s.name}: "${el}" is not a valid ${cols[i]!.name}`, at);
    });
  }
}

/**
 * Canonical values for known tags (the model builder's last step, and the first of validation): value
 * errors are reported here. Returns the parsed Deal, for the later checks.
 */
export function normalizeTagValues(
  game: PbnGame,
  places: PbnPlaces,
  sink: PbnReportSink,
): ReturnType<typeof parseDeal> | null {
  const r = sink;
  let parsedDeal: ReturnType<typeof parseDeal> | null = null;
  const t = game.tags;
  const at = (n: string) => places.tagPos[n] ?? places.first;
  const known = (n: string) =>
    t[n] !== undefined && t[n]!.value !== '?' && (n === 'Declarer' || n === 'Result' || t[n]!.value.trim() !== '');
  if (known('Dealer')) {
    const s = parseSeat(t.Dealer!.value);
    if (s) t.Dealer!.value = s;
    else r.error('ERR_PBN_DEALER', `Dealer "${t.Dealer!.value}" is not W, N, E or S`, at('Dealer'));
  }
  for (const [dateTag, timeTag] of [
    ['Date', 'Time'],
    ['EventDate', ''],
    ['UTCDate', 'UTCTime'],
  ] as const) {
    if (!known(dateTag)) continue;
    const raw = t[dateTag]!.value;
    const d = pbnDateDialect(raw);
    if (!d || (d.time && !timeTag)) continue;
    // a dialect: the PBN date, and the time in its own tag (kept as commentary if that tag says otherwise)
    t[dateTag]!.value = d.date;
    let note = '';
    if (d.time) {
      const tt = t[timeTag];
      if (!tt || tt.value === '?' || tt.value.trim() === '') {
        t[timeTag] = { ...tt, value: d.time };
        places.tagPos[timeTag] ??= at(dateTag);
      } else if (tt.value.trim() !== d.time) {
        (t[dateTag]!.comments ??= []).push({ text: `${dateTag} "${raw}"`, brace: true });
        note = `; the time is kept as a comment (${timeTag} says ${tt.value})`;
      }
    }
    r.warning(
      'ERR_PBN_DATE',
      `${dateTag} "${raw}" written as "${d.date}"${d.time && !note ? ` with ${timeTag} "${d.time}"` : ''}${note}`,
      at(dateTag),
    );
  }
  if (known('Vulnerable')) {
    const v = parseVulnerable(t.Vulnerable!.value);
    if (v && /^\s*[ne]-[sw]\s*$/i.test(t.Vulnerable!.value))
      r.warning('ERR_PBN_VULNERABLE', `Vulnerable "${t.Vulnerable!.value}" written as "${v}"`, at('Vulnerable'));
    if (v) t.Vulnerable!.value = v;
    else
      r.error('ERR_PBN_VULNERABLE', `Vulnerable "${t.Vulnerable!.value}" is not None, NS, EW or All`, at('Vulnerable'));
  }
  if (known('Deal')) {
    const raw = t.Deal!.value;
    const d = parseDeal(raw, at('Deal'));
    parsedDeal = d;
    if (!d.ok) r.error(d.error.code, d.error.message, at('Deal'));
    else {
      if (!/^\s*[NESWnesw]:\S+ \S+ \S+ \S+\s*$/.test(raw))
        r.error('ERR_PBN_DEAL_SYNTAX', 'hands must be separated by a single space', at('Deal'));
      if (SEATS.every((s) => d.value[s] === null)) r.error('ERR_PBN_DEAL_CARDS', 'the deal gives no hand', at('Deal'));
      const dealer = t.Dealer ? parseSeat(t.Dealer.value) : null;
      t.Deal!.value = makeDeal(d.value, dealer ?? parseSeat(raw.trim()[0]!)!);
    }
  }
  if (known('Declarer')) {
    const d = parseDeclarer(t.Declarer!.value);
    if (d === null) r.error('ERR_PBN_DECLARER', `Declarer "${t.Declarer!.value}" is not a seat`, at('Declarer'));
    else t.Declarer!.value = d === '' ? '' : `${d.irregular ? '^' : ''}${d.seat}`;
  }
  if (known('Contract')) {
    const contract = contractOf(t.Contract!.value);
    if (!contract) r.error('ERR_PBN_CONTRACT', `Contract "${t.Contract!.value}" is not a contract`, at('Contract'));
    else t.Contract!.value = makeContract(contract);
    // a passed-out deal has empty Declarer and Result (3.4.13, 3.4.15)
    if (contract === 'Pass') {
      t.Declarer ??= { value: '' };
      t.Result ??= { value: '' };
    }
  }
  if (known('Result')) {
    const res = parseResult(t.Result!.value);
    if (res === null) r.error('ERR_PBN_RESULT', `Result "${t.Result!.value}" is not a number of tricks`, at('Result'));
    else if (res !== '') {
      const d = t.Declarer ? parseDeclarer(t.Declarer.value) : null;
      const seat = d ? (d.irregular ? d.seat : d.seat) : undefined;
      const tricks = declarerTricks(res, seat);
      if (tricks !== undefined && seat) t.Result!.value = `${res.irregular ? '^' : ''}${tricks}`;
    }
  }
  return parsedDeal;
}

/** The PBN code of each issue `analyseAuction` finds (the rules layer names issues without a format). */
const AUCTION_ISSUE_CODES: Readonly<Record<string, string>> = {
  AUCTION_AFTER_END: 'ERR_PBN_AUCTION_AFTER_END',
  AUCTION_CALL: 'ERR_PBN_AUCTION_CALL',
  AUCTION_DOUBLE: 'ERR_PBN_AUCTION_DOUBLE',
  AUCTION_INSUFFICIENT: 'ERR_PBN_AUCTION_INSUFFICIENT',
  AUCTION_IRREGULAR: 'ERR_PBN_AUCTION_IRREGULAR',
  AUCTION_REDOUBLE: 'ERR_PBN_AUCTION_REDOUBLE',
};

/** The PBN code of each issue `analysePlay` finds. */
const PLAY_ISSUE_CODES: Readonly<Record<string, string>> = {
  PLAY_AFTER_PLUS: 'ERR_PBN_PLAY_AFTER_PLUS',
  PLAY_CARD_NOT_IN_HAND: 'ERR_PBN_PLAY_CARD_NOT_IN_HAND',
  PLAY_CARD_PLAYED: 'ERR_PBN_PLAY_CARD_PLAYED',
  PLAY_LEAD_IRREGULAR: 'ERR_PBN_PLAY_LEAD_IRREGULAR',
  PLAY_REVOKE: 'ERR_PBN_PLAY_REVOKE',
  PLAY_REVOKE_MARK: 'ERR_PBN_PLAY_REVOKE_MARK',
  PLAY_TOO_MANY: 'ERR_PBN_PLAY_TOO_MANY',
};

/** An auction issue's PBN code (an issue the table does not know yet: the auction's call error). */
function auctionIssueCode(issue: string): string {
  return AUCTION_ISSUE_CODES[issue] ?? 'ERR_PBN_AUCTION_CALL';
}

/** A play issue's PBN code (an issue the table does not know yet: the play's card error). */
function playIssueCode(issue: string): string {
  return PLAY_ISSUE_CODES[issue] ?? 'ERR_PBN_PLAY_CARD_SYNTAX';
}

/** Semantic checks of one game (tag values, auction, play, result, notes). Also sets the auction to start at the dealer. */
export function checkGame(game: PbnGame, places: PbnPlaces, sink: PbnReportSink): void {
  checkTagValues(game, places, sink);
  const facts = contractFacts(game, places, sink);
  checkAuction(game, places, facts, sink);
  checkPlay(game, places, facts, sink);
  checkTimeTables(game, places, sink);
  checkNotes(game, places, sink);
}

/** Where a tag was read (else the game's first place). */
function tagAt(places: PbnPlaces, name: string): Pos | undefined {
  return places.tagPos[name] ?? places.first;
}

/** A tag's value, trimmed; undefined when the tag is absent or `?`. */
function tagValue(game: PbnGame, name: string): string | undefined {
  const tag = game.tags[name];
  return tag && tag.value !== '?' ? tag.value.trim() : undefined;
}

/** The syntax of the simple tag values (board, dates, times, round, scores…) and unknown tags. */
function checkTagValues(game: PbnGame, places: PbnPlaces, r: PbnReportSink): void {
  const t = game.tags;
  const at = (n: string) => tagAt(places, n);
  const val = (n: string) => tagValue(game, n);
  const board = val('Board');
  if (board !== undefined && board !== '' && !/^\d+$/.test(board))
    r.error('ERR_PBN_BOARD', `Board "${board}" is not a positive integer`, at('Board'));
  else if (board && Number(board) < 1) r.error('ERR_PBN_BOARD', 'Board must be positive', at('Board'));
  for (const n of ['Date', 'EventDate', 'UTCDate']) {
    const v = val(n);
    if (v !== undefined && v !== '' && !isPbnDate(v)) r.error('ERR_PBN_DATE', `${n} "${v}" is not YYYY.MM.DD`, at(n));
  }
  for (const n of ['Time', 'UTCTime']) {
    const v = val(n);
    if (v !== undefined && v !== '' && !isPbnTime(v)) r.error('ERR_PBN_TIME', `${n} "${v}" is not HH:MM:SS`, at(n));
  }
  const round = val('Round');
  if (round !== undefined && round !== '' && !/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(round))
    r.error('ERR_PBN_ROUND', `Round "${round}" is not a round indicator`, at('Round'));
  const scoring = val('Scoring');
  if (scoring !== undefined && scoring !== '' && !scoring.split(';').every((f) => /^[A-Za-z0-9_-]+$/.test(f.trim())))
    r.error('ERR_PBN_SCORING', `Scoring "${scoring}" has a bad field`, at('Scoring'));
  const hidden = val('Hidden');
  if (hidden !== undefined && !/^[NESWnesw]*$/.test(hidden))
    r.error('ERR_PBN_HIDDEN', `Hidden "${hidden}" must list seats`, at('Hidden'));
  const french = val('FrenchMP');
  if (french !== undefined && french !== '' && french !== 'Yes' && french !== 'No')
    r.error('ERR_PBN_FRENCHMP', 'FrenchMP must be Yes or No', at('FrenchMP'));
  const scores: [string, { decimals: boolean; nonNegative?: boolean; sideRequired?: boolean }][] = [
    ['Score', { decimals: false }],
    ['ScoreIMP', { decimals: true }],
    ['ScoreMP', { decimals: true }],
    ['ScorePercentage', { decimals: true, nonNegative: true }],
    ['OptimumScore', { decimals: false, sideRequired: true }],
  ];
  for (const [n, opts] of scores) {
    const v = val(n);
    if (v === undefined || v === '') continue;
    const s = parseSideScore(v, opts);
    if (!s) r.error('ERR_PBN_SCORE', `${n} "${v}" is not a valid score`, at(n));
    else if (n === 'ScorePercentage' && [s.ns, s.ew, s.declarer].some((x) => x !== undefined && x > 100))
      r.error('ERR_PBN_SCORE', `${n} above 100`, at(n));
  }
  const rubber = val('ScoreRubber');
  if (
    rubber !== undefined &&
    rubber !== '' &&
    !/^(?:(?:NS|EW)\s+)?\d+\s*\/\s*\d+(?:\s+(?:NS|EW)\s+\d+\s*\/\s*\d+)?$/.test(rubber)
  )
    r.error('ERR_PBN_SCORE', `ScoreRubber "${rubber}" is not above/below`, at('ScoreRubber'));
  const history = val('ScoreRubberHistory');
  if (history !== undefined && history !== '') {
    const hv = rubberVulnerability(history);
    if (!hv) r.error('ERR_PBN_SCORE', `ScoreRubberHistory "${history}" is malformed`, at('ScoreRubberHistory'));
    else {
      const vul = val('Vulnerable') ? parseVulnerable(val('Vulnerable')!) : null;
      if (vul && vul !== hv)
        r.error(
          'ERR_PBN_RUBBER_VULNERABLE',
          `ScoreRubberHistory makes ${hv} vulnerable but Vulnerable is ${vul}`,
          at('ScoreRubberHistory'),
        );
    }
  }
  for (const name of Object.keys(t)) {
    if (!isKnownTag(name) && !places.inherited?.(name))
      r.warning('ERR_PBN_TAG_UNKNOWN', `unknown tag ${name} (kept)`, at(name));
  }
}

/** What the Dealer, Contract, Declarer, Result and Deal tags say, for the checks of auction and play. */
interface ContractFacts {
  dealer: Seat | null;
  contract: ReturnType<typeof contractOf>;
  declTag: ReturnType<typeof parseDeclarer> | undefined;
  declarer: Seat | undefined;
  result: ReturnType<typeof parseResult> | undefined;
  deal: ReturnType<typeof parseDeal> | null;
}

/** Reads the contract, declarer and result tags and checks them against each other. */
function contractFacts(game: PbnGame, places: PbnPlaces, r: PbnReportSink): ContractFacts {
  const t = game.tags;
  const at = (n: string) => tagAt(places, n);
  const val = (n: string) => tagValue(game, n);
  const dealer = val('Dealer') ? parseSeat(val('Dealer')!) : null;
  const contract = val('Contract') ? contractOf(val('Contract')!) : null;
  const declTag = val('Declarer') !== undefined ? parseDeclarer(val('Declarer')!) : undefined;
  const declarer = declTag ? declTag.seat : undefined;
  const result = val('Result') !== undefined ? parseResult(val('Result')!) : undefined;
  if (result && result.tricks !== undefined && contract !== 'Pass' && !(contract && contract.level === 0)) {
    if (t.Declarer === undefined || declTag === '')
      r.error('ERR_PBN_RESULT_NO_DECLARER', 'a Result needs a Declarer', at('Result'));
  }
  if (contract === 'Pass') {
    if (result) r.error('ERR_PBN_RESULT_PASSED_OUT', 'a passed-out deal has an empty Result', at('Result'));
    if (declTag) r.error('ERR_PBN_DECLARER_PASSED_OUT', 'a passed-out deal has an empty Declarer', at('Declarer'));
  }
  const deal = val('Deal') ? (places.parsedDeal ?? parseDeal(val('Deal')!)) : null;
  return { dealer, contract, declTag, declarer, result, deal };
}

/** The auction: its start at the dealer, its calls, its end, and the contract and declarer it gives. */
function checkAuction(game: PbnGame, places: PbnPlaces, facts: ContractFacts, r: PbnReportSink): void {
  const t = game.tags;
  const at = (n: string) => tagAt(places, n);
  const { dealer, contract, declTag } = facts;
  const a = game.auction;
  if (a) {
    if (dealer) {
      const k = (SEATS.indexOf(dealer) - SEATS.indexOf(a.first) + 4) % 4;
      let lead = 0;
      while (lead < a.calls.length && a.calls[lead]!.call === '-') lead++;
      if (lead !== k && !(a.calls.length === 0 && lead === 0)) {
        r.error(
          'ERR_PBN_AUCTION_DEALER',
          `the auction starts at ${a.first} with ${lead} '-' but the dealer is ${dealer}`,
          places.callPos[Math.min(lead, places.callPos.length - 1)] ?? places.auctionPos,
        );
      } else if (k > 0 || a.first !== dealer) {
        a.calls.splice(0, k);
        places.callPos.splice(0, k);
        a.first = dealer;
      }
      if (a.first === dealer && !places.badAuction) {
        const dash = a.calls.findIndex((c) => c.call === '-');
        if (dash >= 0)
          r.error(
            'ERR_PBN_AUCTION_CALL_SYNTAX',
            "'-' is only allowed before the dealer's first call",
            places.callPos[dash],
          );
        else {
          const an = analyseAuction(dealer, a.calls);
          for (const issue of an.issues)
            r.error(auctionIssueCode(issue.code), issue.message, places.callPos[issue.index]);
          if (an.complete && a.end === '*')
            r.error('ERR_PBN_AUCTION_AFTER_END', '* after a complete auction', places.auctionPos);
          if (an.complete && a.end === '+')
            r.error('ERR_PBN_AUCTION_AFTER_END', '+ after a complete auction', places.auctionPos);
          if (an.complete && an.issues.every((i) => i.code !== 'AUCTION_AFTER_END')) {
            if (contract && an.contract && makeContract(contract) !== makeContract(an.contract)) {
              r.error(
                'ERR_PBN_CONTRACT_MISMATCH',
                `Contract ${makeContract(contract)} but the auction ends in ${makeContract(an.contract)}`,
                at('Contract'),
              );
            }
            if (an.contract === 'Pass') {
              if (declTag)
                r.warning(
                  'ERR_PBN_DECLARER_MISMATCH',
                  'the auction was passed out but a Declarer is given (kept as given)',
                  at('Declarer'),
                );
            } else if (declTag && an.declarer) {
              // a lenient import: real files carry such tags; the tag is kept as it was given
              const expected = declTag.irregular ? partner(an.declarer) : an.declarer;
              if (declTag.seat !== expected)
                r.warning(
                  'ERR_PBN_DECLARER_MISMATCH',
                  `Declarer ${t.Declarer!.value} but the auction makes ${an.declarer} declarer (kept as given)`,
                  at('Declarer'),
                );
            }
          }
        }
      }
    }
  }
}

/** The play: its leader, its cards, and the result it gives. */
function checkPlay(game: PbnGame, places: PbnPlaces, facts: ContractFacts, r: PbnReportSink): void {
  const at = (n: string) => tagAt(places, n);
  const { contract, declTag, declarer, result, deal } = facts;
  const p = game.play;
  if (p) {
    const trump: Strain | undefined = contract && contract !== 'Pass' ? contract.strain : undefined;
    if (declarer && !(declTag && declTag.irregular) && p.first !== nextSeat(declarer)) {
      r.error(
        'ERR_PBN_PLAY_LEADER',
        `Play starts with ${p.first} but the opening leader is ${nextSeat(declarer)}`,
        places.playPos,
      );
    }
    const an = analysePlay(deal && deal.ok ? deal.value : undefined, trump, p.first, p.cards, declarer);
    for (const issue of an.issues)
      r.error(playIssueCode(issue.code), issue.message, places.cardPos[issue.index] ?? places.playPos);
    if (result && declarer && an.issues.length === 0) {
      const tricks = declarerTricks(result, declarer);
      let size = 13;
      if (deal && deal.ok)
        for (const s of SEATS) if (deal.value[s]) size = Object.values(deal.value[s]!).join('').length;
      if (tricks !== undefined) {
        const complete = an.knownTricks === size;
        if (!result.irregular) {
          if (
            complete ? tricks !== an.declarerTricks : tricks < an.declarerTricks || tricks > size - an.defenceTricks
          ) {
            r.error(
              'ERR_PBN_RESULT_MISMATCH',
              `Result ${tricks} but the play gives declarer ${an.declarerTricks} of ${an.knownTricks} tricks${complete ? '' : ' played'}`,
              at('Result'),
            );
          }
        } else if (complete && tricks === an.declarerTricks) {
          r.error('ERR_PBN_RESULT_IRREGULAR', `Result marked ^ but declarer did take ${tricks} tricks`, at('Result'));
        }
      }
    }
  }
}

/** Time tables: one row per call / card, and only with their section. */
function checkTimeTables(game: PbnGame, places: PbnPlaces, r: PbnReportSink): void {
  for (const [name, count] of [
    ['AuctionTimeTable', game.auction?.calls.length],
    ['PlayTimeTable', game.play?.cards.length],
  ] as const) {
    const table = game.sections.find((s) => s.name === name);
    if (!table) continue;
    if (count === undefined)
      r.error(
        'ERR_PBN_TABLE_PLACEMENT',
        `${name} needs a${name === 'AuctionTimeTable' ? 'n Auction' : ' Play'} section`,
        places.sectionPos.get(table),
      );
    else if ((table.rows?.length ?? 0) > count)
      r.error(
        'ERR_PBN_TABLE_ROW',
        `${name} has ${table.rows!.length} rows for ${count} ${name === 'AuctionTimeTable' ? 'calls' : 'cards'}`,
        places.sectionPos.get(table),
      );
  }
}

/** Notes: every reference has its note, and every note is referenced. */
function checkNotes(game: PbnGame, places: PbnPlaces, r: PbnReportSink): void {
  for (const ref of places.noteRefs) {
    const sec = ref.section === 'auction' ? game.auction : game.play;
    if (!sec?.notes.some((n) => n.index === ref.index))
      r.error('ERR_PBN_NOTE_MISSING', `no note ${ref.index} for =${ref.index}=`, ref.pos);
  }
  for (const [secName, sec] of [
    ['auction', game.auction],
    ['play', game.play],
  ] as const) {
    for (const note of sec?.notes ?? []) {
      if (!places.noteRefs.some((ref) => ref.section === secName && ref.index === note.index))
        r.warning(
          'ERR_PBN_NOTE_UNUSED',
          `note ${note.index} is not referenced in the ${secName}`,
          places.notePos.get(note),
        );
    }
  }
}

/**
 * Contract or Declarer tags missing for a play section: an error, or a warning when a complete
 * auction gives them (BBO writes no Contract/Declarer then).
 */
export function reportPlayMissing(
  game: PbnGame,
  missing: [string, string, Pos | undefined][],
  badAuction: boolean,
  sink: PbnReportSink,
): void {
  if (!missing.length) return;
  const a = game.auction;
  const dealer = game.tags.Dealer ? parseSeat(game.tags.Dealer.value) : null;
  const derived = !!(a && dealer && a.first === dealer && !badAuction && analyseAuction(dealer, a.calls).complete);
  for (const [code, message, pos] of missing) {
    if (derived) sink.warning(code, `${message} (the auction gives it)`, pos);
    else sink.error(code, message, pos);
  }
}

/** What the reader finds missing before a play section, as the model shows it (tags in any order). */
export function playMissing(game: PbnGame, pos?: Pos): [string, string, Pos | undefined][] {
  const out: [string, string, Pos | undefined][] = [];
  const contract = game.tags.Contract ? contractOf(game.tags.Contract.value) : null;
  if (!game.tags.Contract)
    out.push(['ERR_PBN_PLAY_NO_CONTRACT', 'the Contract tag must come before the play section', pos]);
  const endPosition = contract && contract !== 'Pass' && contract.level === 0;
  if (!game.tags.Declarer && !endPosition)
    out.push(['ERR_PBN_PLAY_NO_DECLARER', 'the Declarer tag must come before the play section', pos]);
  return out;
}

/** Options of `validatePbnGame`. */
export interface ValidatePbnGameOptions {
  /** Errors (and, separately, warnings) kept; the rest end the list with one `ERR_TOO_MANY_ERRORS`. Default 100. */
  maxErrors?: number;
}

/**
 * Checks a PBN game model: tag values, tables, auction, play, result and notes, with the codes
 * `parsePbn` reports for the same game's text (`ERR_PBN_*`; without line and column, which a model
 * does not have). The game is not changed. Syntax that only text can have (a bad token, a tag out of
 * place) is the reader's and is not checked here.
 *
 * ```ts
 * const game = { tags: { Dealer: { value: 'N' }, Contract: { value: '4S' } }, sections: [],
 *   auction: { first: 'N', calls: [{ call: '1S' }, { call: 'Pass' }, { call: 'Pass' }, { call: 'Pass' }], notes: [] } };
 * validatePbnGame(game).errors.map((e) => e.code); // ['ERR_PBN_CONTRACT_MISMATCH']
 * ```
 */
export function validatePbnGame(
  game: PbnGame,
  options: ValidatePbnGameOptions = {},
): { errors: NotationError[]; warnings: NotationError[] } {
  const max = Math.max(0, options.maxErrors ?? 100);
  const errors: NotationError[] = [];
  const warnings: NotationError[] = [];
  let errorCount = 0;
  let warningCount = 0;
  const report = (list: NotationError[], count: number, code: string, message: string, pos: Pos | undefined) => {
    if (count <= max) list.push(notationError(code, excerpt(message), pos?.line, pos?.column));
  };
  const sink: PbnReportSink = {
    error: (code, message, pos) => report(errors, ++errorCount, code, message, pos),
    warning: (code, message, pos) => report(warnings, ++warningCount, code, message, pos),
  };
  // the checks canonicalise values and may align the auction to the dealer: they work on a copy
  const copy = structuredClone(game) as PbnGame;
  const places = placesOf(copy);
  for (const name of Object.keys(copy.tags))
    if (!/^[A-Z]/.test(name))
      sink.error('ERR_PBN_TAG_NAME', `tag name ${name} must begin with an upper-case letter`, undefined);
  if (copy.auction && !copy.tags.Dealer)
    sink.error('ERR_PBN_AUCTION_NO_DEALER', 'the Dealer tag must come before the auction section', undefined);
  if (copy.play && !copy.tags.Deal)
    sink.error('ERR_PBN_PLAY_NO_DEAL', 'the Deal tag must come before the play section', undefined);
  for (const s of copy.sections) {
    if (!s.columns) continue;
    const n = s.columns.length;
    const rows = s.rows ?? [];
    if (rows.some((row) => row.length !== n)) {
      const elements = rows.reduce((sum, row) => sum + row.length, 0);
      sink.error('ERR_PBN_TABLE_ROW', `${s.name}: ${elements} elements do not fill rows of ${n} columns`, undefined);
    }
    checkTableValues(s, undefined, sink);
    checkTableOrder(s, undefined, sink);
  }
  places.parsedDeal = normalizeTagValues(copy, places, sink);
  checkGame(copy, places, sink);
  if (copy.play) reportPlayMissing(copy, playMissing(copy), places.badAuction, sink);
  for (const [list, count] of [
    [errors, errorCount],
    [warnings, warningCount],
  ] as const) {
    if (count > max)
      list.push(
        notationError(
          'ERR_TOO_MANY_ERRORS',
          `${count - max} more ${list === errors ? 'error' : 'warning'}(s) not reported (${count} in all; maxErrors ${max})`,
        ),
      );
  }
  return { errors, warnings };
}

/** The places of a game not read from text: none, and the note references its calls and cards carry. */
function placesOf(game: PbnGame): PbnPlaces {
  const noteRefs: PbnPlaces['noteRefs'] = [];
  for (const c of game.auction?.calls ?? [])
    if (c.note !== undefined) noteRefs.push({ section: 'auction', index: c.note });
  for (const c of game.play?.cards ?? []) if (c.note !== undefined) noteRefs.push({ section: 'play', index: c.note });
  return {
    first: undefined,
    tagPos: {},
    callPos: [],
    cardPos: [],
    sectionPos: new Map(),
    notePos: new Map(),
    noteRefs,
    badAuction: (game.auction?.calls ?? []).some((c) => canonicalCall(c.call) === null),
  };
}
