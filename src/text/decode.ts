/**
 * The one rule by which bytes of the PGN family (PGN, BPGN, PBN, AIF) become text, for whole inputs
 * and streams alike (`StreamDecoder`), so a file reads the same whichever way it is read:
 *
 * The choice is made once per input: UTF-8 when it starts with a UTF-8 byte order mark or when its
 * first non-ASCII byte begins a well-formed UTF-8 sequence, ISO 8859-1 (Latin-1: every byte is the
 * code point of the same value, unlike the WHATWG "latin1" label which means windows-1252)
 * otherwise (a Latin-1 letter such as `é` = E9 followed by ASCII is never well-formed UTF-8). In a
 * UTF-8 input a byte that is not part of a well-formed sequence is read as its Latin-1 character
 * and counted, to be reported once as a warning with the count and the line of the first
 * (`encodingWarning`, a code per format): nothing is dropped. An ASCII input is both.
 */
import { notationError, type NotationError } from '../errors.js';
import { countLineEndsBytes } from './escape.js';

/** The two encodings of the family. */
export type TextEncodingName = 'utf-8' | 'latin1';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  bom: boolean;
}

const utf8 = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true });

/** ISO 8859-1 in plain JavaScript (the fallback of `decodeLatin1`). */
function latin1Js(bytes: Uint8Array): string {
  let out = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + chunk) as unknown as number[]);
  }
  return out;
}

/** Characters windows-1252 gives bytes 80..9F that are not the code point of the same value. */
const REMAPPED = /[^\u0000-\u00ff]/;

/**
 * The fastest exact Latin-1 decoder of the platform, measured on a 20 MB file in 1 MiB pieces:
 * Node's Buffer (about 20 ms, asked for at run time so the module loads in a page too), else the
 * native windows-1252 decoder, exact unless the bytes hold one of the C1 controls it remaps (about
 * 70 ms), else plain JavaScript (about 300 ms).
 */
const latin1Native = /* @__PURE__ */ (() => {
  const buffer = (
    (globalThis as any).process?.getBuiltinModule?.('node:buffer') as
      | { Buffer: { from(b: ArrayBufferLike, offset: number, length: number): { toString(e: string): string } } }
      | undefined
  )?.Buffer;
  if (buffer) return (b: Uint8Array) => buffer.from(b.buffer, b.byteOffset, b.length).toString('latin1');
  try {
    const cp1252 = new TextDecoder('windows-1252');
    return (b: Uint8Array) => {
      const text = cp1252.decode(b);
      return REMAPPED.test(text) ? latin1Js(b) : text;
    };
  } catch {
    return latin1Js;
  }
})();

/** ISO 8859-1: each byte becomes the code point of the same value (never fails). */
export function decodeLatin1(bytes: Uint8Array): string {
  return latin1Native(bytes);
}

/** A whole input as text by the family's rule (a string is taken as it is, less a byte order mark). */
export function decodeText(input: Uint8Array | string): DecodedText & { invalid: number; invalidLine: number } {
  if (typeof input === 'string') {
    const bom = input.charCodeAt(0) === 0xfeff;
    return { text: bom ? input.slice(1) : input, encoding: 'utf-8', bom, invalid: 0, invalidLine: 0 };
  }
  const d = new StreamDecoder();
  const bom = hasBom(input);
  const text = d.decode(input, true);
  return { text, encoding: d.encoding ?? 'utf-8', bom, invalid: d.invalid, invalidLine: d.invalidLine };
}

/** Whether `bytes` start with a UTF-8 byte order mark. */
export function hasBom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/**
 * Length of the well-formed UTF-8 sequence at `i` (Unicode 15, table 3-7): 2..4, 0 when the bytes
 * there are not well-formed, -1 when they might be but the input ends first.
 */
function sequenceLength(b: Uint8Array, i: number, end: number): number {
  const c = b[i]!;
  let n: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (c >= 0xc2 && c <= 0xdf) n = 2;
  else if (c >= 0xe0 && c <= 0xef) {
    n = 3;
    if (c === 0xe0) lo = 0xa0;
    else if (c === 0xed) hi = 0x9f;
  } else if (c >= 0xf0 && c <= 0xf4) {
    n = 4;
    if (c === 0xf0) lo = 0x90;
    else if (c === 0xf4) hi = 0x8f;
  } else return 0;
  for (let k = 1; k < n; k++) {
    if (i + k >= end) return -1;
    const d = b[i + k]!;
    if (k === 1 ? d < lo || d > hi : d < 0x80 || d > 0xbf) return 0;
  }
  return n;
}

const utf8Lenient = /* @__PURE__ */ new TextDecoder('utf-8');

/** Text of a piece of input in a known encoding, with the bytes of a UTF-8 piece that were not UTF-8. */
export interface DecodedPiece {
  text: string;
  /** Bytes read as Latin-1 characters because they were not UTF-8. */
  invalid: number;
  /** Line of the first of them (0: none). */
  invalidLine: number;
}

/**
 * Decodes `bytes[from, end)` in `encoding` (the choice already made for the input); `line` is the
 * line of `bytes[from]`, for the line of a first bad byte. The piece must not cut a UTF-8
 * sequence (callers cut at line ends, or hold the cut sequence back: see `StreamDecoder`).
 */
export function decodePiece(
  bytes: Uint8Array,
  encoding: TextEncodingName,
  line = 1,
  from = 0,
  end = bytes.length,
): DecodedPiece {
  const part = from === 0 && end === bytes.length ? bytes : bytes.subarray(from, end);
  if (encoding === 'latin1') return { text: decodeLatin1(part), invalid: 0, invalidLine: 0 };
  try {
    return { text: utf8.decode(part), invalid: 0, invalidLine: 0 };
  } catch {
    // not well-formed somewhere: well-formed runs as UTF-8, every other byte as Latin-1
    let out = '';
    let invalid = 0;
    let invalidLine = 0;
    let run = from;
    let i = from;
    while (i < end) {
      if (bytes[i]! < 0x80) {
        i++;
        continue;
      }
      const n = sequenceLength(bytes, i, end);
      if (n > 0) {
        i += n;
        continue;
      }
      out += utf8Lenient.decode(bytes.subarray(run, i)) + String.fromCharCode(bytes[i]!);
      if (!invalid++) invalidLine = line + countLineEndsBytes(bytes, from, i);
      i++;
      run = i;
    }
    return { text: out + utf8Lenient.decode(bytes.subarray(run, end)), invalid, invalidLine };
  }
}

/** The warning for `invalid` bytes of a UTF-8 input that were not UTF-8 (none: null), under a format's `code`. */
export function encodingWarning(code: string, invalid: number, line: number): NotationError | null {
  if (!invalid) return null;
  return notationError(
    code,
    `${invalid} byte(s) of this UTF-8 file are not UTF-8; read as Latin-1 characters`,
    line,
    1,
  );
}

/**
 * Decodes an input chunk by chunk by the family's rule (see the top of this file). The decision
 * needs at most the first four non-ASCII bytes, and a sequence cut by a chunk boundary is carried
 * over to the next chunk, so a stream is decoded with no look-back. Pieces of the same input
 * decoded elsewhere (worker threads, with `decodePiece` and the encoding chosen here) add their
 * bad bytes with `addInvalid`, in input order, so one warning covers the whole input.
 */
export class StreamDecoder {
  /** Undecided until the first non-ASCII byte (or a BOM). */
  encoding: TextEncodingName | undefined;
  private pending: Uint8Array | null = null;
  private started = false;
  /** Line of the next byte (counted here unless the caller gives each chunk's line). */
  private line = 1;
  private endCR = false;
  /** Bytes of a UTF-8 input that were not UTF-8 (read as Latin-1 characters). */
  invalid = 0;
  /** Line of the first of them. */
  invalidLine = 0;

  /**
   * Whether `bytes`, the start of the input, begin with a UTF-8 byte order mark (the input is then
   * UTF-8), for callers that strip it themselves before scanning; `decode` strips it otherwise.
   */
  skipBom(bytes: Uint8Array): boolean {
    if (this.started || !bytes.length) return false;
    this.started = true;
    if (!hasBom(bytes)) return false;
    this.encoding = 'utf-8';
    return true;
  }

  /**
   * Makes the choice from `bytes` (the next whole lines of the input) without decoding them, when
   * they hold the first non-ASCII byte; returns the encoding (undefined: still only ASCII).
   */
  detect(bytes: Uint8Array): TextEncodingName | undefined {
    if (this.encoding !== undefined) return this.encoding;
    let i = 0;
    while (i < bytes.length && bytes[i]! < 0x80) i++;
    if (i < bytes.length) this.encoding = sequenceLength(bytes, i, bytes.length) > 0 ? 'utf-8' : 'latin1';
    return this.encoding;
  }

  /** Counts bad bytes found in a piece decoded elsewhere (`decodePiece`), in input order. */
  addInvalid(invalid: number, line: number): void {
    if (!invalid) return;
    if (!this.invalid) this.invalidLine = line;
    this.invalid += invalid;
  }

  /** The warning for the bad bytes of a UTF-8 input under a format's `code` (none: null). */
  encodingWarning(code: string): NotationError | null {
    return encodingWarning(code, this.invalid, this.invalidLine);
  }

  /**
   * Text of the next bytes; `last` at the end of the input (an unfinished sequence is then read as
   * Latin-1). `line`, when the caller tracks lines, is the line of `chunk[0]`.
   */
  decode(chunk: Uint8Array, last = false, line?: number): string {
    if (line !== undefined) this.line = line;
    let b = chunk;
    if (this.pending) {
      const joined = new Uint8Array(this.pending.length + chunk.length);
      joined.set(this.pending);
      joined.set(chunk, this.pending.length);
      b = joined;
      this.pending = null;
    }
    let from = 0;
    if (!this.started && b.length) {
      if (b.length < 3 && !last && b[0] === 0xef) {
        this.pending = b.slice();
        return '';
      }
      if (this.skipBom(b)) from = 3;
    }
    let out = '';
    if (this.encoding === undefined) {
      // well-formed UTF-8 throughout (the common case) decides with one native pass: with a
      // non-ASCII character in it the first one began a well-formed sequence
      try {
        const text = utf8.decode(from ? b.subarray(from) : b);
        if (text.length !== b.length - from) this.encoding = 'utf-8';
        this.count(b, from, b.length, line);
        return text;
      } catch {
        // a cut or bad sequence: decide at the first non-ASCII byte
      }
      let i = from;
      while (i < b.length && b[i]! < 0x80) i++;
      const n = sequenceLength(b, i, b.length);
      if (n < 0 && !last) {
        // the first non-ASCII sequence is cut by the chunk: decide with the next bytes
        out = decodeLatin1(b.subarray(from, i));
        this.count(b, from, i, line);
        this.pending = b.slice(i);
        return out;
      }
      this.encoding = n > 0 ? 'utf-8' : 'latin1';
    }
    if (this.encoding === 'latin1') return out + decodeLatin1(b.subarray(from));
    // a sequence cut by the end of the chunk waits for the next one
    let end = b.length;
    if (!last) {
      let k = end - 1;
      while (k >= from && k > end - 4 && b[k]! >= 0x80 && b[k]! < 0xc0) k--;
      if (k >= from && b[k]! >= 0xc0 && sequenceLength(b, k, end) < 0) end = k;
    }
    if (end < b.length) this.pending = b.slice(end);
    const piece = decodePiece(b, 'utf-8', this.line, from, end);
    this.addInvalid(piece.invalid, piece.invalidLine);
    this.count(b, from, end, line);
    return out + piece.text;
  }

  /**
   * Moves the line past `b[from, end)` when lines are counted here: only for the line of the first
   * bad byte of a UTF-8 input, so not once one was found.
   */
  private count(b: Uint8Array, from: number, end: number, given: number | undefined): void {
    if (given !== undefined || end <= from || this.invalid) return;
    this.line += countLineEndsBytes(b, from, end) - (this.endCR && b[from] === 10 ? 1 : 0);
    this.endCR = b[end - 1] === 13;
  }
}
