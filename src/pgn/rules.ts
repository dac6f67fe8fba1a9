import { err, notationError, ok, type Result } from '../errors.js';
import { isDrop, makeSan, makeUci, parseSan, Position, type Move, type Variant } from '../chess/index.js';
import { decodeMove, uciMove } from '../chess/fast.js';
// The chess core's published fast path for game readers (see fastChessRules).
import {
  SAN_AMBIGUOUS,
  SAN_SYNTAX,
  encodeMove,
  fastPathPresent,
  isChess960,
  packedSan,
  playGames,
  playGamesInBytes,
  playMovetext,
  playPacked,
  readTags,
  resolveSan,
  restore,
  snapshot,
  type MovetextRun,
} from '../chess/fast.js';
import type { PgnGame } from './types.js';
import type { PgnRules } from './visitor.js';
import { resultBoundary } from '../text/boundary.js';

/** The null move (`--`, `Z0`): passes the turn. */
export const NULL_MOVE: Move = Object.freeze({ from: 0, to: 0 }) as Move;

const CHESS960 = new Set([
  'chess960',
  'chess 960',
  '960',
  'fischerandom',
  'fischerrandom',
  'fischer random',
  'freestyle',
]);
const STANDARD = new Set(['standard', 'chess', 'normal', 'classical', 'from position', 'from-position']);

export interface GameVariant {
  variant: Variant;
  chess960: boolean;
}

/** The rules a game's `Variant` tag asks for, or an error for variants we do not play. */
export function gameVariant(headers: Record<string, string>): Result<GameVariant> {
  return resultBoundary('gameVariant', () => gameVariantUnchecked(headers));
}

function gameVariantUnchecked(headers: Record<string, string>): Result<GameVariant> {
  const tag = headers.Variant?.trim().toLowerCase();
  if (!tag || STANDARD.has(tag)) return ok({ variant: 'chess', chess960: false });
  if (CHESS960.has(tag)) return ok({ variant: 'chess', chess960: true });
  if (tag === 'crazyhouse' || tag === 'zh') return ok({ variant: 'crazyhouse', chess960: false });
  return err(
    notationError(
      'ERR_PGN_VARIANT',
      `variant "${headers.Variant}" is not supported; moves are kept as written, unresolved`,
    ),
  );
}

const initialCache = new Map<string, Position>();

/** The starting position of a game from its SetUp/FEN/Variant tags. */
export function startingPosition(headers: Record<string, string>): Result<Position> {
  return resultBoundary('startingPosition', () => startingPositionUnchecked(headers));
}

function startingPositionUnchecked(headers: Record<string, string>): Result<Position> {
  const v = gameVariant(headers);
  if (!v.ok) return v;
  const { variant, chess960 } = v.value;
  const fen = headers.FEN?.trim();
  if (fen && headers.SetUp?.trim() !== '0') {
    const opts = { variant, chess960 };
    const strict = Position.fromFen(fen, opts);
    if (strict.ok) return strict;
    // Accept what can be repaired (bad castling rights or en passant square), as most readers do.
    const lenient = Position.fromFen(fen, { ...opts, lenient: true });
    if (lenient.ok) return lenient;
    return err(notationError(strict.error.code, `FEN tag: ${strict.error.message}; moves are not resolved`));
  }
  const key = `${variant}/${chess960}`;
  let initial = initialCache.get(key);
  if (!initial) {
    const r = Position.fromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', { variant, chess960 });
    if (!r.ok) return r;
    initial = r.value;
    initialCache.set(key, initial);
  }
  return ok(initial.clone());
}

const UCI = /^[a-h][1-8][a-h][1-8][qrbnk]?$/;

/** Plays the null move: same board, other side to move, no en passant. */
function passTurn(pos: Position): Position | undefined {
  if (pos.isCheck()) return undefined;
  const f = pos.fen().split(' ');
  f[1] = f[1] === 'w' ? 'b' : 'w';
  f[3] = '-';
  if (f[4] !== undefined) f[4] = String(Number(f[4]) + 1);
  if (f[1] === 'w' && f[5] !== undefined) f[5] = String(Number(f[5]) + 1);
  const r = Position.fromFen(f.join(' '), { variant: pos.variant, chess960: isChess960(pos), lenient: true });
  return r.ok ? r.value : undefined;
}

/**
 * SAN resolution with the public API of `gamenotation/chess` only (moves as data). Correct but
 * slower than `chessRules`; kept as the reference the fast path is tested against.
 */
export const publicChessRules: PgnRules<Position, Move> = {
  setup: startingPosition,
  resolve(pos, text) {
    const r = parseSan(pos, text);
    if (r.ok) return r;
    if (text === '--' || text === 'Z0') {
      if (pos.isCheck()) return err(notationError('ERR_PGN_NULL_MOVE', 'null move while in check'));
      return ok(NULL_MOVE);
    }
    if (UCI.test(text)) {
      const m = uciMove(text);
      if (m && pos.isLegal(m)) return ok(m);
    }
    return r;
  },
  play(pos, move) {
    if (move === NULL_MOVE) return passTurn(pos) ?? pos;
    pos.play(move);
    return pos;
  },
  clone: (pos) => pos.clone(),
  move: (_pos, move) => (move === NULL_MOVE ? undefined : move),
  san: (pos, move) => (move === NULL_MOVE ? '--' : makeSan(pos, move)),
  uci: (_pos, move) => (move === NULL_MOVE ? '0000' : makeUci(move)),
};

// The fast path keeps moves packed (the wasm core's u32 encoding) from resolution to play, so no
// legal-move list is generated twice. It uses the chess core's fast path (src/chess/fast.ts);
// `chessRules` falls back to the public API if the core's hooks are ever missing.
const NULL_HANDLE = -1;

function illegal(pos: Position, text: string, code: string, what: string): Result<never> {
  return err(notationError(code, `${what} '${text}' in ${pos.fen()}`));
}

/** Positions handed back by readers (`recycle`), reused for games from the standard start. */
const pool: Position[] = [];
let standardStart: Uint8Array | undefined;

const fastChessRules: PgnRules<Position, number> = {
  setup(headers) {
    // The usual game (no FEN, no Variant tag): a recycled position set to the start, if any.
    const pos = headers.FEN === undefined && headers.Variant === undefined ? pool.pop() : undefined;
    if (pos && pos.variant === 'chess' && !isChess960(pos)) {
      if (!standardStart) {
        const start = startingPosition({});
        if (!start.ok) return start;
        standardStart = snapshot(start.value);
      }
      restore(pos, standardStart);
      return ok(pos);
    }
    return startingPosition(headers);
  },
  recycle(pos) {
    if (pool.length < 4 && !pool.includes(pos)) pool.push(pos);
  },
  resolve(pos, text) {
    lastText = text;
    const m = resolveSan(pos, text);
    if (m >= 0) return ok(m);
    if (m === SAN_AMBIGUOUS) return illegal(pos, text, 'ERR_SAN_AMBIGUOUS', 'ambiguous move');
    if (text === '--' || text === 'Z0') {
      if (pos.isCheck()) return err(notationError('ERR_PGN_NULL_MOVE', 'null move while in check'));
      return ok(NULL_HANDLE);
    }
    if (UCI.test(text)) {
      const move = uciMove(text);
      const packed = move ? encodeMove(pos, move) : -1;
      if (packed >= 0) return ok(packed);
    }
    if (m === SAN_SYNTAX) return err(notationError('ERR_SAN_SYNTAX', `invalid SAN '${text}'`));
    return illegal(pos, text, 'ERR_SAN_ILLEGAL', 'illegal move');
  },
  play(pos, m) {
    if (m === NULL_HANDLE) return passTurn(pos) ?? pos;
    playPacked(pos, m);
    return pos;
  },
  clone: (pos) => pos.clone(),
  move: (pos, m) => (m === NULL_HANDLE ? undefined : sharedMove(m, isChess960(pos))),
  san(pos, m) {
    if (m === NULL_HANDLE) return '--';
    return packedSan(pos, m, lastText);
  },
  uci: (pos, m) => (m === NULL_HANDLE ? '0000' : uciOf(sharedMove(m, isChess960(pos)))),
  playRun(pos, text, run) {
    // A pending null move is played by passTurn (a new position): left to the reader.
    if (run.hasPending && run.pending === NULL_HANDLE) return;
    const r = movetextRun;
    r.pos = run.pos;
    r.line = run.line;
    r.lineStart = run.lineStart;
    r.pending = run.hasPending ? run.pending! : -1;
    r.maxComment = run.maxComment;
    r.number = run.number;
    r.since = run.since;
    playMovetext(pos, text, r);
    run.number = r.number;
    run.since = r.since;
    run.pos = r.pos;
    run.line = r.line;
    run.lineStart = r.lineStart;
    run.hasPending = r.pending >= 0;
    run.pending = r.pending >= 0 ? r.pending : undefined;
    run.moves = r.moves;
  },
  // gameVariant and startingPosition read no other tag.
  setupTags: ['Variant', 'FEN', 'SetUp'],
  readTags: (text, run) => readTags(text, run, run.maxValue),
  playGames(text, run) {
    const start = gamesStart();
    if (start) playGames(start, text, run);
  },
  playGamesInBytes(bytes, run) {
    const start = gamesStart();
    if (start) playGamesInBytes(start, bytes, run);
  },
};

let standardForGames: Position | undefined;

/** The standard starting position the games `playGames` reads are replayed from (it stays as it is). */
function gamesStart(): Position | undefined {
  if (!standardForGames) {
    const start = startingPosition({});
    if (start.ok) standardForGames = start.value;
  }
  return standardForGames;
}

const movetextRun: MovetextRun = {
  pos: 0,
  line: 0,
  lineStart: 0,
  pending: -1,
  moves: 0,
  maxComment: 0,
  number: 0,
  since: 0,
};

/** The text of the last resolved token: canonical SAN usually equals it, so it is reused. */
let lastText = '';

const moveCache: Move[] = [];
const moveCache960: Move[] = [];

/**
 * The move of a packed code. Plain moves (no promotion, no drop) are frozen objects shared by
 * every node that holds the same move: a game tree then allocates nothing per ordinary move.
 */
function sharedMove(m: number, chess960: boolean): Move {
  if (((m >>> 12) & 0x3f) !== 0) return decodeMove(m, chess960); // promotion or drop
  // from/to, plus the castling flag (a castle decodes to the king's destination).
  const key = (m & 0xfff) | ((m >>> 6) & 0x1000);
  const cache = chess960 ? moveCache960 : moveCache;
  let move = cache[key];
  if (move === undefined) {
    move = Object.freeze(decodeMove(m, chess960));
    cache[key] = move;
  }
  return move;
}

const uciCache: string[] = [];

/** UCI of a move, with the strings of plain moves cached (no allocation per move). */
function uciOf(move: Move): string {
  if ('from' in move && !move.promotion) {
    const key = move.from * 64 + move.to;
    return (uciCache[key] ??= makeUci(move));
  }
  return makeUci(move);
}

/** SAN resolution with `gamenotation/chess` (lenient SAN, UCI in movetext, null moves). */
export const chessRules: PgnRules<Position, unknown> = (
  fastPathPresent ? fastChessRules : publicChessRules
) as PgnRules<Position, unknown>;

/** FEN after the main line of a game tree (undefined when its moves are not resolved). */
export function mainlineFen(game: PgnGame): string | undefined {
  const start = startingPosition(game.headers);
  if (!start.ok) return undefined;
  let pos = start.value;
  for (const node of game.moves) {
    if (node.san === '--') {
      const next = passTurn(pos);
      if (!next) return undefined;
      pos = next;
      continue;
    }
    if (!node.move || !pos.isLegal(node.move)) return undefined;
    pos.play(node.move);
  }
  return pos.fen();
}

export { isDrop };
