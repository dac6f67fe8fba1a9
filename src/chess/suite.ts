import type { Variant } from './types.js';

/** One position of a perft suite with its expected node counts. */
export interface PerftCase {
  id: string;
  fen: string;
  variant: Variant;
  bughouse?: boolean;
  /** The block said `variant chess960` (the rules are the same; engines need to be told). */
  chess960?: boolean;
  /** depth → expected leaf count */
  counts: { depth: number; nodes: number }[];
  /** 1-based line of the case in the suite text */
  line: number;
}

/**
 * Reads perft suites: EPD lines (`FEN ;D1 20 ;D2 400`, optionally prefixed `zh ` / `bug `) and the
 * shakmaty/scalachess `.perft` blocks (`id`, `epd`, `perft <depth> <nodes>`, optionally `variant
 * chess|chess960|crazyhouse|bughouse`; other keywords such as `verified` are notes). A FEN with a
 * pocket (`[..]` or a 9th rank) is crazyhouse.
 */
export function parsePerftSuite(text: string, defaultVariant?: Variant): PerftCase[] {
  const cases: PerftCase[] = [];
  const lines = text.split(/\r?\n/);
  let current: PerftCase | undefined;
  const variantOf = (fen: string): Variant => defaultVariant ?? (looksCrazyhouse(fen) ? 'crazyhouse' : 'chess');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (!raw || raw.startsWith('#')) continue;
    const kw = /^(id|epd|perft|variant)\s+(.*)$/.exec(raw);
    if (kw) {
      if (kw[1] === 'id') {
        current = { id: kw[2].trim(), fen: '', variant: 'chess', counts: [], line: i + 1 };
        cases.push(current);
      } else if (kw[1] === 'epd') {
        if (!current || current.fen) {
          current = { id: `line ${i + 1}`, fen: '', variant: 'chess', counts: [], line: i + 1 };
          cases.push(current);
        }
        current.fen = kw[2].trim();
        current.variant = variantOf(current.fen);
      } else if (kw[1] === 'variant') {
        if (current) setVariant(current, kw[2].trim());
      } else if (current) {
        const m = /^(\d+)\s+(\d+)/.exec(kw[2]);
        if (m) current.counts.push({ depth: +m[1], nodes: +m[2] });
      }
      continue;
    }
    if (raw.includes(';')) {
      const [head, ...rest] = raw.split(';');
      let fen = head.trim();
      let variant: Variant | undefined;
      let bughouse = false;
      const prefix = /^(zh|bug)\s+/.exec(fen);
      if (prefix) {
        variant = 'crazyhouse';
        bughouse = prefix[1] === 'bug';
        fen = fen.slice(prefix[0].length);
      }
      const counts: { depth: number; nodes: number }[] = [];
      for (const part of rest) {
        const m = /^\s*D(\d+)\s+(\d+)\s*$/.exec(part);
        if (m) counts.push({ depth: +m[1], nodes: +m[2] });
      }
      const c: PerftCase = { id: `line ${i + 1}`, fen, variant: variant ?? variantOf(fen), counts, line: i + 1 };
      if (bughouse) c.bughouse = true;
      cases.push(c);
      current = undefined;
    }
  }
  return cases.filter((c) => c.fen);
}

function setVariant(c: PerftCase, name: string): void {
  if (name === 'crazyhouse' || name === 'bughouse') c.variant = 'crazyhouse';
  else if (name === 'chess' || name === 'chess960') c.variant = 'chess';
  if (name === 'bughouse') c.bughouse = true;
  if (name === 'chess960') c.chess960 = true;
}

/** A FEN with a pocket (`[..]` or a 9th rank) or promoted-piece marks (`~`) is crazyhouse. */
export function looksCrazyhouse(fen: string): boolean {
  const board = fen.trim().split(/\s+/)[0] ?? '';
  return board.includes('[') || board.includes('~') || board.split('/').length > 8;
}
