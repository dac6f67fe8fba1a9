// The stipulations the solver reads (#n, =n, s#n, s=n, r#n, r=n, h#n, h=n, h#n.5, h=n.5, ser-#n,
// ser-=n, ser-h#n, ser-h=n, ser-s#n, ser-s=n, ser-r#n, ser-r=n), one grammar for the Popeye reader,
// PBI, problem XML and FEN input alike.

/** A stipulation the solver handles, taken apart. */
export interface SolveStipulation {
  /** Direct, help, self or reflex play. */
  kind: 'direct' | 'help' | 'self' | 'reflex';
  /** Series play (`ser-`): one side makes all its moves in a row. */
  series: boolean;
  /** The aim: the other side mated (`#`) or stalemated (`=`). */
  goal: 'mate' | 'stalemate';
  /** The number written (moves). */
  n: number;
  /** Help play `h#n.5`: one half-move more, the mating side first. */
  half: boolean;
  /** Half-moves of the longest line (both sides, the goal move included). */
  plies: number;
}

/** The longest line the solver searches (its position stack holds 126 plies). */
export const MAX_SOLVE_PLIES = 120;

const STIPULATION = /^(ser-)?([hsr]?)([#=])([0-9]{1,3})(\.5)?$/;

/** Reads a stipulation the solver handles; undefined otherwise (case-insensitive). */
export function readSolveStipulation(text: string): SolveStipulation | undefined {
  const m = STIPULATION.exec(text.trim().toLowerCase());
  if (!m) return undefined;
  const series = !!m[1];
  const kind = m[2] === 'h' ? 'help' : m[2] === 's' ? 'self' : m[2] === 'r' ? 'reflex' : 'direct';
  const goal = m[3] === '#' ? 'mate' : 'stalemate';
  const n = Number(m[4]);
  const half = !!m[5];
  if (half && (kind !== 'help' || series)) return undefined;
  if (n < 1 && !half) return undefined;
  let plies: number;
  if (series) plies = kind === 'direct' ? n : n + 1;
  else if (kind === 'help') plies = 2 * n + (half ? 1 : 0);
  else if (kind === 'direct') plies = 2 * n - 1;
  else plies = 2 * n;
  return { kind, series, goal, n, half, plies };
}

/** The stipulation written the canonical way (lower case, as Popeye prints it). */
export function stipulationText(s: SolveStipulation): string {
  const prefix = { direct: '', help: 'h', self: 's', reflex: 'r' }[s.kind];
  return `${s.series ? 'ser-' : ''}${prefix}${s.goal === 'mate' ? '#' : '='}${s.n}${s.half ? '.5' : ''}`;
}

/** What the Popeye reader and the solver say about a stipulation they do not handle. */
export const STIPULATIONS_READ =
  '#n, =n, s#n, s=n, r#n, r=n, h#n, h=n, h#n.5, h=n.5, and ser- before any of #n, =n, h#n, h=n, s#n, s=n, r#n, r=n';
