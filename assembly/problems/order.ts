// Move ordering for battle play (direct, self and reflex): the move the table remembers first,
// then the killers of the ply (moves that won, or refuted, in a sibling position), then checks,
// then the rest. The move list is reordered in place, so nothing is allocated.
import { movesAt, posAt } from './layout';
import { checkFilter, mayGiveCheck } from './checks';

const KILLERS: usize = memory.data(128 * 2 * 4);

@inline export function killer(ply: i32, slot: i32): u32 { return load<u32>(KILLERS + (<usize>(ply * 2 + slot) << 2)); }

/** Remembers m as the first killer of the ply (the old first becomes the second). */
@inline export function setKiller(ply: i32, m: u32): void {
  const a = KILLERS + (<usize>(ply * 2) << 2);
  if (load<u32>(a) == m) return;
  store<u32>(a, load<u32>(a), 4);
  store<u32>(a, m);
}

export function clearKillers(): void { memory.fill(KILLERS, 0, 128 * 2 * 4); }

/** Moves m to position `at` of the ply's list if it is there at `at` or later; returns the next free position. */
@inline function bring(list: usize, cnt: i32, at: i32, m: u32): i32 {
  if (m == 0) return at;
  for (let i = at; i < cnt; i++) {
    const a = list + (<usize>i << 2);
    if (load<u32>(a) == m) {
      const b = list + (<usize>at << 2);
      store<u32>(a, load<u32>(b));
      store<u32>(b, m);
      return at + 1;
    }
  }
  return at;
}

/**
 * Orders the `cnt` moves at `ply`: `first` (a table move), the ply's killers, then (with `checks`)
 * the moves that may give check, then the rest in generation order.
 */
export function orderMoves(ply: i32, cnt: i32, first: u32, checks: bool): void {
  const list = movesAt(ply);
  let at = bring(list, cnt, 0, first);
  at = bring(list, cnt, at, killer(ply, 0));
  at = bring(list, cnt, at, killer(ply, 1));
  if (!checks) return;
  checkFilter(posAt(ply));
  for (let i = at; i < cnt; i++) {
    const a = list + (<usize>i << 2);
    const m = load<u32>(a);
    if (mayGiveCheck(m)) {
      const b = list + (<usize>at << 2);
      store<u32>(a, load<u32>(b));
      store<u32>(b, m);
      at++;
    }
  }
}
