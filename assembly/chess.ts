// Export surface of chess.wasm: flat functions over fixed buffers (see assembly/chess/layout.ts).
import { ensureMemory } from './common/bits';
import {
  TEXT_IN, TEXT_OUT, RESULT, POS_A, POS_SIZE, POS_STACK, MOVES_OUT, COUNTS_OUT, MEMORY_END, TABLE_BASE,
  MAX_PLY, MAX_MOVES, ABI_VERSION, MOVETEXT, MOVETEXT_SIZE, TAGS_OUT,
} from './chess/layout';
import { initAttacks } from './chess/attacks';
import { initZobrist, zobristOf } from './chess/zobrist';
import { generateLegal, countLegal, checkersOf, hasLegalEp } from './chess/movegen';
import { makeMove, copyPos, roleBB, colorBB, pocket, epSquare, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, O_VARIANT, O_PROMOTED, V_CRAZYHOUSE } from './chess/position';
import { perftRec } from './chess/perft';
import { parseFen, validate, normalize, writeFen, initFen, W_LEGAL_EP, W_POCKET } from './chess/fen';
import { writeSan, findSan, SCRATCH_POS } from './chess/san';
import { playMovetext, playTags, playGames } from './chess/movetext';

let ready = false;

/** Prepares memory and tables; returns 0, or 1 if memory could not grow. */
export function init(): i32 {
  if (ready) return 0;
  if (__heap_base > TABLE_BASE) return 2;
  if (!ensureMemory(MEMORY_END)) return 1;
  initAttacks();
  initZobrist();
  initFen();
  ready = true;
  return 0;
}

/** The interface version (assembly/chess/layout.ts ABI_VERSION), checked by src/wasm/load.ts. */
export function abiVersion(): i32 { return ABI_VERSION; }

// The position struct's field offsets, read by src/chess/wasm.ts at instantiation (the one definition is position.ts).
export { O_PROMOTED, O_CASTLE, O_POCKET, O_TURN, O_EP, O_VARIANT, O_HALF, O_FULL, O_BOARD } from './chess/position';

export function textIn(): usize { return TEXT_IN; }
export function textOut(): usize { return TEXT_OUT; }
export function result(): usize { return RESULT; }
export function posA(): usize { return POS_A; }
export function posSize(): i32 { return <i32>POS_SIZE; }
export function movesOut(): usize { return MOVES_OUT; }
export function countsOut(): usize { return COUNTS_OUT; }
export function maxMoves(): i32 { return MAX_MOVES; }
export function movetextIn(): usize { return MOVETEXT; }
export function movetextSize(): i32 { return <i32>MOVETEXT_SIZE; }
export function tagsOut(): usize { return TAGS_OUT; }

/** Parses TEXT_IN[0..len) into p (syntax only). Returns 0 or a syntax error code (RESULT[0..3]). */
export function fenParse(len: i32, p: usize, vflags: i32): i32 {
  return parseFen(len, p, <u8>vflags);
}
/** Every problem of p as flags; epRaw is the ep square as given (64 = none). */
export function fenValidate(p: usize, epRaw: i32): i32 {
  return validate(p, epRaw);
}
/** Drops invalid castling rights and an ep square no pawn can capture on. */
export function fenNormalize(p: usize): void {
  normalize(p);
}
/** Writes p as FEN to TEXT_OUT; returns the length. With W_LEGAL_EP the ep square only if legal. */
export function fenWrite(p: usize, opts: i32): i32 {
  let ep = epSquare(p);
  if ((opts & W_LEGAL_EP) && ep != 0 && !hasLegalEp(p)) ep = 0;
  return writeFen(p, opts, ep);
}
/**
 * Parse + validate + normalize + write in one call (POS_A). Returns the output length, or
 * -code for a syntax error; RESULT[4] = validation flags (output written only when 0).
 */
export function fenNormalizeText(len: i32, vflags: i32, opts: i32): i32 {
  const code = parseFen(len, POS_A, <u8>vflags);
  if (code) return -code;
  const flags = validate(POS_A, load<i32>(RESULT, 8));
  store<i32>(RESULT, flags, 16);
  if (flags) return 0;
  normalize(POS_A);
  if (vflags & V_CRAZYHOUSE) opts |= W_POCKET;
  const n = fenWrite(POS_A, opts | W_LEGAL_EP);
  // RESULT[5] = 1 when the output equals the input byte for byte (the caller can reuse its string).
  let same = n == len ? 1 : 0;
  let i = 0;
  for (; same && i + 8 <= n; i += 8) if (load<u64>(TEXT_IN + <usize>i) != load<u64>(TEXT_OUT + <usize>i)) same = 0;
  for (; same && i < n; i++) if (load<u8>(TEXT_IN + <usize>i) != load<u8>(TEXT_OUT + <usize>i)) same = 0;
  store<i32>(RESULT, same, 20);
  return n;
}

/** Writes the legal moves of p to MOVES_OUT (u32 each); returns the count. */
export function legalMoves(p: usize): i32 {
  return generateLegal(p, MOVES_OUT);
}
export function countMoves(p: usize): i32 {
  return countLegal(p);
}
export function isCheck(p: usize): i32 {
  return checkersOf(p) != 0 ? 1 : 0;
}
/** Bit 0: check; bits 1..: number of legal moves. */
export function status(p: usize): i32 {
  const check = checkersOf(p) != 0 ? 1 : 0;
  return (countLegal(p) << 1) | check;
}
/** Is m one of the legal moves of p. */
export function isLegal(p: usize, m: u32): i32 {
  const n = generateLegal(p, MOVES_OUT);
  for (let i = 0; i < n; i++) if (load<u32>(MOVES_OUT + (<usize>i << 2)) == m) return 1;
  return 0;
}
/** Plays the legal move m in place. */
export function play(p: usize, m: u32): void {
  makeMove(p, SCRATCH_POS, m);
  copyPos(p, SCRATCH_POS);
}
/** Bulk-counted perft of p. */
export function perft(p: usize, depth: i32): f64 {
  if (depth > MAX_PLY - 4) return -1;
  copyPos(POS_STACK, p);
  return <f64>perftRec(0, depth);
}
/** Root moves in MOVES_OUT and their perft(depth - 1) counts (f64) in COUNTS_OUT; returns the count. */
export function perftDivide(p: usize, depth: i32): i32 {
  if (depth < 1 || depth > MAX_PLY - 4) return -1;
  const n = generateLegal(p, MOVES_OUT);
  for (let i = 0; i < n; i++) {
    makeMove(p, POS_STACK, load<u32>(MOVES_OUT + (<usize>i << 2)));
    store<f64>(COUNTS_OUT + (<usize>i << 3), <f64>perftRec(0, depth - 1));
  }
  return n;
}
/** SAN of legal move m in p, written to TEXT_OUT; returns the length. */
export function sanWrite(p: usize, m: u32): i32 {
  return writeSan(p, m);
}
/** The legal move matching SAN parts; -1 illegal, -2 ambiguous. */
export function sanFind(p: usize, role: i32, to: i32, fromFile: i32, fromRank: i32, promo: i32, flags: i32): i32 {
  return <i32>findSan(p, role, to, fromFile, fromRank, promo, flags);
}
/** sanFind, then plays the move in place when found. */
export function sanPlay(p: usize, role: i32, to: i32, fromFile: i32, fromRank: i32, promo: i32, flags: i32): i32 {
  const m = <i32>findSan(p, role, to, fromFile, fromRank, promo, flags);
  if (m >= 0) {
    makeMove(p, SCRATCH_POS, <u32>m);
    copyPos(p, SCRATCH_POS);
  }
  return m;
}
/**
 * Reads plain movetext from MOVETEXT and plays its moves on p (assembly/chess/movetext.ts); returns
 * the number of moves, with where and why it stopped in RESULT[16..20].
 */
export function movetext(p: usize, len: i32, at: i32, pending: i32, line: i32, lineStart: i32, maxComment: i32, final: i32): i32 {
  return playMovetext(p, len, at, pending, line, lineStart, maxComment, final);
}
/** Reads plain tag pairs from MOVETEXT (assembly/chess/movetext.ts); returns how many, records at TAGS_OUT. */
export function tags(len: i32, at: i32, line: i32, lineStart: i32, maxValue: i32, final: i32): i32 {
  return playTags(len, at, line, lineStart, maxValue, final);
}
/**
 * Reads whole plain games from MOVETEXT, each replayed from the position at `start` (assembly/chess/
 * movetext.ts); returns how many, with their moves in RESULT[24] and where it stopped in RESULT[16..19].
 */
export function games(start: usize, len: i32, at: i32, line: i32, lineStart: i32, maxValue: i32, maxComment: i32, final: i32): i32 {
  return playGames(start, len, at, line, lineStart, maxValue, maxComment, final);
}
export function zobrist(p: usize): u64 {
  return zobristOf(p, hasLegalEp(p) ? epSquare(p) : 0);
}
export function legalEpSquare(p: usize): i32 {
  return hasLegalEp(p) ? epSquare(p) : 0;
}
/** Neither side can ever mate (standard: K+minor vs K, bishops all on one colour; crazyhouse: ≤ 1 minor in all). */
export function insufficient(p: usize): i32 {
  const occ = colorBB(p, 0) | colorBB(p, 1);
  if (load<u8>(p, O_VARIANT) & V_CRAZYHOUSE) {
    let inHand = 0;
    for (let c = 0; c < 2; c++) for (let r = PAWN; r <= QUEEN; r++) inHand += pocket(p, c, r);
    if (inHand > 0) return 0;
    if (load<u64>(p, O_PROMOTED) != 0) return 0;
  }
  if (roleBB(p, PAWN) | roleBB(p, ROOK) | roleBB(p, QUEEN)) return 0;
  const knights = roleBB(p, KNIGHT), bishops = roleBB(p, BISHOP);
  if (<i32>popcnt<u64>(knights | bishops) <= 1) return 1;
  if (knights) return 0;
  const DARK: u64 = 0xaa55aa55aa55aa55;
  return (bishops & DARK) == 0 || (bishops & ~DARK) == 0 ? 1 : 0;
}
