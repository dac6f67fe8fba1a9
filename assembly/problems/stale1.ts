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
// pieces there is no stalemate in one, with one only the moves that capture it can stalemate.
import { posAt, movesAt } from './layout';
import { play, generate } from './search';
import { checkFilter, mayGiveCheck } from './checks';
import { anyLegal } from './mobility';
import { inCheck } from './search';
import { knightAttacks, kingAttacks, rookAttacks, bishopAttacks, queenAttacks, between } from '../chess/attacks';
import { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, colorBB, roleBB, turn, mTo } from '../chess/position';

/** The pieces of the side not to move at p that keep a move after any one move of the side to move that does not check (see above). */
function unstoppable(p: usize): u64 {
  const them = turn(p) ^ 1;
  const own = colorBB(p, them);
  const k = <i32>ctz<u64>(own & roleBB(p, KING));
  const free = ~own;
  const lines = queenAttacks(k, 0);
  let pcs = own & (roleBB(p, KNIGHT) | roleBB(p, BISHOP) | roleBB(p, ROOK) | roleBB(p, QUEEN));
  let out: u64 = 0;
  while (pcs) {
    const s = <i32>ctz<u64>(pcs);
    const b = (<u64>1) << <u64>s;
    pcs &= pcs - 1;
    // on a line with its king, a move may pin it, unless a piece of its own other than a pawn
    // stands between (a capture there leaves the capturer between; e.p. would not)
    if ((lines & b) != 0 && (between(k, s) & own & ~roleBB(p, PAWN)) == 0) continue;
    let to: u64;
    if (roleBB(p, KNIGHT) & b) to = knightAttacks(s);
    else {
      to = 0;
      if (roleBB(p, BISHOP) & b || roleBB(p, QUEEN) & b) to |= bishopAttacks(s, 0);
      if (roleBB(p, ROOK) & b || roleBB(p, QUEEN) & b) to |= rookAttacks(s, 0);
      to &= kingAttacks(s);
    }
    if (to & free) out |= b;
  }
  return out;
}

/** Stalemating moves of the side to move at `ply`, in movesAt(ply); returns how many (with `first`, at most one). */
export function stalematesInOne(ply: i32, first: bool): i32 {
  const p = posAt(ply);
  const stay = unstoppable(p);
  // two pieces that only a capture stops: no one move stalemates
  if (stay & (stay - 1)) return 0;
  const list = movesAt(ply);
  const cnt = generate(ply);
  checkFilter(p);
  let n = 0;
  for (let i = 0; i < cnt; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    if (stay != 0 && ((stay >> <u64>mTo(m)) & 1) == 0) continue;
    const q = play(ply, m);
    if (mayGiveCheck(m) && inCheck(q)) continue;
    if (anyLegal(q)) continue;
    store<u32>(list + (<usize>n << 2), m);
    n++;
    if (first) break;
  }
  return n;
}
