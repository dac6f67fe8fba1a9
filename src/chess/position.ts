import { err, notationError, ok, type NotationError, type Result } from '../errors.js';
import { RECOVERABLE } from './codes.js';
import { INITIAL_FEN, W_LEGAL_EP, W_POCKET, W_PROMOTED, flagsToErrors, parseIntoScratch, variantFlags } from './fen.js';
import { isDrop, ROLES, type Color, type Move, type PositionOptions, type Setup, type Variant } from './types.js';
import { lexSan, parts, S_DROP, S_STRICT } from './sanparts.js';
import { looksCrazyhouse } from './suite.js';
import { O_VARIANT, V_BUGHOUSE, readSetup, readText, roleIndex, wasm, writeSetup, type Chess } from './wasm.js';
import { resultBoundary, resultsBoundary } from '../text/boundary.js';

export const M_CASTLE = 1 << 18,
  M_EP = 1 << 19;

/** The position whose state currently lives in the wasm slot (possibly newer than its snapshot). */
let resident: Position | undefined;
const initialPositions = new Map<Variant, Position>();

/** Evicts the resident position back to its snapshot (before the slot is reused). */
function flushResident(c: Chess): void {
  if (resident && resident._dirty) {
    resident._state.set(c.heap.subarray(c.SLOT, c.SLOT + c.POS_SIZE));
    resident._dirty = false;
  }
}

/**
 * The variant a FEN is read in: the one asked for; crazyhouse when bughouse rules are asked for (they
 * are one-board crazyhouse rules) or, with no variant given, when the FEN has a pocket (`[..]`, a ninth
 * rank) or promoted marks, so a pocket is never dropped silently.
 */
function fenVariant(fen: string, opts?: PositionOptions): Variant {
  if (opts?.bughouse) return 'crazyhouse';
  return opts?.variant ?? (looksCrazyhouse(fen) ? 'crazyhouse' : 'chess');
}

/** A legal position (validated); rules run in wasm. Many positions can coexist (each keeps a byte snapshot). */
export class Position {
  /** @internal */ _state: Uint8Array;
  /** @internal */ _dirty = false;
  readonly variant: Variant;
  /** @internal */ readonly _chess960: boolean;

  private constructor(state: Uint8Array, variant: Variant, chess960: boolean) {
    this._state = state;
    this.variant = variant;
    this._chess960 = chess960;
  }

  /** Builds a position from a Setup; an error result when it is illegal. */
  static fromSetup(setup: Setup, opts?: PositionOptions): Result<Position, NotationError> {
    return resultBoundary('Position.fromSetup', () => Position.fromSetupUnchecked(setup, opts));
  }

  private static fromSetupUnchecked(setup: Setup, opts?: PositionOptions): Result<Position, NotationError> {
    const c = wasm();
    const variant = opts?.variant ?? (opts?.bughouse ? 'crazyhouse' : 'chess');
    const epRaw = writeSetup(c, c.SCRATCH, setup, variantFlags(variant, opts?.bughouse));
    return Position.finish(c, epRaw, variant, opts);
  }

  /**
   * Reads a FEN; an error result when it is malformed or illegal.
   * @example
   * ```ts
   * const r = Position.fromFen('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3');
   * if (r.ok) r.value.legalMoves().length; // 27
   * Position.fromFen('8/8/8/8/8/8/8/8 w - - 0 1'); // { ok: false, error: { code: 'ERR_POS_KINGS', … } }
   * ```
   */
  static fromFen(fen: string, opts?: PositionOptions): Result<Position, NotationError> {
    return resultBoundary('Position.fromFen', () => Position.fromFenUnchecked(fen, opts));
  }

  private static fromFenUnchecked(fen: string, opts?: PositionOptions): Result<Position, NotationError> {
    const c = wasm();
    const variant = fenVariant(fen, opts);
    const parsed = parseIntoScratch(c, fen, variantFlags(variant, opts?.bughouse));
    if (!parsed.ok) return parsed;
    return Position.finish(c, parsed.value.epRaw, variant, opts);
  }

  /** Like fromFen, but returns every validation problem. */
  static fromFenAll(fen: string, opts?: PositionOptions): Result<Position, NotationError[]> {
    return resultsBoundary('Position.fromFenAll', () => Position.fromFenAllUnchecked(fen, opts));
  }

  private static fromFenAllUnchecked(fen: string, opts?: PositionOptions): Result<Position, NotationError[]> {
    const c = wasm();
    const variant = fenVariant(fen, opts);
    const parsed = parseIntoScratch(c, fen, variantFlags(variant, opts?.bughouse));
    if (!parsed.ok) return err([parsed.error]);
    let flags = c.w.fenValidate(c.SCRATCH, parsed.value.epRaw);
    if (opts?.lenient) flags &= ~RECOVERABLE;
    if (flags) return err(flagsToErrors(flags));
    return ok(Position.adopt(c, variant, opts));
  }

  private static finish(
    c: Chess,
    epRaw: number,
    variant: Variant,
    opts?: PositionOptions,
  ): Result<Position, NotationError> {
    let flags = c.w.fenValidate(c.SCRATCH, epRaw);
    if (opts?.lenient) flags &= ~RECOVERABLE;
    if (flags) return err(flagsToErrors(flags)[0]);
    return ok(Position.adopt(c, variant, opts));
  }

  private static adopt(c: Chess, variant: Variant, opts?: PositionOptions): Position {
    c.w.fenNormalize(c.SCRATCH);
    if (variant === 'chess') c.heap.fill(0, c.SCRATCH + 80, c.SCRATCH + 96); // no pockets in chess
    return new Position(c.heap.slice(c.SCRATCH, c.SCRATCH + c.POS_SIZE), variant, opts?.chess960 ?? false);
  }

  /** The starting position of the variant. */
  static initial(variant: Variant = 'chess'): Position {
    let template = initialPositions.get(variant);
    if (!template) {
      const r = Position.fromFen(INITIAL_FEN, { variant });
      if (!r.ok) throw new Error('unreachable');
      template = r.value;
      initialPositions.set(variant, template);
    }
    return template.clone();
  }

  /** @internal Loads this position into the wasm slot; returns its address. */
  _load(c: Chess): number {
    if (resident !== this) {
      flushResident(c);
      c.heap.set(this._state, c.SLOT);
      // the slot's owner is a module-level pointer, not a second name for `this`
      // eslint-disable-next-line @typescript-eslint/no-this-alias
      resident = this;
    }
    return c.SLOT;
  }

  /** @internal The up-to-date snapshot. */
  _snapshot(): Uint8Array {
    if (resident === this && this._dirty) flushResident(wasm());
    return this._state;
  }

  get turn(): Color {
    return this._snapshot()[96] ? 'black' : 'white';
  }

  get bughouse(): boolean {
    return (this._snapshot()[O_VARIANT] & V_BUGHOUSE) !== 0;
  }

  /** The position as plain data. */
  toSetup(): Setup {
    const c = wasm();
    const p = this._load(c);
    const ep = c.w.legalEpSquare(p);
    return readSetup(c.heap, p, this.variant === 'crazyhouse', ep);
  }

  /** The position as FEN. */
  fen(opts?: { shredder?: boolean }): string {
    const c = wasm();
    const p = this._load(c);
    let flags = W_LEGAL_EP | (opts?.shredder ? 1 : 0);
    if (this.variant === 'crazyhouse') flags |= W_POCKET | W_PROMOTED;
    return readText(c, c.w.fenWrite(p, flags));
  }

  /** An independent copy. */
  clone(): Position {
    return new Position(this._snapshot().slice(), this.variant, this._chess960);
  }

  /** 64-bit Zobrist hash of the position. */
  zobrist(): bigint {
    const c = wasm();
    return BigInt.asUintN(64, c.w.zobrist(this._load(c)));
  }

  /** Every legal move (drops included in crazyhouse). */
  legalMoves(): Move[] {
    const c = wasm();
    const n = c.w.legalMoves(this._load(c));
    const base = c.MOVES >> 2;
    const out: Move[] = new Array(n);
    for (let i = 0; i < n; i++) out[i] = decodeMove(c.u32[base + i], this._chess960);
    return out;
  }

  /** Number of legal moves (counted, not generated). */
  moveCount(): number {
    const c = wasm();
    return c.w.countMoves(this._load(c));
  }

  /** @internal The packed legal move equal to `move`, or -1 (one targeted wasm lookup). */
  _encode(move: Move): number {
    const c = wasm();
    const p = this._load(c);
    if (isDrop(move)) {
      const r = roleIndex(move.role);
      if (!r || !(move.to >= 0 && move.to < 64)) return -1;
      return Math.max(-1, c.w.sanFind(p, r, move.to, -1, -1, 0, S_DROP));
    }
    const { from, to } = move;
    if (!(from >= 0 && from < 64 && to >= 0 && to < 64) || (from | 0) !== from || (to | 0) !== to) return -1;
    const piece = c.heap[p + 112 + from];
    if (!piece || piece >> 3 !== c.heap[p + 96]) return -1;
    const promo = move.promotion ? roleIndex(move.promotion) : 0;
    if (move.promotion && !promo) return -1;
    return Math.max(-1, c.w.sanFind(p, piece & 7, to, from & 7, from >> 3, promo, S_STRICT));
  }

  /** True when the move is legal here. */
  isLegal(move: Move): boolean {
    return this._encode(move) >= 0;
  }

  /** Plays a legal move; throws on an illegal one (a programmer error). */
  play(move: Move): void {
    const m = this._encode(move);
    if (m < 0) throw new Error(`illegal move ${JSON.stringify(move)} in ${this.fen()}`);
    this._playPacked(m);
  }

  /** @internal Sets the snapshot to `bytes`; a stale copy of this position in the slot is dropped. */
  _restore(bytes: Uint8Array): void {
    if (resident === this) resident = undefined;
    this._state.set(bytes);
    this._dirty = false;
  }

  /** @internal */
  _playPacked(m: number): void {
    const c = wasm();
    c.w.play(this._load(c), m);
    this._dirty = true;
  }

  /** True when the side to move is in check. */
  isCheck(): boolean {
    const c = wasm();
    return c.w.isCheck(this._load(c)) === 1;
  }

  /** True when the side to move is checkmated. */
  isCheckmate(): boolean {
    const c = wasm();
    const s = c.w.status(this._load(c));
    return s === 1;
  }

  /** True when the side to move has no legal move and is not in check. */
  isStalemate(): boolean {
    const c = wasm();
    const s = c.w.status(this._load(c));
    return s === 0;
  }

  /** True when neither side can mate with the material left. */
  isInsufficientMaterial(): boolean {
    const c = wasm();
    return c.w.insufficient(this._load(c)) === 1;
  }

  /** undefined while the game goes on; `{ winner }` after mate; `{}` for a draw. */
  outcome(): { winner?: Color } | undefined {
    const c = wasm();
    const p = this._load(c);
    const s = c.w.status(p);
    if (s === 1) return { winner: this.turn === 'white' ? 'black' : 'white' };
    if (s === 0) return {};
    if (c.w.insufficient(p) === 1) return {};
    return undefined;
  }

  /**
   * Resolves SAN (lenient, see parseSan) and plays it in one wasm call. On error the position is
   * unchanged.
   */
  playSan(san: string): Result<Move, NotationError> {
    const m = this.playSanCode(san);
    if (m >= 0) return ok(decodeMove(m, this._chess960));
    if (m === -3) return err(notationError('ERR_SAN_SYNTAX', `invalid SAN '${san}'`, 1, lexSan(san)));
    if (m === -2) return err(notationError('ERR_SAN_AMBIGUOUS', `ambiguous move '${san}' in ${this.fen()}`));
    return err(notationError('ERR_SAN_ILLEGAL', `illegal move '${san}' in ${this.fen()}`));
  }

  /**
   * @internal
   * Allocation-free SAN play for bulk readers: the packed move (≥ 0), or -1 illegal, -2 ambiguous,
   * -3 syntax error. Decode a packed move with `decodeMove`.
   */
  playSanCode(san: string): number {
    if (lexSan(san)) return -3;
    const c = wasm();
    const m = c.w.sanPlay(this._load(c), parts.role, parts.to, parts.ff, parts.fr, parts.promo, parts.flags);
    if (m >= 0) this._dirty = true;
    return m;
  }

  /** Bulk-counted perft from this position. */
  perft(depth: number): number {
    const c = wasm();
    return c.w.perft(this._load(c), depth);
  }
}

const CASTLE_KING_DEST = (m: number): number => {
  const from = m & 63,
    to = (m >>> 6) & 63;
  return (from & 56) + (to > from ? 6 : 2);
};

/** Packed move → Move. Standard-looking castles (king on the e-file, a/h rook) → king to g/c unless chess960. */
export function decodeMove(m: number, chess960: boolean): Move {
  const to = (m >>> 6) & 63;
  const drop = (m >>> 15) & 7;
  if (drop) return { role: ROLES[drop - 1], to };
  const from = m & 63;
  if (m & M_CASTLE && !chess960 && (from & 7) === 4 && ((to & 7) === 0 || (to & 7) === 7)) {
    return { from, to: CASTLE_KING_DEST(m) };
  }
  const promo = (m >>> 12) & 7;
  return promo ? { from, to, promotion: ROLES[promo - 1] } : { from, to };
}
