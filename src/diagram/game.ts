// A PGN game's position at a ply, with what the diagram marks there: the last move, the arrows and
// squares of that move's comments.
import { makeUci, Position, type Move } from '../chess/index.js';
import { err, ok, type Result } from '../errors.js';
import { startingPosition } from '../pgn/rules.js';
import type { PgnGame, PgnShape } from '../pgn/types.js';
import { chessDiagram, type ChessDiagramOptions } from './chess.js';
import { resultBoundary } from '../text/boundary.js';

/** A PGN game's position at a ply, with the move that led to it. */
export interface GamePly {
  position: Position;
  fen: string;
  /** The ply shown (0 = the start); less than asked for when the main line is shorter or unresolved. */
  ply: number;
  lastMove?: Move;
  lastUci?: string;
  shapes?: PgnShape[];
  /** SAN of the moves played to reach it. */
  sans: string[];
}

/** The main-line position after `ply` half-moves (default: the end). */
export function gamePosition(game: PgnGame, ply?: number): Result<GamePly> {
  return resultBoundary('gamePosition', () => gamePositionUnchecked(game, ply));
}

function gamePositionUnchecked(game: PgnGame, ply?: number): Result<GamePly> {
  const start = startingPosition(game.headers);
  if (!start.ok) return start;
  const pos = start.value;
  const target = ply === undefined ? game.moves.length : ply;
  if (!Number.isInteger(target) || target < 0)
    return err({ code: 'ERR_DIAGRAM_PLY', message: `ply ${ply} is not a non-negative integer` });
  let lastMove: Move | undefined;
  let shapes: PgnShape[] | undefined = game.root.commands?.shapes ? [...game.root.commands.shapes] : undefined;
  const sans: string[] = [];
  let i = 0;
  for (; i < target && i < game.moves.length; i++) {
    const node = game.moves[i]!;
    if (!node.move) break;
    pos.play(node.move as Move);
    lastMove = node.move as Move;
    sans.push(node.san);
    shapes = node.commands?.shapes ? [...node.commands.shapes] : undefined;
  }
  const out: GamePly = { position: pos, fen: pos.fen(), ply: i, sans };
  if (lastMove) {
    out.lastMove = lastMove;
    out.lastUci = makeUci(lastMove);
  }
  if (shapes) out.shapes = shapes;
  return ok(out);
}

/** The diagram of a game at a ply (default: the end), with last move, check and comment shapes. */
export function gameDiagram(game: PgnGame, options: ChessDiagramOptions & { ply?: number } = {}): Result<string> {
  return resultBoundary('gameDiagram', () => gameDiagramUnchecked(game, options));
}

function gameDiagramUnchecked(game: PgnGame, options: ChessDiagramOptions & { ply?: number } = {}): Result<string> {
  const at = gamePosition(game, options.ply);
  if (!at.ok) return at;
  const { ply: _ply, ...rest } = options;
  const white = game.headers.White ?? '?';
  const black = game.headers.Black ?? '?';
  return chessDiagram(at.value.position, {
    lastMove: at.value.lastMove,
    shapes: at.value.shapes,
    title: `${white} – ${black}, after ${at.value.ply} ${at.value.ply === 1 ? 'ply' : 'plies'}`,
    ...rest,
  });
}
