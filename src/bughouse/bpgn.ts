// BPGN 1.0–1.2 reader (on the shared PGN-family lexer) and the canonical writer.
import { notationError, type NotationError, type Parsed } from '../errors.js';
import {
  Lexer,
  TOKEN_COMMENT,
  TOKEN_EOF,
  TOKEN_ESCAPE,
  TOKEN_INTEGER,
  TOKEN_LINE_COMMENT,
  TOKEN_NAG,
  TOKEN_PERIOD,
  TOKEN_RAV_CLOSE,
  TOKEN_RAV_OPEN,
  TOKEN_RESULT,
  TOKEN_SUFFIX,
  TOKEN_SYMBOL,
  TOKEN_TAG_CLOSE,
  TOKEN_TAG_OPEN,
} from '../text/lexer.js';
import {
  annotationNag,
  GAME_RESULTS,
  readTagPair,
  resultText,
  tagPairClosed,
  TAG_NO_NAME,
  TAG_VALUE,
  type TagPairHead,
} from '../text/grammar.js';
import { textChunks, type TextSource } from '../text/source.js';
import { CarryOver, GameSplitter, giveBatchWarnings } from '../text/split.js';
import { tagNameText, tagPairWarnings, tagValueText } from '../text/tag-value.js';
import { parseBfen, validateBfen, makeBfen, type BoardId } from './bfen.js';
import {
  BughouseBoards,
  PLAYER_TAGS,
  isWhiteATeam,
  packedUci,
  type BughouseMatch,
  type BughouseMove,
  type MateRule,
  type Termination,
} from './match.js';
import type { Color } from '../chess/types.js';

/** Options of `parseBpgn`, `visitBpgn`, `readBpgn` and the CSV reader. */
export interface BpgnReadOptions {
  /** Mate rule for checking `{X checkmated}` (default 'crazyhouse': what the servers apply). */
  mateRule?: MateRule;
  /** Replay and canonicalise moves (default true). */
  replay?: boolean;
  /** Errors kept per match before one ERR_TOO_MANY_ERRORS (default 100). */
  maxErrors?: number;
  /**
   * Keep the moves and comments in `match.moves` (default true). With false the moves are still
   * resolved, played (with transfer) and checked, but not kept: the validating path for large
   * files; the visitor's `move` then gets one reused object with the move as written.
   */
  keepMoves?: boolean;
}

/** Callbacks in file order; every method optional. */
export interface BpgnVisitor {
  /** A match starts on this line (before its tags are read). */
  beginMatch?(line: number): void;
  /** A tag as read, in file order (a repeated name is reported each time; the match keeps the last). */
  tag?(name: string, value: string): void;
  /** A move, after it was played (boards show the position after it; read during the call). */
  move?(move: BughouseMove, boards: BughouseBoards | undefined): void;
  /** A comment's text without braces; while moves are kept, clock and `[ts=…]` comments go to their move instead. */
  comment?(text: string): void;
  /** An error of the current match, as it is added to the match's `errors`. */
  error?(error: NotationError): void;
  /** A warning of the current match, as it is added to the match's `warnings`. */
  warning?(warning: NotationError): void;
  /** The finished match with its errors and warnings (ending comment, termination and result already checked). */
  endMatch?(match: Parsed<BughouseMatch>): void;
}

/** `12A` (a move number with its board letter) → 12, else -1; no RegExp and no string per token. */
function moveNumber(t: string): number {
  const n = t.length;
  if (n < 2 || n > 7) return -1;
  const last = t.charCodeAt(n - 1);
  if (last !== 65 && last !== 97 && last !== 66 && last !== 98) return -1;
  let v = 0;
  for (let i = 0; i < n - 1; i++) {
    const ch = t.charCodeAt(i);
    if (ch < 48 || ch > 57) return -1;
    v = v * 10 + ch - 48;
  }
  return v;
}

/** chess.com's `[%clk 0:02:58.3]` as seconds written with the same decimals (`178.3`), else undefined. */
function clkCommand(text: string): string | undefined {
  const m = /^\s*\[%clk\s+(\d+):(\d\d):(\d\d)(\.\d+)?\]\s*$/.exec(text);
  if (!m) return undefined;
  return String(Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])) + (m[4] ?? '');
}

/** `[ts=12.345]` (bughouse.pro: seconds since the start): the number as written, else undefined. */
function timestampOf(text: string): string | undefined {
  const m = /^\s*\[ts=(\d+(?:\.\d+)?)\]\s*$/.exec(text);
  return m ? m[1] : undefined;
}

/** How the match ended from `Termination`/`Outcome` tags (bughouse.pro, PGN practice). */
function terminationFromTags(tags: Record<string, string>): Termination {
  const outcome = (tags['Outcome'] ?? '').toLowerCase();
  const term = (tags['Termination'] ?? '').toLowerCase();
  if (/checkmate/.test(outcome) || term === 'checkmate') return 'mate';
  if (/resign/.test(outcome) || term === 'resignation') return 'resign';
  if (/time|flag/.test(outcome) || term === 'time forfeit') return 'time';
  if (term === 'abandoned' || /abort/.test(outcome)) return 'aborted';
  // chess.com's export names the winner: `X won by checkmate`, `X won by resignation`, `X won on
  // time`, `X won - game abandoned` (an abandoned game counts as resigned, as in its JSON).
  if (/ won by checkmate$/.test(term)) return 'mate';
  if (/ won by resignation$/.test(term) || / won - game abandoned$/.test(term)) return 'resign';
  if (/ won on time$/.test(term)) return 'time';
  return 'unknown';
}

/**
 * chess.com's FEN tag for a bughouse game: each board as `<placement>/ w KQkq - 0 1`, i.e. empty
 * holdings written as a trailing `/` (BPGN 1.1 leaves the slash out) and FEN's halfmove and fullmove
 * counters where a BFEN has the two clocks. A board in that form (trailing `/`, six fields, two
 * whole numbers, the second at least 1) is rewritten without the counters, so they are not taken
 * for clocks of 0 and 1 seconds; undefined when neither board is in that form.
 */
function chesscomFen(fen: string): string | undefined {
  const boards = fen.split('|');
  if (boards.length !== 2) return undefined;
  let changed = false;
  const out = boards.map((b) => {
    const f = b.trim().split(/\s+/);
    if (f.length !== 6 || !f[0]!.endsWith('/') || f[0]!.split('/').length !== 9) return b.trim();
    if (!/^\d+$/.test(f[4]!) || !/^\d+$/.test(f[5]!) || Number(f[5]) < 1) return b.trim();
    changed = true;
    return `${f[0]!.slice(0, -1)} ${f[1]} ${f[2]} ${f[3]}`;
  });
  return changed ? out.join(' | ') : undefined;
}

/** `xe6` → the one legal pawn capture onto e6 (from the d or f file), else -1. */
function pawnCaptureWithoutFile(boards: BughouseBoards, board: BoardId, t: string): number {
  const file = t.charCodeAt(1);
  if (file < 97 || file > 104) return -1;
  let found = -1;
  for (const f of [file - 1, file + 1]) {
    if (f < 97 || f > 104) continue;
    const m = boards.findSan(board, String.fromCharCode(f) + t);
    if (m >= 0) {
      if (found >= 0) return -1;
      found = m;
    }
  }
  return found;
}

/**
 * A clock comment (`178`, ` 178.839 `): its digits, else undefined. White space is trimmed as the
 * writer folds it (`String.prototype.trim`, Unicode spaces included), so `{2\u00a0}` stays a clock.
 */
function clockText(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  let dot = -1;
  for (let i = 0; i < t.length; i++) {
    const ch = t.charCodeAt(i);
    if (ch === 46 && dot < 0 && i > 0 && i < t.length - 1) dot = i;
    else if (ch < 48 || ch > 57) return undefined;
  }
  return t;
}
/** Input quoted in a message, cut to 40 characters so that messages stay short on junk input. */
function clip(text: string): string {
  return text.length > 40 ? text.slice(0, 40) + '…' : text;
}

/** How an ending comment ends the match, and whose team it names as the loser. */
export function parseEnding(text: string): { termination: Termination; player?: string } | undefined {
  // Spaces folded as the writer folds them, so '{a\ncheckmated' reads as it is written back.
  const t = text.replace(/\s+/g, ' ').trim();
  let m = /^(\S+) checkmated$/.exec(t);
  if (m) return { termination: 'mate', player: m[1] };
  m = /^(\S+) resigns$/.exec(t);
  if (m) return { termination: 'resign', player: m[1] };
  m = /^(\S+) forfeits on time$/.exec(t);
  if (m) return { termination: 'time', player: m[1] };
  if (/^Game aborted/.test(t)) return { termination: 'aborted' };
  return undefined;
}

class MatchReader {
  private lx!: Lexer;
  private readonly rule: MateRule;
  private readonly replay: boolean;
  private readonly maxErrors: number;
  private readonly keep: boolean;
  /** Where the match read last starts (offset, line, column in the current text). */
  matchStart = 0;
  matchLine = 1;
  matchColumn = 1;
  /** The reused move of `keepMoves: false`. */
  private readonly scratch: BughouseMove = { board: 'A', color: 'white', number: 0, san: '', uci: '', clock: null };
  /** The tag pair being read. */
  private readonly tagHead: TagPairHead = { name: '', line: 0, column: 0 };

  // The match being read: set up by `read`, shared by its parts (tags, setup, movetext, finish).
  private item!: Parsed<BughouseMatch>;
  private match!: BughouseMatch;
  /** Where the FEN tag's value starts, for what is reported about it. */
  private fenLine = 1;
  private fenColumn = 1;
  private boards: BughouseBoards | undefined;
  /** A BFEN start whose boards are made at the first move (when both first move numbers are known). */
  private pendingSetup = false;
  /** Whether each board is still replayed (false after a bad move, or without boards). */
  private readonly replaying = { A: false, B: false };
  private readonly firstNumber: { A?: number; B?: number } = {};
  private last: BughouseMove | undefined;
  /** The move number read last (1A. → board A, white, 1); none while pendingNumber < 0. */
  private pendingNumber = -1;
  private pendingBoard: BoardId = 'A';
  private pendingColor: Color = 'white';
  /** The last comment since the last move (`keepMoves: false` reads only this one). */
  private tailStart = -1;
  private tailEnd = -1;
  /**
   * chess.com writes a knight drop as `$146@g4`: the lexer gives the NAG `$146` and then the
   * symbol `@g4` right after it; the NAG's place is kept here for the symbol (0: none).
   */
  private knightLine = 0;
  private knightColumn = 0;

  constructor(
    private readonly visitor: BpgnVisitor,
    options: BpgnReadOptions,
  ) {
    this.rule = options.mateRule ?? 'crazyhouse';
    this.replay = options.replay ?? true;
    this.maxErrors = options.maxErrors ?? 100;
    this.keep = options.keepMoves ?? true;
  }

  reset(text: string, line = 1, column = 1): void {
    this.lx = new Lexer(text, { line, column });
    this.lx.next();
  }

  /** Reads one match; undefined at the end of the text. */
  read(): Parsed<BughouseMatch> | undefined {
    const lx = this.lx;
    // Skip to a match start (a tag or movetext).
    while (lx.kind === TOKEN_ESCAPE || lx.kind === TOKEN_LINE_COMMENT) lx.next();
    if (lx.kind === TOKEN_EOF) return undefined;
    this.matchStart = lx.start;
    this.matchLine = lx.line;
    this.matchColumn = lx.column;
    this.match = { tags: {}, comments: [], moves: [], result: '*', termination: 'unknown' };
    this.item = { value: this.match, errors: [], warnings: [] };
    this.visitor.beginMatch?.(lx.line);
    this.fenLine = lx.line;
    this.fenColumn = lx.column;
    this.readTags();
    this.setUp();
    const ended = this.readMovetext();
    this.finish(ended);
    this.visitor.endMatch?.(this.item);
    return this.item;
  }

  private error(code: string, message: string, line = this.lx.line, column = this.lx.column): void {
    const errors = this.item.errors;
    if (errors.length > this.maxErrors) return;
    const e =
      errors.length === this.maxErrors
        ? notationError('ERR_TOO_MANY_ERRORS', 'too many errors in this match', line, column)
        : notationError(code, message, line, column);
    errors.push(e);
    this.visitor.error?.(e);
  }

  private warning(code: string, message: string, line = this.lx.line, column = this.lx.column): void {
    const warnings = this.item.warnings;
    if (warnings.length >= this.maxErrors) return;
    const e = notationError(code, message, line, column);
    warnings.push(e);
    this.visitor.warning?.(e);
  }

  /** The tag section (several tags may share a line). */
  private readTags(): void {
    const lx = this.lx;
    const match = this.match;
    const head = this.tagHead;
    while (lx.kind === TOKEN_TAG_OPEN || lx.kind === TOKEN_ESCAPE || lx.kind === TOKEN_LINE_COMMENT) {
      if (lx.kind !== TOKEN_TAG_OPEN) {
        lx.next();
        continue;
      }
      const read = readTagPair(lx, head, false);
      const { name, line, column } = head;
      if (read !== TAG_VALUE) {
        if (read === TAG_NO_NAME) this.error('ERR_BPGN_TAG', 'a tag needs a name', line, column);
        else this.error('ERR_BPGN_TAG', `tag ${clip(name)} needs a quoted value`, line, column);
        this.skipTag();
        continue;
      }
      if (name === 'FEN') {
        this.fenLine = lx.line;
        this.fenColumn = lx.column;
      }
      const value = lx.value();
      if (!tagPairClosed(lx)) this.error('ERR_BPGN_TAG', `tag ${clip(name)} is not closed with ']'`, line, column);
      else lx.next();
      if (name in match.tags)
        this.warning('ERR_BPGN_DUPLICATE_TAG', `tag ${clip(name)} given twice (the last is kept)`, line, column);
      match.tags[name] = value;
      this.visitor.tag?.(name, value);
      this.checkTag(name, value, line, column);
    }
  }

  /** The start position: the FEN tag's (a BFEN, read at the first move) or the initial one. */
  private setUp(): void {
    const match = this.match;
    this.boards = undefined;
    this.pendingSetup = false;
    const setupTag = match.tags['Setup'] ?? match.tags['SetUp'];
    const fen = match.tags['FEN'];
    if (setupTag === '1' || (fen !== undefined && setupTag === undefined)) {
      if (fen === undefined) this.error('ERR_BPGN_FEN', 'Setup "1" without a FEN tag', 1, 1);
      else this.setUpFromFen(fen);
    } else if (this.replay) this.boards = BughouseBoards.initial();
    const replaying = !this.pendingSetup && this.boards !== undefined && this.replay;
    this.replaying.A = this.replaying.B = replaying;
    this.firstNumber.A = this.firstNumber.B = undefined;
    this.last = undefined;
    this.pendingNumber = -1;
    this.pendingBoard = 'A';
    this.pendingColor = 'white';
    this.tailStart = this.tailEnd = -1;
    this.knightLine = this.knightColumn = 0;
  }

  private setUpFromFen(fen: string): void {
    const { fenLine, fenColumn } = this;
    const rewritten = chesscomFen(fen);
    if (rewritten !== undefined)
      this.warning(
        'ERR_BPGN_CHESSCOM_FEN',
        "FEN tag in chess.com's form: empty holdings as a trailing '/' and FEN move counters where BFEN has clocks (read without clocks)",
        fenLine,
        fenColumn,
      );
    const r = parseBfen(rewritten ?? fen);
    if (!r.ok) {
      this.error(r.error.code, `FEN tag: ${r.error.message}`, fenLine, fenColumn);
      return;
    }
    const problems = validateBfen(r.value).errors;
    if (problems.length) for (const p of problems) this.error(p.code, `FEN tag: ${p.message}`, fenLine, fenColumn);
    else {
      this.match.startBfen = makeBfen(r.value);
      this.pendingSetup = true;
    }
  }

  /** The movetext up to the result (true) or to the next match or the end of the text (false). */
  private readMovetext(): boolean {
    const lx = this.lx;
    for (;;) {
      const k = lx.kind;
      // A tag: the next match starts without a result here.
      if (k === TOKEN_EOF || k === TOKEN_TAG_OPEN) return false;
      if (k === TOKEN_RESULT) {
        this.match.result = resultText(lx.tokenText());
        lx.next();
        return true;
      }
      if (k === TOKEN_SYMBOL) {
        const t = lx.tokenText();
        const num = this.knightLine ? -1 : moveNumber(t);
        if (num >= 0) this.readMoveNumber(t, num);
        else this.readMove(t);
      } else if (k === TOKEN_COMMENT) this.readComment();
      else if (k === TOKEN_NAG || k === TOKEN_SUFFIX) this.readAnnotation();
      else if (k === TOKEN_RAV_OPEN) this.readVariation();
      else if (k === TOKEN_INTEGER || k === TOKEN_PERIOD) {
        this.warning('ERR_BPGN_STRAY', `stray '${clip(lx.tokenText())}'`);
        lx.next();
      } else if (k === TOKEN_ESCAPE || k === TOKEN_LINE_COMMENT) lx.next();
      else {
        this.error('ERR_BPGN_UNEXPECTED', `unexpected '${clip(lx.tokenText())}'`);
        lx.next();
      }
    }
  }

  /** `12A.`: the board, side and number of the next move. */
  private readMoveNumber(t: string, num: number): void {
    const lx = this.lx;
    const line = lx.line,
      column = lx.column;
    lx.next();
    if (lx.kind === TOKEN_PERIOD) lx.next();
    else this.warning('ERR_BPGN_NUMBER_PERIOD', `move number ${clip(t)} without a period`, line, column);
    const letter = t.charCodeAt(t.length - 1);
    this.pendingBoard = letter === 65 || letter === 97 ? 'A' : 'B';
    this.pendingColor = letter === 65 || letter === 66 ? 'white' : 'black';
    this.pendingNumber = num;
  }

  /** A move (the symbol `t`, the current token): checked, played and kept (or only visited). */
  private readMove(t: string): void {
    const lx = this.lx;
    let line = lx.line,
      column = lx.column;
    if (this.knightLine) {
      line = this.knightLine;
      column = this.knightColumn;
      this.knightLine = 0;
      this.warning(
        'ERR_BPGN_CHESSCOM_KNIGHT_DROP',
        `chess.com's '$146${clip(t)}' read as the knight drop 'N${clip(t)}'`,
        line,
        column,
      );
      t = 'N' + t;
    } else if (t.charCodeAt(0) === 64 /* @ */)
      this.warning(
        'ERR_BPGN_PAWN_DROP_LETTER',
        `pawn drop '${clip(t)}' without its letter (read as 'P${clip(t)}')`,
        line,
        column,
      );
    lx.next();
    if (this.pendingNumber < 0) {
      this.error('ERR_BPGN_NO_PREFIX', `move '${clip(t)}' has no board prefix (1A. 1a. 1B. 1b.)`, line, column);
      return;
    }
    const board = this.pendingBoard,
      color = this.pendingColor,
      number = this.pendingNumber;
    this.pendingNumber = -1;
    this.tailStart = -1;
    const keep = this.keep;
    let mv: BughouseMove;
    if (keep) mv = { board, color, number, san: t, uci: '', clock: null };
    else {
      mv = this.scratch;
      mv.board = board;
      mv.color = color;
      mv.number = number;
      mv.san = t;
    }
    if (this.firstNumber[board] === undefined) this.firstMoveOf(board, number, line, column);
    const boards = this.boards;
    if (boards && this.replaying[board]) this.play(boards, mv, t, line, column);
    if (keep) this.match.moves.push(mv);
    this.last = mv;
    this.visitor.move?.(mv, boards);
  }

  /** A board's first move: its number is the BFEN start's fullmove number, and the boards can be made. */
  private firstMoveOf(board: BoardId, number: number, line: number, column: number): void {
    const match = this.match;
    const firstNumber = this.firstNumber;
    firstNumber[board] = number;
    // A BFEN start: the board's first move number is its fullmove number.
    if (this.boards && match.startBfen) this.boards.setFullmoves(board, number);
    // Boards from the BFEN once both first move numbers are known (or at the first move).
    if (this.pendingSetup && match.startBfen && this.replay && !this.boards) {
      const r = BughouseBoards.fromBfen(match.startBfen, {
        A: firstNumber.A ?? number,
        B: firstNumber.B ?? number,
      });
      if (!r.ok) this.error(r.error.code, r.error.message, line, column);
      else {
        this.boards = r.value;
        this.replaying.A = this.replaying.B = true;
      }
    }
  }

  /** Resolves the move `t` on its board and plays it; a bad move stops replaying that board. */
  private play(boards: BughouseBoards, mv: BughouseMove, t: string, line: number, column: number): void {
    const { board, color, number } = mv;
    const turn = boards.turnOf(board);
    if (turn !== color) {
      this.error('ERR_BPGN_TURN', `${clip(t)}: it is ${turn}'s move on board ${board}`, line, column);
      this.replaying[board] = false;
      return;
    }
    const expected = boards.fullmoves(board);
    if (expected !== number)
      this.warning(
        'ERR_BPGN_MOVE_NUMBER',
        `move number ${number} on board ${board}, expected ${expected}`,
        line,
        column,
      );
    let m = boards.findSan(board, t);
    if (m < 0 && t.charCodeAt(0) === 120 /* x */) {
      // bughouse.pro writes a pawn capture without its file (`xe6`): the one pawn that can.
      const alt = pawnCaptureWithoutFile(boards, board, t);
      if (alt >= 0) {
        m = alt;
        this.warning('ERR_BPGN_PAWN_CAPTURE_FILE', `pawn capture '${clip(t)}' without its file`, line, column);
      }
    }
    if (m < 0) {
      const code = m === -3 ? 'ERR_SAN_SYNTAX' : m === -2 ? 'ERR_SAN_AMBIGUOUS' : 'ERR_SAN_ILLEGAL';
      this.error(
        code,
        `${m === -3 ? 'invalid' : m === -2 ? 'ambiguous' : 'illegal'} move '${clip(t)}' on board ${board} (${boards.fen(board)})`,
        line,
        column,
      );
      this.replaying[board] = false;
      return;
    }
    if (this.keep) {
      mv.uci = packedUci(m);
      mv.san = boards.san(board, m, t);
    }
    boards.playPacked(board, m);
  }

  /** A comment: the last move's clock or `[ts=…]` time stamp, else a comment of the move (or of the match). */
  private readComment(): void {
    const lx = this.lx;
    const v = this.visitor;
    if (!this.keep) {
      this.tailStart = lx.valueStart;
      this.tailEnd = lx.valueEnd;
      if (v.comment) v.comment(lx.value());
      lx.next();
      return;
    }
    const text = lx.value();
    lx.next();
    const last = this.last;
    const ts = last && last.timestampText === undefined ? timestampOf(text) : undefined;
    if (ts !== undefined && last) {
      last.timestamp = Number(ts);
      last.timestampText = ts;
      return;
    }
    const clock = last && last.clock === null && !last.comments ? (clockText(text) ?? clkCommand(text)) : undefined;
    if (clock !== undefined && last) {
      last.clock = Number(clock);
      last.clockText = clock;
      return;
    }
    v.comment?.(text);
    if (!last) this.match.comments.push(text);
    else (last.comments ??= []).push(text);
  }

  /** A NAG or suffix annotation of the last move (or the start of chess.com's `$146@g4` knight drop). */
  private readAnnotation(): void {
    const lx = this.lx;
    const last = this.last;
    if (lx.kind === TOKEN_NAG && lx.nag === 146 && lx.end - lx.start === 4 && lx.text.charCodeAt(lx.end) === 64) {
      const line = lx.line,
        column = lx.column,
        end = lx.end;
      if ((lx.next() as number) === TOKEN_SYMBOL && lx.start === end) {
        this.knightLine = line;
        this.knightColumn = column;
      } else if (last) (last.nags ??= []).push(146);
      return;
    }
    const nag = annotationNag(lx);
    if (nag < 0) this.warning('ERR_BPGN_NAG', `unknown annotation '${clip(lx.tokenText())}'`);
    else if (last) (last.nags ??= []).push(nag);
    lx.next();
  }

  /**
   * A variation, kept as text, not replayed: its tokens joined by single spaces (comments folded,
   * line comments and escape lines left out), which reads back to the same text.
   */
  private readVariation(): void {
    const lx = this.lx;
    const line = lx.line,
      column = lx.column;
    const words: string[] = [];
    let depth = 0;
    for (;;) {
      const kind = lx.kind;
      if (kind === TOKEN_EOF) break;
      if (kind === TOKEN_RAV_OPEN) depth++;
      else if (kind === TOKEN_RAV_CLOSE) depth--;
      if (depth > 0 && !(kind === TOKEN_RAV_OPEN && depth === 1)) {
        if (kind === TOKEN_COMMENT) words.push(`{${commentText(lx.value())}}`);
        else if (kind !== TOKEN_LINE_COMMENT && kind !== TOKEN_ESCAPE) words.push(lx.tokenText());
      }
      lx.next();
      if (depth === 0) break;
    }
    if (depth) {
      this.error('ERR_BPGN_RAV', 'variation not closed (left out)', line, column);
      return;
    }
    const variation = words.join(' ');
    if (this.last) (this.last.variations ??= []).push(variation);
    else this.warning('ERR_BPGN_RAV', 'variation before the first move is ignored', line, column);
  }

  /** After the movetext: the result, the ending comment, the termination and their agreement. */
  private finish(ended: boolean): void {
    const lx = this.lx;
    const match = this.match;
    const last = this.last;
    const keep = this.keep;
    if (!ended) {
      // bughouse.pro ends the movetext without a result: the Result tag says it.
      const tag = match.tags['Result'];
      if (tag !== undefined && GAME_RESULTS.has(tag)) match.result = tag;
      this.warning(
        'ERR_BPGN_NO_RESULT',
        `the movetext has no result (${match.result} taken${tag !== undefined && GAME_RESULTS.has(tag) ? ' from the Result tag' : ''})`,
      );
    }
    // The ending comment: the last plain comment of the last move (or before the first move).
    const holder = keep ? (last?.comments ?? match.comments) : [];
    const lastText = keep
      ? holder[holder.length - 1]
      : this.tailStart >= 0
        ? lx.text.slice(this.tailStart, this.tailEnd)
        : undefined;
    const ending = lastText !== undefined ? parseEnding(lastText) : undefined;
    if (ending && lastText !== undefined) {
      holder.pop();
      if (last && last.comments && last.comments.length === 0) delete last.comments;
      match.endComment = lastText;
      match.termination = ending.termination;
    }
    const boards = this.boards;
    if (match.termination === 'unknown') {
      match.termination = terminationFromTags(match.tags);
      // A mate named only by a tag (chess.com, bughouse.pro) is checked on the board of the last move.
      if (match.termination === 'mate' && boards && last && this.replaying[last.board]) {
        const state = boards.state(last.board, this.rule);
        if (state !== 'mate')
          this.warning(
            'ERR_BPGN_NOT_MATE',
            `the tags say checkmate but board ${last.board} is not mate after the last move (${state}, ${this.rule} rule)`,
          );
      }
    }
    this.checkResult(match, boards);
  }

  private skipTag(): void {
    const lx = this.lx;
    while (lx.kind !== TOKEN_TAG_CLOSE && lx.kind !== TOKEN_EOF && lx.kind !== TOKEN_TAG_OPEN) lx.next();
    if (lx.kind === TOKEN_TAG_CLOSE) lx.next();
  }

  /** The values of the tags BPGN defines (warnings at the tag pair's `[`). */
  private checkTag(name: string, value: string, line: number, column: number): void {
    if (name === 'Lag' && value !== '' && !/^\d+( \d+)*$/.test(value.trim()))
      this.warning('ERR_BPGN_LAG', 'Lag must be milliseconds separated by spaces', line, column);
    if (name === 'TimeControl' && !/^(\d+(\+\d+)?|-|\?)$/.test(value))
      this.warning('ERR_BPGN_TIME_CONTROL', `TimeControl '${clip(value)}' is not seconds+increment`, line, column);
    if (name === 'Result' && !GAME_RESULTS.has(value))
      this.warning('ERR_BPGN_RESULT', `Result '${clip(value)}' is not 1-0, 0-1, 1/2-1/2 or *`, line, column);
  }

  /** Whether the result agrees with the Result tag and the ending comment (and a mate it names is one). */
  private checkResult(match: BughouseMatch, boards: BughouseBoards | undefined): void {
    const error = (code: string, message: string) => this.error(code, message);
    const warning = (code: string, message: string) => this.warning(code, message);
    const tag = match.tags['Result'];
    if (tag !== undefined && GAME_RESULTS.has(tag) && tag !== match.result) {
      error('ERR_BPGN_RESULT_MISMATCH', `Result tag '${clip(tag)}' but the movetext ends with '${match.result}'`);
    }
    if (!match.endComment) return;
    const ending = parseEnding(match.endComment)!;
    if (ending.termination === 'aborted') {
      if (match.result !== '*')
        error('ERR_BPGN_TERMINATION', `'${clip(match.endComment)}' but the result is ${match.result}`);
      return;
    }
    const seat = Object.keys(PLAYER_TAGS).find((t) => match.tags[t] === ending.player);
    if (!seat) {
      warning('ERR_BPGN_TERMINATION_PLAYER', `'${clip(match.endComment)}' names no player of the match`);
      return;
    }
    const { board, color } = PLAYER_TAGS[seat]!;
    const expected = isWhiteATeam(board, color) ? '0-1' : '1-0';
    // bughousedb.com writes the result of the board where the match ended (1-0: that board's White won).
    const boardView = color === 'white' ? '0-1' : '1-0';
    if (match.result !== expected) {
      if (match.result === boardView) {
        warning(
          'ERR_BPGN_RESULT_BOARD_VIEW',
          `'${clip(match.endComment)}' gives ${expected} from WhiteA's team view; ${match.result} is the result of board ${board} (kept as written)`,
        );
      } else
        error(
          'ERR_BPGN_TERMINATION',
          `'${clip(match.endComment)}' means ${expected} (WhiteA's team view), not ${match.result}`,
        );
    }
    if (ending.termination === 'mate' && boards) {
      const state = boards.state(board, this.rule);
      if (boards.turnOf(board) !== color || state !== 'mate') {
        warning(
          'ERR_BPGN_NOT_MATE',
          `'${clip(match.endComment)}' but board ${board} is not mate for ${color} (${state}, ${this.rule} rule)`,
        );
      }
    }
  }
}

/** Reads every match of a BPGN text, one `{ value, errors, warnings }` item per match. Never throws on bad input. */
export function parseBpgn(text: string, options: BpgnReadOptions = {}): Parsed<BughouseMatch>[] {
  const out: Parsed<BughouseMatch>[] = [];
  visitBpgn(text, { endMatch: (m) => void out.push(m) }, options);
  return out;
}

/** Walks a BPGN text with a visitor; returns the number of matches. */
export function visitBpgn(text: string, visitor: BpgnVisitor, options: BpgnReadOptions = {}): number {
  const reader = new MatchReader(visitor, options);
  reader.reset(text, 1, 1);
  let n = 0;
  while (reader.read()) n++;
  return n;
}

/**
 * Streams matches from a large source with bounded memory (batches of whole matches). A visitor's
 * callbacks (except `endMatch`) run as the matches are read.
 */
export function readBpgn(source: TextSource, options: BpgnReadOptions = {}): AsyncGenerator<Parsed<BughouseMatch>> {
  return readBpgnVisiting(source, options, {});
}

/** @internal `readBpgn` that also drives `visitor` (the CLI counts moves it does not keep). */
export async function* readBpgnVisiting(
  source: TextSource,
  options: BpgnReadOptions,
  visitor: BpgnVisitor,
): AsyncGenerator<Parsed<BughouseMatch>> {
  if (typeof source === 'string') {
    const out: Parsed<BughouseMatch>[] = [];
    visitBpgn(source, { ...visitor, endMatch: (m) => void out.push(m) }, options);
    yield* out;
    return;
  }
  const splitter = new GameSplitter({ encodingCode: 'ERR_BPGN_ENCODING' });
  const encoder = new TextEncoder();
  // the decoder's warning (on the splitter's last batch) goes with the last match
  let warnings: NotationError[] | undefined;
  const pending: Parsed<BughouseMatch>[] = [];
  const reader = new MatchReader({ ...visitor, endMatch: (m) => void pending.push(m) }, options);
  // The byte splitter cuts at a `[` that starts a line; a match can also start right after a
  // result on the same line (`0-1[Event …`), so a cut may fall inside a match. A structural pass
  // finds where the last match of each batch starts; that match is carried over to the next batch
  // and read there whole (the visitor sees every match once, streamed or not).
  const scanner = new MatchReader({}, { replay: false, keepMoves: false });
  const carry = new CarryOver();
  const readAll = function* (text: string, line: number, column: number) {
    reader.reset(text, line, column);
    while (reader.read()) yield* pending.splice(0);
  };
  const drain = function* (
    batches: Iterable<{ text: string; line: number; column?: number; warnings?: NotationError[] }>,
  ) {
    for (const b of batches) {
      warnings ??= b.warnings;
      const { text, line, column } = carry.join(b);
      scanner.reset(text, line, column);
      let lastStart = -1,
        lastLine = line,
        lastColumn = column;
      while (scanner.read()) {
        lastStart = scanner.matchStart;
        lastLine = scanner.matchLine;
        lastColumn = scanner.matchColumn;
      }
      if (lastStart < 0) {
        carry.hold(text, line, column);
        continue;
      }
      if (lastStart > 0) yield* readAll(text.slice(0, lastStart), line, column);
      carry.hold(text.slice(lastStart), lastLine, lastColumn);
    }
  };
  // whole bytes come in 1 MiB slices, so decoding stays per batch
  for await (const chunk of textChunks(source, { sliceBytes: 1 << 20 })) {
    yield* drain(splitter.push(typeof chunk === 'string' ? encoder.encode(chunk) : chunk));
  }
  yield* drain(splitter.end());
  const held = carry.take();
  if (held) yield* giveBatchWarnings([...readAll(held.text, held.line, held.column ?? 1)], warnings);
}

// ---------------------------------------------------------------------------------------------
// Writer

/** Canonical tag order; the rest follow in their order. Name/rating pairs share a line. */
const TAG_ORDER = [
  'Event',
  'Site',
  'Date',
  'Time',
  'Round',
  'WhiteA',
  'BlackA',
  'WhiteB',
  'BlackB',
  'TimeControl',
  'Lag',
  'Result',
  'Setup',
  'FEN',
];
const PAIRED = new Set(['WhiteAElo', 'BlackAElo', 'WhiteBElo', 'BlackBElo']);

function quote(value: string): string {
  return '"' + value.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"';
}

/** One tag pair by the shared rule (src/text/tag-value.ts); what it changes goes to `warnings` at `line`. */
function tagPair(name: string, value: string, line: number, warnings: NotationError[] | undefined): string {
  if (warnings) warnings.push(...tagPairWarnings(name, value, line));
  return `[${tagNameText(name)} ${quote(tagValueText(value))}]`;
}

/** The prefix of a move: `12A.`, `12a.`, `3B.`, `3b.`. */
export function movePrefix(mv: Pick<BughouseMove, 'board' | 'color' | 'number'>): string {
  const letter = mv.color === 'white' ? mv.board : mv.board.toLowerCase();
  return `${mv.number}${letter}.`;
}

/**
 * Folds a comment's white space (line breaks included) to single spaces. A `{` inside is kept (it
 * is text in a comment); a `}` cannot have been read and is written as `)` so the comment stays one.
 */
function commentText(text: string): string {
  return text.replace(/\}/g, ')').replace(/\s+/g, ' ').trim();
}

/**
 * Canonical BPGN: tags in the order above (a player's Elo on the player's line), one tag line each,
 * then the movetext wrapped at 79 columns: `1A. e4{178.839}` with clocks as read, comments,
 * NAGs, variations, the ending comment and the result on a line of its own. Several matches are
 * separated by a blank line.
 */
export function makeBpgn(matches: BughouseMatch | readonly BughouseMatch[], options: MakeBpgnOptions = {}): string {
  const warnings: NotationError[] | undefined = options.onWarning ? [] : undefined;
  const text = isMatchList(matches)
    ? matches.map((match) => writeBpgn(match, warnings)).join('\n')
    : writeBpgn(matches, warnings);
  for (const warning of warnings ?? []) options.onWarning!(warning);
  return text;
}

/** Options of `makeBpgn`. */
export interface MakeBpgnOptions {
  /**
   * Called for what the tag rule changed on the way, with the output line: a line end or other
   * control in a tag value written as a space (`ERR_TEXT_TAG_CONTROL`), a tag name that is not a
   * symbol (`ERR_TEXT_TAG_NAME`).
   */
  onWarning?: (warning: NotationError) => void;
}

const isMatchList = (x: BughouseMatch | readonly BughouseMatch[]): x is readonly BughouseMatch[] => Array.isArray(x);

function writeBpgn(match: BughouseMatch, warnings: NotationError[] | undefined): string {
  const tags = { ...match.tags };
  if (match.startBfen) {
    tags['Setup'] = '1';
    tags['FEN'] = match.startBfen;
    delete tags['SetUp'];
  }
  tags['Result'] = match.result;
  const names = [
    ...TAG_ORDER.filter((t) => t in tags),
    ...Object.keys(tags).filter((t) => !TAG_ORDER.includes(t) && !PAIRED.has(t)),
  ];
  let out = '';
  let line = 1;
  for (const name of names) {
    out += tagPair(name, tags[name]!, line, warnings);
    const elo = name + 'Elo';
    if (PAIRED.has(elo) && elo in tags) out += tagPair(elo, tags[elo]!, line, warnings);
    out += '\n';
    line++;
  }
  for (const elo of PAIRED)
    if (elo in tags && !(elo.slice(0, -3) in tags)) out += `${tagPair(elo, tags[elo]!, line++, warnings)}\n`;
  const words: string[] = [];
  for (const c of match.comments) pushComment(words, c);
  for (const mv of match.moves) {
    words.push(movePrefix(mv) + ' ' + mv.san + (mv.clock !== null ? `{${mv.clockText ?? String(mv.clock)}}` : ''));
    if (mv.timestamp !== undefined) words.push(`{[ts=${mv.timestampText ?? String(mv.timestamp)}]}`);
    if (mv.nags) for (const n of mv.nags) words.push(`$${n}`);
    if (mv.comments) for (const c of mv.comments) pushComment(words, c);
    if (mv.variations) for (const v of mv.variations) words.push(`(${v})`);
  }
  out += '\n' + wrap(words);
  const tail = (match.endComment ? `{${commentText(match.endComment)}} ` : '') + match.result;
  out += (words.length ? '\n' : '') + wrap(tail.split(' ').filter((w) => w !== '')) + '\n';
  return out;
}

/** A comment as words, so that a long comment wraps (its spaces fold to one on reading). */
function pushComment(words: string[], text: string): void {
  const inner = commentText(text);
  if (inner.length <= 60) {
    words.push(`{${inner}}`);
    return;
  }
  const parts = inner.split(' ');
  parts[0] = '{' + parts[0];
  parts[parts.length - 1] += '}';
  for (const part of parts) words.push(part); // a loop: spreading 100 000 words overflows the stack
}

/** Joins words with single spaces into lines of at most 79 columns (a longer word stands alone). */
function wrap(words: string[]): string {
  let out = '';
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > 79) {
      out += line + '\n';
      line = w;
    } else line = line ? line + ' ' + w : w;
  }
  return out + line;
}
