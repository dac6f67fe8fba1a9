import type { PgnCommands, PgnEval, PgnShape } from './types.js';

const COLORS: Record<string, PgnShape['color']> = { G: 'green', R: 'red', Y: 'yellow', B: 'blue' };

function square(text: string, at: number): number {
  const f = text.charCodeAt(at) - 97;
  const r = text.charCodeAt(at + 1) - 49;
  return f >= 0 && f < 8 && r >= 0 && r < 8 ? r * 8 + f : -1;
}

/** `h:mm:ss`, `mm:ss`, `ss`, with optional fractions (`0:00:07.3`), to seconds; NaN when malformed. */
export function parseClock(text: string, from = 0, to = text.length): number {
  let total = 0;
  let field = 0;
  let digits = 0;
  let fields = 1;
  let frac = 0;
  let scale = 0; // > 0 inside the fraction
  let i = from;
  let n = to;
  while (i < n && text.charCodeAt(i) === 32) i++;
  while (n > i && text.charCodeAt(n - 1) === 32) n--;
  if (i === n) return NaN;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (scale > 0) {
        scale /= 10;
        frac += (c - 48) * scale;
      } else field = field * 10 + (c - 48);
      digits++;
    } else if (c === 58 && scale === 0 && digits > 0) {
      // ':'
      total = total * 60 + field;
      field = 0;
      digits = 0;
      if (++fields > 3) return NaN;
    } else if (c === 46 && scale === 0 && digits > 0) {
      // '.'
      scale = 1;
      digits = 0;
    } else return NaN;
  }
  if (digits === 0) return NaN;
  const seconds = total * 60 + field + frac;
  return scale > 0 ? Math.round(seconds * 1000) / 1000 : seconds;
}

/** Seconds to `h:mm:ss` (fractions kept to the tenth when present). */
export function makeClock(seconds: number): string {
  const whole = Math.floor(seconds);
  const frac = Math.round((seconds - whole) * 10);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const base = `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return frac > 0 ? `${base}.${frac}` : base;
}

function parseEval(value: string): PgnEval | undefined {
  const [score, depthText] = value.split(',');
  const out: PgnEval = {};
  const s = score!.trim();
  if (s.startsWith('#')) {
    const mate = Number(s.slice(1));
    if (!Number.isInteger(mate)) return undefined;
    out.mate = mate;
  } else {
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(s)) return undefined;
    out.pawns = Number(s);
  }
  if (depthText !== undefined) {
    const depth = Number(depthText.trim());
    if (!Number.isInteger(depth) || depth < 0) return undefined;
    out.depth = depth;
  }
  return out;
}

function parseShapes(value: string, arrows: boolean, into: PgnShape[]): boolean {
  for (const raw of value.split(',')) {
    const item = raw.trim();
    if (!item) continue;
    const color = COLORS[item[0]!];
    const from = square(item, 1);
    if (!color || from < 0) return false;
    if (arrows) {
      const to = square(item, 3);
      if (to < 0 || item.length !== 5) return false;
      into.push({ color, from, to });
    } else {
      if (item.length !== 3) return false;
      into.push({ color, from });
    }
  }
  return true;
}

/**
 * Reads the commands (`[%name args]`) embedded in a comment into `into` (created when needed).
 * Unknown or malformed commands land in `other` with their raw text. Returns `into`.
 */
export function parseCommands(comment: string, into?: PgnCommands): PgnCommands | undefined {
  let at = comment.indexOf('[%');
  while (at >= 0) {
    let p = at + 2;
    const n = comment.length;
    while (p < n) {
      const c = comment.charCodeAt(p);
      if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95)) break;
      p++;
    }
    // Arguments run to the first `]` outside a double-quoted string.
    let q = p;
    let quoted = false;
    while (q < n) {
      const c = comment.charCodeAt(q);
      if (c === 34) quoted = !quoted;
      else if (c === 93 && !quoted) break;
      q++;
    }
    if (q >= n || p === at + 2) break;
    into ??= {};
    // Clocks, the most common commands by far, are read without slicing the comment.
    if (p - at === 5) {
      const a = comment.charCodeAt(at + 2);
      const b = comment.charCodeAt(at + 3);
      const d = comment.charCodeAt(at + 4);
      const seconds = a === 99 || a === 101 || a === 109 ? parseClock(comment, p, q) : NaN;
      if (!Number.isNaN(seconds)) {
        let done = true;
        if (a === 99 && b === 108 && d === 107) into.clk = seconds;
        else if (a === 101 && b === 109 && d === 116) into.emt = seconds;
        else if (a === 101 && b === 103 && d === 116) into.egt = seconds;
        else if (a === 109 && b === 99 && d === 116) into.mct = seconds;
        else done = false;
        if (done) {
          at = comment.indexOf('[%', q + 1);
          continue;
        }
      }
    }
    const name = comment.slice(at + 2, p);
    const value = comment.slice(p, q).trim();
    let known = true;
    switch (name) {
      case 'eval': {
        const e = parseEval(value);
        if (e) into.eval = e;
        else known = false;
        break;
      }
      case 'csl':
      case 'cal': {
        const shapes: PgnShape[] = [];
        if (parseShapes(value, name === 'cal', shapes)) (into.shapes ??= []).push(...shapes);
        else known = false;
        break;
      }
      default:
        known = false;
    }
    if (!known) (into.other ??= []).push({ name, value });
    at = comment.indexOf('[%', q + 1);
  }
  return into;
}
