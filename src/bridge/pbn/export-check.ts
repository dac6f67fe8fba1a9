/**
 * Checks that a text follows the PBN 2.1 *export* format (2.3, 3.1, 3.3, 3.4, 3.5.2, 3.6.2, 3.11):
 * CRLF line ends, no tabs, lines of at most 255 characters with the line end, one tag pair per line
 * written `[Name "value"]`, the MTS first and in order, the other identification tags sorted,
 * one empty line between games, canonical upper-case values, no suffixes. Used by `parsePbn` when
 * the file says `% EXPORT`, or directly.
 */
import { notationError, type NotationError } from '../../errors.js';
import { decodePbn } from './decode.js';
import { excerpt } from './util.js';
import { isTableName } from './table.js';
import { MTS_TAGS, isMtsTag } from './tags.js';
import { canonicalTagValue } from './write.js';
import { parseResult } from './values.js';

const TAG_LINE = /^\[([A-Za-z0-9_]+) "((?:[^"\\]|\\.)*)"\]$/;

/** Lists every way a PBN text breaks the 2.1 export format (empty when it conforms). */
export function checkPbnExport(
  input: string | Uint8Array,
  options: { startLine?: number; maxErrors?: number } = {},
): NotationError[] {
  const text = decodePbn(input).text;
  const checker = new PbnExportChecker(options.maxErrors);
  return checker.check(text, options.startLine ?? 1, true);
}

/**
 * The export-format rules over a text that comes in parts cut between games (a stream): what one
 * game or line tells is reported with its part; the line-end rule ("every line ends with CRLF",
 * reported once for the input with the count) is reported by `end()`. The parts together give
 * what `checkPbnExport` gives for the whole text.
 */
export class PbnExportChecker {
  private readonly max: number;
  private count = 0;
  private lastLine = 0;
  private inBrace = false;
  private blankRun = 0;
  private game = { tags: [] as string[], values: {} as Record<string, string>, section: '' };
  private readonly sticky = new Set<string>();
  /** Lines seen in earlier parts, and the first line end that is not CRLF with the count of them. */
  private lines = 0;
  private badEol: { line: number; column: number; count: number } | null = null;
  private lastEnded = true;
  private lastLength = 0;

  constructor(maxErrors?: number) {
    this.max = Math.max(0, maxErrors ?? 100);
  }

  /**
   * Checks the next part (starting at line `startLine`, 1-based, cut after a line end between
   * games); `whole` when it is the whole input (the line-end rule is then reported first, as it
   * is found).
   */
  check(text: string, startLine: number, whole = false): NotationError[] {
    const errors: NotationError[] = [];
    const shift = startLine - 1;
    const e = (code: string, message: string, line: number, column = 1) => {
      this.lastLine = line + shift;
      if (++this.count <= this.max) errors.push(notationError(code, excerpt(message), line + shift, column));
    };
    // line ends: every line ends with CRLF (reported once, at the first line that does not)
    const lines = text.split(/\r\n|\r|\n/);
    const ended = !lines.length || lines[lines.length - 1] === '';
    if (ended) lines.pop();
    if (text.length) {
      this.lastEnded = ended;
      this.lastLength = ended ? 0 : lines[lines.length - 1]!.length;
    }
    // (the parts are cut after a whole line end, so a CRLF is never cut in two)
    const badAt = /\r(?!\n)|(?<!\r)\n/g;
    const first = badAt.exec(text);
    if (first) {
      if (!this.badEol) {
        const before = text.slice(0, first.index);
        this.badEol = {
          line: before.split(/\r\n|\r|\n/).length + shift,
          column: first.index - Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r')),
          count: 0,
        };
      }
      this.badEol.count += text.match(badAt)!.length;
    }
    if (whole) {
      if (!ended && text.length)
        e('ERR_PBN_EXPORT_EOL', 'the last line has no CRLF', lines.length, lines[lines.length - 1]!.length + 1);
      this.reportEol(e, shift);
    }
    lines.forEach((line, idx) => this.line(line, idx + 1, e, errors));
    this.lines = shift + lines.length;
    if (whole) this.finish(lines.length, e, errors);
    return errors;
  }

  /** The input ended: the line-end rule for the whole input, and the last game if no empty line ended it. */
  end(): NotationError[] {
    const errors: NotationError[] = [];
    const e = (code: string, message: string, line: number, column = 1) => {
      this.lastLine = line;
      if (++this.count <= this.max) errors.push(notationError(code, excerpt(message), line, column));
    };
    if (!this.lastEnded && this.lines)
      e('ERR_PBN_EXPORT_EOL', 'the last line has no CRLF', this.lines, this.lastLength + 1);
    this.reportEol(e, 0);
    this.finish(this.lines, e, errors);
    return errors;
  }

  private reportEol(e: (code: string, message: string, line: number, column?: number) => void, shift: number): void {
    const bad = this.badEol;
    if (!bad) return;
    e(
      'ERR_PBN_EXPORT_EOL',
      `line end is not CRLF (${bad.count} line${bad.count > 1 ? 's' : ''} in all)`,
      bad.line - shift,
      bad.column,
    );
    this.badEol = null;
  }

  /** The end of the input: the last game if no empty line ended it (at `line`, as `e` takes lines). */
  private finish(
    line: number,
    e: (code: string, message: string, line: number, column?: number) => void,
    errors: NotationError[],
  ): void {
    if (this.blankRun === 0) this.endGame(line, e, errors);
    this.blankRun = 1;
    this.closeCount(errors);
  }

  private closeCount(errors: NotationError[]): void {
    const max = this.max;
    if (this.count > max)
      errors.push(
        notationError(
          'ERR_TOO_MANY_ERRORS',
          `${this.count - max} more export-format warning(s) not reported (${this.count} in all; maxErrors ${max})`,
          this.lastLine,
          1,
        ),
      );
    this.count = 0;
  }

  private endGame(
    line: number,
    e: (code: string, message: string, line: number, column?: number) => void,
    errors: NotationError[],
  ): void {
    const { game, sticky } = this;
    const tags = game.tags;
    const ident = tags.filter((t) => t !== 'Auction' && t !== 'Play' && t !== 'Note' && !isTableName(t));
    if (ident.length) {
      const mts = ident.filter(isMtsTag);
      for (const name of MTS_TAGS)
        if (!mts.includes(name) && !sticky.has(name)) e('ERR_PBN_EXPORT_MTS', `mandatory tag ${name} is missing`, line);
      const expected = MTS_TAGS.filter((n) => mts.includes(n));
      if (mts.join() !== expected.join() || ident.slice(0, mts.length).join() !== mts.join())
        e('ERR_PBN_EXPORT_ORDER', 'the mandatory tags must come first, in the order of 3.4', line);
      const others = ident.slice(mts.length);
      const sorted = [...others].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      if (others.join() !== sorted.join()) e('ERR_PBN_EXPORT_ORDER', 'supplemental tags must be sorted by name', line);
    }
    const context = { Dealer: { value: game.values.Dealer ?? '' } };
    for (const [name, value] of Object.entries(game.values)) {
      if (value.startsWith('##')) sticky.add(name);
      const canonical = canonicalTagValue(name, value, context);
      if (canonical !== value)
        e('ERR_PBN_EXPORT_VALUE', `${name} "${value}" is not in export form ("${canonical}")`, line);
      if (name === 'Result' && /^\^?[NESW]$/.test(game.values.Declarer ?? '')) {
        const r = parseResult(value);
        if (r && r.tricks === undefined) e('ERR_PBN_EXPORT_VALUE', "Result must give declarer's tricks", line);
      }
    }
    this.game = { tags: [], values: {}, section: '' };
    this.closeCount(errors);
  }

  private line(
    line: string,
    n: number,
    e: (code: string, message: string, line: number, column?: number) => void,
    errors: NotationError[],
  ): void {
    if (line.length + 2 > 255)
      e('ERR_PBN_EXPORT_LINE_TOO_LONG', `line has ${line.length + 2} characters with CRLF (at most 255)`, n);
    const tab = line.search(/[\t\v]/);
    if (tab >= 0) e('ERR_PBN_EXPORT_TAB', 'tabs are not allowed in export format', n, tab + 1);
    if (this.inBrace) {
      if (line.includes('}')) this.inBrace = false;
      return;
    }
    if (line === '') {
      this.blankRun++;
      if (this.blankRun === 2) e('ERR_PBN_EXPORT_BLANK', 'games are separated by exactly one empty line', n);
      if (this.blankRun === 1) this.endGame(n - 1, e, errors);
      return;
    }
    if (/^[ \t]+$/.test(line)) e('ERR_PBN_EXPORT_BLANK', 'the line between games must be empty', n);
    this.blankRun = 0;
    if (line.startsWith('%')) return;
    const game = this.game;
    if (line.startsWith('[')) {
      const m = TAG_LINE.exec(line);
      const pairs = m ? [m] : [...line.matchAll(/\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]/g)];
      if (!m) e('ERR_PBN_EXPORT_TAG', 'a tag pair must be alone on its line as [Name "value"]', n);
      for (const pair of pairs) {
        game.tags.push(pair[1]!);
        if (pair[1] !== 'Note') game.values[pair[1]!] = pair[2]!.replace(/\\(["\\])/g, '$1');
        game.section = pair[1] === 'Note' ? game.section : pair[1]!;
      }
      return;
    }
    // data lines: comments and section data
    const open = line.lastIndexOf('{');
    if (open >= 0 && line.indexOf('}', open) < 0 && !line.slice(0, open).includes(';')) this.inBrace = true;
    if (
      (game.section === 'Auction' || game.section === 'Play') &&
      /(^|\s)[^{;\s]*[!?]/.test(line.replace(/\{[^}]*\}?|;.*$/g, ''))
    ) {
      e('ERR_PBN_EXPORT_SUFFIX', 'suffixes are written as NAGs in export format', n);
    }
    if (
      (game.section === 'Auction' || game.section === 'Play') &&
      /[a-z]/.test(line.replace(/\{[^}]*\}?|;.*$/g, '').replace(/\bPass\b/g, ''))
    ) {
      e('ERR_PBN_EXPORT_CASE', 'calls and cards are upper case in export format', n);
    }
  }
}
