// Bughouse: both boards side by side, each with its two pockets and two clocks. Board A is shown
// with White at the bottom and board B with Black at the bottom, so partners (A's White and B's
// Black) sit on the same side, as bughouse players draw it.
import type { Move } from '../chess/index.js';
import { err, ok, type Result } from '../errors.js';
import { startBoards, type BughouseBoards, type BughouseMatch } from '../bughouse/match.js';
import { parseBfen, type Bfen } from '../bughouse/bfen.js';
import type { PgnShape } from '../pgn/types.js';
import { chessBlock, readBoardInput, type BoardInput } from './chess.js';
import { envelope, esc, text, theme as makeTheme, type DiagramTheme } from './svg.js';
import { resultBoundary } from '../text/boundary.js';
import { formatClock } from './clock.js';

/** One board of a bughouse diagram: position, names, clocks, last move and shapes. */
export interface BughouseBoard {
  /** A crazyhouse FEN (pockets in brackets or as a ninth rank), a Setup or a Position. */
  position: BoardInput;
  /** Remaining time in seconds. */
  clocks?: { white?: number; black?: number };
  names?: { white?: string; black?: string };
  lastMove?: Move | string;
  shapes?: readonly PgnShape[];
}

/** Options of `bughouseDiagram`. */
export interface BughouseDiagramOptions {
  /** Side of each board in pixels (default 300). */
  size?: number;
  /** Swap the sides: board A with Black at the bottom, board B with White. */
  flip?: boolean;
  coordinates?: boolean;
  theme?: Partial<DiagramTheme>;
  title?: string;
  id?: string;
}

/** SVG of the two boards of a bughouse game side by side, each with its pockets. */
export function bughouseDiagram(
  boards: { a: BughouseBoard; b: BughouseBoard },
  options: BughouseDiagramOptions = {},
): Result<string> {
  return resultBoundary('bughouseDiagram', () => bughouseDiagramUnchecked(boards, options));
}

function bughouseDiagramUnchecked(
  boards: { a: BughouseBoard; b: BughouseBoard },
  options: BughouseDiagramOptions = {},
): Result<string> {
  const t = makeTheme(options.theme);
  const size = options.size ?? 300;
  const square = size / 8;
  const strip = square * 0.6;
  const gap = square * 0.8;
  const parts: string[] = [];
  const descriptions: string[] = [];
  let x = 0;
  let height = 0;
  for (const key of ['a', 'b'] as const) {
    const board = boards[key];
    const r = readBoardInput(board.position);
    if (!r.ok) return { ok: false, error: { ...r.error, message: `board ${key.toUpperCase()}: ${r.error.message}` } };
    const flip = (key === 'b') !== (options.flip ?? false);
    const block = chessBlock(
      r.value.setup,
      r.value.position,
      x,
      strip,
      {
        size,
        flip,
        coordinates: options.coordinates,
        lastMove: board.lastMove,
        shapes: board.shapes,
        pockets: true,
        bughouse: true,
        variant: 'crazyhouse',
      },
      t,
    );
    parts.push(`<g class="bughouse-board" data-board="${key}">${block.body}`);
    const top = flip ? 'white' : 'black';
    const bottom = flip ? 'black' : 'white';
    const label = (color: 'white' | 'black', y: number) => {
      const clock = board.clocks?.[color];
      const name = board.names?.[color] ?? (color === 'white' ? 'White' : 'Black');
      const right = x + block.width;
      parts.push(
        `<g class="clock" data-board="${key}" data-color="${color}"${clock !== undefined ? ` data-seconds="${esc(String(clock))}"` : ''}>` +
          text(x + square * 0.45, y, `${key.toUpperCase()} ${name}`, { 'font-size': square * 0.32, fill: t.text }) +
          (clock !== undefined
            ? text(right, y, formatClock(clock), {
                'font-size': square * 0.36,
                'font-weight': 'bold',
                'text-anchor': 'end',
                fill: t.text,
              })
            : '') +
          '</g>',
      );
    };
    label(top, strip * 0.7);
    label(bottom, strip + block.height + strip * 0.75);
    parts.push('</g>');
    const clocks = (['white', 'black'] as const)
      .filter((c) => board.clocks?.[c] !== undefined)
      .map((c) => `${c === 'white' ? 'White' : 'Black'} ${formatClock(board.clocks![c]!)}`);
    descriptions.push(
      `Board ${key.toUpperCase()}: ${block.description}${clocks.length ? ` Clocks: ${clocks.join(', ')}.` : ''}`,
    );
    x += block.width + gap;
    height = Math.max(height, block.height + strip * 2);
  }
  return ok(
    envelope(
      {
        width: x - gap,
        height,
        title: options.title ?? 'Bughouse diagram',
        description: descriptions.join(' '),
        id: options.id,
        kind: 'gn-diagram gn-bughouse',
        font: t.font,
        background: t.background,
      },
      parts.join(''),
    ),
  );
}

/** Both boards of a BPGN match after `ply` moves (counted over both boards; default all). */
export interface BughousePly {
  boards: BughouseBoards;
  /** Moves played (less than asked when the match is shorter or a move cannot be played). */
  ply: number;
  /** Latest `{clock}` of each side seen so far, in seconds. */
  clocks: { A: { white?: number; black?: number }; B: { white?: number; black?: number } };
  lastMoves: { A?: string; B?: string };
}

/** Both boards, clocks and last moves of a bughouse match after `ply` moves (default: the end). */
export function bughousePosition(match: BughouseMatch, ply?: number): Result<BughousePly> {
  return resultBoundary('bughousePosition', () => bughousePositionUnchecked(match, ply));
}

function bughousePositionUnchecked(match: BughouseMatch, ply?: number): Result<BughousePly> {
  const start = startBoards(match);
  if (!start.ok) return start;
  const boards = start.value;
  const target = ply ?? match.moves.length;
  if (!Number.isInteger(target) || target < 0)
    return err({ code: 'ERR_DIAGRAM_PLY', message: `ply ${ply} is not a non-negative integer` });
  const clocks: BughousePly['clocks'] = { A: {}, B: {} };
  const lastMoves: BughousePly['lastMoves'] = {};
  let i = 0;
  for (; i < target && i < match.moves.length; i++) {
    const mv = match.moves[i]!;
    if (boards.playSanCode(mv.board, mv.san) < 0) break;
    lastMoves[mv.board] = mv.uci;
    if (mv.clock !== null) clocks[mv.board][mv.color] = mv.clock;
  }
  return ok({ boards, ply: i, clocks, lastMoves });
}

/** A BPGN match's two boards at a ply (default: the end), with players, clocks and last moves. */
export function bpgnDiagram(
  match: BughouseMatch,
  options: BughouseDiagramOptions & { ply?: number } = {},
): Result<string> {
  return resultBoundary('bpgnDiagram', () => bpgnDiagramUnchecked(match, options));
}

function bpgnDiagramUnchecked(
  match: BughouseMatch,
  options: BughouseDiagramOptions & { ply?: number } = {},
): Result<string> {
  const at = bughousePosition(match, options.ply);
  if (!at.ok) return at;
  const { ply: _ply, ...rest } = options;
  const t = match.tags;
  const board = (id: 'A' | 'B'): BughouseBoard => ({
    position: at.value.boards.board(id),
    clocks: at.value.clocks[id],
    names: { white: t[`White${id}`] ?? 'White', black: t[`Black${id}`] ?? 'Black' },
    lastMove: at.value.lastMoves[id],
  });
  return bughouseDiagram(
    { a: board('A'), b: board('B') },
    {
      title: `Bughouse: ${t.WhiteA ?? '?'} – ${t.BlackA ?? '?'} (A), ${t.WhiteB ?? '?'} – ${t.BlackB ?? '?'} (B), after ${at.value.ply} moves`,
      ...rest,
    },
  );
}

/** A BFEN (`A | B`, holdings and clocks of both boards) as the two-board diagram. */
export function bfenDiagram(input: string | Bfen, options: BughouseDiagramOptions = {}): Result<string> {
  return resultBoundary('bfenDiagram', () => bfenDiagramUnchecked(input, options));
}

function bfenDiagramUnchecked(input: string | Bfen, options: BughouseDiagramOptions = {}): Result<string> {
  let bfen: Bfen;
  if (typeof input === 'string') {
    const r = parseBfen(input.trim());
    if (!r.ok) return r;
    bfen = r.value;
  } else bfen = input;
  const clocks = (id: 'A' | 'B') => {
    const c = bfen[id].clocks;
    return { ...(c.white !== null ? { white: c.white } : {}), ...(c.black !== null ? { black: c.black } : {}) };
  };
  return bughouseDiagram(
    { a: { position: bfen.A.setup, clocks: clocks('A') }, b: { position: bfen.B.setup, clocks: clocks('B') } },
    options,
  );
}
