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

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function decodeLatin1(bytes: Uint8Array): string {
  let out = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + chunk) as unknown as number[]);
  }
  return out;
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
