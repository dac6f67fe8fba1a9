// The lenient EPD reader: one record per line. What the standard asks for is read as it says;
// what real suites do instead (FEN counters after the position, `;` before the first operation,
// a missing `;`, bare text operands, `Qd1 +`, control characters) is read with a warning; what
// cannot be read is an error at its line and column. Every line that is not blank gives one item,
// so nothing is dropped without a word.
import { notationError, type NotationError, type Parsed } from '../errors.js';
import { decodeText, encodingWarning, StreamDecoder } from '../text/decode.js';
import { LineSplitter } from '../text/lines.js';
import { textChunks, type TextSource } from '../text/source.js';
import { EPD_OPCODES, emptyRecord, isStandardOpcode, type EpdOperation, type EpdRecord } from './model.js';
import { typeOperation } from './operations.js';
import { validateEpd } from './validate.js';

/** Limits of `parseEpd` and `readEpd` that keep memory bounded on bad input. */
export interface EpdReadOptions {
  /** Longest line in characters (default 1 MiB): a longer one is an error and is skipped. */
  maxLineLength?: number;
  /** Run `validateEpd` on every record (positions, moves, counters; default true). */
  validate?: boolean;
}

const DEFAULT_MAX_LINE = 1 << 20;

/** White space between tokens: blanks, and control characters (read as a space, with a warning). */
function isBlank(c: number): boolean {
  return c <= 32 || c === 127;
}

/** Kinds whose bare operands cannot be text: a standard opcode among them starts a new operation. */
const SPLITTABLE = new Set(['count', 'moves', 'move', 'line', 'flag']);
/** `c5` is a comment opcode and a pawn move: as an operand it is the move. */
const SQUARE = /^[a-h][1-8]$/;
/** A lone suffix written apart from its move (`Qd1 +` in some suites). */
const SUFFIX = /^(\+|#|[!?]{1,2})$/;

interface RawOperation {
  opcode: string;
  operands: string[];
  quoted: boolean[];
  columns: number[];
}

class LineReader {
  pos = 0;
  readonly errors: NotationError[] = [];
  readonly warnings: NotationError[] = [];
  private controlWarned = false;

  constructor(
    readonly text: string,
    readonly line: number,
  ) {}

  error(code: string, message: string, column: number): void {
    this.errors.push(notationError(code, message, this.line, column));
  }

  warning(code: string, message: string, column: number): void {
    this.warnings.push(notationError(code, message, this.line, column));
  }

  skipBlanks(): void {
    const s = this.text;
    while (this.pos < s.length) {
      const c = s.charCodeAt(this.pos);
      if (!isBlank(c)) break;
      if (c !== 32 && c !== 9 && !this.controlWarned) {
        this.controlWarned = true;
        this.warning('ERR_EPD_CONTROL', `control character U+${hex(c)} read as a space`, this.pos + 1);
      }
      this.pos++;
    }
  }

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  peek(): number {
    return this.text.charCodeAt(this.pos);
  }

  /** A run of characters up to white space or `;` (a `"` inside is kept). */
  token(): string {
    const s = this.text;
    const start = this.pos;
    while (this.pos < s.length) {
      const c = s.charCodeAt(this.pos);
      if (isBlank(c) || c === 59) break;
      this.pos++;
    }
    return s.slice(start, this.pos);
  }

  /** A quoted string from the `"` at `pos`; `\"` and `\\` are escapes. Null when it does not end. */
  string(): string | null {
    const s = this.text;
    let out = '';
    let i = this.pos + 1;
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c === 92 && (s.charCodeAt(i + 1) === 34 || s.charCodeAt(i + 1) === 92)) {
        out += s[i + 1];
        i += 2;
        continue;
      }
      if (c === 34) {
        this.pos = i + 1;
        return out;
      }
      out += s[i];
      i++;
    }
    this.pos = s.length;
    return null;
  }
}

function hex(c: number): string {
  return c.toString(16).toUpperCase().padStart(4, '0');
}

/** Reads one line; null for a blank line. */
export function readEpdLine(text: string, line: number, options: EpdReadOptions = {}): Parsed<EpdRecord> | null {
  const r = new LineReader(text, line);
  r.skipBlanks();
  if (r.atEnd()) return null;
  const record = emptyRecord(line);
  const first = r.peek();
  if (first === 35 || first === 37) {
    r.warning('ERR_EPD_COMMENT', `a comment line (${text[r.pos]}) holds no position`, r.pos + 1);
    return { value: record, errors: r.errors, warnings: r.warnings };
  }
  // The four fields of the position.
  const fields: string[] = [];
  const fieldStart = r.pos;
  while (fields.length < 4) {
    r.skipBlanks();
    if (r.atEnd() || r.peek() === 59) break;
    fields.push(r.token());
  }
  if (fields.length < 4) {
    r.error(
      'ERR_EPD_FIELDS',
      `a record starts with the four position fields; found ${fields.length}${fields.length ? ` ('${clipText(fields.join(' '))}')` : ''}`,
      fieldStart + 1,
    );
    return { value: record, errors: r.errors, warnings: r.warnings };
  }
  record.position = fields.join(' ');
  // FEN's counters written after the position: read as hmvc and fmvn.
  let counters: { hmvc: string; fmvn: string; column: number } | undefined;
  {
    const save = r.pos;
    r.skipBlanks();
    const column = r.pos + 1;
    const a = r.token();
    r.skipBlanks();
    const b = r.token();
    if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
      counters = { hmvc: a, fmvn: b, column };
      r.warning('ERR_EPD_FEN_COUNTERS', `FEN counters '${a} ${b}' after the position read as hmvc and fmvn`, column);
    } else r.pos = save;
  }
  const raws: RawOperation[] = [];
  let emptyWarned = false;
  for (;;) {
    r.skipBlanks();
    if (r.atEnd()) break;
    if (r.peek() === 59) {
      if (!emptyWarned) {
        emptyWarned = true;
        r.warning('ERR_EPD_EMPTY_OPERATION', "a ';' with no operation before it", r.pos + 1);
      }
      r.pos++;
      continue;
    }
    const opColumn = r.pos + 1;
    // An opcode is a token (a `"` in it is kept: it is then no opcode, reported by the validator).
    const opcode = r.token();
    const op: RawOperation = { opcode, operands: [], quoted: [], columns: [opColumn] };
    raws.push(op);
    const splittable = isStandardOpcode(opcode) && SPLITTABLE.has(EPD_OPCODES[opcode]!.kind);
    let ended = false;
    for (;;) {
      r.skipBlanks();
      if (r.atEnd()) break;
      const c = r.peek();
      if (c === 59) {
        r.pos++;
        ended = true;
        break;
      }
      const column = r.pos + 1;
      if (c === 34) {
        const s = r.string();
        if (s === null) {
          r.error('ERR_EPD_STRING', 'a string that does not end (no closing ")', column);
          op.operands.push(text.slice(column));
          op.quoted.push(true);
          op.columns.push(column);
          break;
        }
        op.operands.push(s);
        op.quoted.push(true);
        op.columns.push(column);
        continue;
      }
      const token = r.token();
      if (splittable && isStandardOpcode(token) && !SQUARE.test(token)) {
        // `bm Rc8+ dm 26`: the next operation began without a `;` before it.
        r.pos = column - 1;
        r.warning('ERR_EPD_SEMICOLON', `no ';' after ${opcode} before ${token}`, column);
        ended = true;
        break;
      }
      const kind = EPD_OPCODES[opcode]?.kind;
      if ((kind === 'moves' || kind === 'move' || kind === 'line') && SUFFIX.test(token) && op.operands.length) {
        // `bm Qd1 +`: the suffix belongs to the move before it.
        const last = op.operands.length - 1;
        r.warning('ERR_EPD_SAN_FORM', `'${op.operands[last]} ${token}' read as '${op.operands[last]}${token}'`, column);
        op.operands[last] += token;
        continue;
      }
      op.operands.push(token);
      op.quoted.push(false);
      op.columns.push(column);
    }
    if (!ended && !r.errors.some((e) => e.code === 'ERR_EPD_STRING'))
      r.warning('ERR_EPD_SEMICOLON', `operation ${clipText(opcode)} does not end with ';'`, opColumn);
  }
  // Type what the standard lists; keep the rest as read.
  const seen = new Set<string>();
  const ops = record.operations as Record<string, unknown>;
  const columns: Record<string, number[]> = {};
  for (const raw of raws) {
    if (isStandardOpcode(raw.opcode) && !seen.has(raw.opcode)) {
      seen.add(raw.opcode);
      const typed = typeOperation(raw.opcode, raw.operands, raw.quoted);
      if ('value' in typed) {
        ops[raw.opcode] = typed.value;
        columns[raw.opcode] = raw.columns;
        if (typed.unquoted)
          r.warning('ERR_EPD_UNQUOTED', `${raw.opcode} takes a quoted string; bare text read as one`, raw.columns[1]!);
        continue;
      }
    }
    record.other.push(otherOf(raw));
  }
  if (counters) {
    for (const name of ['hmvc', 'fmvn'] as const) {
      const value = Number(counters[name]);
      if (ops[name] === undefined) {
        ops[name] = value;
        columns[name] = [counters.column];
      } else if (ops[name] !== value)
        r.error(
          'ERR_EPD_DUPLICATE',
          `the FEN counter gives ${name} ${value}, the operation ${String(ops[name])}`,
          columns[name]![0]!,
        );
    }
  }
  if (Object.keys(columns).length) record.columns = columns;
  const item: Parsed<EpdRecord> = { value: record, errors: r.errors, warnings: r.warnings };
  if (options.validate !== false) {
    const v = validateEpd(record);
    item.errors.push(...v.errors);
    item.warnings.push(...v.warnings);
  }
  return item;
}

function otherOf(raw: RawOperation): EpdOperation {
  const op: EpdOperation = { opcode: raw.opcode, operands: raw.operands };
  if (raw.quoted.some(Boolean)) op.quoted = raw.quoted;
  op.columns = raw.columns;
  return op;
}

function clipText(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** Push lines, take records. */
class EpdParser {
  private items: Parsed<EpdRecord>[] = [];
  constructor(private readonly options: EpdReadOptions) {}

  line(text: string, line: number): void {
    const max = this.options.maxLineLength ?? DEFAULT_MAX_LINE;
    if (text.length > max) {
      const record = emptyRecord(line);
      this.items.push({
        value: record,
        errors: [notationError('ERR_EPD_LINE_TOO_LONG', `line longer than ${max} characters; skipped`, line, max + 1)],
        warnings: [],
      });
      return;
    }
    const item = readEpdLine(text, line, this.options);
    if (item) this.items.push(item);
  }

  take(): Parsed<EpdRecord>[] {
    const out = this.items;
    this.items = [];
    return out;
  }
}

/**
 * Reads EPD text (one record per line; blank lines are skipped): one `{ value, errors, warnings }`
 * item per line, the record and what was found in it at its line and column. Bytes are decoded by
 * the family's rule (UTF-8, else Latin-1).
 * @example
 * ```ts
 * const [item] = parseEpd('1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";');
 * item.value.operations.bm; // ['Qd1+']
 * ```
 */
export function parseEpd(input: string | Uint8Array, options: EpdReadOptions = {}): Parsed<EpdRecord>[] {
  let text: string;
  let encoding: NotationError | null = null;
  if (typeof input === 'string') text = input;
  else {
    const d = decodeText(input);
    text = d.text;
    encoding = encodingWarning('ERR_EPD_ENCODING', d.invalid, d.invalidLine);
  }
  const parser = new EpdParser(options);
  const lines = new LineSplitter((line, n) => parser.line(line, n));
  lines.push(text);
  lines.end();
  const items = parser.take();
  if (encoding) lastOf(items, encoding.line ?? 1).warnings.push(encoding);
  return items;
}

/**
 * Reads records from a string, bytes, a web `ReadableStream`, a Node stream or any (async) iterable
 * of chunks, one line at a time: memory holds one line and one chunk.
 */
export async function* readEpd(source: TextSource, options: EpdReadOptions = {}): AsyncGenerator<Parsed<EpdRecord>> {
  if (typeof source === 'string') {
    yield* parseEpd(source, options);
    return;
  }
  const parser = new EpdParser(options);
  const decoder = new StreamDecoder();
  const lines = new LineSplitter((line, n) => parser.line(line, n), options.maxLineLength ?? DEFAULT_MAX_LINE);
  // The last item is held back: the decoder's warning, known at the end, goes with it.
  let held: Parsed<EpdRecord> | undefined;
  for await (const chunk of textChunks(source)) {
    lines.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk));
    for (const item of parser.take()) {
      if (held) yield held;
      held = item;
    }
  }
  lines.push(decoder.decode(new Uint8Array(0), true));
  lines.end();
  const rest = held ? [held, ...parser.take()] : parser.take();
  const encoding = decoder.encodingWarning('ERR_EPD_ENCODING');
  if (encoding) lastOf(rest, lines.nextLine).warnings.push(encoding);
  yield* rest;
}

/** The last item, to take what was found at the end of the input; without one, an empty record holding only that. */
function lastOf(items: Parsed<EpdRecord>[], line: number): Parsed<EpdRecord> {
  const last = items[items.length - 1];
  if (last) return last;
  const entry: Parsed<EpdRecord> = { value: emptyRecord(line), errors: [], warnings: [] };
  items.push(entry);
  return entry;
}
