/** Appends `items` to `to` without spreading them into arguments: no stack limit however long the list. */
export function append<T>(to: T[], items: readonly T[]): void {
  for (const x of items) to.push(x);
}
