// Four-column display (BPGN 1.0 section 2.3): WhiteA, BlackA, WhiteB, BlackB, rows in real-time order.
import type { BughouseMatch, BughouseMove } from './match.js';

const COLUMNS = [
  ['A', 'white', 'WhiteA'],
  ['A', 'black', 'BlackA'],
  ['B', 'white', 'WhiteB'],
  ['B', 'black', 'BlackB'],
] as const;

function columnOf(mv: BughouseMove): number {
  return (mv.board === 'A' ? 0 : 2) + (mv.color === 'white' ? 0 : 1);
}

function cell(mv: BughouseMove): string {
  return `${mv.number}. ${mv.san}${mv.clock !== null ? ` {${mv.clockText ?? mv.clock}}` : ''}`;
}

/**
 * Rows of four cells: each move opens a new row unless its column is still empty in the current
 * row and the row's moves all came just before it (so reading down is reading in time order).
 */
export function fourColumnRows(match: BughouseMatch): string[][] {
  const rows: string[][] = [];
  let row: string[] | undefined;
  let lastCol = -1;
  for (const mv of match.moves) {
    const col = columnOf(mv);
    if (!row || row[col] !== '' || col <= lastCol) {
      row = ['', '', '', ''];
      rows.push(row);
    }
    row[col] = cell(mv);
    lastCol = col;
  }
  return rows;
}

function header(match: BughouseMatch): string[] {
  return COLUMNS.map(([, , tag]) => {
    const name = match.tags[tag] ?? '?';
    const elo = match.tags[tag + 'Elo'];
    return elo ? `${name} (${elo})` : name;
  });
}

/** The four-column table of a match (WhiteA, BlackA, WhiteB, BlackB) as plain text and as an HTML table. */
export interface FourColumn {
  text: string;
  html: string;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The four-column table as plain text (padded columns) and as an HTML table. */
export function makeFourColumn(match: BughouseMatch): FourColumn {
  const rows = fourColumnRows(match);
  const head = header(match);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const tail = (match.endComment ? `{${match.endComment}} ` : '') + match.result;
  const text = [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), tail].join('\n') + '\n';
  const tr = (tag: string, cells: string[]) =>
    `<tr>${cells.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;
  const html = `<table class="bughouse">\n<thead>${tr('th', head)}</thead>\n<tbody>\n${rows.map((r) => tr('td', r)).join('\n')}\n</tbody>\n<tfoot><tr><td colspan="4">${escapeHtml(tail)}</td></tr></tfoot>\n</table>\n`;
  return { text, html };
}
