import type { NotationError, Result } from '../errors.js';
import type { Move } from './types.js';

/**
 * Callbacks the reader makes while it walks a PGN file, in file order (python-chess' BaseVisitor
 * in spirit). Every method is optional. Errors are reported through `error` and reading goes on.
 */
export interface PgnVisitor<P = unknown> {
  /** A new game starts at `line`. */
  beginGame?(line: number): void;
  header?(name: string, value: string): void;
  /** After the tag section. Return `false` to skip the game's movetext (it is still scanned). */
  endHeaders?(headers: Record<string, string>): boolean | void;
  /**
   * A move. With move resolution on (the default), `move` is the move and `before` the position
   * before it (valid only during the call: clone it to keep it); `san` is the text as written.
   * With resolution off, or in a game whose variant is not supported, both are undefined.
   */
  move?(san: string, move: Move | undefined, before: P | undefined): void;
  comment?(text: string): void;
  nag?(nag: number): void;
  /** Return `false` to skip this variation. */
  beginVariation?(): boolean | void;
  endVariation?(): void;
  result?(result: string): void;
  error?(error: NotationError): void;
  endGame?(): void;
}

/**
 * The chess rules the reader needs to resolve SAN. The default (see `chessRules`) uses
 * `gamenotation/chess`; any other implementation may be passed in `PgnReadOptions.rules`.
 */
export interface PgnRules<P = unknown> {
  /**
   * The starting position of a game from its tags (SetUp/FEN, Variant). `ok(null)` means "do not
   * resolve moves in this game" (the game is still read); an error is reported and then treated so.
   */
  setup(headers: Record<string, string>): Result<P | null>;
  /** Resolves one SAN token (also `--`/`Z0` null moves and UCI such as `e2e4`). */
  parseMove(pos: P, san: string): Result<Move>;
  play(pos: P, move: Move): void;
  clone(pos: P): P;
  /** Canonical SAN of a legal move (the tree builder stores it). */
  makeSan?(pos: P, move: Move): string;
  /** UCI of a move (`e2e4`, `e7e8q`, `N@f3`, `0000`). */
  makeUci?(pos: P, move: Move): string;
  /** Whether a move is the null move. */
  isNull?(move: Move): boolean;
}

export interface PgnReadOptions<P = unknown> {
  /** Resolve SAN against the position (default true). */
  resolveMoves?: boolean;
  rules?: PgnRules<P>;
  /** Deepest variation nesting before `ERR_PGN_TOO_DEEP` (default 256). */
  maxDepth?: number;
  /** Longest comment in characters before `ERR_PGN_COMMENT_TOO_LONG` (default 4 MiB). */
  maxCommentLength?: number;
  /** Longest tag value before `ERR_PGN_STRING_TOO_LONG` (default 1 MiB). */
  maxTagValueLength?: number;
  /** Streaming only: largest game in bytes before `ERR_PGN_GAME_TOO_LARGE` (default 32 MiB). */
  maxGameBytes?: number;
}
