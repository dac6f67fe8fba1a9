// The AIF model (Regan & Biswas, "Analysis Interchange Format" v0.5): a PGN game with engine
// header tags, then one block per analysed turn (tags, an evaluation grid, PV lines, comments).
import type { PgnGame } from '../pgn/types.js';
import { tagValueText } from '../text/tag-value.js';

/** A grid cell: centipawns from White's view (±900 clamp, mates ±(1000−n)), or a marker. */
export type AifCell = number | 'n.a.' | 'NREC' | 'PRUN';

/** One grid row: a move and its value at each depth. */
export interface AifRow {
  /** The move as written (SAN in v0.5). */
  move: string;
  /** One cell per depth column. */
  cells: AifCell[];
  /** Where the row was read (absent on rows built in memory). */
  line?: number;
}

/** The evaluation grid of a block: one row per move, one column per search depth. */
export interface AifGrid {
  /** Depth columns (1..N for a search to depth N). */
  depths: number[];
  rows: AifRow[];
}

/** `18: 6.Ne5 Be6 …`: a principal variation found at a depth. */
export interface AifPv {
  depth: number;
  text: string;
}

/** Where a tag was read: line and column of its `[`. */
export type AifPlace = { line: number; column: number };

/** The analysis of one turn: block tags, evaluation grid, principal variations and comments. */
export interface AifBlock {
  /** Tags in canonical names (`Turn`, `GID`; the 2012 `MoveNo` and block `GameID` are renamed on reading). */
  tags: Record<string, string>;
  grid: AifGrid;
  pvs: AifPv[];
  /** Free comment lines after the grid. */
  comments: string[];
  /** Line of the block's first tag (absent on blocks built in memory). */
  line?: number;
  /** Where each tag was read. */
  places?: Record<string, AifPlace>;
}

/** The dialect a game was read in (warnings say what was accepted). */
export type AifFlavour = 'v0.5' | 'legacy' | 'v1.0';

/** One game of an AIF file: its dialect, header tags, PGN game, one block per analysed turn, and what reading found. */
export interface AifGame {
  flavour: AifFlavour;
  /** Game header tags, PGN and engine tags alike, in file order. Empty for bare move blocks. */
  headers: Record<string, string>;
  /** The game part read with the PGN reader (absent for bare move blocks). */
  game?: PgnGame;
  blocks: AifBlock[];
  /** Line of the game's first line. */
  line: number;
}

/** The engine header tags of an AIF game, in the order the spec lists them. */
export const ENGINE_TAGS = [
  'GameID',
  'EngineID',
  'Platform',
  'Threads',
  'Hash',
  'MultiPV',
  'DepthRange',
  'EGT',
  'Mode',
] as const;

/** Block tags in canonical order; other tags follow in the order they were read. */
export const BLOCK_TAGS = [
  'GID',
  'EID',
  'Turn',
  'MovePlayed',
  'EngineMove',
  'Eval',
  'PrevEval',
  'NextEval',
  'Depth',
  'NodeCount',
  'Time',
  'NodesPerSecond',
  'FEN',
  'RepCount',
  'RepLine1',
  'RepLine2',
  'FiftyMR',
  'NumLegalMoves',
  'LegalMoves',
  'LegalMovesSAN',
] as const;

/** Highest centipawn value kept; larger ones are clamped to it. */
export const AIF_CLAMP = 900;
/** Mate in n is ±(AIF_MATE − n). */
export const AIF_MATE = 1000;

/** A White-view engine score as an AIF cell value. */
export function scoreCell(score: { cp: number } | { mate: number }): number {
  if ('cp' in score) return Math.max(-AIF_CLAMP, Math.min(AIF_CLAMP, score.cp)) || 0;
  const n = Math.abs(score.mate);
  const v = AIF_MATE - Math.max(1, n);
  return score.mate < 0 || Object.is(score.mate, -0) ? -v : v;
}

/** A cell in its 4-character form: `+132`, `-005`, ` 000`, `n.a.`, `NREC`, `PRUN`. */
export function formatCell(cell: AifCell): string {
  if (typeof cell !== 'number') return cell;
  if (cell === 0) return ' 000';
  const digits = String(Math.abs(cell)).padStart(3, '0');
  return (cell < 0 ? '-' : '+') + digits;
}

/** Reads a cell; undefined when the text is not one. */
export function parseCell(text: string): AifCell | undefined {
  if (text === 'n.a.' || text === 'NREC' || text === 'PRUN') return text;
  if (/^[+-]?\d{1,6}$/.test(text)) return Number(text) || 0;
  return undefined;
}

/** Whether a numeric cell is in range: |v| ≤ 900, or a mate ±(1000−n) with n ≥ 1. */
export function cellInRange(cell: number): boolean {
  return Number.isInteger(cell) && Math.abs(cell) < AIF_MATE;
}

/** `6-w` → the 0-based ply from the game's initial position numbering (White's first move = 0). */
export function turnToPly(turn: string): number | undefined {
  const m = /^\s*(\d+)\s*-\s*([wb])\s*$/.exec(turn);
  if (!m) return undefined;
  return (Number(m[1]) - 1) * 2 + (m[2] === 'b' ? 1 : 0);
}

/** The 0-based ply (White's first move = 0) → its `Turn` value (`6-w`); the inverse of `turnToPly`. */
export function plyToTurn(ply: number): string {
  return `${Math.floor(ply / 2) + 1}-${ply % 2 ? 'b' : 'w'}`;
}

/**
 * The GameID "mangle" of the spec: surnames, event, site, date, round, result. It is a tag value, so
 * a control character of a header (NUL, …) is a space in it (src/text/tag-value.ts), and the id
 * written is the id computed.
 */
export function gameIdOf(headers: Record<string, string>): string {
  const surname = (name: string | undefined): string => (name ?? '?').split(',')[0]!.trim() || '?';
  const tag = (name: string): string => (headers[name] ?? '?').trim() || '?';
  const parts = [
    surname(headers.White),
    surname(headers.Black),
    tag('Event'),
    tag('Site'),
    tag('Date'),
    tag('Round'),
    tag('Result'),
  ];
  return tagValueText(parts.join(';'));
}
