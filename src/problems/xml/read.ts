// Reads problem.xsd documents: the public entry. Three stages, each in its own file: reader.ts
// (bytes or text to an element tree, safely), build.ts (element tree to the typed model) and
// validate.ts (references across a problem).
import type { NotationError, Parsed } from '../../errors.js';
import type { ProblemsDocument } from './model.js';
import { readXmlTree } from './reader.js';
import { buildDocument } from './build.js';
import { checkReferences } from './validate.js';

export { decodeLatin1, decodeXmlBytes } from './reader.js';

/** Bounds on what the reader takes in; going past one is a typed error at once (no tree is built). */
export interface ProblemXmlOptions {
  /** Largest document in bytes (UTF-16 code units for a string) before `ERR_XML_TOO_LARGE`. Default 32 MiB. */
  maxDocumentBytes?: number;
  /** Longest run of text (or CDATA, or comment) in characters before `ERR_XML_TEXT_TOO_LONG`. Default 1 MiB. */
  maxTextLength?: number;
  /** Longest attribute value in characters before `ERR_XML_ATTRIBUTE_TOO_LONG`. Default 64 KiB. */
  maxAttributeLength?: number;
  /** Deepest element nesting before `ERR_XML_TOO_DEEP`. Default 256. */
  maxDepth?: number;
  /** Errors (and, separately, warnings) kept before one `ERR_TOO_MANY_ERRORS` with the count. Default 100. */
  maxErrors?: number;
}

/** Default size limits of `parseProblemXml`. */
export const PROBLEM_XML_LIMITS: Required<ProblemXmlOptions> = {
  maxDocumentBytes: 32 << 20,
  maxTextLength: 1 << 20,
  maxAttributeLength: 64 << 10,
  maxDepth: 256,
  maxErrors: 100,
};

/** Longest error message; a longer one is cut (a message may quote the input). */
const MAX_MESSAGE = 300;

function boundMessages(list: NotationError[], maxErrors: number, what: string): NotationError[] {
  for (const e of list) {
    if (e.message.length > MAX_MESSAGE)
      e.message = `${e.message.slice(0, MAX_MESSAGE)}… (${e.message.length} characters in all)`;
  }
  if (list.length <= maxErrors) return list;
  const last = list[list.length - 1]!;
  const kept = list.slice(0, maxErrors);
  kept.push({
    code: 'ERR_TOO_MANY_ERRORS',
    message: `${list.length - maxErrors} more ${what} not reported (${list.length} in all; maxErrors ${maxErrors})`,
    line: last.line ?? 1,
    column: last.column ?? 1,
  });
  return kept;
}

/**
 * Reads a problem XML document (text or bytes) within size limits into one `Parsed` item for the
 * whole document; errors and warnings are typed. `value` is null when the document is not
 * well-formed or has no problems root (the errors say why).
 * @example
 * ```ts
 * const { value: doc, errors } = parseProblemXml(readFileSync('problems.xml'));
 * for (const e of errors) console.log(`${e.line}:${e.column} ${e.code} ${e.message}`);
 * doc?.problems.length;
 * ```
 */
export function parseProblemXml(
  input: string | Uint8Array,
  options: ProblemXmlOptions = {},
): Parsed<ProblemsDocument | null> {
  const limits = { ...PROBLEM_XML_LIMITS, ...options };
  const errors: NotationError[] = [];
  const warnings: NotationError[] = [];
  let result: Parsed<ProblemsDocument | null>;
  try {
    result = { value: parseInner(input, errors, warnings, limits), errors, warnings };
  } catch (e) {
    errors.push({
      code: 'ERR_XML_SYNTAX',
      message: `the XML reader failed: ${(e as Error)?.message ?? e}`,
      line: 1,
      column: 1,
    });
    result = { value: null, errors, warnings };
  }
  result.errors = boundMessages(result.errors, limits.maxErrors, 'error(s)');
  result.warnings = boundMessages(result.warnings, limits.maxErrors, 'warning(s)');
  return result;
}

function parseInner(
  input: string | Uint8Array,
  errors: NotationError[],
  warnings: NotationError[],
  limits: Required<ProblemXmlOptions>,
): ProblemsDocument | null {
  const tree = readXmlTree(input, errors, warnings, limits);
  const doc = tree && buildDocument(tree.root, tree.encoding, errors, warnings);
  if (!doc) return null;
  for (const problem of doc.problems) checkReferences(problem, errors);
  return doc;
}
