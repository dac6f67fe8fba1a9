// Plain PGN movetext read and replayed in one call (the validating reader's fast path, used through
// src/chess/fast.ts by src/pgn/parser.ts). It takes only what needs no judgement: white space, move
// numbers, periods, `{…}` comments and SAN in its common shapes. Anything else (results, variations,
// NAGs, escapes, a move it does not resolve, a byte >= 128, …) stops it before that token, and the
// TypeScript reader reads that token itself, so every error is still found and worded there.
import { MOVETEXT, MOVETEXT_SIZE, RESULT, TAGS_OUT, TAG_HASH, MAX_TAGS, POS_STACK } from './layout';
import { makeMove, copyPos } from './position';
import { findSan, SCRATCH_POS } from './san';

/** Why `playMovetext` stopped (RESULT[20]). */
export const STOP_TOKEN = 0, STOP_WINDOW = 1, STOP_NON_ASCII = 2;

// Byte classes for the scanners: what each byte can start or continue.
const K_STOP = 0, K_SPACE = 1, K_LF = 2, K_CR = 3, K_PERIOD = 4, K_BRACE = 5, K_HIGH = 6;
const K_DIGIT = 7, K_LETTER = 8, K_SYMBOL = 9; // K_DIGIT and up continue a symbol
const CLASSES: usize = memory.data<u8>([
  0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 1, 1, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  //   !  "  #  $  %  &  '  (  )  *  +  ,  -  .  /  0  1  2  3  4  5  6  7  8  9  :  ;  <  =  >  ?
  1, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 9, 0, 9, 4, 0, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 9, 0, 0, 9, 0, 0,
  // @ A-Z [ \ ] ^ _
  9, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 0, 0, 0, 0, 9,
  // ` a-z { | } ~
  0, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 5, 0, 0, 0, 0,
  6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
  6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
  6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
  6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
]);

@inline function classOf(c: i32): i32 {
  return <i32>load<u8>(CLASSES + <usize>c);
}

/** Longest symbol taken here; longer ones (SAN is never this long) are left to the reader. */
const MAX_SYMBOL = 32;

@inline function pieceRole(c: i32): i32 {
  if (c == 80) return 1; // P
  if (c == 78) return 2; // N
  if (c == 66) return 3; // B
  if (c == 82) return 4; // R
  if (c == 81) return 5; // Q
  if (c == 75) return 6; // K
  return 0;
}

/**
 * The packed move of the SAN symbol at MOVETEXT[s..e) in p, or -1 when it is not one of the shapes
 * read here or does not resolve to one legal move. The shapes and the parts they give are exactly
 * those of src/chess/sanparts.ts lexSan for the same text (castling only as O-O and O-O-O, no drops,
 * uppercase promotion letters only; the rest is left to it).
 */
function resolveSymbol(p: usize, s: i32, e: i32): i64 {
  // Check and mate marks (the only suffix characters a symbol can hold).
  while (e > s) {
    const c = <i32>load<u8>(MOVETEXT + <usize>(e - 1));
    if (c == 43 || c == 35) e--;
    else break;
  }
  const len = e - s;
  if (len < 2) return -1;
  const c0 = <i32>load<u8>(MOVETEXT + <usize>s);
  if (c0 == 79) {
    if (len == 3 && load<u8>(MOVETEXT + <usize>(s + 1)) == 45 && load<u8>(MOVETEXT + <usize>(s + 2)) == 79)
      return findSan(p, 0, 0, -1, -1, 0, 1);
    if (len == 5 && load<u8>(MOVETEXT + <usize>(s + 1)) == 45 && load<u8>(MOVETEXT + <usize>(s + 2)) == 79 &&
      load<u8>(MOVETEXT + <usize>(s + 3)) == 45 && load<u8>(MOVETEXT + <usize>(s + 4)) == 79)
      return findSan(p, 0, 0, -1, -1, 0, 2);
    return -1;
  }
  let i = e - 1;
  let c = <i32>load<u8>(MOVETEXT + <usize>i);
  let promo = 0;
  if (c == 78 || c == 66 || c == 82 || c == 81) {
    promo = pieceRole(c);
    i--;
    if (i <= s) return -1;
    if (load<u8>(MOVETEXT + <usize>i) == 61) i--;
  }
  if (i - 1 < s) return -1;
  const tf = <i32>load<u8>(MOVETEXT + <usize>(i - 1)) - 97;
  const tr = <i32>load<u8>(MOVETEXT + <usize>i) - 49;
  if (tf < 0 || tf > 7 || tr < 0 || tr > 7) return -1;
  let j = s;
  let role = pieceRole(c0);
  if (role) j++;
  else if (c0 >= 97 && c0 <= 104) role = 1;
  else return -1;
  if (promo && role != 1) return -1;
  let ff = -1, fr = -1;
  const mid = i - 1;
  for (; j < mid; j++) {
    const ch = <i32>load<u8>(MOVETEXT + <usize>j);
    if (ch >= 97 && ch <= 104) {
      if (ff >= 0) return -1;
      ff = ch - 97;
    } else if (ch >= 49 && ch <= 56) {
      if (fr >= 0) return -1;
      fr = ch - 49;
    } else if (ch != 120 && ch != 58 && ch != 45) return -1; // x : -
  }
  return findSan(p, role, tr * 8 + tf, ff, fr, promo, 0);
}

/**
 * Reads MOVETEXT[at..len) and plays its moves on p. `pending` (-1: none) is a resolved move not yet
 * played: the last move of a line is kept pending, as the reader keeps it, so that a variation after
 * it starts from the position before it. `lineStart` is the offset (may be negative) where the line
 * holding `at` starts. Unless `final`, the text goes on after `len`, so a token or line end touching
 * `len` is left for the next call. Returns the number of moves resolved; RESULT[16] = the offset where
 * it stopped, [17] = the pending move, [18] = the line and [19] = its start there, [20] = why (STOP_*).
 *
 * Move numbers of the main line, in and out: RESULT[21] = the last one read (0: none yet, -1: not
 * tracked, in a variation) and [22] = moves resolved since it. A number that goes backwards, or
 * comes again after both moves it numbers, starts the next game (a game without a result before
 * one without tags): it stops before it, for the reader to end the game there.
 */
export function playMovetext(p: usize, len: i32, at: i32, pending: i32, line: i32, lineStart: i32,
  maxComment: i32, final: i32, skipNags: bool = false): i32 {
  if (len > <i32>MOVETEXT_SIZE) len = <i32>MOVETEXT_SIZE;
  let pos = at;
  let moves = 0;
  let why = STOP_WINDOW;
  let number = load<i32>(RESULT, 84);
  let since = load<i32>(RESULT, 88);
  let cur = p;
  while (pos < len) {
    const c = <i32>load<u8>(MOVETEXT + <usize>pos);
    const k = classOf(c);
    if (k == K_SPACE || k == K_PERIOD) { pos++; continue; }
    if (k >= K_DIGIT) {
      if (k == K_SYMBOL) { why = STOP_TOKEN; break; }
      // A symbol: letters, digits and _ + # = : - @.
      let q = pos + 1;
      let digits = k == K_DIGIT;
      while (q < len) {
        const d = classOf(<i32>load<u8>(MOVETEXT + <usize>q));
        if (d < K_DIGIT) break;
        if (d != K_DIGIT) digits = false;
        q++;
      }
      if (q >= len && !final) break;
      if (digits) {
        // A move number, unless it is the 1 of 1/2-1/2.
        if (q - pos == 1 && c == 49 && q < len && load<u8>(MOVETEXT + <usize>q) == 47) { why = STOP_TOKEN; break; }
        if (number >= 0) {
          // its value (more than 9 digits: larger than any game's move number)
          let n = 0;
          if (q - pos > 9) n = i32.MAX_VALUE;
          else for (let d = pos; d < q; d++) n = n * 10 + (<i32>load<u8>(MOVETEXT + <usize>d) - 48);
          if (number > 0 && (n < number || (n == number && since >= 2))) { why = STOP_TOKEN; break; }
          number = n;
          since = 0;
        }
        pos = q;
        continue;
      }
      if (k == K_DIGIT || q - pos > MAX_SYMBOL) { why = STOP_TOKEN; break; } // 1-0, 0-1, 0-0, too long
      if (pending >= 0) {
        // The position lives in p and the scratch slot by turns: one copy per move, not two.
        const next = cur == p ? SCRATCH_POS : p;
        makeMove(cur, next, <u32>pending);
        cur = next;
        pending = -1;
      }
      const m = resolveSymbol(cur, pos, q);
      if (m < 0) { why = STOP_TOKEN; break; }
      pending = <i32>m;
      moves++;
      since++;
      pos = q;
      continue;
    }
    if (c == 10) { pos++; line++; lineStart = pos; continue; }
    if (c == 13) {
      if (pos + 1 >= len && !final) break; // a CR LF may be cut here
      pos++;
      if (pos < len && load<u8>(MOVETEXT + <usize>pos) == 10) pos++;
      line++;
      lineStart = pos;
      continue;
    }
    if (c == 123) {
      // A comment without its closing brace here, too long or not ASCII is the reader's. Sixteen
      // bytes at a time while none is a brace, a control character (line ends) or non-ASCII.
      let q = pos + 1;
      let cLine = line, cLineStart = lineStart;
      let d = 0;
      for (;;) {
        while (q + 16 <= len) {
          const v = v128.load(MOVETEXT + <usize>q);
          const mask = i8x16.bitmask(v128.or(i8x16.eq(v, i8x16.splat(125)), i8x16.lt_s(v, i8x16.splat(14))));
          if (mask) { q += ctz<i32>(mask); break; }
          q += 16;
        }
        if (q >= len) break;
        d = <i32>load<u8>(MOVETEXT + <usize>q);
        if (d == 125 || d >= 128) break;
        q++;
        if (d == 10) { cLine++; cLineStart = q; }
        else if (d == 13) {
          if (q < len && load<u8>(MOVETEXT + <usize>q) == 10) q++;
          cLine++;
          cLineStart = q;
        }
      }
      if (q < len && d >= 128) { why = STOP_NON_ASCII; break; }
      if (q >= len) { why = final ? STOP_TOKEN : STOP_WINDOW; break; }
      if (q - pos - 1 > maxComment) { why = STOP_TOKEN; break; }
      line = cLine;
      lineStart = cLineStart;
      pos = q + 1;
      continue;
    }
    if (c >= 128) { why = STOP_NON_ASCII; break; }
    if (skipNags && (c == 33 || c == 63 || c == 36)) {
      // A suffix annotation (! ? !! ?? !? ?!) or a NAG of $0…$255: nothing to report when nobody
      // takes NAGs; anything else (!!!, $, $256) is the reader's, for its error.
      let q = pos + 1;
      if (c == 36) {
        let v = 0;
        while (q < len && q - pos <= 4) {
          const d = <i32>load<u8>(MOVETEXT + <usize>q) - 48;
          if (d < 0 || d > 9) break;
          v = v * 10 + d;
          q++;
        }
        if (q >= len && !final) break;
        if (q == pos + 1 || v > 255 || q - pos > 4) { why = STOP_TOKEN; break; }
      } else {
        while (q < len && (load<u8>(MOVETEXT + <usize>q) == 33 || load<u8>(MOVETEXT + <usize>q) == 63)) q++;
        if (q >= len && !final) break;
        if (q - pos > 2) { why = STOP_TOKEN; break; }
      }
      pos = q;
      continue;
    }
    why = STOP_TOKEN;
    break;
  }
  if (cur != p) copyPos(p, cur);
  store<i32>(RESULT, pos, 64);
  store<i32>(RESULT, pending, 68);
  store<i32>(RESULT, line, 72);
  store<i32>(RESULT, lineStart, 76);
  store<i32>(RESULT, why, 80);
  store<i32>(RESULT, number, 84);
  store<i32>(RESULT, since, 88);
  return moves;
}

/** Whether the name of tag record i equals MOVETEXT[s..e). */
function sameName(i: i32, s: i32, e: i32): bool {
  const r = TAGS_OUT + (<usize>i << 4);
  const a = load<i32>(r);
  if (load<i32>(r, 4) - a != e - s) return false;
  for (let k = 0; k < e - s; k++)
    if (load<u8>(MOVETEXT + <usize>(a + k)) != load<u8>(MOVETEXT + <usize>(s + k))) return false;
  return true;
}

/**
 * Reads the tag section from the `[` at MOVETEXT[at] while its tags have the plain shape, one per
 * line: `[Name "value"]`, a name starting with a letter (at most 255 characters), blanks only before
 * the value and before `]`, an ASCII value of at most `maxValue` characters without escapes or line
 * ends, and no name twice. Each tag read is recorded at TAGS_OUT (name start and end, value start and
 * end). It stops at anything else (a tag of another shape, a repeated name, the movetext, …), after
 * the white space before it, and the reader goes on from there. Returns the number of tags read;
 * RESULT[16] = the offset where it stopped, [18] = the line and [19] = its start there.
 */
export function playTags(len: i32, at: i32, line: i32, lineStart: i32, maxValue: i32, final: i32): i32 {
  if (len > <i32>MOVETEXT_SIZE) len = <i32>MOVETEXT_SIZE;
  let pos = at;
  let n = 0;
  while (pos < len && n < MAX_TAGS && load<u8>(MOVETEXT + <usize>pos) == 91) {
    let p = pos + 1;
    const s = p;
    let c = p < len ? <i32>load<u8>(MOVETEXT + <usize>p) : 0;
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) break;
    let hash = c;
    for (p++; p < len; p++) {
      c = <i32>load<u8>(MOVETEXT + <usize>p);
      if (classOf(c) < K_DIGIT) break;
      hash = hash * 31 + c;
    }
    const e = p;
    if (p >= len || e - s > 255) break;
    while (p < len && (c == 32 || c == 9)) c = <i32>load<u8>(MOVETEXT + <usize>++p);
    if (p >= len || c != 34) break;
    const vs = p + 1;
    // Sixteen bytes at a time while none is a quote, a backslash, a control character or non-ASCII.
    for (p++; p + 16 <= len; p += 16) {
      const v = v128.load(MOVETEXT + <usize>p);
      const stop = v128.or(v128.or(i8x16.eq(v, i8x16.splat(34)), i8x16.eq(v, i8x16.splat(92))), i8x16.lt_s(v, i8x16.splat(14)));
      const mask = i8x16.bitmask(stop);
      if (mask) { p += ctz<i32>(mask); break; }
    }
    for (; p < len; p++) {
      c = <i32>load<u8>(MOVETEXT + <usize>p);
      if (c == 34 || c == 92 || c == 10 || c == 13 || c >= 128) break;
    }
    if (p >= len || c != 34) break;
    const ve = p;
    if (ve - vs > maxValue) break;
    for (p++; p < len; p++) {
      c = <i32>load<u8>(MOVETEXT + <usize>p);
      if (c != 32 && c != 9) break;
    }
    if (p >= len || c != 93) break;
    let repeated = false;
    for (let i = 0; i < n && !repeated; i++)
      repeated = load<i32>(TAG_HASH + (<usize>i << 2)) == hash && sameName(i, s, e);
    if (repeated) break;
    const r = TAGS_OUT + (<usize>n << 4);
    store<i32>(r, s);
    store<i32>(r, e, 4);
    store<i32>(r, vs, 8);
    store<i32>(r, ve, 12);
    store<i32>(TAG_HASH + (<usize>n << 2), hash);
    n++;
    // White space up to the next token (a line end cut by the end of the text here stays unread).
    pos = skipSpace(p + 1, len, line, lineStart, final);
    line = load<i32>(RESULT, 72);
    lineStart = load<i32>(RESULT, 76);
  }
  store<i32>(RESULT, pos, 64);
  store<i32>(RESULT, line, 72);
  store<i32>(RESULT, lineStart, 76);
  return n;
}

/** Whether MOVETEXT[s..e) spells `name` (ASCII letters given as a string of char codes). */
function nameIs(s: i32, e: i32, a: i32, b: i32, c: i32, d: i32, f: i32, g: i32, h: i32, len: i32): bool {
  if (e - s != len) return false;
  const at = MOVETEXT + <usize>s;
  if (<i32>load<u8>(at) != a || <i32>load<u8>(at, 1) != b || <i32>load<u8>(at, 2) != c) return false;
  if (len == 3) return true;
  if (<i32>load<u8>(at, 3) != d || <i32>load<u8>(at, 4) != f) return false;
  if (len == 5) return true;
  return <i32>load<u8>(at, 5) == g && <i32>load<u8>(at, 6) == h;
}

/** Whether one of the first n tag records is a setup tag (FEN, SetUp, Variant): such games are the reader's. */
function hasSetupTag(n: i32): bool {
  for (let i = 0; i < n; i++) {
    const r = TAGS_OUT + (<usize>i << 4);
    const s = load<i32>(r), e = load<i32>(r, 4);
    if (nameIs(s, e, 70, 69, 78, 0, 0, 0, 0, 3)) return true; // FEN
    if (nameIs(s, e, 83, 101, 116, 85, 112, 0, 0, 5)) return true; // SetUp
    if (nameIs(s, e, 86, 97, 114, 105, 97, 110, 116, 7)) return true; // Variant
  }
  return false;
}

/**
 * The end of the game termination marker at MOVETEXT[s] (`1-0`, `0-1`, `1/2-1/2`, `*`), or -1 when
 * there is none there, or when the text after it is not here to show that the marker ends there.
 */
function resultEnd(s: i32, len: i32, final: i32): i32 {
  const c = <i32>load<u8>(MOVETEXT + <usize>s);
  let e = -1;
  if (c == 42) e = s + 1;
  else if (c == 49 || c == 48) {
    let q = s + 1;
    while (q < len && classOf(<i32>load<u8>(MOVETEXT + <usize>q)) >= K_DIGIT) q++;
    if (q - s == 3 && load<u8>(MOVETEXT + <usize>(s + 1)) == 45) {
      const b = <i32>load<u8>(MOVETEXT + <usize>(s + 2));
      if ((c == 49 && b == 48) || (c == 48 && b == 49)) e = q;
    } else if (q - s == 1 && c == 49 && q + 6 <= len && load<u8>(MOVETEXT + <usize>q) == 47 &&
      load<u8>(MOVETEXT + <usize>(q + 1)) == 50 && load<u8>(MOVETEXT + <usize>(q + 2)) == 45 &&
      load<u8>(MOVETEXT + <usize>(q + 3)) == 49 && load<u8>(MOVETEXT + <usize>(q + 4)) == 47 &&
      load<u8>(MOVETEXT + <usize>(q + 5)) == 50) e = q + 6;
  }
  if (e < 0 || (e >= len && !final)) return -1;
  return e;
}

/** Position slot of the game `playGames` replays (a ply slot: no search runs during a read). */
const GAME_POS: usize = POS_STACK;

/**
 * The offset after the white space at MOVETEXT[q..len), with the line count and line start kept in
 * RESULT[18], [19] (a CR that may be half of a CR LF cut at `len` stays unread).
 */
function skipSpace(q: i32, len: i32, line: i32, lineStart: i32, final: i32): i32 {
  while (q < len) {
    const c = <i32>load<u8>(MOVETEXT + <usize>q);
    if (c == 32 || c == 9 || c == 11 || c == 12) { q++; continue; }
    if (c == 10) { q++; line++; lineStart = q; continue; }
    if (c == 13) {
      if (q + 1 >= len && !final) break;
      q++;
      if (q < len && load<u8>(MOVETEXT + <usize>q) == 10) q++;
      line++;
      lineStart = q;
      continue;
    }
    break;
  }
  store<i32>(RESULT, line, 72);
  store<i32>(RESULT, lineStart, 76);
  return q;
}

/**
 * Reads whole plain games from MOVETEXT[at..len), after the white space there, each from its `[`:
 * plain tags (`playTags`) without a setup tag (FEN, SetUp, Variant), then plain movetext
 * (`playMovetext`) replayed from `start` (a standard starting position), then a termination marker
 * and the white space after it. It stops at the start of the first game that is not all of that (or
 * that the text here does not hold whole), which the reader then reads itself: every game taken here
 * is one the reader would read without an error or a warning, so only the counts are kept. Returns
 * the games taken; RESULT[24] = their moves, RESULT[16] = the offset where it stopped, [18] = the line
 * and [19] = its start there.
 */
export function playGames(start: usize, len: i32, at: i32, line: i32, lineStart: i32, maxValue: i32,
  maxComment: i32, final: i32): i32 {
  if (len > <i32>MOVETEXT_SIZE) len = <i32>MOVETEXT_SIZE;
  let pos = skipSpace(at, len, line, lineStart, final);
  line = load<i32>(RESULT, 72);
  lineStart = load<i32>(RESULT, 76);
  let games = 0;
  let moves = 0;
  while (pos < len && load<u8>(MOVETEXT + <usize>pos) == 91) {
    const n = playTags(len, pos, line, lineStart, maxValue, final);
    if (n == 0 || hasSetupTag(n)) break;
    const body = load<i32>(RESULT, 64);
    if (body >= len || load<u8>(MOVETEXT + <usize>body) == 91) break;
    copyPos(GAME_POS, start);
    store<i32>(RESULT, 0, 84);
    store<i32>(RESULT, 0, 88);
    const m = playMovetext(GAME_POS, len, body, -1, load<i32>(RESULT, 72), load<i32>(RESULT, 76), maxComment, final, true);
    if (load<i32>(RESULT, 80) != STOP_TOKEN) break;
    const stop = load<i32>(RESULT, 64);
    if (stop >= len) break;
    const q = resultEnd(stop, len, final);
    if (q < 0) break;
    pos = skipSpace(q, len, load<i32>(RESULT, 72), load<i32>(RESULT, 76), final);
    line = load<i32>(RESULT, 72);
    lineStart = load<i32>(RESULT, 76);
    games++;
    moves += m;
  }
  store<i32>(RESULT, pos, 64);
  store<i32>(RESULT, line, 72);
  store<i32>(RESULT, lineStart, 76);
  store<i32>(RESULT, moves, 96);
  return games;
}
