/**
 * PBN 2.1 import-format reader: tokens (src/text) → games, with every violation reported as a typed
 * `ERR_PBN_*` error with line:column. One bad game never stops the file.
 */
import { append, excerpt } from './util.js';
import { notationError, type NotationError } from '../../errors.js';
import { RecordScanner, escapeString, type RecordToken as Token } from '../../text/index.js';
import { analyzeAuction } from '../auction.js';
import { makeDeal, parseDeal } from '../deal.js';
import { analyzePlay } from '../play.js';
import { type Strain, nextSeat, partner, SEATS } from '../types.js';
import type { PbnAnnotated, PbnAuction, PbnColumn, PbnCall, PbnCard, PbnComment, PbnGame, PbnNote, PbnParseResult, PbnPlay, PbnSection, PbnTag } from './model.js';
import { checkPbnExport } from './export-check.js';
import { decodePbn } from './decode.js';
import { MAX_COLUMN_WIDTH, isTableName, isSectionToken, makeColumns, parseColumns } from './table.js';
import { NO_INHERIT_TAGS, isKnownTag } from './tags.js';
import {
  declarerTricks, isPbnDate, pbnDateDialect, isPbnTime, makeContract, parseContract, parseDeclarer, parseResult, parseSeat,
  parseSideScore, parseVulnerable, rubberVulnerability,
} from './values.js';

export interface ParsePbnOptions {
  /** Check the semantics (auction, play, results, notes). Default true. */
  validate?: boolean;
  /** Longest line (characters without the line end); PBN allows 255 with the line end. Default 254. */
  maxLineLength?: number;
  /** Check the export format rules (`checkPbnExport`) and add them as warnings; default: when the file says `% EXPORT`. */
  checkExport?: boolean;
  /**
   * Errors (and, separately, warnings) kept per game; the rest are only counted and one
   * `ERR_TOO_MANY_ERRORS` with the count ends the game's list. Default 100. Text between games
   * counts toward the next game.
   */
  maxErrors?: number;
}

/**
 * Errors of agreement between parts of a game that are each well formed and kept exactly as given
 * (a card the deal does not give that hand, a contract the auction does not end in, a result the
 * play does not give…). `check` reports them as errors; an export carries the data unchanged, so
 * the CLI's `export` reports them as warnings and still succeeds.
 */
export const PBN_AGREEMENT_CODES: ReadonlySet<string> = new Set([
  'AUCTION_INSUFFICIENT', 'AUCTION_DOUBLE', 'AUCTION_REDOUBLE', 'CONTRACT_MISMATCH', 'RESULT_MISMATCH', 'RESULT_IRREGULAR',
  'PLAY_LEADER', 'PLAY_CARD_NOT_IN_HAND', 'PLAY_CARD_PLAYED', 'PLAY_REVOKE', 'PLAY_REVOKE_MARK', 'PLAY_LEAD_IRREGULAR',
  'PLAY_TOO_MANY', 'RUBBER_VULNERABLE', 'NOTE_MISSING', 'TABLE_ORDER',
].map((c) => `ERR_PBN_${c}`));



interface Pos {
  line: number;
  column: number;
}

/**
 * A call's/card's comments in export order: by the element they follow (call, note reference, NAGs
 * ascending), in input order for one element. A comment anchored to the element written last in
 * export form (the highest NAG, else the note reference, else the call/card) needs no anchor: it is
 * where an anchorless comment is written.
 */
function orderComments(e: PbnAnnotated): void {
  const nags = e.nags ?? [];
  const last = nags.length ? nags[nags.length - 1]! : e.note !== undefined ? 'note' : 'call';
  const rank = (c: PbnComment): number => (c.after === 'call' ? 0 : c.after === 'note' ? 1 : c.after === 'nag' ? 2 + nags.indexOf(c.nag!) : 2 + nags.length);
  e.comments!.sort((x, y) => rank(x) - rank(y));
  for (const c of e.comments!) {
    const at = c.after === 'nag' ? c.nag : c.after;
    if (at === last) {
      delete c.after;
      delete c.nag;
    }
  }
}

const SUFFIX_NAG: Record<string, number> = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };

/** Inheritance state carried from game to game (4.8). */
export class PbnInheritance {
  /** Resolved value of each tag in the most recent game that had it. */
  readonly previous = new Map<string, string>();
  /** `##` values used by all following games that lack the tag. */
  readonly sticky = new Map<string, string>();
}

/**
 * Reads games from a decoded text. Keeps tag inheritance across calls, so it can be fed game texts
 * one at a time (see `readPbnGames`).
 */
export class PbnReader {
  readonly errors: NotationError[] = [];
  readonly warnings: NotationError[] = [];
  readonly inheritance = new PbnInheritance();
  version?: string;
  exportFormat?: boolean;
  readonly fileEscapes: string[] = [];
  private carryComments: PbnComment[] = [];
  private carryEscapes: string[] = [];
  private gamesRead = 0;
  private readonly maxErrors: number;
  /** Errors and warnings of the current game (text since the last game counts toward it). */
  private errorCount = 0;
  private warningCount = 0;
  private lastPos: Pos | undefined;

  constructor(private readonly options: ParsePbnOptions = {}) {
    this.maxErrors = Math.max(0, options.maxErrors ?? 100);
  }

  /**
   * Reads every game of `text` (line numbers start at `startLine`). Tokens go straight to the game
   * being built: nothing but the game itself is held, however long the game's text.
   */
  read(text: string, startLine = 1): PbnGame[] {
    const games: PbnGame[] = [];
    const lexer = new RecordScanner(text, { codePrefix: 'ERR_PBN', maxLineLength: this.options.maxLineLength ?? 254, startLine });
    // `%` lines and comments before a game's first tag or data are held until it is known whether a game follows
    let lead: Token[] = [];
    let builder: GameBuilder | null = null;
    const flush = () => {
      if (builder) {
        const g = this.finishGame(builder);
        if (g) games.push(g);
      } else this.carry(lead);
      builder = null;
      lead = [];
    };
    for (const tok of lexer) {
      if (tok.kind === 'blank') flush();
      else if (builder) builder.token(tok);
      else if (tok.kind === 'escape' || tok.kind === 'comment') lead.push(tok);
      else {
        builder = this.startGame(lead[0] ?? tok);
        for (const t of lead) builder.token(t);
        lead = [];
        builder.token(tok);
      }
    }
    flush();
    return games;
  }

  private err(code: string, message: string, pos: Pos | undefined): void {
    this.lastPos = pos ?? this.lastPos;
    if (++this.errorCount <= this.maxErrors) this.errors.push(notationError(`ERR_PBN_${code}`, excerpt(message), pos?.line, pos?.column));
  }

  private warn(code: string, message: string, pos: Pos | undefined): void {
    this.lastPos = pos ?? this.lastPos;
    if (++this.warningCount <= this.maxErrors) this.warnings.push(notationError(`ERR_PBN_${code}`, excerpt(message), pos?.line, pos?.column));
  }

  /** Ends the error lists of a game: one `ERR_TOO_MANY_ERRORS` each for what was only counted. */
  private closeErrorLists(): void {
    const max = this.maxErrors;
    const at = this.lastPos;
    if (this.errorCount > max) {
      this.errors.push(notationError('ERR_TOO_MANY_ERRORS', `${this.errorCount - max} more error(s) not reported (${this.errorCount} in all; maxErrors ${max})`, at?.line, at?.column));
    }
    if (this.warningCount > max) {
      this.warnings.push(notationError('ERR_TOO_MANY_ERRORS', `${this.warningCount - max} more warning(s) not reported (${this.warningCount} in all; maxErrors ${max})`, at?.line, at?.column));
    }
    this.errorCount = 0;
    this.warningCount = 0;
  }

  /** Adds warnings found outside the reader (export-format checks), under the same cap. */
  addWarnings(list: NotationError[]): void {
    for (const w of list) {
      this.lastPos = w.line !== undefined ? { line: w.line, column: w.column ?? 1 } : this.lastPos;
      if (++this.warningCount <= this.maxErrors) this.warnings.push(w);
    }
  }

  /** `%` lines and comments of a stretch of text without a game: kept for the next game (or the file). */
  private carry(tokens: Token[]): void {
    for (const t of tokens) {
      if (t.kind === 'escape') this.escape(t.text, null);
      else if (t.kind === 'comment') this.carryComments.push({ text: t.text.replace(/\r\n?/g, '\n'), brace: !!t.brace });
    }
  }

  private startGame(first: Token): GameBuilder {
    const g = new GameBuilder(this, first);
    append(g.comments, this.carryComments);
    append(g.escapes, this.carryEscapes);
    this.carryComments = [];
    this.carryEscapes = [];
    return g;
  }

  private finishGame(g: GameBuilder): PbnGame | null {
    const game = g.finish();
    if (!game) return null;
    this.gamesRead++;
    this.closeErrorLists();
    this.ends.set(game, [this.taken[0] + this.errors.length, this.taken[1] + this.warnings.length]);
    return game;
  }

  /** Where each game's reports end in the lists (counting those already taken), and how many were taken. */
  private readonly ends = new WeakMap<PbnGame, [number, number]>();
  private readonly taken: [number, number] = [0, 0];

  /**
   * Removes and returns the errors and warnings up to the end of `game` (a game this reader made),
   * or all of them: how a stream hands each game its own reports and keeps no list growing.
   */
  takeReports(game?: PbnGame): { errors: NotationError[]; warnings: NotationError[] } {
    const end = game && this.ends.get(game);
    const e = end ? Math.max(0, end[0] - this.taken[0]) : this.errors.length;
    const w = end ? Math.max(0, end[1] - this.taken[1]) : this.warnings.length;
    this.taken[0] += e;
    this.taken[1] += w;
    return { errors: this.errors.splice(0, e), warnings: this.warnings.splice(0, w) };
  }

  /** One game's tokens (between semi-empty lines). Returns null when there is no tag. */
  readGameTokens(tokens: Token[]): PbnGame | null {
    const first = tokens.findIndex((t) => t.kind !== 'escape' && t.kind !== 'comment');
    if (first < 0) {
      this.carry(tokens);
      return null;
    }
    const g = this.startGame(tokens[0]!);
    for (const t of tokens) g.token(t);
    return this.finishGame(g);
  }

  /** At the end of the input: comments and `%` lines after the last game go to that game. */
  finishInput(last: PbnGame | undefined): void {
    // errors in text after the last game end with their own count
    this.closeErrorLists();
    if (!last) return;
    if (this.carryComments.length) append((last.endComments ??= []), this.carryComments);
    if (this.carryEscapes.length) append((last.escapes ??= []), this.carryEscapes);
    this.carryComments = [];
    this.carryEscapes = [];
  }

  /** Handles a `%` line: version / EXPORT go to the file, others to the game (or are carried to the next). */
  escape(text: string, game: { escapes: string[]; seen: Set<string> } | null): void {
    const header = this.gamesRead === 0 && (!game || game.seen.size === 0);
    const v = /^\s*PBN\s+(\S+)/.exec(text);
    if (v && header && this.version === undefined) {
      this.version = v[1];
      return;
    }
    if (/^\s*EXPORT\s*$/.test(text) && header && !this.exportFormat) {
      this.exportFormat = true;
      return;
    }
    if (game) game.escapes.push(text);
    else if (this.gamesRead === 0) this.fileEscapes.push(text);
    else this.carryEscapes.push(text);
  }

  /** @internal */ error(code: string, message: string, pos: Pos | undefined): void {
    this.err(code, message, pos);
  }
  /** @internal */ warning(code: string, message: string, pos: Pos | undefined): void {
    this.warn(code, message, pos);
  }
  get validate(): boolean {
    return this.options.validate !== false;
  }
}

type Mode = 'ident' | 'auction' | 'play' | 'section' | 'skip' | 'notes';

class GameBuilder {
  comments: PbnComment[] = [];
  escapes: string[] = [];
  tags: Record<string, PbnTag> = {};
  tagPos: Record<string, Pos> = {};
  seen = new Set<string>();
  auction?: PbnAuction;
  auctionPos?: Pos;
  callPos: Pos[] = [];
  play?: PbnPlay;
  playPos?: Pos;
  cardPos: Pos[] = [];
  sections: PbnSection[] = [];
  sectionPos = new Map<PbnSection, Pos>();
  notePos = new Map<PbnNote, Pos>();
  noteRefs: { section: 'auction' | 'play'; index: number; pos: Pos }[] = [];
  mode: Mode = 'ident';
  noteTarget: 'auction' | 'play' | null = null;
  anchor: PbnComment[] | null = null;
  anchorOwner: { comments?: PbnComment[] } | null = null;
  section: PbnSection | null = null;
  sectionHasData = false;
  pendingTag: { name: string; tag: PbnTag; pos: Pos } | null = null;
  identErrorReported = false;
  // current call/card annotations
  current: (PbnCall | PbnCard) | null = null;
  curSuffix = 0;
  curNote = false;
  curSuffixNag = 0;
  /** The last element read of the current call/card: the call/card, its note reference or a NAG. */
  curAnchor: 'call' | 'note' | number = 'call';
  irregular: { kind: string; pos: Pos } | null = null;
  ended: '+' | '*' | null = null;
  badAuction = false;
  parsedDeal: ReturnType<typeof parseDeal> | null = null;
  /** Tokens read, and the comment holding the text that could not be placed (with the token it ended at). */
  tokenCount = 0;
  unplaced: PbnComment | null = null;
  unplacedAt = -1;
  unplacedParts: string[] = [];
  unplacedBlocks: string[] = [];
  /** Contract/Declarer tags missing before the play section. */
  playMissing: [string, string, Pos][] = [];
  first: Pos;

  constructor(private readonly r: PbnReader, firstToken: Token) {
    this.first = { line: firstToken.line, column: firstToken.column };
  }

  /** A token is its own position (it has line and column): no allocation per token. */
  private pos(t: Token): Pos {
    return t;
  }

  private comment(c: PbnComment): void {
    if (this.current && this.anchorOwner === this.current) {
      // the exact element followed; anchors that are the last element in export form are dropped in finish()
      const a = this.curAnchor;
      if (typeof a === 'number') {
        c.after = 'nag';
        c.nag = a;
      } else c.after = a;
    }
    if (this.anchorOwner) (this.anchorOwner.comments ??= []).push(c);
    else this.comments.push(c);
  }

  token(t: Token): void {
    this.tokenCount++;
    if (this.unplaced && t.kind !== 'word' && t.kind !== 'string') this.flushUnplaced();
    switch (t.kind) {
      case 'escape':
        this.r.escape(t.text, this);
        return;
      case 'comment': {
        if (this.mode === 'section' && this.sectionHasData) this.r.error('SECTION_COMMENT', 'no comment is allowed after a section element', this.pos(t));
        this.comment({ text: t.text.replace(/\r\n?/g, '\n'), brace: !!t.brace });
        return;
      }
      case 'error':
        this.r.error(t.code!.replace(/^ERR_PBN_/, ''), t.message ?? 'syntax error', this.pos(t));
        if (t.code === 'ERR_PBN_TAG_SYNTAX' || t.code === 'ERR_PBN_STRING_UNTERMINATED') this.endSectionData('skip');
        return;
      case 'tag':
        // a tab in a string is an error (reported by the scanner); the value keeps a space, as export writes it
        this.tag(t.text, t.value!.replace(/[\t\v]/g, ' '), this.pos(t));
        return;
      case 'word':
      case 'string':
        this.data(t);
        return;
      default:
        return;
    }
  }

  private endSectionData(mode: Mode): void {
    this.closeCurrent();
    this.mode = mode;
    this.section = null;
    this.pendingTag = null;
  }

  private tag(name: string, rawValue: string, pos: Pos): void {
    this.closeCurrent();
    this.pendingTag = null;
    this.section = null;
    const inh = this.r.inheritance;
    if (!/^[A-Z]/.test(name)) this.r.error('TAG_NAME', `tag name ${name} must begin with an upper-case letter`, pos);
    if (name === 'Note') {
      this.note(rawValue, pos);
      return;
    }
    this.noteTarget = null;
    if (this.seen.has(name)) {
      this.r.warning('TAG_REPEATED', `tag ${name} occurs again; the repeat is ignored`, pos);
      this.mode = 'skip';
      return;
    }
    this.seen.add(name);
    let value = rawValue;
    if (rawValue.startsWith('#')) {
      if (NO_INHERIT_TAGS.includes(name)) {
        this.r.error('INHERIT_FORBIDDEN', `tag ${name} may not use "${rawValue.startsWith('##') ? '##' : '#'}"`, pos);
        this.mode = 'skip';
        return;
      }
      if (rawValue === '#') value = inh.previous.get(name) ?? '';
      else if (rawValue.startsWith('##')) {
        value = rawValue.slice(2);
        inh.sticky.set(name, value);
      }
    } else if (inh.sticky.has(name)) inh.sticky.set(name, value);

    if (name === 'Auction') {
      const seat = parseSeat(value);
      if (!seat) {
        this.r.error('AUCTION_TAG', `Auction tag value "${value}" is not a seat`, pos);
        this.mode = 'skip';
        return;
      }
      if (!this.tags.Dealer) this.r.error('AUCTION_NO_DEALER', 'the Dealer tag must come before the auction section', pos);
      this.auction = { first: seat, calls: [], notes: [] };
      this.auctionPos = pos;
      this.anchorOwner = this.auction;
      this.mode = 'auction';
      this.noteTarget = 'auction';
      this.ended = null;
      return;
    }
    if (name === 'Play') {
      const seat = parseSeat(value);
      if (!seat) {
        this.r.error('PLAY_TAG', `Play tag value "${value}" is not a seat`, pos);
        this.mode = 'skip';
        return;
      }
      if (!this.tags.Deal) this.r.error('PLAY_NO_DEAL', 'the Deal tag must come before the play section', pos);
      const contract = this.tags.Contract ? parseContract(this.tags.Contract.value) : null;
      // decided in finish(): a warning when a complete auction gives them (BBO writes no Contract/Declarer then)
      if (!this.tags.Contract) this.playMissing.push(['PLAY_NO_CONTRACT', 'the Contract tag must come before the play section', pos]);
      const endPosition = contract && contract !== 'Pass' && contract.level === 0;
      if (!this.tags.Declarer && !endPosition) this.playMissing.push(['PLAY_NO_DECLARER', 'the Declarer tag must come before the play section', pos]);
      this.play = { first: seat, cards: [], notes: [] };
      this.playPos = pos;
      this.anchorOwner = this.play;
      this.mode = 'play';
      this.noteTarget = 'play';
      this.ended = null;
      return;
    }
    if (isTableName(name)) {
      const section: PbnSection = { name, value };
      const cols = parseColumns(value);
      if (typeof cols === 'string') this.r.error('TABLE_COLUMNS', `${name}: ${cols}`, pos);
      else this.setColumns(section, cols, pos);
      this.startSection(section, pos);
      return;
    }
    const tag: PbnTag = { value };
    this.tags[name] = tag;
    this.tagPos[name] = pos;
    this.anchorOwner = tag;
    this.mode = 'ident';
    if (!isKnownTag(name)) this.pendingTag = { name, tag, pos };
  }

  /**
   * A table's columns. A minimum width above MAX_COLUMN_WIDTH cannot be written (a row is one line of at
   * most 255 characters): it is an error and the width is capped. The value is kept in its canonical
   * form, which is what export writes.
   */
  setColumns(section: PbnSection, cols: PbnColumn[], pos: Pos | undefined): void {
    for (const c of cols) {
      if (c.width !== undefined && c.width > MAX_COLUMN_WIDTH) {
        this.r.error('TABLE_WIDTH', `${section.name}: column ${c.name} is ${c.width > 1e9 ? 'over a billion' : c.width} characters wide (at most ${MAX_COLUMN_WIDTH}; capped)`, pos);
        c.width = MAX_COLUMN_WIDTH;
      }
    }
    section.columns = cols;
    section.value = makeColumns(cols);
  }

  private startSection(section: PbnSection, pos: Pos): void {
    this.sections.push(section);
    this.sectionPos.set(section, pos);
    this.section = section;
    this.sectionHasData = false;
    this.anchorOwner = section;
    this.mode = 'section';
  }

  private note(rawValue: string, pos: Pos): void {
    if (rawValue.startsWith('#')) {
      this.r.error('INHERIT_FORBIDDEN', 'a Note tag may not use "#"', pos);
      this.mode = 'skip';
      return;
    }
    const target = this.noteTarget === 'auction' ? this.auction : this.noteTarget === 'play' ? this.play : undefined;
    if (!target) {
      this.r.error('NOTE_PLACEMENT', 'a Note tag must follow the auction or the play section', pos);
      this.mode = 'skip';
      return;
    }
    this.mode = 'notes';
    const m = /^(\d+):(.*)$/s.exec(rawValue);
    if (!m) {
      this.r.error('NOTE_SYNTAX', `note "${rawValue}" must be "n:text"`, pos);
      this.anchorOwner = null;
      return;
    }
    const index = Number(m[1]);
    if (index < 1 || index > 32) {
      this.r.error('NOTE_INDEX', `note index ${m[1]} is not between 1 and 32`, pos);
      return;
    }
    if (target.notes.some((n) => n.index === index)) {
      this.r.error('NOTE_DUPLICATE', `note ${index} is given twice`, pos);
      return;
    }
    const note: PbnNote = { index, text: m[2]! };
    target.notes.push(note);
    this.notePos.set(note, pos);
    this.anchorOwner = note;
  }

  private data(t: Token): void {
    const pos = this.pos(t);
    if (this.pendingTag && this.mode === 'ident') {
      // an unknown tag followed by data is a supplemental section
      const { name, tag, pos: tpos } = this.pendingTag;
      delete this.tags[name];
      delete this.tagPos[name];
      const section: PbnSection = { name, value: tag.value, elements: [] };
      if (tag.comments) section.comments = tag.comments;
      this.startSection(section, tpos);
      this.pendingTag = null;
    }
    if (this.mode !== 'ident') this.flushUnplaced();
    switch (this.mode) {
      case 'skip':
        return;
      case 'section':
        this.sectionElement(t, pos);
        return;
      case 'auction':
      case 'play':
        if (t.kind === 'string') {
          this.r.error(this.mode === 'auction' ? 'AUCTION_SYNTAX' : 'PLAY_SYNTAX', 'a string is not allowed here', pos);
          return;
        }
        this.symbol(t.text, pos);
        return;
      default: {
        // text that cannot be placed is kept as commentary where it stands (nothing is dropped);
        // a lone `}` (a comment closed twice, as some tools write after a note) is only a warning
        const text = t.kind === 'string' ? escapeString(t.text) : t.text;
        const stray = /^}+$/.test(text);
        const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
        if (stray) this.r.warning('UNEXPECTED_TEXT', `stray "${shown}" (kept as commentary)`, pos);
        else if (!this.identErrorReported) {
          this.identErrorReported = true;
          this.r.error('UNEXPECTED_TEXT', `"${shown}" is not allowed outside an auction, play or supplemental section (kept as commentary)`, pos);
        }
        // a run of such words is one comment: the model grows with the text, not by an object per word
        if (this.unplaced && this.unplacedAt === this.tokenCount - 1 && !stray) this.unplacedParts.push(text);
        else {
          this.flushUnplaced();
          this.unplaced = { text: '', brace: false };
          this.unplacedParts.push(text);
          this.comment(this.unplaced);
        }
        this.unplacedAt = this.tokenCount;
        if (this.unplacedParts.length >= 4096) {
          this.unplacedBlocks.push(this.unplacedParts.join(' '));
          this.unplacedParts = [];
        }
        if (stray) this.flushUnplaced();
      }
    }
  }

  /**
   * Ends a run of unplaced words: its text is joined once (pieces are joined in blocks on the way, so
   * a run of millions of words costs about its own length, not a string or an object per word).
   */
  private flushUnplaced(): void {
    if (!this.unplaced) return;
    this.unplacedBlocks.push(this.unplacedParts.join(' '));
    this.unplaced.text = this.unplacedBlocks.join(' ');
    this.unplaced = null;
    this.unplacedParts = [];
    this.unplacedBlocks = [];
  }

  private sectionElement(t: Token, pos: Pos): void {
    const s = this.section!;
    this.sectionHasData = true;
    let el: string;
    if (t.kind === 'string') el = escapeString(t.text.replace(/[\t\v]/g, ' '));
    else {
      el = t.text;
      if (!isSectionToken(el)) {
        this.r.error('SECTION_TOKEN', `"${el}" is not a section token`, pos);
        return;
      }
    }
    if (s.columns) (s.elements ??= []).push(el);
    else if (isTableName(s.name)) return; // bad column spec reported already
    else (s.elements ??= []).push(el);
  }

  /** Splits an auction/play symbol like `2NT?=1=` or `^RHK$7` into pieces. */
  private symbol(text: string, pos: Pos): void {
    let i = 0;
    while (i < text.length) {
      const c = text[i]!;
      let j = i + 1;
      if (c === '=') {
        const e = text.indexOf('=', i + 1);
        j = e < 0 ? text.length : e + 1;
      } else if (c === '$') {
        while (j < text.length && !'=!?^*+$'.includes(text[j]!)) j++;
      } else if (c === '!' || c === '?') {
        if (j < text.length && (text[j] === '!' || text[j] === '?')) j++;
      } else if (c === '^') {
        j = Math.min(text.length, i + 2);
      } else if (c === '*' || c === '+') {
        // single
      } else if (/[A-Za-z0-9-]/.test(c)) {
        while (j < text.length && /[A-Za-z0-9-]/.test(text[j]!)) j++;
      }
      this.piece(i === 0 && j === text.length ? text : text.slice(i, j), i === 0 ? pos : { line: pos.line, column: pos.column + i });
      // a piece can end the section (text after `+` or `*`): the rest of the word is skipped with it
      if (this.mode !== 'auction' && this.mode !== 'play') return;
      i = j;
    }
  }

  private closeCurrent(): void {
    this.current = null;
    this.curSuffix = 0;
    this.curNote = false;
    this.curSuffixNag = 0;
    if (this.irregular) {
      this.r.error(this.mode === 'play' ? 'PLAY_IRREGULAR' : 'AUCTION_IRREGULAR', `${this.irregular.kind} is not followed by a ${this.mode === 'play' ? 'card' : 'bid'}`, this.irregular.pos);
      this.irregular = null;
    }
  }

  private piece(p: string, pos: Pos): void {
    const inAuction = this.mode === 'auction';
    const sec = inAuction ? 'AUCTION' : 'PLAY';
    const c = p[0]!;
    if (c === '=') {
      const m = /^=(\d+)=$/.exec(p);
      if (!this.current) return this.r.error(`${sec}_SYNTAX`, `note reference ${p} without a ${inAuction ? 'call' : 'card'}`, pos);
      if (m && Number(m[1]) === 0) {
        // BBO-style `=0=` (no note): kept as commentary on the call/card
        this.r.warning('NOTE_REF', `note reference ${p} refers to no note (kept as commentary)`, pos);
        this.comment({ text: p, brace: true });
        return;
      }
      if (!m || Number(m[1]) < 1 || Number(m[1]) > 32) return this.r.error('NOTE_REF', `bad note reference ${p} (=1= to =32=)`, pos);
      if (this.curNote) return this.r.error('NOTE_REF_DUPLICATE', `second note reference ${p}`, pos);
      this.curNote = true;
      this.current.note = Number(m[1]);
      this.curAnchor = 'note';
      this.noteRefs.push({ section: inAuction ? 'auction' : 'play', index: Number(m[1]), pos });
      return;
    }
    if (c === '$' || c === '!' || c === '?') {
      if (!this.current) return this.r.error(`${sec}_SYNTAX`, `annotation ${p} without a ${inAuction ? 'call' : 'card'}`, pos);
      let nag: number;
      if (c === '$') {
        if (!/^\$\d+$/.test(p)) return this.r.error('NAG', `bad NAG ${p}`, pos);
        nag = Number(p.slice(1));
        if (nag > 255) return this.r.error('NAG', `NAG ${p} is above 255`, pos);
        const callOnly = (nag >= 1 && nag <= 6) || nag === 13;
        const cardOnly = (nag >= 7 && nag <= 12) || nag === 14;
        if ((inAuction && cardOnly) || (!inAuction && callOnly)) return this.r.error('NAG_SECTION', `NAG ${p} is for ${inAuction ? 'cards' : 'calls'} only`, pos);
      } else {
        const base = SUFFIX_NAG[p];
        if (base === undefined) return this.r.error('SUFFIX', `bad suffix ${p}`, pos);
        if (this.curSuffix) return this.r.error('SUFFIX_DUPLICATE', `second suffix ${p}`, pos);
        this.curSuffix++;
        nag = inAuction ? base : base + 6;
      }
      const suffixLike = inAuction ? nag >= 1 && nag <= 6 : nag >= 7 && nag <= 12;
      if (suffixLike) {
        if (this.curSuffixNag) return this.r.error('NAG_DUPLICATE', `a second suffix-like annotation ${p}`, pos);
        this.curSuffixNag++;
      }
      const nags = (this.current.nags ??= []);
      this.curAnchor = nag;
      if (!nags.includes(nag)) {
        nags.push(nag);
        nags.sort((a, b) => a - b);
      }
      return;
    }
    if (c === '^') {
      const kind = p;
      const allowed = inAuction ? ['^I', '^S'] : ['^R', '^L'];
      if (!allowed.includes(kind.toUpperCase())) return this.r.error(`${sec}_IRREGULAR`, `bad irregularity ${p}`, pos);
      if (kind.toUpperCase() === '^S') {
        this.entry('^S', pos);
        return;
      }
      if (this.irregular) {
        this.r.error(`${sec}_IRREGULAR`, `${p} after ${this.irregular.kind}`, pos);
        return;
      }
      this.closeCurrent();
      this.irregular = { kind: kind.toUpperCase(), pos };
      return;
    }
    this.entry(p, pos);
  }

  /** A call/card token, `+` or `*`. */
  private entry(p: string, pos: Pos): void {
    const inAuction = this.mode === 'auction';
    const sec = inAuction ? 'AUCTION' : 'PLAY';
    const irregular = this.irregular;
    this.irregular = null;
    this.closeCurrent();
    if (this.ended === '*') {
      this.r.error(`${sec}_AFTER_END`, `"${p}" after *`, pos);
      this.mode = 'skip';
      return;
    }
    if (p === '*') {
      if (this.ended === '+' && inAuction) {
        this.r.error('AUCTION_AFTER_PLUS', '* is forbidden after +', pos);
      }
      this.ended = '*';
      if (inAuction) this.auction!.end = '*';
      else this.play!.end = '*';
      return;
    }
    if (inAuction) {
      if (this.ended === '+') {
        this.r.error('AUCTION_AFTER_PLUS', `"${p}" after + (the next call to make)`, pos);
        this.mode = 'skip';
        return;
      }
      if (p === '+') {
        this.ended = '+';
        this.auction!.end = '+';
        return;
      }
      const call = canonicalCall(p);
      if (!call) {
        this.r.error('AUCTION_CALL_SYNTAX', `"${p}" is not a call`, pos);
        this.badAuction = true;
        // a call token (letters, digits, '-') is kept as written so columns stay aligned; other text is dropped
        if (!/^[A-Za-z0-9-]+$/.test(p)) return;
      }
      const entry: PbnCall = { call: call ?? p };
      if (irregular?.kind === '^I') {
        entry.insufficient = true;
      }
      this.auction!.calls.push(entry);
      this.callPos.push(pos);
      this.current = entry;
      this.curAnchor = 'call';
      this.anchorOwner = entry;
      return;
    }
    let card = canonicalCard(p);
    if (!card && /^-{2,}$/.test(p)) {
      // `--` for an unknown card (some converters): the PBN form is `-`
      this.r.warning('PLAY_CARD_SYNTAX', `"${p}" read as "-" (unknown card)`, pos);
      card = '-';
    }
    if (!card) {
      this.r.error('PLAY_CARD_SYNTAX', `"${p}" is not a card`, pos);
      if (!/^[A-Za-z0-9-]+$/.test(p)) return;
    }
    const entry: PbnCard = { card: card ?? p };
    if (irregular) entry.irregular = irregular.kind === '^R' ? 'R' : 'L';
    this.play!.cards.push(entry);
    this.cardPos.push(pos);
    this.current = entry;
    this.curAnchor = 'call';
    this.anchorOwner = entry;
  }

  finish(): PbnGame | null {
    this.closeCurrent();
    this.flushUnplaced();
    const r = this.r;
    const inh = r.inheritance;
    // ## values for tags this game lacks
    for (const [name, value] of inh.sticky) {
      if (!this.seen.has(name) && !isTableName(name)) this.tags[name] = { value };
    }
    if (!Object.keys(this.tags).length && !this.auction && !this.play && !this.sections.length) {
      // data without any tag (e.g. stray text): report, keep nothing
      return null;
    }
    // sections: tables from elements; "#" on a table inherits the previous column spec
    for (const s of this.sections) {
      if (s.value === '#' || s.value.startsWith('##')) {
        const prev = s.value === '#' ? inh.previous.get(s.name) : s.value.slice(2);
        s.value = prev ?? '';
        const cols = parseColumns(s.value);
        if (typeof cols === 'string') r.error('TABLE_COLUMNS', `${s.name}: no column specification to inherit`, this.sectionPos.get(s));
        else this.setColumns(s, cols, this.sectionPos.get(s));
      }
      if (s.columns) {
        const els = s.elements ?? [];
        delete s.elements;
        const n = s.columns.length;
        if (els.length % n !== 0) r.error('TABLE_ROW', `${s.name}: ${els.length} elements do not fill rows of ${n} columns`, this.sectionPos.get(s));
        s.rows = [];
        for (let i = 0; i + n <= els.length; i += n) s.rows.push(els.slice(i, i + n));
        if (els.length % n) s.rows.push(els.slice(els.length - (els.length % n)));
        this.checkTableValues(s);
        // columns marked + (descending) or - (ascending) must be in that order (unknown/irrelevant skipped)
        s.columns.forEach((col, ci) => {
          if (!col.order) return;
          const values = s.rows!.map((row) => row[ci]).filter((v): v is string => v !== undefined && v !== '?' && v !== '-').map((v) => v.replace(/^"|"$/g, '').replace(/^\^/, ''));
          const nums = values.every((v) => /^[-+]?\d+(\.\d+)?$/.test(v));
          for (let i = 1; i < values.length; i++) {
            const a = values[i - 1]!;
            const b = values[i]!;
            const cmp = nums ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0;
            if ((col.order === '+' && cmp < 0) || (col.order === '-' && cmp > 0)) {
              r.error('TABLE_ORDER', `${s.name}: column ${col.name} is not in ${col.order === '+' ? 'descending' : 'ascending'} order`, this.sectionPos.get(s));
              break;
            }
          }
        });
      }
    }
    // an unknown tag whose data was all rejected stays a plain tag
    this.sections = this.sections.filter((s) => {
      if (s.columns || isTableName(s.name) || (s.elements && s.elements.length) || this.tags[s.name]) return true;
      const tag: PbnTag = { value: s.value };
      if (s.comments) tag.comments = s.comments;
      this.tags[s.name] = tag;
      return false;
    });
    // export order: sections sorted by name (stable)
    this.sections.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
    const game: PbnGame = { tags: this.tags, sections: this.sections };
    if (this.comments.length) game.comments = this.comments;
    if (this.escapes.length) game.escapes = this.escapes;
    if (this.auction) game.auction = this.auction;
    if (this.play) game.play = this.play;
    for (const e of [...(this.auction?.calls ?? []), ...(this.play?.cards ?? [])]) if (e.comments) orderComments(e);
    this.normalize(game);
    if (r.validate) this.check(game);
    if (this.playMissing.length) {
      const a = game.auction;
      const dealer = game.tags.Dealer ? parseSeat(game.tags.Dealer.value) : null;
      const derived = !!(a && dealer && a.first === dealer && !this.badAuction && analyzeAuction(dealer, a.calls).complete);
      for (const [code, message, pos] of this.playMissing) {
        if (derived) r.warning(code, `${message} (the auction gives it)`, pos);
        else r.error(code, message, pos);
      }
    }
    // remember resolved values for "#"
    for (const [name, tag] of Object.entries(game.tags)) inh.previous.set(name, tag.value);
    for (const s of game.sections) inh.previous.set(s.name, s.value);
    return game;
  }

  /** Element syntax of the predefined columns of the tables of chapter 5 (`?` unknown and `-` irrelevant always allowed). */
  private checkTableValues(s: PbnSection): void {
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
        if (check && v !== '?' && v !== '-' && !check(v)) this.r.error('TABLE_VALUE', `${s.name}: "${el}" is not a valid ${cols[i]!.name}`, this.sectionPos.get(s));
      });
    }
  }

  /** Canonical values for known tags; value errors reported here. */
  private normalize(game: PbnGame): void {
    const r = this.r;
    const t = game.tags;
    const at = (n: string) => this.tagPos[n] ?? this.first;
    const known = (n: string) => t[n] !== undefined && t[n]!.value !== '?' && (n === 'Declarer' || n === 'Result' || t[n]!.value.trim() !== '');
    if (known('Dealer')) {
      const s = parseSeat(t.Dealer!.value);
      if (s) t.Dealer!.value = s;
      else r.error('DEALER', `Dealer "${t.Dealer!.value}" is not W, N, E or S`, at('Dealer'));
    }
    for (const [dateTag, timeTag] of [['Date', 'Time'], ['EventDate', ''], ['UTCDate', 'UTCTime']] as const) {
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
          this.tagPos[timeTag] ??= at(dateTag);
        } else if (tt.value.trim() !== d.time) {
          (t[dateTag]!.comments ??= []).push({ text: `${dateTag} "${raw}"`, brace: true });
          note = `; the time is kept as a comment (${timeTag} says ${tt.value})`;
        }
      }
      r.warning('DATE', `${dateTag} "${raw}" written as "${d.date}"${d.time && !note ? ` with ${timeTag} "${d.time}"` : ''}${note}`, at(dateTag));
    }
    if (known('Vulnerable')) {
      const v = parseVulnerable(t.Vulnerable!.value);
      if (v && /^\s*[ne]-[sw]\s*$/i.test(t.Vulnerable!.value)) r.warning('VULNERABLE', `Vulnerable "${t.Vulnerable!.value}" written as "${v}"`, at('Vulnerable'));
      if (v) t.Vulnerable!.value = v;
      else r.error('VULNERABLE', `Vulnerable "${t.Vulnerable!.value}" is not None, NS, EW or All`, at('Vulnerable'));
    }
    if (known('Deal')) {
      const raw = t.Deal!.value;
      const d = parseDeal(raw, at('Deal'));
      this.parsedDeal = d;
      if (!d.ok) r.error(d.error.code.replace(/^ERR_PBN_/, ''), d.error.message, at('Deal'));
      else {
        if (!/^\s*[NESWnesw]:\S+ \S+ \S+ \S+\s*$/.test(raw)) r.error('DEAL_SYNTAX', 'hands must be separated by a single space', at('Deal'));
        if (SEATS.every((s) => d.value[s] === null)) r.error('DEAL_CARDS', 'the deal gives no hand', at('Deal'));
        const dealer = t.Dealer ? parseSeat(t.Dealer.value) : null;
        t.Deal!.value = makeDeal(d.value, dealer ?? parseSeat(raw.trim()[0]!)!);
      }
    }
    if (known('Declarer')) {
      const d = parseDeclarer(t.Declarer!.value);
      if (d === null) r.error('DECLARER', `Declarer "${t.Declarer!.value}" is not a seat`, at('Declarer'));
      else t.Declarer!.value = d === '' ? '' : `${d.irregular ? '^' : ''}${d.seat}`;
    }
    if (known('Contract')) {
      const contract = parseContract(t.Contract!.value);
      if (!contract) r.error('CONTRACT', `Contract "${t.Contract!.value}" is not a contract`, at('Contract'));
      else t.Contract!.value = makeContract(contract);
      // a passed-out deal has empty Declarer and Result (3.4.13, 3.4.15)
      if (contract === 'Pass') {
        t.Declarer ??= { value: '' };
        t.Result ??= { value: '' };
      }
    }
    if (known('Result')) {
      const res = parseResult(t.Result!.value);
      if (res === null) r.error('RESULT', `Result "${t.Result!.value}" is not a number of tricks`, at('Result'));
      else if (res !== '') {
        const d = t.Declarer ? parseDeclarer(t.Declarer.value) : null;
        const seat = d ? (d.irregular ? d.seat : d.seat) : undefined;
        const tricks = declarerTricks(res, seat);
        if (tricks !== undefined && seat) t.Result!.value = `${res.irregular ? '^' : ''}${tricks}`;
      }
    }
  }

  /** Semantic checks of one game (tag values, auction, play, result, notes). */
  private check(game: PbnGame): void {
    const r = this.r;
    const t = game.tags;
    const at = (n: string) => this.tagPos[n] ?? this.first;
    const val = (n: string) => (t[n] && t[n]!.value !== '?' ? t[n]!.value.trim() : undefined);
    // simple value syntax
    const board = val('Board');
    if (board !== undefined && board !== '' && !/^\d+$/.test(board)) r.error('BOARD', `Board "${board}" is not a positive integer`, at('Board'));
    else if (board && Number(board) < 1) r.error('BOARD', 'Board must be positive', at('Board'));
    for (const n of ['Date', 'EventDate', 'UTCDate']) {
      const v = val(n);
      if (v !== undefined && v !== '' && !isPbnDate(v)) r.error('DATE', `${n} "${v}" is not YYYY.MM.DD`, at(n));
    }
    for (const n of ['Time', 'UTCTime']) {
      const v = val(n);
      if (v !== undefined && v !== '' && !isPbnTime(v)) r.error('TIME', `${n} "${v}" is not HH:MM:SS`, at(n));
    }
    const round = val('Round');
    if (round !== undefined && round !== '' && !/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(round)) r.error('ROUND', `Round "${round}" is not a round indicator`, at('Round'));
    const scoring = val('Scoring');
    if (scoring !== undefined && scoring !== '' && !scoring.split(';').every((f) => /^[A-Za-z0-9_-]+$/.test(f.trim()))) r.error('SCORING', `Scoring "${scoring}" has a bad field`, at('Scoring'));
    const hidden = val('Hidden');
    if (hidden !== undefined && !/^[NESWnesw]*$/.test(hidden)) r.error('HIDDEN', `Hidden "${hidden}" must list seats`, at('Hidden'));
    const french = val('FrenchMP');
    if (french !== undefined && french !== '' && french !== 'Yes' && french !== 'No') r.error('FRENCHMP', 'FrenchMP must be Yes or No', at('FrenchMP'));
    const scores: [string, { decimals: boolean; nonNegative?: boolean; sideRequired?: boolean }][] = [
      ['Score', { decimals: false }], ['ScoreIMP', { decimals: true }], ['ScoreMP', { decimals: true }],
      ['ScorePercentage', { decimals: true, nonNegative: true }], ['OptimumScore', { decimals: false, sideRequired: true }],
    ];
    for (const [n, opts] of scores) {
      const v = val(n);
      if (v === undefined || v === '') continue;
      const s = parseSideScore(v, opts);
      if (!s) r.error('SCORE', `${n} "${v}" is not a valid score`, at(n));
      else if (n === 'ScorePercentage' && [s.ns, s.ew, s.declarer].some((x) => x !== undefined && x > 100)) r.error('SCORE', `${n} above 100`, at(n));
    }
    const rubber = val('ScoreRubber');
    if (rubber !== undefined && rubber !== '' && !/^(?:(?:NS|EW)\s+)?\d+\s*\/\s*\d+(?:\s+(?:NS|EW)\s+\d+\s*\/\s*\d+)?$/.test(rubber)) r.error('SCORE', `ScoreRubber "${rubber}" is not above/below`, at('ScoreRubber'));
    const history = val('ScoreRubberHistory');
    if (history !== undefined && history !== '') {
      const hv = rubberVulnerability(history);
      if (!hv) r.error('SCORE', `ScoreRubberHistory "${history}" is malformed`, at('ScoreRubberHistory'));
      else {
        const vul = val('Vulnerable') ? parseVulnerable(val('Vulnerable')!) : null;
        if (vul && vul !== hv) r.error('RUBBER_VULNERABLE', `ScoreRubberHistory makes ${hv} vulnerable but Vulnerable is ${vul}`, at('ScoreRubberHistory'));
      }
    }
    for (const name of Object.keys(t)) {
      if (!isKnownTag(name) && !this.r.inheritance.sticky.has(name)) r.warning('TAG_UNKNOWN', `unknown tag ${name} (kept)`, at(name));
    }

    // contract, declarer, result
    const dealer = val('Dealer') ? parseSeat(val('Dealer')!) : null;
    const contract = val('Contract') ? parseContract(val('Contract')!) : null;
    const declTag = val('Declarer') !== undefined ? parseDeclarer(val('Declarer')!) : undefined;
    const declarer = declTag ? declTag.seat : undefined;
    const result = val('Result') !== undefined ? parseResult(val('Result')!) : undefined;
    if (result && result.tricks !== undefined && contract !== 'Pass' && !(contract && contract.level === 0)) {
      if (t.Declarer === undefined || declTag === '') r.error('RESULT_NO_DECLARER', 'a Result needs a Declarer', at('Result'));
    }
    if (contract === 'Pass') {
      if (result) r.error('RESULT_PASSED_OUT', 'a passed-out deal has an empty Result', at('Result'));
      if (declTag) r.error('DECLARER_PASSED_OUT', 'a passed-out deal has an empty Declarer', at('Declarer'));
    }
    const deal = val('Deal') ? this.parsedDeal ?? parseDeal(val('Deal')!) : null;

    // auction
    const a = game.auction;
    if (a) {
      if (dealer) {
        const k = (SEATS.indexOf(dealer) - SEATS.indexOf(a.first) + 4) % 4;
        let lead = 0;
        while (lead < a.calls.length && a.calls[lead]!.call === '-') lead++;
        if (lead !== k && !(a.calls.length === 0 && lead === 0)) {
          r.error('AUCTION_DEALER', `the auction starts at ${a.first} with ${lead} '-' but the dealer is ${dealer}`, this.callPos[Math.min(lead, this.callPos.length - 1)] ?? this.auctionPos);
        } else if (k > 0 || a.first !== dealer) {
          a.calls.splice(0, k);
          this.callPos.splice(0, k);
          a.first = dealer;
        }
        if (a.first === dealer && !this.badAuction) {
          const dash = a.calls.findIndex((c) => c.call === '-');
          if (dash >= 0) r.error('AUCTION_CALL_SYNTAX', "'-' is only allowed before the dealer's first call", this.callPos[dash]);
          else {
            const an = analyzeAuction(dealer, a.calls);
            for (const issue of an.issues) r.error(issue.code, issue.message, this.callPos[issue.index]);
            if (an.complete && a.end === '*') r.error('AUCTION_AFTER_END', '* after a complete auction', this.auctionPos);
            if (an.complete && a.end === '+') r.error('AUCTION_AFTER_END', '+ after a complete auction', this.auctionPos);
            if (an.complete && an.issues.every((i) => i.code !== 'AUCTION_AFTER_END')) {
              if (contract && an.contract && makeContract(contract) !== makeContract(an.contract)) {
                r.error('CONTRACT_MISMATCH', `Contract ${makeContract(contract)} but the auction ends in ${makeContract(an.contract)}`, at('Contract'));
              }
              if (an.contract === 'Pass') {
                if (declTag) r.warning('DECLARER_MISMATCH', 'the auction was passed out but a Declarer is given (kept as given)', at('Declarer'));
              } else if (declTag && an.declarer) {
                // a lenient import: real files carry such tags; the tag is kept as it was given
                const expected = declTag.irregular ? partner(an.declarer) : an.declarer;
                if (declTag.seat !== expected) r.warning('DECLARER_MISMATCH', `Declarer ${t.Declarer!.value} but the auction makes ${an.declarer} declarer (kept as given)`, at('Declarer'));
              }
            }
          }
        }
      }
    }

    // play
    const p = game.play;
    if (p) {
      const trump: Strain | undefined = contract && contract !== 'Pass' ? contract.strain : undefined;
      if (declarer && !(declTag && declTag.irregular) && p.first !== nextSeat(declarer)) {
        r.error('PLAY_LEADER', `Play starts with ${p.first} but the opening leader is ${nextSeat(declarer)}`, this.playPos);
      }
      const an = analyzePlay(deal && deal.ok ? deal.value : undefined, trump, p.first, p.cards, declarer);
      for (const issue of an.issues) r.error(issue.code, issue.message, this.cardPos[issue.index] ?? this.playPos);
      if (result && declarer && an.issues.length === 0) {
        const tricks = declarerTricks(result, declarer);
        let size = 13;
        if (deal && deal.ok) for (const s of SEATS) if (deal.value[s]) size = Object.values(deal.value[s]!).join('').length;
        if (tricks !== undefined) {
          const complete = an.knownTricks === size;
          if (!result.irregular) {
            if (complete ? tricks !== an.declarerTricks : tricks < an.declarerTricks || tricks > size - an.defenceTricks) {
              r.error('RESULT_MISMATCH', `Result ${tricks} but the play gives declarer ${an.declarerTricks} of ${an.knownTricks} tricks${complete ? '' : ' played'}`, at('Result'));
            }
          } else if (complete && tricks === an.declarerTricks) {
            r.error('RESULT_IRREGULAR', `Result marked ^ but declarer did take ${tricks} tricks`, at('Result'));
          }
        }
      }
    }

    // time tables: one row per call / card
    for (const [name, count] of [['AuctionTimeTable', game.auction?.calls.length], ['PlayTimeTable', game.play?.cards.length]] as const) {
      const table = game.sections.find((s) => s.name === name);
      if (!table) continue;
      if (count === undefined) r.error('TABLE_PLACEMENT', `${name} needs a${name === 'AuctionTimeTable' ? 'n Auction' : ' Play'} section`, this.sectionPos.get(table));
      else if ((table.rows?.length ?? 0) > count) r.error('TABLE_ROW', `${name} has ${table.rows!.length} rows for ${count} ${name === 'AuctionTimeTable' ? 'calls' : 'cards'}`, this.sectionPos.get(table));
    }

    // notes
    for (const ref of this.noteRefs) {
      const sec = ref.section === 'auction' ? game.auction : game.play;
      if (!sec?.notes.some((n) => n.index === ref.index)) r.error('NOTE_MISSING', `no note ${ref.index} for =${ref.index}=`, ref.pos);
    }
    for (const [secName, sec] of [['auction', game.auction], ['play', game.play]] as const) {
      for (const note of sec?.notes ?? []) {
        if (!this.noteRefs.some((ref) => ref.section === secName && ref.index === note.index)) r.warning('NOTE_UNUSED', `note ${note.index} is not referenced in the ${secName}`, this.notePos.get(note));
      }
    }
  }
}

const CALLS = new Map<string, string>();
const CARD_TOKENS = new Map<string, string>();
{
  const add = (canonical: string) => {
    CALLS.set(canonical, canonical);
    CALLS.set(canonical.toLowerCase(), canonical);
    CALLS.set(canonical.toUpperCase(), canonical);
  };
  for (const c of ['Pass', 'AP', 'X', 'XX', '-', '^S']) add(c);
  for (let level = 1; level <= 7; level++) for (const strain of ['C', 'D', 'H', 'S', 'NT']) add(`${level}${strain}`);
  for (const suit of 'SHDC') for (const rank of 'AKQJT98765432') {
    const card = suit + rank;
    for (const t of [card, card.toLowerCase(), suit.toLowerCase() + rank, suit + rank.toLowerCase()]) CARD_TOKENS.set(t, card);
  }
  CARD_TOKENS.set('-', '-');
  CARD_TOKENS.set('+', '+');
}

/** Canonical form of a call token (case-insensitive, 3.11), or null. */
function canonicalCall(p: string): string | null {
  return CALLS.get(p) ?? CALLS.get(p.toUpperCase()) ?? null;
}

function canonicalCard(p: string): string | null {
  return CARD_TOKENS.get(p) ?? null;
}

/** Reads a whole PBN file (text, or bytes decoded as UTF-8 or Latin-1 by the rule of `PbnDecoder`). */
export function parsePbn(input: string | Uint8Array, options: ParsePbnOptions = {}): PbnParseResult {
  const decoded = decodePbn(input);
  const reader = new PbnReader(options);
  const games = reader.read(decoded.text);
  if (decoded.warning) reader.addWarnings([decoded.warning]);
  reader.finishInput(games[games.length - 1]);
  // a file that says `% EXPORT` is held to the export format (reported as warnings: the data stays usable)
  if (options.checkExport ?? reader.exportFormat) append(reader.warnings, checkPbnExport(decoded.text, { maxErrors: options.maxErrors }));
  const out: PbnParseResult = { games, errors: reader.errors, warnings: reader.warnings, encoding: decoded.encoding };
  if (reader.version) out.version = reader.version;
  if (reader.exportFormat) out.exportFormat = true;
  if (reader.fileEscapes.length) out.escapes = reader.fileEscapes;
  return out;
}
