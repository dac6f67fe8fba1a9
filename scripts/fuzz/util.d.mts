export function rng(seed: number): () => number;
export function pick<T>(r: () => number, list: readonly T[]): T;
export function mutateText(r: () => number, s: string, tokens: readonly string[], edits?: number): string;
export function sliceOf(r: () => number, text: string, max: number): string;
export function breakUtf8(r: () => number, text: string): Uint8Array;
