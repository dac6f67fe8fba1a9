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
  const errors: NotationError[] = [];
  const shift = (options.startLine ?? 1) - 1;
  // the first maxErrors of each game are kept, the rest counted (one ERR_TOO_MANY_ERRORS at the game's end)
  const max = Math.max(0, options.maxErrors ?? 100);
  let count = 0;
  let lastLine = 0;
  const e = (code: string, message: string, line: number, column = 1) => {
    lastLine = line + shift;
    if (++count <= max) errors.push(notationError(`ERR_PBN_EXPORT_${code}`, excerpt(message), line + shift, column));
  };
  // line ends: every line ends with CRLF (reported once, at the first line that does not)
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  else if (text.length) e('EOL', 'the last line has no CRLF', lines.length, lines[lines.length - 1]!.length + 1);
  const bad = /\r(?!\n)|(?<!\r)\n/.exec(text);
  if (bad) {
    const before = text.slice(0, bad.index);
    const line = before.split(/\r\n|\r|\n/).length;
    const all = text.match(/\r(?!\n)|(?<!\r)\n/g)!.length;
    e(
      'EOL',
      `line end is not CRLF (${all} line${all > 1 ? 's' : ''} in all)`,
      line,
      bad.index - Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r')),
    );
  }
  let inBrace = false;
  let blankRun = 0;
  let game = { tags: [] as string[], values: {} as Record<string, string>, section: '' };
  const sticky = new Set<string>();
  const closeCount = () => {
    if (count > max)
      errors.push(
        notationError(
          'ERR_TOO_MANY_ERRORS',
          `${count - max} more export-format warning(s) not reported (${count} in all; maxErrors ${max})`,
          lastLine,
          1,
        ),
      );
    count = 0;
  };
  const endGame = (line: number) => {
    const tags = game.tags;
    const ident = tags.filter((t) => t !== 'Auction' && t !== 'Play' && t !== 'Note' && !isTableName(t));
    if (ident.length) {
      const mts = ident.filter(isMtsTag);
      for (const name of MTS_TAGS)
        if (!mts.includes(name) && !sticky.has(name)) e('MTS', `mandatory tag ${name} is missing`, line);
      const expected = MTS_TAGS.filter((n) => mts.includes(n));
      if (mts.join() !== expected.join() || ident.slice(0, mts.length).join() !== mts.join())
        e('ORDER', 'the mandatory tags must come first, in the order of 3.4', line);
      const others = ident.slice(mts.length);
      const sorted = [...others].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      if (others.join() !== sorted.join()) e('ORDER', 'supplemental tags must be sorted by name', line);
    }
    const context = { Dealer: { value: game.values.Dealer ?? '' } };
    for (const [name, value] of Object.entries(game.values)) {
      if (value.startsWith('##')) sticky.add(name);
      const canonical = canonicalTagValue(name, value, context);
      if (canonical !== value) e('VALUE', `${name} "${value}" is not in export form ("${canonical}")`, line);
      if (name === 'Result' && /^\^?[NESW]$/.test(game.values.Declarer ?? '')) {
        const r = parseResult(value);
        if (r && r.tricks === undefined) e('VALUE', "Result must give declarer's tricks", line);
      }
    }
    game = { tags: [], values: {}, section: '' };
    closeCount();
  };
  lines.forEach((line, idx) => {
    const n = idx + 1;
    if (line.length + 2 > 255) e('LINE_TOO_LONG', `line has ${line.length + 2} characters with CRLF (at most 255)`, n);
    const tab = line.search(/[\t\v]/);
    if (tab >= 0) e('TAB', 'tabs are not allowed in export format', n, tab + 1);
    if (inBrace) {
      if (line.includes('}')) inBrace = false;
      return;
    }
    if (line === '') {
      blankRun++;
      if (blankRun === 2) e('BLANK', 'games are separated by exactly one empty line', n);
      if (blankRun === 1) endGame(n - 1);
      return;
    }
    if (/^[ \t]+$/.test(line)) e('BLANK', 'the line between games must be empty', n);
    blankRun = 0;
    if (line.startsWith('%')) return;
    if (line.startsWith('[')) {
      const m = TAG_LINE.exec(line);
      const pairs = m ? [m] : [...line.matchAll(/\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]/g)];
      if (!m) e('TAG', 'a tag pair must be alone on its line as [Name "value"]', n);
      for (const pair of pairs) {
        game.tags.push(pair[1]!);
        if (pair[1] !== 'Note') game.values[pair[1]!] = pair[2]!.replace(/\\(["\\])/g, '$1');
        game.section = pair[1] === 'Note' ? game.section : pair[1]!;
      }
      return;
    }
    // data lines: comments and section data
    const open = line.lastIndexOf('{');
    if (open >= 0 && line.indexOf('}', open) < 0 && !line.slice(0, open).includes(';')) inBrace = true;
    if (
      (game.section === 'Auction' || game.section === 'Play') &&
      /(^|\s)[^{;\s]*[!?]/.test(line.replace(/\{[^}]*\}?|;.*$/g, ''))
    ) {
      e('SUFFIX', 'suffixes are written as NAGs in export format', n);
    }
    if (
      (game.section === 'Auction' || game.section === 'Play') &&
      /[a-z]/.test(line.replace(/\{[^}]*\}?|;.*$/g, '').replace(/\bPass\b/g, ''))
    ) {
      e('CASE', 'calls and cards are upper case in export format', n);
    }
  });
  if (blankRun === 0) endGame(lines.length);
  closeCount();
  return errors;
}
