import { expect } from 'chai';
import {
  checkProblemXml,
  makePbi,
  makeProblemXml,
  parsePbi,
  pbiToPopeye,
  pbiToXml,
  twinFens,
  xmlToPbi,
  xmlToPopeye,
} from 'gamenotation/problems';
import { fixtureBytes, rng } from './support.js';

const PBI_SEED =
  '\ufeff#PBI 1.2\r\n#comment\n' +
  'M. Abbott;S\\x3at John:1B6/7Q/4k3/4P2K/8/8/8/8:#2:68|White\\x3aSam|1962|:|Chess Amateur|1922|45;|x|y|z:2|Pr|Problem|1960:Dh7-b7:!:c\r' +
  ':11111111/8/8/8/8/8/8/K6k:h#2.5:||||::::$:\u0085' +
  'Bettman, H:8/7p/Q4Bsk/8/8/8/8/7K:s#3:The fourth|A|1868|::1|d|M|1974:Je6\\x3a atd:+:\u2028';
const PBI_ALPHABET = [
  ':',
  ';',
  '|',
  '\\',
  'x',
  '3',
  'a',
  'g',
  '#',
  '/',
  '8',
  '1',
  'K',
  's',
  'N',
  '!',
  '*',
  '$',
  '\r',
  '\n',
  '\r\n',
  '\u0085',
  '\u2028',
  '\ufeff',
  'é',
  '\u0000',
  'PBI ',
  '1.2',
];

const XML_TOKENS = [
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
  '<addition piece="whitekinga5"><plane dim="1" value="9"/></addition>',
  '<exchange piece1="a" piece2="b"/>',
  '<rotation angle="90"/>',
  '<translation><plane dim="1" value="-5"/></translation>',
  '<reflection><axis dim="2"/></reflection>',
  '<swapcolors/>',
  '<aftermove move="initial_a_sol_w2"/>',
  '<!DOCTYPE x>',
  '<!ENTITY e "e">',
  '<![CDATA[x]]>',
  '<!-- c -->',
  '<?pi x?>',
  'ö',
  '\u2028',
];

function mutate(text: string, next: () => number, alphabet: string[], rounds: number): string {
  let t = text;
  for (let r = 0; r < rounds; r++) {
    const at = Math.floor(next() * (t.length + 1));
    const op = next();
    if (op < 0.35) t = t.slice(0, at) + alphabet[Math.floor(next() * alphabet.length)] + t.slice(at);
    else if (op < 0.65) t = t.slice(0, at) + t.slice(at + 1 + Math.floor(next() * 8));
    else if (op < 0.85) t = t.slice(0, at) + alphabet[Math.floor(next() * alphabet.length)] + t.slice(at + 1);
    else {
      const from = Math.floor(next() * t.length);
      t = t.slice(0, at) + t.slice(from, from + Math.floor(next() * 40)) + t.slice(at);
    }
  }
  return t;
}

const model = (d: { problems: object[] }) =>
  JSON.stringify(d.problems.map(({ raw: _r, line: _l, newline: _n, ...p }: any) => p));
// Positions and the encoding name are the only differences allowed (namespaces, counts and kept elements must survive).
const xmlModel = (d: unknown) => JSON.stringify(d, (k, v) => (k === 'pos' || k === 'encoding' ? undefined : v));

const located = (e: { code: string; line?: number; column?: number }, prefix: RegExp) => {
  expect(e.code).to.match(prefix);
  expect(e.line).to.be.a('number');
  expect(e.column).to.be.a('number');
};

describe('fuzzing the readers (random mutations: no throw, typed errors with line:column)', () => {
  it('PBI: 3000 mutated files', () => {
    const next = rng(20261121);
    let withErrors = 0;
    for (let i = 0; i < 3000; i++) {
      const text = mutate(PBI_SEED, next, PBI_ALPHABET, 1 + Math.floor(next() * 6));
      const input = i % 2 ? new TextEncoder().encode(text) : text;
      const doc = parsePbi(input);
      if (doc.errors.length) withErrors++;
      for (const e of doc.errors) located(e, /^ERR_PBI_/);
      for (const w of doc.warnings) located(w, /^ERR_PBI_/);
      // whatever was read can be written, converted and read again, to the same model
      const written = makePbi(doc, { keepForsyth: true });
      const again = parsePbi(written);
      expect(again.problems.length).to.equal(doc.problems.length);
      expect(model(again)).to.equal(model(doc));
      expect(model(parsePbi(makePbi(doc, { canonical: true, keepForsyth: true })))).to.equal(model(doc));
      pbiToXml(doc);
      pbiToPopeye(doc);
    }
    expect(withErrors).to.be.greaterThan(100);
  });

  it('PBI: random bytes', () => {
    const next = rng(7);
    for (let i = 0; i < 1000; i++) {
      const bytes = new Uint8Array(Math.floor(next() * 200));
      for (let j = 0; j < bytes.length; j++) bytes[j] = Math.floor(next() * 256);
      if (i % 3 === 0)
        bytes.set([0xef, 0xbb, 0xbf, 0x23, 0x50, 0x42, 0x49, 0x20, 0x31, 0x2e, 0x32, 0x0a].slice(0, bytes.length));
      const doc = parsePbi(bytes);
      for (const e of doc.errors) located(e, /^ERR_PBI_/);
    }
  });

  it('XML: 2000 mutated documents', async () => {
    const base = new TextDecoder('latin1').decode(await fixtureBytes('pccc-1989-h2.xml'));
    const next = rng(1989);
    let readable = 0;
    for (let i = 0; i < 2000; i++) {
      const text = mutate(base, next, XML_TOKENS, 1 + Math.floor(next() * 4));
      const r = checkProblemXml(i % 2 ? text : new TextEncoder().encode(text));
      for (const e of r.errors) located(e, /^ERR_XML_/);
      for (const w of r.warnings) located(w, /^ERR_XML_/);
      if (!r.document) continue;
      readable++;
      for (const p of r.document.problems) twinFens(p);
      xmlToPbi(r.document);
      xmlToPopeye(r.document);
      // written out and read again: the same model
      const again = checkProblemXml(makeProblemXml(r.document));
      expect(xmlModel(again.document)).to.equal(xmlModel(r.document));
    }
    expect(readable).to.be.greaterThan(100);
  });
});
