// The EPD export form: one line per record, the position as the chess core writes it, then every
// operation (typed and kept) in ASCII order of opcode as the standard asks, separated by single
// spaces, each ended by `;`. Moves are written in canonical SAN (the operands of `am`/`bm` in ASCII
// order too); a move that cannot be read in the position is written as it is. Writing what it
// wrote gives the same text.
import { makeFen, parseFen, Position } from '../chess/index.js';
import type { NotationError } from '../errors.js';
import { notationError } from '../errors.js';
import { EPD_OPCODES, isStandardOpcode, operandsOf, type EpdRecord } from './model.js';
import { recordPosition, resolveMove } from './validate.js';

/** Options of `makeEpd`. */
export interface MakeEpdOptions {
  /** Told what writing had to change to fit the form (a line end in a string written as a space). */
  onWarning?(warning: NotationError): void;
}

/** A string operand: quoted, `"` and `\` escaped; line ends and other controls become spaces. */
function quote(text: string, onChange: () => void): string {
  let t = text;
  if (/[\x00-\x1f\x7f]/.test(t)) {
    t = t.replace(/[\x00-\x1f\x7f]/g, ' ');
    onChange();
  }
  return `"${t.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** A bare operand that would not read back as one token is written as a string. */
function bare(text: string, onChange: () => void): string {
  return text === '' || /[\s;"\x00-\x1f\x7f]/.test(text) ? quote(text, onChange) : text;
}

/** ASCII order (code units), as the standard says: not the locale's. */
function ascii(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Canonical SAN of each move operand in `pos` (a line: one after another); unreadable ones as written. */
function sanOf(pos: Position | undefined, moves: string[], line: boolean): string[] {
  if (!pos) return moves;
  const p = line ? pos.clone() : pos;
  const out: string[] = [];
  let playing = true;
  for (const m of moves) {
    const r = playing ? resolveMove(p, m) : 'illegal';
    if (typeof r === 'string') {
      out.push(m);
      if (line) playing = false;
      continue;
    }
    out.push(r.san);
    if (line) p.play(r.move);
  }
  return out;
}

/**
 * The four position fields as the chess core writes them (castling letters in order) when the
 * position is legal; as given otherwise (a FEN writer's reading of an illegal board is no fixed point).
 */
function positionText(record: EpdRecord): string {
  const text = record.position.trim().split(/\s+/).join(' ');
  const shredder = /[A-HJ-Pa-hj-p]/.test(text.split(' ')[2]?.replace(/[KQkq-]/g, '') ?? '');
  const fen = `${text} 0 1`;
  if (!Position.fromFen(fen, { chess960: shredder }).ok) return text;
  const setup = parseFen(fen);
  if (!setup.ok) return text;
  return makeFen(setup.value, { shredder }).split(' ').slice(0, 4).join(' ');
}

function writeRecord(record: EpdRecord, warn: (w: NotationError) => void): string {
  const { position } = recordPosition(record);
  const ops: { opcode: string; text: string }[] = [];
  let changed = false;
  const onChange = () => (changed = true);
  for (const [opcode, value] of Object.entries(record.operations)) {
    if (value === undefined || !isStandardOpcode(opcode)) continue;
    const kind = EPD_OPCODES[opcode]!.kind;
    const typed = operandsOf(opcode, value);
    const strings = typed.strings;
    let operands = typed.operands;
    if (kind === 'moves') operands = sanOf(position, operands, false).sort(ascii);
    else if (kind === 'move') operands = sanOf(position, operands, false);
    else if (kind === 'line') operands = sanOf(position, operands, true);
    const written = operands.map((o) => (strings ? quote(o, onChange) : bare(o, onChange)));
    ops.push({ opcode, text: written.length ? `${opcode} ${written.join(' ')};` : `${opcode};` });
  }
  for (const op of record.other) {
    const written = op.operands.map((o, i) => (op.quoted?.[i] ? quote(o, onChange) : bare(o, onChange)));
    ops.push({ opcode: op.opcode, text: written.length ? `${op.opcode} ${written.join(' ')};` : `${op.opcode};` });
  }
  ops.sort((a, b) => ascii(a.opcode, b.opcode));
  if (changed)
    warn(
      notationError(
        'ERR_EPD_CONTROL',
        'a line end or other control character in an operand was written as a space',
        record.line,
      ),
    );
  const head = positionText(record);
  if (!ops.length) return head;
  // An operation `0 1;` right after the position would read back as FEN's counters: a `;` first keeps it apart.
  const lead = /^\d+ \d+[ ;]/.test(ops[0]!.text) ? '; ' : '';
  return `${head} ${lead}${ops.map((o) => o.text).join(' ')}`;
}

/**
 * Writes records as EPD, one line each (`\n` after every line); records that hold no position (a
 * comment line, a line that could not be read) are left out.
 * @example
 * ```ts
 * makeEpd(parseEpd('4k3/8/8/8/8/8/8/4K2R w K - id "x"; bm O-O;').map((i) => i.value));
 * // '4k3/8/8/8/8/8/8/4K2R w K - bm O-O; id "x";\n'
 * ```
 */
export function makeEpd(records: EpdRecord | readonly EpdRecord[], options: MakeEpdOptions = {}): string {
  const list = Array.isArray(records) ? records : [records as EpdRecord];
  const warn = (w: NotationError) => options.onWarning?.(w);
  let out = '';
  for (const r of list) if (r.position.trim()) out += `${writeRecord(r, warn)}\n`;
  return out;
}

/** The operations of a record written as EPD text (`bm Nf3; id "x";`). */
export function operationsText(record: EpdRecord): string {
  const line = writeRecord(record, () => {});
  const head = positionText(record);
  return line.slice(head.length).trim();
}
