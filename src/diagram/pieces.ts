// Piece artwork drawn for this project (original simple vector shapes, MIT like the rest; see
// NOTICE). Each piece is drawn in a 100 × 100 box: `body` in the piece colour with an outline,
// `detail` in the contrasting colour.
import { esc, num } from './svg.js';

interface Art {
  body: string[];
  detail?: string[];
}

const BASE = 'M24 78 H76 V88 H24 Z';

const ART: Record<string, Art> = {
  pawn: {
    body: ['M34 78 Q36 56 45 46 A14 14 0 1 1 55 46 Q64 56 66 78 Z', BASE],
  },
  rook: {
    body: ['M31 78 L35 42 H65 L69 78 Z', 'M27 42 V20 H37 V28 H45 V20 H55 V28 H63 V20 H73 V42 Z', BASE],
    detail: ['M36 48 H64'],
  },
  bishop: {
    body: [
      'M50 21 C67 33 66 52 59 62 H41 C34 52 33 33 50 21 Z',
      'M50 7 A6 6 0 1 1 49.99 7 Z',
      'M38 62 H62 V69 H38 Z',
      'M36 78 Q42 73 41 69 H59 Q58 73 64 78 Z',
      BASE,
    ],
    detail: ['M50 33 V51', 'M43 42 H57'],
  },
  knight: {
    body: [
      'M30 78 L33 63 Q35 52 46 45 L41 45 Q31 47 25 54 L18 47 Q22 33 37 24 L41 14 L48 23 Q69 25 75 48 Q79 64 73 78 Z',
      BASE,
    ],
    detail: ['M38 33 h4'],
  },
  queen: {
    body: [
      'M28 74 L17 34 L34 54 L36 25 L46 52 L50 20 L54 52 L64 25 L66 54 L83 34 L72 74 Z',
      'M24 74 H76 V86 H24 Z',
      'M17 26 a4.5 4.5 0 1 1 -0.01 0 Z',
      'M36 17 a4.5 4.5 0 1 1 -0.01 0 Z',
      'M50 12 a4.5 4.5 0 1 1 -0.01 0 Z',
      'M64 17 a4.5 4.5 0 1 1 -0.01 0 Z',
      'M83 26 a4.5 4.5 0 1 1 -0.01 0 Z',
    ],
    detail: ['M30 66 H70'],
  },
  king: {
    body: [
      'M46 6 H54 V14 H62 V22 H54 V34 H46 V22 H38 V14 H46 Z',
      'M27 74 Q14 52 29 42 Q42 35 50 46 Q58 35 71 42 Q86 52 73 74 Z',
      'M24 74 H76 V86 H24 Z',
    ],
    detail: ['M32 64 H68', 'M50 46 V62'],
  },
};

export interface PieceColours {
  fill: string;
  stroke: string;
  detail: string;
}

/**
 * One piece as an SVG group at (x, y) with side `size`. Orthodox kinds get their artwork; any other
 * kind (fairy pieces of problems) a disc with the kind's first letters.
 */
export function pieceSvg(
  kind: string,
  colours: PieceColours,
  x: number,
  y: number,
  size: number,
  attrs: string,
): string {
  const s = size / 100;
  const art = ART[kind];
  const transform = `translate(${num(x)} ${num(y)}) scale(${String(Math.round(s * 10000) / 10000)})`;
  if (!art) {
    const label = kind.replace(/[^A-Za-z]/g, '').slice(0, 2) || '?';
    return (
      `<g ${attrs} transform="${transform}"><circle cx="50" cy="50" r="36" fill="${esc(colours.fill)}" stroke="${esc(colours.stroke)}" stroke-width="4"/>` +
      `<text x="50" y="62" text-anchor="middle" font-size="34" font-weight="bold" fill="${esc(colours.detail)}">${esc(label[0]!.toUpperCase() + label.slice(1).toLowerCase())}</text></g>`
    );
  }
  const body = art.body.map((d) => `<path d="${d}"/>`).join('');
  const detail = art.detail
    ? `<g fill="none" stroke="${esc(colours.detail)}" stroke-width="3.5" stroke-linecap="round">${art.detail.map((d) => `<path d="${d}"/>`).join('')}</g>`
    : '';
  return `<g ${attrs} transform="${transform}"><g fill="${esc(colours.fill)}" stroke="${esc(colours.stroke)}" stroke-width="3.5" stroke-linejoin="round">${body}</g>${detail}</g>`;
}
