// The XML layer of the problem.xsd reader: bytes or text to a tree of elements with positions,
// safely. fast-xml-parser does the parsing; no entity expansion beyond the five XML built-ins and
// character references (we expand those ourselves), DOCTYPEs with entity declarations rejected.
// Encoding from the BOM or the XML declaration (UTF-8, ISO-8859-1, UTF-16, others the platform's
// TextDecoder knows). Errors carry line:column.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { NotationError } from '../../errors.js';
import { decodeLatin1 } from '../../text/decode.js';
import type { XmlPos } from './model.js';
import type { ProblemXmlOptions } from './read.js';

export { decodeLatin1 };

/** Characters outside XML 1.0's Char production: C0 controls but tab, LF, CR; U+FFFE/U+FFFF; lone surrogates. */
const NOT_XML_CHAR =
  /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function positionOf(text: string, index: number): XmlPos {
  let line = 1;
  let start = 0;
  for (let i = 0; i < index; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: index - start + 1 };
}

/** What the pass before parsing found: a limit passed, and where the children of the root are. */
interface Scan {
  error: NotationError | null;
  /** Start and end offsets of each child element of a `problems` root, in pairs. */
  children: number[];
  /** The pass followed the markup to its end (it stops at markup it cannot follow). */
  complete: boolean;
}

/** The local name of the element whose start tag begins at `lt` (the `<`). */
function tagLocalName(text: string, lt: number): string {
  let e = lt + 1;
  while (e < text.length) {
    const c = text.charCodeAt(e);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 47 || c === 62) break;
    e++;
  }
  const name = text.slice(lt + 1, e);
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/**
 * One linear pass over the markup that checks the size limits before any parser sees the text:
 * text runs, attribute values, nesting depth, the number of elements (in the document and in one
 * problem or other child of the root). Malformed markup is left to the validator (the pass stops
 * where it cannot follow the structure). It also notes where each child of a `problems` root
 * starts and ends, so that they can be parsed one at a time.
 */
function checkLimits(text: string, limits: Required<ProblemXmlOptions>): Scan {
  const children: number[] = [];
  const error = checkLimitsIn(text, limits, children);
  return { error: error ?? null, children, complete: error === undefined };
}

/** The pass of `checkLimits`: an error, null where it stopped at malformed markup, undefined at the end. */
function checkLimitsIn(
  text: string,
  limits: Required<ProblemXmlOptions>,
  children: number[],
): NotationError | null | undefined {
  const n = text.length;
  let elements = 0;
  /** Elements in the child of the root being read (in the whole document under another root). */
  let inChild = 0;
  /** Start of the child of a `problems` root being read (-1: none). */
  let childStart = -1;
  let rootIsProblems = false;
  const fail = (code: string, message: string, at: number): NotationError => ({
    code,
    message,
    ...positionOf(text, at),
  });
  let depth = 0;
  let i = 0;
  while (i < n) {
    const lt = text.indexOf('<', i);
    const end = lt < 0 ? n : lt;
    if (end - i > limits.maxTextLength)
      return fail('ERR_XML_TEXT_TOO_LONG', `text of ${end - i} characters (maxTextLength ${limits.maxTextLength})`, i);
    if (lt < 0) break;
    let close: number;
    let body = 0;
    if (text.startsWith('<!--', lt)) {
      close = text.indexOf('-->', lt + 4);
      body = (close < 0 ? n : close) - lt - 4;
      if (close >= 0) close += 3;
    } else if (text.startsWith('<![CDATA[', lt)) {
      close = text.indexOf(']]>', lt + 9);
      body = (close < 0 ? n : close) - lt - 9;
      if (close >= 0) close += 3;
    } else if (text.startsWith('<?', lt)) {
      close = text.indexOf('?>', lt + 2);
      body = (close < 0 ? n : close) - lt - 2;
      if (close >= 0) close += 2;
    } else if (text.startsWith('<!', lt)) {
      // A DOCTYPE (entity declarations are refused elsewhere): to its end, internal subset included.
      const bracket = text.indexOf('[', lt);
      const gt = text.indexOf('>', lt);
      if (bracket >= 0 && gt >= 0 && bracket < gt) {
        const sub = text.indexOf(']', bracket);
        close = sub < 0 ? -1 : text.indexOf('>', sub);
      } else close = gt;
      body = (close < 0 ? n : close) - lt;
      if (close >= 0) close += 1;
    } else if (text.charCodeAt(lt + 1) === 47) {
      // </name>
      close = text.indexOf('>', lt);
      body = (close < 0 ? n : close) - lt;
      if (close >= 0) close += 1;
      depth--;
      if (depth === 1 && childStart >= 0 && close >= 0) {
        children.push(childStart, close);
        childStart = -1;
      }
    } else {
      // A start tag: attribute values are the only places a '>' may hide.
      if (++elements > limits.maxElements)
        return fail('ERR_XML_TOO_MANY_ELEMENTS', `more than ${limits.maxElements} elements (maxElements)`, lt);
      if (depth === 0) rootIsProblems = tagLocalName(text, lt) === 'problems';
      const child = depth === 1 && rootIsProblems;
      if (child) inChild = 0;
      if (depth > 0 && ++inChild > limits.maxProblemElements)
        return fail(
          'ERR_XML_TOO_MANY_ELEMENTS',
          `more than ${limits.maxProblemElements} elements in one ${rootIsProblems ? 'child of the root' : 'document'} (maxProblemElements)`,
          lt,
        );
      let p = lt + 1;
      close = -1;
      while (p < n) {
        const c = text.charCodeAt(p);
        if (c === 34 || c === 39) {
          const q = text.indexOf(c === 34 ? '"' : "'", p + 1);
          const len = (q < 0 ? n : q) - p - 1;
          if (len > limits.maxAttributeLength)
            return fail(
              'ERR_XML_ATTRIBUTE_TOO_LONG',
              `attribute value of ${len} characters (maxAttributeLength ${limits.maxAttributeLength})`,
              p,
            );
          if (q < 0) return null;
          p = q + 1;
          continue;
        }
        if (c === 62) {
          close = p + 1;
          const empty = text.charCodeAt(p - 1) === 47;
          if (child) {
            if (empty) children.push(lt, close);
            else childStart = lt;
          }
          if (!empty && ++depth > limits.maxDepth)
            return fail('ERR_XML_TOO_DEEP', `elements nested deeper than ${limits.maxDepth} (maxDepth)`, lt);
          break;
        }
        if (c === 60) return null; // malformed: left to the validator
        p++;
      }
      const tag = (close < 0 ? n : close) - lt;
      if (tag > limits.maxTextLength + limits.maxAttributeLength)
        return fail(
          'ERR_XML_TEXT_TOO_LONG',
          `tag of ${tag} characters (more than maxTextLength + maxAttributeLength)`,
          lt,
        );
    }
    if (body > limits.maxTextLength)
      return fail('ERR_XML_TEXT_TOO_LONG', `markup of ${body} characters (maxTextLength ${limits.maxTextLength})`, lt);
    if (close < 0) return null;
    i = close;
  }
  return undefined;
}

/** A parsed element with decoded attributes and text, before it is mapped onto the model. */
/** An element of the document as read: its name, attributes, children and where it starts. */
export interface El {
  name: string;
  local: string;
  attrs: Record<string, string>;
  children: (El | string)[];
  pos?: XmlPos;
  /**
   * The children of a `problems` root, each parsed when it is reached (`children` then holds only
   * the text between them): one child's tree at a time.
   */
  lazyChildren?: () => Iterable<El>;
}

/** Decodes XML bytes per BOM / declaration. */
export function decodeXmlBytes(bytes: Uint8Array, errors: NotationError[]): { text: string; encoding: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: utf8(bytes.subarray(3), errors), encoding: 'UTF-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'UTF-16' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'UTF-16' };
  const head = decodeLatin1(bytes.subarray(0, 200));
  const m = /^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  const label = m ? m[1]! : 'UTF-8';
  const norm = label.toLowerCase().replace(/_/g, '-');
  if (norm === 'utf-8' || norm === 'utf8') return { text: utf8(bytes, errors), encoding: label };
  if (
    norm === 'iso-8859-1' ||
    norm === 'latin1' ||
    norm === 'latin-1' ||
    norm === 'iso8859-1' ||
    norm === 'us-ascii' ||
    norm === 'ascii'
  ) {
    return { text: decodeLatin1(bytes), encoding: label };
  }
  try {
    return { text: new TextDecoder(norm).decode(bytes), encoding: label };
  } catch {
    errors.push({
      code: 'ERR_XML_ENCODING',
      message: `unsupported encoding '${label}' (read as ISO-8859-1)`,
      line: 1,
      column: 1,
    });
    return { text: decodeLatin1(bytes), encoding: label };
  }
}

function utf8(bytes: Uint8Array, errors: NotationError[]): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    errors.push({
      code: 'ERR_XML_ENCODING',
      message: 'the document is not valid UTF-8 (bad bytes replaced by U+FFFD)',
      line: 1,
      column: 1,
    });
    return new TextDecoder('utf-8').decode(bytes);
  }
}

class LineIndex {
  private starts: number[] = [0];
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }
  at(index: number): XmlPos {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: index - this.starts[lo]! + 1 };
  }
}

const BUILTIN: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Expands the five built-in entities and character references; anything else is an error. */
function expand(text: string, onError: (message: string) => void): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([^;&\s]{0,12});?/g, (all, name: string) => {
    if (!all.endsWith(';')) {
      onError(`'&' must start an entity reference such as &amp;`);
      return all;
    }
    if (name in BUILTIN) return BUILTIN[name]!;
    const m = /^#(?:x([0-9A-Fa-f]{1,6})|([0-9]{1,7}))$/.exec(name);
    if (m) {
      const code = m[1] ? parseInt(m[1], 16) : parseInt(m[2]!, 10);
      // XML 1.0 Char only: a reference to a control character is as ill-formed as the character.
      const isChar =
        code === 9 ||
        code === 10 ||
        code === 13 ||
        (code >= 0x20 && code <= 0xd7ff) ||
        (code >= 0xe000 && code <= 0xfffd) ||
        (code >= 0x10000 && code <= 0x10ffff);
      if (isChar) return String.fromCodePoint(code);
    }
    onError(
      `unknown or invalid entity reference '&${name};' (only the XML built-ins and character references are expanded)`,
    );
    return all;
  });
}

/**
 * Reads a problem.xsd document. Bad input never throws; a document past one of the limits
 * (`ProblemXmlOptions`) gives one typed error without being parsed.
 */

/**
 * The root element of a document and its encoding, or null after an error (pushed to `errors`):
 * too large, over a limit, a character XML forbids, an entity declaration, not well-formed, no root.
 */
export function readXmlTree(
  input: string | Uint8Array,
  errors: NotationError[],
  warnings: NotationError[],
  limits: Required<ProblemXmlOptions>,
): { root: El; encoding: string } | null {
  if (input.length > limits.maxDocumentBytes) {
    errors.push({
      code: 'ERR_XML_TOO_LARGE',
      message: `document of ${input.length} ${typeof input === 'string' ? 'characters' : 'bytes'} (maxDocumentBytes ${limits.maxDocumentBytes})`,
      line: 1,
      column: 1,
    });
    return null;
  }
  let text: string;
  let encoding = 'UTF-8';
  if (typeof input === 'string') {
    text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    const m = /^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(text);
    if (m) encoding = m[1]!;
  } else {
    ({ text, encoding } = decodeXmlBytes(input, errors));
  }
  const scan = checkLimits(text, limits);
  if (scan.error) {
    errors.push(scan.error);
    return null;
  }
  // XML 1.0 has no place for these characters (not even as references): the document is not
  // well-formed, and nothing could write them back.
  const bad = NOT_XML_CHAR.exec(text);
  if (bad) {
    const code = bad[0].charCodeAt(0);
    errors.push({
      code: 'ERR_XML_CHARACTER',
      message: `character U+${code.toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML 1.0`,
      ...positionOf(text, bad.index),
    });
    return null;
  }
  const lines = new LineIndex(text);
  const entityDecl = /<!ENTITY/i.exec(text);
  if (entityDecl && !/<!DOCTYPE/i.test(text.slice(0, entityDecl.index))) {
    errors.push({
      code: 'ERR_XML_DOCTYPE',
      message: 'entity declarations are not accepted (and belong in a DOCTYPE)',
      ...lines.at(entityDecl.index),
    });
    return null;
  }
  const doctype = /<!DOCTYPE/i.exec(text);
  if (doctype) {
    const end = text.indexOf('>', doctype.index);
    const bracket = text.indexOf('[', doctype.index);
    const subset =
      bracket >= 0 && (end < 0 || bracket < end)
        ? text.slice(bracket, text.indexOf(']', bracket) + 1 || undefined)
        : '';
    if (/<!ENTITY/i.test(subset) || /<!ENTITY/i.test(text)) {
      errors.push({
        code: 'ERR_XML_DOCTYPE',
        message: 'entity declarations are not accepted (no entity expansion beyond the XML built-ins)',
        ...lines.at(doctype.index),
      });
      return null;
    }
    warnings.push({ code: 'ERR_XML_DOCTYPE', message: 'DOCTYPE ignored', ...lines.at(doctype.index) });
  }
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (valid !== true) {
    const e = valid.err;
    errors.push({ code: 'ERR_XML_SYNTAX', message: e.msg, line: e.line || 1, column: e.col || 1 });
    return null;
  }
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    captureMetaData: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    cdataPropName: '#cdata',
  } as any);
  // The children of a `problems` root are parsed one at a time when the builder reaches them (a
  // tree of the whole document took about 700 bytes per element): the root is parsed with them
  // cut out. It starts before them, so its position is the same; what is left between them is
  // text of the root, which no one reads.
  const ranges = scan.complete ? scan.children : [];
  let skeleton = text;
  if (ranges.length) {
    const parts: string[] = [];
    let at = 0;
    for (let k = 0; k < ranges.length; k += 2) {
      parts.push(text.slice(at, ranges[k]));
      at = ranges[k + 1]!;
    }
    parts.push(text.slice(at));
    skeleton = parts.join('');
  }
  const tree = parser.parse(skeleton) as any[];
  const meta = XMLParser.getMetaDataSymbol() as unknown as symbol;
  const entityError = (pos?: XmlPos) => (message: string) =>
    errors.push({ code: 'ERR_XML_ENTITY', message, ...(pos ?? { line: 1, column: 1 }) });
  /** The children of the root, read one at a time from their ranges. */
  function* rootChildren(rootPos: XmlPos | undefined): Generator<El> {
    for (let k = 0; k < ranges.length; k += 2) {
      const start = ranges[k]!;
      for (const node of parser.parse(text.slice(start, ranges[k + 1])) as any[]) {
        const el = convert(node, rootPos, start);
        if (typeof el === 'object') yield el;
      }
    }
  }
  const convert = (node: any, parentPos: XmlPos | undefined, offset: number): El | string | undefined => {
    const key = Object.keys(node).find((k) => k !== ':@');
    if (key === undefined) return undefined;
    if (key === '#text') return expand(String(node['#text']), entityError(parentPos));
    if (key === '#cdata') return (node['#cdata'] as any[]).map((c) => String(c['#text'] ?? '')).join('');
    if (key === '#comment' || key.startsWith('?')) return undefined;
    const start = node[meta]?.startIndex;
    const pos = typeof start === 'number' ? lines.at(start + offset) : undefined;
    if (!/^[^\s!?\d.\-<>"'=/][^\s<>"'=/!?]*$/.test(key)) {
      errors.push({
        code: 'ERR_XML_SYNTAX',
        message: `'${key.slice(0, 40)}' is not an element name`,
        ...(pos ?? { line: 1, column: 1 }),
      });
      return undefined;
    }
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(node[':@'] ?? {})) attrs[k] = expand(String(v), entityError(pos));
    const children: (El | string)[] = [];
    for (const child of node[key] as any[]) {
      const c = convert(child, pos, offset);
      if (c !== undefined) children.push(c);
    }
    return { name: key, local: key.includes(':') ? key.slice(key.indexOf(':') + 1) : key, attrs, children, pos };
  };
  const roots = tree.map((n) => convert(n, undefined, 0)).filter((n): n is El => typeof n === 'object');
  const root = roots[0];
  if (!root) {
    errors.push({ code: 'ERR_XML_ROOT', message: 'the document has no root element', line: 1, column: 1 });
    return null;
  }
  if (ranges.length) root.lazyChildren = () => rootChildren(root.pos);
  return { root, encoding };
}
