// The bughouse-db CSV export: `timecontrol_seconds,"<BPGN movetext>"` records (no tags).
import type { Parsed } from '../errors.js';
import { parseBpgn, type BpgnReadOptions } from './bpgn.js';
import type { BughouseMatch } from './match.js';

/** One record of a bughouse-db CSV file: its time control, its BPGN movetext and where it starts. */
export interface CsvMovetext {
  /** Base time in seconds (first field). */
  timeControl: string;
  movetext: string;
  /** Line of the record in the file. */
  line: number;
}

/** The records of the CSV (RFC 4180 quoting; records with an empty movetext are skipped). */
export function readBughouseCsv(text: string): CsvMovetext[] {
  const out: CsvMovetext[] = [];
  let i = 0,
    line = 1;
  const n = text.length;
  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= n) break;
          const ch = text[i]!;
          if (ch === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (ch === '\n') line++;
          field += ch;
          i++;
        }
      }
      while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
      fields.push(field);
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '\r') i++;
      if (text[i] === '\n') {
        i++;
        line++;
      }
      break;
    }
    const movetext = fields[1]?.trim() ?? '';
    if (movetext) out.push({ timeControl: fields[0]!.trim(), movetext, line: startLine });
  }
  return out;
}

/** Each CSV record as a match (tag `TimeControl` from the first field). */
export function parseBughouseCsv(text: string, options?: BpgnReadOptions): Parsed<BughouseMatch>[] {
  const out: Parsed<BughouseMatch>[] = [];
  for (const rec of readBughouseCsv(text)) {
    const [m] = parseBpgn(rec.movetext, options);
    if (!m) continue;
    m.value.tags = { TimeControl: rec.timeControl, ...m.value.tags };
    // The CSV keeps no result: not a problem of the record.
    m.warnings = m.warnings.filter((w) => w.code !== 'ERR_BPGN_NO_RESULT');
    out.push(m);
  }
  return out;
}
