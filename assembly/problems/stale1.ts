// Stalemate in one for the side to move: the moves after which the other side is not in check and
// has no legal move, written to the ply's move list. Checking moves are skipped without being
// played (checks.ts says which moves may check; a move it clears never checks).
//
// Before any move is played, the other side's pieces that no single move can stop are counted: a
// knight, bishop, rook or queen that stands on no line with its king (or has one of its own pieces
// between) cannot be pinned by one move, so while its king is not in check (a stalemate needs
// that) it keeps every move to a square next to it along its lines (a knight: any square it
// attacks) that its own pieces do not hold; a piece arriving on such a square is captured instead.
// Only capturing the piece takes its moves away, and one move captures one piece: with two such
// pieces there is no stalemate in one, with one only the moves that capture it can stalemate. A
// pawn that cannot be pinned and can step forward is stopped only by a move that captures it or
// lands in front of it; the move must land where it stops every such piece.
import { posAt, movesAt } from './layout';
import { play, generate } from './search';
import { checkFilter, mayGiveCheck } from './checks';
import { anyLegal } from './mobility';
import { inCheck } from './search';
import { knightAttacks, kingAttacks, rookAttacks, bishopAttacks, queenAttacks, between } from '../chess/attacks';
import { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, WHITE, colorBB, roleBB, turn, mTo, epSquare, castleRooks } from '../chess/position';

/**
 * The squares on which the one move of the side to move at p must land for a stalemate, as far as
 * the other side's unstoppable pieces tell (see above); all squares when there are none, 0 when
 * no move can stop them all.
 */
function landing(p: usize): u64 {
  const us = turn(p), them = us ^ 1;
  const own = colorBB(p, them);
  const k = <i32>ctz<u64>(own & roleBB(p, KING));
  const free = ~own;
  const empty = ~(own | colorBB(p, us));
  const lines = queenAttacks(k, 0);
  const pawns = roleBB(p, PAWN);
  // a pawn is stopped by a piece landing in front of it, unless castling (two pieces land) or
  // e.p. (the capturer lands behind it) is possible
  const withPawns = epSquare(p) == 0 && (castleRooks(p) & colorBB(p, us)) == 0;
  let pcs = own & (roleBB(p, KNIGHT) | roleBB(p, BISHOP) | roleBB(p, ROOK) | roleBB(p, QUEEN) | (withPawns ? pawns : 0));
  let need: u64 = ~(<u64>0);
  while (pcs) {
    const s = <i32>ctz<u64>(pcs);
    const b = (<u64>1) << <u64>s;
    pcs &= pcs - 1;
    // on a line with its king, a move may pin it, unless a piece of its own other than a pawn
    // stands between (a capture there leaves the capturer between; e.p. would not)
    if ((lines & b) != 0 && (between(k, s) & own & ~pawns) == 0) continue;
    if (pawns & b) {
      const front = them == WHITE ? b << 8 : b >> 8;
      if (front & empty) need &= b | front;
      continue;
    }
    let to: u64;
    if (roleBB(p, KNIGHT) & b) to = knightAttacks(s);
    else {
      to = 0;
      if (roleBB(p, BISHOP) & b || roleBB(p, QUEEN) & b) to |= bishopAttacks(s, 0);
      if (roleBB(p, ROOK) & b || roleBB(p, QUEEN) & b) to |= rookAttacks(s, 0);
      to &= kingAttacks(s);
    }
    if (to & free) need &= b;
  }
  return need;
}

/** Stalemating moves of the side to move at `ply`, in movesAt(ply); returns how many (with `first`, at most one). */
export function stalematesInOne(ply: i32, first: bool): i32 {
  const p = posAt(ply);
  const need = landing(p);
  if (need == 0) return 0;
  const list = movesAt(ply);
  const cnt = generate(ply);
  checkFilter(p);
  let n = 0;
  for (let i = 0; i < cnt; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    if (((need >> <u64>mTo(m)) & 1) == 0) continue;
    const q = play(ply, m);
    if (mayGiveCheck(m) && inCheck(q)) continue;
    if (anyLegal(q)) continue;
    store<u32>(list + (<usize>n << 2), m);
    n++;
    if (first) break;
  }
  return n;
}
