// Common stipulation strings (#2, h#2, h#2.5, s#3, r#2, =3, h=2, ser-h#5 …) ↔ the structured
// problem.xsd stipulation (order, play, length in half-moves, endstate). Anything else stays text.
import { err, notationError, ok, type Result } from '../errors.js';
import { resultBoundary } from '../text/boundary.js';
import type { Stipulation } from './xml/model.js';

const PLAY: Record<string, string> = { '': 'direct', h: 'help', s: 'self', r: 'reflex' };
const PREFIX: Record<string, string> = { direct: '', help: 'h', self: 's', reflex: 'r' };
const END: Record<string, string> = { '#': 'mate', '=': 'stalemate' };
const END_SIGN: Record<string, string> = { mate: '#', stalemate: '=' };

/**
 * Reads a stipulation in the common notation (`#2`, `h#2.5`, `s#3`, `r#2`, `=3`, `h=2`,
 * `ser-h#5`, …) into problem.xsd's structured form (order, play, length in half-moves, end state).
 * @example
 * ```ts
 * parseStipulation('h#2'); // { ok: true, value: { order: 'alternating', play: 'help', length: { type: 'maximum', value: '4' }, endstate: { type: 'mate' } } }
 * ```
 */
export function parseStipulation(text: string): Result<Stipulation> {
  return resultBoundary('parseStipulation', () => readStipulation(text));
}

function readStipulation(text: string): Result<Stipulation> {
  const s = stipulationOf(text);
  return s
    ? ok(s)
    : err(
        notationError(
          'ERR_STIPULATION_SYNTAX',
          `not a stipulation in the common notation: ${JSON.stringify(text.slice(0, 40))}`,
        ),
      );
}

/** @internal `parseStipulation` without the Result: undefined when the text is not one of the forms we know. */
export function stipulationOf(text: string): Stipulation | undefined {
  const m = /^(ser-)?([hsr]?)([#=])([1-9][0-9]*)(\.5)?$/.exec(text.trim());
  if (!m) return undefined;
  const series = !!m[1];
  const play = PLAY[m[2]!]!;
  const n = Number(m[4]);
  const half = !!m[5];
  if (series && half) return undefined;
  if (half && play !== 'help') return undefined;
  let length: number;
  if (series) length = n;
  else if (play === 'help') length = 2 * n + (half ? 1 : 0);
  else length = 2 * n - 1;
  const s: Stipulation = {
    order: series ? 'series' : 'alternating',
    play,
    length: { type: 'maximum', value: String(length) },
    endstate: { type: END[m[3]!]! },
  };
  return makeStipulation(s) === text.trim() ? s : undefined;
}

/** Writes a structured stipulation in the common notation (`h#2`); one it cannot name is written as its text. */
export function makeStipulation(s: Stipulation | undefined): string {
  if (!s) return '';
  const sign = s.endstate ? END_SIGN[s.endstate.type] : undefined;
  const prefix = s.play !== undefined ? PREFIX[s.play] : undefined;
  const length = s.length ? Number(s.length.value) : NaN;
  if (sign === undefined || prefix === undefined || !Number.isInteger(length) || length < 1 || s.stipulation)
    return s.text ?? '';
  if (s.order === 'series') return `ser-${prefix}${sign}${length}`;
  if (s.order !== undefined && s.order !== 'alternating') return s.text ?? '';
  if (s.play === 'help') return `h${sign}${Math.floor(length / 2)}${length % 2 ? '.5' : ''}`;
  return length % 2 ? `${prefix}${sign}${(length + 1) / 2}` : (s.text ?? '');
}

/** Who moves first under a stipulation (help play: Black, except h#n.5; everything else: White). */
export function firstToMove(stipulation: string | Stipulation | undefined): 'white' | 'black' {
  const s = typeof stipulation === 'string' ? stipulationOf(stipulation) : stipulation;
  if (!s) {
    const t = typeof stipulation === 'string' ? stipulation.trim() : '';
    return /^(ser-)?h/.test(t) && !/\.5$/.test(t) ? 'black' : 'white';
  }
  if (s.play !== 'help') return 'white';
  if (s.order === 'series') return 'black';
  return Number(s.length?.value) % 2 ? 'white' : 'black';
}
