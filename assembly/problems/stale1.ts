// Stalemate in one for the side to move: the moves after which the other side is not in check and
// has no legal move, written to the ply's move list. Checking moves are skipped without being
// played (checks.ts says which moves may check; a move it clears never checks).
import { posAt, movesAt } from './layout';
import { play, generate } from './search';
import { checkFilter, mayGiveCheck } from './checks';
import { anyLegal } from './mobility';
import { inCheck } from './search';

/** Stalemating moves of the side to move at `ply`, in movesAt(ply); returns how many (with `first`, at most one). */
export function stalematesInOne(ply: i32, first: bool): i32 {
  const p = posAt(ply);
  const list = movesAt(ply);
  const cnt = generate(ply);
  checkFilter(p);
  let n = 0;
  for (let i = 0; i < cnt; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    const q = play(ply, m);
    if (mayGiveCheck(m) && inCheck(q)) continue;
    if (anyLegal(q)) continue;
    store<u32>(list + (<usize>n << 2), m);
    n++;
    if (first) break;
  }
  return n;
}
