/**
 * Par score and par contracts from a double-dummy table, in the output conventions of DDS
 * (`DealerPar`, `ConvertToDealerTextFormat` and `Par`).
 *
 * DDS computes these two ways, and so do we:
 * - `Par()` (both orders, `sides`): side by side. The side that starts names its best-scoring
 *   contract; then each side in turn bids its best-scoring contract above the current one while
 *   that beats defending (see `sidesValue`).
 * - `DealerPar` (`scoreNs`, `contracts`, `dealerText`): seat by seat from the dealer, the value of
 *   the auction with open cards where each player declares what he bids (see `dealerValue`).
 * They agree on almost every deal; they differ when bidding a contract first, or pre-empting it
 * with a cheap sacrifice, matters. Which contracts are listed, at which level and in which order
 * follows DDS (see `parLeaves`). Checked against DDS 2.9.0 on the 300 shared reference deals, DDS's
 * own test hands and 180000 generated tables (docs/bridge-dd.md).
 */
import type { Seat, Strain, Vulnerability } from './types.js';
import { SEATS, isVulnerable } from './types.js';
import { scoreContract } from './scoring.js';

/** Tricks declarer takes, for every declarer and strain (strain keys 'S','H','D','C','NT'). */
export type DDTable = Record<Seat, Record<Strain, number>>;

/** A partnership: North-South or East-West. */
export type ParSide = 'NS' | 'EW';

/** Dealer and vulnerability, which par depends on. */
export interface ParOptions {
  dealer: Seat;
  vulnerability: Vulnerability;
}

/** One side of DDS `Par()`: the result when that side is first to bid. */
export interface ParSideText {
  /** `'NS 100'`, `'EW -100'`: the score from the first side's point of view. */
  score: string;
  /** `'NS:EW 3Sx'`, `'EW:NS 45S,NS 45H'`, `'NS:'` when passed out. */
  contracts: string;
}

/** Par score and contracts of a deal, from a double-dummy table. */
export interface ParResult {
  /** Par score signed from North-South's side (DDS `DealerPar`). */
  scoreNs: number;
  /** DDS `DealerPar` contract strings: `'3S*-EW-1'`, `'4N-W+1'`, `'3N-EW'`; `['pass']` when passed out. */
  contracts: string[];
  /** DDS `ConvertToDealerTextFormat`: `'Par 100: EW 3Sx-1'`; `'Par 0: pass'` when passed out. */
  dealerText: string;
  /** DDS `Par()`: the results when NS bid first and when EW bid first. */
  sides: { nsFirst: ParSideText; ewFirst: ParSideText };
}

/** Strains in bidding order (index = rank within a level). */
const BID_STRAINS: readonly Strain[] = ['C', 'D', 'H', 'S', 'NT'];
const SIDE_SEATS: readonly (readonly Seat[])[] = [
  ['N', 'S'],
  ['E', 'W'],
];
const SIDE_NAMES: readonly ParSide[] = ['NS', 'EW'];
const BIDS = 35;

const strainLetter = (rank: number): string => (rank === 4 ? 'N' : BID_STRAINS[rank]!);
const bidLevel = (bid: number): number => Math.floor(bid / 5) + 1;
const bidRank = (bid: number): number => bid % 5;

/** A par contract: `side` declares bid `bid`. */
interface Leaf {
  side: number;
  bid: number;
  /** Declarers when not all the side's best declarers of the strain can have the contract. */
  declarers?: string;
  /** A sacrifice bid before the par side can bid its contract (DealerPar). */
  preempt?: boolean;
}

interface Analysis {
  /** Best tricks of each side (0 NS, 1 EW) per strain rank. */
  tricks: number[][];
  /** Declarers of each side taking those tricks, per strain rank, e.g. 'NS', 'N'. */
  declarers: string[][];
  /** Score for the declaring side if its bid is the final contract (doubled when it fails). */
  score: number[][];
  /**
   * Value for the side that has just made the bid, with the other side to call, in the
   * side-by-side bidding game solved by backward induction (used to pick the contract that
   * sacrifices are taken against, and by the fallback listing).
   */
  value: number[][];
  /** Best opening value of each side. */
  open: number[];
}

function checkTable(table: DDTable): void {
  for (const seat of SEATS) {
    const row = table?.[seat];
    if (!row) throw new TypeError(`par: table has no row for ${seat}`);
    for (const strain of BID_STRAINS) {
      const t = row[strain];
      if (!Number.isInteger(t) || t < 0 || t > 13) throw new RangeError(`par: table[${seat}][${strain}] = ${t}`);
    }
  }
}

function analyse(table: DDTable, vulnerability: Vulnerability): Analysis {
  const tricks: number[][] = [[], []];
  const declarers: string[][] = [[], []];
  const score: number[][] = [[], []];
  for (let side = 0; side < 2; side++) {
    const [a, b] = SIDE_SEATS[side]!;
    const vul = isVulnerable(vulnerability, a!);
    for (let rank = 0; rank < 5; rank++) {
      const strain = BID_STRAINS[rank]!;
      const ta = table[a!][strain];
      const tb = table[b!][strain];
      const best = Math.max(ta, tb);
      tricks[side]![rank] = best;
      declarers[side]![rank] = ta === tb ? SIDE_NAMES[side]! : ta > tb ? a! : b!;
    }
    for (let bid = 0; bid < BIDS; bid++) {
      const level = bidLevel(bid);
      const rank = bidRank(bid);
      const t = tricks[side]![rank]!;
      const strain = BID_STRAINS[rank]!;
      score[side]![bid] = scoreContract({ level, strain, risk: t >= level + 6 ? '' : 'X' }, t, vul);
    }
  }
  // value[X][b] = min(score[X][b], -max over b' > b of value[Y][b']).
  const value: number[][] = [new Array(BIDS), new Array(BIDS)];
  const bestAbove = [-Infinity, -Infinity];
  for (let bid = BIDS - 1; bid >= 0; bid--) {
    for (let side = 0; side < 2; side++) value[side]![bid] = Math.min(score[side]![bid]!, -bestAbove[1 - side]!);
    for (let side = 0; side < 2; side++) bestAbove[side] = Math.max(bestAbove[side]!, value[side]![bid]!);
  }
  return { tricks, declarers, score, value, open: [bestAbove[0]!, bestAbove[1]!] };
}

/**
 * DDS `Par()` score (from NS's side) when side `first` starts the bidding: the side to bid names
 * its best-scoring contract (the highest of equal ones); then each side in turn bids its
 * best-scoring contract above the current one (making, or doubled going down) as long as that
 * beats defending the current contract.
 */
function sidesValue(a: Analysis, first: number): number {
  let side = first;
  let bid = bestBid(a, side, 0);
  if (a.score[side]![bid]! <= 0) {
    side = 1 - first;
    bid = bestBid(a, side, 0);
    if (a.score[side]![bid]! <= 0) return 0;
  }
  while (bid < BIDS - 1) {
    const other = 1 - side;
    const b = bestBid(a, other, bid + 1);
    if (a.score[other]![b]! <= -a.score[side]![bid]!) break;
    side = other;
    bid = b;
  }
  return side === 0 ? a.score[0]![bid]! : -a.score[1]![bid]!;
}

/** The best-scoring bid of `side` from bid `from` up (the highest of equal ones). */
function bestBid(a: Analysis, side: number, from: number): number {
  let top = -1;
  for (let b = from; b < BIDS; b++) if (top < 0 || a.score[side]![b]! >= a.score[side]![top]!) top = b;
  return top;
}

/** Score for the declaring seat's side when that seat declares each bid (doubled when it fails). */
function seatScores(table: DDTable, vulnerability: Vulnerability): number[][] {
  return SEATS.map((seat) => {
    const vul = isVulnerable(vulnerability, seat);
    return Array.from({ length: BIDS }, (_, b) => {
      const level = bidLevel(b);
      const strain = BID_STRAINS[bidRank(b)]!;
      const t = table[seat][strain];
      return scoreContract({ level, strain, risk: t >= level + 6 ? '' : 'X' }, t, vul);
    });
  });
}

/**
 * DDS `DealerPar` score (from NS's side): the value of the auction with open cards, player by
 * player from the dealer. A player may pass or bid any higher contract, which he then declares
 * with his own tricks (a failing contract is doubled, a making one is not); three passes after a
 * bid end the auction, four passes at the start pass the deal out. NS maximise, EW minimise.
 */
function dealerValue(seatScore: number[][], dealer: Seat): number {
  // ns[p][b]: NS score when player p declares bid b.
  const ns = seatScore.map((row, p) => (p % 2 === 0 ? row : row.map((v) => -v)));
  const better = (p: number, x: number, y: number): number => (p % 2 === 0 ? Math.max(x, y) : Math.min(x, y));
  // bestBid[q]: the best value (for q's side) of q bidding any contract above the current bid.
  const bestBid: (number | null)[] = [null, null, null, null];
  const value = [0, 0, 0];
  for (let b = BIDS - 1; b >= 0; b--) {
    const here: number[] = [];
    for (let p = 0; p < 4; p++) {
      // value[k]: contract b by p, k passes since; (p + 1 + k) is to call.
      for (let k = 2; k >= 0; k--) {
        const q = (p + 1 + k) % 4;
        let v = k === 2 ? ns[p]![b]! : value[k + 1]!;
        const bid = bestBid[q];
        if (bid !== null) v = better(q, v, bid);
        value[k] = v;
      }
      here.push(value[0]!);
    }
    for (let q = 0; q < 4; q++) bestBid[q] = bestBid[q] === null ? here[q]! : better(q, bestBid[q]!, here[q]!);
  }
  const d = SEATS.indexOf(dealer);
  let v = 0;
  for (let k = 3; k >= 0; k--) {
    const q = (d + k) % 4;
    v = better(q, v, bestBid[q]!);
  }
  return v;
}

/**
 * The par contracts for the par score `scoreNs`. `available(bid)` gives the declarers of the par
 * side who can have that contract (null when none: the other side gets to bid it first).
 *
 * When the par side D makes its contract, every contract of D that scores the par score is listed,
 * at each level where it is available and the other side has no call over it that would score
 * better for them (a making contract or a cheaper doubled sacrifice). Otherwise the par is a
 * sacrifice: take D's highest available contract that is worth the par score and that the other
 * side cannot outbid with a making contract; the par contracts are the other side's doubled
 * sacrifices over it that cost the par score (D cannot profitably bid on over them).
 */
function parLeaves(
  a: Analysis,
  scoreNs: number,
  available: (bid: number) => string | null,
  first: number,
  preempts?: (bid: number, top: number) => string | null,
): Leaf[] {
  if (scoreNs === 0) return [];
  const d = scoreNs > 0 ? 0 : 1;
  const y = 1 - d;
  const p = Math.abs(scoreNs);
  const makes = (side: number, bid: number): boolean => a.tricks[side]![bidRank(bid)]! >= bidLevel(bid) + 6;
  const leaves: Leaf[] = [];
  for (let bid = 0; bid < BIDS; bid++) {
    if (!makes(d, bid) || a.score[d]![bid] !== p) continue;
    const declarers = available(bid);
    if (declarers === null) continue;
    let safe = true;
    for (let b = bid + 1; b < BIDS && safe; b++) if (a.score[y]![b]! > -p) safe = false;
    if (safe) leaves.push({ side: d, bid, declarers });
  }
  if (leaves.length) return leaves;
  // The sacrifices are taken over D's highest contract that is worth the par score.
  let top = -1;
  for (let bid = 0; bid < BIDS; bid++) {
    if (!makes(d, bid) || available(bid) === null) continue;
    // Par(): worth the par score in the side-by-side bidding game; DealerPar: scores more than it.
    if (preempts ? a.score[d]![bid]! <= p : a.value[d]![bid] !== p) continue;
    let outbid = false;
    for (let b = bid + 1; b < BIDS && !outbid; b++) if (makes(y, b)) outbid = true;
    if (!outbid) top = bid;
  }
  for (let b = top + 1; top >= 0 && b < BIDS; b++) {
    if (a.score[y]![b] === -p && a.value[y]![b] === -p) leaves.push({ side: y, bid: b });
  }
  // DealerPar also lists the other side's doubled contracts up to D's, as costly as the par score,
  // that they can bid before D's declarer and that D cannot profitably overcall.
  for (let b = 0; preempts && b <= top; b++) {
    const declarers = a.score[y]![b] === -p ? preempts(b, top) : null;
    if (declarers === null) continue;
    let stable = true;
    for (let c = b + 1; c < BIDS && stable; c++) if (a.score[d]![c]! > p) stable = false;
    // DDS writes it as an ordinary sacrifice when both partners can bid it in time.
    if (stable) leaves.push({ side: y, bid: b, declarers, preempt: declarers.length === 1 });
  }
  return leaves.length ? leaves : optimalLeaves(a, first);
}

/**
 * Availability for `Par()` when the other side bids first: per strain, the par side loses the
 * levels the other side would gain by bidding themselves (scoring better than the par score); if
 * that leaves no level of the strain, its contracts must instead be above the other side's
 * best-scoring bid, if that bid beats the par score for them.
 */
function sidesAvailability(a: Analysis, first: number, scoreNs: number): (bid: number) => string | null {
  const d = scoreNs > 0 ? 0 : 1;
  const y = 1 - d;
  const p = Math.abs(scoreNs);
  const yBest = bestBid(a, y, 0);
  const floor = d !== first && a.score[y]![yBest]! > -p ? yBest : -1;
  if (d === first) return (bid) => a.declarers[d]![bidRank(bid)]!;
  // Per strain: drop the levels the other side (bidding first) would gain by bidding themselves,
  // unless that drops every level of the strain that scores the par score.
  const keepAll = [0, 1, 2, 3, 4].map((rank) => {
    for (let bid = rank; bid < BIDS; bid += 5) {
      const makes = a.tricks[d]![rank]! >= bidLevel(bid) + 6;
      if (makes && a.score[d]![bid] === p && a.score[y]![bid]! <= -p) return false;
    }
    return true;
  });
  return (bid) => {
    const rank = bidRank(bid);
    const ok = keepAll[rank] ? bid > floor : a.score[y]![bid]! <= -p;
    return ok ? a.declarers[d]![rank]! : null;
  };
}

/**
 * Availability for `DealerPar`, seat by seat: the par side can have a contract if one of its
 * declarers of it calls (counting from the dealer) before every opponent who would score better
 * than the par score by bidding that contract himself.
 */
function dealerAvailability(
  a: Analysis,
  seatScore: number[][],
  dealer: Seat,
  table: DDTable,
  scoreNs: number,
): (bid: number) => string | null {
  const d = scoreNs > 0 ? 0 : 1;
  const p = Math.abs(scoreNs);
  const dIndex = SEATS.indexOf(dealer);
  const pos = (seat: number): number => (seat - dIndex + 4) % 4;
  return (bid) => {
    const rank = bidRank(bid);
    const strain = BID_STRAINS[rank]!;
    const best = a.tricks[d]![rank]!;
    const open = SIDE_SEATS[d]!.some((seat) => {
      const me = SEATS.indexOf(seat);
      if (table[seat][strain] !== best) return false;
      for (let q = 1 - d; q < 4; q += 2) if (pos(q) < pos(me) && seatScore[q]![bid]! > -p) return false;
      return true;
    });
    return open ? a.declarers[d]![rank]! : null;
  };
}

/**
 * For `DealerPar`: the seats of the non-par side who can bid `bid` (as its best declarers) before
 * the par side's first declarer of `top` calls, counting from the dealer; null when none.
 */
function dealerPreempts(
  a: Analysis,
  dealer: Seat,
  table: DDTable,
  scoreNs: number,
): (bid: number, top: number) => string | null {
  const d = scoreNs > 0 ? 0 : 1;
  const y = 1 - d;
  const dIndex = SEATS.indexOf(dealer);
  const pos = (seat: Seat): number => (SEATS.indexOf(seat) - dIndex + 4) % 4;
  const declarers = (side: number, bid: number): Seat[] => {
    const rank = bidRank(bid);
    return SIDE_SEATS[side]!.filter((seat) => table[seat][BID_STRAINS[rank]!] === a.tricks[side]![rank]);
  };
  return (bid, top) => {
    const limit = Math.min(...declarers(d, top).map(pos));
    const seats = declarers(y, bid).filter((seat) => pos(seat) < limit);
    return seats.length === 0 ? null : seats.length === 2 ? SIDE_NAMES[y]! : seats[0]!;
  };
}

/**
 * Fallback for the rare deals the rules above leave without a contract (e.g. the side bidding
 * first takes the other side's only making contract as a doubled sacrifice): the final contracts
 * of all optimal lines of the bidding game.
 */
function optimalLeaves(a: Analysis, first: number): Leaf[] {
  const turnSide = [first, 1 - first, first, 1 - first];
  const turnValue = [0, 0, 0, 0, 0];
  for (let k = 3; k >= 0; k--) turnValue[k] = Math.max(a.open[turnSide[k]!]!, -turnValue[k + 1]!);
  const leaves: Leaf[] = [];
  const seen = new Set<number>();
  const stack: Leaf[] = [];
  for (let k = 0; k < 4; k++) {
    const side = turnSide[k]!;
    for (let bid = 0; bid < BIDS; bid++) if (a.value[side]![bid] === turnValue[k]) stack.push({ side, bid });
    if (-turnValue[k + 1]! !== turnValue[k]) break; // passing is not optimal here
  }
  while (stack.length) {
    const leaf = stack.pop()!;
    const key = leaf.side * BIDS + leaf.bid;
    if (seen.has(key)) continue;
    seen.add(key);
    const v = a.value[leaf.side]![leaf.bid]!;
    if (a.score[leaf.side]![leaf.bid] === v) leaves.push(leaf);
    const other = 1 - leaf.side;
    for (let b = leaf.bid + 1; b < BIDS; b++) if (a.value[other]![b] === -v) stack.push({ side: other, bid: b });
  }
  return leaves;
}

interface ParItem {
  side: number;
  rank: number;
  /** Levels reaching the par score, ascending. */
  levels: number[];
  tricks: number;
  declarers: string;
  sacrifice: boolean;
  /** A DealerPar sacrifice bid before the par side's contract (DDS writes it without '*'). */
  preempt: boolean;
}

function groupLeaves(a: Analysis, leaves: Leaf[]): ParItem[] {
  const items = new Map<number, ParItem>();
  for (const { side, bid, declarers, preempt } of leaves) {
    const rank = bidRank(bid);
    const key = side * 5 + rank + (preempt ? 10 : 0);
    let item = items.get(key);
    if (!item) {
      const tricks = a.tricks[side]![rank]!;
      item = {
        side,
        rank,
        levels: [],
        tricks,
        declarers: declarers ?? a.declarers[side]![rank]!,
        sacrifice: false,
        preempt: !!preempt,
      };
      items.set(key, item);
    }
    item.levels.push(bidLevel(bid));
  }
  for (const item of items.values()) {
    item.levels.sort((x, y) => x - y);
    item.sacrifice = item.tricks < item.levels[0]! + 6;
  }
  return [...items.values()];
}

/** Strain descending (NT, S, H, D, C): the order of `Par()` and `ConvertToDealerTextFormat`. */
const byStrainDesc = (x: ParItem, y: ParItem): number => y.rank - x.rank || x.side - y.side;

/** `DealerPar` order: making contracts by tricks then strain, descending; sacrifices by strain ascending. */
function dealerOrder(x: ParItem, y: ParItem): number {
  if (x.sacrifice !== y.sacrifice) return x.sacrifice ? 1 : -1;
  if (x.sacrifice) return x.rank - y.rank || x.side - y.side;
  return y.tricks - x.tricks || y.rank - x.rank || x.side - y.side;
}

function dealerContract(item: ParItem): string {
  const level = item.levels[0]!;
  const s = strainLetter(item.rank);
  const diff = item.tricks - (level + 6);
  if (item.sacrifice) return `${level}${s}${item.preempt ? '' : '*'}-${item.declarers}-${-diff}`;
  return `${level}${s}-${item.declarers}${diff > 0 ? `+${diff}` : ''}`;
}

function dealerTextContract(item: ParItem, plain: boolean): string {
  const level = item.levels[0]!;
  const s = strainLetter(item.rank);
  const diff = item.tricks - (level + 6);
  if (plain) return `${item.declarers} ${level}${s}`;
  if (item.sacrifice) return `${item.declarers} ${level}${s}x-${-diff}`;
  return `${item.declarers} ${level}${s}${diff > 0 ? `+${diff}` : ''}`;
}

function sidesContract(item: ParItem): string {
  const s = strainLetter(item.rank);
  if (item.sacrifice) return `${item.declarers} ${item.levels[0]}${s}x`;
  return `${item.declarers} ${item.levels.join('')}${s}`;
}

/**
 * Par of a deal from its double-dummy table (DDS conventions; see docs/bridge-dd.md).
 * `table[declarer][strain]` is the number of tricks declarer takes.
 */
export function par(table: DDTable, options: ParOptions): ParResult {
  checkTable(table);
  const { dealer, vulnerability } = options;
  if (!SEATS.includes(dealer)) throw new TypeError(`par: dealer ${dealer}`);
  if (!['None', 'NS', 'EW', 'All'].includes(vulnerability)) throw new TypeError(`par: vulnerability ${vulnerability}`);
  const a = analyse(table, vulnerability);
  const results = [0, 1].map((first) => {
    const scoreNs = sidesValue(a, first);
    return {
      first,
      items: groupLeaves(a, parLeaves(a, scoreNs, sidesAvailability(a, first, scoreNs), first)),
      scoreNs,
    };
  });
  const sideText = (r: (typeof results)[number]): ParSideText => {
    const name = SIDE_NAMES[r.first]!;
    const score = r.first === 0 ? r.scoreNs : -r.scoreNs;
    const list = [...r.items].sort(byStrainDesc).map(sidesContract).join(',');
    return { score: `${name} ${score}`, contracts: `${name}:${list}` };
  };

  const [ns, ew] = results as [(typeof results)[number], (typeof results)[number]];
  const dealerSide = dealer === 'N' || dealer === 'S' ? 0 : 1;
  const seatScore = seatScores(table, vulnerability);
  const dealerScore = dealerValue(seatScore, dealer);
  const dealerAvail = dealerAvailability(a, seatScore, dealer, table, dealerScore);
  const preempts = dealerPreempts(a, dealer, table, dealerScore);
  const chosen = {
    scoreNs: dealerScore,
    items: groupLeaves(a, parLeaves(a, dealerScore, dealerAvail, dealerSide, preempts)),
  };
  const items = chosen.items;
  const contracts = items.length ? [...items].sort(dealerOrder).map(dealerContract) : ['pass'];
  // DDS's DealerParBin leaves the undertricks of a pre-emptive sacrifice unset, and those of all
  // the sacrifices when none is at a higher level, so its text shows them like contracts made.
  const pre = items.filter((i) => i.preempt);
  const allPlain = pre.length > 0 && items.every((i) => !i.sacrifice || i.levels[0] === pre[0]!.levels[0]);
  const text = items.length
    ? [...items]
        .sort(byStrainDesc)
        .map((i) => dealerTextContract(i, i.preempt || (allPlain && i.sacrifice)))
        .join(' ')
    : 'pass';
  return {
    scoreNs: chosen.scoreNs,
    contracts,
    dealerText: `Par ${chosen.scoreNs}: ${text}`,
    sides: { nsFirst: sideText(ns), ewFirst: sideText(ew) },
  };
}
