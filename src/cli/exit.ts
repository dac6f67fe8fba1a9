// Exit codes of every verb, so scripts can tell bad input from a bad command line.

/** Done, and the input is clean (warnings alone do not fail a run unless `--strict`). */
export const EXIT_OK = 0;
/** The input has errors (or a check failed: a perft mismatch, an unsolvable board). */
export const EXIT_INPUT = 1;
/** The command line cannot be carried out: unknown verb or option, bad option value, missing
 * argument, or a FILE that cannot be read (missing, a directory, no permission). */
export const EXIT_USAGE = 2;

/**
 * A command-line mistake. Thrown anywhere in a verb, it ends the run with one line on stderr and
 * exit code 2 (main.ts catches it), so verbs need not thread usage failures through return values.
 */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A clean one-line message for a file that cannot be opened or read. */
export function fileErrorMessage(path: string, e: unknown): string {
  const error = e as NodeJS.ErrnoException;
  switch (error?.code) {
    case 'ENOENT':
      return `no such file: ${path}`;
    case 'EISDIR':
      return `${path} is a directory, not a file`;
    case 'EACCES':
    case 'EPERM':
      return `permission denied: ${path}`;
    case 'ENOTDIR':
      return `not a file: ${path}`;
    default:
      return `cannot read ${path}: ${String(error?.message ?? e).split('\n')[0]}`;
  }
}
