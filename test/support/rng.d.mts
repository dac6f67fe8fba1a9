export function rng(seed: number): () => number;
export function xorshift(seed: number, zeroSeed?: number): () => number;
