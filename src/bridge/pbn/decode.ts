/**
 * The one rule by which PBN bytes become text, for `parsePbn` (whole input) and `readPbnGames`
 * (chunk by chunk) alike, so both read any file the same way:
 *
 * PBN 2.1 (2.2) defines the file as ISO 8859-1 (Latin-1); many programs now write UTF-8. The choice is
 * made once per file: UTF-8 when the file starts with a UTF-8 byte order mark or when its first
 * non-ASCII byte begins a well-formed UTF-8 sequence, Latin-1 otherwise (a Latin-1 letter such as
 * `é` = E9 followed by ASCII is never well-formed UTF-8). In a UTF-8 file a byte that is not part
 * of a well-formed sequence is read as its Latin-1 character and reported once, with the count and
 * the line of the first (`ERR_PBN_ENCODING`, a warning): nothing is dropped. An ASCII file is both.
 * The decision needs at most the first four non-ASCII bytes, so a stream is decoded with no look-back.
 */
import { notationError, type NotationError } from '../../errors.js';
import { decodeLatin1 } from '../../text/index.js';

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

const utf8Fatal = new TextDecoder('utf-8', { fatal: true });
const utf8 = new TextDecoder('utf-8');

export class PbnDecoder {
  /** Undecided until the first non-ASCII byte (or a BOM). */
  encoding: 'utf-8' | 'latin1' | undefined;
  private pending: Uint8Array | null = null;
  private started = false;
  private lines = 0;
  private invalid = 0;
  private invalidLine = 0;

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
      const text = utf8Fatal.decode(part);
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
        out += utf8.decode(b.subarray(run, i)) + String.fromCharCode(b[i]!);
        if (!this.invalid++) this.invalidLine = this.lines + countLf(b, from, i) + 1;
        i++;
        run = i;
      }
      if (!this.invalid) this.lines += countLf(b, from, end);
      return out + utf8.decode(b.subarray(run, end));
    }
  }

  /** The warning for bytes of a UTF-8 file that were not UTF-8 (none: null). */
  warning(): NotationError | null {
    if (!this.invalid) return null;
    return notationError('ERR_PBN_ENCODING', `${this.invalid} byte(s) of this UTF-8 file are not UTF-8; read as Latin-1 characters`, this.invalidLine, 1);
  }
}

/** A whole PBN input as text, by the rule above (a string is taken as it is, less a BOM). */
export function decodePbn(input: string | Uint8Array): { text: string; encoding: 'utf-8' | 'latin1'; warning: NotationError | null } {
  if (typeof input === 'string') return { text: input.charCodeAt(0) === 0xfeff ? input.slice(1) : input, encoding: 'utf-8', warning: null };
  const d = new PbnDecoder();
  const text = d.decode(input, true);
  return { text, encoding: d.encoding ?? 'utf-8', warning: d.warning() };
}
