/** The PBN game model: plain JSON-serialisable data. */
import type { Contract, Deal, Seat, Strain, Vulnerability } from '../types.js';

/** A comment: `{…}` (brace) or `;…` (rest of line). `text` is what is between the delimiters. */
export interface PbnComment {
  text: string;
  brace: boolean;
  /**
   * Only on a call's or card's comments: the element the comment follows, when that is not the
   * last element written in export form (absent: after the call/card and all its annotations).
   * 'call': right after the call/card itself; 'note': after the note reference `=n=`;
   * 'nag': after the NAG `nag` (a suffix `!`, `?`… is the NAG it becomes: `!` on a call is `$1`).
   */
  after?: 'call' | 'note' | 'nag';
  /** With `after: 'nag'`: that NAG (1..255). */
  nag?: number;
}

/** A tag value with the comments that follow the tag pair. */
export interface PbnTag {
  value: string;
  comments?: PbnComment[];
}

/** Annotations shared by calls and cards. */
export interface PbnAnnotated {
  /** Note reference `=n=` (1..32). */
  note?: number;
  /** NAGs in increasing order; suffixes (`!`, `?`, …) are turned into NAGs on import. */
  nags?: number[];
  /** Comments after the call/card or one of its annotations (see `PbnComment.after`), in input order. */
  comments?: PbnComment[];
}

/**
 * One auction entry. `call` is canonical upper case: `Pass`, `X`, `XX`, `1C`..`7NT`, or
 * `AP` (all pass), `-` (not yet this player's turn), `^S` (skipped by a call out of rotation).
 */
export interface PbnCall extends PbnAnnotated {
  call: string;
  /** `^I`: an insufficient bid accepted by the opponents. */
  insufficient?: boolean;
}

/** One play entry: `call` is a card `SA`, `-` (unknown / not played) or `+` (next card to play). */
export interface PbnCard extends PbnAnnotated {
  card: string;
  /** `^R` revoke or `^L` lead out of turn. */
  irregular?: 'R' | 'L';
}

/** A note `[Note "n:text"]` bound to the auction or the play. */
export interface PbnNote {
  index: number;
  text: string;
  comments?: PbnComment[];
}

/** The auction section of a PBN game: first seat, calls and notes. */
export interface PbnAuction {
  /** Seat of the first call (the dealer after import: leading `-` placeholders are removed). */
  first: Seat;
  calls: PbnCall[];
  /** `+`: the next call is to be made (continuation); `*`: no further calls will be given. */
  end?: '+' | '*';
  notes: PbnNote[];
  /** Comments after the Auction tag pair. */
  comments?: PbnComment[];
}

/** The play section of a PBN game: opening leader and cards by trick. */
export interface PbnPlay {
  /** Opening leader (first column). */
  first: Seat;
  /** Cards in column order: trick k is cards[4k..4k+3], column i is seat first+i. */
  cards: PbnCard[];
  /** `*`: no further cards will be given. */
  end?: '*';
  notes: PbnNote[];
  comments?: PbnComment[];
}

/** A column of a table section, from the tag value `+Rank\3R`. */
export interface PbnColumn {
  name: string;
  /** '+' descending, '-' ascending. */
  order?: '+' | '-';
  width?: number;
  align?: 'L' | 'R';
}

/**
 * A supplemental section: a table (known table names, or any section whose tag value parses as a
 * column spec and whose elements fill whole rows) or raw section elements.
 * Elements are kept as written: string tokens with their quotes, `?` unknown, `-` irrelevant, `^…` artificial.
 */
export interface PbnSection {
  name: string;
  value: string;
  columns?: PbnColumn[];
  rows?: string[][];
  /** Elements of a non-table section. */
  elements?: string[];
  comments?: PbnComment[];
}

/** A parsed `Result` tag value: declarer's tricks or the points of each side. */
export interface PbnResult {
  /** Tricks won by declarer, when known. */
  tricks?: number;
  ns?: number;
  ew?: number;
  /** `^`: differs from the actual number of tricks won. */
  irregular?: boolean;
}

/** One PBN game: tags, sections, comments, in source order. */
export interface PbnGame {
  /** Comments at the start of the game, before any tag. */
  comments?: PbnComment[];
  /** `%` escape lines inside the game (without the `%`). */
  escapes?: string[];
  /**
   * Every tag of the identification section by name (not Auction, Play, Note or section tags),
   * after tag value inheritance (`#`, `##`), with the canonical value for known tags (upper case,
   * Deal from the dealer, Vulnerable None/NS/EW/All, Result as declarer's tricks when known).
   */
  tags: Record<string, PbnTag>;
  auction?: PbnAuction;
  play?: PbnPlay;
  /** Supplemental sections, sorted by name (the export order). */
  sections: PbnSection[];
  /** Comments after the last game's data that no tag, call or card follows (end of file). */
  endComments?: PbnComment[];
}

/** Typed views of a game's tags (derived, for convenience). */
export interface PbnGameInfo {
  board?: number;
  dealer?: Seat;
  vulnerable?: Vulnerability;
  deal?: Deal;
  declarer?: Seat;
  irregularDeclarer?: boolean;
  contract?: Contract | 'Pass';
  trump?: Strain;
  result?: PbnResult;
}

/** A PBN file as read: its games and what the file says about itself (the `value` of `parsePbn`). */
export interface PbnDocument {
  games: PbnGame[];
  /** `% PBN x.y` version seen at the top, and whether `% EXPORT` was present. */
  version?: string;
  exportFormat?: boolean;
  /** `%` lines before the first game (other than the version and EXPORT lines). */
  escapes?: string[];
  /** Encoding the bytes were read as. */
  encoding?: 'utf-8' | 'latin1';
}
