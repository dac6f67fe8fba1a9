import {
  makePbi,
  parsePbi,
  pbiFen,
  pbiToPopeye,
  pbiToXml,
  makeProblemXml,
  PbiReader,
  type PbiProblem,
} from '../../problems/index.js';
import { CappedErrorList, type NotationError, type Parsed } from '../../errors.js';
import { readAll } from '../io.js';
import type { CommandContext, FormatHandler, InputFile, InputStream, StreamSink } from '../types.js';

/** Conversion warnings go to stderr (they do not fail the command); --quiet silences them. */
export function reportWarnings(input: InputFile, warnings: NotationError[], options?: CommandContext['options']): void {
  if (options?.quiet === true) return;
  const stderr = (globalThis as any).process?.stderr;
  for (const w of warnings)
    stderr?.write(`${input.name}:${w.line ?? 0}:${w.column ?? 0} ${w.code} warning: ${w.message}\n`);
}

/**
 * The problems of a PBI stream one at a time (bounded memory: one line and one chunk), their errors
 * and warnings sent to the sink; the reader's `header` (version, comments) is complete once the
 * first problem is out. An input without a problem gives one item without a `line`: errors only.
 */
async function* problems(reader: PbiReader, input: InputStream, sink: StreamSink): AsyncGenerator<Parsed<PbiProblem>> {
  let bytes = 0;
  const out = function* (items: Parsed<PbiProblem>[]) {
    for (const item of items) {
      item.errors.forEach(sink.error);
      item.warnings.forEach(sink.warning);
      if (item.value.line !== undefined) yield item;
    }
  };
  for await (const chunk of input.chunks) {
    reader.push(chunk);
    bytes += chunk.length;
    sink.progress(bytes);
    yield* out(reader.take());
    await sink.drain();
  }
  reader.end();
  yield* out(reader.take());
}

/** `JSON.stringify(value, null, 1)` indented by `depth` more spaces, as it stands inside an object nested that deep. */
function nestedJson(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 1).replace(/\n/g, `\n${' '.repeat(depth)}`);
}

export const pbiFormat: FormatHandler = {
  name: 'pbi',
  async check() {
    throw new Error('pbi: checkStream is used');
  },
  async checkStream(input, _options, sink) {
    const reader = new PbiReader();
    let n = 0;
    for await (const _ of problems(reader, input, sink)) n++;
    return { problems: n, comments: reader.header.comments.length };
  },
  async exportStream(input, options, sink) {
    const reader = new PbiReader();
    const keepForsyth = options.keep === true;
    let n = 0;
    for await (const { value: problem } of problems(reader, input, sink)) {
      sink.out(
        makePbi(
          { ...reader.header, problems: [problem] },
          { keepForsyth, header: n === 0, firstProblemNumber: n + 1, onWarning: sink.warning },
        ),
      );
      n++;
    }
    if (n === 0) sink.out(makePbi(reader.header, { keepForsyth, onWarning: sink.warning }));
  },
  convertTargets: ['xml', 'json', 'popeye'],
  async convertStream(input, to, options, sink) {
    if (to !== 'json') {
      // problem XML and Popeye input are written from the whole document
      const file = await readAll(input);
      const { value: doc, errors, warnings } = parsePbi(file.bytes);
      errors.forEach(sink.error);
      const converted =
        to === 'xml'
          ? (() => {
              const r = pbiToXml(doc);
              return { value: makeProblemXml(r.value), warnings: r.warnings };
            })()
          : pbiToPopeye(doc);
      reportWarnings(file, [...warnings, ...converted.warnings], options);
      sink.out(converted.value);
      return;
    }
    // The same JSON as `JSON.stringify({ ...doc, problems, errors, warnings }, null, 1)` of the whole
    // document, written problem by problem; the errors and warnings (capped) follow the problems.
    const reader = new PbiReader();
    const errors = new CappedErrorList(100);
    const warnings = new CappedErrorList(100);
    const collect: StreamSink = {
      ...sink,
      error: (e) => {
        sink.error(e);
        errors.push(e);
      },
      warning: (w) => warnings.push(w),
    };
    let n = 0;
    for await (const { value } of problems(reader, input, collect)) {
      const { raw: _raw, ...p } = value;
      if (n === 0) {
        const { header } = reader;
        sink.out(
          `{\n "version": ${JSON.stringify(header.version)},\n "comments": ${nestedJson(header.comments, 1)},\n "problems": [`,
        );
      }
      sink.out(`${n ? ',' : ''}\n  ${nestedJson({ ...p, fen: pbiFen(p) }, 2)}`);
      n++;
    }
    const { header } = reader;
    if (n === 0)
      sink.out(
        `{\n "version": ${JSON.stringify(header.version)},\n "comments": ${nestedJson(header.comments, 1)},\n "problems": []`,
      );
    else sink.out('\n ]');
    if (header.newline !== undefined) sink.out(`,\n "newline": ${JSON.stringify(header.newline)}`);
    sink.out(
      `,\n "errors": ${nestedJson(errors.close('error(s)'), 1)},\n "warnings": ${nestedJson(warnings.close('warning(s)'), 1)}\n}\n`,
    );
  },
};
