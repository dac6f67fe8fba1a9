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
// The seeds, tokens and edits of the fuzz harness (scripts/fuzz), so both fuzz the same way.
import { pbiTarget } from '../../scripts/fuzz/pbi.mjs';
import { xmlTarget } from '../../scripts/fuzz/xml.mjs';
import { mutateText } from '../../scripts/fuzz/util.mjs';

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
      const text = mutateText(next, pbiTarget.seeds[0]!, pbiTarget.tokens, 1 + Math.floor(next() * 6));
      const input = i % 2 ? new TextEncoder().encode(text) : text;
      const doc = parsePbi(input);
      if (doc.errors.length) withErrors++;
      for (const e of doc.errors) located(e, /^ERR_PBI_/);
      for (const w of doc.warnings) located(w, /^ERR_PBI_/);
      // whatever was read can be written, converted and read again, to the same model
      const written = makePbi(doc.value, { keepForsyth: true });
      const again = parsePbi(written);
      expect(again.value.problems.length).to.equal(doc.value.problems.length);
      expect(model(again.value)).to.equal(model(doc.value));
      expect(model(parsePbi(makePbi(doc.value, { canonical: true, keepForsyth: true })).value)).to.equal(
        model(doc.value),
      );
      pbiToXml(doc.value);
      pbiToPopeye(doc.value);
    }
    expect(withErrors).to.be.greaterThan(100);
  });

  it('PBI: random bytes', () => {
    const next = rng(7);
    let reported = 0;
    for (let i = 0; i < 1000; i++) {
      const bytes = new Uint8Array(Math.floor(next() * 200));
      for (let j = 0; j < bytes.length; j++) bytes[j] = Math.floor(next() * 256);
      if (i % 3 === 0)
        bytes.set([0xef, 0xbb, 0xbf, 0x23, 0x50, 0x42, 0x49, 0x20, 0x31, 0x2e, 0x32, 0x0a].slice(0, bytes.length));
      const doc = parsePbi(bytes);
      for (const e of doc.errors) located(e, /^ERR_PBI_/);
      if (doc.errors.length) reported++;
      expect(doc.value.problems).to.be.an('array');
    }
    // random bytes are almost never a PBI file: nearly every input gives located errors
    expect(reported).to.be.greaterThan(900);
  });

  it('XML: 2000 mutated documents', async () => {
    const base = new TextDecoder('latin1').decode(await fixtureBytes('pccc-1989-h2.xml'));
    const next = rng(1989);
    let readable = 0;
    for (let i = 0; i < 2000; i++) {
      const text = mutateText(next, base, xmlTarget.tokens, 1 + Math.floor(next() * 4));
      const r = checkProblemXml(i % 2 ? text : new TextEncoder().encode(text));
      for (const e of r.errors) located(e, /^ERR_XML_/);
      for (const w of r.warnings) located(w, /^ERR_XML_/);
      if (!r.value) continue;
      readable++;
      for (const p of r.value.problems) twinFens(p);
      xmlToPbi(r.value);
      xmlToPopeye(r.value);
      // written out and read again: the same model
      const again = checkProblemXml(makeProblemXml(r.value));
      expect(xmlModel(again.value)).to.equal(xmlModel(r.value));
    }
    expect(readable).to.be.greaterThan(100);
  });
});
