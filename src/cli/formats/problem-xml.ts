import type { NotationError } from '../../errors.js';
import { checkProblemXml, makePbi, makeProblemXml, twinFens, xmlToPbi, xmlToPopeye } from '../../problems/index.js';
import type { FormatHandler } from '../types.js';
import { reportWarnings } from './pbi.js';

export const problemXmlFormat: FormatHandler = {
  name: 'problem-xml',
  async check(input) {
    const r = checkProblemXml(input.bytes);
    const problems = r.value?.problems ?? [];
    return {
      counts: {
        problems: problems.length,
        releases: problems.reduce((n, p) => n + p.releases.length, 0),
        twins: r.twins.length,
      },
      errors: r.errors,
      warnings: r.warnings,
    };
  },
  async export(input, options) {
    const r = checkProblemXml(input.bytes);
    reportWarnings(input, r.warnings, options);
    return { text: r.value ? makeProblemXml(r.value) : '', errors: r.errors };
  },
  convertTargets: ['pbi', 'json', 'popeye'],
  async convert(input, to, options) {
    const r = checkProblemXml(input.bytes);
    if (to === 'json') {
      const fens = (r.value?.problems ?? []).map((p) => twinFens(p));
      return {
        text: `${JSON.stringify({ document: r.value, twins: fens, errors: r.errors, warnings: r.warnings }, null, 1)}\n`,
        errors: r.errors,
      };
    }
    if (!r.value) return { text: '', errors: r.errors };
    if (to === 'pbi') {
      const converted = xmlToPbi(r.value);
      const made: NotationError[] = [];
      const text = makePbi(converted.value, { onWarning: (w) => made.push(w) });
      reportWarnings(input, [...r.warnings, ...converted.warnings, ...made], options);
      return { text, errors: r.errors };
    }
    const converted = xmlToPopeye(r.value);
    reportWarnings(input, [...r.warnings, ...converted.warnings], options);
    return { text: converted.value, errors: r.errors };
  },
};
