// Zobrist keys: a table filled from a fixed xorshift stream at init; keys computed on demand.
import { ZOBRIST_T, Z_CASTLE, Z_EP, Z_TURN, Z_POCKET, Z_PROMOTED } from './layout';
import { O_BOARD, O_PROMOTED, O_TURN, O_VARIANT, V_CRAZYHOUSE, castleRooks, pocket, PAWN, QUEEN } from './position';

export function initZobrist(): void {
  let s: u64 = 0x2545f4914f6cdd1d;
  for (let a = ZOBRIST_T; a < Z_PROMOTED + 64 * 8; a += 8) {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    store<u64>(a, s * 0x2545f4914f6cdd1d);
  }
}

/** Key of p; `ep` is the legal en passant square or 0. */
export function zobristOf(p: usize, ep: i32): u64 {
  let h: u64 = 0;
  for (let sq = 0; sq < 64; sq++) {
    const pc = <i32>load<u8>(p + O_BOARD + <usize>sq);
    if (pc) h ^= load<u64>(ZOBRIST_T + (<usize>(((pc >> 3) * 6 + (pc & 7) - 1) * 64 + sq) << 3));
  }
  let cr = castleRooks(p);
  while (cr) {
    h ^= load<u64>(Z_CASTLE + (<usize>ctz<u64>(cr) << 3));
    cr &= cr - 1;
  }
  if (ep) h ^= load<u64>(Z_EP + (<usize>(ep & 7) << 3));
  if (load<u8>(p, O_TURN)) h ^= load<u64>(Z_TURN);
  if (load<u8>(p, O_VARIANT) & V_CRAZYHOUSE) {
    for (let c = 0; c < 2; c++) for (let r = PAWN; r <= QUEEN; r++) {
      const k = pocket(p, c, r);
      if (k) h ^= load<u64>(Z_POCKET + (<usize>((((c << 3) | r) << 5) | (k & 31)) << 3));
    }
    let pr = load<u64>(p, O_PROMOTED);
    while (pr) {
      h ^= load<u64>(Z_PROMOTED + (<usize>ctz<u64>(pr) << 3));
      pr &= pr - 1;
    }
  }
  return h;
}
