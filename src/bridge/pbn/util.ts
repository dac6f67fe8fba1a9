/** Small helpers of the PBN reader and writer (not part of the public API). */

/** Appends `items` to `to` without spreading them into arguments: no stack limit however long the list. */
export function append<T>(to: T[], items: readonly T[]): void {
  for (const x of items) to.push(x);
}

/** Longest error message: messages quote the input, which may be a line of any length. */
export const MAX_MESSAGE = 240;

/** A message cut to MAX_MESSAGE characters, saying how long it was. */
export function excerpt(message: string): string {
  return message.length <= MAX_MESSAGE
    ? message
    : `${message.slice(0, MAX_MESSAGE - 40)}… (${message.length} characters in all)`;
}
