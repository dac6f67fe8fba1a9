/**
 * Shared text decoding for the PGN family (PGN, BPGN, PBN, AIF).
 *
 * `decodeText(bytes)` strips a UTF-8 BOM and decodes UTF-8; when the bytes are not valid UTF-8 it
 * falls back to ISO 8859-1 (Latin-1: every byte is the code point of the same value, unlike the
 * WHATWG "latin1" label which means windows-1252).
 */
export interface DecodedText {
  text: string;
  encoding: 'utf-8' | 'latin1';
  bom: boolean;
}

const utf8 = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true });

/** ISO 8859-1: each byte becomes the code point of the same value (never fails). */
export function decodeLatin1(bytes: Uint8Array): string {
  let out = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + chunk) as unknown as number[]);
  }
  return out;
}

/** Strict UTF-8: throws on bytes that are not well-formed (a leading byte order mark is dropped). */
export function decodeUtf8(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

export function decodeText(input: Uint8Array | string): DecodedText {
  if (typeof input === 'string') {
    const bom = input.charCodeAt(0) === 0xfeff;
    return { text: bom ? input.slice(1) : input, encoding: 'utf-8', bom };
  }
  let bytes = input;
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if (bom) bytes = bytes.subarray(3);
  try {
    return { text: utf8.decode(bytes), encoding: 'utf-8', bom };
  } catch {
    return { text: decodeLatin1(bytes), encoding: 'latin1', bom };
  }
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

function countLf(b: Uint8Array, from: number, to: number): number {
  let n = 0;
  for (let i = b.indexOf(10, from); i >= 0 && i < to; i = b.indexOf(10, i + 1)) n++;
  return n;
}

const utf8Lenient = /* @__PURE__ */ new TextDecoder('utf-8');

/**
 * Decodes a byte stream chunk by chunk with one choice of encoding per input (PBN's rule; see
 * `decodeStream`): UTF-8 when the input starts with a UTF-8 byte order mark or when its first
 * non-ASCII byte begins a well-formed UTF-8 sequence, Latin-1 otherwise. In a UTF-8 input a byte
 * that is not part of a well-formed sequence is read as its Latin-1 character and counted
 * (`invalid`, first at line `invalidLine`): nothing is dropped. The decision needs at most the
 * first four non-ASCII bytes, and a sequence cut by a chunk boundary is carried over to the next
 * chunk, so a stream is decoded with no look-back.
 */
export class StreamDecoder {
  /** Undecided until the first non-ASCII byte (or a BOM). */
  encoding: 'utf-8' | 'latin1' | undefined;
  private pending: Uint8Array | null = null;
  private started = false;
  private lines = 0;
  /** Bytes of a UTF-8 input that were not UTF-8 (read as Latin-1 characters). */
  invalid = 0;
  /** Line of the first of them. */
  invalidLine = 0;

  /** Text of the next bytes; `last` at the end of the input (an unfinished sequence is then read as Latin-1). */
  decode(chunk: Uint8Array, last = false): string {
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
      this.started = true;
      if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
        this.encoding = 'utf-8';
        from = 3;
      }
    }
    let out = '';
    if (this.encoding === undefined) {
      let i = from;
      while (i < b.length && b[i]! < 0x80) i++;
      if (i === b.length) {
        this.lines += countLf(b, from, b.length);
        return decodeLatin1(b.subarray(from));
      }
      const n = sequenceLength(b, i, b.length);
      if (n < 0 && !last) {
        // the first non-ASCII sequence is cut by the chunk: decide with the next bytes
        out = decodeLatin1(b.subarray(from, i));
        this.lines += countLf(b, from, i);
        this.pending = b.slice(i);
        return out;
      }
      this.encoding = n > 0 ? 'utf-8' : 'latin1';
    }
    if (this.encoding === 'latin1') return out + decodeLatin1(b.subarray(from));
    return out + this.utf8(b, from, last);
  }

  private utf8(b: Uint8Array, from: number, last: boolean): string {
    // a sequence cut by the end of the chunk waits for the next one
    let end = b.length;
    if (!last) {
      let k = end - 1;
      while (k >= from && k > end - 4 && b[k]! >= 0x80 && b[k]! < 0xc0) k--;
      if (k >= from && b[k]! >= 0xc0 && sequenceLength(b, k, end) < 0) end = k;
    }
    if (end < b.length) this.pending = b.slice(end);
    const part = b.subarray(from, end);
    try {
      const text = utf8.decode(part);
      if (!this.invalid) this.lines += countLf(part, 0, part.length);
      return text;
    } catch {
      // not well-formed somewhere: well-formed runs as UTF-8, every other byte as Latin-1
      let out = '';
      let run = from;
      let i = from;
      while (i < end) {
        if (b[i]! < 0x80) {
          i++;
          continue;
        }
        const n = sequenceLength(b, i, end);
        if (n > 0) {
          i += n;
          continue;
        }
        out += utf8Lenient.decode(b.subarray(run, i)) + String.fromCharCode(b[i]!);
        if (!this.invalid++) this.invalidLine = this.lines + countLf(b, from, i) + 1;
        i++;
        run = i;
      }
      if (!this.invalid) this.lines += countLf(b, from, end);
      return out + utf8Lenient.decode(b.subarray(run, end));
    }
  }
}
