import type { NotationError, Result } from '../errors.js';
import type { Move, Position } from '../chess/index.js';
import type { GamesRun } from '../chess/fast.js';

/**
 * Callbacks the reader makes while it walks a PGN file, in file order (python-chess' BaseVisitor
 * in spirit). Every method is optional. Errors are reported through `error` and reading goes on.
 */
export interface PgnVisitor<P = Position> {
  /** A new game starts at `line`. */
  beginGame?(line: number): void;
  /** A tag pair, in file order; the value has its `\"` and `\\` escapes resolved. */
  header?(name: string, value: string): void;
  /** After the tag section. Return `false` to skip the game's movetext (it is still scanned). */
  endHeaders?(headers: Record<string, string>): boolean | void;
  /**
   * A move. `info` is reused from move to move: read what you need during the call. With move
   * resolution on (the default) `info.resolved` is true and `info.move()`, `info.san()` (canonical),
   * `info.uci()` and `info.position` (the position before the move) are available.
   */
  move?(info: PgnMoveInfo<P>): void;
  /** A `{…}` or `;` comment, trimmed; comments before the first move come right after `endHeaders`. */
  comment?(text: string): void;
  /** A NAG (0–255), from `$n` or a suffix annotation (`!`, `?`, `!!`, `??`, `!?`, `?!` are NAGs 1–6). */
  nag?(nag: number): void;
  /** Return `false` to skip this variation. */
  beginVariation?(): boolean | void;
  /** The end of the variation last begun (also sent for variations left open at the end of the game). */
  endVariation?(): void;
  /** The game termination marker as written (`1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`). */
  result?(result: string): void;
  /** A problem in the current game; reading goes on with the next token. */
  error?(error: NotationError): void;
  /** A dialect or omission the reader accepted (e.g. `ERR_PGN_NO_RESULT`); the game is complete. */
  warning?(warning: NotationError): void;
  /** The current game is over (always sent after `beginGame`, errors or not). */
  endGame?(): void;
}

/** What the reader knows about the current move (one reused object; valid during `move()` only). */
export interface PgnMoveInfo<P = Position> {
  /** The move as written in the file. */
  readonly text: string;
  /** 1-based line of the move in the input. */
  readonly line: number;
  /** 1-based column of the move in the input. */
  readonly column: number;
  /** Whether the move was resolved against the position (false: resolution off, unsupported variant). */
  readonly resolved: boolean;
  /** The position before the move (resolved moves only). */
  readonly position: P | undefined;
  /** The move (undefined for a null move or an unresolved one). */
  move(): Move | undefined;
  /** Canonical SAN (`--` for a null move); the text as written when unresolved. */
  san(): string;
  /** UCI (`0000` for a null move); undefined when unresolved. */
  uci(): string | undefined;
}

/**
 * The chess rules the reader needs to resolve SAN. The default (`chessRules`) uses
 * `gamenotation/chess`; another implementation may be passed in `PgnReadOptions.rules`.
 * `H` is the rules' own handle for a resolved move (e.g. a packed integer).
 */
export interface PgnRules<P = unknown, H = unknown> {
  /**
   * The starting position of a game from its tags (SetUp/FEN, Variant). An error is reported and
   * the game is then read without resolving its moves.
   */
  setup(headers: Record<string, string>): Result<P>;
  /** Resolves one move token (lenient SAN, `--`/`Z0` null moves, UCI such as `e2e4`). */
  resolve(pos: P, text: string): Result<H>;
  /** Plays a resolved move; returns the position after it (usually `pos`, changed in place). */
  play(pos: P, move: H): P;
  /** An independent copy of a position (a variation starts from a copy). */
  clone(pos: P): P;
  /** The move as data (undefined for the null move). */
  move(pos: P, move: H): Move | undefined;
  /** Canonical SAN (`--` for the null move). */
  san(pos: P, move: H): string;
  /** UCI (`0000` for the null move). */
  uci(pos: P, move: H): string;
  /**
   * Optional fast path for a reader with no `move` and no `comment` callback (a validating read):
   * from `run.pos` in `text`, steps over what needs no judgement (white space, move numbers,
   * periods, comments) and plays the moves it resolves, keeping the last one pending as the reader
   * does; it stops before any other token, which the reader then reads itself. It must leave the
   * reader exactly where token-by-token reading would have: same moves, same position.
   */
  playRun?(pos: P, text: string, run: PgnRun<H>): void;
  /**
   * Optional: a position the reader no longer uses and never showed anyone (a visitor without
   * `move`), handed back at the end of a game; `setup` may return it again, reset, for a later one.
   */
  recycle?(pos: P): void;
  /**
   * The tags `setup` reads. With `readTags`, a reader whose visitor takes no headers (no `header`,
   * no `endHeaders`) keeps only these values and lets `readTags` step over the rest.
   */
  readonly setupTags?: readonly string[];
  /**
   * Optional fast path with `setupTags`: from the `[` at `run.pos` in `text`, reads the tag pairs of
   * the plain one-line shape (no escapes, no name twice) up to the white space after the last one,
   * recording where each name and value is; it stops at anything else, which the reader reads itself.
   */
  readTags?(text: string, run: PgnTagRun): void;
  /**
   * Optional fast path for a reader whose visitor takes only errors and warnings (a check): from
   * `run.pos` in `text`, reads whole games while each is plain (tags without `setupTags`, movetext
   * `playRun` reads whole, a termination marker) and counts them and their moves; it stops at the
   * start of the first other game, which the reader reads itself. A game it takes must be one the
   * reader would read without an error or a warning.
   */
  playGames?(text: string, run: PgnGamesRun): void;
  /**
   * `playGames` over the bytes of a text (offsets in bytes), for a reader that holds bytes and
   * decodes only what it reads itself: it reads ASCII only, where bytes and characters agree.
   */
  playGamesInBytes?(bytes: Uint8Array, run: PgnGamesRun): void;
}

/** The reader's scan state handed to `PgnRules.playGames` and updated by it: the chess core's. */
export type PgnGamesRun = GamesRun;

/** The reader's scan state handed to `PgnRules.readTags` and updated by it (see `PgnRun`). */
export interface PgnTagRun {
  pos: number;
  line: number;
  lineStart: number;
  /** Longest tag value to read (a longer one is the reader's, for its error). */
  maxValue: number;
  /** Out: tags read, and their offsets in `records` (name start, name end, value start, value end). */
  count: number;
  readonly records: Int32Array;
}

/** The reader's scan state handed to `PgnRules.playRun` and updated by it. */
export interface PgnRun<H = unknown> {
  /** UTF-16 offset in the text; the line holding it and the offset where that line starts. */
  pos: number;
  line: number;
  lineStart: number;
  /** The move read last on this line, not played yet (a variation may follow it). */
  hasPending: boolean;
  pending: H | undefined;
  /** Out: moves resolved (and played, but for the pending one). */
  moves: number;
  /** Longest comment to step over (a longer one is the reader's, for its error). */
  maxComment: number;
  /**
   * In and out: the last move number of the main line (0: none yet; -1: not tracked, in a variation)
   * and the moves since it. A run stops before a move number that goes backwards or comes again
   * after both moves it numbers: the reader ends the game there (a game without a result followed
   * by one without tags).
   */
  number: number;
  since: number;
}

/** Options of the PGN readers: move resolution and the limits that bound memory on hostile input. */
export interface PgnReadOptions<P = Position> {
  /** Resolve SAN against the position (default true). */
  resolveMoves?: boolean;
  /** @internal The rules that resolve moves (default `chessRules`, from `gamenotation/chess`). */
  rules?: PgnRules<P>;
  /** Deepest variation nesting before `ERR_PGN_TOO_DEEP` (default 256). */
  maxDepth?: number;
  /** Longest comment in characters before `ERR_PGN_COMMENT_TOO_LONG` (default 4 MiB). */
  maxCommentLength?: number;
  /** Longest tag value before `ERR_PGN_STRING_TOO_LONG` (default 1 MiB). */
  maxTagValueLength?: number;
  /**
   * Errors (and, separately, warnings) reported per game before the rest are only counted: one
   * `ERR_TOO_MANY_ERRORS` with the count ends the list (default 100).
   */
  maxErrors?: number;
  /** Streaming only: largest game in bytes before `ERR_PGN_GAME_TOO_LARGE` (default 32 MiB). */
  maxGameBytes?: number;
}
