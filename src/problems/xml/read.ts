// Reads problem.xsd documents with fast-xml-parser, safely: no entity expansion beyond the five XML
// built-ins and character references (we expand those ourselves), DOCTYPEs with entity declarations
// rejected. Encoding from the BOM or the XML declaration (UTF-8, ISO-8859-1, UTF-16, others the
// platform's TextDecoder knows). Errors carry line:column; semantic errors point at their element.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { NotationError } from '../../errors.js';
import type {
  Author, AuthorName, Award, Change, Correctness, ForeignId, Move, MoveText, PieceDecl, PieceOp, Plane, Position,
  PositionOp, Problem, ProblemsDocument, Release, Remark, Signature, Solution, Source, Stipulation, Tourney, Twin,
  XmlDate, XmlNode, XmlPos,
} from './model.js';
import { PROBLEM_NS, VCARD_NS } from './model.js';

export interface ProblemXmlResult {
  /** null when the document is not well-formed or has no problems root. */
  document: ProblemsDocument | null;
  errors: NotationError[];
  warnings: NotationError[];
}

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

export const PROBLEM_XML_LIMITS: Required<ProblemXmlOptions> = {
  maxDocumentBytes: 32 << 20,
  maxTextLength: 1 << 20,
  maxAttributeLength: 64 << 10,
  maxDepth: 256,
  maxErrors: 100,
};

/** Characters outside XML 1.0's Char production: C0 controls but tab, LF, CR; U+FFFE/U+FFFF; lone surrogates. */
const NOT_XML_CHAR = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Longest error message; a longer one is cut (a message may quote the input). */
const MAX_MESSAGE = 300;

function boundMessages(list: NotationError[], maxErrors: number, what: string): NotationError[] {
  for (const e of list) {
    if (e.message.length > MAX_MESSAGE) e.message = `${e.message.slice(0, MAX_MESSAGE)}… (${e.message.length} characters in all)`;
  }
  if (list.length <= maxErrors) return list;
  const last = list[list.length - 1]!;
  const kept = list.slice(0, maxErrors);
  kept.push({ code: 'ERR_TOO_MANY_ERRORS', message: `${list.length - maxErrors} more ${what} not reported (${list.length} in all; maxErrors ${maxErrors})`, line: last.line ?? 1, column: last.column ?? 1 });
  return kept;
}

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

/**
 * One linear pass over the markup that checks the size limits before any parser sees the text:
 * text runs, attribute values, nesting depth. Malformed markup is left to the validator (the pass
 * stops where it cannot follow the structure). Returns an error or null.
 */
function checkLimits(text: string, limits: Required<ProblemXmlOptions>): NotationError | null {
  const n = text.length;
  const fail = (code: string, message: string, at: number): NotationError => ({ code, message, ...positionOf(text, at) });
  let depth = 0;
  let i = 0;
  while (i < n) {
    const lt = text.indexOf('<', i);
    const end = lt < 0 ? n : lt;
    if (end - i > limits.maxTextLength) return fail('ERR_XML_TEXT_TOO_LONG', `text of ${end - i} characters (maxTextLength ${limits.maxTextLength})`, i);
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
    } else {
      // A start tag: attribute values are the only places a '>' may hide.
      let p = lt + 1;
      close = -1;
      while (p < n) {
        const c = text.charCodeAt(p);
        if (c === 34 || c === 39) {
          const q = text.indexOf(c === 34 ? '"' : "'", p + 1);
          const len = (q < 0 ? n : q) - p - 1;
          if (len > limits.maxAttributeLength) return fail('ERR_XML_ATTRIBUTE_TOO_LONG', `attribute value of ${len} characters (maxAttributeLength ${limits.maxAttributeLength})`, p);
          if (q < 0) return null;
          p = q + 1;
          continue;
        }
        if (c === 62) {
          close = p + 1;
          if (text.charCodeAt(p - 1) !== 47 && ++depth > limits.maxDepth) return fail('ERR_XML_TOO_DEEP', `elements nested deeper than ${limits.maxDepth} (maxDepth)`, lt);
          break;
        }
        if (c === 60) return null; // malformed: left to the validator
        p++;
      }
      const tag = (close < 0 ? n : close) - lt;
      if (tag > limits.maxTextLength + limits.maxAttributeLength) return fail('ERR_XML_TEXT_TOO_LONG', `tag of ${tag} characters (more than maxTextLength + maxAttributeLength)`, lt);
    }
    if (body > limits.maxTextLength) return fail('ERR_XML_TEXT_TOO_LONG', `markup of ${body} characters (maxTextLength ${limits.maxTextLength})`, lt);
    if (close < 0) return null;
    i = close;
  }
  return null;
}

/** A parsed element with decoded attributes and text, before it is mapped onto the model. */
interface El {
  name: string;
  local: string;
  attrs: Record<string, string>;
  children: (El | string)[];
  pos?: XmlPos;
}

export function decodeLatin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return out;
}

/** Decodes XML bytes per BOM / declaration. */
export function decodeXmlBytes(bytes: Uint8Array, errors: NotationError[]): { text: string; encoding: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: utf8(bytes.subarray(3), errors), encoding: 'UTF-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'UTF-16' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'UTF-16' };
  const head = decodeLatin1(bytes.subarray(0, 200));
  const m = /^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  const label = m ? m[1]! : 'UTF-8';
  const norm = label.toLowerCase().replace(/_/g, '-');
  if (norm === 'utf-8' || norm === 'utf8') return { text: utf8(bytes, errors), encoding: label };
  if (norm === 'iso-8859-1' || norm === 'latin1' || norm === 'latin-1' || norm === 'iso8859-1' || norm === 'us-ascii' || norm === 'ascii') {
    return { text: decodeLatin1(bytes), encoding: label };
  }
  try {
    return { text: new TextDecoder(norm).decode(bytes), encoding: label };
  } catch {
    errors.push({ code: 'ERR_XML_ENCODING', message: `unsupported encoding '${label}' (read as ISO-8859-1)`, line: 1, column: 1 });
    return { text: decodeLatin1(bytes), encoding: label };
  }
}

function utf8(bytes: Uint8Array, errors: NotationError[]): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    errors.push({ code: 'ERR_XML_ENCODING', message: 'the document is not valid UTF-8 (bad bytes replaced by U+FFFD)', line: 1, column: 1 });
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
      const isChar = code === 9 || code === 10 || code === 13 || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
      if (isChar) return String.fromCodePoint(code);
    }
    onError(`unknown or invalid entity reference '&${name};' (only the XML built-ins and character references are expanded)`);
    return all;
  });
}

/**
 * Reads a problem.xsd document. Bad input never throws; a document past one of the limits
 * (`ProblemXmlOptions`) gives one typed error without being parsed.
 */
export function parseProblemXml(input: string | Uint8Array, options: ProblemXmlOptions = {}): ProblemXmlResult {
  const limits = { ...PROBLEM_XML_LIMITS, ...options };
  const errors: NotationError[] = [];
  const warnings: NotationError[] = [];
  let result: ProblemXmlResult;
  try {
    result = parseInner(input, errors, warnings, limits);
  } catch (e) {
    errors.push({ code: 'ERR_XML_SYNTAX', message: `the XML reader failed: ${(e as Error)?.message ?? e}`, line: 1, column: 1 });
    result = { document: null, errors, warnings };
  }
  result.errors = boundMessages(result.errors, limits.maxErrors, 'error(s)');
  result.warnings = boundMessages(result.warnings, limits.maxErrors, 'warning(s)');
  return result;
}

function parseInner(input: string | Uint8Array, errors: NotationError[], warnings: NotationError[], limits: Required<ProblemXmlOptions>): ProblemXmlResult {
  if (input.length > limits.maxDocumentBytes) {
    errors.push({ code: 'ERR_XML_TOO_LARGE', message: `document of ${input.length} ${typeof input === 'string' ? 'characters' : 'bytes'} (maxDocumentBytes ${limits.maxDocumentBytes})`, line: 1, column: 1 });
    return { document: null, errors, warnings };
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
  const limited = checkLimits(text, limits);
  if (limited) {
    errors.push(limited);
    return { document: null, errors, warnings };
  }
  // XML 1.0 has no place for these characters (not even as references): the document is not
  // well-formed, and nothing could write them back.
  const bad = NOT_XML_CHAR.exec(text);
  if (bad) {
    const code = bad[0].charCodeAt(0);
    errors.push({ code: 'ERR_XML_CHARACTER', message: `character U+${code.toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML 1.0`, ...positionOf(text, bad.index) });
    return { document: null, errors, warnings };
  }
  const lines = new LineIndex(text);
  const entityDecl = /<!ENTITY/i.exec(text);
  if (entityDecl && !/<!DOCTYPE/i.test(text.slice(0, entityDecl.index))) {
    errors.push({ code: 'ERR_XML_DOCTYPE', message: 'entity declarations are not accepted (and belong in a DOCTYPE)', ...lines.at(entityDecl.index) });
    return { document: null, errors, warnings };
  }
  const doctype = /<!DOCTYPE/i.exec(text);
  if (doctype) {
    const end = text.indexOf('>', doctype.index);
    const bracket = text.indexOf('[', doctype.index);
    const subset = bracket >= 0 && (end < 0 || bracket < end) ? text.slice(bracket, text.indexOf(']', bracket) + 1 || undefined) : '';
    if (/<!ENTITY/i.test(subset) || /<!ENTITY/i.test(text)) {
      errors.push({ code: 'ERR_XML_DOCTYPE', message: 'entity declarations are not accepted (no entity expansion beyond the XML built-ins)', ...lines.at(doctype.index) });
      return { document: null, errors, warnings };
    }
    warnings.push({ code: 'ERR_XML_DOCTYPE', message: 'DOCTYPE ignored', ...lines.at(doctype.index) });
  }
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (valid !== true) {
    const e = valid.err;
    errors.push({ code: 'ERR_XML_SYNTAX', message: e.msg, line: e.line || 1, column: e.col || 1 });
    return { document: null, errors, warnings };
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
  const tree = parser.parse(text) as any[];
  const meta = XMLParser.getMetaDataSymbol() as unknown as symbol;
  const entityError = (pos?: XmlPos) => (message: string) => errors.push({ code: 'ERR_XML_ENTITY', message, ...(pos ?? { line: 1, column: 1 }) });
  const convert = (node: any, parentPos?: XmlPos): El | string | undefined => {
    const key = Object.keys(node).find((k) => k !== ':@');
    if (key === undefined) return undefined;
    if (key === '#text') return expand(String(node['#text']), entityError(parentPos));
    if (key === '#cdata') return (node['#cdata'] as any[]).map((c) => String(c['#text'] ?? '')).join('');
    if (key === '#comment' || key.startsWith('?')) return undefined;
    const start = node[meta]?.startIndex;
    const pos = typeof start === 'number' ? lines.at(start) : undefined;
    if (!/^[^\s!?\d.\-<>"'=/][^\s<>"'=/!?]*$/.test(key)) {
      errors.push({ code: 'ERR_XML_SYNTAX', message: `'${key.slice(0, 40)}' is not an element name`, ...(pos ?? { line: 1, column: 1 }) });
      return undefined;
    }
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(node[':@'] ?? {})) attrs[k] = expand(String(v), entityError(pos));
    const children: (El | string)[] = [];
    for (const child of node[key] as any[]) {
      const c = convert(child, pos);
      if (c !== undefined) children.push(c);
    }
    return { name: key, local: key.includes(':') ? key.slice(key.indexOf(':') + 1) : key, attrs, children, pos };
  };
  const roots = tree.map((n) => convert(n)).filter((n): n is El => typeof n === 'object');
  const root = roots[0];
  if (!root) {
    errors.push({ code: 'ERR_XML_ROOT', message: 'the document has no root element', line: 1, column: 1 });
    return { document: null, errors, warnings };
  }
  const ctx = new Ctx(errors, warnings);
  let doc: ProblemsDocument;
  if (root.local === 'problems') doc = ctx.problems(root, encoding);
  else if (root.local === 'problem') {
    doc = { encoding, problems: [ctx.problem(root)], remarks: [], pos: root.pos };
    warnings.push({ code: 'ERR_XML_ROOT', message: "the root element is usually 'problems'", ...(root.pos ?? { line: 1, column: 1 }) });
  } else {
    errors.push({ code: 'ERR_XML_ROOT', message: `the root element must be 'problems' (or 'problem'), found '${root.name}'`, ...(root.pos ?? { line: 1, column: 1 }) });
    return { document: null, errors, warnings };
  }
  const ns = nsOf(root);
  if (ns !== PROBLEM_NS) {
    warnings.push({ code: 'ERR_XML_NAMESPACE', message: `the root element is not in the problem namespace ${PROBLEM_NS}${ns ? ` (found ${ns})` : ''}`, ...(root.pos ?? { line: 1, column: 1 }) });
  }
  for (const problem of doc.problems) checkReferences(problem, errors);
  return { document: doc, errors, warnings };
}

function nsOf(root: El): string | undefined {
  const prefix = root.name.includes(':') ? root.name.slice(0, root.name.indexOf(':')) : '';
  return root.attrs[prefix ? `xmlns:${prefix}` : 'xmlns'];
}

const isEl = (c: El | string): c is El => typeof c !== 'string';

function textOf(el: El): string {
  return el.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('').trim();
}

function toNode(el: El): XmlNode {
  const node: XmlNode = { name: el.name };
  if (Object.keys(el.attrs).length) node.attrs = { ...el.attrs };
  const merged: (El | string)[] = [];
  for (const c of el.children) {
    // text split by comments or processing instructions is one text node
    if (typeof c === 'string' && typeof merged[merged.length - 1] === 'string') merged[merged.length - 1] += c;
    else merged.push(c);
  }
  const children = merged.map((c) => (typeof c === 'string' ? { text: c } : toNode(c))).filter((c) => !('text' in c) || c.text.trim() !== '');
  if (children.length) node.children = children;
  return node;
}

class Ctx {
  constructor(readonly errors: NotationError[], readonly warnings: NotationError[]) {}

  private where(el: El): XmlPos {
    return el.pos ?? { line: 1, column: 1 };
  }

  error(el: El, code: string, message: string): void {
    this.errors.push({ code, message, ...this.where(el) });
  }

  /** Splits an element's children into the known ones (by local name) and the rest (kept). */
  private walk(el: El, known: Record<string, (child: El) => void>, knownAttrs: string[], target: { attrs?: Record<string, string>; extra?: XmlNode[]; pos?: XmlPos }): void {
    target.pos = el.pos;
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(el.attrs)) if (!knownAttrs.includes(k)) attrs[k] = v;
    if (Object.keys(attrs).length) target.attrs = attrs;
    const extra: XmlNode[] = [];
    for (const child of el.children) {
      if (!isEl(child)) continue;
      const handler = known[child.local];
      if (handler) handler(child);
      else extra.push(toNode(child));
    }
    if (extra.length) target.extra = extra;
  }

  private required(el: El, attr: string): string {
    const v = el.attrs[attr];
    if (v === undefined) {
      this.error(el, 'ERR_XML_ATTRIBUTE', `<${el.local}> needs the attribute '${attr}'`);
      return '';
    }
    return v;
  }

  private enumAttr(el: El, attr: string, values: string[]): void {
    const v = el.attrs[attr];
    if (v !== undefined && !values.includes(v)) this.error(el, 'ERR_XML_ATTRIBUTE', `${el.local}/@${attr} is one of ${values.join(', ')}, found '${v}'`);
  }

  problems(el: El, encoding: string): ProblemsDocument {
    const doc: ProblemsDocument = { encoding, problems: [], remarks: [] };
    this.walk(el, {
      problem: (c) => doc.problems.push(this.problem(c)),
      remark: (c) => doc.remarks.push(this.remark(c)),
    }, ['count', 'title'], doc);
    // The model's own namespaces are implied (the writer declares them): not kept as attributes,
    // so a document reads the same whether it declared them or not. A root in another default
    // namespace is read as a problem document all the same (with ERR_XML_NAMESPACE).
    if (doc.attrs) {
      delete doc.attrs.xmlns;
      if (doc.attrs['xmlns:vCard'] === VCARD_NS) delete doc.attrs['xmlns:vCard'];
      if (!Object.keys(doc.attrs).length) delete doc.attrs;
    }
    if (el.attrs.count !== undefined) {
      doc.count = Number(el.attrs.count);
      if (!Number.isInteger(doc.count) || doc.count !== doc.problems.length) {
        this.warnings.push({ code: 'ERR_XML_COUNT', message: `problems/@count is '${el.attrs.count}' but there are ${doc.problems.length} problems`, ...this.where(el) });
      }
    }
    // The count is derived data: the model holds the real one (as the writer writes it), so a
    // document reads the same with or without the attribute.
    doc.count = doc.problems.length;
    if (el.attrs.title !== undefined) doc.title = el.attrs.title;
    return doc;
  }

  problem(el: El): Problem {
    const p: Problem = { foreignIds: [], piecedecls: [], releases: [], remarks: [], themes: [], uncertainties: [] };
    this.walk(el, {
      foreignid: (c) => p.foreignIds.push(this.foreignId(c)),
      piecedecls: (c) => {
        const holder: { attrs?: Record<string, string>; extra?: XmlNode[]; pos?: XmlPos } = {};
        this.walk(c, { piecedecl: (d) => p.piecedecls.push(this.piecedecl(d)) }, [], holder);
      },
      release: (c) => p.releases.push(this.release(c)),
      remark: (c) => p.remarks.push(this.remark(c)),
      theme: (c) => p.themes.push(textOf(c)),
      uncertainty: (c) => p.uncertainties.push(textOf(c)),
      references: (c) => (p.references = toNode(c)),
    }, [], p);
    if (!p.releases.length) this.error(el, 'ERR_XML_RELEASE', 'a problem has at least one release');
    return p;
  }

  foreignId(el: El): ForeignId {
    const f: ForeignId = { domain: '', problemId: '' };
    this.walk(el, { domain: (c) => (f.domain = textOf(c)), problemid: (c) => (f.problemId = textOf(c)) }, [], f);
    return f;
  }

  piecedecl(el: El): PieceDecl {
    const d: PieceDecl = { id: this.required(el, 'id'), kind: this.required(el, 'kind'), color: this.required(el, 'color') };
    this.enumAttr(el, 'color', ['white', 'black', 'neutral']);
    this.walk(el, {}, ['id', 'kind', 'color'], d);
    return d;
  }

  release(el: El): Release {
    const r: Release = {
      id: this.required(el, 'id'),
      type: this.required(el, 'type'),
      authors: [], sources: [], awards: [], reprints: [], twins: [], correctness: [],
    };
    if (el.attrs.base !== undefined) r.base = el.attrs.base;
    this.enumAttr(el, 'type', ['initial', 'correction', 'version']);
    this.walk(el, {
      text: (c) => (r.text = textOf(c)),
      author: (c) => r.authors.push(this.author(c)),
      source: (c) => r.sources.push(this.source(c)),
      award: (c) => r.awards.push(this.award(c)),
      reprint: (c) => r.reprints.push(this.source(c)),
      twin: (c) => r.twins.push(this.twin(c)),
      correctness: (c) => r.correctness.push(this.correctness(c)),
    }, ['id', 'base', 'type'], r);
    return r;
  }

  author(el: El): Author {
    const a: Author = {};
    this.walk(el, {
      authorname: (c) => {
        const n: AuthorName = {};
        if (c.attrs.transcription !== undefined) n.transcription = c.attrs.transcription;
        this.walk(c, { familyname: (x) => (n.familyName = textOf(x)), givennames: (x) => (n.givenNames = textOf(x)) }, ['transcription'], n);
        a.name = n;
      },
      VCARD: (c) => (a.vcard = toNode(c)),
    }, [], a);
    return a;
  }

  date(el: El): XmlDate {
    const d: XmlDate = {};
    for (const c of el.children.filter(isEl)) {
      if (c.local === 'day' || c.local === 'month' || c.local === 'year') d[c.local] = textOf(c);
    }
    return d;
  }

  tourney(el: El): Tourney {
    const t: Tourney = {};
    this.walk(el, { name: (c) => (t.name = textOf(c)), date: (c) => (t.date = this.date(c)) }, [], t);
    return t;
  }

  source(el: El): Source {
    const s: Source = { remarks: [], tourneys: [] };
    this.walk(el, {
      name: (c) => (s.name = textOf(c)),
      volume: (c) => (s.volume = textOf(c)),
      issue: (c) => (s.issue = textOf(c)),
      number: (c) => (s.number = textOf(c)),
      date: (c) => (s.date = this.date(c)),
      problemid: (c) => (s.problemId = textOf(c)),
      remark: (c) => s.remarks.push(this.remark(c)),
      tourney: (c) => s.tourneys.push(this.tourney(c)),
      text: (c) => (s.text = textOf(c)),
    }, [], s);
    return s;
  }

  award(el: El): Award {
    const a: Award = {};
    this.walk(el, { tourney: (c) => (a.tourney = this.tourney(c)), distinction: (c) => (a.distinction = textOf(c)) }, [], a);
    return a;
  }

  correctness(el: El): Correctness {
    const c: Correctness = {};
    if (el.attrs.type !== undefined) c.type = el.attrs.type;
    this.walk(el, { text: (x) => (c.text = textOf(x)), signature: (x) => (c.signature = this.signature(x)) }, ['type'], c);
    if (c.text === undefined && !el.children.some(isEl)) {
      const t = textOf(el);
      if (t) c.text = t;
    }
    return c;
  }

  signature(el: El): Signature {
    const s: Signature = { by: [] };
    this.walk(el, { by: (c) => s.by.push(textOf(c)), date: (c) => (s.date = this.date(c)), text: (c) => (s.text = textOf(c)) }, [], s);
    return s;
  }

  remark(el: El): Remark {
    const r: Remark = {};
    this.walk(el, { signature: (c) => (r.signature = this.signature(c)), text: (c) => (r.text = textOf(c)) }, [], r);
    if (r.text === undefined && !el.children.some(isEl)) {
      const t = textOf(el);
      if (t) r.text = t;
    }
    return r;
  }

  twin(el: El): Twin {
    const t: Twin = { id: this.required(el, 'id') };
    if (el.attrs.base !== undefined) t.base = el.attrs.base;
    if (el.attrs.type !== undefined) t.type = el.attrs.type;
    this.enumAttr(el, 'type', ['duplex', 'zeroposition']);
    this.walk(el, {
      text: (c) => (t.text = textOf(c)),
      position: (c) => (t.position = this.position(c)),
      stipulation: (c) => (t.stipulation = this.stipulation(c)),
      conditions: (c) => (t.conditions = toNode(c)),
      solution: (c) => (t.solution = this.solution(c)),
    }, ['id', 'base', 'type'], t);
    return t;
  }

  planes(el: El): Plane[] {
    const out: Plane[] = [];
    for (const c of el.children.filter(isEl)) {
      if (c.local !== 'plane') continue;
      const dim = Number(c.attrs.dim);
      const value = Number(c.attrs.value);
      if (!Number.isInteger(dim) || !Number.isInteger(value) || c.attrs.dim === undefined || c.attrs.value === undefined) {
        this.error(c, 'ERR_XML_PLANE', `<plane> needs integer dim and value attributes, found dim='${c.attrs.dim ?? ''}' value='${c.attrs.value ?? ''}'`);
        continue;
      }
      out.push({ dim, value });
    }
    return out;
  }

  position(el: El): Position {
    const p: Position = { id: this.required(el, 'id'), ops: [], remarks: [] };
    if (el.attrs.base !== undefined) p.base = el.attrs.base;
    const op = <T extends PositionOp | PieceOp>(o: T, c: El, knownAttrs: string[], known: Record<string, (x: El) => void> = {}): T => {
      this.walk(c, known, knownAttrs, o);
      return o;
    };
    this.walk(el, {
      pieces: (c) => {
        const items: PieceOp[] = [];
        const holder: PositionOp = { op: 'pieces', items };
        this.walk(c, {
          addition: (x) => {
            const a: PieceOp = { op: 'addition', piece: this.required(x, 'piece'), square: [] };
            if (x.attrs.kind !== undefined) a.kind = x.attrs.kind;
            if (x.attrs.color !== undefined) a.color = x.attrs.color;
            this.enumAttr(x, 'color', ['white', 'black', 'neutral']);
            a.square = this.planes(x);
            this.walk(x, { plane: () => undefined }, ['piece', 'kind', 'color'], a);
            items.push(a);
          },
          removal: (x) => items.push(op({ op: 'removal', piece: this.required(x, 'piece') }, x, ['piece'])),
          exchange: (x) => items.push(op({ op: 'exchange', piece1: this.required(x, 'piece1'), piece2: this.required(x, 'piece2') }, x, ['piece1', 'piece2'])),
        }, [], holder);
        p.ops.push(holder);
      },
      rotation: (c) => {
        const angle = Number(c.attrs.angle ?? c.attrs.degrees ?? '90');
        if (![90, 180, 270].includes(angle)) this.error(c, 'ERR_XML_ATTRIBUTE', `rotation/@angle is 90, 180 or 270, found '${c.attrs.angle}'`);
        p.ops.push(op({ op: 'rotation', angle }, c, ['angle', 'degrees']));
      },
      translation: (c) => p.ops.push(op({ op: 'translation', by: this.planes(c) }, c, [], { plane: () => undefined })),
      reflection: (c) => {
        const axes: number[] = [];
        const o: PositionOp = { op: 'reflection', axes };
        this.walk(c, {
          axis: (x) => {
            const dim = Number(x.attrs.dim);
            if (!Number.isInteger(dim)) this.error(x, 'ERR_XML_ATTRIBUTE', '<axis> needs an integer dim attribute');
            else axes.push(dim);
          },
        }, [], o);
        if (!axes.length) this.error(c, 'ERR_XML_ATTRIBUTE', '<reflection> needs at least one <axis dim="…"/>');
        p.ops.push(o);
      },
      swapcolors: (c) => p.ops.push(op({ op: 'swapcolors' }, c, [])),
      aftermove: (c) => p.ops.push(op({ op: 'aftermove', move: this.required(c, 'move') }, c, ['move'])),
      remark: (c) => p.remarks.push(this.remark(c)),
      retro: (c) => (p.retro = toNode(c)),
    }, ['id', 'base'], p);
    return p;
  }

  stipulation(el: El): Stipulation {
    const s: Stipulation = {};
    for (const a of ['order', 'play', 'structure'] as const) if (el.attrs[a] !== undefined) s[a] = el.attrs[a];
    this.walk(el, {
      length: (c) => {
        const value = c.attrs.value ?? textOf(c);
        s.length = { value };
        if (c.attrs.type !== undefined) s.length.type = c.attrs.type;
        if (!/^[0-9]+$/.test(value)) this.error(c, 'ERR_XML_STIPULATION', `stipulation length must be a number of half-moves, found '${value}'`);
        this.walk(c, {}, ['type', 'value'], s.length);
      },
      endstate: (c) => {
        s.endstate = { type: this.required(c, 'type') };
        this.walk(c, {}, ['type'], s.endstate);
      },
      stipulation: (c) => (s.stipulation = this.stipulation(c)),
      text: (c) => (s.text = textOf(c)),
    }, ['order', 'play', 'structure'], s);
    return s;
  }

  solution(el: El): Solution {
    const s: Solution = { items: [] };
    this.walk(el, {
      move: (c) => {
        const m: Move = { kind: 'move', changes: [] };
        for (const a of ['id', 'parent', 'type'] as const) if (c.attrs[a] !== undefined) m[a] = c.attrs[a];
        this.walk(c, {
          change: (x) => {
            const ch: Change = { piece: this.required(x, 'piece'), square: this.planes(x) };
            for (const a of ['kind', 'color', 'reason'] as const) if (x.attrs[a] !== undefined) ch[a] = x.attrs[a];
            this.enumAttr(x, 'reason', ['locust', 'enpassant']);
            this.walk(x, { plane: () => undefined }, ['piece', 'kind', 'color', 'reason'], ch);
            m.changes.push(ch);
          },
          symbol: (x) => (m.symbol = textOf(x)),
          text: (x) => (m.text = textOf(x)),
        }, ['id', 'parent', 'type'], m);
        s.items.push(m);
      },
      movetext: (c) => {
        const t: MoveText = { kind: 'movetext', text: textOf(c) };
        if (c.attrs.after !== undefined) t.after = c.attrs.after;
        this.walk(c, {}, ['after'], t);
        delete t.extra;
        s.items.push(t);
      },
      signature: (c) => (s.signature = this.signature(c)),
    }, [], s);
    return s;
  }
}

/** Referential integrity inside one problem: ids unique, every base/piece/move reference resolves. */
function checkReferences(problem: Problem, errors: NotationError[]): void {
  const at = (x: { pos?: XmlPos }) => x.pos ?? { line: 1, column: 1 };
  const unique = (kind: string, items: { id: string; pos?: XmlPos }[]) => {
    const seen = new Set<string>();
    for (const item of items) {
      if (!item.id) continue;
      if (seen.has(item.id)) errors.push({ code: 'ERR_XML_DUPLICATE_ID', message: `${kind} id '${item.id}' is used twice in one problem`, ...at(item) });
      seen.add(item.id);
    }
    return seen;
  };
  const decls = unique('piecedecl', problem.piecedecls);
  const releases = unique('release', problem.releases);
  const twins = unique('twin', problem.releases.flatMap((r) => r.twins));
  const positions = unique('position', problem.releases.flatMap((r) => r.twins.flatMap((t) => (t.position ? [t.position] : []))));
  for (const r of problem.releases) {
    if (r.base !== undefined && !releases.has(r.base)) errors.push({ code: 'ERR_XML_REFERENCE', message: `release base '${r.base}' is not a release of this problem`, ...at(r) });
    for (const t of r.twins) {
      if (t.base !== undefined && !twins.has(t.base)) errors.push({ code: 'ERR_XML_REFERENCE', message: `twin base '${t.base}' is not a twin of this problem`, ...at(t) });
      const p = t.position;
      if (!p) continue;
      if (p.base !== undefined && !positions.has(p.base)) errors.push({ code: 'ERR_XML_REFERENCE', message: `position base '${p.base}' is not a position of this problem`, ...at(p) });
      for (const op of p.ops) {
        if (op.op !== 'pieces') continue;
        for (const item of op.items) {
          const refs = item.op === 'exchange' ? [item.piece1, item.piece2] : [item.piece];
          for (const ref of refs) {
            if (ref && !decls.has(ref)) errors.push({ code: 'ERR_XML_REFERENCE', message: `piece '${ref}' has no piecedecl`, ...at(item) });
          }
        }
      }
    }
  }
}
