// Problem boards → the chess core's `Setup` shape → FEN. Boards a FEN cannot carry (fairy or
// neutral pieces, not 8×8) give a warning instead of a FEN.
import type { NotationError } from '../errors.js';
import { makeFen, type Setup } from '../chess/index.js';
import { fenObstacle, type ProblemBoard } from './board.js';
import { firstToMove } from './stipulation.js';
import type { Stipulation } from './xml/model.js';

type Color = 'white' | 'black';
type Role = 'pawn' | 'knight' | 'bishop' | 'rook' | 'queen' | 'king';

/** The chess core's `Setup` (gamenotation/chess). */
export type ProblemSetup = Setup;

/**
 * Castling rights by the problemists' (Popeye's) convention: a king and rook on their home
 * squares may castle.
 */
export function homeCastlingRights(board: ProblemBoard): number[] {
  const rights: number[] = [];
  const is = (sq: number, color: Color, kind: string) =>
    board.squares[sq]?.color === color && board.squares[sq]?.kind === kind;
  if (is(4, 'white', 'king')) {
    if (is(0, 'white', 'rook')) rights.push(0);
    if (is(7, 'white', 'rook')) rights.push(7);
  }
  if (is(60, 'black', 'king')) {
    if (is(56, 'black', 'rook')) rights.push(56);
    if (is(63, 'black', 'rook')) rights.push(63);
  }
  return rights;
}

/** A chess Setup of an orthodox problem board (castling on home squares by default), or a warning why not. */
export function boardToSetup(
  board: ProblemBoard,
  turn: Color,
  castling: 'home' | 'none' = 'home',
): { setup?: ProblemSetup; warning?: NotationError } {
  const obstacle = fenObstacle(board);
  if (obstacle) return { warning: { code: 'ERR_PROBLEM_NOT_FEN', message: obstacle } };
  return {
    setup: {
      board: board.squares.map((p) => (p ? { color: p.color as Color, role: p.kind as Role } : null)),
      turn,
      castlingRights: castling === 'home' ? homeCastlingRights(board) : [],
      halfmoves: 0,
      fullmoves: 1,
    },
  };
}

/** FEN text for a setup (the chess core's makeFen). */
export function setupToFen(setup: ProblemSetup): string {
  return makeFen(setup);
}

/** The FEN of a problem board, the side to move taken from the stipulation. */
export function problemFen(
  board: ProblemBoard,
  stipulation?: string | Stipulation,
): { fen?: string; warning?: NotationError } {
  const { setup, warning } = boardToSetup(board, firstToMove(stipulation));
  return setup ? { fen: setupToFen(setup) } : { warning };
}
