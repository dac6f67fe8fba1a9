// A problem board: plain data, may hold fairy pieces, neutral pieces and boards other than 8×8.
// Orthodox 8×8 boards convert to the chess core's `Setup` shape (and so to FEN); anything else
// is reported as a warning instead.
import type { NotationError, Parsed } from '../errors.js';

/** A problem piece's colour; neutral pieces belong to both sides. */
export type ProblemColor = 'white' | 'black' | 'neutral';
/** An orthodox piece kind. */
export type OrthodoxKind = 'king' | 'queen' | 'rook' | 'bishop' | 'knight' | 'pawn';
/** An orthodox kind, or any other string for a fairy piece (kept as given). */
export type PieceKind = OrthodoxKind | (string & {});

/** A piece on a problem board: colour, kind and its problem XML id. */
export interface ProblemPiece {
  color: ProblemColor;
  kind: PieceKind;
  /** The piecedecl id in problem XML, when known. */
  id?: string;
}

/** Squares are `rank * files + file`, both 0-based (a1 = 0, h8 = 63 on 8×8). */
export interface ProblemBoard {
  files: number;
  ranks: number;
  squares: (ProblemPiece | null)[];
}

/** The six orthodox piece kinds. */
export const ORTHODOX_KINDS: readonly OrthodoxKind[] = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];
const KIND_LETTER: Record<OrthodoxKind, string> = {
  king: 'k',
  queen: 'q',
  rook: 'r',
  bishop: 'b',
  knight: 's',
  pawn: 'p',
};
const LETTER_KIND: Record<string, OrthodoxKind> = {
  k: 'king',
  q: 'queen',
  r: 'rook',
  b: 'bishop',
  s: 'knight',
  n: 'knight',
  p: 'pawn',
};

const CODE_KIND: (OrthodoxKind | undefined)[] = [];
for (const [letter, kind] of Object.entries(LETTER_KIND)) CODE_KIND[letter.charCodeAt(0)] = kind;

/** True for an orthodox piece kind. */
export const isOrthodoxKind = (kind: string): kind is OrthodoxKind =>
  (ORTHODOX_KINDS as readonly string[]).includes(kind);

/** An empty board of the given size (default 8×8). */
export function emptyBoard(files = 8, ranks = 8): ProblemBoard {
  return { files, ranks, squares: new Array(files * ranks).fill(null) };
}

/** An independent copy of a board. */
export function cloneBoard(board: ProblemBoard): ProblemBoard {
  return { files: board.files, ranks: board.ranks, squares: board.squares.map((p) => (p ? { ...p } : null)) };
}

/** A square's name on a board `files` wide (`a1`). */
export function squareName(square: number, files = 8): string {
  const file = square % files;
  const rank = Math.floor(square / files);
  return `${String.fromCharCode(97 + file)}${rank + 1}`;
}

/** Reads a square name (`a1`, `j10`) on a board of the given size; undefined when off the board. */
export function parseSquareName(name: string, files = 8, ranks = 8): number | undefined {
  const m = /^([a-z])([1-9][0-9]?)$/.exec(name);
  if (!m) return undefined;
  const file = m[1]!.charCodeAt(0) - 97;
  const rank = Number(m[2]) - 1;
  return file < files && rank < ranks ? rank * files + file : undefined;
}

/** The upper-case letter of an orthodox kind (knight `S` or `N`); undefined for fairy pieces. */
export function kindLetter(kind: PieceKind, knight: 'S' | 'N' = 'S'): string | undefined {
  if (!isOrthodoxKind(kind)) return undefined;
  const letter = KIND_LETTER[kind].toUpperCase();
  return letter === 'S' ? knight : letter;
}

/** The orthodox kind of a piece letter (any case, S or N for the knight); undefined otherwise. */
export function kindFromLetter(letter: string): OrthodoxKind | undefined {
  return LETTER_KIND[letter.toLowerCase()];
}

/** A board read from a Forsyth string, and whether the text was normal. */
export interface ForsythBoard {
  board: ProblemBoard;
  /** True when the text was already in normal form (runs of empty squares merged). */
  normalized: boolean;
}

/**
 * Reads a Forsyth board string (`S`/`s` knights as in PBI; `N`/`n` accepted too when `allowN`).
 * Rows must be complete; `11111111` rows are accepted. Errors carry the 1-based column within
 * the string (the caller adds its own offset).
 */
export function parseForsyth(text: string, options: { allowN?: boolean; code?: string } = {}): Parsed<ForsythBoard> {
  const code = options.code ?? 'ERR_PBI_POSITION';
  const board = emptyBoard();
  const errors: NotationError[] = [];
  const failed = (): Parsed<ForsythBoard> => ({ value: { board, normalized: false }, errors, warnings: [] });
  const rows = text.split('/');
  if (rows.length !== 8) {
    errors.push({ code, message: `a position has 8 rows separated by '/', found ${rows.length}`, column: 1 });
    return failed();
  }
  let column = 1;
  let normalized = true;
  for (let r = 0; r < 8; r++) {
    const row = rows[r]!;
    const rank = 7 - r;
    let file = 0;
    let previousDigit = false;
    for (let i = 0; i < row.length; i++, column++) {
      const c = row.charCodeAt(i);
      if (c >= 49 && c <= 56) {
        if (previousDigit) normalized = false;
        previousDigit = true;
        file += c - 48;
      } else {
        previousDigit = false;
        const lower = c | 0x20;
        const kind = lower === 110 && !options.allowN ? undefined : CODE_KIND[lower];
        if (!kind || c < 65) {
          errors.push({
            code,
            message: `unexpected character '${row[i]}' in the position (pieces are KQRBSP/kqrbsp)`,
            column,
          });
          return failed();
        }
        if (file < 8) board.squares[rank * 8 + file] = { color: c === lower ? 'black' : 'white', kind };
        file++;
      }
      if (file > 8) {
        errors.push({ code, message: `row ${r + 1} of the position has more than 8 squares`, column });
        return failed();
      }
    }
    if (file !== 8) {
      errors.push({
        code,
        message: `row ${r + 1} of the position has ${file} squares, not 8 (rows must be complete)`,
        column,
      });
      return failed();
    }
    column++; // the '/'
  }
  return { value: { board, normalized }, errors, warnings: [] };
}

/**
 * Writes the board part of a Forsyth/FEN string. `knight` picks `S` (PBI, problem usage) or `N`
 * (FEN). Returns undefined for boards a Forsyth string cannot carry (fairy or neutral pieces,
 * not 8×8).
 */
export function makeForsyth(board: ProblemBoard, knight: 'S' | 'N' = 'S'): string | undefined {
  if (board.files !== 8 || board.ranks !== 8) return undefined;
  const rows: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const piece = board.squares[rank * 8 + file];
      if (!piece) {
        empty++;
        continue;
      }
      const letter = kindLetter(piece.kind, knight);
      if (!letter || (piece.color !== 'white' && piece.color !== 'black')) return undefined;
      if (empty) row += String(empty);
      empty = 0;
      row += piece.color === 'white' ? letter : letter.toLowerCase();
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return rows.join('/');
}

/** Why a board cannot be written as FEN, or undefined when it can. */
export function fenObstacle(board: ProblemBoard): string | undefined {
  if (board.files !== 8 || board.ranks !== 8) return `the board is ${board.files}×${board.ranks}, FEN holds 8×8 only`;
  for (let sq = 0; sq < board.squares.length; sq++) {
    const piece = board.squares[sq];
    if (!piece) continue;
    if (piece.color === 'neutral') return `neutral ${piece.kind} on ${squareName(sq)} cannot be written in FEN`;
    if (piece.color !== 'white' && piece.color !== 'black')
      return `piece colour '${piece.color}' on ${squareName(sq)} cannot be written in FEN`;
    if (!isOrthodoxKind(piece.kind)) return `fairy piece '${piece.kind}' on ${squareName(sq)} cannot be written in FEN`;
  }
  return undefined;
}

/** Number of white, black and neutral pieces on a board. */
export function countPieces(board: ProblemBoard): { white: number; black: number; neutral: number } {
  const counts = { white: 0, black: 0, neutral: 0 };
  for (const piece of board.squares) if (piece && piece.color in counts) counts[piece.color]++;
  return counts;
}

/** True when two boards have the same size and the same pieces on the same squares. */
export function boardsEqual(a: ProblemBoard, b: ProblemBoard): boolean {
  if (a.files !== b.files || a.ranks !== b.ranks) return false;
  return a.squares.every((p, i) => {
    const q = b.squares[i];
    return p === q || (!!p && !!q && p.color === q.color && p.kind === q.kind);
  });
}
