// chess.com bughouse game JSON: check / convert --to bpgn|json (the partner game is read from
// `<partnerGameId>.json` beside the file).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chesscomToMatch, makeBpgn, matchToJson, parseChesscomGame, type BughouseMatch } from '../../bughouse/index.js';
import { withWarnings } from '../warnings.js';
import { notationError, type NotationError } from '../../errors.js';
import type { FormatHandler, InputFile } from '../types.js';

function load(
  input: InputFile,
  options?: Record<string, unknown>,
): { match?: BughouseMatch; errors: NotationError[]; warnings?: NotationError[] } {
  const a = parseChesscomGame(new TextDecoder().decode(input.bytes));
  if (!a.ok) return { errors: [a.error] };
  const partnerId = a.value.game.partnerGameId;
  // The partner: the second file on the command line, else <partnerGameId>.json beside the first.
  const given = Array.isArray(options?.positionals) ? (options.positionals as string[])[1] : undefined;
  const partnerPath =
    given ??
    (partnerId === undefined || input.name === '-' ? undefined : join(dirname(input.name), `${partnerId}.json`));
  if (!partnerPath || !existsSync(partnerPath)) {
    return {
      errors: [
        notationError(
          'ERR_CHESSCOM_PARTNER',
          `partner game ${partnerId ?? '(none)'} not found beside ${input.name} (${partnerId}.json)`,
        ),
      ],
    };
  }
  const b = parseChesscomGame(readFileSync(partnerPath, 'utf8'));
  if (!b.ok) return { errors: [{ ...b.error, message: `${partnerPath}: ${b.error.message}` }] };
  // Board A is the game with the lower id (chess.com numbers the partner game right after).
  const [ga, gb] = a.value.game.id <= b.value.game.id ? [a.value, b.value] : [b.value, a.value];
  const m = chesscomToMatch(ga, gb);
  if (!m.ok) return { errors: [m.error] };
  return { match: m.value.value, errors: m.value.errors, warnings: m.value.warnings };
}

export const chesscomFormat: FormatHandler = {
  name: 'chesscom',
  async check(input) {
    const { match, errors, warnings } = load(input);
    return {
      counts: { matches: match ? 1 : 0, moves: match?.moves.length ?? 0 },
      errors,
      warnings: warnings ?? [],
    };
  },
  async export(input) {
    const { match, errors } = load(input);
    if (!match) return { text: '', errors };
    const made = withWarnings((onWarning) => makeBpgn(match, { onWarning }));
    return { text: made.text, errors, warnings: made.warnings.map((w) => notationError(w.code, w.message)) };
  },
  convertTargets: ['bpgn', 'json'],
  async convert(input, to, options) {
    const { match, errors } = load(input, options);
    if (!match) return { text: '', errors };
    if (to === 'json') return { text: JSON.stringify([matchToJson(match, errors)]) + '\n', errors: [] };
    // a tag value with a line end (pgnHeaders.White) is written as one line, with a warning
    const made = withWarnings((onWarning) => makeBpgn(match, { onWarning }));
    return { text: made.text, errors, warnings: made.warnings.map((w) => notationError(w.code, w.message)) };
  },
};
