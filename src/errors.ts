/** A problem found in user input. `code` is stable (`ERR_*`); line and column are 1-based. */
export interface NotationError {
  code: string;
  message: string;
  line?: number;
  column?: number;
}

export type Result<T, E = NotationError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

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
