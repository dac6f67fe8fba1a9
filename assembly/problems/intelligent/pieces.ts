// Piece identities for intelligent mode: every piece of the root position gets a number (1..32, in
// square order), kept on a board per ply as the pieces move, so a plan can say "this rook must end
// on one of these squares" and a line can be checked against it.
import { INTEL } from '../layout';
import { pieceAt, mFrom, mTo, M_CASTLE, M_EP } from '../../chess/position';

/** Square → identity (0 = empty), one 64-byte board per ply. */
const ID_BOARD: usize = INTEL;
/** Identity → square (64 = captured), one 64-byte row per ply. */
const ID_SQUARE: usize = INTEL + 128 * 64;
/** Identity → role and colour in the root position. */
const ROLE_OF: usize = memory.data(64);
const COLOR_OF: usize = memory.data(64);
const HOME_OF: usize = memory.data(64);

export const CAPTURED: i32 = 64;
export let pieceCount: i32 = 0;

@inline export function idAt(ply: i32, sq: i32): i32 { return <i32>load<u8>(ID_BOARD + (<usize>ply << 6) + <usize>sq); }
@inline export function squareOf(ply: i32, id: i32): i32 { return <i32>load<u8>(ID_SQUARE + (<usize>ply << 6) + <usize>id); }
@inline export function roleOf(id: i32): i32 { return <i32>load<u8>(ROLE_OF + <usize>id); }
@inline export function colorOf(id: i32): i32 { return <i32>load<u8>(COLOR_OF + <usize>id); }
@inline export function homeOf(id: i32): i32 { return <i32>load<u8>(HOME_OF + <usize>id); }

/** Numbers the pieces of the position p as the boards of `ply`. */
export function numberPieces(p: usize, ply: i32): void {
  const board = ID_BOARD + (<usize>ply << 6), squares = ID_SQUARE + (<usize>ply << 6);
  memory.fill(board, 0, 64);
  memory.fill(squares, <u8>CAPTURED, 64);
  let id = 0;
  for (let sq = 0; sq < 64; sq++) {
    const pc = pieceAt(p, sq);
    if (pc == 0) continue;
    id++;
    store<u8>(board + <usize>sq, <u8>id);
    store<u8>(squares + <usize>id, <u8>sq);
    store<u8>(ROLE_OF + <usize>id, <u8>(pc & 7));
    store<u8>(COLOR_OF + <usize>id, <u8>(pc >> 3));
    store<u8>(HOME_OF + <usize>id, <u8>sq);
  }
  pieceCount = id;
}

/** Empties the identity boards of `ply` (a position built piece by piece: putId). */
export function clearIds(ply: i32): void {
  memory.fill(ID_BOARD + (<usize>ply << 6), 0, 64);
  memory.fill(ID_SQUARE + (<usize>ply << 6), <u8>CAPTURED, 64);
}
export function putId(ply: i32, id: i32, sq: i32): void {
  store<u8>(ID_BOARD + (<usize>ply << 6) + <usize>sq, <u8>id);
  store<u8>(ID_SQUARE + (<usize>ply << 6) + <usize>id, <u8>sq);
}

/** The identity captured by move m at `ply` (0 if none). */
@inline export function capturedBy(ply: i32, m: u32): i32 {
  if (m & M_CASTLE) return 0;
  const to = mTo(m);
  return idAt(ply, (m & M_EP) ? to ^ 8 : to);
}

/** Carries the identities of `ply` over move m into `ply + 1`. */
export function moveIds(ply: i32, m: u32): void {
  const src = ID_BOARD + (<usize>ply << 6), dst = src + 64;
  const ssrc = ID_SQUARE + (<usize>ply << 6), sdst = ssrc + 64;
  for (let o: usize = 0; o < 64; o += 16) {
    v128.store(dst + o, v128.load(src + o));
    v128.store(sdst + o, v128.load(ssrc + o));
  }
  const from = mFrom(m), to = mTo(m);
  if (m & M_CASTLE) {
    // from = king, to = rook
    const rank = from & 56;
    const kTo = rank + (to > from ? 6 : 2), rTo = rank + (to > from ? 5 : 3);
    const k = load<u8>(src + <usize>from), r = load<u8>(src + <usize>to);
    store<u8>(dst + <usize>from, 0);
    store<u8>(dst + <usize>to, 0);
    store<u8>(dst + <usize>kTo, k);
    store<u8>(dst + <usize>rTo, r);
    store<u8>(sdst + <usize>k, <u8>kTo);
    store<u8>(sdst + <usize>r, <u8>rTo);
    return;
  }
  const capSq = (m & M_EP) ? to ^ 8 : to;
  const cap = load<u8>(src + <usize>capSq);
  if (cap) {
    store<u8>(sdst + <usize>cap, <u8>CAPTURED);
    store<u8>(dst + <usize>capSq, 0);
  }
  const id = load<u8>(src + <usize>from);
  store<u8>(dst + <usize>from, 0);
  store<u8>(dst + <usize>to, id);
  store<u8>(sdst + <usize>id, <u8>to);
}

/** Copies the identities of `ply` unchanged into `ply + 1` (a pass). */
export function passIds(ply: i32): void {
  const src = ID_BOARD + (<usize>ply << 6), dst = src + 64;
  const ssrc = ID_SQUARE + (<usize>ply << 6), sdst = ssrc + 64;
  for (let o: usize = 0; o < 64; o += 16) {
    v128.store(dst + o, v128.load(src + o));
    v128.store(sdst + o, v128.load(ssrc + o));
  }
}
