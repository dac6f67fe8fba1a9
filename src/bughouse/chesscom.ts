// chess.com bughouse: the callback JSON of a game (TCN `moveList`, `moveTimestamps`, `pgnHeaders`),
// two partner games joined by `partnerGameId` and merged into one real-time order.
import { notationError, type NotationError, type Parsed, type Result, ok, err } from '../errors.js';
import type { Color } from '../chess/types.js';
import { BughouseBoards, packedUci, type BughouseMatch, type BughouseMove, type Termination } from './match.js';
import type { BoardId } from './bfen.js';
import { resultBoundary } from '../text/boundary.js';

/**
 * chess.com's TCN alphabet (a fact of the format, checked by replaying all 82 games of the corpus):
 * two characters per move; indices 0–63 are squares a1, b1, … h8; as the second character, 64–75
 * is a promotion (piece q n r b by thirds, then file step −1, 0, +1); as the first character,
 * `& - * + =` drop a queen, knight, rook, bishop, pawn.
 */
const TCN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!?{~}(^)[_]@#$,./&-*+=';
const DROP_ROLE: Record<string, 'queen' | 'knight' | 'rook' | 'bishop' | 'pawn'> = {
  '&': 'queen',
  '-': 'knight',
  '*': 'rook',
  '+': 'bishop',
  '=': 'pawn',
};

/** The fields read from chess.com's JSON of one board's game (its partner board's game is `partnerGameId`). */
export interface ChesscomGame {
  game: {
    id: number;
    partnerGameId?: number;
    moveList: string;
    moveTimestamps?: string;
    pgnHeaders?: Record<string, string | number>;
    colorOfWinner?: string;
    gameEndReason?: string;
    baseTime1?: number;
    timeIncrement1?: number;
    endTime?: number;
  };
}

/** A TCN move as UCI (`e2e4`, `e7e8q`, `P@e4`), or undefined for characters outside the alphabet. */
export function tcnToUci(a: string, b: string, turn: Color): string | undefined {
  const name = (sq: number) => String.fromCharCode(97 + (sq & 7), 49 + (sq >> 3));
  const drop = DROP_ROLE[a];
  const to = TCN.indexOf(b);
  if (drop) {
    if (to < 0 || to > 63) return undefined;
    return `${drop === 'knight' ? 'N' : drop[0]!.toUpperCase()}@${name(to)}`;
  }
  const from = TCN.indexOf(a);
  if (from < 0 || from > 63 || to < 0) return undefined;
  if (to < 64) return name(from) + name(to);
  if (to > 75) return undefined;
  const k = to - 64;
  const target = from + (turn === 'white' ? 8 : -8) + ((k % 3) - 1);
  if (target < 0 || target > 63) return undefined;
  return name(from) + name(target) + 'qnrb'[Math.floor(k / 3)]!;
}

interface TimedMove {
  board: BoardId;
  ply: number;
  uci: string;
  /** Seconds left for the mover after the move (null when not given). */
  clock: number | null;
  /** Time the board has run when the move was made: both clocks' use plus increments (seconds). */
  elapsed: number;
}

function timedMoves(g: ChesscomGame['game'], board: BoardId, errors: NotationError[]): TimedMove[] {
  const list = g.moveList ?? '';
  const stamps = (g.moveTimestamps ?? '')
    .split(',')
    .filter((s) => s !== '')
    .map(Number);
  const base = (g.baseTime1 ?? Number(g.pgnHeaders?.['TimeControl'] ?? 0) * 10) / 10;
  const inc = g.timeIncrement1 ?? 0;
  const left = [base, base];
  const out: TimedMove[] = [];
  if (list.length % 2) errors.push(notationError('ERR_CHESSCOM_TCN', `game ${g.id}: moveList has an odd length`));
  for (let i = 0; i + 1 < list.length; i += 2) {
    const ply = i / 2;
    const turn: Color = ply % 2 ? 'black' : 'white';
    const uci = tcnToUci(list[i]!, list[i + 1]!, turn);
    if (!uci) {
      errors.push(
        notationError('ERR_CHESSCOM_TCN', `game ${g.id}: unknown TCN move '${list.slice(i, i + 2)}' at ply ${ply + 1}`),
      );
      break;
    }
    const stamp = stamps[ply];
    const clock = stamp === undefined || !Number.isFinite(stamp) ? null : stamp / 10;
    if (clock !== null) left[ply % 2] = clock;
    out.push({ board, ply, uci, clock, elapsed: 2 * base - left[0]! - left[1]! + inc * (ply + 1) });
  }
  return out;
}

function termination(reason: string | undefined): Termination {
  switch (reason) {
    case 'checkmated':
      return 'mate';
    case 'resigned':
      return 'resign';
    case 'timeout':
      return 'time';
    case 'abandoned':
      return 'resign';
    default:
      return 'unknown';
  }
}

/**
 * One match from two partner games (board A = `a`). Moves of both boards are merged by the time
 * each board had run when the move was made (ties keep board A first), then replayed with piece
 * transfer; SAN and UCI come from the replay.
 */
export function chesscomToMatch(a: ChesscomGame, b: ChesscomGame): Result<Parsed<BughouseMatch>, NotationError> {
  return resultBoundary('chesscomToMatch', () => chesscomToMatchUnchecked(a, b));
}

function chesscomToMatchUnchecked(a: ChesscomGame, b: ChesscomGame): Result<Parsed<BughouseMatch>, NotationError> {
  const ga = a?.game,
    gb = b?.game;
  if (!ga || typeof ga.moveList !== 'string' || !gb || typeof gb.moveList !== 'string') {
    return err(notationError('ERR_CHESSCOM_JSON', 'not a chess.com game (game.moveList missing)'));
  }
  if (ga.partnerGameId !== undefined && ga.partnerGameId !== gb.id) {
    return err(
      notationError('ERR_CHESSCOM_PARTNER', `game ${gb.id} is not the partner of game ${ga.id} (${ga.partnerGameId})`),
    );
  }
  const errors: NotationError[] = [];
  const moves = [...timedMoves(ga, 'A', errors), ...timedMoves(gb, 'B', errors)];
  // Stable sort by elapsed time; on equal time, the earlier ply of the same board first.
  moves.sort((x, y) => x.elapsed - y.elapsed || (x.board === y.board ? x.ply - y.ply : x.board === 'A' ? -1 : 1));
  const ha = ga.pgnHeaders ?? {},
    hb = gb.pgnHeaders ?? {};
  const tags: Record<string, string> = {};
  const put = (k: string, v: unknown) => {
    if (v !== undefined && v !== null && v !== '') tags[k] = String(v);
  };
  put('Event', ha['Event']);
  put('Site', ha['Site']);
  put('Date', ha['Date']);
  put('WhiteA', ha['White']);
  put('WhiteAElo', ha['WhiteElo']);
  put('BlackA', ha['Black']);
  put('BlackAElo', ha['BlackElo']);
  put('WhiteB', hb['White']);
  put('WhiteBElo', hb['WhiteElo']);
  put('BlackB', hb['Black']);
  put('BlackBElo', hb['BlackElo']);
  put('TimeControl', ha['TimeControl']);
  // Result from WhiteA's team view (WhiteA with BlackB).
  let result = '*';
  if (ga.colorOfWinner === 'white' || gb.colorOfWinner === 'black') result = '1-0';
  else if (ga.colorOfWinner === 'black' || gb.colorOfWinner === 'white') result = '0-1';
  tags['Result'] = result;
  const ending = [ga, gb].find((g) => g.gameEndReason && !/partner/.test(g.gameEndReason));
  const match: BughouseMatch = {
    tags,
    comments: [`C: chess.com games ${ga.id} and ${gb.id}`],
    moves: [],
    result,
    termination: termination(ending?.gameEndReason),
  };
  const boards = BughouseBoards.initial();
  const broken = { A: false, B: false };
  const number = { A: 0, B: 0 };
  for (const tm of moves) {
    const color = boards.turnOf(tm.board);
    if (color === 'white') number[tm.board]++;
    const mv: BughouseMove = {
      board: tm.board,
      color,
      number: number[tm.board],
      san: tm.uci,
      uci: tm.uci,
      clock: tm.clock,
    };
    if (tm.clock !== null) mv.clockText = String(tm.clock);
    if (!broken[tm.board]) {
      const m = uciPacked(boards, tm.board, tm.uci);
      if (m < 0) {
        errors.push(
          notationError(
            'ERR_SAN_ILLEGAL',
            `board ${tm.board} ply ${tm.ply + 1}: ${tm.uci} is illegal in ${boards.fen(tm.board)}`,
          ),
        );
        broken[tm.board] = true;
      } else {
        mv.san = boards.san(tm.board, m);
        mv.uci = packedUci(m);
        boards.playPacked(tm.board, m);
      }
    }
    match.moves.push(mv);
  }
  return ok({ value: match, errors, warnings: [] });
}

function uciPacked(boards: BughouseBoards, id: BoardId, uci: string): number {
  const sq = (s: string) => s.charCodeAt(0) - 97 + 8 * (s.charCodeAt(1) - 49);
  if (uci[1] === '@') {
    const role = ({ P: 'pawn', N: 'knight', B: 'bishop', R: 'rook', Q: 'queen' } as const)[uci[0] as 'P'];
    return boards.encode(id, { role, to: sq(uci.slice(2, 4)) });
  }
  const promo = uci[4] ? ({ q: 'queen', n: 'knight', r: 'rook', b: 'bishop' } as const)[uci[4] as 'q'] : undefined;
  const from = sq(uci.slice(0, 2)),
    to = sq(uci.slice(2, 4));
  let m = boards.encode(id, promo ? { from, to, promotion: promo } : { from, to });
  if (m < 0 && !promo) {
    // Castling may come as king → rook square.
    const rookTo = (to & 7) === 6 ? to + 1 : (to & 7) === 2 ? to - 2 : -1;
    if (rookTo >= 0) m = boards.encode(id, { from, to: rookTo });
  }
  return m;
}

/** Parses a chess.com game JSON text. */
export function parseChesscomGame(text: string): Result<ChesscomGame, NotationError> {
  return resultBoundary('parseChesscomGame', () => parseChesscomGameUnchecked(text));
}

function parseChesscomGameUnchecked(text: string): Result<ChesscomGame, NotationError> {
  try {
    const v = JSON.parse(text) as ChesscomGame;
    if (!v || typeof v !== 'object' || !v.game || typeof v.game.moveList !== 'string') {
      return err(notationError('ERR_CHESSCOM_JSON', 'not a chess.com game (game.moveList missing)'));
    }
    return ok(v);
  } catch (e) {
    return err(notationError('ERR_CHESSCOM_JSON', `invalid JSON: ${(e as Error).message.slice(0, 200)}`));
  }
}
