// PBI ("Problem Import") 1.1 / 1.2: a line-based UTF-8 file of orthodox chess problems.
// Reader: never throws on bad input; every error/warning has a stable ERR_PBI_* code and line:column.
// Writer: canonical form (BOM, marker, minimal \xHH encoding per field, normalised Forsyth), but
// fields read from a file and left unchanged are written back byte for byte.
import { CappedErrorList, type NotationError, type Parsed } from '../errors.js';
import { LineSplitter } from '../text/lines.js';
import { textChunks, type TextSource } from '../text/source.js';
import { makeForsyth, parseForsyth, type ProblemBoard } from './board.js';

/** A PBI status mark (verified, correct, cooked, …). */
export type PbiStatus = '' | '!' | '*' | '+' | '$' | '?';
/** Every PBI status mark. */
export const PBI_STATUSES: readonly PbiStatus[] = ['', '!', '*', '+', '$', '?'];
/** What each PBI status mark means. */
export const PBI_STATUS_MEANING: Record<PbiStatus, string> = {
  '': 'not verified',
  '!': 'correct',
  '*': 'more solutions than the keymove field documents',
  '+': 'no solution',
  $: 'a shorter solution exists',
  '?': 'something else is wrong with the keymove',
};

/** The line ending that followed a line: CR, LF, CRLF, NEL (U+0085) or LS (U+2028). */
export type PbiNewline = '\r' | '\n' | '\r\n' | '\u0085' | '\u2028';

/** A source reference `nr|title|date|page`. */
export interface PbiSource {
  nr: string;
  title: string;
  date: string;
  page: string;
}

/** An award `nr|rank|tourney|date`. */
export interface PbiAward {
  nr: string;
  rank: string;
  tourney: string;
  date: string;
}

/** One problem of a PBI file. */
export interface PbiProblem {
  /** Author names, pseudonyms or designations (decoded). */
  names: string[];
  /** The Forsyth string as read (decoded, possibly unnormalised, '' for no position). */
  position: string;
  /** The board, when the position is present and valid. */
  board?: ProblemBoard;
  stipulation: string;
  /** `null` when there is none: an empty field or `|||` (the spec's shorthand pair). */
  usedSource: PbiSource | null;
  referencedSources: PbiSource[];
  awards: PbiAward[];
  keymove: string;
  /** The status as read. Defined values are in PBI_STATUSES; anything else is kept and flagged. */
  status: string;
  comment: string;
  /** 1-based line number in the source file. */
  line?: number;
  /** The line ending that followed this line in the source file. */
  newline?: PbiNewline;
  /** The nine fields exactly as they stood in the file (still encoded): unchanged fields are written back as they were. */
  raw?: string[];
}

/** A `#` comment line of a PBI file. */
export interface PbiComment {
  /** The text after '#'. */
  text: string;
  line?: number;
  newline?: PbiNewline;
}

/** A PBI file: version, comments and problems. */
export interface PbiDocument {
  /** The version string exactly as written after `#PBI ` ('1.1', '1.2', …). */
  version: string;
  /** The line ending after the marker line. */
  newline?: PbiNewline;
  comments: PbiComment[];
  problems: PbiProblem[];
}

/** The PBI versions this reader knows. */
export const PBI_VERSIONS = ['1.1', '1.2'];

const FIELD_NAMES = [
  'names',
  'position',
  'stipulation',
  'used source',
  'referenced sources',
  'awards',
  'keymove',
  'status',
  'comment',
];

interface Line {
  text: string;
  newline: PbiNewline;
  /** 1-based line number. */
  line: number;
}

/** Splits text into NLF-terminated lines; returns the unterminated rest separately. */
export function splitPbiLines(text: string, start = 0): { lines: Line[]; rest: string; restLine: number } {
  const lines: Line[] = [];
  let lineStart = start;
  let n = 1;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let newline: PbiNewline | undefined;
    let width = 1;
    if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) {
        newline = '\r\n';
        width = 2;
      } else newline = '\r';
    } else if (c === 10) newline = '\n';
    else if (c === 0x85) newline = '\u0085';
    else if (c === 0x2028) newline = '\u2028';
    if (newline) {
      lines.push({ text: text.slice(lineStart, i), newline, line: n++ });
      i += width - 1;
      lineStart = i + 1;
    }
  }
  return { lines, rest: text.slice(lineStart), restLine: n };
}

const HEX = /^[0-9A-Fa-f]{2}$/;

/** Decodes `\xHH` escapes. Bad escapes are reported (column relative to the field start, 1-based) and kept literally. */
export function decodePbiField(raw: string, report?: (message: string, offset: number) => void): string {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const hex = raw.slice(i + 2, i + 4);
    if (raw[i + 1] === 'x' && HEX.test(hex)) {
      out += String.fromCharCode(parseInt(hex, 16));
      i += 3;
    } else {
      report?.(`'\\' must start an encoded character \\xHH, found '${raw.slice(i, i + 4)}'`, i);
      out += ch;
    }
  }
  return out;
}

/**
 * Encodes a field value: '\', the delimiters ':', ';', '|' and control characters (C0, DEL, C1 incl.
 * U+0085) in every field, so that no reader can mistake them. Characters that \xHH cannot carry
 * (U+2028, U+2029) become a space, reported through `lossy`. (Fields read from a file and left
 * unchanged are written back as they were, so this never alters existing records.)
 */
export function encodePbiField(value: string, lossy?: (ch: string) => void): string {
  let out = '';
  for (const ch of value) {
    const c = ch.codePointAt(0)!;
    if (ch === '\\' || ch === ':' || ch === ';' || ch === '|' || c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
      out += `\\x${c.toString(16).padStart(2, '0')}`;
    } else if (c === 0x2028 || c === 0x2029) {
      lossy?.(ch);
      out += ' ';
    } else out += ch;
  }
  return out;
}

function decodeInput(
  input: string | Uint8Array,
  errors: { push(e: NotationError): void },
): { text: string; bom: boolean } {
  if (typeof input === 'string') {
    const bom = input.charCodeAt(0) === 0xfeff;
    return { text: bom ? input.slice(1) : input, bom };
  }
  let bytes = input;
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if (bom) bytes = bytes.subarray(3);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), bom };
  } catch {
    errors.push({ ...UTF8_ERROR });
    return { text: new TextDecoder('utf-8').decode(bytes), bom };
  }
}

function splitSource(raw: string): string[] {
  return raw.split('|');
}

/** Options of `parsePbi`, `readPbi` and `PbiReader`. */
export interface ParsePbiOptions {
  /**
   * Errors (and, separately, warnings) kept before one `ERR_TOO_MANY_ERRORS` with the count.
   * Default 100: for the document (`parsePbi`), or for each problem (`readPbi`, `PbiReader`: the
   * lines before a problem count toward it).
   */
  maxErrors?: number;
  /**
   * Longest line in characters, without its line end (default 1 MiB): a longer line is
   * `ERR_PBI_LINE_TOO_LONG` and is skipped without being held.
   */
  maxLineLength?: number;
}

/** Default longest PBI line (characters). */
const MAX_LINE = 1 << 20;

/** Where the line reader sends what it finds. */
interface PbiSink {
  error(e: NotationError): void;
  warning(w: NotationError): void;
  problem(p: PbiProblem): void;
}

/**
 * The PBI line state machine (marker, comments, data lines), fed text piece by piece through the
 * text layer's `LineSplitter` with PBI's line ends; one path for `parsePbi` and the streams.
 */
class PbiLines {
  readonly header: PbiDocument = { version: '', comments: [], problems: [] };
  private state: 'marker' | 'comments' | 'data' | 'ignore' = 'marker';
  private readonly splitter: LineSplitter;
  private readonly maxLine: number;
  private problems = 0;
  /** An error that makes ERR_PBI_NO_DATA redundant (a data line with the wrong field count, a late comment). */
  private badDataLine = false;
  private lastLine = 0;
  private rest: { text: string; line: number } | null = null;

  constructor(
    options: ParsePbiOptions,
    private readonly sink: PbiSink,
  ) {
    this.maxLine = Math.max(1, options.maxLineLength ?? MAX_LINE);
    this.splitter = new LineSplitter((text, line, end) => this.line(text, line, end), this.maxLine, {
      unicodeLineEnds: true,
      keepBom: true,
    });
  }

  /** The start of the input: `bom` says whether it had one (stripped by the caller). */
  start(bom: boolean): void {
    if (!bom)
      this.sink.warning({
        code: 'ERR_PBI_BOM',
        message: 'a PBI file starts with the UTF-8 byte order mark (EF BB BF)',
        line: 1,
        column: 1,
      });
  }

  push(text: string): void {
    this.splitter.push(text);
  }

  end(): void {
    this.splitter.end();
    const { header, sink } = this;
    const rest = this.rest;
    if (rest) {
      sink.warning({
        code: 'ERR_PBI_NO_NLF',
        message: 'characters after the last line end do not form a PBI line and are ignored',
        line: rest.line,
        column: 1,
      });
    }
    if (this.state === 'marker') {
      // no complete marker line
      sink.error({
        code: 'ERR_PBI_MARKER',
        message: 'the file has no complete marker line `#PBI 1.2`',
        line: 1,
        column: 1,
      });
      const m = rest && /^#PBI (\S*)/.exec(rest.text);
      if (m) header.version = m[1]!;
      return;
    }
    if (this.state !== 'ignore' && !this.problems && !this.badDataLine) {
      sink.error({
        code: 'ERR_PBI_NO_DATA',
        message: 'a PBI file has at least one data line',
        line: this.lastLine || 1,
        column: 1,
      });
    }
  }

  private line(text: string, line: number, end: string): void {
    if (!end) {
      // the unterminated rest of the input (or a line cut at the bound)
      if (text.length <= this.maxLine) {
        this.rest = { text, line };
        return;
      }
    }
    this.lastLine = line;
    const { header, sink } = this;
    if (text.length > this.maxLine) {
      sink.error({
        code: 'ERR_PBI_LINE_TOO_LONG',
        message: `line longer than ${this.maxLine} characters (maxLineLength); skipped`,
        line,
        column: 1,
      });
      if (this.state === 'marker') {
        sink.error({ code: 'ERR_PBI_MARKER', message: 'the first line is no marker line `#PBI 1.2`', line, column: 1 });
        this.state = 'ignore';
      }
      return;
    }
    const newline = end as PbiNewline;
    switch (this.state) {
      case 'ignore':
        return;
      case 'marker': {
        this.state = 'comments';
        const m = /^#PBI ([0-9]+\.[0-9]+)$/.exec(text);
        if (!m) {
          sink.error({
            code: 'ERR_PBI_MARKER',
            message: `the first line must be '#PBI <version>', found '${text.slice(0, 40)}'`,
            line: 1,
            column: 1,
          });
          const loose = /^#PBI (.*)$/.exec(text);
          header.version = loose ? loose[1]! : '';
          if (!loose) {
            this.state = 'ignore';
            return;
          }
        } else {
          header.version = m[1]!;
          if (!PBI_VERSIONS.includes(header.version)) {
            sink.error({
              code: 'ERR_PBI_VERSION',
              message: `unknown PBI version '${header.version}' (the version is a string: only '1.1' and '1.2' are defined; '1.0' is obsolete)`,
              line: 1,
              column: 6,
            });
          }
        }
        header.newline = newline;
        return;
      }
      case 'comments':
        if (text.startsWith('#')) {
          header.comments.push({ text: text.slice(1), line, newline });
          return;
        }
        this.state = 'data';
      // falls through: the first data line
      case 'data': {
        if (text === '') {
          sink.warning({
            code: 'ERR_PBI_EMPTY_LINE',
            message: 'empty line ignored (every line after the comments is a data line)',
            line,
            column: 1,
          });
          return;
        }
        const errors = { push: (e: NotationError) => sink.error(e) };
        const warnings = { push: (w: NotationError) => sink.warning(w) };
        const problem = parseDataLine({ text, newline, line }, header.version, errors, warnings);
        if (problem) {
          this.problems++;
          sink.problem(problem);
        } else this.badDataLine = true;
      }
    }
  }
}

/**
 * UTF-8 bytes to text chunk by chunk, as one `TextDecoder` over the whole input would give them:
 * strict while the bytes are well-formed, then (from the first bad sequence on) with U+FFFD for
 * each bad one; `invalid` tells whether there was one.
 */
class Utf8Chunks {
  private readonly strict = new TextDecoder('utf-8', { fatal: true });
  private lenient: TextDecoder | null = null;
  /** The last bytes given to the strict decoder (a sequence it may still hold is among them). */
  private tail = new Uint8Array(0);
  private consumed = 0;
  invalid = false;

  decode(bytes: Uint8Array, last = false): string {
    if (this.lenient) return this.lenient.decode(bytes, { stream: !last });
    try {
      const text = this.strict.decode(bytes, { stream: !last });
      this.consumed += bytes.length;
      const joined = new Uint8Array(Math.min(3, this.tail.length + bytes.length));
      const fromBytes = Math.min(bytes.length, joined.length);
      joined.set(this.tail.subarray(this.tail.length - (joined.length - fromBytes)));
      joined.set(bytes.subarray(bytes.length - fromBytes), joined.length - fromBytes);
      this.tail = joined;
      return text;
    } catch {
      this.invalid = true;
      // the strict decoder held an unfinished sequence at the end of what it took: start again there
      const held = unfinishedSequence(this.tail);
      this.lenient = new TextDecoder('utf-8', { ignoreBOM: this.consumed - held.length > 0 });
      const joined = new Uint8Array(held.length + bytes.length);
      joined.set(held);
      joined.set(bytes, held.length);
      return this.lenient.decode(joined, { stream: !last });
    }
  }
}

/** The bytes of an unfinished UTF-8 sequence at the end of `tail` (at most its last 3 bytes). */
function unfinishedSequence(tail: Uint8Array): Uint8Array {
  for (let k = tail.length - 1; k >= 0 && k >= tail.length - 3; k--) {
    const b = tail[k]!;
    if (b < 0x80) break;
    if (b >= 0xc0) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return tail.length - k < need ? tail.subarray(k) : new Uint8Array(0);
    }
  }
  return new Uint8Array(0);
}

const UTF8_ERROR: NotationError = {
  code: 'ERR_PBI_UTF8',
  message: 'the file is not valid UTF-8 (bad bytes were replaced by U+FFFD)',
  line: 1,
  column: 1,
};

/**
 * Reads a PBI file (text or bytes) into one `Parsed` item for the whole document: `value` is the
 * document (what `makePbi` writes back), `errors` and `warnings` are the file's. Bad input never throws.
 * For a file too large to hold, `readPbi` gives the problems one at a time.
 * @example
 * ```ts
 * const { value: doc, errors } = parsePbi(readFileSync('collection.pbi'));
 * for (const e of errors) console.log(`${e.line}:${e.column} ${e.code} ${e.message}`);
 * makePbi(doc); // the file again
 * ```
 */
export function parsePbi(input: string | Uint8Array, options: ParsePbiOptions = {}): Parsed<PbiDocument> {
  const max = Math.max(0, options.maxErrors ?? 100);
  const errors = new CappedErrorList(max);
  const warnings = new CappedErrorList(max);
  const problems: PbiProblem[] = [];
  const lines = new PbiLines(options, {
    error: (e) => errors.push(e),
    warning: (w) => warnings.push(w),
    problem: (p) => problems.push(p),
  });
  const { text, bom } = decodeInput(input, errors);
  lines.start(bom);
  lines.push(text);
  lines.end();
  const doc = lines.header;
  doc.problems = problems;
  return { value: doc, errors: errors.close('error(s)'), warnings: warnings.close('warning(s)') };
}

/**
 * Reads PBI text or bytes piece by piece with bounded memory (one line and one piece at a time):
 * the problems come out as they are read, each a `Parsed` item with the errors and warnings of
 * its line and of the lines before it; what follows the last problem goes with it. An input with
 * no problem gives one item that holds only the errors (its problem has no `line`). The header
 * (version, comment lines) is `header`. `readPbi` is the same as an async iterable.
 * @example
 * ```ts
 * const reader = new PbiReader();
 * for await (const chunk of createReadStream('huge.pbi')) {
 *   reader.push(chunk);
 *   for (const { value: problem, errors } of reader.take()) console.log(problem.stipulation, errors.length);
 * }
 * reader.end();
 * for (const item of reader.take()) console.log(item.value.stipulation);
 * ```
 */
export class PbiReader {
  private readonly lines: PbiLines;
  private readonly max: number;
  private errors: CappedErrorList;
  private warnings: CappedErrorList;
  private readonly decoder = new Utf8Chunks();
  private started = false;
  /** The first bytes, held until three tell whether they start with a byte order mark. */
  private head: Uint8Array | null = null;
  /** The newest problem, held: what follows it up to the next problem may still be its. */
  private held: Parsed<PbiProblem> | null = null;
  private readonly ready: Parsed<PbiProblem>[] = [];
  private ended = false;

  constructor(options: ParsePbiOptions = {}) {
    this.max = Math.max(0, options.maxErrors ?? 100);
    this.errors = new CappedErrorList(this.max);
    this.warnings = new CappedErrorList(this.max);
    this.lines = new PbiLines(options, {
      error: (e) => this.errors.push(e),
      warning: (w) => this.warnings.push(w),
      problem: (p) => {
        if (this.held) this.ready.push(this.held);
        this.held = { value: p, ...this.closeReports() };
      },
    });
  }

  /** The file's version, the marker line's line end and its comment lines (`problems` stays empty). */
  get header(): PbiDocument {
    return this.lines.header;
  }

  private closeReports(): { errors: NotationError[]; warnings: NotationError[] } {
    const out = { errors: this.errors.close('error(s)'), warnings: this.warnings.close('warning(s)') };
    this.errors = new CappedErrorList(this.max);
    this.warnings = new CappedErrorList(this.max);
    return out;
  }

  /** The next piece of the input: text, or UTF-8 bytes (a byte order mark at the start is dropped). */
  push(piece: string | Uint8Array): void {
    if (this.ended) throw new Error('PbiReader: push after end');
    if (typeof piece === 'string') {
      if (!this.started && piece.length) {
        this.started = true;
        const bom = piece.charCodeAt(0) === 0xfeff;
        this.lines.start(bom);
        if (bom) piece = piece.slice(1);
      }
      this.lines.push(piece);
      return;
    }
    let bytes = piece;
    if (!this.started) {
      if (this.head) {
        const joined = new Uint8Array(this.head.length + bytes.length);
        joined.set(this.head);
        joined.set(bytes, this.head.length);
        bytes = joined;
        this.head = null;
      }
      if (bytes.length < 3 && bytes.every((b, i) => b === [0xef, 0xbb, 0xbf][i])) {
        if (bytes.length) this.head = bytes.slice();
        return;
      }
      this.started = true;
      const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
      this.lines.start(bom);
      if (bom) bytes = bytes.subarray(3);
    }
    this.decodeBytes(bytes, false);
  }

  private decodeBytes(bytes: Uint8Array, last: boolean): void {
    const wasValid = !this.decoder.invalid;
    const text = this.decoder.decode(bytes, last);
    if (wasValid && this.decoder.invalid) this.errors.push({ ...UTF8_ERROR });
    this.lines.push(text);
  }

  /** The input ended. */
  end(): void {
    if (this.ended) return;
    if (this.head) {
      // fewer than three bytes in all, the start of a byte order mark
      this.started = true;
      this.lines.start(this.head.length === 3);
      this.decodeBytes(this.head, false);
      this.head = null;
    }
    if (!this.started) this.lines.start(false);
    this.decodeBytes(new Uint8Array(0), true);
    this.lines.end();
    this.ended = true;
    const rest = this.closeReports();
    if (this.held) {
      for (const e of rest.errors) this.held.errors.push(e);
      for (const w of rest.warnings) this.held.warnings.push(w);
      this.ready.push(this.held);
      this.held = null;
    } else if (rest.errors.length || rest.warnings.length) this.ready.push({ value: newPbiProblem(), ...rest });
  }

  /** The problems read so far, each once (the newest is held until the next problem or the end). */
  take(): Parsed<PbiProblem>[] {
    return this.ready.splice(0);
  }
}

/**
 * Reads the problems of a PBI file one at a time with bounded memory (see `PbiReader`): from a
 * string, bytes, a web `ReadableStream`, a Node stream or any (async) iterable of chunks.
 * @example
 * ```ts
 * for await (const { value: problem, errors } of readPbi(createReadStream('huge.pbi'))) {
 *   if (!errors.length) console.log(problem.names.join('; '), problem.stipulation);
 * }
 * ```
 */
export async function* readPbi(source: TextSource, options: ParsePbiOptions = {}): AsyncGenerator<Parsed<PbiProblem>> {
  const reader = new PbiReader(options);
  for await (const chunk of textChunks(source)) {
    reader.push(chunk);
    yield* reader.take();
  }
  reader.end();
  yield* reader.take();
}

/** Where a data line's errors and warnings go (an array, or a reader's sink). */
interface Reports {
  push(e: NotationError): void;
}

function parseDataLine(l: Line, version: string, errors: Reports, warnings: Reports): PbiProblem | undefined {
  const raw = l.text.split(':');
  if (raw.length !== 9) {
    if (l.text.startsWith('#')) {
      errors.push({
        code: 'ERR_PBI_COMMENT_POSITION',
        message: 'comment lines may only follow the marker line directly',
        line: l.line,
        column: 1,
      });
      return undefined;
    }
    let column = l.text.length + 1;
    if (raw.length > 9) column = raw.slice(0, 9).join(':').length + 1;
    errors.push({
      code: 'ERR_PBI_FIELDS',
      message: `a data line has 9 ':'-separated fields, found ${raw.length} (encode ':' inside a field as \\x3a)`,
      line: l.line,
      column,
    });
    return undefined;
  }
  const starts: number[] = [];
  let offset = 1;
  for (const f of raw) {
    starts.push(offset);
    offset += f.length + 1;
  }
  const decode = (index: number, part: string, partOffset = 0): string =>
    decodePbiField(part, (message, at) =>
      errors.push({ code: 'ERR_PBI_ESCAPE', message, line: l.line, column: starts[index]! + partOffset + at }),
    );
  const list = (index: number, sep: string): { text: string; offset: number }[] => {
    const out: { text: string; offset: number }[] = [];
    let at = 0;
    for (const part of raw[index]!.split(sep)) {
      out.push({ text: part, offset: at });
      at += part.length + 1;
    }
    return out;
  };
  const problem: PbiProblem = {
    names: raw[0] === '' ? [] : list(0, ';').map((p) => decode(0, p.text, p.offset)),
    position: decode(1, raw[1]!),
    stipulation: decode(2, raw[2]!),
    usedSource: null,
    referencedSources: [],
    awards: [],
    keymove: decode(6, raw[6]!),
    status: decode(7, raw[7]!),
    comment: decode(8, raw[8]!),
    line: l.line,
    newline: l.newline,
    raw,
  };
  if (problem.position !== '') {
    const forsyth = parseForsyth(problem.position);
    for (const e of forsyth.errors) errors.push({ ...e, line: l.line, column: starts[1]! + (e.column ?? 1) - 1 });
    if (!forsyth.errors.length) problem.board = forsyth.value.board;
  }
  const source = (index: number, part: { text: string; offset: number }, what: string): PbiSource | null => {
    if (part.text === '') return null;
    const subs = splitSource(part.text);
    if (subs.length !== 4) {
      errors.push({
        code: 'ERR_PBI_SOURCE',
        message: `a ${what} is nr|title|date|page (4 '|'-separated subfields), found ${subs.length}`,
        line: l.line,
        column: starts[index]! + part.offset,
      });
    }
    let at = part.offset;
    const dec = subs.map((s) => {
      const v = decode(index, s, at);
      at += s.length + 1;
      return v;
    });
    return { nr: dec[0] ?? '', title: dec[1] ?? '', date: dec[2] ?? '', page: dec.slice(3).join('|') };
  };
  problem.usedSource = source(3, { text: raw[3]!, offset: 0 }, 'used source');
  // '|||' and '' mean the same (no used source); the raw field keeps which one was written.
  const u = problem.usedSource;
  if (u && !u.nr && !u.title && !u.date && !u.page) problem.usedSource = null;
  if (raw[4] !== '') {
    problem.referencedSources = list(4, ';').map(
      (p) => source(4, p, 'referenced source') ?? { nr: '', title: '', date: '', page: '' },
    );
  }
  if (raw[5] !== '') {
    for (const p of list(5, ';')) {
      const subs = p.text.split('|');
      if (subs.length !== 4) {
        errors.push({
          code: 'ERR_PBI_AWARD',
          message: `an award is nr|rank|tourney|date (4 '|'-separated subfields), found ${subs.length}`,
          line: l.line,
          column: starts[5]! + p.offset,
        });
      }
      let at = p.offset;
      const dec = subs.map((s) => {
        const v = decode(5, s, at);
        at += s.length + 1;
        return v;
      });
      problem.awards.push({
        nr: dec[0] ?? '',
        rank: dec[1] ?? '',
        tourney: dec[2] ?? '',
        date: dec.slice(3).join('|'),
      });
    }
  }
  if (version === '1.1') {
    if (problem.keymove !== '') {
      errors.push({
        code: 'ERR_PBI_KEYMOVE_V11',
        message: 'in PBI 1.1 the keymove field is reserved and must be empty',
        line: l.line,
        column: starts[6]!,
      });
    }
    if (problem.status !== '') {
      errors.push({
        code: 'ERR_PBI_STATUS_V11',
        message: 'in PBI 1.1 the status field is reserved and must be empty',
        line: l.line,
        column: starts[7]!,
      });
    }
  } else if (!(PBI_STATUSES as readonly string[]).includes(problem.status)) {
    warnings.push({
      code: 'ERR_PBI_STATUS',
      message: `status '${problem.status}' is not one of '', '!', '*', '+', '$', '?' (kept as text)`,
      line: l.line,
      column: starts[7]!,
    });
  }
  return problem;
}

/** Options of `makePbi`. */
export interface MakePbiOptions {
  /** Line ending for lines without a remembered one (default '\n'); 'keep' is implied for read lines unless `newline` is forced. */
  newline?: PbiNewline;
  /** Use `newline` for every line, ignoring the line endings remembered from the source. */
  forceNewline?: boolean;
  /** Write the Forsyth string exactly as read (e.g. `11111111` rows) instead of normalising it. */
  keepForsyth?: boolean;
  /** Ignore the remembered raw fields and write every field in canonical encoding. */
  canonical?: boolean;
  /**
   * Write the byte order mark, the marker line and the comment lines (default true); false writes
   * the data lines only, to go on with a file written in parts (a stream of problems).
   */
  header?: boolean;
  /** The number of the first problem in warnings ("problem 3: …"), for a file written in parts (default 1). */
  firstProblemNumber?: number;
  /** Called for each character PBI cannot carry, replaced in the output (`ERR_PBI_UNENCODABLE`). */
  onWarning?: (warning: NotationError) => void;
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function encodeSource(s: PbiSource, lossy: (ch: string) => void): string {
  return [s.nr, s.title, s.date, s.page].map((v) => encodePbiField(v, lossy)).join('|');
}

/** Writes a PBI document: BOM, `#PBI <version>`, comments, one data line per problem. */
export function makePbi(doc: PbiDocument, options: MakePbiOptions = {}): string {
  const { text, warnings } = writePbi(doc, options);
  if (options.onWarning) for (const warning of warnings) options.onWarning(warning);
  return text;
}

/** The PBI text and the warnings about what it could not represent. */
function writePbi(doc: PbiDocument, options: MakePbiOptions): { text: string; warnings: NotationError[] } {
  const warnings: NotationError[] = [];
  const nl = (remembered?: PbiNewline): string =>
    options.forceNewline || !remembered ? (options.newline ?? '\n') : remembered;
  const version = doc.version || '1.2';
  let out = '';
  if (options.header !== false) {
    out += `\ufeff#PBI ${version}${nl(doc.newline)}`;
    for (const c of doc.comments) {
      out += `#${c.text.replace(/[\r\n\u0085\u2028]/g, ' ')}${nl(c.newline)}`;
    }
  }
  const first = (options.firstProblemNumber ?? 1) - 1;
  doc.problems.forEach((p, i) => {
    const index = first + i;
    const lossy = (field: string) => (ch: string) =>
      warnings.push({
        code: 'ERR_PBI_UNENCODABLE',
        message: `problem ${index + 1}: U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} in the ${field} field cannot be encoded as \\xHH; written as a space`,
      });
    const fields = makeFields(p, options, lossy);
    if (version === '1.1' && (p.keymove || p.status)) {
      warnings.push({
        code: 'ERR_PBI_KEYMOVE_V11',
        message: `problem ${index + 1}: PBI 1.1 has no keymove/status; written anyway`,
      });
    }
    let line = fields.join(':');
    // A data line must not look like a comment line.
    if (line.startsWith('#')) line = `\\x23${line.slice(1)}`;
    out += `${line}${nl(p.newline)}`;
  });
  return { text: out, warnings };
}

function makeFields(p: PbiProblem, options: MakePbiOptions, lossy: (field: string) => (ch: string) => void): string[] {
  let position = p.position;
  if (!options.keepForsyth) {
    const parsed = !p.board && p.position ? parseForsyth(p.position) : undefined;
    const board = p.board ?? (parsed && !parsed.errors.length ? parsed.value.board : undefined);
    position = board ? (makeForsyth(board) ?? p.position) : p.position;
  }
  const canonical = [
    p.names.map((n) => encodePbiField(n, lossy('names'))).join(';'),
    encodePbiField(position, lossy('position')),
    encodePbiField(p.stipulation, lossy('stipulation')),
    p.usedSource && (p.usedSource.nr || p.usedSource.title || p.usedSource.date || p.usedSource.page)
      ? encodeSource(p.usedSource, lossy('used source'))
      : '',
    p.referencedSources.map((s) => encodeSource(s, lossy('referenced sources'))).join(';'),
    p.awards
      .map((a) => [a.nr, a.rank, a.tourney, a.date].map((v) => encodePbiField(v, lossy('awards'))).join('|'))
      .join(';'),
    encodePbiField(p.keymove, lossy('keymove')),
    encodePbiField(p.status, lossy('status')),
    encodePbiField(p.comment, lossy('comment')),
  ];
  if (options.canonical || !p.raw || p.raw.length !== 9) return canonical;
  if (p.raw.every((f, i) => f === canonical[i] || (i === 1 && !options.keepForsyth))) return canonical;
  // A field read from a file and not changed since is written back exactly as it was.
  const reread = parseDataLine({ text: p.raw.join(':'), newline: '\n', line: 0 }, '1.2', [], []);
  const current = [
    p.names,
    p.position,
    p.stipulation,
    p.usedSource,
    p.referencedSources,
    p.awards,
    p.keymove,
    p.status,
    p.comment,
  ];
  const before = reread
    ? [
        reread.names,
        reread.position,
        reread.stipulation,
        reread.usedSource,
        reread.referencedSources,
        reread.awards,
        reread.keymove,
        reread.status,
        reread.comment,
      ]
    : [];
  return canonical.map((field, i) => {
    if (!reread || !sameJson(current[i], before[i])) return field;
    if (i === 1 && !options.keepForsyth) return field; // the position is normalised unless asked to keep it
    return p.raw![i]!;
  });
}

/** Field names in order, for messages. */
export const PBI_FIELDS = FIELD_NAMES;

/**
 * The PBI status a solver's findings imply (the convention of the shared solve-reference data):
 * `+` no solution; `$` a shorter solution exists; `*` more solutions than intended; `!` otherwise.
 */
export function pbiStatusFromSolution(found: {
  solutions: number;
  intended?: number;
  shorterSolution?: boolean;
}): PbiStatus {
  if (found.solutions === 0) return '+';
  if (found.shorterSolution) return '$';
  if (found.solutions > (found.intended ?? 1)) return '*';
  return '!';
}

/** Returns a copy of the problem with a new status (e.g. computed by a solver), ready for makePbi. */
export function withPbiStatus(problem: PbiProblem, status: PbiStatus): PbiProblem {
  return { ...problem, status };
}

/** A new problem record with empty fields, for building PBI files from code. */
export function newPbiProblem(fields: Partial<PbiProblem> = {}): PbiProblem {
  return {
    names: [],
    position: '',
    stipulation: '',
    usedSource: null,
    referencedSources: [],
    awards: [],
    keymove: '',
    status: '',
    comment: '',
    ...fields,
  };
}
