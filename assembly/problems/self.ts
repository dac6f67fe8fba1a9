// Self play s#n / s=n and reflex play r#n / r=n. The attacker (side to move) forces the defender
// to reach the goal against it (mate or stalemate the attacker) within n defender moves; the
// defender avoids it. In reflex play each side must reach the goal when it can: the defender's
// goal move in one ends the play in the attacker's favour, and an attacker that could reach the
// goal itself has failed. Quodlibet lets the attacker's own goal move solve too. Most of an s#n
// tree is refuting the attacker's last moves: spare defences skip the attacker moves that cannot
// take them all away, a safe king step skips those (checks included) that leave the king one, and
// the defence that escaped in a sibling position is replayed before the defender's moves are
// generated.
import { goalInOne, goalReached } from './goal';
import { posAt, movesAt, LAST_PLY, OUT, OUT_CAP } from './layout';
import { play, generate, playNull, stopped, inCheck } from './search';
import { checkFilter, mayGiveCheck, checkTargets } from './checks';
import { between, line, knightAttacks, kingAttacks, pawnAttacks, rookAttacks, bishopAttacks, queenAttacks } from '../chess/attacks';
import { attackersTo, pinnedPieces, attacksOf } from '../chess/movegen';
import { lastCheckers } from '../chess/movegen';
import { turn, occupied, kingSquare, colorBB, roleBB, pieceAt, epSquare, castleRooks, variant, WHITE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, M_CASTLE, M_EP, M_DOUBLE, mFrom, mTo, mPromo } from '../chess/position';
import { canMate } from './direct';
import { goal, GOAL_MATE, reflex, quodlibet, threatLimit, maxFlights, nonTrivialExtra, nonTrivialLength, nonTrivialBudget, setNonTrivialBudget, budgetSalt } from './config';
import { kingFlights } from './mobility';
import { keyOf, ttGet, ttMove, boundFails, boundWins, boundStore, boundStoreMove, K_SELF_WIN, K_SELF_FORCED } from './tt';
import { orderMoves, setKiller, killer, replayable, kingSafeAfter, addHistory } from './order';

/** The attacker to move at `ply` forces the defender to reach the goal within n defender moves. */
export function selfWins(ply: i32, n: i32): bool {
  if (n <= 0 || ply >= LAST_PLY || stopped != 0) return false;
  const p = posAt(ply);
  // the defender must keep a piece that can mate (unless the attacker may mate instead)
  if (goal == GOAL_MATE && !quodlibet && !canMate(p, turn(p) ^ 1)) return false;
  if (reflex && goalInOne(ply)) return false;
  const last = n == 1 && !reflex && !quodlibet && goal == GOAL_MATE;
  // The attacker's last move of s#n neither reads nor writes the table: few of its positions recur
  // (4% on the s#5 of ep.inp #11), and their entries pushed out the deeper ones (at s#6, 2% more
  // nodes without them, and 10% less CPU)
  const table = !last;
  const key = table ? keyOf(p) ^ K_SELF_WIN ^ budgetSalt() : 0;
  const d = table ? ttGet(key) : 0;
  if (boundWins(d, n)) return true;
  if (boundFails(d, n)) return false;
  // with spare defences, only the moves that may take them all away are generated
  let spares = last && findSpares(ply);
  let cnt = -1;
  if (spares) {
    checkFilter(p);
    cnt = generateTouching(ply);
  }
  if (cnt < 0) cnt = generate(ply);
  else spares = false;
  orderMoves(ply, cnt, table ? ttMove(key) : 0, n > 1, n > 1);
  const list = movesAt(ply);
  // a move after which the defender's king can step to a safe flight fails too (checks included)
  const flights = last ? safeFlights(p) : 0;
  for (let i = 0; i < cnt; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    if (spares && !touchesSpares(m)) continue;
    if (flights != 0 && kingSteps(p, m, flights)) continue;
    const q = play(ply, m);
    if (quodlibet && goalReached(q)) {
      if (table) boundStoreMove(key, ttGet(key), n, true, m);
      return true;
    }
    if (selfForced(ply + 1, n)) {
      setKiller(ply, m);
      if (n > 1) addHistory(ply, m, n);
      if (table) boundStoreMove(key, ttGet(key), n, true, m);
      return true;
    }
    if (stopped != 0) return false;
  }
  if (table) boundStore(key, ttGet(key), n, false);
  return false;
}

// Spare defences for the attacker's last move of s#n: quiet moves of different defender pieces
// that stay legal and give no check whatever attacker move leaves them alone. An attacker move that
// touches none of them (does not capture, block, pin or unpin the piece, check the king, or open or
// close a line to the attacker's king through the squares it leaves and reaches) leaves the
// defender one, which does not mate: the move fails without being played.
const MAX_SPARES = 4;
/** Per spare: the squares an attacker move may not reach, then those it may not leave (u64 each). */
const SPARES: usize = memory.data(MAX_SPARES * 16);
let spareCount = 0;
let kingBits: u64 = 0;

/** Finds spare defences at `ply` (attacker to move) after a pass; false when there are fewer than two. */
function findSpares(ply: i32): bool {
  if (!playNull(ply)) return false;
  const d = posAt(ply + 1);
  const defender = turn(d);
  const kDef = kingSquare(d, defender), kAtt = kingSquare(d, defender ^ 1);
  kingBits = (<u64>1) << <u64>kAtt;
  const cnt = generate(ply + 1);
  const list = movesAt(ply + 1);
  let pieces: u64 = (<u64>1) << <u64>kDef;
  let found = 0;
  for (let i = 0; i < cnt && found < MAX_SPARES; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    if ((m & (M_CASTLE | M_EP)) != 0) continue;
    const a = mFrom(m), b = mTo(m);
    const ab = (<u64>1) << <u64>a, bb = (<u64>1) << <u64>b;
    if (pieces & ab) continue;
    // quiet: it gives no check (a check might mate)
    if (checksKing(d, m, kAtt)) continue;
    pieces |= ab;
    // An attacker move can pin the piece by reaching the line from the defender's king through
    // it (when nothing stands between them) or by leaving it (unmasking a slider), and can make
    // the move check only by leaving a line to its own king (reaching one only blocks it).
    const pin = line(kDef, a);
    const at = SPARES + (<usize>found << 4);
    store<u64>(at, ab | bb | between(a, b) | ((between(kDef, a) & occupied(d)) == 0 ? pin : 0));
    store<u64>(at, bb | pin | line(kAtt, a) | line(kAtt, b), 8);
    found++;
  }
  spareCount = found;
  return found >= 2;
}

/** Whether move m (legal at p; no castling, e.p. or king move) attacks the king on k: directly, or by uncovering a slider. */
function checksKing(p: usize, m: u32, k: i32): bool {
  const us = turn(p);
  const from = mFrom(m), to = mTo(m);
  const fb = (<u64>1) << <u64>from;
  const occ = (occupied(p) & ~fb) | ((<u64>1) << <u64>to);
  const promo = mPromo(m);
  const role = promo != 0 ? promo : pieceAt(p, from) & 7;
  const kb = (<u64>1) << <u64>k;
  if (attacksOf(role, us, to, occ) & kb) return true;
  const q = roleBB(p, QUEEN);
  const sliders = ((rookAttacks(k, occ) & (roleBB(p, ROOK) | q)) | (bishopAttacks(k, occ) & (roleBB(p, BISHOP) | q)));
  return (sliders & colorBB(p, us) & ~fb) != 0;
}

const REPLAY_ILLEGAL = 0, REPLAY_QUIET = 1, REPLAY_CHECK = 2;

/**
 * A pseudo-legal move m at p (no castling or e.p.; see replayable): REPLAY_ILLEGAL when it leaves
 * the mover's king attacked, REPLAY_QUIET when it is legal and gives no check, else REPLAY_CHECK
 * (also when a king is missing: then it is played and judged on the board).
 */
function quietReplay(p: usize, m: u32): i32 {
  const us = turn(p), them = us ^ 1;
  const own = kingSquare(p, us), other = kingSquare(p, them);
  if (own == 64 || other == 64) return REPLAY_CHECK;
  const from = mFrom(m), to = mTo(m);
  const tb = (<u64>1) << <u64>to;
  const occ = (occupied(p) & ~((<u64>1) << <u64>from)) | tb;
  if ((attackersTo(p, from == own ? to : own, them, occ) & ~tb) != 0) return REPLAY_ILLEGAL;
  return checksKing(p, m, other) ? REPLAY_CHECK : REPLAY_QUIET;
}

/** Whether attacker move m (at the position given to checkFilter) may take away every spare defence. */
@inline function touchesSpares(m: u32): bool {
  if ((m & (M_CASTLE | M_EP)) != 0 || mPromo(m) != 0 || mayGiveCheck(m)) return true;
  const fb = (<u64>1) << <u64>mFrom(m), tb = (<u64>1) << <u64>mTo(m);
  if (fb & kingBits) return true;
  for (let i = 0; i < spareCount; i++) {
    const at = SPARES + (<usize>i << 4);
    if ((tb & load<u64>(at)) == 0 && (fb & load<u64>(at, 8)) == 0) return false;
  }
  return true;
}

/** The destinations of a move from `from` that touchesSpares passes for every spare (the piece may touch one by leaving). */
@inline function spareTargets(from: i32): u64 {
  const fb = (<u64>1) << <u64>from;
  let t = ~(<u64>0);
  for (let i = 0; i < spareCount; i++) {
    const at = SPARES + (<usize>i << 4);
    if ((fb & load<u64>(at, 8)) == 0) t &= load<u64>(at);
  }
  return t;
}

@inline function pushMove(out: usize, n: i32, m: u32): i32 {
  store<u32>(out + (<usize>n << 2), m);
  return n + 1;
}

/**
 * The legal moves at `ply` (attacker to move, not in check) that touchesSpares passes, after
 * findSpares and checkFilter: every king move, every move of a piece whose leaving touches each
 * spare, and the others only to squares that touch the rest or may give check; promotions and
 * double steps always. Written to the ply's list; returns the count, or -1 (nothing written) when
 * castling, e.p. or drops are possible or a king is missing: then every move is generated.
 */
function generateTouching(ply: i32): i32 {
  const p = posAt(ply);
  const us = turn(p), them = us ^ 1;
  const usBB = colorBB(p, us), occ = occupied(p);
  const themBB = occ & ~usBB;
  const ksq = kingSquare(p, us);
  if (ksq == 64 || kingSquare(p, them) == 64 || epSquare(p) != 0 || (castleRooks(p) & usBB) != 0 || variant(p) != 0) return -1;
  const out = movesAt(ply);
  let n = 0;
  const kb = (<u64>1) << <u64>ksq;
  let t = kingAttacks(ksq) & ~usBB;
  while (t) {
    const to = <i32>ctz<u64>(t);
    t &= t - 1;
    if (attackersTo(p, to, them, occ ^ kb) == 0) n = pushMove(out, n, <u32>(ksq | (to << 6)));
  }
  const pinned = pinnedPieces(p, us, ksq, occ);
  const kThem = colorBB(p, them) & roleBB(p, KING);
  let pcs = usBB & roleBB(p, KNIGHT) & ~pinned;
  while (pcs) {
    const from = <i32>ctz<u64>(pcs);
    pcs &= pcs - 1;
    t = knightAttacks(from) & ~usBB & (spareTargets(from) | checkTargets(from));
    while (t) { n = pushMove(out, n, <u32>(from | (<i32>ctz<u64>(t) << 6))); t &= t - 1; }
  }
  pcs = usBB & (roleBB(p, BISHOP) | roleBB(p, ROOK) | roleBB(p, QUEEN));
  while (pcs) {
    const from = <i32>ctz<u64>(pcs);
    const fb = pcs & (~pcs + 1);
    pcs &= pcs - 1;
    const role = pieceAt(p, from) & 7;
    t = role == BISHOP ? bishopAttacks(from, occ) : role == ROOK ? rookAttacks(from, occ) : queenAttacks(from, occ);
    t &= ~usBB & (spareTargets(from) | checkTargets(from));
    if (pinned & fb) t &= line(ksq, from);
    while (t) { n = pushMove(out, n, <u32>(from | (<i32>ctz<u64>(t) << 6))); t &= t - 1; }
  }
  const white = us == WHITE;
  const up = white ? 8 : -8;
  const lastRank: u64 = white ? 0xff00000000000000 : 0xff;
  pcs = usBB & roleBB(p, PAWN);
  while (pcs) {
    const from = <i32>ctz<u64>(pcs);
    const fb = pcs & (~pcs + 1);
    pcs &= pcs - 1;
    t = pawnAttacks(us, from) & themBB;
    let dbl: u64 = 0;
    const s1b = (<u64>1) << <u64>(from + up);
    if ((s1b & occ) == 0) {
      t |= s1b;
      if ((from >> 3) == (white ? 1 : 6)) dbl = ((<u64>1) << <u64>(from + up + up)) & ~occ;
    }
    if (pinned & fb) {
      const ln = line(ksq, from);
      t &= ln;
      dbl &= ln;
    }
    const touch = spareTargets(from) | checkTargets(from);
    // a promotion elsewhere counts only when the new piece checks from its square
    let promos = t & lastRank & ~touch;
    t &= touch;
    dbl &= touch;
    while (promos) {
      const to = <i32>ctz<u64>(promos);
      const tb = promos & (~promos + 1);
      promos &= promos - 1;
      const m = <u32>(from | (to << 6));
      const o = (occ & ~fb) | tb;
      if (queenAttacks(to, o) & kThem) {
        n = pushMove(out, n, m | (QUEEN << 12));
        if (rookAttacks(to, o) & kThem) n = pushMove(out, n, m | (ROOK << 12));
        if (bishopAttacks(to, o) & kThem) n = pushMove(out, n, m | (BISHOP << 12));
      }
      if (knightAttacks(to) & kThem) n = pushMove(out, n, m | (KNIGHT << 12));
    }
    while (t) {
      const to = <i32>ctz<u64>(t);
      t &= t - 1;
      const m = <u32>(from | (to << 6));
      if (((<u64>1) << <u64>to) & lastRank) {
        n = pushMove(out, n, m | (QUEEN << 12));
        n = pushMove(out, n, m | (ROOK << 12));
        n = pushMove(out, n, m | (BISHOP << 12));
        n = pushMove(out, n, m | (KNIGHT << 12));
      } else n = pushMove(out, n, m);
    }
    if (dbl) n = pushMove(out, n, <u32>(from | ((from + up + up) << 6)) | M_DOUBLE);
  }
  return n;
}

// The defender's king as a spare: a step to a flight that the attacker's move leaves unguarded, and
// that does not unmask a check, answers it (checks included) without mating.

/** The squares next to the defender's king at p (attacker to move) that no attacker piece guards, through the king too. */
function safeFlights(p: usize): u64 {
  const att = turn(p), def = att ^ 1;
  const k = kingSquare(p, def);
  const occ = occupied(p) & ~((<u64>1) << <u64>k);
  let t = kingAttacks(k) & ~colorBB(p, def);
  let out: u64 = 0;
  while (t) {
    const f = <i32>ctz<u64>(t);
    t &= t - 1;
    if (attackersTo(p, f, att, occ) == 0) out |= (<u64>1) << <u64>f;
  }
  return out;
}

/** After attacker move m at p, can the defender's king step to one of `flights` without being attacked or unmasking a check? */
function kingSteps(p: usize, m: u32, flights: u64): bool {
  if ((m & (M_CASTLE | M_EP)) != 0) return false;
  const att = turn(p), def = att ^ 1;
  const from = mFrom(m), to = mTo(m);
  const fb = (<u64>1) << <u64>from, tb = (<u64>1) << <u64>to;
  const k = kingSquare(p, def);
  const kb = (<u64>1) << <u64>k;
  const promo = mPromo(m);
  const role = promo != 0 ? promo : pieceAt(p, from) & 7;
  const occ = ((occupied(p) & ~fb) | tb) & ~kb;
  const guarded = attacksOf(role, att, to, occ);
  let cand = flights & ~guarded & ~tb;
  const kAtt = role == KING ? to : kingSquare(p, att);
  while (cand) {
    const f = <i32>ctz<u64>(cand);
    cand &= cand - 1;
    if ((attackersTo(p, f, att, occ) & ~fb) != 0) continue;
    // the king on f: no defender piece may then attack the attacker's king (a captured one is gone)
    const fBit = (<u64>1) << <u64>f;
    if ((attackersTo(p, kAtt, def, occ | fBit) & ~tb & ~kb) == 0) return true;
  }
  return false;
}

/** After the defender at `ply` passes, can the attacker force the goal within `within` moves? */
function threatens(ply: i32, within: i32): bool {
  if (!playNull(ply)) return true;
  return selfWins(ply + 1, within);
}

/**
 * The defender to move at `ply` reaches the goal within n moves whatever it plays: each of its
 * moves reaches the goal, or leaves the attacker a win within n - 1 (and it has a move).
 */
export function selfForced(ply: i32, n: i32): bool {
  if (n <= 0 || ply >= LAST_PLY || stopped != 0) return false;
  const p = posAt(ply);
  if (reflex) {
    // the defender must reach the goal when it can; a goal move ends the play
    if (goalInOne(ply)) return true;
    if (n == 1) return false;
  }
  if (n == 1 && !reflex) {
    // the defence that escaped in a sibling position usually escapes here too: replay it before
    // generating (most of the tree is these last defences)
    for (let s = 0; s < 2; s++) {
      const k = killer(ply, s);
      if (!replayable(p, k)) continue;
      if (goal == GOAL_MATE) {
        // judged on the board without playing it, unless it checks (then it might mate)
        const v = quietReplay(p, k);
        if (v == REPLAY_ILLEGAL) continue;
        if (v == REPLAY_QUIET) return false;
      }
      const q = play(ply, k);
      if (kingSafeAfter(q) && !goalReached(q)) return false;
    }
  }
  if (n == 1) {
    const cnt = generate(ply);
    if (cnt == 0) return false;
    const list = movesAt(ply);
    for (let i = 0; i < cnt; i++) {
      const m = load<u32>(list + (<usize>i << 2));
      if (!goalReached(play(ply, m))) {
        setKiller(ply, m);
        return false;
      }
    }
    return true;
  }
  // the table first: an entry is only ever stored after the moves were generated and searched
  const key = keyOf(p) ^ K_SELF_FORCED ^ budgetSalt();
  const d = ttGet(key);
  if (boundWins(d, n)) return true;
  if (boundFails(d, n)) return false;
  if (!reflex && maxFlights < 0 && threatLimit == 0 && nonTrivialExtra < 0) {
    // the table's refutation and the killers usually escape: try them before generating moves
    const t = ttMove(key), k0 = killer(ply, 0), k1 = killer(ply, 1);
    for (let s = 0; s < 3; s++) {
      const m = s == 0 ? t : s == 1 ? k0 : k1;
      if ((s > 0 && m == t) || (s == 2 && m == k0) || !replayable(p, m)) continue;
      const q = play(ply, m);
      if (!kingSafeAfter(q) || goalReached(q)) continue;
      if (!selfWins(ply + 1, n - 1)) {
        if (stopped != 0) return false;
        setKiller(ply, m);
        addHistory(ply, m, n);
        boundStoreMove(key, ttGet(key), n, false, m);
        return false;
      }
    }
  }
  const cnt = generate(ply);
  if (cnt == 0) return false;
  const list = movesAt(ply);
  const check = lastCheckers() != 0;
  // Popeye's MaxFlightsquares and Threat: a position before the attacker's last two moves where
  // the defender's king has more flights than allowed (in check too), or a quiet one where the
  // attacker threatens nothing short, counts as defended
  if ((maxFlights >= 0 && n > 2 && <i32>popcnt<u64>(kingFlights(p)) > maxFlights) ||
      (!check && threatLimit > 0 && n - 1 > threatLimit && !threatens(ply, threatLimit))) {
    boundStore(key, ttGet(key), n, false);
    return false;
  }
  let loop = cnt;
  const budget = nonTrivialBudget;
  if (nonTrivialExtra >= 0 && n - 1 > nonTrivialLength) {
    loop = nonTrivialFirst(ply, cnt, nonTrivialLength);
    if (stopped != 0) return false;
    if (loop - 1 > budget) {
      boundStore(key, ttGet(key), n, false);
      return false;
    }
    if (loop > 1) setNonTrivialBudget(budget - (loop - 1));
  } else orderMoves(ply, cnt, ttMove(key), false, true);
  for (let i = 0; i < loop; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    const q = play(ply, m);
    if (!reflex && goalReached(q)) continue;
    if (!selfWins(ply + 1, n - 1)) {
      setNonTrivialBudget(budget);
      if (stopped != 0) return false;
      setKiller(ply, m);
      addHistory(ply, m, n);
      boundStoreMove(key, ttGet(key), n, false, m);
      return false;
    }
  }
  setNonTrivialBudget(budget);
  boundStore(key, ttGet(key), n, true);
  return true;
}

/** Moves the defences at `ply` that the attacker cannot meet with a win within `within` moves to the front; returns how many. */
function nonTrivialFirst(ply: i32, cnt: i32, within: i32): i32 {
  const list = movesAt(ply);
  let nt = 0;
  for (let i = 0; i < cnt; i++) {
    const a = list + (<usize>i << 2);
    const m = load<u32>(a);
    const q = play(ply, m);
    if (!reflex && goalReached(q)) continue;
    if (within > 0 && selfWins(ply + 1, within)) continue;
    const b = list + (<usize>nt << 2);
    store<u32>(a, load<u32>(b));
    store<u32>(b, m);
    nt++;
  }
  return nt;
}

/**
 * Defences at `ply` that escape: after them the goal is not reached and the attacker cannot force
 * it within n - 1 moves; written to OUT, at most max + 1. Returns how many (-1: the defender has
 * no move, which escapes as well; 0 also when, in reflex play, the defender must reach the goal).
 */
export function selfRefutations(ply: i32, n: i32, max: i32): i32 {
  if (reflex && goalInOne(ply)) return 0;
  const cnt = generate(ply);
  if (cnt == 0) return -1;
  const list = movesAt(ply);
  let found = 0;
  for (let i = 0; i < cnt && found <= max; i++) {
    const m = load<u32>(list + (<usize>i << 2));
    const q = play(ply, m);
    if (!reflex && goalReached(q)) continue;
    if (n <= 1 || !selfWins(ply + 1, n - 1)) {
      if (found < OUT_CAP) store<u32>(OUT + (<usize>found << 2), m);
      found++;
    }
  }
  return found;
}
