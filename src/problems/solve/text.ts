// A solved part in problemists' notation (SAN): helpmate and series lines, keys with their threats
// and variations, tries with their refutations, set play and post-key play.
import type { SolveStipulation } from './stipulation.js';
import type { SolutionMove, SolvedPart } from './types.js';

/** Moves of one line with move numbers: `1.a b 2.c d` (whiteFirst: `1...a 2.b c`); series: `1.a 2.b 3.c d`. */
function lineText(san: string[], offset: boolean, series: number): string {
  let s = '';
  if (series > 0) {
    san.forEach((m, i) => {
      s += i < series ? `${s ? ' ' : ''}${i + 1}.${m}` : ` ${m}`;
    });
    return s;
  }
  let move = 1;
  let i = 0;
  if (offset) {
    s = `1...${san[0]}`;
    i = 1;
    move = 2;
  }
  for (; i < san.length; i += 2, move++) s += `${s ? ' ' : ''}${move}.${san[i]}${san[i + 1] ? ' ' + san[i + 1] : ''}`;
  return s;
}

/** A solution tree from a defender's move at `move` (`1...d 2.a 2...d …`). */
function tree(nodes: SolutionMove[] | undefined, move: number): string {
  return (nodes ?? [])
    .map(
      (d) =>
        `${move}...${d.san}${(d.replies ?? []).map((r) => ` ${move + 1}.${r.san}${r.replies ? ' ' + tree(r.replies, move + 1) : ''}`).join('')}`,
    )
    .join(' ');
}

/** The part's solution as text, one line per solution (twin and Duplex headings first). */
export function solutionText(part: SolvedPart, st: SolveStipulation): string {
  const lines: string[] = [];
  if (part.twin) lines.push(`${part.twin}) ${part.twinCommand ?? 'diagram'}`);
  if (part.duplex) lines.push('duplex');
  if (st.series) {
    for (const s of part.solutions) {
      const san = s.san as string[];
      const seriesMoves = st.kind === 'direct' ? san.length : san.length - 1;
      lines.push(lineText(san, false, Math.max(seriesMoves, 1)));
    }
  } else if (st.kind === 'help') {
    for (const s of part.setPlay ?? []) lines.push(`set: ${lineText(s.san as string[], (s.san.length & 1) === 1, 0)}`);
    for (const s of part.solutions) lines.push(lineText(s.san as string[], (s.san.length & 1) === 1, 0));
  } else if (part.postKey) {
    const t = part.postKey.threats;
    if (t?.length) lines.push(`(${t.map((x) => `2.${x.san}`).join(', ')})`);
    const v = tree(part.postKey.variations, 1);
    if (v) lines.push(v);
  } else {
    if (part.setVariations?.length) lines.push(`set: ${tree(part.setVariations, 1)}`);
    for (const s of part.solutions) {
      let text = `1.${s.san}!`;
      if (s.threats?.length) text += ` (${s.threats.map((t) => `2.${t.san}`).join(', ')})`;
      const v = tree(s.variations, 1);
      if (v) text += ` ${v}`;
      lines.push(text);
    }
    for (const t of part.tries ?? []) lines.push(`1.${t.san}? ${t.refutations.map((r) => `1...${r.san}!`).join(' ')}`);
  }
  if (!part.solutions.length && !part.postKey)
    lines.push(part.stopped ? 'no solution found before the limit' : 'no solution');
  if (part.stopped) lines.push(`stopped: ${part.stopped.code} ${part.stopped.message}`);
  return lines.join('\n');
}
