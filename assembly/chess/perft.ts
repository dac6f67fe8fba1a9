// Perft with bulk counting: at depth 1 the legal moves are counted, never made.
import { POS_STACK, POS_SIZE, MOVE_STACK, MAX_MOVES } from './layout';
import { generateLegal, countLegal } from './movegen';
import { makeMove } from './position';

const LIST_BYTES: usize = <usize>MAX_MOVES * 4;

export function perftRec(ply: i32, depth: i32): u64 {
  const p = POS_STACK + <usize>ply * POS_SIZE;
  if (depth == 1) return <u64>countLegal(p);
  if (depth <= 0) return 1;
  const list = MOVE_STACK + <usize>ply * LIST_BYTES;
  const n = generateLegal(p, list);
  const child = p + POS_SIZE;
  let total: u64 = 0;
  if (depth == 2) {
    for (let i = 0; i < n; i++) {
      makeMove(p, child, load<u32>(list + (<usize>i << 2)));
      total += <u64>countLegal(child);
    }
  } else {
    for (let i = 0; i < n; i++) {
      makeMove(p, child, load<u32>(list + (<usize>i << 2)));
      total += perftRec(ply + 1, depth - 1);
    }
  }
  return total;
}
