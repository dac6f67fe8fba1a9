import type { FormatHandler } from '../types.js';

/**
 * A format as the CLI recognises it: by name, extension or content. The handler is imported only
 * once a file is found to be in this format (a check of a PGN file never loads the XML parser).
 */
export interface Format {
  name: string;
  extensions: string[];
  /** Recognises the format from the first bytes when the extension does not tell. */
  sniff(text: string): boolean;
  /**
   * Extensions of another format that this one takes over when `sniff` recognises the content (a
   * dialect saved under the wrong name, such as chess.com's bughouse export as `.pgn`).
   */
  claims?: string[];
  load(): Promise<FormatHandler>;
}

/** Every format the CLI's check/export/convert verbs know, in sniffing order; each domain adds its line here. */
export const formats: Format[] = [
  {
    name: 'pbi',
    extensions: ['.pbi'],
    sniff: (text) => /^(\uFEFF|\u00EF\u00BB\u00BF)?#PBI /.test(text),
    load: async () => (await import('./pbi.js')).pbiFormat,
  },
  {
    name: 'problem-xml',
    extensions: ['.xml'],
    sniff: (text) => /stniekat\/pccc|<problems[\s>]/.test(text),
    load: async () => (await import('./problem-xml.js')).problemXmlFormat,
  },
  {
    name: 'pbn',
    extensions: ['.pbn'],
    sniff: (text) => /^\uFEFF?%\s*PBN\b/.test(text) || /\[(Deal|Dealer|Vulnerable|Auction|Declarer)\s+"/.test(text),
    load: async () => (await import('./pbn.js')).pbnFormat,
  },
  {
    name: 'bpgn',
    extensions: ['.bpgn'],
    sniff: (text) =>
      /\[(WhiteA|BlackA|WhiteB|BlackB)\s+"|\[Variant\s+"Bughouse"\]/i.test(text) || /(^|\s)1[AaBb]\.\s*\S/.test(text),
    claims: ['.pgn'],
    load: async () => (await import('./bpgn.js')).bpgnFormat,
  },
  {
    name: 'pgn',
    extensions: ['.pgn'],
    // PBN shares the tag syntax: ask for a chess-only tag or for numbered SAN movetext.
    sniff: (text) => /\[(White|Black|FEN|WhiteElo|ECO)\s+"/.test(text) || /(^|\s)1\.\s*[a-hNBRQKO]/.test(text),
    load: async () => (await import('./pgn.js')).pgnFormat,
  },
  {
    name: 'aif',
    extensions: ['.aif', '.aif.gz'],
    sniff: (text) => /^(\uFEFF)?;\s*AIF\s+v/i.test(text),
    load: async () => (await import('./aif.js')).aifFormat,
  },
  {
    name: 'epd',
    extensions: ['.epd'],
    // A line that starts with FEN's four position fields (then operations or FEN's counters).
    sniff: (text) =>
      /^\uFEFF?\s*[1-8pnbrqkPNBRQK]+(\/[1-8pnbrqkPNBRQK]+){7}\s+[wb]\s+(-|[KQkqA-Ha-h]{1,4})\s+(-|[a-h][36])(\s|;|$)/m.test(
        text,
      ),
    load: async () => (await import('./epd.js')).epdFormat,
  },
  {
    name: 'chesscom',
    extensions: [],
    sniff: (text) => /"moveList"\s*:/.test(text) && /"partnerGameId"\s*:/.test(text),
    load: async () => (await import('./chesscom.js')).chesscomFormat,
  },
];

export function formatByName(name: string): Format | undefined {
  return formats.find((f) => f.name === name.toLowerCase());
}

export function formatFor(fileName: string, text: string): Format | undefined {
  const lower = fileName.toLowerCase();
  const named = (exts: string[] | undefined) => exts?.some((ext) => lower.endsWith(ext)) ?? false;
  const claimed = formats.find((f) => named(f.claims) && f.sniff(text));
  return claimed ?? formats.find((f) => named(f.extensions)) ?? formats.find((f) => f.sniff(text));
}
