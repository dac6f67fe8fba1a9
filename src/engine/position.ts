// What the engine is asked about: any position input becomes a start FEN plus UCI moves, so the
// engine sees the game's history (repetitions, the fifty-move count).
import { INITIAL_FEN, makeSanAndPlay, makeUci, Position, type Color, type Move } from '../chess/index.js';
import { uciMove } from '../chess/fast.js';
import { EngineError } from './errors.js';

/** The variants the engine layer can search. */
export type EngineVariant = 'chess' | 'crazyhouse' | 'bughouse';

/** A game as `gamenotation/pgn` reads it (only the fields used here). */
export interface GameLike {
  headers?: Record<string, string>;
  moves: { san: string; uci?: string; move?: Move }[];
}

/**
 * A position to search: a FEN (or `startpos`), a `Position`, a start plus moves (UCI or SAN), or a
 * game plus a ply (the position after that many half-moves of its main line).
 */
export type PositionInput =
  | string
  | Position
  | { fen?: string; moves: (string | Move)[]; variant?: EngineVariant; chess960?: boolean }
  | { game: GameLike; ply?: number };

/** A position as sent to the engine: start FEN, UCI moves and the searched position. */
export interface ResolvedPosition {
  /** The start FEN sent with `position fen`. */
  fen: string;
  /** UCI moves from the start. */
  moves: string[];
  variant: EngineVariant;
  chess960: boolean;
  /** The side to move in the searched position (scores are relative to it). */
  turn: Color;
  /** The searched position (for legality checks and SAN). */
  position: Position;
  /** The game object of a `{ game, ply }` input: a different one means a new game (`ucinewgame`). */
  game?: unknown;
}

const CHESS960_TAGS = /^(chess ?960|fischer ?random|fischerandom|freestyle|960)$/i;

function fail(message: string): never {
  throw new EngineError('ERR_ENGINE_POSITION', message);
}

function start(
  fen: string | undefined,
  variant: EngineVariant | undefined,
  chess960: boolean,
): { pos: Position; fen: string; variant: EngineVariant } {
  const text = !fen || fen === 'startpos' ? INITIAL_FEN : fen.trim();
  const board = text.split(' ')[0];
  // A pocket (`[Qp]`, or a ninth rank) means crazyhouse.
  const v: EngineVariant = variant ?? (board.includes('[') || board.split('/').length === 9 ? 'crazyhouse' : 'chess');
  const r = Position.fromFen(text, {
    variant: v === 'chess' ? 'chess' : 'crazyhouse',
    bughouse: v === 'bughouse',
    chess960,
  });
  if (!r.ok) fail(`${r.error.code}: ${r.error.message}`);
  return {
    pos: r.value,
    fen: r.value.fen({ shredder: chess960 && /[A-Ha-h]/.test(text.split(' ')[2] ?? '') }),
    variant: v,
  };
}

function playOne(pos: Position, move: string | Move, index: number): string {
  if (typeof move !== 'string') {
    if (!pos.isLegal(move)) fail(`move ${index + 1} (${JSON.stringify(move)}) is illegal in ${pos.fen()}`);
    pos.play(move);
    return makeUci(move);
  }
  const uci = uciMove(move);
  if (uci && pos.isLegal(uci)) {
    pos.play(uci);
    return makeUci(uci);
  }
  const r = pos.playSan(move);
  if (!r.ok) fail(`move ${index + 1} '${move}': ${r.error.message}`);
  return makeUci(r.value);
}

/** Resolves any position input; throws an EngineError ERR_ENGINE_POSITION on bad input. */
export function resolvePosition(
  input: PositionInput,
  opts: { variant?: EngineVariant; chess960?: boolean } = {},
): ResolvedPosition {
  if (typeof input === 'string') {
    const s = start(input, opts.variant, opts.chess960 ?? false);
    return {
      fen: s.fen,
      moves: [],
      variant: s.variant,
      chess960: opts.chess960 ?? false,
      turn: s.pos.turn,
      position: s.pos,
    };
  }
  if (input instanceof Position) {
    const variant: EngineVariant = input.variant === 'chess' ? 'chess' : input.bughouse ? 'bughouse' : 'crazyhouse';
    const chess960 = opts.chess960 ?? input._chess960;
    return { fen: input.fen(), moves: [], variant, chess960, turn: input.turn, position: input.clone() };
  }
  if ('game' in input) {
    const headers = input.game.headers ?? {};
    const tag = headers.Variant?.trim() ?? '';
    const chess960 = opts.chess960 ?? CHESS960_TAGS.test(tag);
    const variant =
      opts.variant ??
      (/^(crazyhouse|zh)$/i.test(tag) ? 'crazyhouse' : /^bughouse$/i.test(tag) ? 'bughouse' : undefined);
    const fen = headers.FEN && headers.SetUp?.trim() !== '0' ? headers.FEN : undefined;
    const s = start(fen, variant, chess960);
    const ply = input.ply ?? input.game.moves.length;
    if (!Number.isInteger(ply) || ply < 0 || ply > input.game.moves.length)
      fail(`ply ${ply} is outside the game (0..${input.game.moves.length})`);
    const moves: string[] = [];
    for (let i = 0; i < ply; i++) {
      const node = input.game.moves[i];
      moves.push(playOne(s.pos, node.move ?? node.uci ?? node.san, i));
    }
    return { fen: s.fen, moves, variant: s.variant, chess960, turn: s.pos.turn, position: s.pos, game: input.game };
  }
  const chess960 = opts.chess960 ?? input.chess960 ?? false;
  const s = start(input.fen, opts.variant ?? input.variant, chess960);
  const fenOut = s.fen;
  const moves = input.moves.map((m, i) => playOne(s.pos, m, i));
  return { fen: fenOut, moves, variant: s.variant, chess960, turn: s.pos.turn, position: s.pos };
}

/** The `position` command. */
export function positionCommand(p: ResolvedPosition): string {
  return p.moves.length ? `position fen ${p.fen} moves ${p.moves.join(' ')}` : `position fen ${p.fen}`;
}

/** The game ply of a position (0 = White's first move), from its FEN's move number and side to move. */
export function gamePly(pos: Position): number {
  const fullmove = Number(pos.fen().split(' ')[5]) || 1;
  return 2 * (fullmove - 1) + (pos.turn === 'black' ? 1 : 0);
}

/** The most PV moves checked; engines send far fewer (Stockfish at most 246 plies). */
export const MAX_PV = 1000;

/**
 * A PV checked against the position: its moves in UCI and SAN up to the first one that is not
 * legal there, or up to `MAX_PV` moves; `problem` says why it was cut.
 */
export function legalPv(start: Position, pv: readonly string[]): { uci: string[]; san: string[]; problem?: string } {
  const uci: string[] = [];
  const san: string[] = [];
  if (!pv.length) return { uci, san };
  const pos = start.clone();
  for (let i = 0; i < pv.length; i++) {
    if (i === MAX_PV) return { uci, san, problem: `the PV is cut after ${MAX_PV} moves` };
    const move = uciMove(pv[i]!);
    if (!move || !pos.isLegal(move))
      return { uci, san, problem: `PV move ${i + 1} '${pv[i]}' is not legal in ${pos.fen()}; the PV stops before it` };
    uci.push(pv[i]!);
    san.push(makeSanAndPlay(pos, move));
  }
  return { uci, san };
}
