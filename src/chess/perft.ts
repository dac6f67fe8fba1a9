import { NotationFailure } from '../errors.js';
import { Position } from './position.js';
import { makeUci } from './san.js';
import { looksCrazyhouse } from './suite.js';
import { decodeMove } from './position.js';
import type { Variant } from './types.js';
import { wasm } from './wasm.js';

/** Options of `perft`: variant, per-move counts, bughouse rules. */
export interface PerftOptions {
  variant?: Variant;
  divide?: boolean;
  bughouse?: boolean;
}

/**
 * A pocket means drops, whatever the options say: a FEN with one is counted under crazyhouse rules
 * (under bughouse rules with `bughouse`), as `moves` lists them.
 */
function load(fen: string, opts?: PerftOptions): Position {
  const r = Position.fromFen(fen === 'startpos' ? 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' : fen, {
    variant: looksCrazyhouse(fen) ? 'crazyhouse' : opts?.variant,
    bughouse: opts?.bughouse,
    lenient: true,
    chess960: true,
  });
  if (!r.ok) throw new NotationFailure(r.error);
  return r.value;
}

/**
 * Leaf nodes at `depth` (bulk counted in wasm). Bad FEN throws a `NotationFailure` with the code.
 * Recoverable setup problems (e.g. impossible checks in test positions) are accepted.
 */
export function perft(fen: string, depth: number, opts?: PerftOptions): number {
  if (!Number.isInteger(depth) || depth < 0 || depth > 60) throw new RangeError('perft depth must be an integer 0..60');
  const pos = load(fen, opts);
  if (opts?.divide) return perftDivide(fen, depth, opts).reduce((a, d) => a + d.nodes, 0);
  return pos.perft(depth);
}

/** Per root move counts (UCI, king → rook square for castling) of perft(depth). */
export function perftDivide(fen: string, depth: number, opts?: PerftOptions): { move: string; nodes: number }[] {
  if (!Number.isInteger(depth) || depth < 1 || depth > 60)
    throw new RangeError('perft divide depth must be an integer 1..60');
  const pos = load(fen, opts);
  const c = wasm();
  const n = c.w.perftDivide(pos._load(c), depth);
  const out: { move: string; nodes: number }[] = [];
  for (let i = 0; i < n; i++) {
    out.push({ move: makeUci(decodeMove(c.u32[(c.MOVES >> 2) + i], false)), nodes: c.f64[(c.COUNTS >> 3) + i] });
  }
  return out;
}
