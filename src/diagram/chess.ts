// Chess (and crazyhouse) board diagrams from a FEN, a Setup or a Position.
import { parseFen, Position, isDrop, type Move, type Setup, type Variant, type Piece } from '../chess/index.js';
import { uciMove } from '../chess/fast.js';
import { err, ok, type NotationError, type Result } from '../errors.js';
import type { PgnShape } from '../pgn/types.js';
import { drawBoard, drawPocket, listPieces, squareLabel, type BoardPiece } from './board.js';
import { envelope, text, theme as makeTheme, type DiagramTheme } from './svg.js';
import { resultBoundary } from '../text/boundary.js';

/** Options of `chessDiagram`. */
export interface ChessDiagramOptions {
  /** Side of the board in pixels (default 360); coordinates and pockets add to it. */
  size?: number;
  /** Black at the bottom. */
  flip?: boolean;
  /** File letters and rank numbers beside the board (default true). */
  coordinates?: boolean;
  theme?: Partial<DiagramTheme>;
  /** The last move, as a move or in UCI (`e2e4`, `N@f3`). */
  lastMove?: Move | string;
  /** Mark the checked king (default: when the position is legal and in check). */
  check?: boolean;
  /** Arrows and circled squares, e.g. a node's `commands.shapes` (`[%cal]`/`[%csl]`). */
  shapes?: readonly PgnShape[];
  /** Draw the pockets (default: when the position has pockets). */
  pockets?: boolean;
  /** `crazyhouse` reads pockets; found from the FEN's pockets by default. */
  variant?: Variant;
  /** Pass `true` for a bughouse board (captures do not fill the pocket; only matters for the check test). */
  bughouse?: boolean;
  /** Text under the board. */
  caption?: string;
  /** Accessible title (default "Chess diagram"). */
  title?: string;
  /** Prefix of the title and description ids (default: derived from the content). */
  id?: string;
}

/** A board for a chess diagram: FEN, Setup or Position. */
export type BoardInput = string | Setup | Position;

/** Reads a FEN, a Setup or a Position into plain data. */
export function readBoardInput(input: BoardInput): Result<{ setup: Setup; position?: Position }> {
  return resultBoundary('readBoardInput', () => readBoardInputUnchecked(input));
}

function readBoardInputUnchecked(input: BoardInput): Result<{ setup: Setup; position?: Position }> {
  if (typeof input === 'string') {
    const r = parseFen(input.trim());
    if (!r.ok) return r;
    return ok({ setup: r.value });
  }
  if (input instanceof Position) return ok({ setup: input.toSetup(), position: input });
  if (!input || !Array.isArray((input as Setup).board) || (input as Setup).board.length !== 64) {
    return err({ code: 'ERR_DIAGRAM_INPUT', message: 'expected a FEN, a Setup or a Position' } as NotationError);
  }
  return ok({ setup: input });
}

export function setupPieces(setup: Setup): (BoardPiece | null)[] {
  return setup.board.map((p: Piece | null) => (p ? { color: p.color, kind: p.role } : null));
}

function moveSquares(move: Move | string | undefined): { from?: number; to: number } | undefined {
  if (move === undefined) return undefined;
  const m = typeof move === 'string' ? uciMove(move) : move;
  if (!m) return undefined;
  return isDrop(m) ? { to: m.to } : { from: m.from, to: m.to };
}

function checkedKing(
  setup: Setup,
  position: Position | undefined,
  variant: Variant,
  bughouse: boolean,
): number | undefined {
  let pos = position;
  if (!pos) {
    const r = Position.fromSetup(setup, { variant, bughouse, lenient: true });
    if (!r.ok) return undefined;
    pos = r.value;
  }
  if (!pos.isCheck()) return undefined;
  const k = setup.board.findIndex((p) => p?.role === 'king' && p.color === setup.turn);
  return k >= 0 ? k : undefined;
}

const POCKET_NAMES: Record<string, string> = {
  queen: 'queen',
  rook: 'rook',
  bishop: 'bishop',
  knight: 'knight',
  pawn: 'pawn',
};

export function pocketText(counts: Record<string, number>): string {
  const items = Object.entries(POCKET_NAMES)
    .filter(([role]) => (counts[role] ?? 0) > 0)
    .map(([role, name]) => `${counts[role]} ${name}${counts[role]! > 1 ? 's' : ''}`);
  return items.length ? items.join(', ') : 'empty';
}

/** The text description of a position (for `<desc>` and screen readers). */
export function describeSetup(
  setup: Setup,
  extra: { lastMove?: { from?: number; to: number }; check?: boolean; pockets?: boolean },
): string {
  const pieces = setupPieces(setup);
  const white = listPieces(pieces, 'white');
  const black = listPieces(pieces, 'black');
  const parts = [
    `White (${white.length}): ${white.join(', ') || 'none'}.`,
    `Black (${black.length}): ${black.join(', ') || 'none'}.`,
  ];
  if (extra.pockets && setup.pockets) {
    parts.push(
      `White's pocket: ${pocketText(setup.pockets.white)}.`,
      `Black's pocket: ${pocketText(setup.pockets.black)}.`,
    );
  }
  parts.push(`${setup.turn === 'white' ? 'White' : 'Black'} to move.`);
  if (extra.lastMove)
    parts.push(
      `Last move: ${extra.lastMove.from !== undefined ? squareLabel(extra.lastMove.from) + '-' : 'drop on '}${squareLabel(extra.lastMove.to)}.`,
    );
  if (extra.check) parts.push('Check.');
  return parts.join(' ');
}

/** Geometry and body of one chess board with its pockets, without the envelope (reused by bughouse). */
export interface BoardBlock {
  width: number;
  height: number;
  body: string;
  description: string;
}

export function chessBlock(
  setup: Setup,
  position: Position | undefined,
  x: number,
  y: number,
  options: ChessDiagramOptions,
  t: DiagramTheme,
): BoardBlock {
  const size = options.size ?? 360;
  const square = size / 8;
  const coordinates = options.coordinates ?? true;
  const flip = options.flip ?? false;
  const variant: Variant = options.variant ?? (setup.pockets ? 'crazyhouse' : 'chess');
  const showPockets = (options.pockets ?? !!setup.pockets) && !!setup.pockets;
  const margin = coordinates ? square * 0.45 : 0;
  const pocketHeight = showPockets ? square * 0.9 : 0;
  const lastMove = moveSquares(options.lastMove);
  const check = options.check === false ? undefined : checkedKing(setup, position, variant, options.bughouse ?? false);
  const bx = x + margin;
  const by = y + pocketHeight;
  let body = drawBoard(
    setupPieces(setup),
    { x: bx, y: by, square, files: 8, ranks: 8, flip, coordinates },
    { lastMove, check, shapes: options.shapes },
    t,
  );
  if (showPockets && setup.pockets) {
    const top = flip ? 'white' : 'black';
    const bottom = flip ? 'black' : 'white';
    body += drawPocket(top, setup.pockets[top], bx, y + square * 0.05, square, t);
    body += drawPocket(bottom, setup.pockets[bottom], bx, by + size + margin + square * 0.1, square, t);
  }
  const height = pocketHeight * 2 + size + margin;
  return {
    width: margin + size + square * 0.1,
    height: height + (showPockets ? 0 : square * 0.05),
    body,
    description: describeSetup(setup, { lastMove, check: check !== undefined, pockets: showPockets }),
  };
}

/**
 * An SVG board diagram. The FEN may carry crazyhouse pockets (`[Qn]` or an extra rank). Bad input
 * gives an error, never an exception.
 * @example
 * ```ts
 * const svg = chessDiagram('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', { size: 320 });
 * if (svg.ok) svg.value; // '<svg …'
 * ```
 */
export function chessDiagram(input: BoardInput, options: ChessDiagramOptions = {}): Result<string> {
  return resultBoundary('chessDiagram', () => chessDiagramUnchecked(input, options));
}

function chessDiagramUnchecked(input: BoardInput, options: ChessDiagramOptions = {}): Result<string> {
  const r = readBoardInput(input);
  if (!r.ok) return r;
  const t = makeTheme(options.theme);
  const size = options.size ?? 360;
  const block = chessBlock(r.value.setup, r.value.position, 0, 0, options, t);
  let body = block.body;
  let height = block.height;
  if (options.caption) {
    const fs = size / 24;
    body += `<g class="caption">${text(block.width / 2, height + fs * 1.3, options.caption, { 'font-size': fs, 'text-anchor': 'middle', fill: t.text })}</g>`;
    height += fs * 1.8;
  }
  return ok(
    envelope(
      {
        width: block.width,
        height,
        title: options.title ?? 'Chess diagram',
        description: (options.caption ? options.caption + '. ' : '') + block.description,
        id: options.id,
        kind: 'gn-diagram gn-chess',
        font: t.font,
        background: t.background,
      },
      body,
    ),
  );
}
