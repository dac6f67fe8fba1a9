// check/export/convert on .epd, streamed one line at a time (bounded memory): export writes the EPD
// export form, convert gives JSON, FEN (hmvc/fmvn as the counters) or PGN (a game per record).
import { epdToFen, epdToPgn, makeEpd, readEpd, type EpdRecord } from '../../epd/index.js';
import { makePgn } from '../../pgn/index.js';
import { notationError, type NotationError } from '../../errors.js';
import type { FormatHandler, InputStream, StreamSink } from '../types.js';
import { countedChunks } from '../io.js';

/** A record as plain JSON: where it was read from, not how each operand was laid out. */
export function epdRecordJson(r: EpdRecord): unknown {
  const other = r.other.map(({ columns: _columns, ...op }) => op);
  return { line: r.line, position: r.position, operations: r.operations, ...(other.length ? { other } : {}) };
}

async function each(
  input: InputStream,
  sink: StreamSink,
  onRecord: (r: EpdRecord, errors: NotationError[]) => void,
): Promise<Record<string, number>> {
  let records = 0,
    operations = 0;
  for await (const { value, errors, warnings } of readEpd(countedChunks(input, sink))) {
    for (const e of errors) sink.error(e);
    for (const w of warnings) sink.warning(w);
    if (value.position) {
      records++;
      operations += Object.values(value.operations).filter((v) => v !== undefined).length + value.other.length;
    }
    onRecord(value, errors);
    await sink.drain();
  }
  return { records, operations };
}

/** EPD: one position per line, four FEN fields and `opcode operand…;` operations. */
export const epdFormat: FormatHandler = {
  name: 'epd',
  async check() {
    throw new Error('epd: checkStream is used');
  },
  async checkStream(input, _options, sink) {
    return each(input, sink, () => {});
  },
  async exportStream(input, _options, sink) {
    await each(input, sink, (r) => sink.out(makeEpd(r, { onWarning: sink.warning })));
  },
  convertTargets: ['json', 'fen', 'pgn'],
  async convertStream(input, to, _options, sink) {
    if (to === 'json') {
      let first = true;
      sink.out('[');
      await each(input, sink, (r) => {
        if (!r.position) return;
        sink.out(`${first ? '\n' : ',\n'}${JSON.stringify(epdRecordJson(r))}`);
        first = false;
      });
      sink.out('\n]\n');
      return;
    }
    let games = 0;
    await each(input, sink, (r, errors) => {
      if (!r.position) return;
      if (to === 'fen') {
        const fen = epdToFen(r);
        if (fen.ok) sink.out(`${fen.value}\n`);
        else if (!errors.length) sink.error(located(fen.error, r));
        return;
      }
      const game = epdToPgn(r);
      if (!game.ok) {
        if (!errors.some((e) => e.code === game.error.code)) sink.error(located(game.error, r));
        return;
      }
      sink.out(`${games++ ? '\n' : ''}${makePgn(game.value, { onWarning: sink.warning })}`);
    });
  },
};

function located(e: NotationError, r: EpdRecord): NotationError {
  return e.line === undefined ? notationError(e.code, e.message, r.line, e.column ?? 1) : e;
}
