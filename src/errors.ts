/** A problem found in user input. `code` is stable (`ERR_*`); line and column are 1-based. */
export interface NotationError {
  code: string;
  message: string;
  line?: number;
  column?: number;
}

/** Success with a value, or failure with an error: what reading functions return instead of throwing. */
export type Result<T, E = NotationError> = { ok: true; value: T } | { ok: false; error: E };

/** What a validator finds in a model: errors (the model is wrong) and warnings (accepted, but worth knowing). */
export interface Validation {
  errors: NotationError[];
  warnings: NotationError[];
}

/**
 * What a lenient reader gives for one record (a game, a match) or one whole document: the value it
 * read and what it found on the way. `errors` means the value is partial (kept up to the damage);
 * `warnings` are dialects and omissions that were accepted. Multi-record readers return one item
 * per record, so each record's problems travel with it:
 *
 * ```ts
 * for (const { value: game, errors } of parsePgn(text)) if (!errors.length) console.log(game.headers.Event);
 * ```
 */
export interface Parsed<T> extends Validation {
  value: T;
}

/** A successful Result. */
export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
/** A failed Result. */
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

/** Builds a NotationError (line and column only when given). */
export function notationError(code: string, message: string, line?: number, column?: number): NotationError {
  const error: NotationError = { code, message };
  if (line !== undefined) error.line = line;
  if (column !== undefined) error.column = column;
  return error;
}

/** `12:7 ERR_X message`, or just `ERR_X message` without a location. */
export function formatError(error: NotationError): string {
  const where = error.line !== undefined ? `${error.line}:${error.column ?? 1} ` : '';
  return `${where}${error.code} ${error.message}`;
}

/** Unwraps a Result, throwing a `NotationFailure` for callers who prefer exceptions. */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new NotationFailure(result.error);
}

/** An Error carrying a NotationError (code, line, column), thrown by `unwrap` and rejected by workers. */
export class NotationFailure extends Error {
  readonly code: string;
  readonly line?: number;
  readonly column?: number;
  constructor(readonly error: NotationError) {
    super(formatError(error));
    this.name = 'NotationFailure';
    this.code = error.code;
    this.line = error.line;
    this.column = error.column;
  }
}

/**
 * A list of findings that keeps its first `max` and only counts the rest, so memory stays flat
 * however much of an input is bad; `close()` ends it with one `ERR_TOO_MANY_ERRORS` giving the
 * count. A pushed `ERR_TOO_MANY_ERRORS` (a list capped upstream, e.g. one record's) adds the count
 * it gives, so a document-level list built from record lists reports the true total.
 * @internal
 */
export class CappedErrorList {
  private readonly kept: NotationError[] = [];
  private count = 0;
  private last: NotationError | undefined;

  constructor(private readonly max: number) {}

  push(...items: NotationError[]): void {
    for (const item of items) {
      this.last = item;
      if (item.code === 'ERR_TOO_MANY_ERRORS') {
        const notReported = /^(\d+) more/.exec(item.message);
        if (notReported) {
          this.count += Number(notReported[1]);
          continue;
        }
      }
      if (++this.count <= this.max) this.kept.push(item);
    }
  }

  /** The kept findings, then the count of the rest (`what`: "error(s)") when there were more than `max`. */
  close(what: string): NotationError[] {
    const list = this.kept.slice();
    if (this.count > this.max)
      list.push({
        code: 'ERR_TOO_MANY_ERRORS',
        message: `${this.count - this.max} more ${what} not reported (${this.count} in all; maxErrors ${this.max})`,
        line: this.last?.line ?? 1,
        column: this.last?.column ?? 1,
      });
    return list;
  }
}
