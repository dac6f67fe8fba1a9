// Bit helpers shared by the wasm modules (all inline; u64 bitboards).

/** Index of the lowest set bit (undefined for 0). */
@inline export function lsb(b: u64): i32 {
  return <i32>ctz<u64>(b);
}

/** Number of set bits. */
@inline export function popcount(b: u64): i32 {
  return <i32>popcnt<u64>(b);
}

/** b with its lowest set bit cleared. */
@inline export function clearLsb(b: u64): u64 {
  return b & (b - 1);
}

/** True if more than one bit is set. */
@inline export function several(b: u64): bool {
  return (b & (b - 1)) != 0;
}

@inline export function bit(sq: i32): u64 {
  return (<u64>1) << (<u64>sq);
}

/** Ensures linear memory covers `bytes` bytes; returns false if it cannot grow. */
export function ensureMemory(bytes: usize): bool {
  const have = <usize>memory.size() << 16;
  if (have >= bytes) return true;
  const pages = <i32>((bytes - have + 0xffff) >> 16);
  return memory.grow(pages) >= 0;
}
