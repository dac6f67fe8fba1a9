import { notationError, type NotationError } from '../errors.js';
import {
  Lexer,
  TOKEN_COMMENT,
  TOKEN_EOF,
  TOKEN_ESCAPE,
  TOKEN_INTEGER,
  TOKEN_LINE_COMMENT,
  TOKEN_NAG,
  TOKEN_OTHER,
  TOKEN_PERIOD,
  TOKEN_RAV_CLOSE,
  TOKEN_RAV_OPEN,
  TOKEN_RESULT,
  TOKEN_SUFFIX,
  TOKEN_SYMBOL,
  TOKEN_TAG_CLOSE,
  TOKEN_TAG_OPEN,
} from '../text/lexer.js';
import { readTagPair, suffixNag, tagPairClosed, TAG_NO_NAME, TAG_VALUE, type TagPairHead } from '../text/grammar.js';
import type { Move } from '../chess/index.js';
import type { PgnGamesRun, PgnMoveInfo, PgnReadOptions, PgnRules, PgnRun, PgnTagRun, PgnVisitor } from './visitor.js';

/** One line of play being read: the main line (depth 0) or a variation. */
interface Level<P> {
  /**
   * Position before the last move of this line (null: moves are not resolved). The last move is
   * kept pending and played only when the next move comes, so a variation (which starts from the
   * position before the last move) costs one clone and ordinary moves cost none.
   */
  pos: P | null;
  pending: unknown;
  hasPending: boolean;
  /** Whether this line has a move yet. */
  hasMove: boolean;
  /** After a bad move: the rest of this line is skipped. */
  dead: boolean;
}

class MoveInfo<P> implements PgnMoveInfo<P> {
  text = '';
  line = 0;
  column = 0;
  resolved = false;
  position: P | undefined = undefined;
  handle: unknown = undefined;
  constructor(private readonly rules: PgnRules<P> | undefined) {}
  move(): Move | undefined {
    return this.resolved ? this.rules!.move(this.position!, this.handle) : undefined;
  }
  san(): string {
    return this.resolved ? this.rules!.san(this.position!, this.handle) : this.text === 'Z0' ? '--' : this.text;
  }
  uci(): string | undefined {
    return this.resolved ? this.rules!.uci(this.position!, this.handle) : undefined;
  }
}

const DONE = 0;
const REREAD = 1;
const DUPLICATE = 2;

/** At most `max` characters of a token for a message (a hostile token may be megabytes long). */
function excerpt(text: string, max = 60): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}

/** Longest error message. */
const MAX_MESSAGE = 300;

/** The PGN reader's code and message for each lexer code of a malformed comment or tag value. */
const TOKEN_PROBLEMS: Readonly<Record<string, { code: string; message: string }>> = {
  ERR_TEXT_UNTERMINATED_COMMENT: { code: 'ERR_PGN_UNTERMINATED_COMMENT', message: 'comment not closed by }' },
  ERR_TEXT_UNTERMINATED_STRING: { code: 'ERR_PGN_UNTERMINATED_STRING', message: 'string not closed by " on its line' },
  ERR_TEXT_COMMENT_TOO_LONG: {
    code: 'ERR_PGN_COMMENT_TOO_LONG',
    message: 'comment longer than the limit (maxCommentLength); dropped',
  },
  ERR_TEXT_STRING_TOO_LONG: {
    code: 'ERR_PGN_STRING_TOO_LONG',
    message: 'tag value longer than the limit (maxTagValueLength)',
  },
};

/** What the PGN reader reports for a lexer code (any other lexer code: the PGN token error). */
function tokenProblem(textCode: string): { code: string; message: string } {
  return TOKEN_PROBLEMS[textCode] ?? { code: 'ERR_PGN_TOKEN', message: `malformed token (${textCode})` };
}

/**
 * The PGN reader proper: walks the tokens of a text game by game and drives a visitor, resolving
 * SAN against the position when rules are given. No recursion: variations live on an explicit
 * stack whose depth is capped (`maxDepth`).
 */
export class PgnParser<P = unknown> {
  private lexer: Lexer = new Lexer('');
  /** The current token has been read but not consumed (it starts the next game). */
  private held = false;
  private readonly rules: PgnRules<P> | undefined;
  private readonly maxDepth: number;
  private readonly levels: Level<P>[] = [];
  /** Offset and line of the first token of the game read last (`parseGame`). */
  gameStart = 0;
  gameLine = 1;
  gameColumn = 1;
  /** Offset just after the game read last (its last token, or where the next game starts). */
  gameEnd = 0;
  /** Whether the game read last ran into the end of the text (no result, no next game). */
  endedAtEnd = false;
  /** Number of moves read in total (for statistics). */
  moves = 0;
  private readonly info: MoveInfo<P>;
  private readonly maxErrors: number;
  /** Errors and warnings of the current game (reported or not). */
  private errorCount = 0;
  private warningCount = 0;
  /**
   * The rules' run reader (`PgnRules.playRun`) when the visitor takes no moves and no comments: runs
   * of plain movetext are then read and played in one call, and only the other tokens one by one.
   */
  private readonly playRun: PgnRules<P>['playRun'];
  /**
   * Tag names of the games read so far by their place in the tag section: the next game most likely
   * has the same ones in the same order, so a name is found there instead of cut from the text again.
   */
  private readonly tagNames: string[] = [];
  /** @internal Read every tag token by token (tests compare the one-pass tag reading with it). */
  tokenTags = false;
  private tagIndex = 0;
  /** The tag pair being read token by token (`readTag`). */
  private readonly tagHead: TagPairHead = { name: '', line: 0, column: 0 };
  private readonly maxTagValue: number;
  /**
   * The rules' tag reader (`PgnRules.readTags`) when the visitor takes no headers: the tags of a
   * game's plain tag section are then read in one call, and only the setup tags' values are kept.
   */
  private readonly readTags: PgnRules<P>['readTags'];
  private readonly setupTags: readonly string[];
  /** First letters of the setup tags (by character code & 127: a tag name is ASCII). */
  private readonly setupFirsts = new Uint8Array(128);
  private readonly tagRun: PgnTagRun = {
    pos: 0,
    line: 0,
    lineStart: 0,
    maxValue: 0,
    count: 0,
    records: new Int32Array(4 * 64),
  };
  /** Tags of the current game read by `readTags` and not yet in its headers (see `addTagRun`). */
  private pendingTags = 0;
  /**
   * The rules' whole-game reader (`PgnRules.playGames`) when the visitor takes nothing but errors and
   * warnings: the plain games it reads have neither, so only their counts matter.
   */
  private readonly playGames: PgnRules<P>['playGames'];
  private readonly gamesRun: PgnGamesRun = {
    pos: 0,
    line: 0,
    lineStart: 0,
    maxValue: 0,
    maxComment: 0,
    games: 0,
    moves: 0,
  };
  private readonly run: PgnRun = {
    pos: 0,
    line: 0,
    lineStart: 0,
    hasPending: false,
    pending: undefined,
    moves: 0,
    maxComment: 0,
    number: 0,
    since: 0,
  };
  /** The last move number of the current game's main line (0: none yet) and its moves since. */
  private moveNumber = 0;
  private sinceNumber = 0;
  /** Whether the current game's main line has a move (a move number can start the next game only then). */
  private mainMoved = false;

  constructor(
    private readonly visitor: PgnVisitor<P>,
    private readonly options: PgnReadOptions<P> = {},
  ) {
    this.rules = options.resolveMoves === false ? undefined : options.rules;
    this.maxDepth = options.maxDepth ?? 256;
    this.maxErrors = Math.max(0, options.maxErrors ?? 100);
    this.info = new MoveInfo<P>(this.rules);
    this.playRun = !visitor.move && !visitor.comment ? this.rules?.playRun : undefined;
    this.run.maxComment = options.maxCommentLength ?? 4 << 20;
    this.maxTagValue = options.maxTagValueLength ?? 1 << 20;
    const fastTags = !visitor.header && !visitor.endHeaders && this.rules?.setupTags;
    this.readTags = fastTags ? this.rules?.readTags : undefined;
    this.setupTags = this.rules?.setupTags ?? [];
    for (const name of this.setupTags) this.setupFirsts[name.charCodeAt(0) & 127] = 1;
    this.tagRun.maxValue = this.maxTagValue;
    const countsOnly =
      !visitor.beginGame &&
      !visitor.endGame &&
      !visitor.result &&
      !visitor.nag &&
      !visitor.beginVariation &&
      !visitor.endVariation;
    this.playGames = this.playRun && this.readTags && countsOnly ? this.rules?.playGames : undefined;
    this.gamesRun.maxValue = this.maxTagValue;
    this.gamesRun.maxComment = this.run.maxComment;
  }

  /** Starts reading `text`, whose first line is line `line` of the input. */
  reset(text: string, line = 1, column = 1): void {
    this.lexer = new Lexer(text, {
      line,
      column,
      maxCommentLength: this.options.maxCommentLength ?? 4 << 20,
      maxStringLength: this.maxTagValue,
      indentedEscapes: true,
    });
    this.held = false;
  }

  /** Line of the scan position (after `parseGame` returned false: the text's last line). */
  get scanLine(): number {
    return this.lexer.scanLine;
  }

  /** Reads all games of the text. */
  parseAll(): number {
    let n = 0;
    for (;;) {
      n += this.parsePlainGames();
      if (!this.parseGame()) return n;
      n++;
    }
  }

  /**
   * Reads the plain games from the scan position on in one call (`PgnRules.playGames`) when the
   * visitor takes only errors and warnings; returns how many (0 when there is no such reader), and
   * adds their moves to `moves`. The next game is `parseGame`'s.
   */
  parsePlainGames(): number {
    const playGames = this.playGames;
    if (!playGames || this.held || this.tokenTags) return 0;
    const lx = this.lexer;
    const run = this.gamesRun;
    run.pos = lx.pos;
    run.line = lx.scanLine;
    run.lineStart = lx.scanLineStart;
    run.games = 0;
    run.moves = 0;
    playGames(lx.text, run);
    if (run.games === 0) return 0;
    lx.skipTo(run.pos, run.line, run.lineStart);
    this.moves += run.moves;
    return run.games;
  }

  /**
   * `parsePlainGames` over bytes the caller has not decoded (`PgnRules.playGamesInBytes`): from byte
   * `pos` (on line `line`, which starts at byte `lineStart`), the plain games are counted (into the
   * result's `games` and `moves`, not into `moves`); the result says where the first other game
   * starts, for the caller to decode from there and read with `reset` and `parseGame`.
   */
  plainGamesInBytes(bytes: Uint8Array, pos: number, line: number, lineStart: number): Readonly<PgnGamesRun> {
    const run = this.gamesRun;
    run.pos = pos;
    run.line = line;
    run.lineStart = lineStart;
    run.games = 0;
    run.moves = 0;
    if (this.playGames && !this.tokenTags) this.rules?.playGamesInBytes?.(bytes, run);
    return run;
  }

  /**
   * Every error of a game goes through here: the first `maxErrors` reach the visitor, the rest are
   * only counted (one `ERR_TOO_MANY_ERRORS` at the end of the game), so memory stays flat however
   * many errors a hostile input holds. Nothing is built for an error that is not reported.
   */
  private report(error: NotationError): void {
    if (++this.errorCount > this.maxErrors) return;
    // A message may quote the input (a tag value, a move): at most MAX_MESSAGE characters of it.
    if (error.message.length > MAX_MESSAGE)
      error = {
        ...error,
        message: `${error.message.slice(0, MAX_MESSAGE)}… (${error.message.length} characters in all)`,
      };
    this.visitor.error?.(error);
  }

  private error(code: string, message: string, line: number, column: number): void {
    if (this.errorCount >= this.maxErrors) this.errorCount++;
    else this.report(notationError(code, message, line, column));
  }

  private tokenError(code: string, message: string): void {
    const lx = this.lexer;
    this.error(code, message, lx.line, lx.column);
  }

  private indentedEscape(line: number, column: number): void {
    this.warning(
      'ERR_PGN_ESCAPE_INDENTED',
      'a % escape line after blanks (the standard wants % in column 1); read as an escape line',
      line,
      column,
    );
  }

  private warning(code: string, message: string, line: number, column: number): void {
    if (++this.warningCount <= this.maxErrors) this.visitor.warning?.(notationError(code, message, line, column));
  }

  /** Reads one game; false when the text holds no more games. */
  parseGame(): boolean {
    const lx = this.lexer;
    const v = this.visitor;
    let kind = this.held ? lx.kind : lx.next();
    this.held = false;
    /** An escape line after blanks before the game's first token (reported once the game begins). */
    let indented: [number, number] | null = null;
    while (kind === TOKEN_ESCAPE) {
      if (lx.error && !indented) indented = [lx.line, lx.column];
      kind = lx.next();
    }
    if (kind === TOKEN_EOF) return false;

    const gameLine = lx.line;
    this.gameStart = lx.start;
    this.gameLine = gameLine;
    this.gameColumn = lx.column;
    v.beginGame?.(gameLine);
    this.errorCount = 0;
    this.warningCount = 0;
    this.tagIndex = 0;
    this.pendingTags = 0;
    this.moveNumber = 0;
    this.sinceNumber = 0;
    this.mainMoved = false;
    let tagsTried = this.readTags === undefined || this.tokenTags;
    if (indented) this.indentedEscape(indented[0], indented[1]);
    const headers: Record<string, string> = {};
    /** Comments met before the movetext (before or between tags): game comments. */
    let early: string[] | null = null;
    let inMovetext = false;
    let skipMovetext = false;
    const levels = this.levels;
    levels.length = 0;
    const rules = this.rules;
    /** Open variations (levels.length - 1). */
    let depth = 0;
    /** Nesting depth of a variation being skipped (too deep, dead line, visitor's choice). */
    let skipDepth = 0;
    /** Where a variation without a preceding move starts (reported if it holds moves). */
    let skipLine = 0;
    let skipColumn = 0;
    let level: Level<P> = { pos: null, pending: undefined, hasPending: false, hasMove: false, dead: false };

    let reuse = true;
    let ended = false;
    const comments = v.comment !== undefined;
    const playRun = this.playRun;
    for (;;) {
      // In movetext, numbers, periods and (when the visitor takes none) comments change nothing.
      if (!reuse) {
        if (!inMovetext) kind = lx.next();
        else {
          if (playRun && skipDepth === 0 && !level.dead && level.pos !== null) this.playRunOn(playRun, level, depth);
          // move numbers matter on the main line only: one may start the next game
          kind = lx.nextInMovetext(comments, depth === 0 && skipDepth === 0);
        }
      }
      reuse = false;
      if (kind === TOKEN_TAG_OPEN) {
        if (inMovetext) {
          // A tag after movetext starts the next game: this one had no termination marker.
          this.warning(
            'ERR_PGN_NO_RESULT',
            'the game has no result (1-0, 0-1, 1/2-1/2 or *) before the next tag section',
            lx.line,
            lx.column,
          );
          this.held = true;
          break;
        }
        if (!tagsTried) {
          // The game's first tag: the plain ones are read in one call.
          tagsTried = true;
          if (this.tagsInOneCall(headers)) continue;
        }
        const beforePos = lx.start;
        const beforeLine = lx.line;
        const beforeColumn = lx.column;
        const read = this.readTag(headers);
        if (read === DUPLICATE) {
          // The same tag again before any movetext: a new game (files of tag-only games).
          lx.reset({ pos: beforePos, line: beforeLine, lineStart: beforePos - beforeColumn + 1 });
          lx.next();
          this.held = true;
          break;
        }
        reuse = read === REREAD;
        if (reuse) kind = lx.kind;
        continue;
      }
      if (kind === TOKEN_EOF) break;
      if (kind === TOKEN_ESCAPE) {
        if (lx.error) this.indentedEscape(lx.line, lx.column);
        continue;
      }
      if (!inMovetext) {
        if (kind === TOKEN_COMMENT || kind === TOKEN_LINE_COMMENT) {
          if (this.commentOk()) (early ??= []).push(this.commentText());
          continue;
        }
        inMovetext = true;
        level = this.startMovetext(headers, early, gameLine);
        skipMovetext = this.skipMovetext;
      }

      if (skipMovetext) {
        if (kind === TOKEN_RAV_OPEN) skipDepth++;
        else if (kind === TOKEN_RAV_CLOSE && skipDepth > 0) skipDepth--;
        else if (kind === TOKEN_RESULT && skipDepth === 0) {
          v.result?.(lx.tokenText());
          break;
        } else if (skipDepth === 0 && kind === TOKEN_SYMBOL) this.mainMove();
        else if (skipDepth === 0 && kind === TOKEN_INTEGER && this.startsNextGame()) break;
        continue;
      }

      if (skipDepth > 0) {
        if (kind === TOKEN_RAV_OPEN) skipDepth++;
        else if (kind === TOKEN_RAV_CLOSE) skipDepth--;
        else if (kind === TOKEN_SYMBOL && skipLine > 0) {
          // A variation before any move is only an error when it holds moves (an empty or
          // comment-only one is harmless and dropped).
          this.error('ERR_PGN_VARIATION_START', 'variation before any move of its line; skipped', skipLine, skipColumn);
          skipLine = 0;
        }
        if (skipDepth === 0) skipLine = 0;
        continue;
      }

      switch (kind) {
        case TOKEN_SYMBOL:
          if (depth === 0) this.mainMove();
          if (!level.dead) this.playToken(level, lx.tokenText());
          break;
        case TOKEN_INTEGER:
          if (depth === 0 && this.startsNextGame()) ended = true;
          break;
        case TOKEN_PERIOD:
          break;
        case TOKEN_COMMENT:
        case TOKEN_LINE_COMMENT:
          if (this.commentOk() && !level.dead && v.comment) v.comment(this.commentText());
          break;
        case TOKEN_NAG: {
          if (level.dead) break;
          const nag = lx.nag;
          if (nag < 0 || nag > 255) this.tokenError('ERR_PGN_NAG', `NAG ${excerpt(lx.tokenText())} is not $0…$255`);
          else v.nag?.(nag);
          break;
        }
        case TOKEN_SUFFIX: {
          if (level.dead) break;
          const nag = suffixNag(lx.tokenText());
          if (nag < 0) this.tokenError('ERR_PGN_SUFFIX', `unknown suffix annotation ${excerpt(lx.tokenText())}`);
          else v.nag?.(nag);
          break;
        }
        case TOKEN_RAV_OPEN: {
          if (level.dead) {
            skipDepth = 1;
          } else if (!level.hasMove) {
            skipLine = lx.line;
            skipColumn = lx.column;
            skipDepth = 1;
          } else if (depth + 1 > this.maxDepth) {
            this.tokenError('ERR_PGN_TOO_DEEP', `variations nested deeper than ${this.maxDepth}; skipped`);
            skipDepth = 1;
          } else if (v.beginVariation?.() === false) {
            skipDepth = 1;
          } else {
            depth++;
            const pos = level.pos === null || !level.hasPending ? null : rules!.clone(level.pos);
            level = { pos, pending: undefined, hasPending: false, hasMove: false, dead: false };
            levels.push(level);
          }
          break;
        }
        case TOKEN_RAV_CLOSE: {
          if (depth === 0) {
            this.tokenError('ERR_PGN_UNMATCHED_PAREN', 'closing parenthesis without a variation');
            break;
          }
          depth--;
          levels.length = depth + 1;
          level = levels[depth]!;
          v.endVariation?.();
          break;
        }
        case TOKEN_RESULT:
          // Results inside variations (some editors write them) are ignored.
          if (depth === 0) {
            v.result?.(lx.tokenText());
            ended = true;
          }
          break;
        case TOKEN_OTHER: {
          const text = lx.tokenText();
          if (level.dead) break;
          // `--` is a null move (an extension of ChessBase and others).
          if (text === '--') {
            if (depth === 0) this.mainMove();
            this.playToken(level, text);
          } else if (this.errorCount >= this.maxErrors) this.errorCount++;
          else this.tokenError('ERR_PGN_TOKEN', `unexpected ${excerpt(text)} in movetext`);
          break;
        }
        default:
          // strings, ], < and > have no place in movetext
          if (level.dead) break;
          if (this.errorCount >= this.maxErrors) this.errorCount++;
          else this.tokenError('ERR_PGN_TOKEN', `unexpected ${excerpt(lx.tokenText())} in movetext`);
          break;
      }
      if (ended) break;
    }

    this.endedAtEnd = kind === TOKEN_EOF;
    this.gameEnd = this.held ? lx.start : lx.end;
    if (!inMovetext) {
      // a game of tags only
      this.startMovetext(headers, early, gameLine);
      skipMovetext = this.skipMovetext;
    }
    if ((depth > 0 || skipDepth > 0) && !skipMovetext) {
      this.error(
        'ERR_PGN_UNCLOSED_VARIATION',
        `${depth + (skipDepth > 0 ? skipDepth : 0)} variation(s) not closed at the end of the game`,
        lx.line,
        lx.column,
      );
      for (let i = 0; i < depth; i++) v.endVariation?.();
    }
    // No visitor saw a position (no `move` callback): the main line's can serve the next game.
    const main = levels[0]?.pos;
    if (main && !v.move) rules?.recycle?.(main);
    levels.length = 0;
    if (this.errorCount > this.maxErrors) {
      const more = this.errorCount - this.maxErrors;
      v.error?.(
        notationError(
          'ERR_TOO_MANY_ERRORS',
          `${more} more error(s) not reported (${this.errorCount} in all; maxErrors ${this.maxErrors})`,
          lx.line,
          lx.column,
        ),
      );
    }
    if (this.warningCount > this.maxErrors) {
      const more = this.warningCount - this.maxErrors;
      v.warning?.(
        notationError(
          'ERR_TOO_MANY_ERRORS',
          `${more} more warning(s) not reported (${this.warningCount} in all; maxErrors ${this.maxErrors})`,
          lx.line,
          lx.column,
        ),
      );
    }
    v.endGame?.();
    return true;
  }

  /** Whether the visitor asked to skip the current game's movetext (set by `startMovetext`). */
  private skipMovetext = false;

  /**
   * Where the movetext begins: the visitor's `endHeaders`, the starting position, the main line's
   * level and the comments met before (a method, not a closure in `parseGame`: a closure would put
   * the loop's variables in a context object).
   */
  private startMovetext(headers: Record<string, string>, early: string[] | null, gameLine: number): Level<P> {
    const v = this.visitor;
    const rules = this.rules;
    const skip = v.endHeaders?.(headers) === false;
    let pos: P | null = null;
    if (rules && !skip) {
      const setup = rules.setup(headers);
      if (setup.ok) pos = setup.value;
      else this.report({ ...setup.error, line: gameLine, column: 1 });
    }
    const level: Level<P> = { pos, pending: undefined, hasPending: false, hasMove: false, dead: false };
    this.levels.push(level);
    if (early && !skip) for (const c of early) v.comment?.(c);
    this.skipMovetext = skip;
    return level;
  }

  /** A move of the main line was read (a move number after it may start the next game). */
  private mainMove(): void {
    this.sinceNumber++;
    this.mainMoved = true;
  }

  /**
   * At a move number of the main line (the current integer token): whether it starts the next game.
   * It does when it goes backwards, or comes again after both moves it numbers (`1. e4 e5 1. d4`),
   * once the main line has a move: a game without a result followed by one without tags. The game
   * ends before it with `ERR_PGN_NO_RESULT`, and the number is the next game's first token.
   */
  private startsNextGame(): boolean {
    const lx = this.lexer;
    const text = lx.tokenText();
    // more than 9 digits: larger than any game's move number
    const n = text.length > 9 ? 2 ** 31 - 1 : Number(text);
    const last = this.moveNumber;
    if (this.mainMoved && last > 0 && (n < last || (n === last && this.sinceNumber >= 2))) {
      this.warning(
        'ERR_PGN_NO_RESULT',
        `the game has no result (1-0, 0-1, 1/2-1/2 or *) before movetext that starts again at move ${n}; read as the next game`,
        lx.line,
        lx.column,
      );
      this.held = true;
      return true;
    }
    this.moveNumber = n;
    this.sinceNumber = 0;
    return false;
  }

  /** Reads a run of plain movetext through the rules (`playRun`) and moves the lexer past it. */
  private playRunOn(playRun: NonNullable<PgnRules<P>['playRun']>, level: Level<P>, depth: number): void {
    const lx = this.lexer;
    const run = this.run;
    run.pos = lx.pos;
    run.line = lx.scanLine;
    run.lineStart = lx.scanLineStart;
    run.hasPending = level.hasPending;
    run.pending = level.pending;
    run.moves = 0;
    // move numbers are the main line's business (-1: not tracked in a variation)
    run.number = depth === 0 ? this.moveNumber : -1;
    run.since = this.sinceNumber;
    playRun(level.pos!, lx.text, run);
    lx.skipTo(run.pos, run.line, run.lineStart);
    if (depth === 0) {
      this.moveNumber = run.number;
      this.sinceNumber = run.since;
      if (run.moves > 0) this.mainMoved = true;
    }
    if (run.moves > 0) {
      this.moves += run.moves;
      level.hasMove = true;
    }
    level.hasPending = run.hasPending;
    level.pending = run.pending;
  }

  /** The current comment's text without surrounding white space (one slice of the input). */
  private commentText(): string {
    const lx = this.lexer;
    const text = lx.text;
    let a = lx.valueStart;
    let b = lx.valueEnd;
    // ASCII white space only (as normalizeComment): other control characters are text.
    for (let c = text.charCodeAt(a); a < b && (c === 32 || (c >= 9 && c <= 13)); c = text.charCodeAt(++a));
    for (let c = text.charCodeAt(b - 1); b > a && (c === 32 || (c >= 9 && c <= 13)); c = text.charCodeAt(--b - 1));
    return text.slice(a, b);
  }

  /** Checks the current comment token; false when it must be dropped (too long). */
  private commentOk(): boolean {
    const lx = this.lexer;
    if (!lx.error) return true;
    const problem = tokenProblem(lx.error);
    this.tokenError(problem.code, problem.message);
    return lx.error !== 'ERR_TEXT_COMMENT_TOO_LONG';
  }

  /** Resolves one move token on a line and reports it; the previous pending move is played first. */
  private playToken(level: Level<P>, text: string): void {
    const v = this.visitor;
    const info = this.info;
    const lx = this.lexer;
    level.hasMove = true;
    if (lx.error === 'ERR_TEXT_SYMBOL_TOO_LONG') {
      // No move is that long: the rest of the line is dead, and the message quotes an excerpt.
      this.tokenError('ERR_PGN_SYMBOL_TOO_LONG', `move ${excerpt(text)} is longer than 255 characters`);
      level.dead = true;
      return;
    }
    let pos = level.pos;
    if (pos === null) {
      this.moves++;
      if (v.move) {
        info.text = text;
        info.line = lx.line;
        info.column = lx.column;
        info.resolved = false;
        info.position = undefined;
        v.move(info);
      }
      return;
    }
    const rules = this.rules!;
    if (level.hasPending) {
      pos = level.pos = rules.play(pos, level.pending);
      level.hasPending = false;
    }
    const r = rules.resolve(pos, text);
    if (!r.ok) {
      this.tokenError(r.error.code, r.error.message);
      level.dead = true;
      return;
    }
    this.moves++;
    level.pending = r.value;
    level.hasPending = true;
    if (v.move) {
      info.text = text;
      info.line = lx.line;
      info.column = lx.column;
      info.resolved = true;
      info.position = pos;
      info.handle = r.value;
      v.move(info);
    }
  }

  /** Reads the plain tags from the current `[` through the rules (`readTags`); false if none. */
  private tagsInOneCall(headers: Record<string, string>): boolean {
    const lx = this.lexer;
    const run = this.tagRun;
    run.pos = lx.start;
    run.line = lx.scanLine;
    run.lineStart = lx.scanLineStart;
    this.readTags!(lx.text, run);
    const n = run.count;
    if (n === 0) return false;
    const text = lx.text;
    const records = run.records;
    const setup = this.setupTags;
    const firsts = this.setupFirsts;
    for (let i = 0; i < 4 * n; i += 4) {
      const s = records[i]!;
      // Most tags are not setup tags: their first letter says so without a comparison.
      if (firsts[text.charCodeAt(s) & 127] === 0) continue;
      const len = records[i + 1]! - s;
      for (let k = 0; k < setup.length; k++) {
        const name = setup[k]!;
        if (name.length === len && text.startsWith(name, s)) headers[name] = text.slice(records[i + 2], records[i + 3]);
      }
    }
    this.pendingTags = n;
    this.tagIndex = n;
    lx.skipTo(run.pos, run.line, run.lineStart);
    return true;
  }

  /** Puts the tags `readTags` read into the headers (before the reader reads a tag itself). */
  private addTagRun(headers: Record<string, string>): void {
    const text = this.lexer.text;
    const records = this.tagRun.records;
    for (let i = 0; i < 4 * this.pendingTags; i += 4)
      this.addTag(headers, text.slice(records[i], records[i + 1]), text.slice(records[i + 2], records[i + 3]));
    this.pendingTags = 0;
  }

  private addTag(headers: Record<string, string>, name: string, value: string): void {
    if (name === '__proto__')
      Object.defineProperty(headers, name, { value, enumerable: true, writable: true, configurable: true });
    else headers[name] = value;
    this.visitor.header?.(name, value);
  }

  /**
   * `readTag` for the common shape, on one line, read in one pass: `Name "value"]` right after the
   * `[`, a name starting with a letter, blanks only before the value and before `]`, a value without
   * escapes. Returns -1 (nothing read) for anything else, which `readTag` then reads token by token.
   */
  private plainTag(headers: Record<string, string>): number {
    const lx = this.lexer;
    const text = lx.text;
    const n = text.length;
    const s = lx.pos;
    let p = s;
    let c = text.charCodeAt(p);
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return -1;
    for (c = text.charCodeAt(++p); p < n; c = text.charCodeAt(++p)) {
      // letters, digits and _ + # = : - @ (the lexer's symbol characters)
      if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57)) continue;
      if (c === 95 || c === 43 || c === 35 || c === 61 || c === 58 || c === 45 || c === 64) continue;
      break;
    }
    const e = p;
    if (e - s > 255) return -1;
    while (c === 32 || c === 9) c = text.charCodeAt(++p);
    if (c !== 34) return -1;
    const vs = p + 1;
    for (c = text.charCodeAt(++p); c !== 34; c = text.charCodeAt(++p))
      if (c === 92 || c === 10 || c === 13 || p >= n) return -1;
    const ve = p;
    if (ve - vs > this.maxTagValue) return -1;
    for (c = text.charCodeAt(++p); c === 32 || c === 9; c = text.charCodeAt(++p));
    if (c !== 93) return -1;
    let name = this.tagNames[this.tagIndex];
    if (name === undefined || name.length !== e - s || !text.startsWith(name, s)) {
      name = text.slice(s, e);
      if (this.tagIndex < 64) this.tagNames[this.tagIndex] = name;
    }
    this.tagIndex++;
    if (Object.prototype.hasOwnProperty.call(headers, name)) return DUPLICATE;
    this.addTag(headers, name, text.slice(vs, ve));
    lx.skipTo(p + 1, lx.scanLine, lx.scanLineStart);
    return DONE;
  }

  /**
   * Reads `Name "value" ]` after `[`; a malformed tag is reported and the rest of its line skipped.
   * Returns REREAD when the current token must be read again by the caller, DUPLICATE (with
   * nothing consumed that matters) when the tag repeats one of `headers`.
   */
  private readTag(headers: Record<string, string>): number {
    if (this.pendingTags) this.addTagRun(headers);
    const plain = this.tokenTags ? -1 : this.plainTag(headers);
    if (plain >= 0) return plain;
    const lx = this.lexer;
    const head = this.tagHead;
    const read = readTagPair(lx, head, true);
    const { line, column } = head;
    if (read !== TAG_VALUE) {
      this.error(
        'ERR_PGN_TAG',
        // Only messages quote the name (excerpt(name)): a JSON excerpt per tag cost 7% of a clean check.
        read === TAG_NO_NAME ? 'tag pair without a name' : `tag ${excerpt(head.name)} without a quoted value`,
        line,
        column,
      );
      if (lx.kind === TOKEN_TAG_OPEN) return REREAD;
      if (lx.kind !== TOKEN_TAG_CLOSE) lx.skipLine();
      return DONE;
    }
    const name = head.name;
    if (lx.error) {
      const problem = tokenProblem(lx.error);
      this.tokenError(problem.code, `tag ${excerpt(name)}: ${problem.message}`);
      if (lx.error === 'ERR_TEXT_STRING_TOO_LONG') {
        lx.skipLine();
        return DONE;
      }
    }
    if (Object.prototype.hasOwnProperty.call(headers, name)) return DUPLICATE;
    this.addTag(headers, name, lx.value());
    if (!tagPairClosed(lx)) {
      this.error('ERR_PGN_TAG', `tag ${excerpt(name)}: value not followed by ]`, line, column);
      if (lx.kind === TOKEN_TAG_OPEN || lx.line !== line) return REREAD;
      if (lx.kind !== TOKEN_EOF) lx.skipLine();
    }
    return DONE;
  }
}
