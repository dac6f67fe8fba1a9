/** PBN 2.1 writer: the strict export format (CRLF, MTS order, NAGs, columns) or a relaxed import form. */
import { makeDeal, parseDeal } from '../deal.js';
import type { PbnAnnotated, PbnComment, PbnGame, PbnNote, PbnSection } from './model.js';
import { makeColumns, makeRow } from './table.js';
import { MTS_TAGS, isMtsTag } from './tags.js';
import { makeContract, parseContract, parseDeclarer, parseSeat, parseVulnerable } from './values.js';

export interface MakePbnOptions {
  /** 'export' (default): CRLF, `% PBN 2.1` + `% EXPORT`; 'import': the same layout with LF and no `% EXPORT`. */
  form?: 'export' | 'import';
  /** Write the `% PBN 2.1` / `% EXPORT` lines (default true). */
  header?: boolean;
}

const MAX_LINE = 254;

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
      const c = parseContract(value);
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

function tagLine(name: string, value: string): string {
  // `\` is doubled only where it would otherwise start an escape (before `"` or `\`, or at the end),
  // so column specs such as `Rank\2R` stay as other PBN software writes them.
  return `[${name} "${value.replace(/[\t\v]/g, ' ').replace(/\\(?=["\\]|$)/g, '\\\\').replace(/"/g, '\\"')}"]`;
}

/** A comment in export form: line ends as `eol`, tabs (not allowed in export format) as spaces. */
function commentText(c: PbnComment, eol: string): string {
  const text = c.text.replace(/[\t\v]/g, ' ');
  return c.brace ? `{${text.replace(/\r\n|\r|\n/g, eol)}}` : `;${text}`;
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
    this.add(commentText(c, this.eol));
    if (!c.brace) this.break();
  }
  break(): void {
    if (this.cur) this.lines.push(this.cur);
    this.cur = '';
  }
}

function annotations(w: LineWriter, a: PbnAnnotated): void {
  if (a.note !== undefined) w.add(`=${a.note}=`);
  for (const n of [...(a.nags ?? [])].sort((x, y) => x - y)) w.add(`$${n}`);
  for (const c of a.comments ?? []) w.comment(c);
}

function tagWithComments(out: string[], name: string, value: string, comments: PbnComment[] | undefined, eol: string): void {
  out.push(tagLine(name, value));
  for (const c of comments ?? []) out.push(commentText(c, eol));
}

function notes(out: string[], list: PbnNote[], eol: string): void {
  for (const n of [...list].sort((a, b) => a.index - b.index)) tagWithComments(out, 'Note', `${n.index}:${n.text}`, n.comments, eol);
}

function section(out: string[], s: PbnSection, eol: string): void {
  const value = s.columns ? makeColumns(s.columns) : s.value;
  tagWithComments(out, s.name, value, s.comments, eol);
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
  const out: string[] = [];
  for (const e of game.escapes ?? []) out.push(`%${e.replace(/[\t\v]/g, ' ')}`);
  for (const c of game.comments ?? []) out.push(commentText(c, eol));
  const tags = game.tags;
  const contract = tags.Contract ? parseContract(tags.Contract.value) : null;
  for (const name of MTS_TAGS) {
    const tag = tags[name];
    let value = tag ? canonicalTagValue(name, tag.value, tags) : '?';
    if (!tag && contract === 'Pass' && (name === 'Declarer' || name === 'Result')) value = '';
    tagWithComments(out, name, value, tag?.comments, eol);
  }
  const others = Object.keys(tags).filter((n) => !isMtsTag(n)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const name of others) tagWithComments(out, name, tags[name]!.value, tags[name]!.comments, eol);

  const a = game.auction;
  if (a) {
    tagWithComments(out, 'Auction', a.first, a.comments, eol);
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
    out.push(...w.lines);
    notes(out, a.notes, eol);
  }
  const p = game.play;
  if (p) {
    tagWithComments(out, 'Play', p.first, p.comments, eol);
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
    out.push(...w.lines);
    notes(out, p.notes, eol);
  }
  const sections = [...game.sections].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  for (const s of sections) section(out, s, eol);
  // comments after the last game's data: after a semi-empty line, as they were read
  if (game.endComments?.length) {
    out.push('');
    for (const c of game.endComments) out.push(commentText(c, eol));
  }
  return out;
}

/** Writes games in PBN (export format by default): one empty line between games. */
export function makePbn(games: PbnGame | PbnGame[], options: MakePbnOptions = {}): string {
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
    const lines = makeGameLines(g, eol);
    if (i === 0) lines.unshift(...header);
    parts.push(lines.join(eol) + eol);
  });
  if (!list.length && header.length) return header.join(eol) + eol;
  return parts.join(eol);
}
