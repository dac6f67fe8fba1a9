// The writers report what they had to change through `options.onWarning`; the CLI wants the text and
// the warnings together, to print one after the other.
import type { NotationError } from '../errors.js';

/** Runs a writer with an `onWarning` callback and returns its text and the warnings it gave. */
export function withWarnings(write: (onWarning: (warning: NotationError) => void) => string): {
  text: string;
  warnings: NotationError[];
} {
  const warnings: NotationError[] = [];
  const text = write((warning) => warnings.push(warning));
  return { text, warnings };
}
