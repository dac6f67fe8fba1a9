import { makePbi, parsePbi, pbiFen, pbiToPopeye, pbiToXml, makeProblemXml } from '../../problems/index.js';
import type { NotationError } from '../../errors.js';
import type { CommandContext, FormatHandler, InputFile } from '../types.js';

/** Conversion warnings go to stderr (they do not fail the command); --quiet silences them. */
export function reportWarnings(input: InputFile, warnings: NotationError[], options?: CommandContext['options']): void {
  if (options?.quiet === true) return;
  const stderr = (globalThis as any).process?.stderr;
  for (const w of warnings)
    stderr?.write(`${input.name}:${w.line ?? 0}:${w.column ?? 0} ${w.code} warning: ${w.message}\n`);
}

export const pbiFormat: FormatHandler = {
  name: 'pbi',
  async check(input) {
    const { value: doc, errors, warnings } = parsePbi(input.bytes);
    return {
      counts: { problems: doc.problems.length, comments: doc.comments.length },
      errors,
      warnings,
    };
  },
  async export(input, options) {
    const { value: doc, errors, warnings } = parsePbi(input.bytes);
    const made: NotationError[] = [];
    const text = makePbi(doc, { keepForsyth: options.keep === true, onWarning: (w) => made.push(w) });
    reportWarnings(input, [...warnings, ...made], options);
    return { text, errors };
  },
  convertTargets: ['xml', 'json', 'popeye'],
  async convert(input, to, options) {
    const { value: doc, errors, warnings } = parsePbi(input.bytes);
    if (to === 'json') {
      const problems = doc.problems.map(({ raw: _raw, ...p }) => ({ ...p, fen: pbiFen(p) }));
      return { text: `${JSON.stringify({ ...doc, problems, errors, warnings }, null, 1)}\n`, errors };
    }
    const converted =
      to === 'xml'
        ? (() => {
            const r = pbiToXml(doc);
            return { value: makeProblemXml(r.value), warnings: r.warnings };
          })()
        : pbiToPopeye(doc);
    reportWarnings(input, [...warnings, ...converted.warnings], options);
    return { text: converted.value, errors };
  },
};
