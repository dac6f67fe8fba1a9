// FEN / X-FEN / Shredder-FEN / crazyhouse FEN: parse (syntax → struct), validate (every problem as a
// flag), normalize, write. Text is ASCII in TEXT_IN / TEXT_OUT.
import { TEXT_IN, TEXT_OUT, RESULT } from './layout';
import {
  PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, WHITE, BLACK, colorBB, roleBB, pieceBB, putPiece, clearPos,
  O_PROMOTED, O_CASTLE, O_POCKET, O_TURN, O_EP, O_VARIANT, O_HALF, O_FULL, O_BOARD, V_CRAZYHOUSE, V_BUGHOUSE,
  pocket, castleRooks,
} from './position';
import { attackersTo } from './movegen';
import { between, line, pawnAttacks, knightAttacks, bishopAttacks, rookAttacks } from './attacks';

// Syntax error codes (decoded in src/chess/codes.ts).
export const E_FEN_EMPTY = 1, E_FEN_BOARD = 2, E_FEN_POCKET = 3, E_FEN_TURN = 4, E_FEN_CASTLING = 5,
  E_FEN_EP = 6, E_FEN_CLOCKS = 7, E_FEN_FIELDS = 8;

// Validation flags.
export const F_KINGS = 1, F_PAWNS_ON_BACKRANK = 2, F_OPPOSITE_CHECK = 4, F_IMPOSSIBLE_CHECK = 8,
  F_CASTLING = 16, F_EP = 32, F_POCKET = 64, F_TOO_MANY_PIECES = 128, F_VARIANT_POCKET = 256;

@inline function ch(i: i32): i32 { return <i32>load<u8>(TEXT_IN + <usize>i); }
@inline function isSpace(c: i32): bool { return c == 32 || c == 9 || c == 10 || c == 13; }

function roleOf(c: i32): i32 {
  switch (c | 32) {
    case 112: return PAWN;   // p
    case 110: return KNIGHT; // n
    case 98: return BISHOP;  // b
    case 114: return ROOK;   // r
    case 113: return QUEEN;  // q
    case 107: return KING;   // k
  }
  return 0;
}

const ROLE_CHARS: StaticArray<u8> = [0, 112, 110, 98, 114, 113, 107, 0];
const T_SPACE = 32;
const CHAR_T: usize = memory.data(256);
// piece code (role | color << 3) → FEN letter
const PIECE_CHARS: usize = memory.data<u8>([0, 80, 78, 66, 82, 81, 75, 0, 0, 112, 110, 98, 114, 113, 107, 0]);

/** Fills the FEN character table. */
export function initFen(): void {
  for (let c = 0; c < 256; c++) {
    let t = 0;
    const r = roleOf(c);
    if (r != 0 && ((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) t = r | (c >= 97 ? 8 : 0);
    else if (c >= 49 && c <= 56) t = 16 + c - 48;
    else if (isSpace(c)) t = T_SPACE;
    store<u8>(CHAR_T + <usize>c, <u8>t);
  }
}

function fail(code: i32, col: i32): i32 {
  store<i32>(RESULT, code);
  store<i32>(RESULT, col, 4);
  return code;
}

function addPocket(p: usize, c: i32, r: i32): void {
  const a = p + O_POCKET + <usize>((c << 3) | r);
  const v = load<u8>(a);
  if (v < 255) store<u8>(a, v + 1);
}

/**
 * Parses TEXT_IN[0..len) into the struct at p. Returns 0 or an error code; RESULT[0] = code,
 * RESULT[1] = 1-based column, RESULT[2] = raw ep square (64 = none), RESULT[3] = 1 if a pocket was given.
 */
export function parseFen(len: i32, p: usize, vflags: u8): i32 {
  clearPos(p);
  store<u8>(p, vflags, O_VARIANT);
  store<i32>(RESULT, 0);
  store<i32>(RESULT, 0, 4);
  store<i32>(RESULT, 64, 8);
  store<i32>(RESULT, 0, 12);
  let i = 0;
  while (i < len && isSpace(ch(i))) i++;
  if (i >= len) return fail(E_FEN_EMPTY, 1);
  // Board (table-driven: CHAR_T maps a byte to a piece code 1..14, 16 + digit, or a separator).
  let rank = 7, file = 0;
  let pocketGiven = false;
  let sqBase = 56;
  let bWhite: u64 = 0, bBlack: u64 = 0, bP: u64 = 0, bN: u64 = 0, bB: u64 = 0, bR: u64 = 0, bQ: u64 = 0, bK: u64 = 0;
  while (i < len) {
    const c = ch(i);
    const t = <i32>load<u8>(CHAR_T + <usize>c);
    if (t > 0 && t < 16) {
      if (file >= 8) return fail(E_FEN_BOARD, i + 1);
      const sq = sqBase + file;
      const b = (<u64>1) << <u64>sq;
      if (t & 8) bBlack |= b; else bWhite |= b;
      switch (t & 7) {
        case 1: bP |= b; break;
        case 2: bN |= b; break;
        case 3: bB |= b; break;
        case 4: bR |= b; break;
        case 5: bQ |= b; break;
        default: bK |= b;
      }
      store<u8>(p + O_BOARD + <usize>sq, <u8>t);
      file++;
      i++;
      if (i < len && ch(i) == 126) { // '~'
        store<u64>(p, load<u64>(p, O_PROMOTED) | b, O_PROMOTED);
        i++;
      }
      continue;
    }
    if (t > 16 && t <= 24) {
      file += t - 16;
      if (file > 8) return fail(E_FEN_BOARD, i + 1);
      i++;
      continue;
    }
    if (t == T_SPACE) break;
    if (c == 47) { // '/'
      if (file != 8) return fail(E_FEN_BOARD, i + 1);
      if (rank == 0) {
        // Crazyhouse pocket as a 9th rank.
        i++;
        while (i < len && !isSpace(ch(i))) {
          const pc = ch(i);
          const r = roleOf(pc);
          if (r == 0 || r == KING) return fail(E_FEN_POCKET, i + 1);
          addPocket(p, pc < 97 ? WHITE : BLACK, r);
          i++;
        }
        pocketGiven = true;
        break;
      }
      rank--;
      sqBase -= 8;
      file = 0;
      i++;
      continue;
    }
    if (c == 91) { // '['
      if (rank != 0 || file != 8) return fail(E_FEN_BOARD, i + 1);
      i++;
      while (true) {
        if (i >= len) return fail(E_FEN_POCKET, i + 1);
        const pc = ch(i);
        if (pc == 93) break; // ']'
        const r = roleOf(pc);
        if (r == 0 || r == KING) return fail(E_FEN_POCKET, i + 1);
        addPocket(p, pc < 97 ? WHITE : BLACK, r);
        i++;
      }
      i++;
      if (i < len && !isSpace(ch(i))) return fail(E_FEN_POCKET, i + 1);
      pocketGiven = true;
      break;
    }
    return fail(E_FEN_BOARD, i + 1);
  }
  store<u64>(p, bWhite);
  store<u64>(p, bBlack, 8);
  store<u64>(p, bP, 16);
  store<u64>(p, bN, 24);
  store<u64>(p, bB, 32);
  store<u64>(p, bR, 40);
  store<u64>(p, bQ, 48);
  store<u64>(p, bK, 56);
  if (rank != 0 || file != 8) return fail(E_FEN_BOARD, i + 1);
  store<i32>(RESULT, pocketGiven ? 1 : 0, 12);
  // Fields: turn, castling, ep, halfmoves, fullmoves (all optional).
  let field = 0;
  while (true) {
    while (i < len && isSpace(ch(i))) i++;
    if (i >= len) break;
    const start = i;
    while (i < len && !isSpace(ch(i))) i++;
    const n = i - start;
    const c0 = ch(start);
    if (field == 0) {
      if (n != 1 || (c0 != 119 && c0 != 98)) return fail(E_FEN_TURN, start + 1);
      store<u8>(p, c0 == 98 ? 1 : 0, O_TURN);
    } else if (field == 1) {
      if (!(n == 1 && c0 == 45)) {
        for (let k = start; k < i; k++) {
          const c = ch(k);
          let color = WHITE, sq = -1;
          let lc = c | 32;
          if (c >= 97) color = BLACK;
          const rank0 = color == WHITE ? 0 : 56;
          if (lc == 107 || lc == 113) { // k / q
            const rooks = pieceBB(p, color, ROOK) & (<u64>0xff << <u64>rank0);
            const kings = pieceBB(p, color, KING) & (<u64>0xff << <u64>rank0);
            const kf = kings ? <i32>ctz<u64>(kings) & 7 : 4;
            if (lc == 107) {
              sq = rank0 + 7;
              const side = rooks & ~((<u64>2 << <u64>(rank0 + kf)) - 1);
              if (side) sq = 63 - <i32>clz<u64>(side);
            } else {
              sq = rank0;
              const side = rooks & ((<u64>1 << <u64>(rank0 + kf)) - 1);
              if (side) sq = <i32>ctz<u64>(side);
            }
          } else if (lc >= 97 && lc <= 104) {
            sq = rank0 + lc - 97;
          } else {
            return fail(E_FEN_CASTLING, k + 1);
          }
          store<u64>(p, castleRooks(p) | ((<u64>1) << <u64>sq), O_CASTLE);
        }
      }
    } else if (field == 2) {
      if (!(n == 1 && c0 == 45)) {
        if (n != 2) return fail(E_FEN_EP, start + 1);
        const f = c0 - 97, r = ch(start + 1) - 49;
        if (f < 0 || f > 7 || r < 0 || r > 7) return fail(E_FEN_EP, start + 1);
        store<i32>(RESULT, r * 8 + f, 8);
        store<u8>(p, <u8>(r * 8 + f), O_EP);
      }
    } else if (field == 3 || field == 4) {
      let v: u32 = 0;
      for (let k = start; k < i; k++) {
        const d = ch(k) - 48;
        if (d < 0 || d > 9 || v > 100000000) return fail(E_FEN_CLOCKS, k + 1);
        v = v * 10 + <u32>d;
      }
      if (field == 3) store<u32>(p, v, O_HALF);
      else store<u32>(p, v == 0 ? 1 : v, O_FULL);
    } else {
      return fail(E_FEN_FIELDS, start + 1);
    }
    field++;
  }
  return 0;
}

/** Every problem of the position at p as F_* flags (0 = valid). */
export function validate(p: usize, epRaw: i32): i32 {
  let flags = 0;
  const vf = <i32>load<u8>(p, O_VARIANT);
  const zh = (vf & V_CRAZYHOUSE) != 0, bug = (vf & V_BUGHOUSE) != 0;
  const white = colorBB(p, WHITE), black = colorBB(p, BLACK);
  const kings = roleBB(p, KING), pawns = roleBB(p, PAWN);
  const kingsOk = <i32>popcnt<u64>(white & kings) == 1 && <i32>popcnt<u64>(black & kings) == 1;
  if (!kingsOk) flags |= F_KINGS;
  if (pawns & 0xff000000000000ff) flags |= F_PAWNS_ON_BACKRANK;
  // Pockets.
  let pocketTotal = 0;
  for (let c = 0; c < 2; c++) for (let r = PAWN; r <= QUEEN; r++) pocketTotal += pocket(p, c, r);
  if (!zh && pocketTotal > 0) flags |= F_VARIANT_POCKET;
  if (zh && load<u64>(p, O_PROMOTED) & ~(white | black)) flags |= F_POCKET;
  // Material.
  if (!bug) {
    if (!zh) {
      for (let c = 0; c < 2; c++) {
        const cb = colorBB(p, c);
        const np = <i32>popcnt<u64>(cb & pawns);
        const excess = max(0, <i32>popcnt<u64>(cb & roleBB(p, KNIGHT)) - 2) + max(0, <i32>popcnt<u64>(cb & roleBB(p, BISHOP)) - 2) +
          max(0, <i32>popcnt<u64>(cb & roleBB(p, ROOK)) - 2) + max(0, <i32>popcnt<u64>(cb & roleBB(p, QUEEN)) - 1);
        if (<i32>popcnt<u64>(cb) > 16 || np > 8 || np + excess > 8) flags |= F_TOO_MANY_PIECES;
      }
    } else {
      const promoted = load<u64>(p, O_PROMOTED);
      const np = <i32>popcnt<u64>(pawns) + pocket(p, 0, PAWN) + pocket(p, 1, PAWN) + <i32>popcnt<u64>(promoted & (white | black));
      let excess = 0;
      for (let r = KNIGHT; r <= QUEEN; r++) {
        const cnt = <i32>popcnt<u64>(roleBB(p, r) & ~promoted) + pocket(p, 0, r) + pocket(p, 1, r);
        excess += max(0, cnt - (r == QUEEN ? 2 : 4));
      }
      if (<i32>popcnt<u64>((white | black) & ~kings) + pocketTotal > 30 || np + excess > 16) flags |= F_TOO_MANY_PIECES;
      for (let c = 0; c < 2; c++) for (let r = PAWN; r <= QUEEN; r++) if (pocket(p, c, r) > (r == PAWN ? 16 : r == QUEEN ? 2 + 16 : 4 + 16)) flags |= F_POCKET;
    }
  }
  const us = <i32>load<u8>(p, O_TURN), them = us ^ 1;
  // En passant square: a double push of the side that just moved could have produced it.
  if (epRaw != 64) {
    if (!epPlausible(p, epRaw)) flags |= F_EP;
  }
  // Castling rights.
  if (castleRooks(p) != validCastling(p)) flags |= F_CASTLING;
  if (kingsOk) {
    const occ = white | black;
    const ksq = <i32>ctz<u64>(colorBB(p, us) & kings);
    const oksq = <i32>ctz<u64>(colorBB(p, them) & kings);
    if (attackersTo(p, oksq, us, occ)) flags |= F_OPPOSITE_CHECK;
    const checkers = attackersTo(p, ksq, them, occ);
    if (checkers) {
      const sliders = roleBB(p, BISHOP) | roleBB(p, ROOK) | roleBB(p, QUEEN);
      const n = <i32>popcnt<u64>(checkers);
      if (n > 2) flags |= F_IMPOSSIBLE_CHECK;
      else if (n == 2) {
        const a = <i32>ctz<u64>(checkers), b = 63 - <i32>clz<u64>(checkers);
        if ((checkers & sliders) == 0) flags |= F_IMPOSSIBLE_CHECK;        // no discovered check possible
        else if (line(a, b) & ((<u64>1) << <u64>ksq)) flags |= F_IMPOSSIBLE_CHECK; // both on one line
        else if (!discoverable(p, them, ksq, a, b, occ) && !discoverable(p, them, ksq, b, a, occ)) {
          // Two sliders may both be discovered by an en passant capture (a pawn of theirs on our third rank).
          const epRank: u64 = them == WHITE ? 0xff0000000000 : 0xff0000;
          if ((checkers & sliders) != checkers || (pieceBB(p, them, PAWN) & epRank) == 0) flags |= F_IMPOSSIBLE_CHECK;
        }
      }
      if (epRaw != 64 && (flags & F_EP) == 0 && (flags & F_IMPOSSIBLE_CHECK) == 0) {
        // After a double push, every check comes from the pushed pawn or was discovered by it.
        const pushed = epRaw ^ 8, origin = epRaw ^ 24;
        let c = checkers;
        while (c) {
          const s = <i32>ctz<u64>(c);
          c &= c - 1;
          if (s == pushed) continue;
          if ((sliders & ((<u64>1) << <u64>s)) && (between(ksq, s) & ((<u64>1) << <u64>origin))) continue;
          flags |= F_IMPOSSIBLE_CHECK;
        }
      }
    }
  }
  return flags;
}

/**
 * Could `moved` (a checker) have just arrived from a square between the king and the slider `disc`,
 * discovering its check?
 */
function discoverable(p: usize, them: i32, ksq: i32, moved: i32, disc: i32, occ: u64): bool {
  const discBit = (<u64>1) << <u64>disc;
  if ((discBit & (roleBB(p, BISHOP) | roleBB(p, ROOK) | roleBB(p, QUEEN))) == 0) return false;
  const gap = between(ksq, disc);
  if (gap == 0) return false;
  const r = <i32>load<u8>(p + O_BOARD + <usize>moved) & 7;
  let origins: u64 = 0;
  const mb = (<u64>1) << <u64>moved;
  // Pawn origins (also for a piece that just promoted on the last rank).
  const lastRank: u64 = them == WHITE ? 0xff00000000000000 : 0xff;
  if (r == PAWN || (mb & lastRank)) {
    const back = them == WHITE ? moved - 8 : moved + 8;
    if (back >= 0 && back < 64) origins |= (<u64>1) << <u64>back;
    origins |= pawnAttacks(them ^ 1, moved);
  }
  if (r == KNIGHT) origins |= knightAttacks(moved);
  if (r == BISHOP || r == QUEEN) origins |= bishopAttacks(moved, occ);
  if (r == ROOK || r == QUEEN) origins |= rookAttacks(moved, occ);
  return (origins & gap) != 0;
}

function epPlausible(p: usize, ep: i32): bool {
  const us = <i32>load<u8>(p, O_TURN);
  if ((ep >> 3) != (us == WHITE ? 5 : 2)) return false;
  const pushed = ep ^ 8, origin = ep ^ 24;
  const occ = colorBB(p, WHITE) | colorBB(p, BLACK);
  if ((pieceBB(p, us ^ 1, PAWN) & ((<u64>1) << <u64>pushed)) == 0) return false;
  if (occ & (((<u64>1) << <u64>ep) | ((<u64>1) << <u64>origin))) return false;
  return true;
}

/** The subset of castling rights that match king and rook placement. */
export function validCastling(p: usize): u64 {
  let valid: u64 = 0;
  const cr = castleRooks(p);
  for (let c = 0; c < 2; c++) {
    const rank0 = c == WHITE ? 0 : 56;
    const rankMask = <u64>0xff << <u64>rank0;
    const rights = cr & rankMask;
    if (!rights) continue;
    const k = pieceBB(p, c, KING) & rankMask;
    if (<i32>popcnt<u64>(pieceBB(p, c, KING)) != 1 || !k) continue;
    const ksq = <i32>ctz<u64>(k);
    const ok = rights & pieceBB(p, c, ROOK);
    const hside = ok & ~((<u64>2 << <u64>ksq) - 1);
    const aside = ok & ((<u64>1 << <u64>ksq) - 1);
    if (<i32>popcnt<u64>(hside) == 1) valid |= hside;
    if (<i32>popcnt<u64>(aside) == 1) valid |= aside;
  }
  return valid;
}

/** Drops invalid castling rights and an ep square no pawn can capture on (recoverable problems). */
export function normalize(p: usize): void {
  store<u64>(p, validCastling(p), O_CASTLE);
  const ep = <i32>load<u8>(p, O_EP);
  if (ep != 0) {
    const us = <i32>load<u8>(p, O_TURN);
    if (!epPlausible(p, ep) || (pawnAttacks(us ^ 1, ep) & pieceBB(p, us, PAWN)) == 0) store<u8>(p, 0, O_EP);
  }
}

@inline function out(n: i32, c: i32): i32 {
  store<u8>(TEXT_OUT + <usize>n, <u8>c);
  return n + 1;
}

function writeUint(n: i32, v: u32): i32 {
  if (v >= 10) n = writeUint(n, v / 10);
  return out(n, 48 + <i32>(v % 10));
}

// Write options.
export const W_SHREDDER = 1, W_PROMOTED = 2, W_POCKET = 4, W_LEGAL_EP = 8;

/** Writes the FEN of p to TEXT_OUT; `ep` is the square to write (0 = none). Returns the length. */
export function writeFen(p: usize, opts: i32, ep: i32): i32 {
  let n = 0;
  const promoted = load<u64>(p, O_PROMOTED);
  const showPromoted = (opts & W_PROMOTED) != 0 && promoted != 0;
  const occ = colorBB(p, WHITE) | colorBB(p, BLACK);
  for (let rank = 7; rank >= 0; rank--) {
    // Walk the occupied squares of the rank only; gaps become digits.
    let row = <u32>((occ >> <u64>(rank << 3)) & 0xff);
    const base = p + O_BOARD + (<usize>rank << 3);
    let next = 0; // first file not written yet
    while (row) {
      const f = <i32>ctz<u32>(row);
      row &= row - 1;
      if (f > next) n = out(n, 48 + f - next);
      n = out(n, <i32>load<u8>(PIECE_CHARS + <usize>load<u8>(base + <usize>f)));
      if (showPromoted && (promoted & ((<u64>1) << <u64>((rank << 3) + f)))) n = out(n, 126);
      next = f + 1;
    }
    if (next < 8) n = out(n, 56 - next);
    if (rank) n = out(n, 47);
  }
  if (opts & W_POCKET) {
    n = out(n, 91);
    for (let c = 0; c < 2; c++) for (let r = PAWN; r <= QUEEN; r++) {
      const k = pocket(p, c, r);
      for (let j = 0; j < k; j++) n = out(n, <i32>unchecked(ROLE_CHARS[r]) - (c == 0 ? 32 : 0));
    }
    n = out(n, 93);
  }
  n = out(n, 32);
  n = out(n, load<u8>(p, O_TURN) ? 98 : 119);
  n = out(n, 32);
  const cr = castleRooks(p);
  if (cr == 0) n = out(n, 45);
  else {
    for (let c = 0; c < 2; c++) {
      const rank0 = c == WHITE ? 0 : 56;
      const rankMask = <u64>0xff << <u64>rank0;
      // X-FEN's K / Q name the outermost rook on that side of the king (that is how parseFen reads
      // them), so they are written only for a right on exactly that rook, with one king of the color
      // on its back rank. Any other right (an inner rook, an empty square, no king there) gets its
      // file letter, which reads back to the same square.
      const kings = pieceBB(p, c, KING);
      const kingHome = <i32>popcnt<u64>(kings) == 1 && (kings & rankMask) != 0;
      const ksq = <i32>ctz<u64>(kings);
      const rooks = pieceBB(p, c, ROOK) & rankMask;
      const hRooks = kingHome ? rooks & ~((<u64>2 << <u64>ksq) - 1) : 0;
      const aRooks = kingHome ? rooks & ((<u64>1 << <u64>ksq) - 1) : 0;
      const kSq = hRooks ? 63 - <i32>clz<u64>(hRooks) : -1; // the square K stands for
      const qSq = aRooks ? <i32>ctz<u64>(aRooks) : -1;      // the square Q stands for
      const lower = c == WHITE ? 0 : 32;
      // h-side first (descending), then a-side.
      for (let f = 7; f >= 0; f--) {
        const sq = rank0 + f;
        if ((cr & ((<u64>1) << <u64>sq)) == 0) continue;
        let letter = 65 + f;
        if ((opts & W_SHREDDER) == 0) {
          if (sq == kSq) letter = 75;
          else if (sq == qSq) letter = 81;
        }
        n = out(n, letter + lower);
      }
    }
  }
  n = out(n, 32);
  if (ep == 0) n = out(n, 45);
  else { n = out(n, 97 + (ep & 7)); n = out(n, 49 + (ep >> 3)); }
  n = out(n, 32);
  n = writeUint(n, load<u32>(p, O_HALF));
  n = out(n, 32);
  n = writeUint(n, load<u32>(p, O_FULL));
  return n;
}

