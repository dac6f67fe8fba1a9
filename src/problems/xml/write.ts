// Writes problem.xsd documents: well-formed XML in the problem namespace, UTF-8 or ISO-8859-1.
import type {
  Author,
  Award,
  Correctness,
  PieceOp,
  Plane,
  ProblemPosition,
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
} from './model.js';
import { PROBLEM_NS, VCARD_NS } from './model.js';

/** Options of `makeProblemXml`: encoding and indentation. */
export interface MakeProblemXmlOptions {
  /** 'UTF-8' (default) or 'ISO-8859-1' (characters beyond U+00FF become character references). */
  encoding?: 'UTF-8' | 'ISO-8859-1';
  /** Indentation unit (default two spaces; '' writes one line per element without indentation). */
  indent?: string;
}

type Child = XmlNode | { text: string };

const el = (
  name: string,
  attrs?: Record<string, string | undefined>,
  children?: (Child | undefined | false)[],
): XmlNode => {
  const node: XmlNode = { name };
  const a = Object.fromEntries(Object.entries(attrs ?? {}).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  if (Object.keys(a).length) node.attrs = a;
  const c = (children ?? []).filter((x): x is Child => !!x);
  if (c.length) node.children = c;
  return node;
};
const textEl = (
  name: string,
  text: string | undefined,
  attrs?: Record<string, string | undefined>,
): XmlNode | undefined => (text === undefined ? undefined : el(name, attrs, [{ text }]));

function withKept(node: XmlNode, x: { attrs?: Record<string, string>; extra?: XmlNode[] }): XmlNode {
  if (x.attrs) node.attrs = { ...(node.attrs ?? {}), ...x.attrs };
  if (x.extra?.length) node.children = [...(node.children ?? []), ...x.extra];
  return node;
}

function dateNode(name: string, d: XmlDate | undefined): XmlNode | undefined {
  if (!d) return undefined;
  return el(name, {}, [textEl('day', d.day), textEl('month', d.month), textEl('year', d.year)]);
}

function signatureNode(s: Signature | undefined): XmlNode | undefined {
  if (!s) return undefined;
  return withKept(
    el('signature', {}, [...s.by.map((b) => textEl('by', b)), dateNode('date', s.date), textEl('text', s.text)]),
    s,
  );
}

function remarkNode(r: Remark): XmlNode {
  return withKept(el('remark', {}, [signatureNode(r.signature), textEl('text', r.text)]), r);
}

function tourneyNode(t: Tourney): XmlNode {
  return withKept(el('tourney', {}, [textEl('name', t.name), dateNode('date', t.date)]), t);
}

function sourceNode(name: string, s: Source): XmlNode {
  if (s.text !== undefined && s.name === undefined) return withKept(el(name, {}, [textEl('text', s.text)]), s);
  return withKept(
    el(name, {}, [
      textEl('name', s.name),
      textEl('volume', s.volume),
      textEl('issue', s.issue),
      textEl('number', s.number),
      dateNode('date', s.date),
      textEl('problemid', s.problemId),
      ...s.remarks.map(remarkNode),
      ...s.tourneys.map(tourneyNode),
    ]),
    s,
  );
}

function authorNode(a: Author): XmlNode {
  const n = a.name;
  return withKept(
    el('author', {}, [
      n &&
        withKept(
          el('authorname', { transcription: n.transcription }, [
            textEl('familyname', n.familyName),
            textEl('givennames', n.givenNames),
          ]),
          n,
        ),
      a.vcard,
    ]),
    a,
  );
}

function awardNode(a: Award): XmlNode {
  return withKept(el('award', {}, [a.tourney && tourneyNode(a.tourney), textEl('distinction', a.distinction)]), a);
}

function correctnessNode(c: Correctness): XmlNode {
  return withKept(el('correctness', { type: c.type }, [textEl('text', c.text), signatureNode(c.signature)]), c);
}

const planeNodes = (planes: Plane[]): XmlNode[] =>
  planes.map((p) => el('plane', { dim: String(p.dim), value: String(p.value) }));

function pieceOpNode(item: PieceOp): XmlNode {
  switch (item.op) {
    case 'addition':
      return withKept(
        el('addition', { piece: item.piece, kind: item.kind, color: item.color }, planeNodes(item.square)),
        item,
      );
    case 'removal':
      return withKept(el('removal', { piece: item.piece }), item);
    case 'exchange':
      return withKept(el('exchange', { piece1: item.piece1, piece2: item.piece2 }), item);
  }
}

function positionNode(p: ProblemPosition): XmlNode {
  const ops = p.ops.map((op) => {
    switch (op.op) {
      case 'pieces':
        return withKept(el('pieces', {}, op.items.map(pieceOpNode)), op);
      case 'rotation':
        return withKept(el('rotation', { angle: String(op.angle) }), op);
      case 'translation':
        return withKept(el('translation', {}, planeNodes(op.by)), op);
      case 'reflection':
        return withKept(
          el(
            'reflection',
            {},
            op.axes.map((d) => el('axis', { dim: String(d) })),
          ),
          op,
        );
      case 'swapcolors':
        return withKept(el('swapcolors'), op);
      case 'aftermove':
        return withKept(el('aftermove', { move: op.move }), op);
    }
  });
  return withKept(el('position', { id: p.id, base: p.base }, [...ops, ...p.remarks.map(remarkNode), p.retro]), p);
}

function stipulationNode(s: Stipulation): XmlNode {
  return withKept(
    el('stipulation', { order: s.order, play: s.play, structure: s.structure }, [
      s.length && withKept(el('length', { type: s.length.type, value: s.length.value }), s.length),
      s.endstate && withKept(el('endstate', { type: s.endstate.type }), s.endstate),
      s.stipulation && stipulationNode(s.stipulation),
      textEl('text', s.text),
    ]),
    s,
  );
}

function solutionNode(s: Solution): XmlNode {
  return withKept(
    el('solution', {}, [
      ...s.items.map((item) =>
        item.kind === 'movetext'
          ? withKept(el('movetext', { after: item.after }, [{ text: item.text }]), item)
          : withKept(
              el('move', { id: item.id, parent: item.parent, type: item.type }, [
                ...item.changes.map((c) =>
                  withKept(
                    el(
                      'change',
                      { piece: c.piece, kind: c.kind, color: c.color, reason: c.reason },
                      planeNodes(c.square),
                    ),
                    c,
                  ),
                ),
                textEl('symbol', item.symbol),
                textEl('text', item.text),
              ]),
              item,
            ),
      ),
      signatureNode(s.signature),
    ]),
    s,
  );
}

function twinNode(t: Twin): XmlNode {
  return withKept(
    el('twin', { id: t.id, base: t.base, type: t.type }, [
      textEl('text', t.text),
      t.position && positionNode(t.position),
      t.stipulation && stipulationNode(t.stipulation),
      t.conditions,
      t.solution && solutionNode(t.solution),
    ]),
    t,
  );
}

function releaseNode(r: Release): XmlNode {
  return withKept(
    el('release', { id: r.id, base: r.base, type: r.type }, [
      textEl('text', r.text),
      ...r.authors.map(authorNode),
      ...r.sources.map((s) => sourceNode('source', s)),
      ...r.awards.map(awardNode),
      ...r.reprints.map((s) => sourceNode('reprint', s)),
      ...r.twins.map(twinNode),
      ...r.correctness.map(correctnessNode),
    ]),
    r,
  );
}

function problemNode(p: Problem): XmlNode {
  return withKept(
    el('problem', {}, [
      ...p.foreignIds.map((f) =>
        withKept(el('foreignid', {}, [textEl('domain', f.domain), textEl('problemid', f.problemId)]), f),
      ),
      p.piecedecls.length > 0 &&
        el(
          'piecedecls',
          {},
          p.piecedecls.map((d) => withKept(el('piecedecl', { id: d.id, kind: d.kind, color: d.color }), d)),
        ),
      ...p.releases.map(releaseNode),
      ...p.remarks.map(remarkNode),
      ...p.themes.map((t) => textEl('theme', t)!),
      ...p.uncertainties.map((u) => textEl('uncertainty', u)!),
      p.references,
    ]),
    p,
  );
}

/** The document as an element tree (namespace declarations on the root). */
export function problemsToNode(doc: ProblemsDocument): XmlNode {
  const root = withKept(
    el(
      'problems',
      {
        xmlns: PROBLEM_NS,
        count: String(doc.problems.length),
        title: doc.title,
      },
      [...doc.problems.map(problemNode), ...doc.remarks.map(remarkNode)],
    ),
    doc,
  );
  // The vCard prefix is declared on the root unless the document declares it itself somewhere.
  const json = JSON.stringify(root);
  if (json.includes('"vCard:') && !json.includes('"xmlns:vCard"'))
    root.attrs = { ...root.attrs, 'xmlns:vCard': VCARD_NS };
  root.attrs = { ...root.attrs, xmlns: PROBLEM_NS };
  return root;
}

function escape(text: string, attr: boolean, latin1: boolean): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (attr && ch === '"') out += '&quot;';
    else if ((attr && (c === 9 || c === 10 || c === 13)) || c === 13) out += `&#${c};`;
    else if (c < 0x20 && c !== 9 && c !== 10)
      out += ''; // not allowed in XML 1.0: dropped
    else if (c === 0xfffe || c === 0xffff || (c >= 0xd800 && c <= 0xdfff)) out += '';
    else if (latin1 && c > 0xff) out += `&#${c};`;
    else out += ch;
  }
  return out;
}

/** An element and its subtree on one line, text exactly as it is. */
function inline(n: XmlNode, latin1: boolean): string {
  const attrs = Object.entries(n.attrs ?? {})
    .map(([k, v]) => ` ${k}="${escape(v, true, latin1)}"`)
    .join('');
  const children = n.children ?? [];
  if (!children.length) return `<${n.name}${attrs}/>`;
  const inner = children.map((c) => ('text' in c ? escape(c.text, false, latin1) : inline(c, latin1))).join('');
  return `<${n.name}${attrs}>${inner}</${n.name}>`;
}

/** Writes a kept XML element and its subtree as text. */
export function serializeNode(node: XmlNode, options: MakeProblemXmlOptions = {}): string {
  const latin1 = options.encoding === 'ISO-8859-1';
  const unit = options.indent ?? '  ';
  const lines: string[] = [];
  const write = (n: XmlNode, depth: number) => {
    const pad = unit.repeat(depth);
    const attrs = Object.entries(n.attrs ?? {})
      .map(([k, v]) => ` ${k}="${escape(v, true, latin1)}"`)
      .join('');
    const children = n.children ?? [];
    if (!children.length) {
      lines.push(`${pad}<${n.name}${attrs}/>`);
      return;
    }
    if (children.some((c) => 'text' in c)) {
      // Text content (mixed or not) is written inline, exactly: indenting would change the text.
      lines.push(pad + inline(n, latin1));
      return;
    }
    lines.push(`${pad}<${n.name}${attrs}>`);
    for (const c of children) {
      if ('text' in c) {
        if (c.text.trim()) lines.push(`${pad}${unit}${escape(c.text.trim(), false, latin1)}`);
      } else write(c, depth + 1);
    }
    lines.push(`${pad}</${n.name}>`);
  };
  write(node, 0);
  return lines.join('\n');
}

/** Writes a problem.xsd document (UTF-8 by default). */
export function makeProblemXml(doc: ProblemsDocument, options: MakeProblemXmlOptions = {}): string {
  const encoding = options.encoding ?? 'UTF-8';
  return `<?xml version="1.0" encoding="${encoding}"?>\n${serializeNode(problemsToNode(doc), { ...options, encoding })}\n`;
}

/** Writes a problem.xsd document as bytes in its encoding. */
export function encodeProblemXml(doc: ProblemsDocument, options: MakeProblemXmlOptions = {}): Uint8Array {
  const text = makeProblemXml(doc, options);
  if (options.encoding !== 'ISO-8859-1') return new TextEncoder().encode(text);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
