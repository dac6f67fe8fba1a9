// The position struct (POS_SIZE bytes at any address) and copy-make move execution.
//
//   0  u64 occupancy by color [white, black]
//  16  u64 occupancy by role [pawn, knight, bishop, rook, queen, king]  (role r at 8 + 8r)
//  64  u64 promoted pieces (crazyhouse)
//  72  u64 castling rooks (squares of rooks that may still castle)
//  80  u8  pockets [color][role] at 80 + 8c + r (r = 1..5)
//  96  u8  side to move (0 white, 1 black)
//  97  u8  en passant target square (0 = none; only set when an enemy pawn is adjacent)
//  98  u8  variant flags (1 crazyhouse, 2 bughouse: captures do not go to the pocket)
// 100  u32 halfmove clock
// 104  u32 fullmove number
// 112  u8[64] mailbox: role | color << 3, 0 = empty
import { POS_SIZE } from './layout';

export const PAWN = 1, KNIGHT = 2, BISHOP = 3, ROOK = 4, QUEEN = 5, KING = 6;
export const WHITE = 0, BLACK = 1;
export const V_CRAZYHOUSE: u8 = 1, V_BUGHOUSE: u8 = 2;

export const O_PROMOTED = 64, O_CASTLE = 72, O_POCKET = 80, O_TURN = 96, O_EP = 97, O_VARIANT = 98;
export const O_HALF = 100, O_FULL = 104, O_BOARD = 112;

// Move: from | to << 6 | promotion << 12 | drop role << 15 | flags
export const M_CASTLE: u32 = 1 << 18, M_EP: u32 = 1 << 19, M_DOUBLE: u32 = 1 << 20;
@inline export function mFrom(m: u32): i32 { return <i32>(m & 63); }
@inline export function mTo(m: u32): i32 { return <i32>((m >> 6) & 63); }
@inline export function mPromo(m: u32): i32 { return <i32>((m >> 12) & 7); }
@inline export function mDrop(m: u32): i32 { return <i32>((m >> 15) & 7); }

@inline export function colorBB(p: usize, c: i32): u64 { return load<u64>(p + (<usize>c << 3)); }
@inline export function roleBB(p: usize, r: i32): u64 { return load<u64>(p + 8 + (<usize>r << 3)); }
@inline export function pieceBB(p: usize, c: i32, r: i32): u64 { return colorBB(p, c) & roleBB(p, r); }
@inline export function occupied(p: usize): u64 { return load<u64>(p) | load<u64>(p, 8); }
@inline export function turn(p: usize): i32 { return <i32>load<u8>(p, O_TURN); }
@inline export function epSquare(p: usize): i32 { return <i32>load<u8>(p, O_EP); }
@inline export function variant(p: usize): i32 { return <i32>load<u8>(p, O_VARIANT); }
@inline export function pieceAt(p: usize, sq: i32): i32 { return <i32>load<u8>(p + O_BOARD + <usize>sq); }
@inline export function pocket(p: usize, c: i32, r: i32): i32 { return <i32>load<u8>(p + O_POCKET + <usize>((c << 3) | r)); }
@inline export function castleRooks(p: usize): u64 { return load<u64>(p, O_CASTLE); }
@inline export function kingSquare(p: usize, c: i32): i32 { return <i32>ctz<u64>(pieceBB(p, c, KING)); }

/** Copies one position struct (176 bytes) with 11 v128 moves (no runtime call). */
@inline export function copyPos(dst: usize, src: usize): void {
  v128.store(dst, v128.load(src));
  v128.store(dst, v128.load(src, 16), 16);
  v128.store(dst, v128.load(src, 32), 32);
  v128.store(dst, v128.load(src, 48), 48);
  v128.store(dst, v128.load(src, 64), 64);
  v128.store(dst, v128.load(src, 80), 80);
  v128.store(dst, v128.load(src, 96), 96);
  v128.store(dst, v128.load(src, 112), 112);
  v128.store(dst, v128.load(src, 128), 128);
  v128.store(dst, v128.load(src, 144), 144);
  v128.store(dst, v128.load(src, 160), 160);
}

export function clearPos(p: usize): void {
  const z = i64x2.splat(0);
  for (let o: usize = 0; o < POS_SIZE; o += 16) v128.store(p + o, z);
  store<u32>(p, 1, O_FULL);
}

@inline export function putPiece(p: usize, sq: i32, c: i32, r: i32): void {
  const b = (<u64>1) << <u64>sq;
  store<u64>(p + (<usize>c << 3), colorBB(p, c) | b);
  store<u64>(p + 8 + (<usize>r << 3), roleBB(p, r) | b);
  store<u8>(p + O_BOARD + <usize>sq, <u8>(r | (c << 3)));
}

@inline export function removePiece(p: usize, sq: i32): void {
  const pc = pieceAt(p, sq);
  if (pc == 0) return;
  const b = ~((<u64>1) << <u64>sq);
  const c = pc >> 3, r = pc & 7;
  store<u64>(p + (<usize>c << 3), colorBB(p, c) & b);
  store<u64>(p + 8 + (<usize>r << 3), roleBB(p, r) & b);
  store<u8>(p + O_BOARD + <usize>sq, 0);
  store<u64>(p, load<u64>(p, O_PROMOTED) & b, O_PROMOTED);
}

/** The back rank of color c (rank 1 for white, rank 8 for black): where its castling rooks stand. */
@inline export function backRank(c: i32): u64 { return <u64>0xff << <u64>(c * 56); }

/** Copies `src` into `dst` and plays the (legal) move `m` there. */
export function makeMove(src: usize, dst: usize, m: u32): void {
  copyPos(dst, src);
  const us = turn(src), them = us ^ 1;
  const to = mTo(m);
  const toBit = (<u64>1) << <u64>to;
  let half = load<u32>(dst, O_HALF) + 1;
  store<u8>(dst, 0, O_EP);
  const drop = mDrop(m);
  if (drop != 0) {
    const pa = dst + O_POCKET + <usize>((us << 3) | drop);
    store<u8>(pa, load<u8>(pa) - 1);
    store<u64>(dst + (<usize>us << 3), colorBB(dst, us) | toBit);
    store<u64>(dst + 8 + (<usize>drop << 3), roleBB(dst, drop) | toBit);
    store<u8>(dst + O_BOARD + <usize>to, <u8>(drop | (us << 3)));
    if (drop == PAWN) half = 0;
  } else {
    const from = mFrom(m);
    const fromBit = (<u64>1) << <u64>from;
    if (m & M_CASTLE) {
      // from = king, to = rook
      const rank = from & 56;
      const kTo = rank + (to > from ? 6 : 2), rTo = rank + (to > from ? 5 : 3);
      const kb = fromBit ^ ((<u64>1) << <u64>kTo), rb = toBit ^ ((<u64>1) << <u64>rTo);
      store<u64>(dst + (<usize>us << 3), colorBB(dst, us) ^ (fromBit | toBit) ^ ((<u64>1) << <u64>kTo) ^ ((<u64>1) << <u64>rTo));
      store<u64>(dst + 8 + (<usize>KING << 3), roleBB(dst, KING) ^ kb);
      store<u64>(dst + 8 + (<usize>ROOK << 3), roleBB(dst, ROOK) ^ rb);
      store<u8>(dst + O_BOARD + <usize>from, 0);
      store<u8>(dst + O_BOARD + <usize>to, 0);
      store<u8>(dst + O_BOARD + <usize>kTo, <u8>(KING | (us << 3)));
      store<u8>(dst + O_BOARD + <usize>rTo, <u8>(ROOK | (us << 3)));
      store<u64>(dst, castleRooks(dst) & ~backRank(us), O_CASTLE);
    } else {
      const pc = pieceAt(src, from);
      const role = pc & 7;
      let promoted = load<u64>(dst, O_PROMOTED);
      let capSq = to;
      if (m & M_EP) capSq = to ^ 8;
      const cap = pieceAt(src, capSq);
      if (cap != 0) {
        const capBit = (<u64>1) << <u64>capSq;
        const capRole = cap & 7;
        store<u64>(dst + (<usize>them << 3), colorBB(dst, them) ^ capBit);
        store<u64>(dst + 8 + (<usize>capRole << 3), roleBB(dst, capRole) ^ capBit);
        if ((load<u8>(dst, O_VARIANT) & 3) == V_CRAZYHOUSE) {
          const pr = promoted & capBit ? PAWN : capRole;
          const pa = dst + O_POCKET + <usize>((us << 3) | pr);
          store<u8>(pa, load<u8>(pa) + 1);
        }
        promoted &= ~capBit;
        store<u8>(dst + O_BOARD + <usize>capSq, 0);
        half = 0;
      }
      const mv = fromBit | toBit;
      store<u64>(dst + (<usize>us << 3), colorBB(dst, us) ^ mv);
      const promo = mPromo(m);
      if (promo != 0) {
        store<u64>(dst + 8 + (<usize>PAWN << 3), roleBB(dst, PAWN) ^ fromBit);
        store<u64>(dst + 8 + (<usize>promo << 3), roleBB(dst, promo) ^ toBit);
        store<u8>(dst + O_BOARD + <usize>to, <u8>(promo | (us << 3)));
        promoted |= toBit;
      } else {
        store<u64>(dst + 8 + (<usize>role << 3), roleBB(dst, role) ^ mv);
        store<u8>(dst + O_BOARD + <usize>to, <u8>pc);
        if (promoted & fromBit) promoted ^= mv;
      }
      store<u8>(dst + O_BOARD + <usize>from, 0);
      store<u64>(dst, promoted, O_PROMOTED);
      // Rights end when a rook leaves its castling square or is captured there (any file, Chess960),
      // and all of one side's rights when its king moves: its own back rank, wherever the king stands
      // (a king walking on the enemy back rank leaves the enemy's rights alone). Drops never touch
      // them: a right always names a square holding that side's rook, so a drop cannot land there.
      let cr = castleRooks(dst);
      if (cr != 0) {
        cr &= ~mv;
        if (role == KING) cr &= ~backRank(us);
        store<u64>(dst, cr, O_CASTLE);
      }
      if (role == PAWN) {
        half = 0;
        if (m & M_DOUBLE) {
          const epSq = (from + to) >> 1;
          // Only record it when an enemy pawn stands beside the pawn (a capture is then pseudo-legal).
          const side = ((toBit << 1) & 0xfefefefefefefefe) | ((toBit >> 1) & 0x7f7f7f7f7f7f7f7f);
          if (side & pieceBB(dst, them, PAWN)) store<u8>(dst, <u8>epSq, O_EP);
        }
      }
    }
  }
  store<u32>(dst, half, O_HALF);
  if (us == BLACK) store<u32>(dst, load<u32>(dst, O_FULL) + 1, O_FULL);
  store<u8>(dst, <u8>them, O_TURN);
}
