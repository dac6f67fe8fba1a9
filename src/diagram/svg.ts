// Small helpers shared by every diagram writer: number formatting, escaping, the accessible SVG
// envelope and a deterministic id. Strings only, no DOM.

/** Rounds to two decimals and drops trailing zeros, so output is identical on every platform. */
export function num(x: number): string {
  const r = Math.round(x * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A short deterministic hash (FNV-1a, base 36): ids differ between diagrams of different content. */
export function hashId(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

export interface EnvelopeOptions {
  width: number;
  height: number;
  title: string;
  description: string;
  /** Prefix for the ids of `<title>` and `<desc>`; by default derived from the content. */
  id?: string;
  /** The `class` of the root element, e.g. `gn-board`. */
  kind: string;
  font: string;
  background?: string;
}

/**
 * The root `<svg>` with `role="img"`, a `<title>` and a `<desc>` it is labelled and described by.
 * The body is appended unchanged.
 */
export function envelope(o: EnvelopeOptions, body: string): string {
  const id = o.id ?? `gn-${hashId(o.title + '\n' + o.description + '\n' + body)}`;
  const bg = o.background
    ? `<rect class="background" width="${num(o.width)}" height="${num(o.height)}" fill="${esc(o.background)}"/>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="${o.kind}" width="${num(o.width)}" height="${num(o.height)}" ` +
    `viewBox="0 0 ${num(o.width)} ${num(o.height)}" role="img" aria-labelledby="${id}-title" aria-describedby="${id}-desc" ` +
    `font-family="${esc(o.font)}">` +
    `<title id="${id}-title">${esc(o.title)}</title><desc id="${id}-desc">${esc(o.description)}</desc>` +
    bg +
    body +
    '</svg>\n'
  );
}

export function text(x: number, y: number, content: string, attrs: Record<string, string | number> = {}): string {
  const extra = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? num(v) : esc(v)}"`)
    .join('');
  return `<text x="${num(x)}" y="${num(y)}"${extra}>${esc(content)}</text>`;
}

/** The colours and font every diagram kind shares; each option is a CSS colour. */
export interface DiagramTheme {
  light: string;
  dark: string;
  border: string;
  /** Coordinates, captions, pocket counts. */
  text: string;
  background: string;
  whitePiece: string;
  blackPiece: string;
  pieceStroke: string;
  /** Fill of the squares of the last move. */
  lastMove: string;
  /** The checked king's square. */
  check: string;
  /** `[%cal]`/`[%csl]` colours. */
  green: string;
  red: string;
  yellow: string;
  blue: string;
  /** Bridge: red suits. */
  redSuit: string;
  blackSuit: string;
  /** Bridge: vulnerable side's seat fill. */
  vulnerable: string;
  font: string;
}

/** The colours diagrams use when no theme is given. */
export const DEFAULT_THEME: DiagramTheme = {
  light: '#eeeed2',
  dark: '#8ca2ad',
  border: '#404040',
  text: '#202020',
  background: '#ffffff',
  whitePiece: '#ffffff',
  blackPiece: '#2a2a2a',
  pieceStroke: '#000000',
  lastMove: 'rgba(205,210,106,0.75)',
  check: 'rgba(220,30,30,0.6)',
  green: '#15781b',
  red: '#882020',
  yellow: '#e68f00',
  blue: '#003088',
  redSuit: '#c8102e',
  blackSuit: '#111111',
  vulnerable: '#c8102e',
  font: 'DejaVu Sans, Verdana, Arial, sans-serif',
};

export function theme(partial?: Partial<DiagramTheme>): DiagramTheme {
  return { ...DEFAULT_THEME, ...partial };
}
