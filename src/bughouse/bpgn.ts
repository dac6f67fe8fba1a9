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
  TOKEN_STRING,
  TOKEN_SUFFIX,
  TOKEN_SYMBOL,
  TOKEN_TAG_CLOSE,
  TOKEN_TAG_OPEN,
} from '../text/lexer.js';
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
const SUFFIX_NAG: Record<string, number> = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };
const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

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
    const v = this.visitor;
    const match: BughouseMatch = {
      tags: {},
      comments: [],
      moves: [],
      result: '*',
      termination: 'unknown',
    };
    const item: Parsed<BughouseMatch> = { value: match, errors: [], warnings: [] };
    const { errors, warnings } = item;
    const error = (code: string, message: string, line = lx.line, column = lx.column) => {
      if (errors.length > this.maxErrors) return;
      const e =
        errors.length === this.maxErrors
          ? notationError('ERR_TOO_MANY_ERRORS', 'too many errors in this match', line, column)
          : notationError(code, message, line, column);
      errors.push(e);
      v.error?.(e);
    };
    const warning = (code: string, message: string, line = lx.line, column = lx.column) => {
      if (warnings.length >= this.maxErrors) return;
      const e = notationError(code, message, line, column);
      warnings.push(e);
      v.warning?.(e);
    };
    v.beginMatch?.(lx.line);
    // Where the FEN tag's value starts, for what is reported about it.
    let fenLine = lx.line,
      fenColumn = lx.column;
    // Tags (several may share a line).
    while (lx.kind === TOKEN_TAG_OPEN || lx.kind === TOKEN_ESCAPE || lx.kind === TOKEN_LINE_COMMENT) {
      if (lx.kind !== TOKEN_TAG_OPEN) {
        lx.next();
        continue;
      }
      const line = lx.line,
        column = lx.column;
      if ((lx.next() as number) !== TOKEN_SYMBOL) {
        error('ERR_BPGN_TAG', 'a tag needs a name', line, column);
        this.skipTag();
        continue;
      }
      const name = lx.tokenText();
      if ((lx.next() as number) !== TOKEN_STRING) {
        error('ERR_BPGN_TAG', `tag ${clip(name)} needs a quoted value`, line, column);
        this.skipTag();
        continue;
      }
      if (name === 'FEN') {
        fenLine = lx.line;
        fenColumn = lx.column;
      }
      const value = lx.value();
      if ((lx.next() as number) !== TOKEN_TAG_CLOSE)
        error('ERR_BPGN_TAG', `tag ${clip(name)} is not closed with ']'`, line, column);
      else lx.next();
      if (name in match.tags)
        warning('ERR_BPGN_DUPLICATE_TAG', `tag ${clip(name)} given twice (the last is kept)`, line, column);
      match.tags[name] = value;
      v.tag?.(name, value);
      this.checkTag(name, value, (code, msg) => warning(code, msg, line, column));
    }
    // Start position.
    let boards: BughouseBoards | undefined;
    const setupTag = match.tags['Setup'] ?? match.tags['SetUp'];
    const fen = match.tags['FEN'];
    let pendingSetup = false;
    if (setupTag === '1' || (fen !== undefined && setupTag === undefined)) {
      if (fen === undefined) error('ERR_BPGN_FEN', 'Setup "1" without a FEN tag', 1, 1);
      else {
        const rewritten = chesscomFen(fen);
        if (rewritten !== undefined)
          warning(
            'ERR_BPGN_CHESSCOM_FEN',
            "FEN tag in chess.com's form: empty holdings as a trailing '/' and FEN move counters where BFEN has clocks (read without clocks)",
            fenLine,
            fenColumn,
          );
        const r = parseBfen(rewritten ?? fen);
        if (!r.ok) error(r.error.code, `FEN tag: ${r.error.message}`, fenLine, fenColumn);
        else {
          const problems = validateBfen(r.value).errors;
          if (problems.length) for (const p of problems) error(p.code, `FEN tag: ${p.message}`, fenLine, fenColumn);
          else {
            match.startBfen = makeBfen(r.value);
            pendingSetup = true;
          }
        }
      }
    } else if (this.replay) boards = BughouseBoards.initial();
    const replaying = { A: this.replay, B: this.replay };
    if (pendingSetup || !boards) replaying.A = replaying.B = false;
    const firstNumber: { A?: number; B?: number } = {};
    // Movetext.
    let last: BughouseMove | undefined;
    // The move number read last (1A. → board A, white, 1); none while pendingNumber < 0.
    let pendingNumber = -1;
    let pendingBoard: BoardId = 'A';
    let pendingColor: Color = 'white';
    const keep = this.keep;
    // The last comment since the last move (`keepMoves: false` reads only this one).
    let tailStart = -1,
      tailEnd = -1;
    let ended = false;
    // chess.com writes a knight drop as `$146@g4`: the lexer gives the NAG `$146` and then the
    // symbol `@g4` right after it; the NAG's place is kept here for the symbol (0: none).
    let knightLine = 0,
      knightColumn = 0;
    for (;;) {
      const k = lx.kind;
      if (k === TOKEN_EOF) break;
      if (k === TOKEN_TAG_OPEN) {
        // The next match starts without a result here.
        break;
      }
      if (k === TOKEN_RESULT) {
        const r = lx.tokenText();
        match.result = r === '½-½' ? '1/2-1/2' : r;
        lx.next();
        ended = true;
        break;
      }
      if (k === TOKEN_SYMBOL) {
        let t = lx.tokenText();
        const num = knightLine ? -1 : moveNumber(t);
        if (num >= 0) {
          const line = lx.line,
            column = lx.column;
          lx.next();
          if (lx.kind === TOKEN_PERIOD) lx.next();
          else warning('ERR_BPGN_NUMBER_PERIOD', `move number ${clip(t)} without a period`, line, column);
          const letter = t.charCodeAt(t.length - 1);
          pendingBoard = letter === 65 || letter === 97 ? 'A' : 'B';
          pendingColor = letter === 65 || letter === 66 ? 'white' : 'black';
          pendingNumber = num;
          continue;
        }
        // A move.
        let line = lx.line,
          column = lx.column;
        if (knightLine) {
          line = knightLine;
          column = knightColumn;
          knightLine = 0;
          warning(
            'ERR_BPGN_CHESSCOM_KNIGHT_DROP',
            `chess.com's '$146${clip(t)}' read as the knight drop 'N${clip(t)}'`,
            line,
            column,
          );
          t = 'N' + t;
        } else if (t.charCodeAt(0) === 64 /* @ */)
          warning(
            'ERR_BPGN_PAWN_DROP_LETTER',
            `pawn drop '${clip(t)}' without its letter (read as 'P${clip(t)}')`,
            line,
            column,
          );
        lx.next();
        if (pendingNumber < 0) {
          error('ERR_BPGN_NO_PREFIX', `move '${clip(t)}' has no board prefix (1A. 1a. 1B. 1b.)`, line, column);
          continue;
        }
        const board = pendingBoard,
          color = pendingColor,
          number = pendingNumber;
        pendingNumber = -1;
        tailStart = -1;
        let mv: BughouseMove;
        if (keep) mv = { board, color, number, san: t, uci: '', clock: null };
        else {
          mv = this.scratch;
          mv.board = board;
          mv.color = color;
          mv.number = number;
          mv.san = t;
        }
        if (firstNumber[board] === undefined) {
          firstNumber[board] = number;
          // A BFEN start: the board's first move number is its fullmove number.
          if (boards && match.startBfen) boards.setFullmoves(board, number);
          if (pendingSetup && match.startBfen && this.replay) {
            // Boards from the BFEN once both first move numbers are known (or at the first move).
            if (!boards) {
              const r = BughouseBoards.fromBfen(match.startBfen, {
                A: firstNumber.A ?? number,
                B: firstNumber.B ?? number,
              });
              if (!r.ok) error(r.error.code, r.error.message, line, column);
              else {
                boards = r.value;
                replaying.A = replaying.B = true;
              }
            }
          }
        }
        if (boards && replaying[board]) {
          const turn = boards.turnOf(board);
          if (turn !== color) {
            error('ERR_BPGN_TURN', `${clip(t)}: it is ${turn}'s move on board ${board}`, line, column);
            replaying[board] = false;
          } else {
            const expected = boards.fullmoves(board);
            if (expected !== number)
              warning(
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
                warning('ERR_BPGN_PAWN_CAPTURE_FILE', `pawn capture '${clip(t)}' without its file`, line, column);
              }
            }
            if (m < 0) {
              const code = m === -3 ? 'ERR_SAN_SYNTAX' : m === -2 ? 'ERR_SAN_AMBIGUOUS' : 'ERR_SAN_ILLEGAL';
              error(
                code,
                `${m === -3 ? 'invalid' : m === -2 ? 'ambiguous' : 'illegal'} move '${clip(t)}' on board ${board} (${boards.fen(board)})`,
                line,
                column,
              );
              replaying[board] = false;
            } else {
              if (keep) {
                mv.uci = packedUci(m);
                mv.san = boards.san(board, m, t);
              }
              boards.playPacked(board, m);
            }
          }
        }
        if (keep) match.moves.push(mv);
        last = mv;
        v.move?.(mv, boards);
        continue;
      }
      if (k === TOKEN_COMMENT) {
        if (!keep) {
          tailStart = lx.valueStart;
          tailEnd = lx.valueEnd;
          if (v.comment) v.comment(lx.value());
          lx.next();
          continue;
        }
        const text = lx.value();
        lx.next();
        const ts = last && last.timestampText === undefined ? timestampOf(text) : undefined;
        if (ts !== undefined && last) {
          last.timestamp = Number(ts);
          last.timestampText = ts;
          continue;
        }
        const clock = last && last.clock === null && !last.comments ? (clockText(text) ?? clkCommand(text)) : undefined;
        if (clock !== undefined && last) {
          last.clock = Number(clock);
          last.clockText = clock;
          continue;
        }
        v.comment?.(text);
        if (!last) match.comments.push(text);
        else (last.comments ??= []).push(text);
        continue;
      }
      if (k === TOKEN_NAG && lx.nag === 146 && lx.end - lx.start === 4 && lx.text.charCodeAt(lx.end) === 64) {
        const line = lx.line,
          column = lx.column,
          end = lx.end;
        if ((lx.next() as number) === TOKEN_SYMBOL && lx.start === end) {
          knightLine = line;
          knightColumn = column;
        } else if (last) (last.nags ??= []).push(146);
        continue;
      }
      if (k === TOKEN_NAG || k === TOKEN_SUFFIX) {
        const nag = k === TOKEN_NAG ? lx.nag : SUFFIX_NAG[lx.tokenText()];
        if (nag === undefined || nag < 0) warning('ERR_BPGN_NAG', `unknown annotation '${clip(lx.tokenText())}'`);
        else if (last) (last.nags ??= []).push(nag);
        lx.next();
        continue;
      }
      if (k === TOKEN_RAV_OPEN) {
        // A variation is kept as text, not replayed: its tokens joined by single spaces (comments
        // folded, line comments and escape lines left out), which reads back to the same text.
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
          error('ERR_BPGN_RAV', 'variation not closed (left out)', line, column);
          continue;
        }
        const variation = words.join(' ');
        if (last) (last.variations ??= []).push(variation);
        else warning('ERR_BPGN_RAV', 'variation before the first move is ignored', line, column);
        continue;
      }
      if (k === TOKEN_INTEGER || k === TOKEN_PERIOD) {
        warning('ERR_BPGN_STRAY', `stray '${clip(lx.tokenText())}'`);
        lx.next();
        continue;
      }
      if (k === TOKEN_ESCAPE || k === TOKEN_LINE_COMMENT) {
        lx.next();
        continue;
      }
      error('ERR_BPGN_UNEXPECTED', `unexpected '${clip(lx.tokenText())}'`);
      lx.next();
    }
    if (!ended) {
      // bughouse.pro ends the movetext without a result: the Result tag says it.
      const tag = match.tags['Result'];
      if (tag !== undefined && RESULTS.has(tag)) match.result = tag;
      warning(
        'ERR_BPGN_NO_RESULT',
        `the movetext has no result (${match.result} taken${tag !== undefined && RESULTS.has(tag) ? ' from the Result tag' : ''})`,
      );
    }
    // The ending comment: the last plain comment of the last move (or before the first move).
    const holder = keep ? (last?.comments ?? match.comments) : [];
    const lastText = keep ? holder[holder.length - 1] : tailStart >= 0 ? lx.text.slice(tailStart, tailEnd) : undefined;
    const ending = lastText !== undefined ? parseEnding(lastText) : undefined;
    if (ending && lastText !== undefined) {
      holder.pop();
      if (last && last.comments && last.comments.length === 0) delete last.comments;
      match.endComment = lastText;
      match.termination = ending.termination;
    }
    if (match.termination === 'unknown') {
      match.termination = terminationFromTags(match.tags);
      // A mate named only by a tag (chess.com, bughouse.pro) is checked on the board of the last move.
      if (match.termination === 'mate' && boards && last && replaying[last.board]) {
        const state = boards.state(last.board, this.rule);
        if (state !== 'mate')
          warning(
            'ERR_BPGN_NOT_MATE',
            `the tags say checkmate but board ${last.board} is not mate after the last move (${state}, ${this.rule} rule)`,
          );
      }
    }
    this.checkResult(match, boards, warning, error);
    v.endMatch?.(item);
    return item;
  }

  private skipTag(): void {
    const lx = this.lx;
    while (lx.kind !== TOKEN_TAG_CLOSE && lx.kind !== TOKEN_EOF && lx.kind !== TOKEN_TAG_OPEN) lx.next();
    if (lx.kind === TOKEN_TAG_CLOSE) lx.next();
  }

  private checkTag(name: string, value: string, warn: (code: string, message: string) => void): void {
    if (name === 'Lag' && value !== '' && !/^\d+( \d+)*$/.test(value.trim()))
      warn('ERR_BPGN_LAG', 'Lag must be milliseconds separated by spaces');
    if (name === 'TimeControl' && !/^(\d+(\+\d+)?|-|\?)$/.test(value))
      warn('ERR_BPGN_TIME_CONTROL', `TimeControl '${clip(value)}' is not seconds+increment`);
    if (name === 'Result' && !RESULTS.has(value))
      warn('ERR_BPGN_RESULT', `Result '${clip(value)}' is not 1-0, 0-1, 1/2-1/2 or *`);
  }

  private checkResult(
    match: BughouseMatch,
    boards: BughouseBoards | undefined,
    warning: (code: string, message: string) => void,
    error: (code: string, message: string) => void,
  ): void {
    const tag = match.tags['Result'];
    if (tag !== undefined && RESULTS.has(tag) && tag !== match.result) {
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
