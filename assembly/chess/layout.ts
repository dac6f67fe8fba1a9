// Fixed memory layout of the chess module. Everything lives at constant addresses above the static
// data (checked at init), so the hot code uses immediate offsets and nothing is ever allocated.
// This file (with the struct offsets of position.ts) is the one definition of the layout: chess.wasm
// exports the addresses as functions and the struct offsets as globals, and src/chess/wasm.ts reads
// them when it instantiates the module.

/**
 * Version of chess.wasm's interface: export signatures, buffer and record formats. src/chess/wasm.ts
 * says which version it is written for (CHESS_ABI) and src/wasm/load.ts refuses any other module, so
 * a stale wasm-build/ fails at once with ERR_WASM_ABI. Bump both when the interface changes.
 */
export const ABI_VERSION: i32 = 4;

export const TABLE_BASE: usize = 0x20000;
export const KNIGHT_T: usize = TABLE_BASE;            // 64 × u64
export const KING_T: usize = KNIGHT_T + 512;          // 64 × u64
export const PAWN_T: usize = KING_T + 512;            // [color][64] u64 pawn captures
export const ROOK_M: usize = PAWN_T + 1024;           // 64 × {mask, magic, table ptr, shift} (32 bytes)
export const BISHOP_M: usize = ROOK_M + 2048;
export const BETWEEN_T: usize = BISHOP_M + 2048;      // [64][64] u64 squares strictly between
export const LINE_T: usize = BETWEEN_T + 32768;       // [64][64] u64 whole line through both (0 if not aligned)
export const ZOBRIST_T: usize = LINE_T + 32768;       // 12 × 64 pieces, 64 castling, 8 ep, 1 turn, pockets
export const Z_CASTLE: usize = ZOBRIST_T + 12 * 64 * 8;
export const Z_EP: usize = Z_CASTLE + 64 * 8;
export const Z_TURN: usize = Z_EP + 8 * 8;
export const Z_POCKET: usize = Z_TURN + 8;            // [color][role 1..5][count 0..31]
export const Z_PROMOTED: usize = Z_POCKET + 2 * 8 * 32 * 8;   // 64 × u64
export const IO_BASE: usize = Z_PROMOTED + 64 * 8;
export const TEXT_IN: usize = IO_BASE;                // 2048 bytes text input (FEN, SAN)
export const TEXT_OUT: usize = TEXT_IN + 2048;        // 2048 bytes text output
export const RESULT: usize = TEXT_OUT + 2048;         // 64 × i32 results (error codes, columns, flags)
export const POS_SIZE: usize = 176;
export const POS_A: usize = RESULT + 256;             // 4 scratch position slots for the TS side
// (slot 0: the resident Position, slot 1: parse scratch, slots 2 and 3: the two boards of the live bughouse match, src/bughouse/match.ts)
export const POS_STACK: usize = POS_A + 4 * POS_SIZE; // one position per ply
export const MAX_PLY: i32 = 64;
export const MAX_MOVES: i32 = 1024;
export const MOVE_STACK: usize = POS_STACK + <usize>MAX_PLY * POS_SIZE;   // one move list per ply
export const MOVES_OUT: usize = MOVE_STACK + <usize>MAX_PLY * <usize>MAX_MOVES * 4; // legal moves / divide counts
export const COUNTS_OUT: usize = MOVES_OUT + <usize>MAX_MOVES * 4;        // f64 per root move (divide)
export const SLIDER_T: usize = COUNTS_OUT + <usize>MAX_MOVES * 8;         // 107648 × u64 fancy-magic attacks
export const MOVETEXT: usize = SLIDER_T + 107648 * 8;      // movetext bytes for playMovetext (movetext.ts)
export const MOVETEXT_SIZE: usize = 65536;
export const TAGS_OUT: usize = MOVETEXT + MOVETEXT_SIZE;  // playTags records: 4 × i32 per tag
export const MAX_TAGS: i32 = 64;
export const TAG_HASH: usize = TAGS_OUT + <usize>MAX_TAGS * 16;   // a hash of each name (movetext.ts)
export const MEMORY_END: usize = TAG_HASH + <usize>MAX_TAGS * 4;
