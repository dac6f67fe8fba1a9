/**
 * Chunk boundaries of an input of blank-line-separated records (PBN games): where a streaming
 * reader may cut the decoded text so that each piece holds whole records. A record ends at a
 * semi-empty line (only spaces and tabs: PBN's game separator) outside a brace comment. Strings,
 * `{…}` comments, `;` comments and `%` escape lines are followed by escape.ts's rules, so a blank
 * line inside a comment, or a `{` inside a string or a `;`/`%` comment, is not taken for structure.
 * The scan is resumable: it keeps its state between calls and never looks back.
 */
import { CH_CR, CH_ESCAPE, CH_LF, CH_LINE_COMMENT, restOfLine, startsEscapeLine } from './escape.js';

/** Where `lastRecordBoundary` stops and what it carries over to the next call. */
export interface RecordSplitState {
  /** Inside a `{…}` comment that went on past the scanned text. */
  inBrace: boolean;
}

/**
 * Finds the end of the last complete record in `text`: the offset just after the last semi-empty
 * line outside a brace comment (`cut`, -1 when none). Scans from `from` (the start of a line) up
 * to the last complete line and returns where it stopped (`scanned`, where the next call starts).
 */
export function lastRecordBoundary(
  text: string,
  state: RecordSplitState,
  from: number,
): { cut: number; scanned: number } {
  let cut = -1;
  let i = from;
  const n = text.length;
  while (i < n) {
    const e = restOfLine(text, i);
    if (e >= n) break; // incomplete line: wait for more text
    const c = text.charCodeAt(e);
    if (c === CH_CR && e + 1 >= n) break; // CR at the end: maybe CRLF
    const next = c === CH_CR && text.charCodeAt(e + 1) === CH_LF ? e + 2 : e + 1;
    if (state.inBrace) {
      let close = i;
      while (close < e && text.charCodeAt(close) !== 125) close++;
      if (close < e) {
        state.inBrace = false;
        scanRest(text, close + 1, e, state);
      }
    } else {
      let k = i;
      while (k < e && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k++;
      if (k === e) cut = next;
      else if (!(text.charCodeAt(k) === CH_ESCAPE && startsEscapeLine(k === i, true, false)))
        scanRest(text, k, e, state);
    }
    i = next;
  }
  return { cut, scanned: i };
}

/** Scans text[from, end) (one line) outside comments: `{` opens a comment, `"` a string, `;` ends the line. */
function scanRest(text: string, from: number, end: number, state: RecordSplitState): void {
  for (let k = from; k < end; k++) {
    const c = text.charCodeAt(k);
    if (state.inBrace) {
      if (c === 125) state.inBrace = false;
    } else if (c === 123) state.inBrace = true;
    else if (c === CH_LINE_COMMENT) return;
    else if (c === 34) {
      // a string: to the closing quote on this line (\" and \\ are escapes)
      k++;
      while (k < end && text.charCodeAt(k) !== 34) k += text.charCodeAt(k) === 92 ? 2 : 1;
    }
  }
}
