/** Auction legality and the contract/declarer an auction produces (format independent). */
import { type Contract, type Risk, type Seat, type Strain, STRAINS, nextSeat, sideOf } from './types.js';

/** One call of an auction as read from PBN, with its irregularity flags. */
export interface CallInput {
  /** `Pass`, `X`, `XX`, `1C`..`7NT`, `AP` (all pass), `^S` (skipped by a call out of rotation). */
  call: string;
  /** `^I`: insufficient bid accepted by the opponents. */
  insufficient?: boolean;
}

/** One problem found in an auction, at call `index`, with its error code. */
export interface AuctionIssue {
  index: number;
  code: string;
  message: string;
}

/** What `analyseAuction` finds in an auction: completion, final contract, declarer and issues. */
export interface AuctionAnalysis {
  /** True when the auction ended (three passes after a bid, four passes, or AP). */
  complete: boolean;
  /** The final contract when complete (`Pass` when passed out). */
  contract?: Contract | 'Pass';
  declarer?: Seat;
  issues: AuctionIssue[];
}

const STRAIN_ORDER: Record<Strain, number> = { C: 0, D: 1, H: 2, S: 3, NT: 4 };

/** Splits a bid (`1C`..`7NT`) into level and strain; null for Pass, X, XX or anything else. */
export function parseBid(call: string): { level: number; strain: Strain } | null {
  const m = /^([1-7])(NT|[SHDC])$/.exec(call);
  return m ? { level: Number(m[1]), strain: m[2] as Strain } : null;
}

/** Checks an auction call by call from the dealer; reports problems and derives the contract. */
export function analyseAuction(dealer: Seat, calls: CallInput[]): AuctionAnalysis {
  const issues: AuctionIssue[] = [];
  let seat = dealer;
  let last: { level: number; strain: Strain; seat: Seat } | null = null;
  let risk: Risk = '';
  let passes = 0;
  let complete = false;
  const firstBidder: Record<'NS' | 'EW', Partial<Record<Strain, Seat>>> = { NS: {}, EW: {} };
  for (let i = 0; i < calls.length; i++) {
    const { call, insufficient } = calls[i]!;
    if (complete) {
      issues.push({ index: i, code: 'AUCTION_AFTER_END', message: `call ${call} after the auction has ended` });
      break;
    }
    if (insufficient && !parseBid(call))
      issues.push({ index: i, code: 'AUCTION_IRREGULAR', message: `^I before ${call}, which is not a bid` });
    if (call === '^S') {
      seat = nextSeat(seat);
      continue;
    }
    if (call === 'AP') {
      complete = true;
      continue;
    }
    if (call === 'Pass') {
      passes++;
      if ((last && passes >= 3) || (!last && passes >= 4)) complete = true;
    } else if (call === 'X') {
      if (!last || risk !== '' || sideOf(last.seat) === sideOf(seat)) {
        issues.push({ index: i, code: 'AUCTION_DOUBLE', message: `${seat} may not double here` });
      } else risk = 'X';
      passes = 0;
    } else if (call === 'XX') {
      if (!last || risk !== 'X' || sideOf(last.seat) !== sideOf(seat)) {
        issues.push({ index: i, code: 'AUCTION_REDOUBLE', message: `${seat} may not redouble here` });
      } else risk = 'XX';
      passes = 0;
    } else {
      const bid = parseBid(call);
      if (!bid) {
        issues.push({ index: i, code: 'AUCTION_CALL', message: `"${call}" is not a call` });
      } else {
        const sufficient =
          !last ||
          bid.level > last.level ||
          (bid.level === last.level && STRAIN_ORDER[bid.strain] > STRAIN_ORDER[last.strain]);
        if (!sufficient && !insufficient)
          issues.push({
            index: i,
            code: 'AUCTION_INSUFFICIENT',
            message: `insufficient bid ${call} by ${seat} (use ^I for an accepted insufficient bid)`,
          });
        if (sufficient && insufficient)
          issues.push({ index: i, code: 'AUCTION_IRREGULAR', message: `^I before the sufficient bid ${call}` });
        last = { ...bid, seat };
        risk = '';
        passes = 0;
        firstBidder[sideOf(seat)][bid.strain] ??= seat;
      }
    }
    seat = nextSeat(seat);
  }
  const out: AuctionAnalysis = { complete, issues };
  if (complete) {
    if (!last) out.contract = 'Pass';
    else {
      out.contract = { level: last.level, strain: last.strain, risk };
      out.declarer = firstBidder[sideOf(last.seat)][last.strain]!;
    }
  }
  return out;
}

export { STRAINS };
