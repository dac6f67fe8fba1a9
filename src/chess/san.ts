import { err, notationError, ok, type NotationError, type Result } from '../errors.js';
import { decodeMove, type Position } from './position.js';
import { lexSan, parts } from './sanparts.js';
import { isDrop, makeSquare, squareFromName, type Move, type Role } from './types.js';
import { readText, wasm } from './wasm.js';
import { resultBoundary } from '../text/boundary.js';

/** Resolves SAN (lenient import) to the legal move it means. */
export function parseSan(pos: Position, san: string): Result<Move, NotationError> {
  return resultBoundary('parseSan', () => parseSanUnchecked(pos, san));
}

function parseSanUnchecked(pos: Position, san: string): Result<Move, NotationError> {
  const col = lexSan(san);
  if (col) return err(notationError('ERR_SAN_SYNTAX', `invalid SAN '${san}'`, 1, col));
  const c = wasm();
  const m = c.w.sanFind(pos._load(c), parts.role, parts.to, parts.ff, parts.fr, parts.promo, parts.flags);
  if (m === -1) return err(notationError('ERR_SAN_ILLEGAL', `illegal move '${san}' in ${pos.fen()}`));
  if (m === -2) return err(notationError('ERR_SAN_AMBIGUOUS', `ambiguous move '${san}' in ${pos.fen()}`));
  return ok(decodeMove(m, pos._chess960));
}

/** Strict export SAN of a legal move (throws on an illegal move: a programmer error). */
export function makeSan(pos: Position, move: Move): string {
  const m = pos._encode(move);
  if (m < 0) throw new Error(`illegal move ${JSON.stringify(move)} in ${pos.fen()}`);
  const c = wasm();
  return readText(c, c.w.sanWrite(pos._load(c), m));
}

/** SAN of the move, then plays it (one snapshot load). */
export function makeSanAndPlay(pos: Position, move: Move): string {
  const san = makeSan(pos, move);
  pos.play(move);
  return san;
}

const PROMO: Record<string, Role> = { n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
const DROP: Record<string, Role> = {
  P: 'pawn',
  N: 'knight',
  B: 'bishop',
  R: 'rook',
  Q: 'queen',
  p: 'pawn',
  n: 'knight',
  b: 'bishop',
  r: 'rook',
  q: 'queen',
};

/**
 * Reads a UCI move (`e2e4`, `e7e8q`, `N@f3`); the move is not checked against a position.
 * @example
 * ```ts
 * parseUci('e7e8q'); // { ok: true, value: { from: 52, to: 60, promotion: 'queen' } }
 * ```
 */
export function parseUci(uci: string): Result<Move> {
  return resultBoundary('parseUci', () => {
    const move = uciMove(uci);
    return move
      ? ok(move)
      : err(notationError('ERR_UCI_SYNTAX', `not a UCI move: ${JSON.stringify(uci.slice(0, 20))}`));
  });
}

/** @internal `parseUci` without the Result: undefined when malformed. */
export function uciMove(uci: string): Move | undefined {
  if (uci.length === 4 && uci[1] === '@') {
    const role = DROP[uci[0]],
      to = squareFromName(uci.slice(2));
    return role && to !== undefined ? { role, to } : undefined;
  }
  if (uci.length !== 4 && uci.length !== 5) return undefined;
  const from = squareFromName(uci.slice(0, 2)),
    to = squareFromName(uci.slice(2, 4));
  if (from === undefined || to === undefined) return undefined;
  if (uci.length === 5) {
    const promotion = PROMO[uci[4]];
    return promotion ? { from, to, promotion } : undefined;
  }
  return { from, to };
}

const LETTER: Record<Role, string> = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q', king: 'k' };

/** Writes a move in UCI (`e2e4`, `e7e8q`, `N@f3`). */
export function makeUci(move: Move): string {
  if (isDrop(move)) return `${LETTER[move.role].toUpperCase()}@${makeSquare(move.to)}`;
  return makeSquare(move.from) + makeSquare(move.to) + (move.promotion ? LETTER[move.promotion] : '');
}
