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
import { StreamDecoder } from '../../text/index.js';

/** The text layer's stream decoder, with the PBN warning for bytes of a UTF-8 file that were not UTF-8. */
export class PbnDecoder extends StreamDecoder {
  /** The warning for bytes of a UTF-8 file that were not UTF-8 (none: null). */
  warning(): NotationError | null {
    if (!this.invalid) return null;
    return notationError(
      'ERR_PBN_ENCODING',
      `${this.invalid} byte(s) of this UTF-8 file are not UTF-8; read as Latin-1 characters`,
      this.invalidLine,
      1,
    );
  }
}

/** A whole PBN input as text, by the rule above (a string is taken as it is, less a BOM). */
export function decodePbn(input: string | Uint8Array): {
  text: string;
  encoding: 'utf-8' | 'latin1';
  warning: NotationError | null;
} {
  if (typeof input === 'string')
    return { text: input.charCodeAt(0) === 0xfeff ? input.slice(1) : input, encoding: 'utf-8', warning: null };
  const d = new PbnDecoder();
  const text = d.decode(input, true);
  return { text, encoding: d.encoding ?? 'utf-8', warning: d.warning() };
}
