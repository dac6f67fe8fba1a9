/** PBN 2.1 writer: the strict export format (CRLF, MTS order, NAGs, columns) or a relaxed import form. */
import type { NotationError } from '../../errors.js';
import { tagNameText, tagPairWarnings, tagValueText } from '../../text/tag-value.js';
import { append } from './util.js';
import { makeDeal, parseDeal } from '../deal.js';
import type { PbnAnnotated, PbnComment, PbnGame, PbnNote, PbnSection } from './model.js';
import { makeColumns, makeRow } from './table.js';
import { MTS_TAGS, NO_INHERIT_TAGS, isMtsTag } from './tags.js';
import { makeContract, contractOf, parseDeclarer, parseSeat, parseVulnerable } from './values.js';

/** Options of `makePbn` (export or import layout, header lines). */
export interface MakePbnOptions {
  /** 'export' (default): CRLF, `% PBN 2.1` + `% EXPORT`; 'import': the same layout with LF and no `% EXPORT`. */
  form?: 'export' | 'import';
  /** Write the `% PBN 2.1` / `% EXPORT` lines (default true). */
  header?: boolean;
  /**
   * Called for what the tag rule changed on the way: a line end or other control in a tag value
   * written as a space (`ERR_TEXT_TAG_CONTROL`), a tag name that is not a symbol (`ERR_TEXT_TAG_NAME`).
   */
  onWarning?: (warning: NotationError) => void;
}

/** Printing characters per line: 255 with the CRLF line end. */
const MAX_LINE = 253;

/** Canonical export value of a known tag (upper case, Deal from the dealer, Vulnerable None/NS/EW/All). */
export function canonicalTagValue(name: string, value: string, tags: Record<string, { value: string }>): string {
  if (value === '?' || value === '') return value;
  switch (name) {
    case 'Dealer':
      return parseSeat(value) ?? value;
    case 'Vulnerable':
      return parseVulnerable(value) ?? value;
    case 'Deal': {
      const d = parseDeal(value);
      if (!d.ok) return value;
      const dealer = tags.Dealer ? parseSeat(tags.Dealer.value) : null;
      return makeDeal(d.value, dealer ?? parseSeat(value.trim()[0]!) ?? 'N');
    }
    case 'Contract': {
      const c = contractOf(value);
      return c ? makeContract(c) : value;
    }
    case 'Declarer': {
      const d = parseDeclarer(value);
      return d === null ? value : d === '' ? '' : `${d.irregular ? '^' : ''}${d.seat}`;
    }
    default:
      return value;
  }
}

/**
 * A tag value as written. `#` and a value beginning with `##` are copy markers on import (4.8): such a
 * value is written behind `##` (`###` reads back as `#`), the only form that reads back as the value.
 * `##` also makes the value the default of the games that follow; a model read from PBN has the tag in
 * every later game then, since the reader fills it in. A value beginning with a single `#` and more
 * (`#5`) is not a marker and is written as it is. Tags that may not use `#` at all (Dealer, Deal, …)
 * are written as they are: the reader rejects them.
 */
export function escapeCopyMarker(name: string, value: string): string {
  if ((value === '#' || value.startsWith('##')) && !NO_INHERIT_TAGS.includes(name)) return `##${value}`;
  return value;
}

/** Collects what the tag rule changed, when the caller asked for warnings. */
type Warnings = NotationError[] | undefined;

function tagLine(name: string, value: string, warnings: Warnings): string {
  // the shared rule (src/text/tag-value.ts): a tag is one line whatever its value holds
  if (warnings) warnings.push(...tagPairWarnings(name, value));
  name = tagNameText(name);
  value = escapeCopyMarker(name, tagValueText(value));
  // `\` is doubled only where it would otherwise start an escape (before `"` or `\`, or at the end),
  // so column specs such as `Rank\2R` stay as other PBN software writes them.
  const quoted = `"${value
    .replace(/[\t\v]/g, ' ')
    .replace(/\\(?=["\\]|$)/g, '\\\\')
    .replace(/"/g, '\\"')}"]`;
  // The space after the name is export form, but with a value that fills a line (pbnverifier's
  // `[Event"…"]` of 254 characters) it would take the line one past the 254 characters that readers
  // accept before the line end: that one line is written without it, and stays readable.
  const spaced = `[${name} ${quoted}`;
  return spaced.length === MAX_LINE + 2 ? `[${name}${quoted}` : spaced;
}

/**
 * A comment in export form: line ends as `eol`, tabs (not allowed in export format) as spaces.
 * A brace comment's lines are wrapped at spaces so that no line (starting at column `start`, with
 * the braces) is longer than MAX_LINE; a word longer than that cannot be split and stays whole.
 * Wrapping is done in export form only (`eol` CRLF); the import form keeps the text as it is.
 */
function commentText(c: PbnComment, eol: string, start = 0): string {
  const text = c.text.replace(/[\t\v]/g, ' ');
  if (!c.brace) return `;${text}`;
  if (eol !== '\r\n') return `{${text.replace(/\r\n|\r|\n/g, eol)}}`;
  const lines = text.split(/\r\n|\r|\n/);
  const out: string[] = [];
  lines.forEach((line, i) => {
    // first line: after `{` at column start; last line: room for `}`
    let col = i === 0 ? start + 1 : 0;
    const end = i === lines.length - 1 ? 1 : 0;
    if (col + line.length + end <= MAX_LINE) {
      out.push(line);
      return;
    }
    const words = line.split(' ');
    let cur = '';
    let first = true;
    for (let w = 0; w < words.length; w++) {
      const word = words[w]!;
      const tail = w === words.length - 1 ? end : 0;
      // the space that joins two words is replaced by the line break when they do not fit
      if (!first && col + cur.length + 1 + word.length + tail > MAX_LINE && cur !== '') {
        out.push(cur);
        cur = word;
        col = 0;
      } else cur = first ? word : `${cur} ${word}`;
      first = false;
    }
    out.push(cur);
  });
  return `{${out.join(eol)}}`;
}

/** Writes a token stream into lines: `;` comments end a line; lines stay under the limit. */
class LineWriter {
  lines: string[] = [];
  cur = '';
  constructor(private readonly eol: string) {}
  add(token: string): void {
    if (this.cur && this.cur.length + 1 + token.length > MAX_LINE && !token.includes('\n')) this.break();
    this.cur = this.cur ? `${this.cur} ${token}` : token;
  }
  comment(c: PbnComment): void {
    if (!c.brace) {
      this.add(commentText(c, this.eol));
      this.break();
      return;
    }
    // a brace comment starts on the current line when its first (wrapped) line fits there
    let text = commentText(c, this.eol, this.cur ? this.cur.length + 1 : 0);
    const nl = text.indexOf('\n');
    const firstLen = nl < 0 ? text.length : nl - (text[nl - 1] === '\r' ? 1 : 0);
    if (this.cur && this.cur.length + 1 + firstLen > MAX_LINE) {
      this.break();
      text = commentText(c, this.eol, 0);
    }
    // the line now ends with the comment's last line
    const parts = (this.cur ? `${this.cur} ${text}` : text).split(this.eol);
    this.cur = parts.pop()!;
    append(this.lines, parts);
  }
  break(): void {
    if (this.cur) this.lines.push(this.cur);
    this.cur = '';
  }
}

/**
 * A call's/card's annotations in export order (note reference, then NAGs ascending), each followed
 * by the comments anchored to it (`PbnComment.after`); a comment without an anchor, or whose anchor
 * is not on the call/card, follows the last element written.
 */
function annotations(w: LineWriter, a: PbnAnnotated): void {
  const nags = [...(a.nags ?? [])].sort((x, y) => x - y);
  const comments = a.comments ?? [];
  const last: 'call' | 'note' | number = nags.length ? nags[nags.length - 1]! : a.note !== undefined ? 'note' : 'call';
  const anchorOf = (c: PbnComment): 'call' | 'note' | number => {
    if (c.after === 'call') return 'call';
    if (c.after === 'note' && a.note !== undefined) return 'note';
    if (c.after === 'nag' && c.nag !== undefined && nags.includes(c.nag)) return c.nag;
    return last;
  };
  const at = (k: 'call' | 'note' | number): void => {
    for (const c of comments) if (anchorOf(c) === k) w.comment(c);
  };
  at('call');
  if (a.note !== undefined) {
    w.add(`=${a.note}=`);
    at('note');
  }
  for (const n of nags) {
    w.add(`$${n}`);
    at(n);
  }
}

function tagWithComments(
  out: string[],
  name: string,
  value: string,
  comments: PbnComment[] | undefined,
  eol: string,
  warnings: Warnings,
): void {
  out.push(tagLine(name, value, warnings));
  for (const c of comments ?? []) out.push(commentText(c, eol));
}

function notes(out: string[], list: PbnNote[], eol: string, warnings: Warnings): void {
  for (const n of [...list].sort((a, b) => a.index - b.index))
    tagWithComments(out, 'Note', `${n.index}:${n.text}`, n.comments, eol, warnings);
}

function section(out: string[], s: PbnSection, eol: string, warnings: Warnings): void {
  const value = s.columns ? makeColumns(s.columns) : s.value;
  tagWithComments(out, s.name, value, s.comments, eol, warnings);
  if (s.columns && s.rows) {
    for (const row of s.rows) out.push(makeRow(row, s.columns));
  } else if (s.elements?.length) {
    let line = '';
    for (const e of s.elements) {
      if (line && line.length + 1 + e.length > 79) {
        out.push(line);
        line = '';
      }
      line = line ? `${line} ${e}` : e;
    }
    if (line) out.push(line);
  }
}

/** One game as lines (no line ends). */
export function makeGameLines(game: PbnGame, eol = '\r\n'): string[] {
  return gameLines(game, eol, undefined);
}

function gameLines(game: PbnGame, eol: string, warnings: Warnings): string[] {
  const out: string[] = [];
  // an escape is one line too: a line end in it would start a line of PBN data
  for (const e of game.escapes ?? []) out.push(`%${tagValueText(e).replace(/[\t\v]/g, ' ')}`);
  for (const c of game.comments ?? []) out.push(commentText(c, eol));
  const tags = game.tags;
  const contract = tags.Contract ? contractOf(tags.Contract.value) : null;
  for (const name of MTS_TAGS) {
    const tag = tags[name];
    let value = tag ? canonicalTagValue(name, tag.value, tags) : '?';
    if (!tag && contract === 'Pass' && (name === 'Declarer' || name === 'Result')) value = '';
    tagWithComments(out, name, value, tag?.comments, eol, warnings);
  }
  const others = Object.keys(tags)
    .filter((n) => !isMtsTag(n))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const name of others) tagWithComments(out, name, tags[name]!.value, tags[name]!.comments, eol, warnings);

  const a = game.auction;
  if (a) {
    tagWithComments(out, 'Auction', a.first, a.comments, eol, warnings);
    const w = new LineWriter(eol);
    a.calls.forEach((call, i) => {
      if (i > 0 && i % 4 === 0) w.break();
      w.add(`${call.insufficient ? '^I ' : ''}${call.call}`);
      annotations(w, call);
    });
    if (a.end) {
      if (a.calls.length > 0 && a.calls.length % 4 === 0) w.break();
      w.add(a.end);
    }
    w.break();
    append(out, w.lines);
    notes(out, a.notes, eol, warnings);
  }
  const p = game.play;
  if (p) {
    tagWithComments(out, 'Play', p.first, p.comments, eol, warnings);
    const w = new LineWriter(eol);
    p.cards.forEach((card, i) => {
      if (i > 0 && i % 4 === 0) w.break();
      w.add(`${card.irregular ? `^${card.irregular} ` : ''}${card.card}`);
      annotations(w, card);
    });
    if (p.end) {
      if (p.cards.length > 0 && p.cards.length % 4 === 0) w.break();
      w.add(p.end);
    }
    w.break();
    append(out, w.lines);
    notes(out, p.notes, eol, warnings);
  }
  const sections = [...game.sections].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  for (const s of sections) section(out, s, eol, warnings);
  // comments after the last game's data: after a semi-empty line, as they were read
  if (game.endComments?.length) {
    out.push('');
    for (const c of game.endComments) out.push(commentText(c, eol));
  }
  return out;
}

/** Writes games in PBN (export format by default): one empty line between games. */
export function makePbn(games: PbnGame | PbnGame[], options: MakePbnOptions = {}): string {
  const warnings: Warnings = options.onWarning ? [] : undefined;
  const text = writePbn(games, options, warnings);
  for (const warning of warnings ?? []) options.onWarning!(warning);
  return text;
}

function writePbn(games: PbnGame | PbnGame[], options: MakePbnOptions, warnings: Warnings): string {
  const list = Array.isArray(games) ? games : [games];
  const exportForm = (options.form ?? 'export') === 'export';
  const eol = exportForm ? '\r\n' : '\n';
  const parts: string[] = [];
  const header: string[] = [];
  if (options.header !== false) {
    header.push('% PBN 2.1');
    if (exportForm) header.push('% EXPORT');
  }
  list.forEach((g, i) => {
    const lines = gameLines(g, eol, warnings);
    if (i === 0) lines.unshift(...header);
    parts.push(lines.join(eol) + eol);
  });
  if (!list.length && header.length) return header.join(eol) + eol;
  return parts.join(eol);
}
