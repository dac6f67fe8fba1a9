// BFEN (BPGN 1.1, section 3.2): two crazyhouse boards with holdings and clocks, `A | B`.
import { notationError, type NotationError, type Result, type Validation, ok, err } from '../errors.js';
import { makeFen, parseFen, validateSetup } from '../chess/fen.js';
import {
  COLORS,
  POCKET_ROLES,
  emptyPockets,
  type Color,
  type PocketRole,
  type Pockets,
  type Setup,
} from '../chess/types.js';
import { resultBoundary } from '../text/boundary.js';

/** A board of the match: 'A' (WhiteA and BlackA; left of the `|` in a BFEN) or 'B' (WhiteB and BlackB). */
export type BoardId = 'A' | 'B';

/** One board of a BFEN: a crazyhouse setup (pockets = that board's holdings) and the two clocks. */
export interface BfenBoard {
  setup: Setup;
  /** Seconds left, as written (null when the field is absent). */
  clocks: { white: number | null; black: number | null };
  /** The clock fields as read, so export keeps their precision. */
  clockText: { white: string | null; black: string | null };
}

/** A BFEN read into its two boards (see `parseBfen`, `validateBfen`, `makeBfen`). */
export interface Bfen {
  A: BfenBoard;
  B: BfenBoard;
}

const HOLDING_ROLE: Record<string, PocketRole> = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen' };
/** Export order of holdings letters: Q R B N P. */
const EXPORT_ORDER: readonly PocketRole[] = ['queen', 'rook', 'bishop', 'knight', 'pawn'];
const LETTER: Record<PocketRole, string> = { queen: 'q', rook: 'r', bishop: 'b', knight: 'n', pawn: 'p' };
const CLOCK = /^\d+(\.\d+)?$/;

/** Holdings text (`BrpBBqppN`, any order) → pockets; the offset of a bad letter is returned as a negative column. */
function parseHoldings(text: string): Pockets | number {
  const pockets = emptyPockets();
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '-' && text.length === 1) break;
    const role = HOLDING_ROLE[ch.toLowerCase()];
    if (!role) return -(i + 1);
    pockets[ch === ch.toLowerCase() ? 'black' : 'white'][role]++;
  }
  return pockets;
}

/** Holdings letters, White first, each colour in Q R B N P order. */
/**
 * The BFEN code for each code of a board's FEN reading (`ERR_FEN_*`) and of its position check
 * (`ERR_POS_*`): a board of a BFEN reports what a FEN would, under the BFEN's name.
 */
const BFEN_CODES: Readonly<Record<string, string>> = {
  ERR_FEN_BOARD: 'ERR_BFEN_BOARD',
  ERR_FEN_CASTLING: 'ERR_BFEN_CASTLING',
  ERR_FEN_CLOCKS: 'ERR_BFEN_CLOCKS',
  ERR_FEN_EMPTY: 'ERR_BFEN_EMPTY',
  ERR_FEN_EP: 'ERR_BFEN_EP',
  ERR_FEN_FIELDS: 'ERR_BFEN_FIELDS',
  ERR_FEN_POCKET: 'ERR_BFEN_POCKET',
  ERR_FEN_TOO_LONG: 'ERR_BFEN_TOO_LONG',
  ERR_FEN_TURN: 'ERR_BFEN_TURN',
  ERR_POS_CASTLING: 'ERR_BFEN_CASTLING',
  ERR_POS_EP: 'ERR_BFEN_EP',
  ERR_POS_IMPOSSIBLE_CHECK: 'ERR_BFEN_IMPOSSIBLE_CHECK',
  ERR_POS_KINGS: 'ERR_BFEN_KINGS',
  ERR_POS_OPPOSITE_CHECK: 'ERR_BFEN_OPPOSITE_CHECK',
  ERR_POS_PAWNS_ON_BACKRANK: 'ERR_BFEN_PAWNS_ON_BACKRANK',
  ERR_POS_POCKET: 'ERR_BFEN_POCKET',
  ERR_POS_TOO_MANY_PIECES: 'ERR_BFEN_TOO_MANY_PIECES',
};

/** A board's FEN or position code as the BFEN code (a code of neither kind: unchanged). */
function bfenCode(code: string): string {
  return BFEN_CODES[code] ?? code;
}

export function makeHoldings(pockets: Pockets | undefined): string {
  if (!pockets) return '';
  let s = '';
  for (const color of COLORS) {
    for (const role of EXPORT_ORDER) {
      const letter = color === 'white' ? LETTER[role].toUpperCase() : LETTER[role];
      s += letter.repeat(pockets[color][role]);
    }
  }
  return s;
}

function parseBoard(text: string, id: BoardId, offset: number): Result<BfenBoard, NotationError> {
  const e = (code: string, message: string, col: number) =>
    err(notationError(code, `board ${id}: ${message}`, 1, offset + col));
  const fields: string[] = [];
  const starts: number[] = [];
  const re = /\S+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    fields.push(m[0]);
    starts.push(m.index + 1);
  }
  if (fields.length < 2)
    return e('ERR_BFEN_FIELDS', 'expected placement, side to move, castling, en passant and two clocks', 1);
  if (fields.length > 6) return e('ERR_BFEN_FIELDS', 'too many fields', starts[6]!);
  let placement = fields[0]!;
  let holdings = '';
  const bracket = placement.indexOf('[');
  if (bracket >= 0) {
    if (!placement.endsWith(']'))
      return e('ERR_BFEN_HOLDINGS', "holdings in '[' without a closing ']'", starts[0]! + bracket);
    holdings = placement.slice(bracket + 1, -1);
    placement = placement.slice(0, bracket);
  } else {
    const ranks = placement.split('/');
    if (ranks.length === 9) {
      holdings = ranks[8]!;
      placement = ranks.slice(0, 8).join('/');
    } else if (ranks.length !== 8) return e('ERR_BFEN_BOARD', 'the placement needs 8 ranks', starts[0]!);
  }
  const pockets = parseHoldings(holdings);
  if (typeof pockets === 'number') {
    return e(
      'ERR_BFEN_HOLDINGS',
      `invalid holdings letter in '${holdings}'`,
      starts[0]! + placement.length + 1 - pockets,
    );
  }
  const turn = fields[1]!;
  if (turn !== 'w' && turn !== 'b') return e('ERR_BFEN_TURN', "side to move must be 'w' or 'b'", starts[1]!);
  const castling = fields[2] ?? '-';
  const ep = fields[3] ?? '-';
  const fen = `${placement} ${turn} ${castling} ${ep} 0 1`;
  const parsed = parseFen(fen);
  if (!parsed.ok) {
    const code = bfenCode(parsed.error.code);
    const col = parsed.error.column ?? 1;
    // Map the column in the synthetic FEN back onto the BFEN field it came from.
    const field =
      col <= placement.length
        ? 0
        : col <= placement.length + 2
          ? 1
          : col <= placement.length + 3 + castling.length
            ? 2
            : 3;
    return e(code, parsed.error.message, starts[field] ?? 1);
  }
  const setup = parsed.value;
  setup.pockets = pockets;
  setup.halfmoves = 0;
  setup.fullmoves = 1;
  const clockText = { white: fields[4] ?? null, black: fields[5] ?? null };
  for (const [i, t] of [clockText.white, clockText.black].entries()) {
    if (t !== null && !CLOCK.test(t))
      return e('ERR_BFEN_CLOCK', `invalid clock '${t}' (seconds expected)`, starts[4 + i]!);
  }
  const clocks = {
    white: clockText.white === null ? null : Number(clockText.white),
    black: clockText.black === null ? null : Number(clockText.black),
  };
  return ok({ setup, clocks, clockText });
}

/** Parses a BFEN (syntax only); see `validateBfen` for the rules. */
export function parseBfen(text: string): Result<Bfen, NotationError> {
  return resultBoundary('parseBfen', () => parseBfenUnchecked(text));
}

function parseBfenUnchecked(text: string): Result<Bfen, NotationError> {
  if (typeof text !== 'string') throw new TypeError('BFEN must be a string');
  const bar = text.indexOf('|');
  if (bar < 0) return err(notationError('ERR_BFEN_BOARDS', "a BFEN has two boards separated by '|'", 1, 1));
  if (text.indexOf('|', bar + 1) >= 0)
    return err(notationError('ERR_BFEN_BOARDS', "more than two boards ('|' twice)", 1, text.indexOf('|', bar + 1) + 1));
  const a = parseBoard(text.slice(0, bar), 'A', 0);
  if (!a.ok) return a;
  const b = parseBoard(text.slice(bar + 1), 'B', bar + 1);
  if (!b.ok) return b;
  return ok({ A: a.value, B: b.value });
}

function boardText(board: BfenBoard): string {
  const s = board.setup;
  const fen = makeFen({ ...s, pockets: undefined }, { promoted: true });
  const parts = fen.split(' ');
  const holdings = makeHoldings(s.pockets);
  let out = parts[0]! + (holdings ? '/' + holdings : '') + ' ' + parts[1] + ' ' + parts[2] + ' ' + parts[3];
  const w = board.clockText.white ?? (board.clocks.white === null ? null : String(board.clocks.white));
  const b = board.clockText.black ?? (board.clocks.black === null ? null : String(board.clocks.black));
  if (w !== null || b !== null) out += ` ${w ?? 0} ${b ?? 0}`;
  return out;
}

/** Canonical BFEN: `/holdings` only when not empty, holdings White first in Q R B N P order, clocks as read. */
export function makeBfen(bfen: Bfen): string {
  return `${boardText(bfen.A)} | ${boardText(bfen.B)}`;
}

/** Per kind and colour, the most a bughouse match can hold over both boards and four holdings. */
const LIMIT: Record<PocketRole, number> = { pawn: 16, knight: 4, bishop: 4, rook: 4, queen: 2 };

/**
 * Every problem of a BFEN position (empty = valid): each board must be a legal crazyhouse position
 * (bughouse rules), and over both boards and all four holdings each colour has at most 2 × its set
 * of each kind, promoted pieces counted as pawns.
 */
export function validateBfen(bfen: Bfen): Validation {
  const out: NotationError[] = [];
  const count: Record<Color, Record<PocketRole, number>> = emptyPockets();
  for (const id of ['A', 'B'] as const) {
    const s = bfen[id].setup;
    for (const e of validateSetup(s, 'crazyhouse', { bughouse: true }).errors) {
      out.push(notationError(bfenCode(e.code), `board ${id}: ${e.message}`));
    }
    for (const pc of s.board) {
      if (!pc || pc.role === 'king') continue;
      count[pc.color][pc.promoted ? 'pawn' : pc.role]++;
    }
    if (s.pockets) for (const c of COLORS) for (const r of POCKET_ROLES) count[c][r] += s.pockets[c][r];
  }
  for (const c of COLORS) {
    for (const r of POCKET_ROLES) {
      if (count[c][r] > LIMIT[r]) {
        out.push(
          notationError(
            'ERR_BFEN_MATERIAL',
            `${count[c][r]} ${c} ${r}s over both boards and holdings (at most ${LIMIT[r]})`,
          ),
        );
      }
    }
  }
  return { errors: out, warnings: [] };
}

/** Crazyhouse FEN with the pocket in brackets (White first, Q R B N P), `~` marks, real counters. */
export function crazyhouseFen(setup: Setup): string {
  const fen = makeFen({ ...setup, pockets: undefined }, { promoted: true });
  const sp = fen.indexOf(' ');
  return `${fen.slice(0, sp)}[${makeHoldings(setup.pockets)}]${fen.slice(sp)}`;
}

/** The two boards as crazyhouse FENs (pockets in brackets) plus clocks. */
export function bfenToFens(bfen: Bfen): {
  A: string;
  B: string;
  clocks: { A: BfenBoard['clocks']; B: BfenBoard['clocks'] };
} {
  return {
    A: crazyhouseFen(bfen.A.setup),
    B: crazyhouseFen(bfen.B.setup),
    clocks: { A: bfen.A.clocks, B: bfen.B.clocks },
  };
}

/** A BFEN from two crazyhouse FENs (pockets in brackets or as a 9th rank) and optional clocks. */
export function fensToBfen(
  fenA: string,
  fenB: string,
  clocks?: { A?: { white: number | null; black: number | null }; B?: { white: number | null; black: number | null } },
): Result<Bfen, NotationError> {
  return resultBoundary('fensToBfen', () => fensToBfenUnchecked(fenA, fenB, clocks));
}

function fensToBfenUnchecked(
  fenA: string,
  fenB: string,
  clocks?: { A?: { white: number | null; black: number | null }; B?: { white: number | null; black: number | null } },
): Result<Bfen, NotationError> {
  const boards: Partial<Bfen> = {};
  for (const [id, fen] of [
    ['A', fenA],
    ['B', fenB],
  ] as const) {
    const r = parseFen(fen);
    if (!r.ok) return err(notationError(r.error.code, `board ${id}: ${r.error.message}`, r.error.line, r.error.column));
    r.value.pockets ??= emptyPockets();
    const cl = clocks?.[id] ?? { white: null, black: null };
    boards[id] = {
      setup: r.value,
      clocks: { white: cl.white, black: cl.black },
      clockText: {
        white: cl.white === null ? null : String(cl.white),
        black: cl.black === null ? null : String(cl.black),
      },
    };
  }
  return ok(boards as Bfen);
}
