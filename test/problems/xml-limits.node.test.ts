import { expect } from 'chai';
import { parseProblemXml } from 'gamenotation/problems';

const NS = 'http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0';

// The brief's repro: a 100 MB attribute took 3.4 GB and 45 s. Now it is refused by size at once,
// and with the document limit raised, by the attribute limit after one linear pass (no tree is
// built; the heap bound is loose, there is no timing assertion).
describe('problem XML: limits (node)', () => {
  it('refuses a 100 MB attribute without building anything', () => {
    const doc = `<problems xmlns="${NS}"><problem a="${'x'.repeat(100_000_000)}"/></problems>`;
    expect(parseProblemXml(doc).errors.map((e) => e.code)).to.deep.equal(['ERR_XML_TOO_LARGE']);
    doc.indexOf('#'); // the concatenation is flattened here, not inside the reader
    const before = process.memoryUsage().heapUsed;
    const r = parseProblemXml(doc, { maxDocumentBytes: 1 << 30 });
    expect(process.memoryUsage().heapUsed - before).to.be.below(64 << 20);
    expect(r.value).to.equal(null);
    expect(r.errors).to.deep.equal([
      {
        code: 'ERR_XML_ATTRIBUTE_TOO_LONG',
        message: 'attribute value of 100000000 characters (maxAttributeLength 65536)',
        line: 1,
        column: 80,
      },
    ]);
  });
});
