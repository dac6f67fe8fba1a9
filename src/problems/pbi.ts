// PBI ("Problem Import") 1.1 / 1.2: a line-based UTF-8 file of orthodox chess problems.
// Reader: never throws on bad input; every error/warning has a stable ERR_PBI_* code and line:column.
// Writer: canonical form (BOM, marker, minimal \xHH encoding per field, normalised Forsyth), but
// fields read from a file and left unchanged are written back byte for byte.
import type { NotationError, Parsed } from '../errors.js';
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

function decodeInput(input: string | Uint8Array, errors: NotationError[]): { text: string; bom: boolean } {
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
    errors.push({
      code: 'ERR_PBI_UTF8',
      message: 'the file is not valid UTF-8 (bad bytes were replaced by U+FFFD)',
      line: 1,
      column: 1,
    });
    return { text: new TextDecoder('utf-8').decode(bytes), bom };
  }
}

function splitSource(raw: string): string[] {
  return raw.split('|');
}

/** Options of `parsePbi`. */
export interface ParsePbiOptions {
  /** Errors (and, separately, warnings) kept before one `ERR_TOO_MANY_ERRORS` with the count. Default 100. */
  maxErrors?: number;
}

/**
 * A list that keeps its first `max` items and counts the rest (memory stays flat however many
 * lines are bad); `close()` removes the counting `push` and appends `ERR_TOO_MANY_ERRORS`.
 */
function cappedList(max: number, what: string): { list: NotationError[]; close(): void } {
  const list: NotationError[] = [];
  let count = 0;
  let last: NotationError | undefined;
  list.push = (...items: NotationError[]): number => {
    for (const item of items) {
      last = item;
      if (++count <= max) Array.prototype.push.call(list, item);
    }
    return list.length;
  };
  return {
    list,
    close() {
      delete (list as { push?: unknown }).push;
      if (count > max) {
        list.push({
          code: 'ERR_TOO_MANY_ERRORS',
          message: `${count - max} more ${what} not reported (${count} in all; maxErrors ${max})`,
          line: last?.line ?? 1,
          column: last?.column ?? 1,
        });
      }
    },
  };
}

/**
 * Reads a PBI file (text or bytes) into one `Parsed` item for the whole document: `value` is the
 * document (what `makePbi` writes back), `errors` and `warnings` are the file's. Bad input never throws.
 * @example
 * ```ts
 * const { value: doc, errors } = parsePbi(readFileSync('collection.pbi'));
 * for (const e of errors) console.log(`${e.line}:${e.column} ${e.code} ${e.message}`);
 * makePbi(doc); // the file again
 * ```
 */
export function parsePbi(input: string | Uint8Array, options: ParsePbiOptions = {}): Parsed<PbiDocument> {
  const max = Math.max(0, options.maxErrors ?? 100);
  const cappedErrors = cappedList(max, 'error(s)');
  const cappedWarnings = cappedList(max, 'warning(s)');
  const errors = cappedErrors.list;
  const warnings = cappedWarnings.list;
  try {
    return { value: parseInto(input, errors, warnings), errors, warnings };
  } finally {
    cappedErrors.close();
    cappedWarnings.close();
  }
}

function parseInto(input: string | Uint8Array, errors: NotationError[], warnings: NotationError[]): PbiDocument {
  const doc: PbiDocument = { version: '', comments: [], problems: [] };
  const { text, bom } = decodeInput(input, errors);
  if (!bom)
    warnings.push({
      code: 'ERR_PBI_BOM',
      message: 'a PBI file starts with the UTF-8 byte order mark (EF BB BF)',
      line: 1,
      column: 1,
    });
  const { lines, rest, restLine } = splitPbiLines(text);
  if (rest.length) {
    warnings.push({
      code: 'ERR_PBI_NO_NLF',
      message: 'characters after the last line end do not form a PBI line and are ignored',
      line: restLine,
      column: 1,
    });
  }
  const marker = lines[0];
  if (!marker) {
    const m = /^#PBI (\S*)/.exec(rest);
    errors.push({
      code: 'ERR_PBI_MARKER',
      message: 'the file has no complete marker line `#PBI 1.2`',
      line: 1,
      column: 1,
    });
    if (m) doc.version = m[1]!;
    return doc;
  }
  const m = /^#PBI ([0-9]+\.[0-9]+)$/.exec(marker.text);
  if (!m) {
    errors.push({
      code: 'ERR_PBI_MARKER',
      message: `the first line must be '#PBI <version>', found '${marker.text.slice(0, 40)}'`,
      line: 1,
      column: 1,
    });
    const loose = /^#PBI (.*)$/.exec(marker.text);
    doc.version = loose ? loose[1]! : '';
    if (!loose) return doc;
  } else {
    doc.version = m[1]!;
    if (!PBI_VERSIONS.includes(doc.version)) {
      errors.push({
        code: 'ERR_PBI_VERSION',
        message: `unknown PBI version '${doc.version}' (the version is a string: only '1.1' and '1.2' are defined; '1.0' is obsolete)`,
        line: 1,
        column: 6,
      });
    }
  }
  doc.newline = marker.newline;
  let i = 1;
  for (; i < lines.length && lines[i]!.text.startsWith('#'); i++) {
    const l = lines[i]!;
    doc.comments.push({ text: l.text.slice(1), line: l.line, newline: l.newline });
  }
  for (; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.text === '') {
      warnings.push({
        code: 'ERR_PBI_EMPTY_LINE',
        message: 'empty line ignored (every line after the comments is a data line)',
        line: l.line,
        column: 1,
      });
      continue;
    }
    const problem = parseDataLine(l, doc.version, errors, warnings);
    if (problem) doc.problems.push(problem);
  }
  if (
    !doc.problems.length &&
    !errors.some((e) => e.code === 'ERR_PBI_FIELDS' || e.code === 'ERR_PBI_COMMENT_POSITION')
  ) {
    errors.push({
      code: 'ERR_PBI_NO_DATA',
      message: 'a PBI file has at least one data line',
      line: lines.at(-1)?.line ?? 1,
      column: 1,
    });
  }
  return doc;
}

function parseDataLine(
  l: Line,
  version: string,
  errors: NotationError[],
  warnings: NotationError[],
): PbiProblem | undefined {
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
  let out = `\ufeff#PBI ${version}${nl(doc.newline)}`;
  for (const c of doc.comments) {
    out += `#${c.text.replace(/[\r\n\u0085\u2028]/g, ' ')}${nl(c.newline)}`;
  }
  doc.problems.forEach((p, index) => {
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
