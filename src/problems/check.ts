// Whole-file validation used by the CLI and by callers that want one report: reading errors plus
// the errors found while deriving every twin.
import type { NotationError, Parsed } from '../errors.js';
import { parsePbi, type PbiDocument } from './pbi.js';
import { parseProblemXml, type ProblemXmlOptions } from './xml/read.js';
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

/** Reads a problem XML document and derives every twin, collecting all errors and warnings. */
export function checkProblemXml(input: string | Uint8Array, options: ProblemXmlOptions = {}): ProblemXmlCheck {
  const result = parseProblemXml(input, options);
  const twins: Parsed<DerivedTwin>[] = [];
  const errors: NotationError[] = [...result.errors];
  const warnings: NotationError[] = [...result.warnings];
  const seen = new Set<string>();
  const add = (list: NotationError[], e: NotationError) => {
    const key = `${e.code}|${e.line}|${e.column}|${e.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      list.push(e);
    }
  };
  for (const e of errors) seen.add(`${e.code}|${e.line}|${e.column}|${e.message}`);
  for (const problem of result.value?.problems ?? []) {
    for (const t of deriveTwins(problem)) {
      twins.push(t);
      for (const e of t.errors)
        if (e.code !== 'ERR_XML_REFERENCE' || !errors.some((x) => x.line === e.line && x.code === e.code))
          add(errors, e);
      for (const w of t.warnings) add(warnings, w);
    }
  }
  return { value: result.value, errors, warnings, twins };
}

/** Reads a PBI file (alias of parsePbi, for symmetry). */
export function checkPbi(input: string | Uint8Array): Parsed<PbiDocument> {
  return parsePbi(input);
}
