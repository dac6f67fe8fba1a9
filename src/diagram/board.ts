// The board layer shared by the chess, bughouse and problem diagrams: squares, coordinates,
// highlighted squares, pieces, arrows and pockets, at a given origin.
import type { PgnShape } from '../pgn/types.js';
import { pieceSvg } from './pieces.js';
import { esc, num, text, type DiagramTheme } from './svg.js';

export type BoardColor = 'white' | 'black' | 'neutral';

export interface BoardPiece {
  color: BoardColor;
  /** `king`, `queen`, …, or a fairy piece name. */
  kind: string;
}

export interface BoardLayout {
  x: number;
  y: number;
  square: number;
  files: number;
  ranks: number;
  flip: boolean;
  coordinates: boolean;
}

export interface BoardMarks {
  lastMove?: { from?: number; to: number };
  /** Square of the king in check. */
  check?: number;
  shapes?: readonly PgnShape[];
}

const FILES = 'abcdefghijklmnopqrstuvwxyz';

export function squareLabel(square: number, files = 8): string {
  return `${FILES[square % files]}${Math.floor(square / files) + 1}`;
}

function corner(l: BoardLayout, square: number): [number, number] {
  const file = square % l.files;
  const rank = Math.floor(square / l.files);
  const col = l.flip ? l.files - 1 - file : file;
  const row = l.flip ? rank : l.ranks - 1 - rank;
  return [l.x + col * l.square, l.y + row * l.square];
}

export function pieceColours(color: BoardColor, t: DiagramTheme): { fill: string; stroke: string; detail: string } {
  if (color === 'white') return { fill: t.whitePiece, stroke: t.pieceStroke, detail: t.pieceStroke };
  if (color === 'black') return { fill: t.blackPiece, stroke: t.pieceStroke, detail: t.whitePiece };
  // Neutral pieces (problems): a mid grey both sides may move.
  return { fill: '#9a9a9a', stroke: t.pieceStroke, detail: t.whitePiece };
}

const COLOR_LETTER: Record<BoardColor, string> = { white: 'w', black: 'b', neutral: 'n' };
const KIND_LETTER: Record<string, string> = { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N', pawn: 'P' };

export function pieceCode(p: BoardPiece): string {
  return COLOR_LETTER[p.color] + (KIND_LETTER[p.kind] ?? p.kind);
}

/** Squares, marks, pieces, arrows and coordinates of one board. */
export function drawBoard(
  pieces: readonly (BoardPiece | null)[],
  l: BoardLayout,
  marks: BoardMarks,
  t: DiagramTheme,
): string {
  const s = l.square;
  const out: string[] = [];
  out.push(`<g class="squares">`);
  out.push(
    `<rect x="${num(l.x)}" y="${num(l.y)}" width="${num(s * l.files)}" height="${num(s * l.ranks)}" fill="${esc(t.light)}"/>`,
  );
  for (let sq = 0; sq < l.files * l.ranks; sq++) {
    const file = sq % l.files;
    const rank = Math.floor(sq / l.files);
    if ((file + rank) % 2 === 0) {
      const [x, y] = corner(l, sq);
      out.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(s)}" height="${num(s)}" fill="${esc(t.dark)}"/>`);
    }
  }
  out.push('</g>');
  const fill = (sq: number, colour: string, cls: string) => {
    const [x, y] = corner(l, sq);
    out.push(
      `<rect class="${cls}" data-square="${squareLabel(sq, l.files)}" x="${num(x)}" y="${num(y)}" width="${num(s)}" height="${num(s)}" fill="${esc(colour)}"/>`,
    );
  };
  if (marks.lastMove) {
    if (marks.lastMove.from !== undefined) fill(marks.lastMove.from, t.lastMove, 'last-move');
    fill(marks.lastMove.to, t.lastMove, 'last-move');
  }
  if (marks.check !== undefined) fill(marks.check, t.check, 'check');
  out.push(
    `<rect x="${num(l.x)}" y="${num(l.y)}" width="${num(s * l.files)}" height="${num(s * l.ranks)}" fill="none" stroke="${esc(t.border)}" stroke-width="${num(Math.max(1, s / 30))}"/>`,
  );
  for (let sq = 0; sq < pieces.length; sq++) {
    const p = pieces[sq];
    if (!p) continue;
    const [x, y] = corner(l, sq);
    out.push(
      pieceSvg(
        p.kind,
        pieceColours(p.color, t),
        x,
        y,
        s,
        `class="piece" data-piece="${esc(pieceCode(p))}" data-square="${squareLabel(sq, l.files)}"`,
      ),
    );
  }
  for (const shape of marks.shapes ?? []) {
    const colour = t[shape.color];
    const [fx, fy] = corner(l, shape.from);
    const cx = fx + s / 2;
    const cy = fy + s / 2;
    if (shape.to === undefined || shape.to === shape.from) {
      out.push(
        `<circle class="shape-square" data-square="${squareLabel(shape.from, l.files)}" cx="${num(cx)}" cy="${num(cy)}" r="${num(s * 0.45)}" fill="none" stroke="${esc(colour)}" stroke-width="${num(s * 0.08)}" opacity="0.8"/>`,
      );
      continue;
    }
    const [tx0, ty0] = corner(l, shape.to);
    const tx = tx0 + s / 2;
    const ty = ty0 + s / 2;
    const dx = tx - cx;
    const dy = ty - cy;
    const len = Math.hypot(dx, dy);
    const ux = dx / len;
    const uy = dy / len;
    const head = s * 0.4;
    const width = s * 0.15;
    const ex = tx - ux * head;
    const ey = ty - uy * head;
    const px = -uy;
    const py = ux;
    const attrs = `class="shape-arrow" data-from="${squareLabel(shape.from, l.files)}" data-to="${squareLabel(shape.to, l.files)}" opacity="0.8"`;
    out.push(
      `<g ${attrs}><line x1="${num(cx + ux * s * 0.2)}" y1="${num(cy + uy * s * 0.2)}" x2="${num(ex)}" y2="${num(ey)}" stroke="${esc(colour)}" stroke-width="${num(width)}" stroke-linecap="round"/>` +
        `<polygon points="${num(tx)},${num(ty)} ${num(ex + px * head * 0.55)},${num(ey + py * head * 0.55)} ${num(ex - px * head * 0.55)},${num(ey - py * head * 0.55)}" fill="${esc(colour)}"/></g>`,
    );
  }
  if (l.coordinates) {
    const fs = s * 0.28;
    out.push(`<g class="coordinates" font-size="${num(fs)}" fill="${esc(t.text)}" text-anchor="middle">`);
    for (let f = 0; f < l.files; f++) {
      const [x] = corner(l, f);
      out.push(text(x + s / 2, l.y + s * l.ranks + fs * 1.15, FILES[f]!));
    }
    for (let r = 0; r < l.ranks; r++) {
      const [, y] = corner(l, r * l.files);
      out.push(text(l.x - fs * 0.75, y + s / 2 + fs * 0.35, String(r + 1)));
    }
    out.push('</g>');
  }
  return out.join('');
}

/** Pocket roles in display order. */
export const POCKET_ORDER = ['queen', 'rook', 'bishop', 'knight', 'pawn'] as const;

/** One pocket: the pieces held, each with its count; a dash when empty. */
export function drawPocket(
  color: 'white' | 'black',
  counts: Record<string, number>,
  x: number,
  y: number,
  square: number,
  t: DiagramTheme,
): string {
  const icon = square * 0.7;
  const out: string[] = [`<g class="pocket" data-color="${color}">`];
  let cx = x;
  let any = false;
  for (const role of POCKET_ORDER) {
    const n = counts[role] ?? 0;
    if (n <= 0) continue;
    any = true;
    out.push(`<g class="pocket-piece" data-piece="${pieceCode({ color, kind: role })}" data-count="${n}">`);
    out.push(pieceSvg(role, pieceColours(color, t), cx, y, icon, 'class="pocket-icon"'));
    out.push(text(cx + icon, y + icon * 0.8, `${n}`, { 'font-size': square * 0.3, fill: t.text }));
    out.push('</g>');
    cx += icon + square * 0.35;
  }
  if (!any) out.push(text(x, y + icon * 0.7, '\u2014', { 'font-size': square * 0.3, fill: t.text }));
  out.push('</g>');
  return out.join('');
}

/** `Ke1, Qd1, …` in the order K Q R B N P, then by square. */
export function listPieces(pieces: readonly (BoardPiece | null)[], color: BoardColor, files = 8): string[] {
  const order = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];
  const items: { rank: number; sq: number; label: string }[] = [];
  pieces.forEach((p, sq) => {
    if (!p || p.color !== color) return;
    const i = order.indexOf(p.kind);
    items.push({ rank: i < 0 ? 6 : i, sq, label: `${KIND_LETTER[p.kind] ?? `${p.kind} `}${squareLabel(sq, files)}` });
  });
  items.sort((a, b) => a.rank - b.rank || a.sq - b.sq);
  return items.map((i) => i.label);
}
