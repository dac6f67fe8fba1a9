// Whole-file validation used by the CLI and by callers that want one report: reading errors plus
// the errors found while deriving every twin.
import type { NotationError, Parsed } from '../errors.js';
import { parsePbi, type PbiDocument } from './pbi.js';
import { parseProblemXml, PROBLEM_XML_LIMITS, type ProblemXmlOptions } from './xml/read.js';
import type { ProblemsDocument } from './xml/model.js';
import { deriveTwins, type DerivedTwin } from './xml/derive.js';

/**
 * A problem XML document read with every twin derived: `parseProblemXml`'s item (`value` null when
 * the document is not well-formed), its errors and warnings joined by those of the twins. Each twin
 * keeps its own `deriveTwins` item too.
 */
export interface ProblemXmlCheck extends Parsed<ProblemsDocument | null> {
  twins: Parsed<DerivedTwin>[];
}

/**
 * Reads a problem XML document and derives every twin, collecting all errors and warnings: the
 * twins' findings are added once each, at most `maxErrors` of them (then one `ERR_TOO_MANY_ERRORS`
 * with the count), so a document of many faulty problems keeps short lists.
 */
export function checkProblemXml(input: string | Uint8Array, options: ProblemXmlOptions = {}): ProblemXmlCheck {
  const result = parseProblemXml(input, options);
  const max = Math.max(0, options.maxErrors ?? PROBLEM_XML_LIMITS.maxErrors);
  const twins: Parsed<DerivedTwin>[] = [];
  const errors: NotationError[] = [...result.errors];
  const warnings: NotationError[] = [...result.warnings];
  const seen = new Set<string>();
  const dropped = { errors: 0, warnings: 0 };
  const last: { errors?: NotationError; warnings?: NotationError } = {};
  const added = { errors: 0, warnings: 0 };
  const add = (kind: 'errors' | 'warnings', list: NotationError[], e: NotationError) => {
    const key = `${e.code}|${e.line}|${e.column}|${e.message}`;
    if (seen.has(key)) return;
    if (added[kind] >= max) {
      dropped[kind]++;
      last[kind] = e;
      return;
    }
    seen.add(key);
    added[kind]++;
    list.push(e);
  };
  for (const e of errors) seen.add(`${e.code}|${e.line}|${e.column}|${e.message}`);
  // the reading errors a twin's reference errors repeat, by line
  const referenceLines = new Set(errors.filter((x) => x.code === 'ERR_XML_REFERENCE').map((x) => x.line));
  for (const problem of result.value?.problems ?? []) {
    for (const t of deriveTwins(problem)) {
      twins.push(t);
      for (const e of t.errors)
        if (e.code !== 'ERR_XML_REFERENCE' || !referenceLines.has(e.line)) {
          add('errors', errors, e);
          if (e.code === 'ERR_XML_REFERENCE') referenceLines.add(e.line);
        }
      for (const w of t.warnings) add('warnings', warnings, w);
    }
  }
  for (const kind of ['errors', 'warnings'] as const) {
    const e = last[kind];
    if (e)
      (kind === 'errors' ? errors : warnings).push({
        code: 'ERR_TOO_MANY_ERRORS',
        message: `${dropped[kind]} more twin ${kind === 'errors' ? 'error' : 'warning'}(s) not reported (maxErrors ${max})`,
        line: e.line ?? 1,
        column: e.column ?? 1,
      });
  }
  return { value: result.value, errors, warnings, twins };
}

/** Reads a PBI file (alias of parsePbi, for symmetry). */
export function checkPbi(input: string | Uint8Array): Parsed<PbiDocument> {
  return parsePbi(input);
}
