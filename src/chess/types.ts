import { err, notationError, ok, type Result } from '../errors.js';
import { resultBoundary } from '../text/boundary.js';

/** A side. */
export type Color = 'white' | 'black';
/** A piece type. */
export type Role = 'pawn' | 'knight' | 'bishop' | 'rook' | 'queen' | 'king';
/** 0 = a1, 1 = b1, … 63 = h8. */
export type Square = number;
/** A piece: colour and role. */
export interface Piece {
  color: Color;
  role: Role;
  promoted?: boolean;
}
/** The rule set of a position. */
export type Variant = 'chess' | 'crazyhouse';
/** A role that can be held in a pocket. */
export type PocketRole = Exclude<Role, 'king'>;
/** Crazyhouse pockets: count of each role held by each side. */
export interface Pockets {
  white: Record<PocketRole, number>;
  black: Record<PocketRole, number>;
}
/** Plain data, may be illegal. */
export interface Setup {
  /** Length 64, index = square. */
  board: (Piece | null)[];
  /** Present for crazyhouse. */
  pockets?: Pockets;
  turn: Color;
  /** Rook squares that may still castle. */
  castlingRights: Square[];
  epSquare?: Square;
  halfmoves: number;
  fullmoves: number;
}
/** A move from one square to another, with the promotion piece if any. */
export type NormalMove = { from: Square; to: Square; promotion?: Role };
/** A crazyhouse drop of a pocket piece onto a square. */
export type DropMove = { role: Role; to: Square };
/** A board move or a drop. */
export type Move = NormalMove | DropMove;

/** Options for reading a position: variant and Chess960 castling. */
export interface PositionOptions {
  /** Default: crazyhouse when the FEN has a pocket or promoted marks (`[Qp]`, a ninth rank, `~`), else chess. */
  variant?: Variant;
  /**
   * One-board bughouse rules on a crazyhouse position: captured pieces do not go to the
   * capturer's pocket (they go to the partner, which is the bughouse layer's business). Implies
   * crazyhouse whatever `variant` says.
   */
  bughouse?: boolean;
  /**
   * Castling moves are reported king → rook square (UCI_Chess960 style) for every position.
   * Default: a king on the e-file castling with an a/h-file rook is reported king → g/c file.
   */
  chess960?: boolean;
  /**
   * Accept recoverable problems: invalid castling rights and ep square are dropped; impossible
   * checks, too much material and implausible pockets are ignored. Kings, pawns on the back rank
   * and the side not to move in check stay fatal.
   */
  lenient?: boolean;
}

/** Every role, pawn to king. */
export const ROLES: readonly Role[] = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];
/** The roles that can be held in a pocket (all but the king). */
export const POCKET_ROLES: readonly PocketRole[] = ['pawn', 'knight', 'bishop', 'rook', 'queen'];
/** Both colours, White first. */
export const COLORS: readonly Color[] = ['white', 'black'];

/** Pockets with nothing in them. */
export function emptyPockets(): Pockets {
  return {
    white: { pawn: 0, knight: 0, bishop: 0, rook: 0, queen: 0 },
    black: { pawn: 0, knight: 0, bishop: 0, rook: 0, queen: 0 },
  };
}

/** True when the move is a drop. */
export function isDrop(move: Move): move is DropMove {
  return (move as DropMove).role !== undefined;
}

/** A square's name (`e4`). */
export function makeSquare(sq: Square): string {
  return String.fromCharCode(97 + (sq & 7), 49 + (sq >> 3));
}

/** @internal Reads a square name (`e4`); undefined when malformed (the allocation-free form of `parseSquare`). */
export function squareFromName(s: string): Square | undefined {
  if (s.length !== 2) return undefined;
  const f = s.charCodeAt(0) - 97,
    r = s.charCodeAt(1) - 49;
  return f >= 0 && f < 8 && r >= 0 && r < 8 ? r * 8 + f : undefined;
}

/**
 * Reads a square name (`e4`).
 * @example
 * ```ts
 * parseSquare('e4'); // { ok: true, value: 28 }
 * ```
 */
export function parseSquare(name: string): Result<Square> {
  return resultBoundary('parseSquare', () => {
    const sq = squareFromName(name);
    return sq === undefined
      ? err(notationError('ERR_SQUARE_SYNTAX', `not a square: ${JSON.stringify(name.slice(0, 20))}`))
      : ok(sq);
  });
}
