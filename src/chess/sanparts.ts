// Lenient SAN lexing in TS: SAN text → (role, to, from-file/rank hints, promotion, flags). wasm then
// finds the one legal move that matches (see assembly/chess/san.ts).

export const S_CASTLE_H = 1,
  S_CASTLE_A = 2,
  S_DROP = 4,
  S_STRICT = 16;

/** Parts of the last successfully lexed SAN (module scratch: no allocation per move). */
export const parts = { role: 0, to: 0, ff: -1, fr: -1, promo: 0, flags: 0 };

function pieceRole(ch: number): number {
  switch (ch) {
    case 80:
      return 1; // P
    case 78:
      return 2; // N
    case 66:
      return 3; // B
    case 82:
      return 4; // R
    case 81:
      return 5; // Q
    case 75:
      return 6; // K
  }
  return 0;
}

/**
 * Lexes SAN into `parts`. Returns 0 on success, else the 1-based column of the first bad character.
 * Accepts `0-0`, `O-O-O`, `N@f3`, `@f3`, `e8Q`, `e8=Q`, `e8/Q`, `exd6e.p.`, `Nge2`, `Ng1e2`, `Ng1-e2`,
 * `Pe4`, `x` or `:` for captures, and ignores `+`, `#`, `!`, `?`, and `‼`-style suffixes.
 */
export function lexSan(san: string): number {
  let end = san.length;
  let start = 0;
  while (start < end && san.charCodeAt(start) <= 32) start++;
  // Strip suffixes: check/mate marks, annotations, e.p.
  for (;;) {
    while (end > start) {
      const c = san.charCodeAt(end - 1);
      if (c === 43 || c === 35 || c === 33 || c === 63 || c <= 32 || c > 127) end--;
      else break;
    }
    if (end - start > 4 && san.startsWith('e.p.', end - 4)) end -= 4;
    else if (
      end - start > 4 &&
      san.startsWith('ep', end - 2) &&
      san.charCodeAt(end - 3) >= 49 &&
      san.charCodeAt(end - 3) <= 56
    )
      end -= 2;
    else break;
  }
  if (end <= start) return 1;
  parts.ff = -1;
  parts.fr = -1;
  parts.promo = 0;
  parts.flags = 0;
  parts.role = 0;
  parts.to = 0;
  const c0 = san.charCodeAt(start);
  if (c0 === 79 || c0 === 48 || c0 === 111) {
    // O-O, 0-0, o-o (and O-O-O).
    const len = end - start;
    const body = san.slice(start, end).replace(/0|o/g, 'O');
    if (body === 'O-O' || body === 'OO') parts.flags = S_CASTLE_H;
    else if (body === 'O-O-O' || body === 'OOO') parts.flags = S_CASTLE_A;
    else return start + Math.min(len, 3) + 1;
    return 0;
  }
  // Destination: the last square; promotion after it.
  let i = end - 1;
  let c = san.charCodeAt(i);
  let promo = pieceRole(c);
  if (promo === 0 && (c === 113 || c === 114 || c === 110)) promo = c === 113 ? 5 : c === 114 ? 4 : 2; // e8q lenient
  if (promo !== 0 && i > start) {
    if (promo === 1 || promo === 6) return i + 1;
    i--;
    c = san.charCodeAt(i);
    if (c === 61 || c === 47) i--; // '=' or '/'
    parts.promo = promo;
  } else if (promo !== 0) {
    return i + 1;
  }
  if (i - 1 < start) return start + 1;
  const tf = san.charCodeAt(i - 1) - 97,
    tr = san.charCodeAt(i) - 49;
  if (tf < 0 || tf > 7) return i;
  if (tr < 0 || tr > 7) return i + 1;
  parts.to = tr * 8 + tf;
  let j = start;
  const role = pieceRole(c0);
  if (role) {
    parts.role = role;
    j++;
  } else if (c0 >= 97 && c0 <= 104) parts.role = 1;
  else if (c0 === 64)
    parts.role = 1; // @f3
  else return start + 1;
  // Middle: file/rank hints, capture marks, '-' or '@'.
  const mid = i - 1;
  for (; j < mid; j++) {
    const ch = san.charCodeAt(j);
    if (ch >= 97 && ch <= 104) {
      if (parts.ff >= 0) return j + 1;
      parts.ff = ch - 97;
    } else if (ch >= 49 && ch <= 56) {
      if (parts.fr >= 0) return j + 1;
      parts.fr = ch - 49;
    } else if (ch === 120 || ch === 58 || ch === 45) {
      // x, :, -
    } else if (ch === 64) {
      if (parts.ff >= 0 || parts.fr >= 0 || parts.flags) return j + 1;
      parts.flags = S_DROP;
    } else return j + 1;
  }
  if (parts.flags === S_DROP && (parts.promo || parts.role === 6)) return start + 1;
  if (parts.promo && parts.role !== 1) return end;
  return 0;
}
