// Reads problem.xsd documents: the public entry. Three stages, each in its own file: reader.ts
// (bytes or text to an element tree, safely), build.ts (element tree to the typed model) and
// validate.ts (references across a problem).
import { CappedErrorList, type NotationError, type Parsed } from '../../errors.js';
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
  /**
   * Most elements in the document before `ERR_XML_TOO_MANY_ELEMENTS`. Default 1,000,000 (a
   * 32 MiB collection of real problems has about 650,000): what the model holds grows with the
   * elements, so this bounds memory where the byte limit alone does not (`<problem/>` is 10 bytes).
   */
  maxElements?: number;
  /**
   * Most elements in one child of the root (a problem, a remark…; in the whole document under a
   * `problem` root) before `ERR_XML_TOO_MANY_ELEMENTS`. Default 100,000 (a problem has a few
   * hundred): the children of the root are parsed one at a time, and this bounds the largest.
   */
  maxProblemElements?: number;
  /** Errors (and, separately, warnings) kept before one `ERR_TOO_MANY_ERRORS` with the count. Default 100. */
  maxErrors?: number;
}

/** Default size limits of `parseProblemXml`. */
export const PROBLEM_XML_LIMITS: Required<ProblemXmlOptions> = {
  maxDocumentBytes: 32 << 20,
  maxTextLength: 1 << 20,
  maxAttributeLength: 64 << 10,
  maxDepth: 256,
  maxElements: 1_000_000,
  maxProblemElements: 100_000,
  maxErrors: 100,
};

/** Longest error message; a longer one is cut (a message may quote the input). */
const MAX_MESSAGE = 300;

/**
 * An error list that keeps its first `max` items and counts the rest as they come (a document of
 * a million faulty problems does not hold a million errors), then ends with one
 * `ERR_TOO_MANY_ERRORS` with the count; messages are cut to MAX_MESSAGE characters.
 */
function boundedList(max: number): BoundedList {
  const capped = new CappedErrorList(max);
  const list = [] as unknown as BoundedList;
  // The readers below take a plain array and only push to it.
  list.push = (...items: NotationError[]): number => {
    capped.push(...items);
    return 0;
  };
  list.close = (what: string) => {
    const out = capped.close(what);
    for (const e of out) {
      if (e.message.length > MAX_MESSAGE)
        e.message = `${e.message.slice(0, MAX_MESSAGE)}… (${e.message.length} characters in all)`;
    }
    return out;
  };
  return list;
}

type BoundedList = NotationError[] & { close(what: string): NotationError[] };

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
  const errors = boundedList(limits.maxErrors);
  const warnings = boundedList(limits.maxErrors);
  let value: ProblemsDocument | null;
  try {
    value = parseInner(input, errors, warnings, limits);
  } catch (e) {
    errors.push({
      code: 'ERR_XML_SYNTAX',
      message: `the XML reader failed: ${(e as Error)?.message ?? e}`,
      line: 1,
      column: 1,
    });
    value = null;
  }
  return { value, errors: errors.close('error(s)'), warnings: warnings.close('warning(s)') };
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
