import { isEmptyPbnGame, makePbn, parsePbn, readPbn } from '../../bridge/index.js';
import { PBN_AGREEMENT_CODES } from '../../bridge/pbn/parse.js';
import { readAll } from '../io.js';
import { withWarnings } from '../warnings.js';
import type { CheckReport, ExportResult, FormatHandler, InputFile } from '../types.js';
import { countedChunks } from '../io.js';

function read(input: InputFile) {
  return parsePbn(input.bytes);
}

/** PBN 2.1 (Portable Bridge Notation): check, export (strict export format), convert --to json. */
export const pbnFormat: FormatHandler = {
  name: 'pbn',
  async check(): Promise<CheckReport> {
    throw new Error('pbn: checkStream is used');
  },
  /** One game at a time (bounded memory); errors and warnings go out with their game. */
  async checkStream(input, _options, sink) {
    const counts = { games: 0, deals: 0, auctions: 0, plays: 0 };
    for await (const { value: game, errors, warnings } of readPbn(countedChunks(input, sink))) {
      errors.forEach(sink.error);
      warnings.forEach(sink.warning);
      if (isEmptyPbnGame(game)) continue;
      counts.games++;
      if (game.tags.Deal) counts.deals++;
      if (game.auction) counts.auctions++;
      if (game.play) counts.plays++;
      if (counts.games % 64 === 0) await sink.drain();
    }
    return counts;
  },
  async export(input): Promise<ExportResult> {
    const r = read(input);
    const made = withWarnings((onWarning) => makePbn(r.value.games, { onWarning }));
    return {
      text: made.text,
      errors: r.errors.filter((e) => !PBN_AGREEMENT_CODES.has(e.code)),
      warnings: made.warnings,
    };
  },
  /**
   * One game at a time (bounded memory). Errors of agreement between parts kept as given (a card the
   * deal does not give, a contract the auction does not reach) do not fail the export: the data is
   * written unchanged, so they are warnings here (`check` still counts them as errors).
   */
  async exportStream(input, _options, sink) {
    let n = 0;
    for await (const item of readPbn(countedChunks(input, sink))) {
      for (const e of item.errors) (PBN_AGREEMENT_CODES.has(e.code) ? sink.warning : sink.error)(e);
      item.warnings.forEach(sink.warning);
      // an input with no game gives its errors on an empty game, which has nothing to write
      if (isEmptyPbnGame(item.value)) continue;
      const made = withWarnings((onWarning) => makePbn(item.value, { header: n === 0, onWarning }));
      made.warnings.forEach(sink.warning);
      sink.out(`${n ? '\r\n' : ''}${made.text}`);
      n++;
      await sink.drain();
    }
    if (n === 0) sink.out(makePbn([]));
  },
  convertTargets: ['json', 'pbn'],
  /**
   * `--to pbn` (import form) one game at a time, as export; `--to json` is one object (the document
   * with the file's errors and warnings beside its games), made from the whole file.
   */
  async convertStream(input, to, _options, sink) {
    if (to === 'pbn') {
      let n = 0;
      for await (const item of readPbn(countedChunks(input, sink))) {
        item.errors.forEach(sink.error);
        if (isEmptyPbnGame(item.value)) continue;
        const made = withWarnings((onWarning) => makePbn(item.value, { form: 'import', header: n === 0, onWarning }));
        made.warnings.forEach(sink.warning);
        sink.out(`${n ? '\n' : ''}${made.text}`);
        n++;
        await sink.drain();
      }
      if (n === 0) sink.out(makePbn([], { form: 'import' }));
      return;
    }
    const r = read(await readAll(input));
    r.errors.forEach(sink.error);
    sink.out(`${JSON.stringify({ ...r.value, errors: r.errors, warnings: r.warnings }, null, 1)}\n`);
  },
};
