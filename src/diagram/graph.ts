// The evaluation graph of a game: the score after each ply from White's point of view, White's
// advantage filled above the middle line, Black's below, and marked plies (e.g. the moves that lost
// the most) as dots.
import { envelope, esc, hashId, num, text, theme as makeTheme, type DiagramTheme } from './svg.js';

/** A ply marked on the evaluation graph. */
export interface EvalMark {
  /** Ply index into `scores`. */
  ply: number;
  /** Short label, e.g. `23... Qxb2?`. */
  label?: string;
}

/** Options of `evalGraphDiagram`. */
export interface EvalGraphOptions {
  /** Width in pixels (default 480); height is a third of it unless given. */
  size?: number;
  height?: number;
  theme?: Partial<DiagramTheme>;
  /** Scores beyond ±clamp pawns are drawn at the edge (default 5). */
  clamp?: number;
  marks?: readonly (EvalMark | number)[];
  title?: string;
  id?: string;
}

/**
 * `scores[i]` is the score in pawns (White's view) after ply i (index 0: the start position);
 * `null` where unknown. A mate is best passed as a large number (±100).
 */
export function evalGraphDiagram(scores: readonly (number | null)[], options: EvalGraphOptions = {}): string {
  const t = makeTheme(options.theme);
  const width = options.size ?? 480;
  const height = options.height ?? width / 3;
  const clamp = options.clamp ?? 5;
  const pad = height * 0.06;
  const plotH = height - pad * 2;
  const mid = pad + plotH / 2;
  const n = scores.length;
  const xAt = (i: number) => (n <= 1 ? width / 2 : (i / (n - 1)) * width);
  const yAt = (v: number) => mid - (Math.max(-clamp, Math.min(clamp, v)) / clamp) * (plotH / 2);
  const parts: string[] = [`<rect x="0" y="0" width="${num(width)}" height="${num(height)}" fill="#d8d8d8"/>`];
  // Runs of known scores become one filled area and one line each.
  let run: [number, number][] = [];
  const runs: [number, number][][] = [];
  scores.forEach((s, i) => {
    if (s === null || !Number.isFinite(s)) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push([xAt(i), yAt(s)]);
  });
  if (run.length) runs.push(run);
  const clip = `gn-eval-${hashId(`${width}x${height}x${clamp}`)}`;
  parts.push(
    `<defs><clipPath id="${clip}"><rect x="0" y="0" width="${num(width)}" height="${num(mid)}"/></clipPath></defs>`,
  );
  for (const r of runs) {
    const line = r.map(([x, y]) => `${num(x)},${num(y)}`).join(' ');
    const area = `${num(r[0]![0])},${num(mid)} ${line} ${num(r[r.length - 1]![0])},${num(mid)}`;
    parts.push(`<polygon class="eval-area" points="${area}" fill="${esc(t.blackPiece)}"/>`);
    parts.push(
      `<polygon class="eval-area-white" points="${area}" fill="${esc(t.whitePiece)}" clip-path="url(#${clip})"/>`,
    );
    parts.push(
      `<polyline class="eval-line" points="${line}" fill="none" stroke="${esc(t.blue)}" stroke-width="${num(Math.max(1, width / 400))}"/>`,
    );
  }
  // Reading the area: White's advantage is the white region above the middle, Black's the dark one below.
  parts.push(
    `<line x1="0" y1="${num(mid)}" x2="${num(width)}" y2="${num(mid)}" stroke="${esc(t.border)}" stroke-width="0.75" stroke-dasharray="4 3"/>`,
  );
  const marks = (options.marks ?? []).map((m) => (typeof m === 'number' ? { ply: m } : m));
  // A label sits on the middle line's side of its dot, so that a dot at an edge keeps its label inside.
  const fs = width / 45;
  const labelY = (y: number, s: number) =>
    Math.max(fs * 1.1, Math.min(height - fs * 0.4, s >= 0 ? y + fs * 1.6 : y - fs * 0.8));
  for (const m of marks) {
    const s = scores[m.ply];
    if (s === null || s === undefined || !Number.isFinite(s)) continue;
    parts.push(
      `<g class="eval-mark" data-ply="${m.ply}"><circle cx="${num(xAt(m.ply))}" cy="${num(yAt(s))}" r="${num(Math.max(3, width / 120))}" fill="${esc(t.red)}" stroke="#ffffff" stroke-width="1"/>` +
        (m.label
          ? text(xAt(m.ply), labelY(yAt(s), s), m.label, {
              'font-size': width / 45,
              'text-anchor': m.ply > n * 0.85 ? 'end' : m.ply < n * 0.15 ? 'start' : 'middle',
              fill: t.red,
              stroke: '#ffffff',
              'stroke-width': fs * 0.3,
              'paint-order': 'stroke',
            })
          : '') +
        '</g>',
    );
  }
  parts.push(
    `<rect x="0" y="0" width="${num(width)}" height="${num(height)}" fill="none" stroke="${esc(t.border)}" stroke-width="1"/>`,
  );
  const known = scores.filter((s): s is number => s !== null && Number.isFinite(s));
  const last = known.length ? known[known.length - 1]! : undefined;
  const description =
    `Evaluation over ${Math.max(0, n - 1)} plies from White's point of view, clamped to ±${clamp} pawns.` +
    (known.length
      ? ` Highest ${fmt(Math.max(...known))}, lowest ${fmt(Math.min(...known))}, final ${fmt(last!)}.`
      : ' No scores.') +
    (marks.length ? ` Marked plies: ${marks.map((m) => m.label ?? String(m.ply)).join(', ')}.` : '');
  return envelope(
    {
      width,
      height,
      title: options.title ?? 'Evaluation graph',
      description,
      id: options.id,
      kind: 'gn-diagram gn-eval-graph',
      font: t.font,
      background: t.background,
    },
    parts.join(''),
  );
}

function fmt(v: number): string {
  return `${v > 0 ? '+' : ''}${(Math.round(v * 100) / 100).toFixed(2)}`;
}

/** A move's loss, for `lossGraphDiagram`. */
export interface LossBar {
  /** 0-based ply (White's first move = 0): where the bar stands. */
  ply: number;
  /** Centipawns lost (≥ 0). */
  loss: number;
  /** Drawn in the red of the theme (a mistake or a blunder). */
  marked?: boolean;
}

/** Options of `lossGraphDiagram`. */
export interface LossGraphOptions {
  /** Width in pixels (default 480); height is a third of it unless given. */
  size?: number;
  /** Height in pixels. */
  height?: number;
  /** Colours and font. */
  theme?: Partial<DiagramTheme>;
  /** Losses beyond this many centipawns are drawn at the edge (default 300). */
  clamp?: number;
  /** Names for the description (default White, Black). */
  names?: [string, string];
  /** The SVG's title (default: Loss per move). */
  title?: string;
  /** Prefix of the ids of its title and description (default: from the content). */
  id?: string;
}

/**
 * Each player's loss per move as bars on one ply axis: White's upwards from the middle line,
 * Black's downwards, so the two players' errors read side by side through the game.
 */
export function lossGraphDiagram(
  white: readonly LossBar[],
  black: readonly LossBar[],
  options: LossGraphOptions = {},
): string {
  const t = makeTheme(options.theme);
  const width = options.size ?? 480;
  const height = options.height ?? width / 3;
  const clamp = options.clamp ?? 300;
  const [whiteName, blackName] = options.names ?? ['White', 'Black'];
  const pad = height * 0.06;
  const mid = height / 2;
  const half = mid - pad;
  const last = Math.max(1, ...white.map((b) => b.ply), ...black.map((b) => b.ply));
  const slot = width / (last + 1);
  const bar = Math.max(1, slot * 0.8);
  const parts: string[] = [`<rect x="0" y="0" width="${num(width)}" height="${num(height)}" fill="#f4f4f4"/>`];
  const draw = (list: readonly LossBar[], up: boolean, fill: string, cls: string) => {
    for (const b of list) {
      const h = (Math.min(clamp, Math.max(0, b.loss)) / clamp) * half;
      if (h <= 0) continue;
      const x = b.ply * slot + (slot - bar) / 2;
      const y = up ? mid - h : mid;
      parts.push(
        `<rect class="${cls}" data-ply="${b.ply}" x="${num(x)}" y="${num(y)}" width="${num(bar)}" height="${num(h)}" fill="${esc(b.marked ? t.red : fill)}" stroke="${esc(t.border)}" stroke-width="0.5"/>`,
      );
    }
  };
  draw(white, true, t.whitePiece, 'loss-white');
  draw(black, false, t.blackPiece, 'loss-black');
  parts.push(
    `<line x1="0" y1="${num(mid)}" x2="${num(width)}" y2="${num(mid)}" stroke="${esc(t.border)}" stroke-width="0.75"/>`,
  );
  const fs = width / 45;
  parts.push(text(fs * 0.4, pad + fs, whiteName, { 'font-size': fs, fill: t.text }));
  parts.push(text(fs * 0.4, height - pad - fs * 0.3, blackName, { 'font-size': fs, fill: t.text }));
  parts.push(
    `<rect x="0" y="0" width="${num(width)}" height="${num(height)}" fill="none" stroke="${esc(t.border)}" stroke-width="1"/>`,
  );
  const summary = (name: string, list: readonly LossBar[]) => {
    if (!list.length) return `${name}: no moves.`;
    const worst = list.reduce((a, b) => (b.loss > a.loss ? b : a));
    const mean = list.reduce((a, b) => a + b.loss, 0) / list.length;
    return `${name}: ${list.length} moves, average loss ${Math.round(mean)}, largest ${Math.round(worst.loss)} at ply ${worst.ply + 1}.`;
  };
  return envelope(
    {
      width,
      height,
      title: options.title ?? 'Loss per move',
      description: `Centipawns lost per move, ${whiteName} above the line and ${blackName} below, clamped at ${clamp}. ${summary(whiteName, white)} ${summary(blackName, black)}`,
      id: options.id,
      kind: 'gn-diagram gn-loss-graph',
      font: t.font,
      background: t.background,
    },
    parts.join(''),
  );
}
