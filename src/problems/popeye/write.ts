// A Popeye input for a FEN and a stipulation, so that a position given as FEN can be checked with
// Popeye itself (PBI and XML problems: pbiToPopeye / xmlToPopeye). Castling rights the FEN does not
// give to a king and rook on their home squares become NoCastling; an e.p. square becomes the
// EnPassant double step.
import type { NotationError, Result } from '../../errors.js';
import { resultBoundary } from '../../text/boundary.js';

const LETTER: Record<string, string> = { k: 'K', q: 'Q', r: 'R', b: 'B', n: 'S', p: 'P' };
const sq = (file: number, rank: number) => String.fromCharCode(97 + file) + (rank + 1);

/** A Popeye input for a FEN and a stipulation (castling and e.p. rights carried over). */
export function fenToPopeye(fen: string, stipulation: string, title?: string): Result<string, NotationError> {
  return resultBoundary('fenToPopeye', () => fenToPopeyeUnchecked(fen, stipulation, title));
}

function fenToPopeyeUnchecked(fen: string, stipulation: string, title?: string): Result<string, NotationError> {
  const fields = fen.trim().split(/\s+/);
  const rows = fields[0]?.split('/') ?? [];
  const bad = (message: string): Result<string, NotationError> => ({
    ok: false,
    error: { code: 'ERR_SOLVE_POSITION', message },
  });
  if (rows.length !== 8) return bad(`'${fen}' is not a FEN (8 rows)`);
  const white: string[] = [];
  const black: string[] = [];
  const at = new Map<string, string>();
  for (let r = 0; r < 8; r++) {
    let file = 0;
    for (const c of rows[r]!) {
      if (/[1-8]/.test(c)) file += Number(c);
      else {
        const letter = LETTER[c.toLowerCase()];
        if (!letter || file > 7) return bad(`'${fen}': unexpected '${c}' in the board`);
        const name = sq(file, 7 - r);
        (c === c.toUpperCase() ? white : black).push(letter + name);
        at.set(name, c);
        file++;
      }
    }
    if (file !== 8) return bad(`'${fen}': row ${r + 1} has ${file} squares`);
  }
  const castling = fields[2] ?? '-';
  const noCastling: string[] = [];
  const home: [string, string, string, string][] = [
    ['K', 'e1', 'h1', 'R'],
    ['Q', 'e1', 'a1', 'R'],
    ['k', 'e8', 'h8', 'r'],
    ['q', 'e8', 'a8', 'r'],
  ];
  for (const [right, king, rook, rookChar] of home) {
    const kingChar = right === right.toUpperCase() ? 'K' : 'k';
    if (at.get(king) === kingChar && at.get(rook) === rookChar && !castling.includes(right)) noCastling.push(rook);
  }
  const options = ['NoBoard'];
  const ep = fields[3] ?? '-';
  if (/^[a-h][36]$/.test(ep)) {
    const f = ep.charCodeAt(0) - 97;
    options.push(ep[1] === '3' ? `EnPassant ${sq(f, 1)}${sq(f, 3)}` : `EnPassant ${sq(f, 6)}${sq(f, 4)}`);
  }
  if (noCastling.length) options.push(`NoCastling ${noCastling.join(' ')}`);
  const lines = ['BeginProblem'];
  if (title) lines.push(`Title ${title}`);
  // a colour without pieces is left out: `White Black Ke8` would read `Black` as a piece
  const groups = [white.length ? `White ${white.join(' ')}` : '', black.length ? `Black ${black.join(' ')}` : ''];
  const pieces = groups.filter(Boolean).join(' ');
  if (pieces) lines.push(`Pieces ${pieces}`);
  lines.push(`Stipulation ${stipulation}`, `Option ${options.join(' ')}`, 'EndProblem', '');
  return { ok: true, value: lines.join('\n') };
}
