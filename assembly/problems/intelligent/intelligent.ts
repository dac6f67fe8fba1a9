// Intelligent mode for help play (h#n, h=n): work backwards from the goal. Every final picture the
// material can reach (plan.ts) is enumerated: the square of the mated (stalemated) king, what checks
// it, and for each square next to it the piece that blocks or guards it, with the moves each needs
// (distance.ts: captures and promotions included, obstacles ignored, so never more than really
// needed); only pictures whose counts fit the moves left on each side are kept. Each is searched as
// help play in which every move is counted against the plan: a move after which one side needs more
// counted moves than it has left, or that captures a piece the plan names, is not played. A line is
// recorded when its final position is a mate (stalemate) whose canonical picture is the plan's, so
// each solution is found once; and all are found, since the picture of any solution is enumerated.
//
// The plain help search's table facts ("no goal within k half-moves from here") hold for every plan:
// plan searches read them, and write them where a subtree was searched without a cut of the plan.
import { posAt, movesAt, PATH, OUT, OUT_CAP, LAST_PLY } from '../layout';
import { play, generate, stopped, inCheck } from '../search';
import { goalMoves, goalReached } from '../goal';
import { goal, GOAL_MATE } from '../config';
import { flightsMayBeCovered } from '../checks';
import { prepareStaleTwo, staleTwoFails } from '../stale1';
import { keyOf, keyAfter, ttGet, ttPut, helpBit, seriesFails, seriesStore, K_HELP, K_SERIES } from '../tt';
import { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, WHITE, turn, colorBB, roleBB, castleRooks, pieceAt, mFrom, mTo, mPromo, M_CASTLE, O_TURN, O_EP } from '../../chess/position';
import { knightAttacks, kingAttacks, rookAttacks, bishopAttacks, between, pawnAttacks } from '../../chess/attacks';
import { initDistances, dist, pawnDist, promotedDist, FAR } from './distance';
import { numberPieces, pieceCount, idAt, roleOf, colorOf, homeOf, capturedBy, moveIds, squareOf, CAPTURED, clearIds, putId } from './pieces';
import { clearPos, putPiece } from '../../chess/position';
import { STACK_PLIES } from '../layout';
import {
  clearPlan, useEntry, undoEntry, entryOf, entryId, entries, entryRole, entryTarget, entryCost, clearTables, movesFrom,
  attackSet, costFrom, assignFlight, describes, flightSquare, setPicture, setChecker, kingSquare, flightCount,
  GUARD, BLOCK, FROM_HOME, PLAN_END, narrowPlan, restorePlan, flightKind, flightRole, setPin, setPinCount, beyond, onDiagonal,
  setFates, setPlaced, flightId, isSlider, checkerId, checkerRole, setMovesFrom,
} from './plan';

const LAST_RANKS: u64 = 0xff000000000000ff;
const K_INTEL: u64 = 0x5851f42d4c957f2d;
/** Bits of a key below the table's largest bucket index (tt.ts: at most 2^25 buckets). */
const SALT_SHIFT: u64 = 26;
/** Counted moves of each side still needed, per ply ([ply][side], i32). */
const SUMS: usize = PLAN_END;

let rootPly = 0;
let lines = 0;
let limit = 0;
let lineLength = 0;
let mater = 0;
let mated = 1;
let mate = true;
let budgetM = 0;
let budgetD = 0;
let sumM = 0;
let sumD = 0;
let kingId = 0;
/** Identities named as blockers in the plan being built. */
let blockers: u64 = 0;
let planSalt: u64 = 0;
/** Numbers every plan ever searched, so that no two plans share table entries. */
let planSerial: u64 = 0;
/** Plans searched (or counted) by the last call. */
export let planCount: i32 = 0;
/** Count the plans instead of searching them, up to countCap. */
let countOnly = false;
let countCap = 0;
/** Cuts made by a plan (not by the rules of the goal): a subtree searched without any is a plain fact. */
let cuts: i32 = 0;

@inline function sumAt(ply: i32, side: i32): i32 { return load<i32>(SUMS + (<usize>(ply * 2 + side) << 2)); }
@inline function setSum(ply: i32, side: i32, v: i32): void { store<i32>(SUMS + (<usize>(ply * 2 + side) << 2), v); }

/**
 * Slack for castling while the plan is built: one move that takes the king two squares and the
 * rook along can bring the counts down by three.
 */
@inline function castlingSlack(p: usize, side: i32): i32 { return (castleRooks(p) & colorBB(p, side)) != 0 ? 2 : 0; }

/**
 * The plan's slack for castling of `side` at p: the most one castling lowers the side's count below
 * the one move it takes (its king's and, when named, its rook's counts to their squares, from their
 * squares of the diagram to where castling puts them). None without castling rights or when the
 * king is not named.
 */
function planSlack(p: usize, side: i32): i32 {
  const rooks = castleRooks(p) & colorBB(p, side);
  if (rooks == 0) return 0;
  const kSq = <i32>ctz<u64>(colorBB(p, side) & roleBB(p, KING));
  const k = idAt(rootPly, kSq);
  const ke = entryOf(k);
  if (ke < 0) return 0;
  let best = 0;
  let r = rooks;
  while (r) {
    const rSq = <i32>ctz<u64>(r);
    r &= r - 1;
    const rank = kSq & 56;
    const kTo = rank + (rSq > kSq ? 6 : 2), rTo = rank + (rSq > kSq ? 5 : 3);
    let saving = costFrom(k, KING, entryTarget(ke), kSq, false) - costFrom(k, KING, entryTarget(ke), kTo, false) - 1;
    const rook = idAt(rootPly, rSq), re = entryOf(rook);
    if (re >= 0) saving += costFrom(rook, entryRole(re), entryTarget(re), rSq, false) - costFrom(rook, entryRole(re), entryTarget(re), rTo, false);
    if (saving > best) best = saving;
  }
  return best;
}
let slackM = 0;
let slackD = 0;

/** Squares one king step from the squares of bb (and bb). */
@inline function grow(bb: u64): u64 {
  const w = (bb >> 1) & 0x7f7f7f7f7f7f7f7f, e = (bb << 1) & 0xfefefefefefefefe;
  const row = bb | w | e;
  return row | (row << 8) | (row >> 8);
}

/**
 * How many plans a k-ply help play (series: k series moves of the given mode) from `ply` has,
 * counting up to cap + 1: too many, and the plain search is the cheaper one.
 */
export function countPlans(ply: i32, k: i32, cap: i32, seriesMode: i32): i32 {
  countOnly = true;
  countCap = cap;
  rawCount = 0;
  if (seriesMode < 0) intelligentLines(ply, k, 1, 64);
  else intelligentSeries(ply, k, seriesMode, 1, 64);
  countOnly = false;
  return planCount;
}

/** Series modes intelligent mode solves: the series side mates itself (ser-#, ser-=), or is mated after it (ser-h#, ser-h=). */
export const SERIES_DIRECT = 0, SERIES_HELP = 1;
/** -1: help play; else the series mode being solved. */
let series = -1;
/** Words of OUT used by series records. */
let used = 0;

/**
 * Lists every line of k plies from `ply` (side to move starts, the last mover reaches the goal)
 * whose final picture has the mated king on `ksq` (64: any square).
 */
export function intelligentLines(ply: i32, k: i32, max: i32, ksq: i32): i32 {
  series = -1;
  lineLength = k;
  if (k < 1 || ply + k >= LAST_PLY) return 0;
  const p = posAt(ply);
  const side = turn(p);
  const mater = (k & 1) ? side : side ^ 1;
  const movesM = side == mater ? (k + 1) >> 1 : k >> 1;
  return enumerate(ply, mater, movesM, k - movesM, max, ksq);
}

/**
 * Lists the series lines from `ply` (the series side to move) of up to k series moves whose final
 * picture has the mated king on `ksq` (64: any square), as series.ts records them: SERIES_DIRECT,
 * the series side's last move reaches the goal; SERIES_HELP, the other side's one move after it.
 */
export function intelligentSeries(ply: i32, k: i32, mode: i32, max: i32, ksq: i32): i32 {
  series = mode;
  used = 0;
  if (k < 1 || ply + k + 1 >= LAST_PLY) return 0;
  const side = turn(posAt(ply));
  lineLength = k;
  if (mode == SERIES_DIRECT) return enumerate(ply, side, k, 0, max, ksq);
  return enumerate(ply, side ^ 1, 1, k, max, ksq);
}

/** Enumerates the plans of the mating side `m` with movesM moves against movesD, and searches each. */
function enumerate(ply: i32, m: i32, movesM: i32, movesD: i32, max: i32, ksq: i32): i32 {
  initDistances();
  rootPly = ply;
  lines = 0;
  limit = max;
  planCount = 0;
  const p = posAt(ply);
  mater = m;
  mated = mater ^ 1;
  mate = goal == GOAL_MATE;
  budgetM = movesM + castlingSlack(p, mater);
  budgetD = movesD + (movesD > 0 ? castlingSlack(p, mated) : 0);
  const kb = colorBB(p, mated) & roleBB(p, KING);
  if (kb == 0) {
    // no king to mate or stalemate (NoWk / NoBk): pictures need one, so the plain search decides
    planCount = countOnly ? countCap + 1 : 0;
    return 0;
  }
  numberPieces(p, ply);
  fillMinDist();
  stopCostsReady = false;
  const from = <i32>ctz<u64>(kb);
  kingId = idAt(ply, from);
  // king squares nearest first, ring by ring
  let seen: u64 = 0, ring = kb;
  for (let d = 0; d <= budgetD && ring != 0 && lines < limit && stopped == 0; d++) {
    let r = ring;
    while (r && lines < limit && stopped == 0) {
      const sq = <i32>ctz<u64>(r);
      r &= r - 1;
      if (ksq < 64 && sq != ksq) continue;
      clearPlan();
      blockers = 0;
      setPicture(sq);
      clearGuardCosts();
      useEntry(kingId, KING, (<u64>1) << <u64>sq);
      sumM = 0;
      sumD = entryCost(0);
      // A piece of the mated side standing on the king's square must be gone from it, but it is not
      // named: it may leave, or be captured there or elsewhere (hpint.inp #56: Bh4-g3, Kh3xg3), so
      // neither side's count can be charged for it.
      if (sumD > budgetD) continue;
      if (mate) checker();
      else {
        setChecker(0, 0);
        flight(0);
      }
    }
    seen |= ring;
    ring = grow(ring) & ~seen;
  }
  return lines;
}

/** The roles a piece may end in: its own, or for a pawn also the pieces it promotes to (in time). */
@inline function roleCount(id: i32, budget: i32): i32 {
  if (roleOf(id) != PAWN) return 1;
  const rank = colorOf(id) == WHITE ? 56 : 0;
  for (let f = 0; f < 8; f++) if (pawnDist(colorOf(id), homeOf(id), rank + f) <= budget) return 5;
  return 1;
}
@inline function roleAt(id: i32, i: i32): i32 {
  if (roleOf(id) != PAWN) return roleOf(id);
  return i == 0 ? PAWN : i == 1 ? KNIGHT : i == 2 ? BISHOP : i == 3 ? ROOK : QUEEN;
}
/**
 * Where a mating piece of `role` may end to attack sq: never on the mated king's square, and the
 * mating king never next to it. (countPlans counts without the second rule: PLAN_CAP in
 * src/problems/solve/part.ts, the point where the plain search is the cheaper, was measured on
 * that count, and problems with more pictures are searched plainly as before.)
 */
@inline function attackFrom(role: i32, sq: i32): u64 {
  const kb = (<u64>1) << <u64>kingSquare;
  return attackSet(role, mater, sq) & ~(role == KING && !countOnly ? grow(kb) : kb);
}

/** Can some mating piece from its square of the diagram attack sq (on an empty board)? */
function homeCanAttack(sq: i32): bool {
  for (let id = 1; id <= pieceCount; id++) {
    if (colorOf(id) != mater) continue;
    if (attackSet(roleOf(id), mater, sq) & ((<u64>1) << <u64>homeOf(id))) return true;
  }
  return false;
}

/** [identity][square]: fewest moves for the piece to reach the square from its square of the diagram, in any role (fillMinDist). */
const MIN_DIST: usize = memory.data(33 * 64);
@inline function minDist(id: i32, sq: i32): i32 { return <i32>load<u8>(MIN_DIST + (<usize>id << 6) + <usize>sq); }

/** Fills MIN_DIST for the pieces just numbered (a pawn: as a pawn, or promoted). */
function fillMinDist(): void {
  for (let id = 1; id <= pieceCount; id++) {
    const role = roleOf(id), color = colorOf(id), home = homeOf(id);
    for (let sq = 0; sq < 64; sq++) {
      let d = dist(role, color, home, sq);
      if (role == PAWN && d > 1)
        for (let r = KNIGHT; r <= QUEEN; r++) { const x = promotedDist(color, home, r, sq); if (x < d) d = x; }
      store<u8>(MIN_DIST + (<usize>id << 6) + <usize>sq, <u8>d);
    }
    for (let d = 0; d < 16; d++) {
      let bb: u64 = 0;
      for (let sq = 0; sq < 64; sq++) if (minDist(id, sq) <= d) bb |= (<u64>1) << <u64>sq;
      store<u64>(REACH + (<usize>(id * 16 + d) << 3), bb);
    }
  }
}

/** [identity][d]: the squares the piece reaches within d moves (MIN_DIST), d < 16. */
const REACH: usize = memory.data(33 * 16 * 8);
@inline function reach(id: i32, d: i32): u64 { return d >= 16 ? ~(<u64>0) : load<u64>(REACH + (<usize>(id * 16 + d) << 3)); }

/** Fewest moves for a piece of the mated side (not its king, not named yet) to reach f. */
function cheapestBlock(f: i32): i32 {
  let best = FAR;
  for (let id = 1; id <= pieceCount; id++) {
    if (colorOf(id) != mated || roleOf(id) == KING || ((blockers >> <u64>id) & 1) != 0) continue;
    const d = minDist(id, f);
    if (d < best) best = d;
  }
  return best;
}

/** Fewest more moves for a mating piece away from home to guard f too (as named, or newly). */
function cheapestGuard(f: i32, kb: u64): i32 {
  let best = FAR;
  for (let id = 1; id <= pieceCount; id++) {
    if (colorOf(id) != mater) continue;
    const e = entryOf(id);
    let d = FAR;
    if (e >= 0) {
      const role = entryRole(e);
      const t = entryTarget(e) & attackFrom(role, f);
      if (t != 0) d = costFrom(id, role, t, homeOf(id), roleOf(id) == PAWN) - entryCost(e);
    } else {
      for (let r = 0; r < roleCount(id, budgetM - sumM); r++) {
        const x = guardCost(id, r, f);
        if (x < d) d = x;
      }
    }
    if (d < best) best = d;
    if (best == 0) break;
  }
  return best;
}

/**
 * [identity][role index][square]: moves for the piece to attack the square in that role, as
 * attackFrom allows for the king square of the pictures being built, computed once per piece and
 * role (GUARD_READY), cleared with clearGuardCosts when the king square or the counting mode changes.
 */
const GUARD_T: usize = memory.data(33 * 5 * 64);
const GUARD_READY: usize = memory.data(33 * 5);
@inline function clearGuardCosts(): void { memory.fill(GUARD_READY, 0, 33 * 5); }

function guardCost(id: i32, r: i32, f: i32): i32 {
  const slot = <usize>(id * 5 + r);
  const row = GUARD_T + (slot << 6);
  if (load<u8>(GUARD_READY + slot) == 0) {
    const role = roleAt(id, r);
    const pawn = roleOf(id) == PAWN;
    for (let sq = 0; sq < 64; sq++) store<u8>(row + <usize>sq, <u8>costFrom(id, role, attackFrom(role, sq), homeOf(id), pawn));
    store<u8>(GUARD_READY + slot, 1);
  }
  return <i32>load<u8>(row + <usize>f);
}

/**
 * A bound before covering squares i..: each needs a way within the moves left, and the squares only
 * a block can cover need the mated side's moves for their cheapest blockers together.
 */
function coverable(i: i32): bool {
  const kb = (<u64>1) << <u64>kingSquare;
  const leftD = budgetD - sumD, leftM = budgetM - sumM;
  let onlyBlocks = 0;
  for (let j = i; j < flightCount; j++) {
    const f = flightSquare(j);
    if (cheapestGuard(f, kb) <= leftM) continue;
    onlyBlocks += cheapestBlock(f);
    if (onlyBlocks > leftD) return false;
  }
  return true;
}

/** Names what checks the king: a piece from home, or a mating piece that moves there. */
function checker(): void {
  const ksq = kingSquare;
  for (let id = 1; id <= pieceCount && lines < limit && stopped == 0; id++) {
    if (colorOf(id) != mater || roleOf(id) == KING) continue;
    for (let r = 0; r < roleCount(id, budgetM); r++) {
      const role = roleAt(id, r);
      const old = useEntry(id, role, attackFrom(role, ksq));
      if (old == -2) continue;
      const cost = entryCost(entryOf(id));
      if (cost <= budgetM) {
        sumM = cost;
        setChecker(id, role);
        flight(0);
        sumM = 0;
      }
      undoEntry(id, old, 0);
    }
  }
}

/** Takes away square i next to the king and the ones after it: blocked, guarded from home, or guarded by a named piece. */
function flight(i: i32): void {
  if (lines >= limit || stopped != 0) return;
  if (i == flightCount) {
    runPlan();
    return;
  }
  if (!coverable(i)) return;
  const f = flightSquare(i);
  const kb = (<u64>1) << <u64>kingSquare;
  // blocked: a piece of the mated side not blocking yet ends on f (the one that leaves the king's square may)
  const fb = (<u64>1) << <u64>f;
  for (let id = 1; id <= pieceCount && lines < limit && stopped == 0; id++) {
    if (colorOf(id) != mated || roleOf(id) == KING || ((blockers >> <u64>id) & 1) != 0) continue;
    const named = entryOf(id);
    if (named >= 0) {
      const before = entryTarget(named);
      const old = useEntry(id, entryRole(named), fb);
      if (old == -2) continue;
      const delta = entryCost(named) - old;
      if (sumD + delta <= budgetD) {
        sumD += delta;
        blockers |= (<u64>1) << <u64>id;
        assignFlight(i, BLOCK, id, entryRole(named));
        flight(i + 1);
        blockers &= ~((<u64>1) << <u64>id);
        sumD -= delta;
      }
      undoEntry(id, old, before);
      continue;
    }
    if (minDist(id, f) > budgetD - sumD) continue;
    for (let r = 0; r < roleCount(id, budgetD - sumD); r++) {
      const role = roleAt(id, r);
      if (sumD + costFrom(id, role, fb, homeOf(id), roleOf(id) == PAWN) > budgetD) continue;
      const old = useEntry(id, role, fb);
      if (old == -2) continue;
      const cost = entryCost(entryOf(id));
      if (sumD + cost <= budgetD) {
        sumD += cost;
        blockers |= (<u64>1) << <u64>id;
        assignFlight(i, BLOCK, id, role);
        flight(i + 1);
        blockers &= ~((<u64>1) << <u64>id);
        sumD -= cost;
      }
      undoEntry(id, old, 0);
    }
  }
  for (let id = 1; id <= pieceCount && lines < limit && stopped == 0; id++) {
    if (colorOf(id) != mater) continue;
    const e = entryOf(id);
    if (e >= 0) {
      const role = entryRole(e);
      const before = entryTarget(e);
      const old = useEntry(id, role, attackFrom(role, f));
      if (old == -2) continue;
      const delta = entryCost(e) - old;
      if (sumM + delta <= budgetM) {
        sumM += delta;
        assignFlight(i, GUARD, id, role);
        flight(i + 1);
        sumM -= delta;
      }
      undoEntry(id, old, before);
    } else {
      for (let r = 0; r < roleCount(id, budgetM - sumM); r++) {
        if (sumM + guardCost(id, r, f) > budgetM) continue;
        const role = roleAt(id, r);
        const old = useEntry(id, role, attackFrom(role, f));
        if (old == -2) continue;
        const cost = entryCost(entryOf(id));
        if (sumM + cost <= budgetM) {
          sumM += cost;
          assignFlight(i, GUARD, id, role);
          flight(i + 1);
          sumM -= cost;
        }
        undoEntry(id, old, 0);
      }
    }
  }
}

/** Can some mating piece end on a square of `squares` as a piece moving along `diagonal` lines (or not)? */
function pinnerMayCome(squares: u64, diagonal: bool): bool {
  if (!pinCacheOn) return pinnerMayComeNow(squares, diagonal);
  const key = squares ^ (diagonal ? 0x8000000000000001 : 0);
  let h = key * 0x9e3779b97f4a7c15;
  const slot = <usize>(h >> 58) << 4;
  if (load<u64>(PIN_CACHE + slot) == key && load<u32>(PIN_CACHE + slot, 8) == pinGen) return load<u32>(PIN_CACHE + slot, 12) != 0;
  const yes = pinnerMayComeNow(squares, diagonal);
  store<u64>(PIN_CACHE + slot, key);
  store<u32>(PIN_CACHE + slot, pinGen, 8);
  store<u32>(PIN_CACHE + slot, yes ? 1 : 0, 12);
  return yes;
}

/**
 * While the stalemated side's fates are named, the mating side's entries and counts stand still, so
 * pinnerMayCome's answers are kept (64 slots: rays and their line, stamped with pinGen).
 */
let pinCacheOn = false;
let pinGen: u32 = 0;
const PIN_CACHE: usize = memory.data(64 * 16);

function pinnerMayComeNow(squares: u64, diagonal: bool): bool {
  const line = diagonal ? BISHOP : ROOK;
  const spare = budgetM - sumM;
  for (let id = 1; id <= pieceCount; id++) {
    if (colorOf(id) != mater || roleOf(id) == KING) continue;
    const e = entryOf(id);
    if (e >= 0) {
      const role = entryRole(e);
      if ((role == line || role == QUEEN) && (entryTarget(e) & squares) != 0) return true;
      continue;
    }
    if (roleOf(id) != PAWN) {
      // its one role: the squares it reaches in time are its reach
      if ((roleOf(id) == line || roleOf(id) == QUEEN) && (reach(id, spare) & squares) != 0) return true;
      continue;
    }
    for (let r = 0; r < roleCount(id, spare); r++) {
      const role = roleAt(id, r);
      if (role != line && role != QUEEN) continue;
      if (costFrom(id, role, squares, homeOf(id), roleOf(id) == PAWN) <= spare) return true;
    }
  }
  return false;
}

/** Blockers that must be pinned (their squares cannot all be filled in time), by square. */
let mustPin = 0;
const MUST_PIN: usize = memory.data(8);

/**
 * Stalemate: can every blocker stand still? A blocker (knight, bishop, rook or queen; pawns are not
 * judged) keeps a move to each square one step along its lines (a knight: that it attacks) that
 * its side does not hold: to a flight square the picture leaves open (empty or holding a mating
 * piece), or to any other square no piece of its side reaches. Only a pin stops that, and a pin
 * needs a mating piece beyond the blocker on its line from the king, holds a knight whole, a rook
 * only on a diagonal, a bishop only on a rank or file, and never a queen. So a blocker that cannot
 * be pinned needs a piece of its side on each of those squares (none can be on an open flight
 * square), whose moves must fit the ones left; one whose squares cannot all be filled must be
 * pinned, and is listed in MUST_PIN.
 */
function blockersMayStandStill(): bool {
  let flights: u64 = 0, blocked: u64 = 0;
  for (let i = 0; i < flightCount; i++) {
    const b = (<u64>1) << <u64>flightSquare(i);
    flights |= b;
    if (flightKind(i) == BLOCK) blocked |= b;
  }
  const open = flights & ~blocked;
  const held = blocked | ((<u64>1) << <u64>kingSquare);
  const spareD = budgetD - sumD;
  let fill: u64 = 0;
  mustPin = 0;
  for (let i = 0; i < flightCount; i++) {
    if (flightKind(i) != BLOCK) continue;
    const f = flightSquare(i);
    const role = flightRole(i);
    const steps = stepSquares(role, f) & ~held;
    if (steps == 0) continue;
    const diagonal = onDiagonal(f);
    const pinHolds = role == KNIGHT || (role == ROOK && diagonal) || (role == BISHOP && !diagonal);
    // the pinner moves along the blocker's line from the king
    const pinnable = pinHolds && pinnerMayCome(beyond(f), diagonal);
    let fillable = (steps & open) == 0;
    if (fillable) {
      let alone = 0;
      let t = steps;
      while (t && alone <= spareD) {
        alone += cheapestBlock(<i32>ctz<u64>(t));
        t &= t - 1;
      }
      fillable = alone <= spareD;
    }
    if (!fillable) {
      if (!pinnable) return false;
      store<u8>(MUST_PIN + <usize>mustPin, <u8>f);
      mustPin++;
    } else if (!pinnable) fill |= steps;
  }
  // each square to fill needs a piece of its own (the blockers' squares overlap: counted once)
  let sum = 0;
  while (fill) {
    sum += cheapestBlock(<i32>ctz<u64>(fill));
    if (sum > spareD) return false;
    fill &= fill - 1;
  }
  return true;
}

/**
 * Names a pinner for each blocker from MUST_PIN[j] on: a mating bishop or queen (on a diagonal) or
 * rook or queen beyond the blocker on its line from the king, counted like any named piece. The
 * pinner of a final position is the piece nearest beyond the blocker, so each position still has
 * one picture (describes checks it).
 */
function pinners(j: i32): void {
  if (lines >= limit || stopped != 0) return;
  if (j == mustPin) {
    setPinCount(mustPin);
    placeAll();
    return;
  }
  const f = <i32>load<u8>(MUST_PIN + <usize>j);
  const line = onDiagonal(f) ? BISHOP : ROOK;
  const pins = beyond(f);
  for (let id = 1; id <= pieceCount && lines < limit && stopped == 0; id++) {
    if (colorOf(id) != mater || roleOf(id) == KING) continue;
    // a named piece keeps its role and is narrowed to the pin squares; another may end in any role
    const e = entryOf(id);
    const roles = e >= 0 ? 1 : roleCount(id, budgetM - sumM);
    for (let r = 0; r < roles; r++) {
      const role = e >= 0 ? entryRole(e) : roleAt(id, r);
      if (role != line && role != QUEEN) continue;
      const before = e >= 0 ? entryTarget(e) : 0;
      const old = useEntry(id, role, pins);
      if (old == -2) continue;
      const added = entryCost(entryOf(id)) - (e >= 0 ? old : 0);
      if (sumM + added <= budgetM) {
        sumM += added;
        setPin(j, f, id, role);
        pinners(j + 1);
        sumM -= added;
      }
      undoEntry(id, old, before);
    }
  }
}

/** Stalemates: squares the stalemated side's pieces of the picture end on (king, blockers, placed pieces). */
let held: u64 = 0;
/** Squares a placed piece may take: not the king's, nor a square next to it that the picture leaves open. */
let placeable: u64 = 0;
let capturedIds: u64 = 0;
let capturedCount = 0;
let placedCount = 0;
/** Per square: cheapestStop, filled once per enumeration, and the squares where it is over the mating side's moves. */
const STOP_COST: usize = memory.data(64);
let farFromMater: u64 = 0;
let stopCostsReady = false;

/**
 * Stalemates: names the fate of every piece of the stalemated side the picture does not name yet:
 * captured (by a move of the mating side, so no more of them than its moves), or ending on one
 * square in one role, its moves counted; then the same for the mating side (materFates), so that a
 * picture is one final position. A final position has one such description, so each solution is
 * still found once. Only pictures in which every piece kept can stand still go on to the mating
 * side, and only final positions that are stalemates are searched.
 */
function placeAll(): void {
  if (!stopCostsReady) {
    farFromMater = 0;
    for (let sq = 0; sq < 64; sq++) {
      const d = cheapestStop(sq);
      store<u8>(STOP_COST + <usize>sq, <u8>d);
      if (d > budgetM) farFromMater |= (<u64>1) << <u64>sq;
    }
    stopCostsReady = true;
  }
  held = 0;
  for (let e = 0; e < entries; e++) if (colorOf(entryId(e)) == mated) held |= entryTarget(e);
  let open: u64 = 0;
  for (let i = 0; i < flightCount; i++) if (flightKind(i) != BLOCK) open |= (<u64>1) << <u64>flightSquare(i);
  placeable = ~(held | open);
  capturedIds = 0;
  capturedCount = 0;
  placedCount = 0;
  pinGen++;
  pinCacheOn = true;
  fates(1);
  pinCacheOn = false;
  setFates(0, 0);
}

function fates(from: i32): void {
  if (lines >= limit || stopped != 0) return;
  let id = from;
  while (id <= pieceCount && (colorOf(id) != mated || roleOf(id) == KING || entryOf(id) >= 0)) id++;
  if (!mayStandStill(id)) return;
  if (id > pieceCount) {
    if (!pawnsStopped()) return;
    prepareMaterFates();
    materFates(1);
    return;
  }
  const b = (<u64>1) << <u64>id;
  if (capturedCount < budgetM) {
    capturedIds |= b;
    capturedCount++;
    fates(id + 1);
    capturedIds &= ~b;
    capturedCount--;
  }
  const spare = budgetD - sumD;
  for (let r = 0; r < roleCount(id, spare); r++) {
    const role = roleAt(id, r);
    let t = reach(id, spare) & placeable & ~held;
    if (role == PAWN) t &= ~LAST_RANKS;
    placeEach(id, role, t, spare, false);
  }
}

/**
 * Places piece `id` as `role` on each square of t it reaches within `spare` moves in turn (one entry
 * per piece: MAX_ENTRIES holds every piece on the board), counting its moves for its side, and goes
 * on to the next piece of that side: fates for the stalemated side, materFates for the mating side.
 */
function placeEach(id: i32, role: i32, t: u64, spare: i32, mating: bool): void {
  const pawn = roleOf(id) == PAWN;
  const b = (<u64>1) << <u64>id;
  while (t && lines < limit && stopped == 0) {
    const s = <i32>ctz<u64>(t);
    t &= t - 1;
    const sb = (<u64>1) << <u64>s;
    const cost = costFrom(id, role, sb, homeOf(id), pawn);
    if (cost > spare) continue;
    useEntry(id, role, sb, cost);
    setPlaced(placedCount, id, s, role);
    placedCount++;
    if (mating) {
      sumM += cost;
      materHeld |= sb;
      if (s != homeOf(id)) awayIds |= b;
      materFates(id + 1);
      awayIds &= ~b;
      materHeld &= ~sb;
      sumM -= cost;
    } else {
      sumD += cost;
      held |= sb;
      fates(id + 1);
      held &= ~sb;
      sumD -= cost;
    }
    placedCount--;
    undoEntry(id, -1, 0);
  }
}

/** Squares the mating side's placed pieces take, and how many of its pieces the picture has captured. */
let materHeld: u64 = 0;
let materCaptured = 0;

/**
 * Stalemates: names the fate of every piece of the mating side the picture does not name:
 * captured (by a move of the stalemated side, so no more of them than its moves), or ending on one
 * square in one role (its square of the diagram included), its moves counted. With every piece
 * named, a move that brings no piece nearer its square spends a spare move, and there are few.
 */
function materFates(from: i32): void {
  if (lines >= limit || stopped != 0) return;
  let id = from;
  while (id <= pieceCount && (colorOf(id) != mater || entryOf(id) >= 0)) id++;
  if (!materMayFinish(id)) return;
  if (id > pieceCount) {
    let taken = held | materHeld;
    for (let e = 0; e < entries; e++) {
      const t = entryTarget(e);
      if (((guardIds >> <u64>entryId(e)) & 1) == 0 || popcnt<u64>(t) != 1) continue;
      if (taken & t) return;
      taken |= t;
    }
    concretize(0, taken);
    return;
  }
  const b = (<u64>1) << <u64>id;
  if (roleOf(id) != KING && materCaptured < budgetD) {
    capturedIds |= b;
    materCaptured++;
    awayIds |= b;
    materFates(id + 1);
    awayIds &= ~b;
    capturedIds &= ~b;
    materCaptured--;
  }
  const spare = budgetM - sumM;
  const kb = (<u64>1) << <u64>kingSquare;
  for (let r = 0; r < roleCount(id, spare); r++) {
    const role = roleAt(id, r);
    let t = reach(id, spare) & ~(held | materHeld | kb | materNoGo);
    if (role == PAWN) t &= ~LAST_RANKS;
    // a knight, pawn or king there would check the king whatever stands between
    if (role == KNIGHT || role == PAWN || role == KING) t &= ~attackSet(role, mater, kingSquare);
    if (role == KING) t &= ~kingAttacks(kingSquare);
    placeEach(id, role, t, spare, true);
  }
}

/** Mating pieces named before their fates (guards, pinners): placed on their one square at the end. */
let guardIds: u64 = 0;
/** Mating pieces whose fate takes them off their square of the diagram (captured, or placed elsewhere). */
let awayIds: u64 = 0;
/** Per square next to the king guarded from home: the mating pieces attacking it from their squares of the diagram. */
const HOME_GUARDS: usize = memory.data(8 * 8);
let homeGuarded = 0;
/** Squares in front of the stalemated side's pawns that a mating piece must fill (openFronts). */
let materNeed: u64 = 0;
/** Squares where a pawn of the stalemated side that no pin may hold would capture a mating piece. */
let materNoGo: u64 = 0;
/** Pieces of the stalemated side a pin must hold: the squares beyond them (from the king), the line, and a pawn's front (filled instead). */
let pinNeeds = 0;
const PIN_RAY: usize = memory.data(16 * 8);
const PIN_DIAG: usize = memory.data(16);
const PIN_FRONT: usize = memory.data(16 * 8);

/** Can a mating piece of `role` pin along a diagonal (or a rank or file)? */
@inline function pinsAlong(role: i32, diagonal: bool): bool { return role == QUEEN || role == (diagonal ? BISHOP : ROOK); }

/** Before the mating side's fates: the pieces that guard from home, and the pawns' fronts to fill. */
function prepareMaterFates(): void {
  materHeld = 0;
  materCaptured = 0;
  awayIds = 0;
  guardIds = 0;
  for (let e = 0; e < entries; e++) if (colorOf(entryId(e)) == mater) guardIds |= (<u64>1) << <u64>entryId(e);
  homeGuarded = 0;
  for (let i = 0; i < flightCount; i++) {
    if (flightKind(i) != FROM_HOME) continue;
    const f = flightSquare(i);
    let ids: u64 = 0;
    for (let id = 1; id <= pieceCount; id++) {
      if (colorOf(id) != mater || entryOf(id) >= 0) continue;
      if (attackSet(roleOf(id), mater, f) & ((<u64>1) << <u64>homeOf(id))) ids |= (<u64>1) << <u64>id;
    }
    store<u64>(HOME_GUARDS + (<usize>homeGuarded << 3), ids);
    homeGuarded++;
  }
  materNeed = openFronts();
  // the pieces of the stalemated side that only a pin can hold
  pinNeeds = 0;
  for (let e = 0; e < entries; e++) {
    const id = entryId(e);
    if (colorOf(id) != mated) continue;
    const role = entryRole(e);
    if (role == KING) continue;
    const s = <i32>ctz<u64>(entryTarget(e));
    const front = role == PAWN ? frontOf(s) : 0;
    const free = role == PAWN ? ((held | materNeed) & front) == 0 : (stepSquares(role, s) & ~held) != 0;
    if (!free || pinNeeds >= 16) continue;
    const diagonal = (bishopAttacks(kingSquare, 0) & ((<u64>1) << <u64>s)) != 0;
    store<u64>(PIN_RAY + (<usize>pinNeeds << 3), pinRay(s));
    store<u8>(PIN_DIAG + <usize>pinNeeds, diagonal ? 1 : 0);
    store<u64>(PIN_FRONT + (<usize>pinNeeds << 3), front);
    pinNeeds++;
  }
  // a mating piece where a pawn of the stalemated side may capture it gives that pawn a move
  materNoGo = 0;
  for (let e = 0; e < entries; e++) {
    const id = entryId(e);
    if (colorOf(id) != mated || entryRole(e) != PAWN) continue;
    const s = <i32>ctz<u64>(entryTarget(e));
    // on a line with the king a pin may forbid the capture
    if (((bishopAttacks(kingSquare, 0) | rookAttacks(kingSquare, 0)) >> <u64>s) & 1) continue;
    materNoGo |= pawnAttacks(mated, s);
  }
}

/** Can pin need j still be met: a mating line piece placed on its ray, or one still to place or to put (or a pawn's front filled)? */
function pinMayCome(j: i32, next: i32): bool {
  const ray = load<u64>(PIN_RAY + (<usize>j << 3));
  const diagonal = load<u8>(PIN_DIAG + <usize>j) != 0;
  const front = load<u64>(PIN_FRONT + (<usize>j << 3));
  if (front & materHeld) return true;
  for (let e = 0; e < entries; e++) {
    const id = entryId(e);
    if (colorOf(id) != mater) continue;
    if ((entryTarget(e) & (ray | front)) != 0 && (pinsAlong(entryRole(e), diagonal) || (entryTarget(e) & front) != 0)) return true;
  }
  for (let id = next; id <= pieceCount; id++) {
    if (colorOf(id) != mater || entryOf(id) >= 0) continue;
    const r = roleOf(id);
    if (front != 0 || pinsAlong(r, diagonal) || (r == PAWN && roleCount(id, budgetM - sumM) > 1)) return true;
  }
  return false;
}

/**
 * Can the mating side's fates from identity `next` on still make a stalemate? Each square guarded
 * from home keeps a piece that guards it from home, and each pawn's front to fill has a piece still
 * to place (or a guard or pinner still to put on one of its squares).
 */
function materMayFinish(next: i32): bool {
  for (let i = 0; i < homeGuarded; i++) if ((load<u64>(HOME_GUARDS + (<usize>i << 3)) & ~awayIds) == 0) return false;
  for (let j = 0; j < pinNeeds; j++) if (!pinMayCome(j, next)) return false;
  let need = materNeed & ~materHeld;
  if (need == 0) return true;
  for (let e = 0; e < entries; e++) {
    const t = entryTarget(e);
    if (((guardIds >> <u64>entryId(e)) & 1) != 0 && popcnt<u64>(t) == 1) need &= ~t;
  }
  return frontsFillable(need, next);
}

/**
 * Can each pawn's front in `need` get a mating piece of its own: a guard or pinner still to put on
 * one of its squares, or a piece from identity `next` on still to place, within the moves left?
 */
function frontsFillable(need: u64, next: i32): bool {
  if (need == 0) return true;
  let free = 0;
  let reached: u64 = 0;
  for (let e = 0; e < entries; e++) {
    const t = entryTarget(e);
    if (((guardIds >> <u64>entryId(e)) & 1) == 0 || popcnt<u64>(t) == 1 || (t & need) == 0) continue;
    free++;
    reached |= t;
  }
  const spare = budgetM - sumM;
  for (let id = next; id <= pieceCount; id++) {
    if (colorOf(id) != mater || entryOf(id) >= 0) continue;
    const r = reach(id, spare) & need;
    if (r == 0) continue;
    free++;
    reached |= r;
  }
  return (need & ~reached) == 0 && <i32>popcnt<u64>(need) <= free;
}
/** A ply of the stack beyond any search: the final position of a picture is built there. */
const FINAL_PLY = STACK_PLIES - 1;

/**
 * Stalemates, every piece named: each mating piece named for several squares (a guard, a
 * pinner) is put on one of them, free and within the moves, so the picture is one final position
 * (`taken`: the squares the others end on).
 */
function concretize(from: i32, taken: u64): void {
  if (lines >= limit || stopped != 0) return;
  let e = from;
  while (e < entries && (colorOf(entryId(e)) != mater || popcnt<u64>(entryTarget(e)) == 1)) e++;
  // each pawn's front still open needs a guard or pinner still to put there
  if (!frontsFillable(materNeed & ~taken, pieceCount + 1)) return;
  if (e == entries) {
    finalPosition();
    return;
  }
  const id = entryId(e), role = entryRole(e), before = entryTarget(e);
  let t = before & ~(taken | materNoGo);
  while (t && lines < limit && stopped == 0) {
    const sb = t & (~t + 1);
    t &= t - 1;
    if (isSlider(role) && !guardsFrom(id, <i32>ctz<u64>(sb), taken)) continue;
    const old = useEntry(id, role, sb);
    const added = entryCost(e) - old;
    if (sumM + added <= budgetM) {
      sumM += added;
      concretize(e + 1, taken | sb);
      sumM -= added;
    }
    undoEntry(id, old, before);
  }
}

/** Does a slider `id` on s reach each square next to the king it guards, past the pieces on `taken`? */
function guardsFrom(id: i32, s: i32, taken: u64): bool {
  for (let i = 0; i < flightCount; i++) {
    if (flightKind(i) == GUARD && flightId(i) == id && (between(s, flightSquare(i)) & taken) != 0) return false;
  }
  return true;
}

/**
 * Builds the picture's final position and searches the picture when it is one: a stalemate of the
 * stalemated side, the mating king not in check, described by the picture (its canonical one).
 */
function finalPosition(): void {
  const q = posAt(FINAL_PLY);
  clearPos(q);
  clearIds(FINAL_PLY);
  for (let id = 1; id <= pieceCount; id++) {
    if ((capturedIds >> <u64>id) & 1) continue;
    const e = entryOf(id);
    if (e < 0) return;
    const sq = <i32>ctz<u64>(entryTarget(e));
    if (pieceAt(q, sq) != 0) return;
    putPiece(q, sq, colorOf(id), entryRole(e));
    putId(FINAL_PLY, id, sq);
  }
  // (castling and e.p. rights are left out: they only add moves, so a stalemate here is one with them too)
  store<u8>(q, <u8>mater, O_TURN);
  if (inCheck(q)) return;
  store<u8>(q, <u8>mated, O_TURN);
  if (!goalReached(q)) return;
  const placedBefore = placedCount;
  let g = guardIds;
  while (g) {
    const id = <i32>ctz<u64>(g);
    g &= g - 1;
    const e = entryOf(id);
    setPlaced(placedCount, id, <i32>ctz<u64>(entryTarget(e)), entryRole(e));
    placedCount++;
  }
  setFates(capturedIds, placedCount);
  if (describes(q, FINAL_PLY, mater, false)) {
    const narrowed = narrowPlan(mater);
    if (narrowed >= 0) searchPlan(narrowed);
    restorePlan();
  }
  placedCount = placedBefore;
  setFates(0, 0);
}

/** The squares in front of the placed pawns of the stalemated side that its pieces do not hold, where no pin may hold the pawn. */
function openFronts(): u64 {
  let fronts: u64 = 0;
  for (let e = 0; e < entries; e++) {
    const id = entryId(e);
    if (colorOf(id) != mated || entryRole(e) != PAWN) continue;
    const s = <i32>ctz<u64>(entryTarget(e));
    const fb = frontOf(s);
    if ((held & fb) == 0 && !mayBePinned(s, PAWN)) fronts |= fb;
  }
  return fronts;
}

/**
 * Can every piece the stalemated side keeps stand still, the pieces from identity `next` on still
 * to place? A knight, bishop, rook or queen has a move to each square one step along its lines (a
 * knight: each it attacks) that its side does not hold, unless a pin holds it (as
 * blockersMayStandStill says); a pin it cannot have now it never gets, as pieces are placed. Each
 * such square left needs a piece still to place, and their moves must fit the ones left; so does
 * the square in front of a pawn that no mating piece can reach within its moves (pawnsStopped).
 */
function mayStandStill(next: i32): bool {
  let fill: u64 = 0;
  for (let e = 0; e < entries; e++) {
    const id = entryId(e);
    if (colorOf(id) != mated) continue;
    const role = entryRole(e);
    if (role == PAWN || role == KING) continue;
    const s = <i32>ctz<u64>(entryTarget(e));
    const steps = stepSquares(role, s) & ~held;
    if (steps != 0 && !mayBePinned(s, role)) fill |= steps;
  }
  // a pawn whose square in front no mating piece reaches in time needs a piece of its own there
  fill |= openFronts() & farFromMater;
  if (fill == 0) return true;
  if (fill & ~placeable) return false;
  // each square needs a piece of its own
  let left = 0;
  for (let id = next; id <= pieceCount; id++) if (colorOf(id) == mated && roleOf(id) != KING && entryOf(id) < 0) left++;
  if (<i32>popcnt<u64>(fill) > left) return false;
  const spare = budgetD - sumD;
  let sum = 0;
  while (fill) {
    sum += cheapestFill(<i32>ctz<u64>(fill), next);
    if (sum > spare) return false;
    fill &= fill - 1;
  }
  return true;
}

/**
 * With every piece of the stalemated side placed: is each of its pawns stopped? One whose square in
 * front is not held by its own side (and that no pin may hold) needs a mating piece there, each
 * its own, within the mating side's moves.
 */
function pawnsStopped(): bool {
  let fronts = openFronts();
  if (fronts == 0) return true;
  let materPieces = 0;
  for (let id = 1; id <= pieceCount; id++) if (colorOf(id) == mater) materPieces++;
  if (<i32>popcnt<u64>(fronts) > materPieces) return false;
  let sum = 0;
  while (fronts) {
    sum += <i32>load<u8>(STOP_COST + <usize>ctz<u64>(fronts));
    if (sum > budgetM) return false;
    fronts &= fronts - 1;
  }
  return true;
}

/** Fewest moves for any mating piece to end on f. */
function cheapestStop(f: i32): i32 {
  let best = FAR;
  for (let id = 1; id <= pieceCount; id++) {
    if (colorOf(id) != mater) continue;
    const d = minDist(id, f);
    if (d < best) best = d;
  }
  return best;
}

/** Fewest moves for a piece of the stalemated side still to place (identity `next` on) to end on f. */
function cheapestFill(f: i32, next: i32): i32 {
  let best = FAR;
  for (let id = next; id <= pieceCount; id++) {
    if (colorOf(id) != mated || roleOf(id) == KING || entryOf(id) >= 0) continue;
    const d = minDist(id, f);
    if (d < best) best = d;
  }
  return best;
}

/**
 * Can a piece of `role` on s be pinned so that it has no move (a mating piece beyond it may come)?
 * A pin holds a knight on any line, a rook only on a diagonal, a bishop only on a rank or file, a
 * pawn on any line but its file (on a diagonal it may still capture the pinner: counted as held,
 * which only keeps more pictures), a queen never.
 */
function mayBePinned(s: i32, role: i32): bool {
  const sb = (<u64>1) << <u64>s;
  const diagonal = (bishopAttacks(kingSquare, 0) & sb) != 0;
  if (!diagonal && (rookAttacks(kingSquare, 0) & sb) == 0) return false;
  const holds = role == KNIGHT || (role == ROOK && diagonal) || (role == BISHOP && !diagonal) ||
    (role == PAWN && (s & 7) != (kingSquare & 7));
  if (!holds) return false;
  if (between(kingSquare, s) & held) return false;
  const ray = pinRay(s);
  return ray != 0 && pinnerMayCome(ray, diagonal);
}

/** Where a pinner of the piece on s may stand: beyond it from the king, nearer than the first piece of the stalemated side there. */
function pinRay(s: i32): u64 {
  let ray = beyond(s);
  const own = ray & held;
  if (own) {
    if (s > kingSquare) ray &= ((<u64>1) << ctz<u64>(own)) - 1;
    else ray &= ~(((<u64>2) << (63 - clz<u64>(own))) - 1);
  }
  return ray;
}

/** The square in front of a pawn of the stalemated side on s (never placed on its last rank, so on the board). */
@inline function frontOf(s: i32): u64 { return (<u64>1) << <u64>(mated == WHITE ? s + 8 : s - 8); }

/**
 * The squares one step along the lines of a knight (each it attacks), bishop, rook or queen on s: a
 * move to each that its side does not hold (none for a pawn or king).
 */
function stepSquares(role: i32, s: i32): u64 {
  if (role == KNIGHT) return knightAttacks(s);
  if (role == BISHOP) return bishopAttacks(s, 0) & kingAttacks(s);
  if (role == ROOK) return rookAttacks(s, 0) & kingAttacks(s);
  if (role == QUEEN) return kingAttacks(s);
  return 0;
}

/** Pictures enumerated while counting, before the blocker test. */
let rawCount = 0;
/**
 * Help stalemates count only the pictures that pass the blocker test (the ones searched), but stop
 * once this many times the cap were enumerated: enumerating millions costs seconds (hpint.inp #115:
 * 0.4 s more with 8 times).
 * Series play counts every picture, as when PLAN_CAP was measured (its pictures pass the test more
 * often, and searching them cost more than the plain search: hpint.inp #23, #113).
 */
const RAW_COUNT_FACTOR = 2;

function runPlan(): void {
  if (countOnly) {
    rawCount++;
    if (rawCount > countCap * RAW_COUNT_FACTOR) {
      planCount = countCap + 1;
      lines = limit;
      return;
    }
    if (!mate && series < 0 && !blockersMayStandStill()) return;
    planCount++;
    // stop the enumeration once the cap is passed
    if (planCount > countCap) lines = limit;
    return;
  }
  if (!mate) {
    // a stalemate picture whose blockers cannot all stand still is not searched
    if (blockersMayStandStill()) pinners(0);
    return;
  }
  const narrowed = narrowPlan(mater);
  if (narrowed >= 0 && (series >= 0 || !namedPieceDefends())) searchPlan(narrowed);
  restorePlan();
}

/**
 * Help mate: does a piece the plan names for the mated side end where it takes the checker or steps
 * into the check's line, whichever of its squares the checker ends on, where nothing in between can
 * stop it (a knight or pawn anywhere it reaches, a bishop, rook or queen next to the square)? Then
 * the picture is no mate, unless a second piece may check too or a mating piece that pins along
 * that line may end beyond the defender (each mating piece within the mating side's moves, as
 * bishop, rook or queen, or as a pawn that promotes). Series play decides this in prepareVacate.
 */
function namedPieceDefends(): bool {
  if (checkerId == 0) return false;
  const checks = entryTarget(entryOf(checkerId));
  for (let id = 1; id <= pieceCount; id++) {
    if (id == checkerId || colorOf(id) != mater || roleOf(id) == KING) continue;
    const far = reach(id, budgetM);
    for (let r = 0; r < roleCount(id, budgetM); r++)
      if (far & attackSet(roleAt(id, r), mater, kingSquare)) return false;
  }
  const checkLine = isSlider(checkerRole) ? lineTo(checks, kingSquare) : 0;
  for (let r = PAWN; r <= QUEEN; r++) {
    let defend = defendSquares(r, checks, checkLine);
    let d = defend;
    while (d) {
      const s = <i32>ctz<u64>(d);
      d &= d - 1;
      if (pinMayHold(s)) defend &= ~((<u64>1) << <u64>s);
    }
    if (namedEndsIn(r, defend)) return true;
  }
  return false;
}

/**
 * Squares from which a piece of the mated side in `role` takes the checker on every square of
 * `checks`, or steps onto a square of `checkLine`, whatever else stands around.
 */
function defendSquares(role: i32, checks: u64, checkLine: u64): u64 {
  let takes: u64 = checks != 0 ? ~(<u64>0) : 0;
  while (checks) {
    takes &= takesFrom(role, <i32>ctz<u64>(checks));
    checks &= checks - 1;
  }
  let steps: u64 = 0;
  while (checkLine) {
    steps |= stepsOnto(role, <i32>ctz<u64>(checkLine));
    checkLine &= checkLine - 1;
  }
  return takes | steps;
}

/** Does a piece the plan names for the mated side end in `role` on one square of `squares`? */
function namedEndsIn(role: i32, squares: u64): bool {
  for (let e = 0; e < entries; e++) {
    const t = entryTarget(e);
    if (colorOf(entryId(e)) == mated && entryId(e) != kingId && entryRole(e) == role && popcnt<u64>(t) == 1 && (t & squares) != 0) return true;
  }
  return false;
}

/** May a mating piece that pins along the line from the mated king through s end beyond s? */
function pinMayHold(s: i32): bool {
  const far = beyond(s);
  if (far == 0) return false;
  const diagonal = onDiagonal(s);
  for (let id = 1; id <= pieceCount; id++) {
    if (colorOf(id) != mater) continue;
    const role = roleOf(id);
    if (role == PAWN ? roleCount(id, budgetM) == 1 : !pinsAlong(role, diagonal)) continue;
    if (reach(id, budgetM) & far) return true;
  }
  return false;
}

function searchPlan(sumM: i32): void {
  // the plan's own castling slack is tighter than the one it was built with
  const root = posAt(rootPly);
  slackM = planSlack(root, mater);
  slackD = planSlack(root, mated);
  if (sumM > budgetM - castlingSlack(root, mater) + slackM) return;
  if (sumD > budgetD - castlingSlack(root, mated) + slackD) return;
  const vacate = series == SERIES_HELP && mate ? prepareVacate(sumM) : 0;
  if (vacate < 0) return;
  vacateOn = vacate > 0;
  let counted = sumD;
  const walk = vacateOn && castlingSlack(root, mated) == 0;
  if (vacateOn) {
    if (walk) {
      kingWalk();
      counted += <i32>load<u8>(KING_WALK + <usize>squareOf(rootPly, kingId)) - entryCost(entryOf(kingId));
    }
    const v = unnamedAway(rootPly);
    if (counted + v > budgetD - castlingSlack(root, mated) + slackD) return;
    setVacating(rootPly, v);
  }
  clearTables();
  if (walk) setMovesFrom(entryOf(kingId), KING_WALK);
  planCount++;
  planSerial++;
  // The low bits of the salt are 1: a plan's entry for a position sits in the bucket next to the
  // plain entry's, on the same cache line, so the two reads a node makes cost one memory access.
  planSalt = (((planSerial * 0x9e3779b97f4a7c15) ^ K_INTEL) << SALT_SHIFT) | 1;
  setSum(rootPly, mater, sumM);
  setSum(rootPly, mated, counted);
  if (series < 0) search(rootPly, lineLength);
  else seriesSearch(rootPly, lineLength);
}

/**
 * Series help mate: where no piece of the mated side that the plan does not name may stand, by its
 * role, when the series ends; each one there needs a move of its own, as the other side's one
 * move is the named piece's onto its squares and takes nothing but there. For every role: the
 * king's square, the squares next to it that are guarded, the lines of the check and of the guards,
 * and the path of that last move. For each role also where it would take the checker or step into
 * the check's line, neither of which a piece in between can stop, unless a piece of the mating side
 * may pin it there. Off (vacateOn false) when the last move is not known: no named piece needs it,
 * castling, a pawn's promotion or a pawn's move that may take en passant.
 */
let vacateOn = false;
/** [role]: the squares (u64), PAWN..QUEEN (the king is always named). */
const VACATE: usize = memory.data(8 * 8);
@inline function vacateMask(role: i32): u64 { return load<u64>(VACATE + (<usize>role << 3)); }
const VACATING: usize = memory.data(STACK_PLIES * 4);
@inline function vacating(ply: i32): i32 { return load<i32>(VACATING + (<usize>ply << 2)); }
@inline function setVacating(ply: i32, v: i32): void { store<i32>(VACATING + (<usize>ply << 2), v); }

/** Fills VACATE: 1, or 0 when off, or -1 when a piece the plan names ends where it would take the checker or step into the check (no mate). */
function prepareVacate(sumM: i32): i32 {
  if (sumM != 1 || budgetM != 1) return 0;
  let last = -1;
  for (let e = 0; e < entries; e++) if (colorOf(entryId(e)) == mater && entryCost(e) == 1) last = e;
  if (last < 0) return 0;
  const id = entryId(last);
  // a pawn that promotes, or that may take en passant from its fifth rank, is left out
  if (roleOf(id) == PAWN && (entryRole(last) != PAWN || homeOf(id) >> 3 == (mater == WHITE ? 4 : 3))) return 0;
  const role = entryRole(last), home = homeOf(id);
  // the squares the last move may land on
  let reached: u64 = 0;
  let t = entryTarget(last);
  while (t) {
    const s = <i32>ctz<u64>(t);
    t &= t - 1;
    if (dist(role, mater, home, s) == 1) reached |= (<u64>1) << <u64>s;
  }
  let all: u64 = ((<u64>1) << <u64>kingSquare) | lineTo(reached, home);
  for (let i = 0; i < flightCount; i++) {
    const kind = flightKind(i), f = flightSquare(i);
    if (kind == BLOCK) continue;
    all |= (<u64>1) << <u64>f;
    const g = flightId(i);
    if (kind == GUARD && isSlider(flightRole(i))) all |= lineTo(g == id ? reached : entryTarget(entryOf(g)), f);
  }
  // the checker's square when it is known: its landing, or its square of the diagram when it stays
  let checkAt: u64 = 0, checkLine: u64 = 0;
  if (checkerId != 0) {
    checkAt = checkerId == id ? reached : (<u64>1) << <u64>homeOf(checkerId);
    if (isSlider(checkerRole)) checkLine = lineTo(checkAt, kingSquare);
    if (popcnt<u64>(checkAt) != 1) checkAt = 0;
  }
  all |= checkLine;
  // against a double check neither a capture nor a piece in between helps
  const single = checkerId != 0 && !doubleCheckMayBe(id, role, reached);
  if (!single) checkAt = checkLine = 0;
  // squares where a piece of the mating side may stand at the end: a pinner of the mated side's piece
  let mating = colorBB(posAt(rootPly), mater) | reached;
  for (let r = PAWN; r <= QUEEN; r++) {
    let defend = defendSquares(r, checkAt, checkLine);
    defend &= ~pinnable(defend & ~all, mating) & ~reached;
    store<u64>(VACATE + (<usize>r << 3), (all & ~reached) | defend);
    // a named piece that ends there defends: no mate
    if (namedEndsIn(r, defend)) return -1;
  }
  return 1;
}

/**
 * May the last move, by `id` in `role` onto `reached`, check alongside the plan's checker: the mover
 * checks from its landing, or a slider of the mating side checks through the square it leaves?
 */
function doubleCheckMayBe(id: i32, role: i32, reached: u64): bool {
  if (checkerId != id && (attackSet(role, mater, kingSquare) & reached) != 0) return true;
  const home = homeOf(id);
  for (let x = 1; x <= pieceCount; x++) {
    if (x == id || colorOf(x) != mater || !isSlider(roleOf(x))) continue;
    const from = homeOf(x);
    if ((between(from, kingSquare) >> <u64>home) & 1 && (attackSet(roleOf(x), mater, kingSquare) >> <u64>from) & 1) return true;
  }
  return false;
}

/** The mated king's moves to its square from each square (kingWalk), FAR where it cannot get there. */
const KING_WALK: usize = memory.data(64);

/**
 * Series help mate, the mating side's one move still to come: fills KING_WALK with the mated king's
 * walk to the picture's square around what stays put through the series, the mating king and the
 * named mating pieces (none of them moves before the last move, none is ever taken), the squares
 * they attack where no piece in between can stop them (the mating king's, a knight's, a pawn's, a
 * slider's next to it), and the named pawns of the mated side that need no move (a pawn that left
 * could not come back).
 */
function kingWalk(): void {
  const p = posAt(rootPly);
  let banned: u64 = 0;
  let b = colorBB(p, mater);
  while (b) {
    const s = <i32>ctz<u64>(b);
    b &= b - 1;
    const role = pieceAt(p, s) & 7;
    if (role != KING && entryOf(idAt(rootPly, s)) < 0) continue;
    banned |= ((<u64>1) << <u64>s) | stepAttacks(role, s);
  }
  for (let e = 0; e < entries; e++) {
    const id = entryId(e);
    if (colorOf(id) == mated && roleOf(id) == PAWN && entryCost(e) == 0) banned |= (<u64>1) << <u64>squareOf(rootPly, id);
  }
  // the king may stand in check at the start; it only leaves that square
  banned &= ~((<u64>1) << <u64>squareOf(rootPly, kingId));
  memory.fill(KING_WALK, <u8>FAR, 64);
  if ((banned >> <u64>kingSquare) & 1) return;
  store<u8>(KING_WALK + <usize>kingSquare, 0);
  let ring: u64 = (<u64>1) << <u64>kingSquare, seen = ring;
  for (let d = 1; ring != 0 && d < FAR; d++) {
    ring = grow(ring) & ~seen & ~banned;
    seen |= ring;
    let r = ring;
    while (r) {
      store<u8>(KING_WALK + <usize>ctz<u64>(r), <u8>d);
      r &= r - 1;
    }
  }
}

/** Squares a piece of the mating side in `role` on s attacks whatever stands around. */
function stepAttacks(role: i32, s: i32): u64 {
  if (role == PAWN) return pawnAttacks(mater, s);
  return role == KING ? kingAttacks(s) : stepSquares(role, s);
}

/** Squares from which a piece of the mated side in `role` takes on t, whatever else stands around. */
function takesFrom(role: i32, t: i32): u64 {
  return role == PAWN || role == KNIGHT ? attackSet(role, mated, t) : stepSquares(role, t);
}

/** Squares from which a piece of the mated side in `role` moves onto the empty square l, whatever else stands around. */
function stepsOnto(role: i32, l: i32): u64 {
  if (role != PAWN) return stepSquares(role, l);
  const from = mated == WHITE ? l - 8 : l + 8;
  return from >= 0 && from < 64 ? (<u64>1) << <u64>from : 0;
}

/** Squares of `squares` on a line from the mated king's square with a square of `mating` beyond them (a pin may hold a piece there). */
function pinnable(squares: u64, mating: u64): u64 {
  let out: u64 = 0;
  let b = squares;
  while (b) {
    const s = <i32>ctz<u64>(b);
    b &= b - 1;
    if (beyond(s) & mating) out |= (<u64>1) << <u64>s;
  }
  return out;
}

/** Squares between every square of `from` and `to` (none when `from` is empty). */
function lineTo(from: u64, to: i32): u64 {
  if (from == 0) return 0;
  let out: u64 = ~(<u64>0);
  while (from) {
    out &= between(<i32>ctz<u64>(from), to);
    from &= from - 1;
  }
  return out;
}

/** Pieces of the mated side at `ply` that the plan does not name and that stand where they may not end. */
function unnamedAway(ply: i32): i32 {
  const p = posAt(ply);
  let b = colorBB(p, mated);
  let n = 0;
  while (b) {
    const s = <i32>ctz<u64>(b);
    b &= b - 1;
    // the king is always named
    if (entryOf(idAt(ply, s)) < 0 && ((vacateMask(pieceAt(p, s) & 7) >> <u64>s) & 1) != 0) n++;
  }
  return n;
}

/** Records a series line: the series moves on the path up to `end` (exclusive), and `last` when not 0. */
function recordSeries(end: i32, last: u32): void {
  let len = end - rootPly;
  if (last != 0) len++;
  if (used + len + 1 <= OUT_CAP) {
    store<u32>(OUT + (<usize>used << 2), len);
    let at = used + 1;
    for (let i = rootPly; i < end; i++) { store<u32>(OUT + (<usize>at << 2), load<u32>(PATH + (<usize>i << 2))); at++; }
    if (last != 0) store<u32>(OUT + (<usize>at << 2), last);
    used += len + 1;
  }
  lines++;
}

/**
 * Series play under the plan: the series side (to move at `ply`) has k moves left; the other side
 * passes. Its moves are counted against the plan, and none may check but the last.
 */
function seriesSearch(ply: i32, k: i32): i32 {
  if (stopped != 0 || lines >= limit) return 0;
  const p = posAt(ply);
  const side = turn(p);
  const plain = keyOf(p) ^ K_SERIES ^ (<u64>series << 32);
  if (seriesFails(ttGet(plain), k)) return 0;
  const key = plain ^ planSalt;
  if (seriesFails(ttGet(key), k)) {
    cuts++;
    return 0;
  }
  const cutsBefore = cuts;
  let found = 0;
  const allowed = k - 1 + ((castleRooks(p) & colorBB(p, side)) != 0 ? (side == mater ? slackM : slackD) : 0);
  const other = sumAt(ply, side ^ 1);
  const staleTwo = series == SERIES_HELP && !mate && prepareStaleTwo(p);
  const cnt = generate(ply);
  const list = movesAt(ply);
  for (let i = 0; i < cnt && lines < limit; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    const cap = capturedBy(ply, m);
    const own = cap != 0 && entryOf(cap) >= 0 ? -1 : sumAfter(ply, p, m, side);
    if (own < 0 || own > allowed) {
      cuts++;
      continue;
    }
    let away = 0;
    if (vacateOn && (m & M_CASTLE) == 0) {
      away = vacating(ply);
      const from = mFrom(m), to = mTo(m);
      if (entryOf(idAt(ply, from)) < 0) {
        const role = pieceAt(p, from) & 7;
        const after = mPromo(m) != 0 ? mPromo(m) : role;
        away += <i32>((vacateMask(after) >> <u64>to) & 1) - <i32>((vacateMask(role) >> <u64>from) & 1);
      }
      if (own + away > allowed) {
        cuts++;
        continue;
      }
    }
    moveIds(ply, m);
    const q = play(ply, m);
    if (vacateOn && (m & M_CASTLE) != 0) {
      away = unnamedAway(ply + 1);
      if (own + away > allowed) {
        cuts++;
        continue;
      }
    }
    if (series == SERIES_DIRECT) {
      if (goalReached(q)) {
        if (describes(q, ply + 1, mater, mate)) {
          recordSeries(ply + 1, 0);
          found++;
        } else cuts++;
        // a stalemate does not end the series (as in series.ts); a mate checks, and does
        if (mate) continue;
      }
      if (inCheck(q)) continue;
    } else {
      // the other side's one move: the goal, with the plan's picture (the last series move may check)
      const n = staleTwo && staleTwoFails(m) ? 0 : goalMoves(ply + 1, false);
      const replies = movesAt(ply + 1);
      for (let j = 0; j < n && lines < limit; j++) {
        const r = load<u32>(replies + (<usize>j << 2));
        moveIds(ply + 1, r);
        if (describes(play(ply + 1, r), ply + 2, mater, mate)) {
          recordSeries(ply + 1, r);
          found++;
        } else cuts++;
      }
      if (inCheck(q)) continue;
    }
    if (k > 1) {
      // the other side passes: the series side moves again from the same position
      store<u8>(q, <u8>side, O_TURN);
      store<u8>(q, 0, O_EP);
      setSum(ply + 1, side, own);
      setSum(ply + 1, side ^ 1, other);
      setVacating(ply + 1, away);
      found += seriesSearch(ply + 1, k - 1);
    }
  }
  if (found == 0 && lines < limit) {
    seriesStore(key, k);
    if (cuts == cutsBefore) seriesStore(plain, k);
  }
  return found;
}

function record(): void {
  const at = lines * lineLength;
  if (at + lineLength <= OUT_CAP) {
    for (let i = 0; i < lineLength; i++) {
      store<u32>(OUT + (<usize>(at + i) << 2), load<u32>(PATH + (<usize>(rootPly + i) << 2)));
    }
  }
  lines++;
}

/** The mover's counted moves after its move m at `ply` (-1: m moves a named piece out of its role). */
function sumAfter(ply: i32, p: usize, m: u32, side: i32): i32 {
  const from = mFrom(m), to = mTo(m);
  const s = sumAt(ply, side);
  if (m & M_CASTLE) {
    const rank = from & 56;
    const kTo = rank + (to > from ? 6 : 2), rTo = rank + (to > from ? 5 : 3);
    const ke = entryOf(idAt(ply, from)), re = entryOf(idAt(ply, to));
    let t = s;
    if (ke >= 0) t += movesFrom(ke, kTo, false) - movesFrom(ke, from, false);
    if (re >= 0) t += movesFrom(re, rTo, false) - movesFrom(re, to, false);
    return t;
  }
  const e = entryOf(idAt(ply, from));
  if (e < 0) return s;
  const stillPawn = (pieceAt(p, from) & 7) == PAWN;
  const promo = mPromo(m);
  let after: i32;
  if (stillPawn && promo != 0) {
    if (promo != entryRole(e)) return -1;
    after = movesFrom(e, to, false);
  } else if (stillPawn && entryRole(e) != PAWN) after = movesFrom(e, to, true);
  else after = movesFrom(e, to, false);
  return s - movesFrom(e, from, stillPawn) + after;
}

/** Square of the one named piece of the mating side not yet on its squares (64: none), and its squares. */
let lastFrom = 64;
let lastTo: u64 = 0;
function lastMover(ply: i32, p: usize): void {
  lastFrom = 64;
  for (let e = 0; e < entries; e++) {
    const id = entryId(e);
    if (colorOf(id) != mater) continue;
    const sq = squareOf(ply, id);
    if (movesFrom(e, sq, (pieceAt(p, sq) & 7) == PAWN) == 0) continue;
    lastFrom = sq;
    lastTo = entryTarget(e);
    return;
  }
}

/** Pieces of `color` the picture captures that are still on the board at `ply`. */
function doomedLeft(ply: i32, color: i32): i32 {
  let n = 0;
  let c = capturedIds;
  while (c) {
    const id = <i32>ctz<u64>(c);
    c &= c - 1;
    if (colorOf(id) == color && squareOf(ply, id) != CAPTURED) n++;
  }
  return n;
}

/** Help play under the plan, k plies from `ply` (`known`: the position's keyOf when the parent had it, else 0). */
function search(ply: i32, k: i32, known: u64 = 0): i32 {
  if (stopped != 0 || lines >= limit) return 0;
  const p = posAt(ply);
  let found = 0;
  // each piece the picture captures takes a move of the other side: with no more moves than
  // pieces of the other side left to capture, every move of the side to move captures one
  let mustCapture = false;
  if (capturedIds != 0) {
    const side = turn(p);
    const leftS = (k + 1) >> 1, leftO = k >> 1;
    const mine = doomedLeft(ply, side ^ 1), theirs = doomedLeft(ply, side);
    if (mine > leftS || theirs > leftO) {
      cuts++;
      return 0;
    }
    mustCapture = mine == leftS;
  }
  if (k == 1) {
    // the mating side's count is at most 1 here: when it is 1 (and castling cannot move two pieces),
    // the last move is the one named piece's that is not yet on its squares, onto them
    if (sumAt(ply, mater) > 0 && (castleRooks(p) & colorBB(p, mater)) == 0) lastMover(ply, p);
    else lastFrom = 64;
    let n: i32;
    if (lastFrom < 64) {
      // a cut of the plan: the other moves may reach the goal in other pictures (no plain fact)
      cuts++;
      n = goalMoves(ply, false, (<u64>1) << <u64>lastFrom, lastTo);
    } else n = goalMoves(ply, false);
    const list = movesAt(ply);
    for (let i = 0; i < n && lines < limit; i++) {
      const m = load<u32>(list + (<usize>i << 2));
      moveIds(ply, m);
      const q = play(ply, m);
      if (describes(q, ply + 1, mater, mate)) {
        record();
        found++;
      } else cuts++;
    }
    return found;
  }
  const plain = (known != 0 ? known : keyOf(p)) ^ K_HELP;
  const bit = helpBit(k);
  if (ttGet(plain) & bit) return 0;
  const key = plain ^ planSalt;
  if (ttGet(key) & bit) {
    // the plan's own fact: the subtree may hold goal lines of other plans
    cuts++;
    return 0;
  }
  const cutsBefore = cuts;
  const side = turn(p);
  const leftS = (k + 1) >> 1;
  const allowedS = leftS - 1 + ((castleRooks(p) & colorBB(p, side)) != 0 ? (side == mater ? slackM : slackD) : 0);
  const other = sumAt(ply, side ^ 1);
  // two plies left, mate: when the flights cannot be covered, only king moves can lead to a mate
  const kingOnly = k == 2 && mate && !flightsMayBeCovered(p);
  const staleTwo = k == 2 && !mate && prepareStaleTwo(p);
  const cnt = generate(ply);
  const list = movesAt(ply);
  for (let i = 0; i < cnt && lines < limit; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    if (kingOnly && (pieceAt(p, mFrom(m)) & 7) != KING) continue;
    if (staleTwo && staleTwoFails(m)) continue;
    const cap = capturedBy(ply, m);
    if (mustCapture && ((capturedIds >> <u64>cap) & 1) == 0) {
      cuts++;
      continue;
    }
    const own = cap != 0 && entryOf(cap) >= 0 ? -1 : sumAfter(ply, p, m, side);
    if (own < 0 || own > allowedS) {
      cuts++;
      continue;
    }
    // Most children answer from the table at once (seven in ten on intell.inp #97): read it
    // before the move is played, from the key the move makes.
    let child: u64 = 0;
    if (k > 2) {
      child = keyAfter(p, plain ^ K_HELP, m);
      if (child != 0) {
        const childBit = helpBit(k - 1);
        if (ttGet(child ^ K_HELP) & childBit) continue;
        if (ttGet(child ^ K_HELP ^ planSalt) & childBit) {
          cuts++;
          continue;
        }
      }
    }
    moveIds(ply, m);
    play(ply, m);
    setSum(ply + 1, side, own);
    setSum(ply + 1, side ^ 1, other);
    found += search(ply + 1, k - 1, child);
  }
  if (found == 0 && lines < limit) {
    ttPut(key, ttGet(key) | bit);
    if (cuts == cutsBefore) ttPut(plain, ttGet(plain) | bit);
  }
  return found;
}
