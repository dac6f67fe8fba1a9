import { expect } from 'chai';
import {
  makePbi,
  makeProblemXml,
  newPbiProblem,
  parsePbi,
  parseProblemXml,
  type ProblemsDocument,
} from 'gamenotation/problems';

const NS = 'http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0';
const VCARD = 'http://www.w3.org/2001/vcard-rdf/3.0#';
const model = (d: ProblemsDocument | null) =>
  JSON.stringify(d, (k, v) => (k === 'pos' || k === 'encoding' ? undefined : v));

/** parse → make → parse: the same model, and writing it again gives the same bytes. */
function roundTrip(xml: string): { first: ProblemsDocument; out: string } {
  const a = parseProblemXml(xml);
  expect(a.value, JSON.stringify(a.errors)).to.not.equal(null);
  const out = makeProblemXml(a.value!);
  const b = parseProblemXml(out);
  expect(model(b.value)).to.equal(model(a.value));
  expect(makeProblemXml(b.value!)).to.equal(out);
  return { first: a.value!, out };
}

describe('problem XML: namespaces and vCard elements survive a round trip', () => {
  it('a prefixed problem namespace, a vCard block and foreign-namespace attributes and elements', () => {
    const { first, out } = roundTrip(
      `<p:problems xmlns:p="${NS}" xmlns:vCard="${VCARD}" xmlns:x="urn:x"><p:problem x:a="1"><p:release id="r" type="initial">` +
        `<p:author><vCard:VCARD><vCard:FN>A B</vCard:FN><vCard:N><vCard:Family>B</vCard:Family></vCard:N></vCard:VCARD></p:author>` +
        `</p:release><x:foo y="z">bar</x:foo></p:problem></p:problems>`,
    );
    expect(first.attrs).to.deep.equal({ 'xmlns:p': NS, 'xmlns:x': 'urn:x' });
    expect(first.problems[0]!.attrs).to.deep.equal({ 'x:a': '1' });
    expect(first.problems[0]!.extra).to.deep.equal([{ name: 'x:foo', attrs: { y: 'z' }, children: [{ text: 'bar' }] }]);
    expect(first.problems[0]!.releases[0]!.authors[0]!.vcard).to.deep.equal({
      name: 'vCard:VCARD',
      children: [
        { name: 'vCard:FN', children: [{ text: 'A B' }] },
        { name: 'vCard:N', children: [{ name: 'vCard:Family', children: [{ text: 'B' }] }] },
      ],
    });
    expect(out).to.include(`xmlns:vCard="${VCARD}"`);
    expect(out).to.include('<x:foo y="z">bar</x:foo>');
  });

  it('a vCard prefix declared on the VCARD element is not declared again on the root', () => {
    const { out } = roundTrip(
      `<problems xmlns="${NS}"><problem><release id="r" type="initial"><author><vCard:VCARD xmlns:vCard="${VCARD}"><vCard:FN> A  B </vCard:FN></vCard:VCARD></author></release></problem></problems>`,
    );
    expect(out.match(/xmlns:vCard=/g)!.length).to.equal(1);
    expect(out).to.include('<vCard:FN> A  B </vCard:FN>');
  });

  it('mixed content in a kept element keeps its text exactly', () => {
    const { first } = roundTrip(
      `<problems xmlns="${NS}"><problem><release id="r" type="initial"><author><v:VCARD xmlns:v="${VCARD}"><v:ADR>x <v:Street>s</v:Street> y</v:ADR></v:VCARD></author></release></problem></problems>`,
    );
    const adr = first.problems[0]!.releases[0]!.authors[0]!.vcard!.children![0]!;
    expect(adr).to.deep.equal({
      name: 'v:ADR',
      children: [{ text: 'x ' }, { name: 'v:Street', children: [{ text: 's' }] }, { text: ' y' }],
    });
  });

  it('a document without the namespace declaration reads as one with it', () => {
    const bare = parseProblemXml('<problems><problem><release id="r" type="initial"/></problem></problems>');
    const declared = parseProblemXml(
      `<problems xmlns="${NS}"><problem><release id="r" type="initial"/></problem></problems>`,
    );
    expect(bare.warnings.map((w) => w.code)).to.deep.equal(['ERR_XML_NAMESPACE']);
    expect(model(bare.value)).to.equal(model(declared.value));
    roundTrip('<problems><problem><release id="r" type="initial"/></problem></problems>');
  });
});

describe('PBI: a data line that starts with # is written \\x23', () => {
  it('escapes the first character and reads back the same names', () => {
    const problems = [
      newPbiProblem({ names: ['#hash', 'b'], position: '8/8/8/8/8/8/8/K6k', stipulation: '#2' }),
      newPbiProblem({ position: '8/8/8/8/8/8/8/K6k', stipulation: '#2', comment: '#c' }),
    ];
    const out = makePbi({ ...parsePbi('#PBI 1.2\n:8/8/8/8/8/8/8/K6k:#2::::::\n').value, problems });
    expect(out.split('\n')[1]).to.equal('\\x23hash;b:8/8/8/8/8/8/8/K6k:#2::::::');
    expect(out.split('\n')[2]).to.equal(':8/8/8/8/8/8/8/K6k:#2::::::#c');
    const back = parsePbi(out);
    expect(back.errors).to.deep.equal([]);
    expect(back.value.problems.map((p) => [p.names, p.comment])).to.deep.equal([
      [['#hash', 'b'], ''],
      [[], '#c'],
    ]);
  });
});
