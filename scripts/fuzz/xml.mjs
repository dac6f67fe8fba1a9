// Problem XML fuzz target: parseProblemXml and makeProblemXml (problem.xsd documents).
import { jsonWithout, mutateText, pick } from './util.mjs';

const NS = 'http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0';
const VCARD = 'http://www.w3.org/2001/vcard-rdf/3.0#';
const SEEDS = [
  `<?xml version="1.0" encoding="UTF-8"?>\n<problems xmlns="${NS}" xmlns:vCard="${VCARD}" count="1" title="t">\n<problem>\n` +
    '<piecedecls><piecedecl id="wk" kind="king" color="white"/><piecedecl id="bk" kind="king" color="black"/><piecedecl id="wq" kind="queen" color="white"/></piecedecls>\n' +
    '<release id="r" type="initial"><author><authorname><familyname>A</familyname><givennames>B</givennames></authorname>' +
    '<vCard:VCARD><vCard:FN>B A</vCard:FN></vCard:VCARD></author><source><name>S</name><date><year>1990</year></date></source>\n' +
    '<twin id="a"><position id="p"><pieces><addition piece="wk"><plane dim="1" value="1"/><plane dim="2" value="1"/></addition>' +
    '<addition piece="bk"><plane dim="1" value="8"/><plane dim="2" value="8"/></addition><addition piece="wq"><plane dim="1" value="2"/><plane dim="2" value="7"/></addition></pieces></position>' +
    '<stipulation><length value="3"/><endstate type="mate"/></stipulation></twin>\n' +
    '<twin id="b" base="a"><position id="q" base="p"><rotation angle="90"/></position></twin></release>\n' +
    '<remark><text>x &amp; y &#x263A;</text></remark><theme>T</theme><x:other xmlns:x="urn:x" a="1">mixed <b/> text</x:other></problem>\n</problems>\n',
];
const TOKENS = [
  '<',
  '>',
  '/>',
  '</',
  '&',
  '&amp;',
  '&#x41;',
  '&#0;',
  '&bogus;',
  '"',
  "'",
  '=',
  ' ',
  '\n',
  '<twin id="z" base="z">',
  '</twin>',
  '<position id="p" base="initial_a">',
  '<addition piece="wk"><plane dim="1" value="9"/></addition>',
  '<exchange piece1="a" piece2="b"/>',
  '<rotation angle="90"/>',
  '<translation><plane dim="1" value="-5"/></translation>',
  '<reflection><axis dim="2"/></reflection>',
  '<swapcolors/>',
  '<aftermove move="a"/>',
  '<!DOCTYPE x>',
  '<!ENTITY e "e">',
  '<![CDATA[x]]>',
  '<!-- c -->',
  '<?pi x?>',
  'ö',
  '\u2028',
  'xmlns:y="urn:y"',
  '<vCard:N>n</vCard:N>',
  ' xmlns="urn:z"',
  '\t',
];

const model = (d) => jsonWithout(d, ['pos', 'encoding']);

export function checkXml(lib, input) {
  const { parseProblemXml, makeProblemXml } = lib.problems;
  const a = parseProblemXml(input);
  for (const e of [...a.errors, ...a.warnings]) {
    if (!/^ERR_/.test(e.code) || typeof e.line !== 'number' || typeof e.column !== 'number')
      return `untyped or unplaced error ${JSON.stringify(e)}`;
    if (e.message.length > 400) return `error message of ${e.message.length} characters`;
  }
  if (!a.value) return null;
  for (const encoding of ['UTF-8', 'ISO-8859-1']) {
    const out = makeProblemXml(a.value, { encoding });
    const b = parseProblemXml(encoding === 'UTF-8' ? out : lib.problems.encodeProblemXml(a.value, { encoding }));
    if (!b.value) return `the written document (${encoding}) does not read: ${JSON.stringify(b.errors[0])}\n${out}`;
    if (model(b.value) !== model(a.value))
      return `round trip (${encoding}): another model\n${model(a.value)}\n---\n${model(b.value)}`;
    if (makeProblemXml(b.value, { encoding }) !== out) return `export not idempotent (${encoding})`;
  }
  return null;
}

export const xmlTarget = {
  name: 'xml',
  ext: 'xml',
  seeds: SEEDS,
  tokens: TOKENS,
  corpusDirs: [],
  inputs(r, corpus) {
    const texts = [...SEEDS, ...corpus];
    return () => {
      const text = mutateText(r, pick(r, texts), TOKENS, 1 + Math.floor(r() * 4));
      return r() < 0.5 ? text : new TextEncoder().encode(text);
    };
  },
  async check(lib, input) {
    return checkXml(lib, input);
  },
  shapes: {
    remarks: (n) => `<problems xmlns="${NS}">${'<remark><text>x</text></remark>'.repeat(n / 32)}</problems>`,
    'kept elements': (n) =>
      `<problems xmlns="${NS}"><problem>${'<x:a xmlns:x="urn:x" b="c">t</x:a>'.repeat(n / 34)}</problem></problems>`,
    nesting: (n) =>
      `<problems xmlns="${NS}"><problem>${`${'<a>'.repeat(200)}${'</a>'.repeat(200)}`.repeat(n / 1400)}</problem></problems>`,
    'long text': (n) =>
      `<problems xmlns="${NS}"><remark><text>${'t'.repeat(Math.min(n, 1 << 20))}</text></remark></problems>`,
    attributes: (n) =>
      `<problems xmlns="${NS}"><problem>${Array.from({ length: n / 12 }, (_, i) => ` a${i}="v"`)
        .join('')
        .replace(/^/, '<x')
        .concat('/>')}</problem></problems>`,
  },
  run: (lib, text) => {
    const d = lib.problems.parseProblemXml(text).value;
    return d ? lib.problems.makeProblemXml(d) : '';
  },
};
