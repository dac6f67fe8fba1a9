/**
 * How PBN bytes become text, for `parsePbn` (whole input) and `readPbn` (chunk by chunk) alike,
 * so both read any file the same way. PBN 2.1 (2.2) defines the file as ISO 8859-1 (Latin-1); many
 * programs now write UTF-8. The rule is the text layer's, one for the whole PGN family
 * (src/text/decode.ts): chosen once per file, UTF-8 when the file starts with a UTF-8 byte order
 * mark or when its first non-ASCII byte begins a well-formed UTF-8 sequence, Latin-1 otherwise; in a
 * UTF-8 file a byte that is not UTF-8 is read as its Latin-1 character and reported once, with the
 * count and the line of the first (`ERR_PBN_ENCODING`, a warning): nothing is dropped.
 */
import type { NotationError } from '../../errors.js';
import { StreamDecoder } from '../../text/index.js';

/** The text layer's stream decoder, with the PBN warning for bytes of a UTF-8 file that were not UTF-8. */
export class PbnDecoder extends StreamDecoder {
  /** The warning for bytes of a UTF-8 file that were not UTF-8 (none: null). */
  warning(): NotationError | null {
    return this.encodingWarning('ERR_PBN_ENCODING');
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
