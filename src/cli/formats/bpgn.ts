// check/export/convert on .bpgn (bughouse), streamed one batch of matches at a time (bounded memory).
import { makeBpgn, matchToJson, replayMatch, type BughouseMatch } from '../../bughouse/index.js';
import { readBpgnVisiting } from '../../bughouse/bpgn.js';
import { withWarnings } from '../warnings.js';
import { notationError, type NotationError } from '../../errors.js';
import type { FormatHandler, InputStream, StreamSink } from '../types.js';

async function each(
  input: InputStream,
  sink: StreamSink,
  onMatch: (m: BughouseMatch, errors: NotationError[]) => void,
  keepMoves = true,
): Promise<Record<string, number>> {
  let matches = 0,
    moves = 0;
  // `check` needs no moves kept: the validating read (every move still resolved and played).
  for await (const { value: m, errors, warnings } of readBpgnVisiting(
    input.chunks,
    { keepMoves },
    { move: () => void moves++ },
  )) {
    matches++;
    for (const e of errors) sink.error(e);
    for (const w of warnings) sink.warning(w);
    onMatch(m, errors);
    await sink.drain();
  }
  return { matches, moves };
}

/** BPGN from its content: bughouse player tags or a board-lettered move number. */
export const bpgnFormat: FormatHandler = {
  name: 'bpgn',
  async check() {
    throw new Error('bpgn: checkStream is used');
  },
  async checkStream(input, _options, sink) {
    return each(input, sink, () => {}, false);
  },
  async exportStream(input, _options, sink) {
    let first = true;
    await each(input, sink, (m) => {
      const made = withWarnings((onWarning) => makeBpgn(m, { onWarning }));
      // a writer's warning names the tag; its line is the output's, not the input's
      for (const w of made.warnings) sink.warning(notationError(w.code, w.message));
      sink.out((first ? '' : '\n') + made.text);
      first = false;
    });
  },
  convertTargets: ['json', 'bfen'],
  async convertStream(input, to, _options, sink) {
    if (to === 'bfen') {
      await each(input, sink, (m) => {
        const r = replayMatch(m);
        if (r.ok) {
          const last = {
            A: { white: null as string | null, black: null as string | null },
            B: { white: null as string | null, black: null as string | null },
          };
          for (const mv of m.moves) if (mv.clockText !== undefined) last[mv.board][mv.color] = mv.clockText;
          const tc = /^(\d+)/.exec(m.tags['TimeControl'] ?? '')?.[1] ?? null;
          const clock = (id: 'A' | 'B'): [string | null, string | null] => [last[id].white ?? tc, last[id].black ?? tc];
          sink.out(r.value.bfen({ A: clock('A'), B: clock('B') }) + '\n');
        }
      });
      return;
    }
    let first = true;
    sink.out('[');
    await each(input, sink, (m, errors) => {
      sink.out(`${first ? '\n' : ',\n'}${JSON.stringify(matchToJson(m, errors))}`);
      first = false;
    });
    sink.out('\n]\n');
  },
};
