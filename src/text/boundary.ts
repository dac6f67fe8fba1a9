/**
 * The boundary of a public function that returns a `Result`: whatever the caller passes (null, a
 * number, an array where an object goes, an object with a `__proto__` key, a field of the wrong
 * type), the answer is a `Result`. Each such function checks what it reads; this is the net under
 * those checks, so a shape nobody thought of still gives `ERR_INPUT_TYPE` instead of a raw
 * `TypeError` out of the library. Thrown errors are left for programmer errors that carry a code
 * (a `NotationFailure` thrown inside is returned as the error it carries).
 */
import { err, notationError, NotationFailure, type NotationError, type Result } from '../errors.js';

/** The error for input of the wrong shape: which function, and what went wrong reading it. */
function inputError(name: string, e: unknown): NotationError | undefined {
  if (e instanceof NotationFailure) return e.error;
  if (e instanceof TypeError || e instanceof RangeError)
    return notationError('ERR_INPUT_TYPE', `${name}: input of the wrong shape (${e.message.slice(0, 200)})`);
  return undefined;
}

/** Runs `body`; input of the wrong shape (a TypeError or RangeError reading it) is `ERR_INPUT_TYPE`. */
export function resultBoundary<T, E = NotationError>(
  name: string,
  body: () => Result<T, E>,
): Result<T, E | NotationError> {
  try {
    return body();
  } catch (e) {
    const error = inputError(name, e);
    if (!error) throw e;
    return err(error);
  }
}

/** `resultBoundary` for a function whose failure is a list of errors. */
export function resultsBoundary<T>(name: string, body: () => Result<T, NotationError[]>): Result<T, NotationError[]> {
  try {
    return body();
  } catch (e) {
    const error = inputError(name, e);
    if (!error) throw e;
    return err([error]);
  }
}

/** What a value is, for a message (`null`, `a number`, `an array`, `a string`, …). */
export function shapeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const t = typeof value;
  return t === 'object' || t === 'undefined' ? (t === 'object' ? 'an object' : 'undefined') : `a ${t}`;
}
