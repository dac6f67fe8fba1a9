// Board geometry of twins, one implementation for Popeye's Rotate / Mirror / Shift and problem XML's
// rotation / reflection / translation: a square is (x, y) = (file, rank), 0-based from a1, on a board
// of `files` × `ranks` squares stored rank by rank.
import { emptyBoard, type ProblemBoard, type ProblemPiece } from './board.js';

/** Where a square goes; the board the result lives on may have other dimensions (a quarter turn swaps them). */
export type SquareMap = (x: number, y: number) => [number, number];

/** A board with every piece moved by `map`, and the squares (on the old board) whose piece left the new one. */
export function remapBoard(
  board: ProblemBoard,
  map: SquareMap,
  files = board.files,
  ranks = board.ranks,
): { board: ProblemBoard; lost: { square: number; piece: ProblemPiece }[] } {
  const next = emptyBoard(files, ranks);
  const lost: { square: number; piece: ProblemPiece }[] = [];
  board.squares.forEach((piece, square) => {
    if (!piece) return;
    const [x, y] = map(square % board.files, Math.floor(square / board.files));
    if (x < 0 || y < 0 || x >= files || y >= ranks) lost.push({ square, piece });
    else next.squares[y * files + x] = piece;
  });
  return { board: next, lost };
}

/** The board turned by `quarterTurns` × 90° the way a1 goes to h1 (Popeye's Rotate 90, XML's rotation 90). */
export function rotateBoard(board: ProblemBoard, quarterTurns: number): ProblemBoard {
  let out = board;
  for (let turn = 0; turn < ((quarterTurns % 4) + 4) % 4; turn++) {
    const ranks = out.ranks;
    out = remapBoard(out, (x, y) => [ranks - 1 - y, x], out.ranks, out.files).board;
  }
  return out;
}

/**
 * The board reflected: 'files' swaps the a- and h-files (a1<-->h1), 'ranks' the first and last rank
 * (a1<-->a8); on a square board, 'diagonal' swaps over a1-h8 and 'antidiagonal' over h1-a8.
 */
export function reflectBoard(board: ProblemBoard, axis: 'files' | 'ranks' | 'diagonal' | 'antidiagonal'): ProblemBoard {
  const { files, ranks } = board;
  const map: Record<typeof axis, SquareMap> = {
    files: (x, y) => [files - 1 - x, y],
    ranks: (x, y) => [x, ranks - 1 - y],
    diagonal: (x, y) => [y, x],
    antidiagonal: (x, y) => [ranks - 1 - y, files - 1 - x],
  };
  return remapBoard(board, map[axis]).board;
}

/** The board shifted by (dx, dy); pieces pushed off it are returned in `lost`. */
export function shiftBoard(
  board: ProblemBoard,
  dx: number,
  dy: number,
): { board: ProblemBoard; lost: { square: number; piece: ProblemPiece }[] } {
  return remapBoard(board, (x, y) => [x + dx, y + dy]);
}
