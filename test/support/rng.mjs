// Deterministic PRNGs for fuzz and random-game tests (plain JS so scripts/ can share them).

/** mulberry32: floats in [0, 1). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** xorshift32: floats in [0, 1); a zero seed becomes `zeroSeed`. */
export function xorshift(seed, zeroSeed = 0) {
  let s = seed >>> 0 || zeroSeed;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}
