import type { Color } from '../chess/types.js';

/** A score from one side's point of view: centipawns, or mate in `mate` moves (negative: being mated). */
export type ScoreValue = { cp: number } | { mate: number };

/**
 * An engine score. Engines report scores from the side to move (`relative`); `pov(color)` turns it
 * to either side, and a mate keeps its sign (mate -3 for White = White is mated in 3).
 */
export class Score {
  constructor(
    /** As the engine reported it: from the side to move's point of view. */
    readonly relative: ScoreValue,
    /** The side to move in the searched position. */
    readonly turn: Color,
  ) {}

  /** A centipawn score from the side to move's view. */
  static cp(cp: number, turn: Color): Score {
    return new Score({ cp }, turn);
  }

  /** A mate score from the side to move's view (negative: being mated). */
  static mate(mate: number, turn: Color): Score {
    return new Score({ mate }, turn);
  }

  /** From a White-view JSON value (the shape `toJSON` gives). */
  static fromWhite(value: ScoreValue, turn: Color): Score {
    return new Score(negateIf(value, turn === 'black'), turn);
  }

  /** The score from `color`'s point of view. */
  pov(color: Color): ScoreValue {
    return negateIf(this.relative, color !== this.turn);
  }

  get white(): ScoreValue {
    return this.pov('white');
  }

  get isMate(): boolean {
    return 'mate' in this.relative;
  }

  /**
   * One number for sorting and graphs, from `color`'s view: centipawns, mates as ±(mateValue − n).
   * Mate 0 (the side to move is mated) counts as being mated.
   */
  value(color: Color, mateValue = 100000): number {
    const v = this.pov(color);
    if ('cp' in v) return v.cp;
    if (v.mate > 0 || Object.is(v.mate, 0)) {
      // mate 0 is "mated now" from the side to move: the relative sign decides.
      if (v.mate === 0) return (color === this.turn ? -1 : 1) * mateValue;
      return mateValue - v.mate;
    }
    return -mateValue - v.mate;
  }

  /** White's view, as the CLI and worker messages carry it. */
  toJSON(): ScoreValue {
    return this.white;
  }

  /** White-view text: `+35`, `-120`, `#3`, `#-2`. */
  toString(): string {
    const v = this.white;
    return 'cp' in v ? (v.cp > 0 ? `+${v.cp}` : String(v.cp)) : `#${v.mate}`;
  }
}

function negateIf(value: ScoreValue, negate: boolean): ScoreValue {
  if (!negate) return 'cp' in value ? { cp: value.cp } : { mate: value.mate };
  // 0 - x avoids -0 for a level score.
  return 'cp' in value ? { cp: 0 - value.cp } : { mate: 0 - value.mate };
}
