// Engine scores and win/draw/loss chances, from the side to move (as engines report them) or from
// either side. The WDL model is Stockfish's published one: the constants below are facts from its
// source (src/uci.cpp `win_rate_model`, src/uci.h `NormalizeToPawnValue`) at the tag named per model.
import type { Color } from '../chess/types.js';

/** A score as plain data from one side's point of view: centipawns, or mate in `mate` moves (negative: being mated). */
export type ScoreValue = { cp: number } | { mate: number };

/**
 * A Stockfish win-rate model that needs only the score and the game ply:
 * - `sf15.1`: Stockfish 15.1 (Debian's `stockfish` 15.1 reports `wdl` with this model);
 * - `sf16`: Stockfish 16;
 * - `sf16.1`: Stockfish 16.1 (the default; later versions fit on material, which a score alone does not tell).
 */
export type WdlModel = 'sf15.1' | 'sf16' | 'sf16.1';

interface ModelParams {
  /** Cubic polynomials in `m` giving the logistic's centre (a) and width (b), in internal units. */
  as: readonly [number, number, number, number];
  bs: readonly [number, number, number, number];
  /** Internal units per 100 centipawns of UCI output (`NormalizeToPawnValue`). */
  pawn: number;
  /** The polynomials' variable for a game ply. */
  m(ply: number): number;
  /** The internal value is clamped to ±4000 before the logistic (15.1 and 16 do; 16.1 does not). */
  clamp: boolean;
}

const byPly = (ply: number): number => Math.min(240, ply) / 64;
const MODELS: Record<WdlModel, ModelParams> = {
  // Stockfish tag sf_15.1: uci.cpp win_rate_model (m = min(240, ply) / 64, value clamped to ±4000),
  // uci.h NormalizeToPawnValue = 361.
  'sf15.1': {
    as: [-0.58270499, 2.68512549, 15.24638015, 344.49745382],
    bs: [-2.65734562, 15.96509799, -20.69040836, 73.61029937],
    pawn: 361,
    m: byPly,
    clamp: true,
  },
  // Stockfish tag sf_16: the same form, uci.h NormalizeToPawnValue = 328.
  sf16: {
    as: [0.38036525, -2.8201507, 23.17882135, 307.36768407],
    bs: [-2.29434733, 13.27689788, -14.26828904, 63.4531833],
    pawn: 328,
    m: byPly,
    clamp: true,
  },
  // Stockfish tag sf_16.1: uci.cpp win_rate_model with m = clamp(ply / 2 + 1, 8, 120) / 32 (the
  // move number, anchored at move 32), no clamp of the value; NormalizeToPawnValue = 356.
  'sf16.1': {
    as: [-1.06249702, 7.42016937, 0.89425629, 348.60356174],
    bs: [-5.3312219, 39.57831533, -90.84473771, 123.40620748],
    pawn: 356,
    m: (ply) => Math.min(120, Math.max(8, Math.floor(ply / 2) + 1)) / 32,
    clamp: false,
  },
};

/** The model's win chance in per mille for a centipawn score from the side's view at a game ply. */
function winsPerMille(model: ModelParams, cp: number, ply: number): number {
  const m = model.m(Math.max(0, ply));
  const a = ((model.as[0] * m + model.as[1]) * m + model.as[2]) * m + model.as[3];
  const b = ((model.bs[0] * m + model.bs[1]) * m + model.bs[2]) * m + model.bs[3];
  const v = (cp * model.pawn) / 100;
  const x = model.clamp ? Math.min(4000, Math.max(-4000, v)) : v;
  return Math.floor(0.5 + 1000 / (1 + Math.exp((a - x) / b)));
}

/** Options of the WDL model: which Stockfish model, and the game ply of the position (default 30). */
export interface WdlOptions {
  model?: WdlModel;
  ply?: number;
}

/** Win, draw and loss chances in per mille from one side's point of view. */
export class SideWdl {
  constructor(
    readonly wins: number,
    readonly draws: number,
    readonly losses: number,
  ) {}

  /** wins + draws + losses (1000 for the model and for Stockfish). */
  total(): number {
    return this.wins + this.draws + this.losses;
  }

  /** The expected score, 0..1: (wins + draws / 2) / total. */
  expectation(): number {
    const total = this.total();
    return total > 0 ? (this.wins + this.draws / 2) / total : 0.5;
  }

  /** `[wins, draws, losses]`. */
  toJSON(): [number, number, number] {
    return [this.wins, this.draws, this.losses];
  }
}

const flipWdl = (w: SideWdl): SideWdl => new SideWdl(w.losses, w.draws, w.wins);

/**
 * Win/draw/loss chances as an engine reports them (from the side to move) or as the model gives
 * them for a `Score`; `white()`, `black()` and `pov(color)` turn them to either side.
 */
export class Wdl {
  constructor(
    /** From the side to move's point of view. */
    readonly relative: SideWdl,
    /** The side to move in the searched position. */
    readonly turn: Color,
  ) {}

  /** From White's point of view. */
  white(): SideWdl {
    return this.pov('white');
  }

  /** From Black's point of view. */
  black(): SideWdl {
    return this.pov('black');
  }

  /** From `color`'s point of view. */
  pov(color: Color): SideWdl {
    return color === this.turn ? this.relative : flipWdl(this.relative);
  }

  /** White's view as `[wins, draws, losses]`. */
  toJSON(): [number, number, number] {
    return this.white().toJSON();
  }
}

/** The default of `score({ mateScore })`: larger than any centipawn score an engine reports. */
const MATE_SCORE = 100_000;

/**
 * A score from one side's point of view, in a total order (see `compare`). `cp` is set for a
 * centipawn score, `mate` for a mate: moves to mate (> 0), to be mated (< 0). A checkmate on the
 * board is `mate` −0 for the side checkmated and +0 for the side that gave it (`MATE_GIVEN`);
 * `score()` and `compare` tell the two apart.
 */
export class SideScore {
  /** Centipawns, when the score is not a mate. */
  readonly cp?: number;
  /** Moves to mate (> 0, +0 when mate is given) or to be mated (< 0, −0 when checkmated). */
  readonly mate?: number;

  private constructor(value: ScoreValue) {
    if ('cp' in value) this.cp = value.cp;
    else this.mate = value.mate;
  }

  /** A centipawn score. */
  static cp(cp: number): SideScore {
    return new SideScore({ cp });
  }

  /** Mate in `moves` (negative: mated in that many; 0 or −0: checkmated now). */
  static mate(moves: number): SideScore {
    return new SideScore({ mate: moves === 0 ? -0 : moves });
  }

  /** The opponent is checkmated (python-chess's `MateGiven`). */
  static readonly MATE_GIVEN: SideScore = new SideScore({ mate: 0 });

  /**
   * The total order, for `Array.prototype.sort`: checkmated (−0) < mated in 1 < mated in 2 < … <
   * any centipawn score, ascending < … < mate in 2 < mate in 1 < mate given (+0).
   */
  static compare(a: SideScore, b: SideScore): number {
    const ka = rank(a),
      kb = rank(b);
    return ka[0] - kb[0] || ka[1] - kb[1];
  }

  /** Whether it is a mate score. */
  isMate(): boolean {
    return this.mate !== undefined;
  }

  /**
   * One number: centipawns, or for a mate in n `mateScore − n`, mated in n `−mateScore − n`
   * (checkmated: `−mateScore`, mate given: `mateScore`). Default `mateScore`: 100 000.
   */
  score(opts: { mateScore?: number } = {}): number {
    const mateScore = opts.mateScore ?? MATE_SCORE;
    if (this.cp !== undefined) return this.cp;
    const n = this.mate!;
    if (n > 0 || Object.is(n, 0)) return mateScore - n;
    return -mateScore - n;
  }

  /**
   * Win/draw/loss chances from this side's view: Stockfish's model for a centipawn score at a
   * game ply (default 30), certainty for a mate.
   */
  wdl(opts: WdlOptions = {}): SideWdl {
    if (this.mate !== undefined)
      return this.mate > 0 || Object.is(this.mate, 0) ? new SideWdl(1000, 0, 0) : new SideWdl(0, 0, 1000);
    const model = MODELS[opts.model ?? 'sf16.1'];
    if (!model)
      throw new RangeError(`unknown WDL model ${String(opts.model)} (one of ${Object.keys(MODELS).join(', ')})`);
    const ply = opts.ply ?? 30;
    const wins = winsPerMille(model, this.cp!, ply);
    const losses = winsPerMille(model, -this.cp!, ply);
    return new SideWdl(wins, 1000 - wins - losses, losses);
  }

  /** The score from the other side's point of view. */
  negate(): SideScore {
    return this.cp !== undefined ? new SideScore({ cp: 0 - this.cp }) : new SideScore({ mate: -this.mate! });
  }

  /** `{ cp }` or `{ mate }` (JSON drops the sign of a mate 0: a `Score` with its `turn` keeps it). */
  toJSON(): ScoreValue {
    return this.cp !== undefined ? { cp: this.cp } : { mate: this.mate! };
  }

  /** `+35`, `-120`, `0`, `#3`, `#-2`; a checkmate on the board is `#-0` (checkmated) or `#+0` (mate given). */
  toString(): string {
    if (this.cp !== undefined) return this.cp > 0 ? `+${this.cp}` : String(this.cp);
    const n = this.mate!;
    if (n === 0) return Object.is(n, -0) ? '#-0' : '#+0';
    return `#${n}`;
  }
}

/** Sort key: class (0 mated, 1 centipawns, 2 mating), then the value within it. */
function rank(s: SideScore): [number, number] {
  if (s.cp !== undefined) return [1, s.cp];
  const n = s.mate!;
  if (n > 0 || Object.is(n, 0)) return [2, -n];
  return [0, -n];
}

/**
 * An engine score: what the engine reported (`relative`, from the side to move) and the side to
 * move; `white()`, `black()` and `pov(color)` turn it to either side. A mate 0 (the side to move
 * is checkmated) becomes `#-0` for that side and `#+0` for the other.
 */
export class Score {
  /** As the engine reported it, from the side to move's point of view (a mate 0 is stored as −0). */
  readonly relative: ScoreValue;

  constructor(
    relative: ScoreValue,
    /** The side to move in the searched position. */
    readonly turn: Color,
    /** The game ply of the searched position (0 = White's first move), the WDL model's default ply. */
    readonly ply?: number,
  ) {
    this.relative = 'cp' in relative ? { cp: relative.cp } : { mate: relative.mate === 0 ? -0 : relative.mate };
  }

  /** A centipawn score from the side to move's view. */
  static cp(cp: number, turn: Color): Score {
    return new Score({ cp }, turn);
  }

  /** A mate score from the side to move's view (negative: being mated; 0: checkmated). */
  static mate(mate: number, turn: Color): Score {
    return new Score({ mate }, turn);
  }

  /** From a White-view value (what `toJSON` gives, and what worker results and `--json` carry). */
  static fromWhite(value: ScoreValue, turn: Color, ply?: number): Score {
    if ('cp' in value) return new Score({ cp: turn === 'white' ? value.cp : 0 - value.cp }, turn, ply);
    // A mate 0 can only be the side to move's checkmate, whatever sign JSON left on it.
    if (value.mate === 0) return new Score({ mate: -0 }, turn, ply);
    return new Score({ mate: turn === 'white' ? value.mate : -value.mate }, turn, ply);
  }

  /** From White's point of view. */
  white(): SideScore {
    return this.pov('white');
  }

  /** From Black's point of view. */
  black(): SideScore {
    return this.pov('black');
  }

  /** From `color`'s point of view. */
  pov(color: Color): SideScore {
    const own = 'cp' in this.relative ? SideScore.cp(this.relative.cp) : SideScore.mate(this.relative.mate);
    return color === this.turn ? own : own.negate();
  }

  /** Whether it is a mate score. */
  isMate(): boolean {
    return 'mate' in this.relative;
  }

  /** Stockfish's model for this score (ply: the searched position's, else 30), turnable to either side. */
  wdl(opts: WdlOptions = {}): Wdl {
    return new Wdl(this.pov(this.turn).wdl({ model: opts.model, ply: opts.ply ?? this.ply ?? 30 }), this.turn);
  }

  /**
   * White's view as plain data. A checkmate on the board is written `{ mate: 0 }` (never −0, which
   * JSON would not keep): with the side to move beside it, it can only be that side's checkmate.
   */
  toJSON(): ScoreValue {
    const v = this.white().toJSON();
    return 'mate' in v && v.mate === 0 ? { mate: 0 } : v;
  }

  /** White's view as text: `+35`, `-120`, `#3`, `#-2`. */
  toString(): string {
    return this.white().toString();
  }
}
