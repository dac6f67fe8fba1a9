/**
 * PBN 2.1 import-format reader: tokens (src/text) → games, with every violation reported as a typed
 * `ERR_PBN_*` error with line:column. One bad game never stops the file.
 *
 * Three parts: this file reads the file (games between empty lines, `%` lines, tag inheritance, the
 * error caps); `build.ts` turns one game's tokens into the model; `validate.ts` checks the model's
 * meaning (and is public as `validatePbnGame`).
 */
import { append, excerpt } from './util.js';
import { notationError, type NotationError, type Parsed } from '../../errors.js';
import { RecordScanner, type RecordCodes, type RecordToken as Token } from '../../text/index.js';
import type { PbnComment, PbnDocument, PbnGame } from './model.js';
import { checkPbnExport } from './export-check.js';
import { decodePbn } from './decode.js';
import { GameBuilder } from './build.js';
import type { Pos } from './validate.js';

/** Options of `parsePbn` (validation, limits, error counts). */
export interface ParsePbnOptions {
  /** Check the semantics (auction, play, results, notes). Default true. */
  validate?: boolean;
  /** Longest line (characters without the line end); PBN allows 255 with the line end. Default 254. */
  maxLineLength?: number;
  /** Check the export format rules (`checkPbnExport`) and add them as warnings; default: when the file says `% EXPORT`. */
  checkExport?: boolean;
  /**
   * Errors (and, separately, warnings) kept per game; the rest are only counted and one
   * `ERR_TOO_MANY_ERRORS` with the count ends the game's list. Default 100. Text between games
   * counts toward the next game.
   */
  maxErrors?: number;
}

/**
 * Errors of agreement between parts of a game that are each well formed and kept exactly as given
 * (a card the deal does not give that hand, a contract the auction does not end in, a result the
 * play does not give…). `check` reports them as errors; an export carries the data unchanged, so
 * the CLI's `export` reports them as warnings and still succeeds.
 */
export const PBN_AGREEMENT_CODES: ReadonlySet<string> = new Set([
  'ERR_PBN_AUCTION_INSUFFICIENT',
  'ERR_PBN_AUCTION_DOUBLE',
  'ERR_PBN_AUCTION_REDOUBLE',
  'ERR_PBN_CONTRACT_MISMATCH',
  'ERR_PBN_RESULT_MISMATCH',
  'ERR_PBN_RESULT_IRREGULAR',
  'ERR_PBN_PLAY_LEADER',
  'ERR_PBN_PLAY_CARD_NOT_IN_HAND',
  'ERR_PBN_PLAY_CARD_PLAYED',
  'ERR_PBN_PLAY_REVOKE',
  'ERR_PBN_PLAY_REVOKE_MARK',
  'ERR_PBN_PLAY_LEAD_IRREGULAR',
  'ERR_PBN_PLAY_TOO_MANY',
  'ERR_PBN_RUBBER_VULNERABLE',
  'ERR_PBN_NOTE_MISSING',
  'ERR_PBN_TABLE_ORDER',
]);

/** What the record scanner finds, under PBN's codes. */
const PBN_RECORD_CODES: RecordCodes = {
  lineTooLong: 'ERR_PBN_LINE_TOO_LONG',
  commentUnterminated: 'ERR_PBN_COMMENT_UNTERMINATED',
  stringUnterminated: 'ERR_PBN_STRING_UNTERMINATED',
  stringTab: 'ERR_PBN_STRING_TAB',
  character: 'ERR_PBN_CHARACTER',
  tagSyntax: 'ERR_PBN_TAG_SYNTAX',
};

/** Inheritance state carried from game to game (4.8). */
export class PbnInheritance {
  /** Resolved value of each tag in the most recent game that had it. */
  readonly previous = new Map<string, string>();
  /** `##` values used by all following games that lack the tag. */
  readonly sticky = new Map<string, string>();
}

/**
 * Reads games from a decoded text. Keeps tag inheritance across calls, so it can be fed game texts
 * one at a time (see `readPbn`).
 */
export class PbnReader {
  readonly errors: NotationError[] = [];
  readonly warnings: NotationError[] = [];
  readonly inheritance = new PbnInheritance();
  version?: string;
  exportFormat?: boolean;
  readonly fileEscapes: string[] = [];
  private carryComments: PbnComment[] = [];
  private carryEscapes: string[] = [];
  private gamesRead = 0;
  private readonly maxErrors: number;
  /** Errors and warnings of the current game (text since the last game counts toward it). */
  private errorCount = 0;
  private warningCount = 0;
  private lastPos: Pos | undefined;

  constructor(private readonly options: ParsePbnOptions = {}) {
    this.maxErrors = Math.max(0, options.maxErrors ?? 100);
  }

  /**
   * Reads every game of `text` (line numbers start at `startLine`). Tokens go straight to the game
   * being built: nothing but the game itself is held, however long the game's text.
   */
  read(text: string, startLine = 1): PbnGame[] {
    const games: PbnGame[] = [];
    const lexer = new RecordScanner(text, {
      codes: PBN_RECORD_CODES,
      maxLineLength: this.options.maxLineLength ?? 254,
      startLine,
    });
    // `%` lines and comments before a game's first tag or data are held until it is known whether a game follows
    let lead: Token[] = [];
    let builder: GameBuilder | null = null;
    const flush = () => {
      if (builder) {
        const g = this.finishGame(builder);
        if (g) games.push(g);
      } else this.carry(lead);
      builder = null;
      lead = [];
    };
    for (const tok of lexer) {
      if (tok.kind === 'blank') flush();
      else if (builder) builder.token(tok);
      else if (tok.kind === 'escape' || tok.kind === 'comment') lead.push(tok);
      else {
        builder = this.startGame(lead[0] ?? tok);
        for (const t of lead) builder.token(t);
        lead = [];
        builder.token(tok);
      }
    }
    flush();
    return games;
  }

  private err(code: string, message: string, pos: Pos | undefined): void {
    this.lastPos = pos ?? this.lastPos;
    if (++this.errorCount <= this.maxErrors)
      this.errors.push(notationError(code, excerpt(message), pos?.line, pos?.column));
  }

  private warn(code: string, message: string, pos: Pos | undefined): void {
    this.lastPos = pos ?? this.lastPos;
    if (++this.warningCount <= this.maxErrors)
      this.warnings.push(notationError(code, excerpt(message), pos?.line, pos?.column));
  }

  /** Ends the error lists of a game: one `ERR_TOO_MANY_ERRORS` each for what was only counted. */
  private closeErrorLists(): void {
    const max = this.maxErrors;
    const at = this.lastPos;
    if (this.errorCount > max) {
      this.errors.push(
        notationError(
          'ERR_TOO_MANY_ERRORS',
          `${this.errorCount - max} more error(s) not reported (${this.errorCount} in all; maxErrors ${max})`,
          at?.line,
          at?.column,
        ),
      );
    }
    if (this.warningCount > max) {
      this.warnings.push(
        notationError(
          'ERR_TOO_MANY_ERRORS',
          `${this.warningCount - max} more warning(s) not reported (${this.warningCount} in all; maxErrors ${max})`,
          at?.line,
          at?.column,
        ),
      );
    }
    this.errorCount = 0;
    this.warningCount = 0;
  }

  /** Adds warnings found outside the reader (export-format checks), under the same cap. */
  addWarnings(list: NotationError[]): void {
    for (const w of list) {
      this.lastPos = w.line !== undefined ? { line: w.line, column: w.column ?? 1 } : this.lastPos;
      if (++this.warningCount <= this.maxErrors) this.warnings.push(w);
    }
  }

  /** `%` lines and comments of a stretch of text without a game: kept for the next game (or the file). */
  private carry(tokens: Token[]): void {
    for (const t of tokens) {
      if (t.kind === 'escape') this.escape(t.text, null);
      else if (t.kind === 'comment')
        this.carryComments.push({ text: t.text.replace(/\r\n?/g, '\n'), brace: !!t.brace });
    }
  }

  private startGame(first: Token): GameBuilder {
    const g = new GameBuilder(this, first);
    append(g.comments, this.carryComments);
    append(g.escapes, this.carryEscapes);
    this.carryComments = [];
    this.carryEscapes = [];
    return g;
  }

  private finishGame(g: GameBuilder): PbnGame | null {
    const game = g.finish();
    if (!game) return null;
    this.gamesRead++;
    this.closeErrorLists();
    this.ends.set(game, [this.taken[0] + this.errors.length, this.taken[1] + this.warnings.length]);
    return game;
  }

  /** Where each game's reports end in the lists (counting those already taken), and how many were taken. */
  private readonly ends = new WeakMap<PbnGame, [number, number]>();
  private readonly taken: [number, number] = [0, 0];

  /**
   * Removes and returns the errors and warnings up to the end of `game` (a game this reader made),
   * or all of them: how a stream hands each game its own reports and keeps no list growing.
   */
  takeReports(game?: PbnGame): { errors: NotationError[]; warnings: NotationError[] } {
    const end = game && this.ends.get(game);
    const e = end ? Math.max(0, end[0] - this.taken[0]) : this.errors.length;
    const w = end ? Math.max(0, end[1] - this.taken[1]) : this.warnings.length;
    this.taken[0] += e;
    this.taken[1] += w;
    return { errors: this.errors.splice(0, e), warnings: this.warnings.splice(0, w) };
  }

  /** One game's tokens (between semi-empty lines). Returns null when there is no tag. */
  readGameTokens(tokens: Token[]): PbnGame | null {
    const first = tokens.findIndex((t) => t.kind !== 'escape' && t.kind !== 'comment');
    if (first < 0) {
      this.carry(tokens);
      return null;
    }
    const g = this.startGame(tokens[0]!);
    for (const t of tokens) g.token(t);
    return this.finishGame(g);
  }

  /** At the end of the input: comments and `%` lines after the last game go to that game. */
  finishInput(last: PbnGame | undefined): void {
    // errors in text after the last game end with their own count
    this.closeErrorLists();
    if (!last) return;
    if (this.carryComments.length) append((last.endComments ??= []), this.carryComments);
    if (this.carryEscapes.length) append((last.escapes ??= []), this.carryEscapes);
    this.carryComments = [];
    this.carryEscapes = [];
  }

  /** Handles a `%` line: version / EXPORT go to the file, others to the game (or are carried to the next). */
  escape(text: string, game: { escapes: string[]; seen: Set<string> } | null): void {
    const header = this.gamesRead === 0 && (!game || game.seen.size === 0);
    const v = /^\s*PBN\s+(\S+)/.exec(text);
    if (v && header && this.version === undefined) {
      this.version = v[1];
      return;
    }
    if (/^\s*EXPORT\s*$/.test(text) && header && !this.exportFormat) {
      this.exportFormat = true;
      return;
    }
    if (game) game.escapes.push(text);
    else if (this.gamesRead === 0) this.fileEscapes.push(text);
    else this.carryEscapes.push(text);
  }

  /** @internal */ error(code: string, message: string, pos: Pos | undefined): void {
    this.err(code, message, pos);
  }
  /** @internal */ warning(code: string, message: string, pos: Pos | undefined): void {
    this.warn(code, message, pos);
  }
  get validate(): boolean {
    return this.options.validate !== false;
  }
}

/**
 * Reads a whole PBN file (text, or bytes decoded as UTF-8 or Latin-1 by the rule of `PbnDecoder`)
 * into one `Parsed` item for the document: `value` holds the games and the file's header facts,
 * `errors` and `warnings` are the whole file's (`readPbn` gives them game by game instead).
 * @example
 * ```ts
 * const { value: doc, errors, warnings } = parsePbn(readFileSync('session.pbn'));
 * for (const e of errors) console.log(`${e.line}:${e.column} ${e.code} ${e.message}`);
 * doc.games[0]?.tags.Contract?.value; // '3NT'
 * makePbn(doc.games); // the games in export format
 * ```
 */
export function parsePbn(input: string | Uint8Array, options: ParsePbnOptions = {}): Parsed<PbnDocument> {
  const decoded = decodePbn(input);
  const reader = new PbnReader(options);
  const games = reader.read(decoded.text);
  if (decoded.warning) reader.addWarnings([decoded.warning]);
  reader.finishInput(games[games.length - 1]);
  // a file that says `% EXPORT` is held to the export format (reported as warnings: the data stays usable)
  if (options.checkExport ?? reader.exportFormat)
    append(reader.warnings, checkPbnExport(decoded.text, { maxErrors: options.maxErrors }));
  const doc: PbnDocument = { games, encoding: decoded.encoding };
  if (reader.version) doc.version = reader.version;
  if (reader.exportFormat) doc.exportFormat = true;
  if (reader.fileEscapes.length) doc.escapes = reader.fileEscapes;
  return { value: doc, errors: reader.errors, warnings: reader.warnings };
}
