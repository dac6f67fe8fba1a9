// The two-board match: replay with piece transfer between partners, on the wasm crazyhouse core.
import { notationError, type NotationError, type Result, type Validation, ok, err } from '../errors.js';
import {
  INITIAL_FEN,
  Position,
  ROLES,
  emptyPockets,
  isDrop,
  makeUci,
  type Color,
  type Move,
  type Setup,
} from '../chess/index.js';
// The chess core's published fast path (both boards live in wasm position slots).
import {
  O_BOARD,
  O_FULL,
  O_POCKET,
  O_PROMOTED,
  O_TURN,
  S_DROP,
  S_STRICT,
  decodeMove,
  lexSan,
  parts,
  readSetup,
  restore,
  snapshot,
  wasm,
  type Chess,
} from '../chess/fast.js';
import { crazyhouseFen, makeBfen, parseBfen, validateBfen, type Bfen, type BoardId } from './bfen.js';
import { resultBoundary } from '../text/boundary.js';

/** How mate is judged: 'crazyhouse' counts only the holdings as they are; 'bughouse' lets a side wait for a piece from its partner. */
export type MateRule = 'crazyhouse' | 'bughouse';
/** How a match ended: from its ending comment (`{X checkmated}`) or `Termination`/`Outcome` tags, or chess.com's end reason; else 'unknown'. */
export type Termination = 'mate' | 'resign' | 'time' | 'aborted' | 'unknown';
/** What a board's side to move faces. `waiting`: no move now, but a piece from the partner would give one. */
export type BoardState = 'playing' | 'check' | 'mate' | 'stalemate' | 'waiting';

/** One move of a match: its board, side and move number, the move itself, its clock and annotations. */
export interface BughouseMove {
  board: BoardId;
  color: Color;
  number: number;
  /** Canonical SAN (pawn drops as `P@e4`); the text as written when the move could not be played. */
  san: string;
  /** UCI (`P@e4` for drops); '' when the move could not be played. */
  uci: string;
  /** Seconds left after the move, or null. */
  clock: number | null;
  /** Seconds since the start of the match (bughouse.pro's `{[ts=…]}`), when given. */
  timestamp?: number;
  /** The timestamp as written. */
  timestampText?: string;
  /** The clock as written (keeps its precision on export). */
  clockText?: string;
  /** Comments after the move, as written (`C: …`, `A: …`, `D: …`, `R: …` or plain). */
  comments?: string[];
  nags?: number[];
  /** Variations as written (not replayed), whitespace folded. */
  variations?: string[];
}

/** One bughouse match: tags, the moves of both boards in the order played, result and ending (readers hand it out as `Parsed<BughouseMatch>`, with what went wrong). */
export interface BughouseMatch {
  /** Tags in file order. */
  tags: Record<string, string>;
  /** The starting BFEN when the match has `Setup "1"` and a `FEN` tag (else undefined: both boards start normally). */
  startBfen?: string;
  /** Comments before the first move. */
  comments: string[];
  moves: BughouseMove[];
  /** `1-0`, `0-1`, `1/2-1/2` or `*`, from the view of WhiteA's team. */
  result: string;
  /** The comment that states how the match ended (`{X checkmated}`), without braces. */
  endComment?: string;
  termination: Termination;
}

const PAWN = 1,
  KING = 6;
const M_CASTLE = 1 << 18,
  M_EP = 1 << 19;

/** The side of a board that a player tag names. */
export const PLAYER_TAGS: Record<string, { board: BoardId; color: Color }> = {
  WhiteA: { board: 'A', color: 'white' },
  BlackA: { board: 'A', color: 'black' },
  WhiteB: { board: 'B', color: 'white' },
  BlackB: { board: 'B', color: 'black' },
};

/** WhiteA's team: WhiteA and BlackB. */
export function isWhiteATeam(board: BoardId, color: Color): boolean {
  return (board === 'A') === (color === 'white');
}

/**
 * The two position slots of chess.wasm that the chess API leaves unused (slot 0 is the resident
 * Position, slot 1 the parse scratch): both boards of the live match stay there during a replay,
 * so switching boards copies nothing.
 */
let SLOT_A = -1,
  SLOT_B = -1;
function slots(c: Chess): void {
  if (SLOT_A < 0) {
    SLOT_A = c.SLOT + 2 * c.POS_SIZE;
    SLOT_B = c.SLOT + 3 * c.POS_SIZE;
  }
}

/** The match whose boards are in the slots now (its snapshots may be older). */
let live: BughouseBoards | undefined;

/**
 * Both boards of a match in play. Captures go to the capturer's partner at once (a promoted piece
 * as a pawn). `playSanCode` is the allocation-free path: it lexes, resolves and plays in wasm and
 * moves the captured piece by writing one pocket byte of the other board. `A` and `B` give the
 * boards as (snapshot) `Position`s of `gamenotation/chess`.
 */
export class BughouseBoards {
  /** @internal Snapshots of the boards (current unless this match is live and dirty). */
  private readonly stateA: Uint8Array;
  private readonly stateB: Uint8Array;
  private dirty = false;

  private constructor(a: Uint8Array, b: Uint8Array) {
    this.stateA = a;
    this.stateB = b;
  }

  private static fromPositions(a: Position, b: Position): BughouseBoards {
    return new BughouseBoards(snapshot(a), snapshot(b));
  }

  /** Both boards in the standard starting position, with empty holdings. */
  static initial(): BughouseBoards {
    let t = initialTemplate;
    if (!t) {
      const start = Position.fromFen(INITIAL_FEN, { variant: 'crazyhouse', bughouse: true });
      if (!start.ok) throw new Error('unreachable');
      t = initialTemplate = snapshot(start.value);
    }
    return new BughouseBoards(t.slice(), t.slice());
  }

  /** From a BFEN (validated); `firstNumbers` sets each board's fullmove number. */
  static fromBfen(
    bfen: Bfen | string,
    firstNumbers?: { A?: number; B?: number },
  ): Result<BughouseBoards, NotationError> {
    return resultBoundary('BughouseBoards.fromBfen', () => BughouseBoards.fromBfenUnchecked(bfen, firstNumbers));
  }

  private static fromBfenUnchecked(
    bfen: Bfen | string,
    firstNumbers?: { A?: number; B?: number },
  ): Result<BughouseBoards, NotationError> {
    let parsed: Bfen;
    if (typeof bfen === 'string') {
      const r = parseBfen(bfen);
      if (!r.ok) return r;
      parsed = r.value;
    } else parsed = bfen;
    const problems = validateBfen(parsed).errors;
    if (problems.length) return err(problems[0]!);
    const make = (id: BoardId): Result<Position, NotationError> => {
      const setup: Setup = {
        ...parsed[id].setup,
        halfmoves: 0,
        fullmoves: firstNumbers?.[id] ?? parsed[id].setup.fullmoves,
      };
      setup.pockets ??= emptyPockets();
      return Position.fromSetup(setup, { variant: 'crazyhouse', bughouse: true });
    };
    const a = make('A');
    if (!a.ok) return a;
    const b = make('B');
    if (!b.ok) return b;
    return ok(BughouseBoards.fromPositions(a.value, b.value));
  }

  /** Address of a board in wasm memory, moving this match into the slots if needed. */
  private ptr(c: Chess, id: BoardId): number {
    if (live !== this) {
      slots(c);
      live?.save(c);
      c.heap.set(this.stateA, SLOT_A);
      c.heap.set(this.stateB, SLOT_B);
      // The module remembers which match occupies the slots (not an alias for convenience).
      // eslint-disable-next-line @typescript-eslint/no-this-alias
      live = this;
    }
    return id === 'A' ? SLOT_A : SLOT_B;
  }

  /** Brings the snapshots up to date. */
  private save(c: Chess): void {
    if (live === this && this.dirty) {
      this.stateA.set(c.heap.subarray(SLOT_A, SLOT_A + c.POS_SIZE));
      this.stateB.set(c.heap.subarray(SLOT_B, SLOT_B + c.POS_SIZE));
      this.dirty = false;
    }
  }

  /** A board as a `Position` (a copy: playing on it does not change the match). */
  board(id: BoardId): Position {
    this.save(wasm());
    const pos = Position.initial('crazyhouse');
    restore(pos, id === 'A' ? this.stateA : this.stateB);
    return pos;
  }

  get A(): Position {
    return this.board('A');
  }

  get B(): Position {
    return this.board('B');
  }

  /** An independent copy of both boards: playing on it leaves this one unchanged. */
  clone(): BughouseBoards {
    this.save(wasm());
    return new BughouseBoards(this.stateA.slice(), this.stateB.slice());
  }

  /**
   * Plays SAN on a board: the packed move (≥ 0), or -1 illegal, -2 ambiguous, -3 syntax error (the
   * boards are then unchanged).
   */
  playSanCode(id: BoardId, san: string): number {
    const m = this.findSan(id, san);
    if (m >= 0) this.playPacked(id, m);
    return m;
  }

  /** The packed legal move that SAN means on a board (or -1 illegal, -2 ambiguous, -3 syntax); nothing is played. */
  findSan(id: BoardId, san: string): number {
    if (lexSan(san)) return -3;
    const c = wasm();
    return c.w.sanFind(this.ptr(c, id), parts.role, parts.to, parts.ff, parts.fr, parts.promo, parts.flags);
  }

  /** The packed legal move equal to a move, or -1. */
  encode(id: BoardId, move: Move): number {
    const c = wasm();
    const p = this.ptr(c, id);
    if (isDrop(move)) {
      const r = ROLES.indexOf(move.role) + 1;
      if (r < 1 || r > 5 || !(move.to >= 0 && move.to < 64)) return -1;
      return Math.max(-1, c.w.sanFind(p, r, move.to, -1, -1, 0, S_DROP));
    }
    const { from, to } = move;
    if (!(from >= 0 && from < 64 && to >= 0 && to < 64)) return -1;
    const piece = c.heap[p + O_BOARD + from]!;
    if (!piece || piece >> 3 !== c.heap[p + O_TURN]) return -1;
    const promo = move.promotion ? ROLES.indexOf(move.promotion) + 1 : 0;
    return Math.max(-1, c.w.sanFind(p, piece & 7, to, from & 7, from >> 3, promo, S_STRICT));
  }

  /**
   * Canonical SAN of a packed legal move on a board (before it is played). Pawn drops get their
   * letter (`P@e4`, as BPGN 1.2 and the real files write them). When `written` already is the
   * canonical text it is returned as is (no new string in the common case).
   */
  san(id: BoardId, m: number, written?: string): string {
    const c = wasm();
    const n = c.w.sanWrite(this.ptr(c, id), m);
    const h = c.heap,
      base = c.TEXT_OUT;
    const pawnDrop = h[base] === 64;
    if (written !== undefined) {
      const off = pawnDrop ? 1 : 0;
      if (written.length === n + off && (!pawnDrop || written.charCodeAt(0) === 80)) {
        let same = true;
        for (let i = 0; i < n; i++) {
          if (written.charCodeAt(i + off) !== h[base + i]) {
            same = false;
            break;
          }
        }
        if (same) return written;
      }
    }
    let s = pawnDrop ? 'P' : '';
    for (let i = 0; i < n; i++) s += String.fromCharCode(h[base + i]!);
    return s;
  }

  /** 'white' or 'black' to move on a board (read in place). */
  turnOf(id: BoardId): Color {
    const c = wasm();
    return c.heap[this.ptr(c, id) + O_TURN] ? 'black' : 'white';
  }

  /** Plays a packed legal move and transfers the captured piece. */
  playPacked(id: BoardId, m: number): void {
    const c = wasm();
    const p = this.ptr(c, id);
    const h = c.heap;
    let captured = 0;
    if (!((m >>> 15) & 7) && !(m & M_CASTLE)) {
      const to = (m >>> 6) & 63;
      if (m & M_EP) captured = PAWN;
      else {
        const v = h[p + O_BOARD + to]!;
        if (v) captured = (h[p + O_PROMOTED + (to >> 3)]! >> (to & 7)) & 1 ? PAWN : v & 7;
      }
    }
    const mover = h[p + O_TURN]!;
    c.w.play(p, m);
    this.dirty = true;
    if (captured && captured !== KING) {
      // The captured piece has the colour of the capturer's partner on the other board.
      const q = this.ptr(c, id === 'A' ? 'B' : 'A');
      const a = q + O_POCKET + ((mover ^ 1) << 3) + captured;
      if (h[a]! < 255) h[a]!++;
    }
  }

  /** The state of a board's side to move under a mate rule. */
  state(id: BoardId, rule: MateRule = 'bughouse'): BoardState {
    const c = wasm();
    const p = this.ptr(c, id);
    const check = c.w.isCheck(p) === 1;
    if (c.w.countMoves(p) > 0) return check ? 'check' : 'playing';
    // Crazyhouse rule: only the pocket as it is counts (no partner to wait for).
    if (rule === 'crazyhouse') return check ? 'mate' : 'stalemate';
    // Would one piece from the partner give a move? (A knight can be dropped on any empty square.)
    const a = p + O_POCKET + (c.heap[p + O_TURN]! << 3) + 2;
    c.heap[a]!++;
    const withPiece = c.w.countMoves(p);
    c.heap[a]!--;
    if (withPiece > 0) return 'waiting';
    return check ? 'mate' : 'stalemate';
  }

  /** A board as plain data (pockets = its holdings). */
  setup(id: BoardId): Setup {
    const c = wasm();
    const p = this.ptr(c, id);
    const ep = c.w.legalEpSquare(p);
    return readSetup(c.heap, p, true, ep);
  }

  /** The position as a BFEN (clocks as given, else left out). */
  bfen(clocks?: { A?: [string | null, string | null]; B?: [string | null, string | null] }): string {
    const board = (id: BoardId) => {
      const ct = clocks?.[id] ?? [null, null];
      return {
        setup: this.setup(id),
        clocks: { white: ct[0] === null ? null : Number(ct[0]), black: ct[1] === null ? null : Number(ct[1]) },
        clockText: { white: ct[0], black: ct[1] },
      };
    };
    return makeBfen({ A: board('A'), B: board('B') });
  }

  /** Crazyhouse FEN of a board with the pocket in brackets (White first, Q R B N P). */
  fen(id: BoardId): string {
    return crazyhouseFen(this.setup(id));
  }

  /** Pieces over both boards and four holdings (64 while nothing is lost). */
  material(): number {
    const c = wasm();
    let n = 0;
    for (const id of ['A', 'B'] as const) {
      const p = this.ptr(c, id);
      for (let sq = 0; sq < 64; sq++) if (c.heap[p + O_BOARD + sq]) n++;
      for (let i = 0; i < 16; i++) n += c.heap[p + O_POCKET + i]!;
    }
    return n;
  }

  /** Sets a board's fullmove number (a BFEN start: the number its first move carries). */
  setFullmoves(id: BoardId, n: number): void {
    const c = wasm();
    const p = this.ptr(c, id) + O_FULL;
    const v = Math.max(1, Math.min(0x7fffffff, n | 0));
    for (let i = 0; i < 4; i++) c.heap[p + i] = (v >>> (8 * i)) & 255;
    this.dirty = true;
  }

  /** Fullmove number of a board (read in place). */
  fullmoves(id: BoardId): number {
    const c = wasm();
    const p = this.ptr(c, id) + O_FULL;
    const h = c.heap;
    return (h[p]! | (h[p + 1]! << 8) | (h[p + 2]! << 16)) >>> 0;
  }
}

let initialTemplate: Uint8Array | undefined;

/** The boards at the start of a match (its BFEN, or the initial position). */
export function startBoards(match: Pick<BughouseMatch, 'startBfen' | 'moves'>): Result<BughouseBoards, NotationError> {
  return resultBoundary('startBoards', () => startBoardsUnchecked(match));
}

function startBoardsUnchecked(
  match: Pick<BughouseMatch, 'startBfen' | 'moves'>,
): Result<BughouseBoards, NotationError> {
  if (!match.startBfen) return ok(BughouseBoards.initial());
  const first: { A?: number; B?: number } = {};
  for (const mv of match.moves) {
    if (first[mv.board] === undefined) first[mv.board] = mv.number;
    if (first.A !== undefined && first.B !== undefined) break;
  }
  return BughouseBoards.fromBfen(match.startBfen, first);
}

/** Options of `replayMatch`. */
export interface ReplayOptions {
  /** Called after each move with the boards (read them during the call). */
  onMove?(boards: BughouseBoards, move: BughouseMove, index: number): void;
}

/** Replays a match from its start; the first illegal move is an error with its index. */
export function replayMatch(
  match: Pick<BughouseMatch, 'startBfen' | 'moves'>,
  options: ReplayOptions = {},
): Result<BughouseBoards, NotationError & { index?: number }> {
  return resultBoundary('replayMatch', () => replayMatchUnchecked(match, options));
}

function replayMatchUnchecked(
  match: Pick<BughouseMatch, 'startBfen' | 'moves'>,
  options: ReplayOptions = {},
): Result<BughouseBoards, NotationError & { index?: number }> {
  const start = startBoards(match);
  if (!start.ok) return start;
  const boards = start.value;
  const moves = match.moves;
  for (let i = 0; i < moves.length; i++) {
    const mv = moves[i]!;
    const m = boards.playSanCode(mv.board, mv.san);
    if (m < 0) {
      const code = m === -3 ? 'ERR_SAN_SYNTAX' : m === -2 ? 'ERR_SAN_AMBIGUOUS' : 'ERR_SAN_ILLEGAL';
      return err({
        ...notationError(
          code,
          `move ${i + 1} (${mv.number}${mv.board === 'A' ? (mv.color === 'white' ? 'A' : 'a') : mv.color === 'white' ? 'B' : 'b'}. ${mv.san}) cannot be played on board ${mv.board}`,
        ),
        index: i,
      });
    }
    options.onMove?.(boards, mv, i);
  }
  return ok(boards);
}

/**
 * The problems of a match's moves, replayed on both boards: the first move that cannot be played
 * (with its line and column when the match was read). Matches have no move-level dialects, so
 * `warnings` is empty.
 */
export function validateMatch(match: BughouseMatch): Validation {
  const r = replayMatch(match);
  return { errors: r.ok ? [] : [r.error], warnings: [] };
}

const SQUARES: readonly string[] = Array.from({ length: 64 }, (_, i) =>
  String.fromCharCode(97 + (i & 7), 49 + (i >> 3)),
);
const DROP_LETTER = ['', 'P', 'N', 'B', 'R', 'Q', 'K'];
const PROMO_LETTER = ['', 'p', 'n', 'b', 'r', 'q', 'k'];

/** UCI of a packed move (`e2e4`, `e7e8q`, `P@e4`; castling king → g/c file). */
export function packedUci(m: number): string {
  const to = (m >>> 6) & 63;
  const drop = (m >>> 15) & 7;
  if (drop) return DROP_LETTER[drop] + '@' + SQUARES[to];
  if (m & M_CASTLE) return makeUci(decodeMove(m, false));
  return SQUARES[m & 63]! + SQUARES[to]! + PROMO_LETTER[(m >>> 12) & 7];
}
