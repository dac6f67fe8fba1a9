// Reads the solutions out of Popeye's own regression outputs (English or German notation):
// the keys of #n/s#n and the full lines of h#n, as UCI, one block per problem of the input.
const PROMO: Record<string, string> = { D: 'q', Q: 'q', T: 'r', R: 'r', L: 'b', B: 'b', S: 'n', N: 'n' };
const MOVE = /^(?:[KDTLSBQRN])?([a-h][1-8])[-*]([a-h][1-8])(?:=([DTLSQRBN]))?/;

/** Blocks of an output file, one per problem (split at "solution finished." / "Loesung beendet."). */
export function outputBlocks(text: string): string[] {
  return text.split(/^\s*(?:solution finished\.|Loesung beendet\.)\s*$/m).slice(0, -1);
}

function moveUci(token: string, white: boolean): string | undefined {
  if (token.startsWith('0-0-0')) return white ? 'e1c1' : 'e8c8';
  if (token.startsWith('0-0')) return white ? 'e1g1' : 'e8g8';
  const m = MOVE.exec(token);
  return m ? m[1]! + m[2]! + (m[3] ? PROMO[m[3]]! : '') : undefined;
}

/** Keys (#n, s#n): the lines `1.<move> … !`. */
export function keysOf(block: string): string[] {
  const keys: string[] = [];
  for (const raw of block.split('\n')) {
    const line = raw.trim();
    if (!line.startsWith('1.') || line.startsWith('1...')) continue;
    if (!/\s!(\s|$)/.test(line)) continue;
    const uci = moveUci(line.slice(2).split(/\s+/)[0]!, true);
    if (uci) keys.push(uci);
  }
  return keys;
}

/** Full helpmate lines: `1.b w 2.b w …` (Black first) or, for h#n.5, `1...w 2.b w …`. */
export function helpLinesOf(block: string, whiteFirst: boolean): string[] {
  const out: string[] = [];
  for (const raw of block.split('\n')) {
    const line = raw.trim();
    if (whiteFirst ? !line.startsWith('1...') : !line.startsWith('1.') || line.startsWith('1...')) continue;
    const tokens = line
      .replace(/^1\.(\.\.)?/, '')
      .split(/\s+/)
      .map((t) => t.replace(/^[0-9]+\./, ''))
      .filter((t) => MOVE.test(t) || t.startsWith('0-0'));
    const moves = tokens.map((t, i) => moveUci(t, whiteFirst ? i % 2 === 0 : i % 2 === 1));
    if (moves.length && moves.every(Boolean)) out.push(moves.join(' '));
  }
  return out;
}

/** Tries (#n with Option Try): the lines `1.<move> … ?`. */
export function triesOf(block: string): string[] {
  const out: string[] = [];
  for (const raw of block.split('\n')) {
    const line = raw.trim();
    if (!line.startsWith('1.') || line.startsWith('1...')) continue;
    if (!/\s\?(\s|$)/.test(line)) continue;
    const uci = moveUci(line.slice(2).split(/\s+/)[0]!, true);
    if (uci) out.push(uci);
  }
  return out;
}

/** #2 threats per key: the `2.<move>` lines after a key line ending in `threat:` / `Drohung:`. */
export function threatsOf(block: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const raw of block.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('1.') && !line.startsWith('1...')) {
      current = undefined;
      const uci = moveUci(line.slice(2).split(/\s+/)[0]!, true);
      if (uci && /\s!(\s|$)/.test(line)) {
        current = [];
        out.set(uci, current);
        if (!/(threat|Drohung):$/.test(line)) current = undefined;
      }
    } else if (current && line.startsWith('2.')) {
      const uci = moveUci(line.slice(2).split(/\s+/)[0]!, true);
      if (uci) current.push(uci);
    } else if (line) current = undefined;
  }
  return out;
}
