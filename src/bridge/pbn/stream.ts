/** Streaming PBN reader: an async iterator over games from a string, bytes, a web ReadableStream or any async iterable of chunks. */
import { append } from './util.js';
import type { Parsed } from '../../errors.js';
import { countLineBreaks, lastRecordBoundary, textChunks, type TextSource } from '../../text/index.js';
import { PbnDecoder } from './decode.js';
import type { PbnGame } from './model.js';
import { PbnExportChecker } from './export-check.js';
import { PbnReader, type ParsePbnOptions } from './parse.js';

/**
 * Whether a game holds nothing: no tag, section, auction, play, comment or escape line. Such a game
 * only comes from `readPbn` for an input with no game at all, as the carrier of its errors.
 */
export function isEmptyPbnGame(game: PbnGame): boolean {
  return (
    !Object.keys(game.tags).length &&
    !game.sections.length &&
    !game.auction &&
    !game.play &&
    !game.comments?.length &&
    !game.escapes?.length &&
    !game.endComments?.length
  );
}

/**
 * Reads PBN games one at a time with bounded memory (one game's text at a time, plus one chunk).
 * Each item is a `Parsed` game: `value` is the game, `errors` and `warnings` those of the game and
 * of the text before it (export-format warnings of a stretch of text go with the next game); errors
 * after the last game go with that game. An input with no game at all but errors or warnings gives
 * one item holding them with an empty game (`isEmptyPbnGame`), so nothing is dropped.
 * @example
 * ```ts
 * for await (const { value: game, errors } of readPbn(createReadStream('big.pbn'))) {
 *   if (!errors.length) console.log(game.tags.Board?.value);
 * }
 * ```
 */
export async function* readPbn(source: TextSource, options: ParsePbnOptions = {}): AsyncGenerator<Parsed<PbnGame>> {
  const reader = new PbnReader(options);
  // bytes are decoded by the same rule as parsePbn's (decode.ts): one choice per file
  const decoder = new PbnDecoder();
  // Text since the last cut, in pieces: whole lines already scanned for record boundaries, then the
  // line not yet complete. Nothing is joined or scanned again until a boundary or a line end comes
  // (a record of 600,000 tag lines, or one long line, was copied and scanned once per chunk).
  let lines: string[] = [];
  let open: string[] = [];
  const state = { inBrace: false };
  let line = 1;
  let first = true;
  const held: PbnGame[] = [];
  // the export-format rules carry over from part to part (## tags, the line-end count), and their
  // warnings are capped per game by the checker, as parsePbn adds them
  const exportChecker = new PbnExportChecker(options.maxErrors);
  const checkExport = () => options.checkExport ?? reader.exportFormat;
  // each item takes the reports up to the end of its game, which then leave the reader (flat memory);
  // the last game of the input takes everything that is left
  const emit = function* (games: PbnGame[], last = false): Generator<Parsed<PbnGame>> {
    for (let i = 0; i < games.length; i++) {
      const game = games[i]!;
      yield { value: game, ...reader.takeReports(last && i === games.length - 1 ? undefined : game) };
    }
  };
  for await (const chunk of textChunks(source)) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk);
    if (first) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      if (text.length) first = false;
    }
    if (!text.length) continue;
    if (text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
      open.push(text);
      continue;
    }
    const scan = open.length ? open.join('') + text : text;
    open = [];
    const { cut, scanned } = lastRecordBoundary(scan, state, 0);
    if (scanned < scan.length) open.push(scan.slice(scanned));
    if (cut <= 0) {
      if (scanned > 0) lines.push(scan.slice(0, scanned));
      continue;
    }
    const part = lines.length ? lines.join('') + scan.slice(0, cut) : scan.slice(0, cut);
    lines = cut < scanned ? [scan.slice(cut, scanned)] : [];
    // the newest game is held back: comments at the very end of the input still belong to it
    append(held, reader.read(part, line));
    if (checkExport()) append(reader.warnings, exportChecker.check(part, line));
    yield* emit(held.splice(0, held.length - 1));
    line += countLineBreaks(part);
  }
  const buffer = lines.join('') + open.join('') + decoder.decode(new Uint8Array(0), true);
  append(held, reader.read(buffer, line));
  const encoding = decoder.warning();
  if (encoding) reader.addWarnings([encoding]);
  if (checkExport()) {
    append(reader.warnings, exportChecker.check(buffer, line));
    append(reader.warnings, exportChecker.end());
  }
  reader.finishInput(held[held.length - 1]);
  if (held.length) {
    yield* emit(held, true);
    return;
  }
  // no game in the input (the newest game is always held, so none was given before)
  const rest = reader.takeReports();
  if (rest.errors.length || rest.warnings.length) yield { value: { tags: {}, sections: [] }, ...rest };
}
