import type { FormatHandler } from '../types.js';
import { pbiFormat } from './pbi.js';
import { pbnFormat } from './pbn.js';
import { problemXmlFormat } from './problem-xml.js';
import { pgnFormat } from './pgn.js';
import { aifFormat } from './aif.js';
import { bpgnFormat } from './bpgn.js';
import { chesscomFormat } from './chesscom.js';

/** Every format the CLI's check/export/convert verbs know; each domain adds its handler here. */
export const formats: FormatHandler[] = [
  pbiFormat,
  problemXmlFormat,
  pbnFormat,
  bpgnFormat,
  pgnFormat,
  aifFormat,
  chesscomFormat,
];

export function formatByName(name: string): FormatHandler | undefined {
  return formats.find((f) => f.name === name.toLowerCase());
}

export function formatFor(fileName: string, text: string): FormatHandler | undefined {
  const lower = fileName.toLowerCase();
  const byExtension = formats.find((f) => f.extensions.some((ext) => lower.endsWith(ext)));
  return byExtension ?? formats.find((f) => f.sniff?.(text));
}
