/** Supplemental section tables: column specs `+Rank\3R;Names\20L`, rows, padding. */
import type { PbnColumn } from './model.js';

/** Names of the tables PBN 2.1 chapter 5 defines. */
export const PBN_TABLES = [
  'ActionTable',
  'AuctionTimeTable',
  'InstantScoreTable',
  'OptimumPlayTable',
  'OptimumResultTable',
  'PlayTimeTable',
  'ScoreTable',
  'TotalScoreTable',
] as const;

/** Widest table column (PBN 5.2 minimum width): a padded element must fit a 255-character line with its CRLF. */
export const MAX_COLUMN_WIDTH = 253;

/** True for the names of the PBN table tags (ScoreTable, OptimumResultTable, …). */
export function isTableName(name: string): boolean {
  return (PBN_TABLES as readonly string[]).includes(name);
}

/** Parses a table tag value into columns; returns an error message for a bad column spec. */
export function parseColumns(value: string): PbnColumn[] | string {
  const parts = value.split(';');
  const columns: PbnColumn[] = [];
  for (const part of parts) {
    const m = /^([+-]?)([^\\]*)(?:\\(\d+)([LR]?))?$/.exec(part.trim());
    if (!m) return `bad column specification "${part}"`;
    if (!m[2]) return `column without a name in "${value}"`;
    const col: PbnColumn = { name: m[2] };
    if (m[1]) col.order = m[1] as '+' | '-';
    if (m[3]) col.width = Number(m[3]);
    if (m[4]) col.align = m[4] as 'L' | 'R';
    columns.push(col);
  }
  return columns;
}

/** Writes the column descriptors of a table tag value (`Name\width` joined by `;`). */
export function makeColumns(columns: PbnColumn[]): string {
  return columns
    .map((c) => `${c.order ?? ''}${c.name}${c.width !== undefined ? `\\${c.width}${c.align ?? ''}` : ''}`)
    .join(';');
}

/** Pads one element to its column's minimum width (default alignment: right for numbers, left otherwise). */
export function padElement(element: string, column: PbnColumn | undefined): string {
  // a model built by hand may hold any width: padding stops at the widest column a line can hold
  const width = Math.min(column?.width ?? 0, MAX_COLUMN_WIDTH);
  if (!width || element.length >= width) return element;
  const fill = ' '.repeat(width - element.length);
  const right = column?.align ? column.align === 'R' : /^[-+^]?\d/.test(element);
  return right ? fill + element : element + fill;
}

/** One export line of a table row: elements padded and separated by a single space (trailing blanks trimmed). */
export function makeRow(row: string[], columns: PbnColumn[]): string {
  // trailing blanks go by a scan from the end (a /\s+$/ regex retries every run of padding: quadratic per row)
  const line = row.map((e, i) => padElement(e, columns[i])).join(' ');
  let end = line.length;
  while (end > 0 && line.charCodeAt(end - 1) === 32) end--;
  return line.slice(0, end);
}

/** A section token (not a string token) may contain ASCII 33..126 except `[ ] { } ; " %`. */
export function isSectionToken(text: string): boolean {
  return /^[\x21-\x7e]+$/.test(text) && !/[[\]{};"%]/.test(text);
}
