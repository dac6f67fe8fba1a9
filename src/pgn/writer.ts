import { notationError, type NotationError } from '../errors.js';
import { escapeString } from '../text/lexer.js';
import { tagNameText, tagPairWarnings, tagValueText } from '../text/tag-value.js';
import type { PgnGame, PgnNode } from './types.js';

/** Options of `makePgn`. */
export interface MakePgnOptions {
  /** Reduced export format (section 3.2.4): the seven tag roster only, main line only, no comments or NAGs. */
  reduced?: boolean;
  /**
   * Called for each thing in the output that export format does not allow and that cannot be
   * changed without changing the data (a line over 255 characters, a tab in a tag value), with its
   * line and column in the output. The text is written whole anyway, so reading it back gives the
   * same game.
   */
  onWarning?: (warning: NotationError) => void;
}

/** The Seven Tag Roster in its export order, with the values used when a tag is missing. */
export const SEVEN_TAG_ROSTER: readonly (readonly [string, string])[] = [
  ['Event', '?'],
  ['Site', '?'],
  ['Date', '????.??.??'],
  ['Round', '?'],
  ['White', '?'],
  ['Black', '?'],
  ['Result', '*'],
];
const STR_NAMES = new Set(SEVEN_TAG_ROSTER.map(([name]) => name));
const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

/** Ply (0 = White's first move) of a game's starting position, from its FEN tag. */
export function startingPly(headers: Record<string, string>): number {
  const fen = headers.FEN;
  if (!fen) return 0;
  const fields = fen.trim().split(/\s+/);
  const black = fields[1] === 'b';
  const full = Number.parseInt(fields[5] ?? '1', 10);
  return 2 * (Number.isFinite(full) && full > 0 ? full - 1 : 0) + (black ? 1 : 0);
}

/** Wraps tokens into lines of fewer than 80 characters, one space between tokens. */
class Wrapper {
  out = '';
  private line = '';
  /** Text glued to the front of the next token (an opening parenthesis). */
  private prefix = '';

  token(text: string): void {
    const t = this.prefix + text;
    this.prefix = '';
    if (this.line.length === 0) this.line = t;
    else if (this.line.length + 1 + t.length < 80) this.line += ` ${t}`;
    else {
      this.out += `${this.line}\n`;
      this.line = t;
    }
  }

  /** Glues text to the next token. */
  glueNext(text: string): void {
    this.prefix += text;
  }

  /** Glues text to the previous token (a closing parenthesis), wrapping if needed. */
  glueLast(text: string): void {
    if (this.line.length + text.length < 80 || this.line.indexOf(' ') < 0) this.line += text;
    else {
      // Move the last token down to keep the line short.
      const cut = this.line.lastIndexOf(' ');
      this.out += `${this.line.slice(0, cut)}\n`;
      this.line = this.line.slice(cut + 1) + text;
    }
  }

  comment(text: string): void {
    if (text.includes('}')) {
      this.lineComment(text);
      return;
    }
    const words = text.split(' ').filter((w) => w.length > 0);
    if (words.length === 0) {
      this.token('{}');
      return;
    }
    words[0] = `{${words[0]}`;
    words[words.length - 1] = `${words[words.length - 1]}}`;
    for (const w of words) this.token(w);
  }

  /**
   * A comment holding `}` (read from a `;` comment) cannot go in braces: it is written as a `;`
   * comment, which runs to the end of its line, so the line ends after it.
   */
  lineComment(text: string): void {
    this.token(`;${text}`);
    this.out += `${this.line}\n`;
    this.line = '';
  }

  finish(): string {
    if (this.line.length) this.out += `${this.line}\n`;
    this.line = '';
    return this.out;
  }
}

/** One tag pair by the shared rule (src/text/tag-value.ts): a line end in a value cannot split the tag. */
function tagLine(name: string, value: string): string {
  return `[${tagNameText(name)} ${escapeString(tagValueText(value))}]\n`;
}

/** The tags of `makePgn`'s output in the order written, with the values written (before the rule). */
function writtenTags(game: PgnGame, reduced: boolean, result: string): [string, string][] {
  const headers = game.headers;
  const out: [string, string][] = [];
  for (const [name, fallback] of SEVEN_TAG_ROSTER)
    out.push([name, (name === 'Result' ? result : headers[name]) ?? fallback]);
  if (!reduced) {
    const others = Object.keys(headers)
      .filter((name) => !STR_NAMES.has(name))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const name of others) out.push([name, headers[name]!]);
  }
  return out;
}

function resultOf(game: PgnGame): string {
  const headers = game.headers;
  return RESULTS.has(game.result) ? game.result : RESULTS.has(headers.Result ?? '') ? headers.Result! : '*';
}

/** A line being written (the iterative walk keeps these on a stack instead of recursing). */
interface Frame {
  line: PgnNode[];
  index: number;
  /** Ply of the line's first move (0 = White's first move of the game). */
  ply: number;
  variation: boolean;
}

/**
 * Writes a game in PGN export format (sections 8 and 16 of the standard): the seven tag roster
 * first in its order, other tags in ASCII order of name, a blank line, the movetext wrapped below
 * 80 columns with `N.`/`N...` move numbers, NAGs as `$n`, comments in braces, variations in
 * parentheses, the result, and a blank line. Writing an exported game again gives the same bytes.
 * A tag is always one line: a line end or other control in a value is written as a space
 * (`onWarning` reports it).
 */
export function makePgn(game: PgnGame, options: MakePgnOptions = {}): string {
  const text = writeGame(game, options);
  if (options.onWarning) for (const warning of exportWarnings(game, options, text)) options.onWarning(warning);
  return text;
}

function writeGame(game: PgnGame, options: MakePgnOptions): string {
  const reduced = options.reduced === true;
  const result = resultOf(game);
  let out = '';
  for (const [name, value] of writtenTags(game, reduced, result)) out += tagLine(name, value);
  out += '\n';
  out += makeMovetext(game, options, result);
  return `${out}\n`;
}

/** Longest line of PGN data the standard allows (section 4.3), line end excluded. */
const PGN_MAX_LINE = 255;

/**
 * What in written export text the standard does not allow and that cannot be changed without
 * changing the data: a line longer than 255 characters (a tag value, or a comment word, too long to
 * wrap: a string cannot span lines and a comment's words are its data) and a tab in a tag value;
 * and what the tag rule changed: a line end or other control in a value written as a space
 * (`ERR_TEXT_TAG_CONTROL`), a tag name that is not a symbol (`ERR_TEXT_TAG_NAME`).
 */
function exportWarnings(game: PgnGame, options: MakePgnOptions, text: string): NotationError[] {
  const warnings: NotationError[] = [];
  // what the tag rule changed (a line end or NUL in a value, a name that is not a symbol), at its line
  writtenTags(game, options.reduced === true, resultOf(game)).forEach(([name, value], i) =>
    warnings.push(...tagPairWarnings(name, value, i + 1)),
  );
  let line = 1;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 9)
      warnings.push(
        notationError(
          'ERR_PGN_TAB',
          'a tab in a tag value (export format has no tabs; kept as it is)',
          line,
          i - from + 1,
        ),
      );
    if (c !== 10) continue;
    if (i - from > PGN_MAX_LINE) {
      warnings.push(
        notationError(
          'ERR_PGN_LINE_TOO_LONG',
          `line of ${i - from} characters (the standard allows ${PGN_MAX_LINE}); written whole, a token cannot be split`,
          line,
          1,
        ),
      );
    }
    line++;
    from = i + 1;
  }
  return warnings;
}

/** The movetext section of a game in export format, ending with the result and a newline. */
export function makeMovetext(game: PgnGame, options: MakePgnOptions = {}, result = game.result): string {
  const reduced = options.reduced === true;
  const w = new Wrapper();
  if (!reduced) {
    for (const n of game.root?.nags ?? []) w.token(`$${n}`);
    for (const c of game.root?.comments ?? []) w.comment(c);
  }
  let force = true;
  const stack: Frame[] = [{ line: game.moves, index: 0, ply: startingPly(game.headers), variation: false }];
  while (stack.length > 0) {
    const f = stack[stack.length - 1]!;
    if (f.index >= f.line.length) {
      if (f.variation) {
        w.glueLast(')');
        force = true;
      }
      stack.pop();
      continue;
    }
    if (f.index === 0 && f.variation) {
      w.glueNext('(');
      force = true;
    }
    const node = f.line[f.index]!;
    const ply = f.ply + f.index;
    f.index++;
    if (!reduced && node.startingComments && node.startingComments.length > 0) {
      for (const c of node.startingComments) w.comment(c);
      force = true;
    }
    if ((ply & 1) === 0) w.token(`${(ply >> 1) + 1}.`);
    else if (force) w.token(`${(ply >> 1) + 1}...`);
    w.token(node.san || '--');
    force = false;
    if (reduced) continue;
    if (node.nags) for (const n of node.nags) w.token(`$${n}`);
    if (node.comments && node.comments.length > 0) {
      for (const c of node.comments) w.comment(c);
      force = true;
    }
    const vars = node.variations;
    if (vars) {
      for (let i = vars.length - 1; i >= 0; i--) {
        if (vars[i]!.length > 0) stack.push({ line: vars[i]!, index: 0, ply, variation: true });
      }
    }
  }
  w.token(result);
  return w.finish();
}
