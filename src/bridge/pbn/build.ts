/**
 * The PBN model builder: one game's tokens → a `PbnGame` (tags with inheritance, auction and play
 * sections with their annotations, notes, tables), reporting syntax errors at their places. Its last
 * steps run the validator (`validate.ts`) on the game it built.
 */
import { escapeString, suffixNag, type RecordToken as Token } from '../../text/index.js';
import type {
  PbnAnnotated,
  PbnAuction,
  PbnColumn,
  PbnCall,
  PbnCard,
  PbnComment,
  PbnGame,
  PbnNote,
  PbnPlay,
  PbnSection,
  PbnTag,
} from './model.js';
import type { PbnReader } from './parse.js';
import { MAX_COLUMN_WIDTH, isTableName, isSectionToken, makeColumns, parseColumns } from './table.js';
import { NO_INHERIT_TAGS, isKnownTag } from './tags.js';
import { canonicalCall, canonicalCard } from './tokens.js';
import { contractOf, parseSeat } from './values.js';
import {
  checkGame,
  checkTableOrder,
  checkTableValues,
  normalizeTagValues,
  reportPlayMissing,
  type Pos,
} from './validate.js';
import type { parseDeal } from '../deal.js';

/**
 * A call's/card's comments in export order: by the element they follow (call, note reference, NAGs
 * ascending), in input order for one element. A comment anchored to the element written last in
 * export form (the highest NAG, else the note reference, else the call/card) needs no anchor: it is
 * where an anchorless comment is written.
 */
function orderComments(e: PbnAnnotated): void {
  const nags = e.nags ?? [];
  const last = nags.length ? nags[nags.length - 1]! : e.note !== undefined ? 'note' : 'call';
  const rank = (c: PbnComment): number =>
    c.after === 'call' ? 0 : c.after === 'note' ? 1 : c.after === 'nag' ? 2 + nags.indexOf(c.nag!) : 2 + nags.length;
  e.comments!.sort((x, y) => rank(x) - rank(y));
  for (const c of e.comments!) {
    const at = c.after === 'nag' ? c.nag : c.after;
    if (at === last) {
      delete c.after;
      delete c.nag;
    }
  }
}

type Mode = 'ident' | 'auction' | 'play' | 'section' | 'skip' | 'notes';

/** Builds one game from its tokens (see the file comment). */
export class GameBuilder {
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

  constructor(
    private readonly r: PbnReader,
    firstToken: Token,
  ) {
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
        if (this.mode === 'section' && this.sectionHasData)
          this.r.error('ERR_PBN_SECTION_COMMENT', 'no comment is allowed after a section element', this.pos(t));
        this.comment({ text: t.text.replace(/\r\n?/g, '\n'), brace: !!t.brace });
        return;
      }
      case 'error':
        this.r.error(t.code!, t.message ?? 'syntax error', this.pos(t));
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
    if (!/^[A-Z]/.test(name))
      this.r.error('ERR_PBN_TAG_NAME', `tag name ${name} must begin with an upper-case letter`, pos);
    if (name === 'Note') {
      this.note(rawValue, pos);
      return;
    }
    this.noteTarget = null;
    if (this.seen.has(name)) {
      this.r.warning('ERR_PBN_TAG_REPEATED', `tag ${name} occurs again; the repeat is ignored`, pos);
      this.mode = 'skip';
      return;
    }
    this.seen.add(name);
    let value = rawValue;
    if (rawValue.startsWith('#')) {
      if (NO_INHERIT_TAGS.includes(name)) {
        this.r.error(
          'ERR_PBN_INHERIT_FORBIDDEN',
          `tag ${name} may not use "${rawValue.startsWith('##') ? '##' : '#'}"`,
          pos,
        );
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
        this.r.error('ERR_PBN_AUCTION_TAG', `Auction tag value "${value}" is not a seat`, pos);
        this.mode = 'skip';
        return;
      }
      if (!this.tags.Dealer)
        this.r.error('ERR_PBN_AUCTION_NO_DEALER', 'the Dealer tag must come before the auction section', pos);
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
        this.r.error('ERR_PBN_PLAY_TAG', `Play tag value "${value}" is not a seat`, pos);
        this.mode = 'skip';
        return;
      }
      if (!this.tags.Deal) this.r.error('ERR_PBN_PLAY_NO_DEAL', 'the Deal tag must come before the play section', pos);
      const contract = this.tags.Contract ? contractOf(this.tags.Contract.value) : null;
      // decided in finish(): a warning when a complete auction gives them (BBO writes no Contract/Declarer then)
      if (!this.tags.Contract)
        this.playMissing.push(['ERR_PBN_PLAY_NO_CONTRACT', 'the Contract tag must come before the play section', pos]);
      const endPosition = contract && contract !== 'Pass' && contract.level === 0;
      if (!this.tags.Declarer && !endPosition)
        this.playMissing.push(['ERR_PBN_PLAY_NO_DECLARER', 'the Declarer tag must come before the play section', pos]);
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
      if (typeof cols === 'string') this.r.error('ERR_PBN_TABLE_COLUMNS', `${name}: ${cols}`, pos);
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
        this.r.error(
          'ERR_PBN_TABLE_WIDTH',
          `${section.name}: column ${c.name} is ${c.width > 1e9 ? 'over a billion' : c.width} characters wide (at most ${MAX_COLUMN_WIDTH}; capped)`,
          pos,
        );
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
      this.r.error('ERR_PBN_INHERIT_FORBIDDEN', 'a Note tag may not use "#"', pos);
      this.mode = 'skip';
      return;
    }
    const target = this.noteTarget === 'auction' ? this.auction : this.noteTarget === 'play' ? this.play : undefined;
    if (!target) {
      this.r.error('ERR_PBN_NOTE_PLACEMENT', 'a Note tag must follow the auction or the play section', pos);
      this.mode = 'skip';
      return;
    }
    this.mode = 'notes';
    const m = /^(\d+):(.*)$/s.exec(rawValue);
    if (!m) {
      this.r.error('ERR_PBN_NOTE_SYNTAX', `note "${rawValue}" must be "n:text"`, pos);
      this.anchorOwner = null;
      return;
    }
    const index = Number(m[1]);
    if (index < 1 || index > 32) {
      this.r.error('ERR_PBN_NOTE_INDEX', `note index ${m[1]} is not between 1 and 32`, pos);
      return;
    }
    if (target.notes.some((n) => n.index === index)) {
      this.r.error('ERR_PBN_NOTE_DUPLICATE', `note ${index} is given twice`, pos);
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
          this.r.error(
            this.mode === 'auction' ? 'ERR_PBN_AUCTION_SYNTAX' : 'ERR_PBN_PLAY_SYNTAX',
            'a string is not allowed here',
            pos,
          );
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
        if (stray) this.r.warning('ERR_PBN_UNEXPECTED_TEXT', `stray "${shown}" (kept as commentary)`, pos);
        else if (!this.identErrorReported) {
          this.identErrorReported = true;
          this.r.error(
            'ERR_PBN_UNEXPECTED_TEXT',
            `"${shown}" is not allowed outside an auction, play or supplemental section (kept as commentary)`,
            pos,
          );
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
        this.r.error('ERR_PBN_SECTION_TOKEN', `"${el}" is not a section token`, pos);
        return;
      }
    }
    if (s.columns) (s.elements ??= []).push(el);
    else if (isTableName(s.name))
      return; // bad column spec reported already
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
      this.piece(
        i === 0 && j === text.length ? text : text.slice(i, j),
        i === 0 ? pos : { line: pos.line, column: pos.column + i },
      );
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
      this.r.error(
        this.mode === 'play' ? 'ERR_PBN_PLAY_IRREGULAR' : 'ERR_PBN_AUCTION_IRREGULAR',
        `${this.irregular.kind} is not followed by a ${this.mode === 'play' ? 'card' : 'bid'}`,
        this.irregular.pos,
      );
      this.irregular = null;
    }
  }

  private piece(p: string, pos: Pos): void {
    const inAuction = this.mode === 'auction';
    const c = p[0]!;
    if (c === '=') {
      const m = /^=(\d+)=$/.exec(p);
      if (!this.current)
        return this.r.error(
          inAuction ? 'ERR_PBN_AUCTION_SYNTAX' : 'ERR_PBN_PLAY_SYNTAX',
          `note reference ${p} without a ${inAuction ? 'call' : 'card'}`,
          pos,
        );
      if (m && Number(m[1]) === 0) {
        // BBO-style `=0=` (no note): kept as commentary on the call/card
        this.r.warning('ERR_PBN_NOTE_REF', `note reference ${p} refers to no note (kept as commentary)`, pos);
        this.comment({ text: p, brace: true });
        return;
      }
      if (!m || Number(m[1]) < 1 || Number(m[1]) > 32)
        return this.r.error('ERR_PBN_NOTE_REF', `bad note reference ${p} (=1= to =32=)`, pos);
      if (this.curNote) return this.r.error('ERR_PBN_NOTE_REF_DUPLICATE', `second note reference ${p}`, pos);
      this.curNote = true;
      this.current.note = Number(m[1]);
      this.curAnchor = 'note';
      this.noteRefs.push({ section: inAuction ? 'auction' : 'play', index: Number(m[1]), pos });
      return;
    }
    if (c === '$' || c === '!' || c === '?') {
      if (!this.current)
        return this.r.error(
          inAuction ? 'ERR_PBN_AUCTION_SYNTAX' : 'ERR_PBN_PLAY_SYNTAX',
          `annotation ${p} without a ${inAuction ? 'call' : 'card'}`,
          pos,
        );
      let nag: number;
      if (c === '$') {
        if (!/^\$\d+$/.test(p)) return this.r.error('ERR_PBN_NAG', `bad NAG ${p}`, pos);
        nag = Number(p.slice(1));
        if (nag > 255) return this.r.error('ERR_PBN_NAG', `NAG ${p} is above 255`, pos);
        const callOnly = (nag >= 1 && nag <= 6) || nag === 13;
        const cardOnly = (nag >= 7 && nag <= 12) || nag === 14;
        if ((inAuction && cardOnly) || (!inAuction && callOnly))
          return this.r.error('ERR_PBN_NAG_SECTION', `NAG ${p} is for ${inAuction ? 'cards' : 'calls'} only`, pos);
      } else {
        const base = suffixNag(p);
        if (base < 0) return this.r.error('ERR_PBN_SUFFIX', `bad suffix ${p}`, pos);
        if (this.curSuffix) return this.r.error('ERR_PBN_SUFFIX_DUPLICATE', `second suffix ${p}`, pos);
        this.curSuffix++;
        nag = inAuction ? base : base + 6;
      }
      const suffixLike = inAuction ? nag >= 1 && nag <= 6 : nag >= 7 && nag <= 12;
      if (suffixLike) {
        if (this.curSuffixNag)
          return this.r.error('ERR_PBN_NAG_DUPLICATE', `a second suffix-like annotation ${p}`, pos);
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
      if (!allowed.includes(kind.toUpperCase()))
        return this.r.error(
          inAuction ? 'ERR_PBN_AUCTION_IRREGULAR' : 'ERR_PBN_PLAY_IRREGULAR',
          `bad irregularity ${p}`,
          pos,
        );
      if (kind.toUpperCase() === '^S') {
        this.entry('^S', pos);
        return;
      }
      if (this.irregular) {
        this.r.error(
          inAuction ? 'ERR_PBN_AUCTION_IRREGULAR' : 'ERR_PBN_PLAY_IRREGULAR',
          `${p} after ${this.irregular.kind}`,
          pos,
        );
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
    const irregular = this.irregular;
    this.irregular = null;
    this.closeCurrent();
    if (this.ended === '*') {
      this.r.error(inAuction ? 'ERR_PBN_AUCTION_AFTER_END' : 'ERR_PBN_PLAY_AFTER_END', `"${p}" after *`, pos);
      this.mode = 'skip';
      return;
    }
    if (p === '*') {
      if (this.ended === '+' && inAuction) {
        this.r.error('ERR_PBN_AUCTION_AFTER_PLUS', '* is forbidden after +', pos);
      }
      this.ended = '*';
      if (inAuction) this.auction!.end = '*';
      else this.play!.end = '*';
      return;
    }
    if (inAuction) {
      if (this.ended === '+') {
        this.r.error('ERR_PBN_AUCTION_AFTER_PLUS', `"${p}" after + (the next call to make)`, pos);
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
        this.r.error('ERR_PBN_AUCTION_CALL_SYNTAX', `"${p}" is not a call`, pos);
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
      this.r.warning('ERR_PBN_PLAY_CARD_SYNTAX', `"${p}" read as "-" (unknown card)`, pos);
      card = '-';
    }
    if (!card) {
      this.r.error('ERR_PBN_PLAY_CARD_SYNTAX', `"${p}" is not a card`, pos);
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
        if (typeof cols === 'string')
          r.error('ERR_PBN_TABLE_COLUMNS', `${s.name}: no column specification to inherit`, this.sectionPos.get(s));
        else this.setColumns(s, cols, this.sectionPos.get(s));
      }
      if (s.columns) {
        const els = s.elements ?? [];
        delete s.elements;
        const n = s.columns.length;
        if (els.length % n !== 0)
          r.error(
            'ERR_PBN_TABLE_ROW',
            `${s.name}: ${els.length} elements do not fill rows of ${n} columns`,
            this.sectionPos.get(s),
          );
        s.rows = [];
        for (let i = 0; i + n <= els.length; i += n) s.rows.push(els.slice(i, i + n));
        if (els.length % n) s.rows.push(els.slice(els.length - (els.length % n)));
        checkTableValues(s, this.sectionPos.get(s), r);
        checkTableOrder(s, this.sectionPos.get(s), r);
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
    this.parsedDeal = normalizeTagValues(game, this, r);
    if (r.validate) checkGame(game, this, r);
    reportPlayMissing(game, this.playMissing, this.badAuction, r);
    // remember resolved values for "#"
    for (const [name, tag] of Object.entries(game.tags)) inh.previous.set(name, tag.value);
    for (const s of game.sections) inh.previous.set(s.name, s.value);
    return game;
  }
}
