// Numeric codes from chess.wasm decoded to stable ERR_* strings.
export const FEN_SYNTAX: Record<number, [string, string]> = {
  1: ['ERR_FEN_EMPTY', 'empty FEN'],
  2: ['ERR_FEN_BOARD', 'invalid board field'],
  3: ['ERR_FEN_POCKET', 'invalid crazyhouse pocket'],
  4: ['ERR_FEN_TURN', "invalid side to move (expected 'w' or 'b')"],
  5: ['ERR_FEN_CASTLING', 'invalid castling field'],
  6: ['ERR_FEN_EP', 'invalid en passant field'],
  7: ['ERR_FEN_CLOCKS', 'invalid halfmove clock or fullmove number'],
  8: ['ERR_FEN_FIELDS', 'too many fields'],
};

/** Validation flags (bit → code, message), in reporting order. */
export const POS_FLAGS: [number, string, string][] = [
  [1, 'ERR_POS_KINGS', 'each side needs exactly one king'],
  [2, 'ERR_POS_PAWNS_ON_BACKRANK', 'pawns on the first or eighth rank'],
  [4, 'ERR_POS_OPPOSITE_CHECK', 'the side not to move is in check'],
  [8, 'ERR_POS_IMPOSSIBLE_CHECK', 'the checks cannot have been given by the last move'],
  [16, 'ERR_POS_CASTLING', 'castling rights do not match king and rook placement'],
  [32, 'ERR_POS_EP', 'no double pawn push can have made this en passant square'],
  [64, 'ERR_POS_POCKET', 'pocket does not fit the material'],
  [128, 'ERR_POS_TOO_MANY_PIECES', 'more pieces than the game can have'],
  [256, 'ERR_POS_POCKET', 'pockets given for standard chess'],
];

/** Flags a lenient load accepts (castling and ep are then dropped). */
export const RECOVERABLE = 8 | 16 | 32 | 64 | 128 | 256;
