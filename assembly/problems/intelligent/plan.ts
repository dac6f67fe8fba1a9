// A plan of intelligent mode: a final picture of a help(stale)mate, described by what makes it one:
// the square of the king that is mated (the king is an entry too), what checks it (mate only), and
// for each square next to that king the piece of its own side that blocks it or the piece of the
// mating side that guards it. Each piece named is an entry: the squares it may end on, the role it
// ends in (a pawn possibly promoted) and the moves it needs from its square of the diagram.
//
// A final position has exactly one canonical description, so the lines found for one plan are
// checked against it and every solution is found under one plan only: a square next to the king
// holding a piece of the king's side is blocked by that piece; else it is guarded "from home" when a mating piece
// standing on its square of the diagram in its role there attacks it (which one does not matter:
// none needs a move), else by the attacking piece with the lowest identity. The check is given
// from home, or by the lowest-identity checker, alike.
import { knightAttacks, pawnAttacks, rookAttacks, bishopAttacks, kingAttacks, between } from '../../chess/attacks';
import { attackersTo } from '../../chess/movegen';
import { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, colorBB, roleBB, occupied, pieceAt } from '../../chess/position';
import { INTEL } from '../layout';
import { dist, promotedDist, FAR } from './distance';
import { idAt, squareOf, roleOf, colorOf, homeOf, CAPTURED } from './pieces';

/** One entry per piece at most. */
export const MAX_ENTRIES = 32;
const LAST_RANKS: u64 = 0xff000000000000ff;

const ENT_ID: usize = memory.data(MAX_ENTRIES);
const ENT_ROLE: usize = memory.data(MAX_ENTRIES);
const ENT_TARGET: usize = memory.data(MAX_ENTRIES * 8);
const ENT_COST: usize = memory.data(MAX_ENTRIES * 4);
/** Identity → entry index + 1 (0: not in the plan). */
const ENTRY_OF: usize = memory.data(64);
/** Per entry: moves from each square, as the final role and (pawns that promote) as the pawn, filled as asked. */
const AS_FINAL: usize = INTEL + 2 * 128 * 64;
const AS_PAWN: usize = AS_FINAL + MAX_ENTRIES * 64;
/**
 * Tables shared by plans: (colour, role, promoting pawn, target squares) → moves from each square.
 * Many plans name pieces with the same targets; each table is computed once (meta's low bit marks a used slot).
 */
const CACHE_SLOTS = 1024;
const CACHE_KEYS: usize = AS_PAWN + MAX_ENTRIES * 64;
const CACHE_TABLES: usize = CACHE_KEYS + CACHE_SLOTS * 16;
/** The end of the plan's scratch in INTEL. */
export const PLAN_END: usize = CACHE_TABLES + CACHE_SLOTS * 64;
const UNKNOWN: u8 = 0xff;

/** Copies into dst the moves from every square for (color, role, asPawn, target), computing them once. */
function cachedTable(dst: usize, id: i32, role: i32, target: u64, asPawn: bool): void {
  const meta = <u64>(1 | (colorOf(id) << 1) | (role << 2) | ((asPawn ? 1 : 0) << 5));
  let h = target * 0x9e3779b97f4a7c15 ^ meta * 0xc2b2ae3d27d4eb4f;
  h ^= h >> 29;
  const slot = <usize>(h & <u64>(CACHE_SLOTS - 1));
  const k = CACHE_KEYS + (slot << 4);
  const table = CACHE_TABLES + (slot << 6);
  if (load<u64>(k) != target || load<u64>(k, 8) != meta) {
    for (let sq = 0; sq < 64; sq++) store<u8>(table + <usize>sq, <u8>costFrom(id, role, target, sq, asPawn));
    store<u64>(k, target);
    store<u64>(k, meta, 8);
  }
  for (let o: usize = 0; o < 64; o += 16) v128.store(dst + o, v128.load(table + o));
}

export let entries: i32 = 0;

// The picture: king square, checker (0: from home), and one assignment per square next to the king.
export let kingSquare: i32 = 0;
export let checkerId: i32 = 0;
export let checkerRole: i32 = 0;
export let flightCount: i32 = 0;
const FL_SQ: usize = memory.data(8);
const FL_KIND: usize = memory.data(8);
const FL_ID: usize = memory.data(8);
const FL_ROLE: usize = memory.data(8);

/** How a square next to the king is taken away: a named mating piece guards it, it is blocked, or it is guarded from home. */
export const GUARD: i32 = 0, BLOCK: i32 = 1, FROM_HOME: i32 = 2;

@inline export function entryOf(id: i32): i32 { return <i32>load<u8>(ENTRY_OF + <usize>id) - 1; }
@inline export function entryId(e: i32): i32 { return <i32>load<u8>(ENT_ID + <usize>e); }
@inline export function entryRole(e: i32): i32 { return <i32>load<u8>(ENT_ROLE + <usize>e); }
@inline export function entryTarget(e: i32): u64 { return load<u64>(ENT_TARGET + (<usize>e << 3)); }
@inline export function entryCost(e: i32): i32 { return load<i32>(ENT_COST + (<usize>e << 2)); }
@inline export function flightSquare(i: i32): i32 { return <i32>load<u8>(FL_SQ + <usize>i); }

let beyondReady = false;
export function setPicture(king: i32): void {
  const moved = king != kingSquare || !beyondReady;
  kingSquare = king;
  if (moved) {
    for (let f = 0; f < 64; f++) store<u64>(BEYOND + (<usize>f << 3), f == king ? 0 : beyondOf(f));
    beyondReady = true;
  }
  let f = kingAttacks(king);
  flightCount = 0;
  while (f) {
    store<u8>(FL_SQ + <usize>flightCount, <u8>ctz<u64>(f));
    flightCount++;
    f &= f - 1;
  }
}
export function setChecker(id: i32, role: i32): void { checkerId = id; checkerRole = role; }
export function assignFlight(i: i32, kind: i32, id: i32, role: i32): void {
  store<u8>(FL_KIND + <usize>i, <u8>kind);
  store<u8>(FL_ID + <usize>i, <u8>id);
  store<u8>(FL_ROLE + <usize>i, <u8>role);
}

/** Stalemate: blockers that must be pinned, with their pinners (square of the blocker, pinner identity and role). */
let pinCount = 0;
const PIN_SQ: usize = memory.data(8);
const PIN_ID: usize = memory.data(8);
const PIN_ROLE: usize = memory.data(8);
export function setPin(j: i32, f: i32, id: i32, role: i32): void {
  store<u8>(PIN_SQ + <usize>j, <u8>f);
  store<u8>(PIN_ID + <usize>j, <u8>id);
  store<u8>(PIN_ROLE + <usize>j, <u8>role);
}
export function setPinCount(n: i32): void { pinCount = n; }

/** Does the line from the king's square through f (a square next to it) run diagonally? */
@inline export function onDiagonal(f: i32): bool { return (f & 7) != (kingSquare & 7) && (f >> 3) != (kingSquare >> 3); }

/** beyond() of every square for the picture's king square (filled by setPicture: pins ask it often). */
const BEYOND: usize = memory.data(64 * 8);
/** Squares beyond f on the line from the king's square through f (next to it, or on one of its lines). */
@inline export function beyond(f: i32): u64 { return load<u64>(BEYOND + (<usize>f << 3)); }
function beyondOf(f: i32): u64 {
  const df = sign((f & 7) - (kingSquare & 7)), dr = sign((f >> 3) - (kingSquare >> 3));
  let out: u64 = 0;
  let x = (f & 7) + df, y = (f >> 3) + dr;
  while (x >= 0 && x < 8 && y >= 0 && y < 8) {
    out |= (<u64>1) << <u64>(y * 8 + x);
    x += df;
    y += dr;
  }
  return out;
}

@inline function sign(x: i32): i32 { return x > 0 ? 1 : x < 0 ? -1 : 0; }

/** Is the piece nearest beyond f on its line from the king piece `id` in `role`? */
function pinnedBy(p: usize, ply: i32, f: i32, id: i32, role: i32): bool {
  const pieces = beyond(f) & occupied(p);
  if (pieces == 0) return false;
  // the nearest is the lowest square when the line runs up the board, the highest when it runs down
  const s = f > kingSquare ? <i32>ctz<u64>(pieces) : 63 - <i32>clz<u64>(pieces);
  return idAt(ply, s) == id && (pieceAt(p, s) & 7) == role;
}

/**
 * Stalemate: the fate of every other piece of the stalemated side, named by the picture: captured
 * (a bit per identity), or ending on its entry's one square.
 */
let captured: u64 = 0;
let placedCount = 0;
const PLACED_ID: usize = memory.data(32);
const PLACED_SQ: usize = memory.data(32);
const PLACED_ROLE: usize = memory.data(32);
export function setFates(capturedIds: u64, count: i32): void {
  captured = capturedIds;
  placedCount = count;
}
export function setPlaced(j: i32, id: i32, sq: i32, role: i32): void {
  store<u8>(PLACED_ID + <usize>j, <u8>id);
  store<u8>(PLACED_SQ + <usize>j, <u8>sq);
  store<u8>(PLACED_ROLE + <usize>j, <u8>role);
}

export function clearPlan(): void {
  entries = 0;
  pinCount = 0;
  captured = 0;
  placedCount = 0;
  memory.fill(ENTRY_OF, 0, 64);
}

/** Squares from which a piece of `role` and `color` attacks sq on an empty board. */
export function attackSet(role: i32, color: i32, sq: i32): u64 {
  if (role == KNIGHT) return knightAttacks(sq);
  if (role == KING) return kingAttacks(sq);
  if (role == BISHOP) return bishopAttacks(sq, 0);
  if (role == ROOK) return rookAttacks(sq, 0);
  if (role == QUEEN) return bishopAttacks(sq, 0) | rookAttacks(sq, 0);
  // a pawn of `color` attacks sq from where a pawn of the other colour on sq would attack
  return pawnAttacks(color ^ 1, sq) & ~LAST_RANKS;
}

/** Fewest moves for piece `id` on `from` to end as `role` on a square of `target` (`asPawn`: it is still a pawn). */
export function costFrom(id: i32, role: i32, target: u64, from: i32, asPawn: bool): i32 {
  const color = colorOf(id);
  let best = FAR;
  let t = target;
  while (t) {
    const sq = <i32>ctz<u64>(t);
    t &= t - 1;
    const d = asPawn && role != PAWN ? promotedDist(color, from, role, sq) : dist(role, color, from, sq);
    if (d < best) {
      best = d;
      if (d == 0) break;
    }
  }
  return best;
}

/**
 * Names piece `id` in the plan as `role` ending within `target` (a second use narrows its squares),
 * counted from its square in the diagram. Returns the entry's previous cost (-1: a new entry) for
 * undoEntry, or -2 when no square is left.
 */
export function useEntry(id: i32, role: i32, target: u64, knownCost: i32 = -1): i32 {
  let e = entryOf(id);
  const pawn = roleOf(id) == PAWN;
  if (e >= 0) {
    const narrowed = entryTarget(e) & target;
    if (narrowed == 0) return -2;
    const old = entryCost(e);
    store<u64>(ENT_TARGET + (<usize>e << 3), narrowed);
    store<i32>(ENT_COST + (<usize>e << 2), costFrom(id, role, narrowed, homeOf(id), pawn));
    return old;
  }
  if (target == 0 || entries >= MAX_ENTRIES) return -2;
  e = entries++;
  store<u8>(ENT_ID + <usize>e, <u8>id);
  store<u8>(ENT_ROLE + <usize>e, <u8>role);
  store<u64>(ENT_TARGET + (<usize>e << 3), target);
  store<i32>(ENT_COST + (<usize>e << 2), knownCost >= 0 ? knownCost : costFrom(id, role, target, homeOf(id), pawn));
  store<u8>(ENTRY_OF + <usize>id, <u8>(e + 1));
  return -1;
}

/** Undoes useEntry: `old` is what it returned, `target` the entry's squares before the call. */
export function undoEntry(id: i32, old: i32, target: u64): void {
  const e = entryOf(id);
  if (old == -1) {
    entries--;
    store<u8>(ENTRY_OF + <usize>id, 0);
    return;
  }
  store<u64>(ENT_TARGET + (<usize>e << 3), target);
  store<i32>(ENT_COST + (<usize>e << 2), old);
}

const SAVED_TARGET: usize = memory.data(MAX_ENTRIES * 8);
const SAVED_COST: usize = memory.data(MAX_ENTRIES * 4);

/** Squares of `from` whose line to `to` crosses one of `squares` (a slider there does not reach `to`). */
function shadowed(from: u64, to: i32, squares: u64): u64 {
  let out: u64 = 0;
  let t = from;
  while (t) {
    const s = <i32>ctz<u64>(t);
    t &= t - 1;
    if (between(s, to) & squares) out |= (<u64>1) << <u64>s;
  }
  return out;
}

@inline export function isSlider(role: i32): bool { return role == BISHOP || role == ROOK || role == QUEEN; }

/**
 * Narrows the mating side's entries to what the whole picture allows (the enumeration names them
 * one square at a time): no mating piece ends on a blocked square, and a bishop, rook or queen
 * that checks or guards does so along a line no blocker crosses. Returns the mating side's counted
 * moves after narrowing, or -1 when some entry has no square left; restorePlan undoes it.
 */
export function narrowPlan(mater: i32): i32 {
  let blocked: u64 = 0;
  for (let i = 0; i < flightCount; i++)
    if (<i32>load<u8>(FL_KIND + <usize>i) == BLOCK) blocked |= (<u64>1) << <u64>flightSquare(i);
  let sum = 0;
  for (let e = 0; e < entries; e++) {
    store<u64>(SAVED_TARGET + (<usize>e << 3), entryTarget(e));
    store<i32>(SAVED_COST + (<usize>e << 2), entryCost(e));
  }
  for (let e = 0; e < entries; e++) {
    const id = entryId(e);
    if (colorOf(id) != mater) continue;
    const role = entryRole(e);
    let t = entryTarget(e) & ~blocked;
    if (blocked != 0 && isSlider(role)) {
      if (id == checkerId) t &= ~shadowed(t, kingSquare, blocked);
      for (let i = 0; i < flightCount; i++)
        if (<i32>load<u8>(FL_KIND + <usize>i) == GUARD && <i32>load<u8>(FL_ID + <usize>i) == id)
          t &= ~shadowed(t, flightSquare(i), blocked);
    }
    if (t == 0) return -1;
    if (t != entryTarget(e)) {
      store<u64>(ENT_TARGET + (<usize>e << 3), t);
      store<i32>(ENT_COST + (<usize>e << 2), costFrom(id, role, t, homeOf(id), roleOf(id) == PAWN));
    }
    sum += entryCost(e);
  }
  return sum;
}

/** Undoes narrowPlan. */
export function restorePlan(): void {
  for (let e = 0; e < entries; e++) {
    store<u64>(ENT_TARGET + (<usize>e << 3), load<u64>(SAVED_TARGET + (<usize>e << 3)));
    store<i32>(ENT_COST + (<usize>e << 2), load<i32>(SAVED_COST + (<usize>e << 2)));
  }
}

/** Fills the per-square move counts of every entry (before a plan is searched). */
export function clearTables(): void {
  for (let e = 0; e < entries; e++) {
    const id = entryId(e), role = entryRole(e), target = entryTarget(e);
    cachedTable(AS_FINAL + (<usize>e << 6), id, role, target, false);
    if (roleOf(id) == PAWN && role != PAWN) cachedTable(AS_PAWN + (<usize>e << 6), id, role, target, true);
  }
}

/** Replaces entry e's moves from each square (in its final role) with the 64 bytes at `table`. */
export function setMovesFrom(e: i32, table: usize): void { memory.copy(AS_FINAL + (<usize>e << 6), table, 64); }

/** Moves entry e still needs from square sq, being a pawn (not yet promoted) or not. */
@inline export function movesFrom(e: i32, sq: i32, stillPawn: bool): i32 {
  const promotes = stillPawn && entryRole(e) != PAWN;
  return <i32>load<u8>((promotes ? AS_PAWN : AS_FINAL) + (<usize>e << 6) + <usize>sq);
}

/** Is piece `id` on its square of the diagram, in its role there, at `ply`? */
@inline export function atHome(p: usize, ply: i32, id: i32): bool {
  const sq = squareOf(ply, id);
  return sq == homeOf(id) && (pieceAt(p, sq) & 7) == roleOf(id);
}

/** The lowest identity among the pieces on `squares` at `ply`. */
function canonicalId(p: usize, ply: i32, squares: u64): i32 {
  let best = 0;
  while (squares) {
    const id = idAt(ply, <i32>ctz<u64>(squares));
    squares &= squares - 1;
    if (best == 0 || id < best) best = id;
  }
  return best;
}

/**
 * Is the final position p (identities at `ply`, the mated side to move) the plan's: its king on
 * the plan's square, the check and each square next to the king taken away as the plan says?
 */
export function describes(p: usize, ply: i32, mater: i32, mate: bool): bool {
  const mated = mater ^ 1;
  const kb = colorBB(p, mated) & roleBB(p, KING);
  if (<i32>ctz<u64>(kb) != kingSquare) return false;
  if (mate) {
    const c = canonicalId(p, ply, attackersTo(p, kingSquare, mater, occupied(p)));
    if (c != checkerId) return false;
    if (c != 0 && (pieceAt(p, squareOf(ply, c)) & 7) != checkerRole) return false;
  }
  const occ = occupied(p) ^ kb;
  const own = colorBB(p, mated);
  for (let i = 0; i < flightCount; i++) {
    const f = flightSquare(i);
    const kind = <i32>load<u8>(FL_KIND + <usize>i);
    if ((own >> <u64>f) & 1) {
      if (kind != BLOCK || idAt(ply, f) != <i32>load<u8>(FL_ID + <usize>i)) return false;
      if ((pieceAt(p, f) & 7) != <i32>load<u8>(FL_ROLE + <usize>i)) return false;
      continue;
    }
    if (kind == BLOCK) return false;
    const g = canonicalId(p, ply, attackersTo(p, f, mater, occ));
    if (kind == FROM_HOME) {
      if (g != 0) return false;
    } else if (g != <i32>load<u8>(FL_ID + <usize>i) || (pieceAt(p, squareOf(ply, g)) & 7) != <i32>load<u8>(FL_ROLE + <usize>i)) return false;
  }
  let c = captured;
  while (c) {
    if (squareOf(ply, <i32>ctz<u64>(c)) != CAPTURED) return false;
    c &= c - 1;
  }
  // a placed piece ends on its square in its role (a pawn placed as a pawn and one promoted there
  // are two pictures)
  for (let j = 0; j < placedCount; j++) {
    const sq = <i32>load<u8>(PLACED_SQ + <usize>j);
    if (squareOf(ply, <i32>load<u8>(PLACED_ID + <usize>j)) != sq) return false;
    if ((pieceAt(p, sq) & 7) != <i32>load<u8>(PLACED_ROLE + <usize>j)) return false;
  }
  for (let j = 0; j < pinCount; j++)
    if (!pinnedBy(p, ply, <i32>load<u8>(PIN_SQ + <usize>j), <i32>load<u8>(PIN_ID + <usize>j), <i32>load<u8>(PIN_ROLE + <usize>j))) return false;
  return true;
}

@inline export function flightKind(i: i32): i32 { return <i32>load<u8>(FL_KIND + <usize>i); }
@inline export function flightRole(i: i32): i32 { return <i32>load<u8>(FL_ROLE + <usize>i); }
@inline export function flightId(i: i32): i32 { return <i32>load<u8>(FL_ID + <usize>i); }
