// The model builder of the problem.xsd reader: a tree of elements (reader.ts) to a typed
// ProblemsDocument (model.ts). Semantic errors point at their element.
import type { NotationError } from '../../errors.js';
import type {
  Author,
  AuthorName,
  Award,
  Change,
  Correctness,
  ForeignId,
  ProblemMove,
  MoveText,
  PieceDecl,
  PieceOp,
  Plane,
  ProblemPosition,
  PositionOp,
  Problem,
  ProblemsDocument,
  Release,
  Remark,
  Signature,
  Solution,
  Source,
  Stipulation,
  Tourney,
  Twin,
  XmlDate,
  XmlNode,
  XmlPos,
} from './model.js';
import { PROBLEM_NS, VCARD_NS } from './model.js';
import type { El } from './reader.js';

/** The document of a root element (`problems`, or a lone `problem`), or null when the root is neither. */
export function buildDocument(
  root: El,
  encoding: string,
  errors: NotationError[],
  warnings: NotationError[],
): ProblemsDocument | null {
  const ctx = new Ctx(errors, warnings);
  let doc: ProblemsDocument;
  if (root.local === 'problems') doc = ctx.problems(root, encoding);
  else if (root.local === 'problem') {
    doc = { encoding, problems: [ctx.problem(root)], remarks: [], pos: root.pos };
    warnings.push({
      code: 'ERR_XML_ROOT',
      message: "the root element is usually 'problems'",
      ...(root.pos ?? { line: 1, column: 1 }),
    });
  } else {
    errors.push({
      code: 'ERR_XML_ROOT',
      message: `the root element must be 'problems' (or 'problem'), found '${root.name}'`,
      ...(root.pos ?? { line: 1, column: 1 }),
    });
    return null;
  }
  const ns = nsOf(root);
  if (ns !== PROBLEM_NS) {
    warnings.push({
      code: 'ERR_XML_NAMESPACE',
      message: `the root element is not in the problem namespace ${PROBLEM_NS}${ns ? ` (found ${ns})` : ''}`,
      ...(root.pos ?? { line: 1, column: 1 }),
    });
  }
  return doc;
}

function nsOf(root: El): string | undefined {
  const prefix = root.name.includes(':') ? root.name.slice(0, root.name.indexOf(':')) : '';
  return root.attrs[prefix ? `xmlns:${prefix}` : 'xmlns'];
}

const isEl = (c: El | string): c is El => typeof c !== 'string';

function textOf(el: El): string {
  return el.children
    .map((c) => (typeof c === 'string' ? c : textOf(c)))
    .join('')
    .trim();
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
  const children = merged
    .map((c) => (typeof c === 'string' ? { text: c } : toNode(c)))
    .filter((c) => !('text' in c) || c.text.trim() !== '');
  if (children.length) node.children = children;
  return node;
}

class Ctx {
  constructor(
    readonly errors: NotationError[],
    readonly warnings: NotationError[],
  ) {}

  private where(el: El): XmlPos {
    return el.pos ?? { line: 1, column: 1 };
  }

  error(el: El, code: string, message: string): void {
    this.errors.push({ code, message, ...this.where(el) });
  }

  /** Splits an element's children into the known ones (by local name) and the rest (kept). */
  private walk(
    el: El,
    known: Record<string, (child: El) => void>,
    knownAttrs: string[],
    target: { attrs?: Record<string, string>; extra?: XmlNode[]; pos?: XmlPos },
  ): void {
    target.pos = el.pos;
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(el.attrs)) if (!knownAttrs.includes(k)) attrs[k] = v;
    if (Object.keys(attrs).length) target.attrs = attrs;
    const extra: XmlNode[] = [];
    // a `problems` root reads its children one at a time (reader.ts)
    for (const child of el.lazyChildren ? el.lazyChildren() : el.children) {
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
    if (v !== undefined && !values.includes(v))
      this.error(el, 'ERR_XML_ATTRIBUTE', `${el.local}/@${attr} is one of ${values.join(', ')}, found '${v}'`);
  }

  problems(el: El, encoding: string): ProblemsDocument {
    const doc: ProblemsDocument = { encoding, problems: [], remarks: [] };
    this.walk(
      el,
      {
        problem: (c) => doc.problems.push(this.problem(c)),
        remark: (c) => doc.remarks.push(this.remark(c)),
      },
      ['count', 'title'],
      doc,
    );
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
        this.warnings.push({
          code: 'ERR_XML_COUNT',
          message: `problems/@count is '${el.attrs.count}' but there are ${doc.problems.length} problems`,
          ...this.where(el),
        });
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
    this.walk(
      el,
      {
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
      },
      [],
      p,
    );
    if (!p.releases.length) this.error(el, 'ERR_XML_RELEASE', 'a problem has at least one release');
    return p;
  }

  foreignId(el: El): ForeignId {
    const f: ForeignId = { domain: '', problemId: '' };
    this.walk(el, { domain: (c) => (f.domain = textOf(c)), problemid: (c) => (f.problemId = textOf(c)) }, [], f);
    return f;
  }

  piecedecl(el: El): PieceDecl {
    const d: PieceDecl = {
      id: this.required(el, 'id'),
      kind: this.required(el, 'kind'),
      color: this.required(el, 'color'),
    };
    this.enumAttr(el, 'color', ['white', 'black', 'neutral']);
    this.walk(el, {}, ['id', 'kind', 'color'], d);
    return d;
  }

  release(el: El): Release {
    const r: Release = {
      id: this.required(el, 'id'),
      type: this.required(el, 'type'),
      authors: [],
      sources: [],
      awards: [],
      reprints: [],
      twins: [],
      correctness: [],
    };
    if (el.attrs.base !== undefined) r.base = el.attrs.base;
    this.enumAttr(el, 'type', ['initial', 'correction', 'version']);
    this.walk(
      el,
      {
        text: (c) => (r.text = textOf(c)),
        author: (c) => r.authors.push(this.author(c)),
        source: (c) => r.sources.push(this.source(c)),
        award: (c) => r.awards.push(this.award(c)),
        reprint: (c) => r.reprints.push(this.source(c)),
        twin: (c) => r.twins.push(this.twin(c)),
        correctness: (c) => r.correctness.push(this.correctness(c)),
      },
      ['id', 'base', 'type'],
      r,
    );
    return r;
  }

  author(el: El): Author {
    const a: Author = {};
    this.walk(
      el,
      {
        authorname: (c) => {
          const n: AuthorName = {};
          if (c.attrs.transcription !== undefined) n.transcription = c.attrs.transcription;
          this.walk(
            c,
            { familyname: (x) => (n.familyName = textOf(x)), givennames: (x) => (n.givenNames = textOf(x)) },
            ['transcription'],
            n,
          );
          a.name = n;
        },
        VCARD: (c) => (a.vcard = toNode(c)),
      },
      [],
      a,
    );
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
    this.walk(
      el,
      {
        name: (c) => (s.name = textOf(c)),
        volume: (c) => (s.volume = textOf(c)),
        issue: (c) => (s.issue = textOf(c)),
        number: (c) => (s.number = textOf(c)),
        date: (c) => (s.date = this.date(c)),
        problemid: (c) => (s.problemId = textOf(c)),
        remark: (c) => s.remarks.push(this.remark(c)),
        tourney: (c) => s.tourneys.push(this.tourney(c)),
        text: (c) => (s.text = textOf(c)),
      },
      [],
      s,
    );
    return s;
  }

  award(el: El): Award {
    const a: Award = {};
    this.walk(
      el,
      { tourney: (c) => (a.tourney = this.tourney(c)), distinction: (c) => (a.distinction = textOf(c)) },
      [],
      a,
    );
    return a;
  }

  correctness(el: El): Correctness {
    const c: Correctness = {};
    if (el.attrs.type !== undefined) c.type = el.attrs.type;
    this.walk(
      el,
      { text: (x) => (c.text = textOf(x)), signature: (x) => (c.signature = this.signature(x)) },
      ['type'],
      c,
    );
    if (c.text === undefined && !el.children.some(isEl)) {
      const t = textOf(el);
      if (t) c.text = t;
    }
    return c;
  }

  signature(el: El): Signature {
    const s: Signature = { by: [] };
    this.walk(
      el,
      { by: (c) => s.by.push(textOf(c)), date: (c) => (s.date = this.date(c)), text: (c) => (s.text = textOf(c)) },
      [],
      s,
    );
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
    this.walk(
      el,
      {
        text: (c) => (t.text = textOf(c)),
        position: (c) => (t.position = this.position(c)),
        stipulation: (c) => (t.stipulation = this.stipulation(c)),
        conditions: (c) => (t.conditions = toNode(c)),
        solution: (c) => (t.solution = this.solution(c)),
      },
      ['id', 'base', 'type'],
      t,
    );
    return t;
  }

  planes(el: El): Plane[] {
    const out: Plane[] = [];
    for (const c of el.children.filter(isEl)) {
      if (c.local !== 'plane') continue;
      const dim = Number(c.attrs.dim);
      const value = Number(c.attrs.value);
      if (
        !Number.isInteger(dim) ||
        !Number.isInteger(value) ||
        c.attrs.dim === undefined ||
        c.attrs.value === undefined
      ) {
        this.error(
          c,
          'ERR_XML_PLANE',
          `<plane> needs integer dim and value attributes, found dim='${c.attrs.dim ?? ''}' value='${c.attrs.value ?? ''}'`,
        );
        continue;
      }
      out.push({ dim, value });
    }
    return out;
  }

  position(el: El): ProblemPosition {
    const p: ProblemPosition = { id: this.required(el, 'id'), ops: [], remarks: [] };
    if (el.attrs.base !== undefined) p.base = el.attrs.base;
    const op = <T extends PositionOp | PieceOp>(
      o: T,
      c: El,
      knownAttrs: string[],
      known: Record<string, (x: El) => void> = {},
    ): T => {
      this.walk(c, known, knownAttrs, o);
      return o;
    };
    this.walk(
      el,
      {
        pieces: (c) => {
          const items: PieceOp[] = [];
          const holder: PositionOp = { op: 'pieces', items };
          this.walk(
            c,
            {
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
              exchange: (x) =>
                items.push(
                  op({ op: 'exchange', piece1: this.required(x, 'piece1'), piece2: this.required(x, 'piece2') }, x, [
                    'piece1',
                    'piece2',
                  ]),
                ),
            },
            [],
            holder,
          );
          p.ops.push(holder);
        },
        rotation: (c) => {
          const angle = Number(c.attrs.angle ?? c.attrs.degrees ?? '90');
          if (![90, 180, 270].includes(angle))
            this.error(c, 'ERR_XML_ATTRIBUTE', `rotation/@angle is 90, 180 or 270, found '${c.attrs.angle}'`);
          p.ops.push(op({ op: 'rotation', angle }, c, ['angle', 'degrees']));
        },
        translation: (c) =>
          p.ops.push(op({ op: 'translation', by: this.planes(c) }, c, [], { plane: () => undefined })),
        reflection: (c) => {
          const axes: number[] = [];
          const o: PositionOp = { op: 'reflection', axes };
          this.walk(
            c,
            {
              axis: (x) => {
                const dim = Number(x.attrs.dim);
                if (!Number.isInteger(dim)) this.error(x, 'ERR_XML_ATTRIBUTE', '<axis> needs an integer dim attribute');
                else axes.push(dim);
              },
            },
            [],
            o,
          );
          if (!axes.length) this.error(c, 'ERR_XML_ATTRIBUTE', '<reflection> needs at least one <axis dim="…"/>');
          p.ops.push(o);
        },
        swapcolors: (c) => p.ops.push(op({ op: 'swapcolors' }, c, [])),
        aftermove: (c) => p.ops.push(op({ op: 'aftermove', move: this.required(c, 'move') }, c, ['move'])),
        remark: (c) => p.remarks.push(this.remark(c)),
        retro: (c) => (p.retro = toNode(c)),
      },
      ['id', 'base'],
      p,
    );
    return p;
  }

  stipulation(el: El): Stipulation {
    const s: Stipulation = {};
    for (const a of ['order', 'play', 'structure'] as const) if (el.attrs[a] !== undefined) s[a] = el.attrs[a];
    this.walk(
      el,
      {
        length: (c) => {
          const value = c.attrs.value ?? textOf(c);
          s.length = { value };
          if (c.attrs.type !== undefined) s.length.type = c.attrs.type;
          if (!/^[0-9]+$/.test(value))
            this.error(c, 'ERR_XML_STIPULATION', `stipulation length must be a number of half-moves, found '${value}'`);
          this.walk(c, {}, ['type', 'value'], s.length);
        },
        endstate: (c) => {
          s.endstate = { type: this.required(c, 'type') };
          this.walk(c, {}, ['type'], s.endstate);
        },
        stipulation: (c) => (s.stipulation = this.stipulation(c)),
        text: (c) => (s.text = textOf(c)),
      },
      ['order', 'play', 'structure'],
      s,
    );
    return s;
  }

  solution(el: El): Solution {
    const s: Solution = { items: [] };
    this.walk(
      el,
      {
        move: (c) => {
          const m: ProblemMove = { kind: 'move', changes: [] };
          for (const a of ['id', 'parent', 'type'] as const) if (c.attrs[a] !== undefined) m[a] = c.attrs[a];
          this.walk(
            c,
            {
              change: (x) => {
                const ch: Change = { piece: this.required(x, 'piece'), square: this.planes(x) };
                for (const a of ['kind', 'color', 'reason'] as const) if (x.attrs[a] !== undefined) ch[a] = x.attrs[a];
                this.enumAttr(x, 'reason', ['locust', 'enpassant']);
                this.walk(x, { plane: () => undefined }, ['piece', 'kind', 'color', 'reason'], ch);
                m.changes.push(ch);
              },
              symbol: (x) => (m.symbol = textOf(x)),
              text: (x) => (m.text = textOf(x)),
            },
            ['id', 'parent', 'type'],
            m,
          );
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
      },
      [],
      s,
    );
    return s;
  }
}
