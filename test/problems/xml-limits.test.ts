import { expect } from 'chai';
import { PROBLEM_XML_LIMITS, checkProblemXml, parseProblemXml } from 'gamenotation/problems';

const NS = 'http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0';
const wrap = (inner: string) => `<?xml version="1.0"?>\n<problems xmlns="${NS}">\n${inner}</problems>\n`;

describe('problem XML: limits', () => {
  it('has sane defaults', () => {
    expect(PROBLEM_XML_LIMITS).to.deep.equal({
      maxDocumentBytes: 32 << 20,
      maxTextLength: 1 << 20,
      maxAttributeLength: 64 << 10,
      maxDepth: 256,
      maxElements: 1_000_000,
      maxProblemElements: 100_000,
      maxErrors: 100,
    });
  });

  it('refuses a document over maxDocumentBytes before reading it', () => {
    const doc = wrap(`<remark><text>${'a'.repeat(200)}</text></remark>`);
    const r = parseProblemXml(doc, { maxDocumentBytes: 100 });
    expect(r.value).to.equal(null);
    expect(r.errors).to.deep.equal([
      {
        code: 'ERR_XML_TOO_LARGE',
        message: `document of ${doc.length} characters (maxDocumentBytes 100)`,
        line: 1,
        column: 1,
      },
    ]);
    const bytes = new TextEncoder().encode(doc);
    expect(parseProblemXml(bytes, { maxDocumentBytes: 100 }).errors[0]!.message).to.equal(
      `document of ${bytes.length} bytes (maxDocumentBytes 100)`,
    );
    expect(parseProblemXml(doc).errors).to.deep.equal([]);
  });

  it('gives a typed error with its position for a long attribute, a long text and deep nesting', () => {
    const attr = parseProblemXml(wrap(`<problem>\n  <x a="1" b='${'v'.repeat(101)}'/></problem>`), {
      maxAttributeLength: 100,
    });
    expect(attr.value).to.equal(null);
    expect(attr.errors).to.deep.equal([
      {
        code: 'ERR_XML_ATTRIBUTE_TOO_LONG',
        message: 'attribute value of 101 characters (maxAttributeLength 100)',
        line: 4,
        column: 14,
      },
    ]);
    expect(
      parseProblemXml(wrap(`<problem><x a='${'v'.repeat(100)}'/></problem>`), { maxAttributeLength: 100 }).errors.map(
        (e) => e.code,
      ),
    ).to.not.include('ERR_XML_ATTRIBUTE_TOO_LONG');

    const text = parseProblemXml(wrap(`<remark><text>${'t'.repeat(51)}</text></remark>`), { maxTextLength: 50 });
    expect(text.errors).to.deep.equal([
      { code: 'ERR_XML_TEXT_TOO_LONG', message: 'text of 51 characters (maxTextLength 50)', line: 3, column: 15 },
    ]);
    const cdata = parseProblemXml(wrap(`<remark><text><![CDATA[${'t'.repeat(51)}]]></text></remark>`), {
      maxTextLength: 50,
    });
    expect(cdata.errors.map((e) => e.code)).to.deep.equal(['ERR_XML_TEXT_TOO_LONG']);
    const comment = parseProblemXml(wrap(`<!--${'c'.repeat(51)}-->`), { maxTextLength: 50 });
    expect(comment.errors.map((e) => e.code)).to.deep.equal(['ERR_XML_TEXT_TOO_LONG']);

    const deep = parseProblemXml(wrap(`${'<a>'.repeat(10)}${'</a>'.repeat(10)}`), { maxDepth: 10 });
    expect(deep.errors).to.deep.equal([
      { code: 'ERR_XML_TOO_DEEP', message: 'elements nested deeper than 10 (maxDepth)', line: 3, column: 28 },
    ]);
    // Ten levels in all (problems + 9) pass; empty elements do not count.
    expect(
      parseProblemXml(wrap(`${'<a>'.repeat(9)}<b/>${'</a>'.repeat(9)}`), { maxDepth: 10 }).errors.map((e) => e.code),
    ).to.not.include('ERR_XML_TOO_DEEP');
    // A '>' inside an attribute value is no end of tag.
    expect(
      parseProblemXml(wrap(`<a x="<>>"><a>${'</a>'.repeat(2)}`), { maxDepth: 3 }).errors.map((e) => e.code),
    ).to.not.include('ERR_XML_TOO_DEEP');
  });

  it('reads a deep document of unknown elements by default without a stack overflow', () => {
    const r = parseProblemXml(wrap(`<problem>${'<x>'.repeat(5000)}${'</x>'.repeat(5000)}</problem>`));
    expect(r.errors.map((e) => e.code)).to.deep.equal(['ERR_XML_TOO_DEEP']);
  });

  it('cuts a huge error message to a bounded excerpt and caps the error list', () => {
    const name = 'n'.repeat(800_000);
    const r = parseProblemXml(wrap(`<${name}>`));
    expect(r.errors.length).to.equal(1);
    expect(r.errors[0]!.code).to.equal('ERR_XML_SYNTAX');
    expect(r.errors[0]!.message.length).to.be.below(400);
    expect(r.errors[0]!.message).to.match(/… \(\d+ characters in all\)$/);
    const decls = Array.from({ length: 150 }, (_, i) => `<piecedecl id="p${i}" kind="king" color="pink"/>`).join('');
    const many = checkProblemXml(
      wrap(`<problem><piecedecls>${decls}</piecedecls><release id="r" type="initial"/></problem>`),
      { maxErrors: 20 },
    );
    const codes = many.errors.map((e) => e.code);
    expect(codes.slice(0, 20).every((c) => c === 'ERR_XML_ATTRIBUTE')).to.equal(true);
    expect(codes[20]).to.equal('ERR_TOO_MANY_ERRORS');
    expect(many.errors[20]!.message).to.match(/^130 more error\(s\) not reported \(150 in all; maxErrors 20\)/);
  });
});

describe('problem XML: element counts (issue #25: 3,300,000 `<problem/>` under 32 MiB took 2.3 GB)', () => {
  it('refuses more than maxElements elements before parsing, with the position of the first one over', () => {
    const r = parseProblemXml(wrap('<problem/>\n'.repeat(30)), { maxElements: 20 });
    expect(r.value).to.equal(null);
    expect(r.errors).to.deep.equal([
      { code: 'ERR_XML_TOO_MANY_ELEMENTS', message: 'more than 20 elements (maxElements)', line: 22, column: 1 },
    ]);
    // the root counts: 20 elements are the root and 19 problems
    expect(parseProblemXml(wrap('<problem/>\n'.repeat(19)), { maxElements: 20 }).value?.problems).to.have.length(19);
  });

  it('refuses a problem (or other child of the root) of more than maxProblemElements elements', () => {
    const big = `<problem>${'<remark/>'.repeat(50)}</problem>\n`;
    const r = parseProblemXml(wrap(`<problem/>\n${big}`), { maxProblemElements: 40 });
    expect(r.value).to.equal(null);
    expect(r.errors.map((e) => [e.code, e.line, e.message])).to.deep.equal([
      ['ERR_XML_TOO_MANY_ELEMENTS', 4, 'more than 40 elements in one child of the root (maxProblemElements)'],
    ]);
    // under a `problem` root the whole document is the one problem
    const lone = `<problem xmlns="${NS}">${'<remark/>'.repeat(50)}</problem>`;
    expect(parseProblemXml(lone, { maxProblemElements: 40 }).errors[0]!.code).to.equal('ERR_XML_TOO_MANY_ELEMENTS');
    expect(parseProblemXml(wrap(`<problem/>\n${big}`)).value?.problems).to.have.length(2);
  });

  it('reads the children of the root one at a time with the same model and positions as before', () => {
    // problems, remarks and unknown elements between them, comments, CDATA, a prefixed problem
    const doc = wrap(
      `<!-- c --><remark><text>one</text></remark>\n<problem><remark><text><![CDATA[a<b]]></text></remark></problem>\n` +
        `<x:other xmlns:x="urn:x" a="1"><y/></x:other>\n<p:problem xmlns:p="${NS}"/>\ntext\n<problem>\n  <bogus/>\n</problem>`,
    );
    const r = parseProblemXml(doc);
    expect(r.value!.problems).to.have.length(3);
    expect(r.value!.remarks).to.have.length(1);
    expect(r.errors.map((e) => [e.code, e.line, e.column])).to.deep.equal([
      ['ERR_XML_RELEASE', 4, 1],
      ['ERR_XML_RELEASE', 6, 1],
      ['ERR_XML_RELEASE', 8, 1],
    ]);
    expect(r.value!.problems[2]!.extra).to.deep.equal([{ name: 'bogus' }]);
    expect(r.value!.problems[2]!.pos).to.deep.equal({ line: 8, column: 1 });
  });

  it('caps the errors while reading, and the twins’ findings of checkProblemXml', () => {
    const r = checkProblemXml(wrap('<problem/>'.repeat(5000)), { maxErrors: 10 });
    expect(r.errors).to.have.length(11);
    expect(r.errors[10]!.message).to.equal('4990 more error(s) not reported (5000 in all; maxErrors 10)');
    const twin = (i: number) =>
      `<problem><release id="r" type="initial"><twin id="t${i}" base="nowhere"/></release></problem>`;
    const many = checkProblemXml(wrap(Array.from({ length: 300 }, (_, i) => twin(i)).join('\n')), { maxErrors: 10 });
    expect(many.errors.length).to.be.at.most(22);
    expect(many.errors.at(-1)!.code).to.equal('ERR_TOO_MANY_ERRORS');
  });
});

describe('problem XML: characters outside XML 1.0', () => {
  it('refuses control characters and lone surrogates (the writer could not write them back)', () => {
    const r = parseProblemXml(wrap('<remark><text>a\u001fb</text></remark>'));
    expect(r.value).to.equal(null);
    expect(r.errors).to.deep.equal([
      { code: 'ERR_XML_CHARACTER', message: 'character U+001F is not allowed in XML 1.0', line: 3, column: 16 },
    ]);
    expect(parseProblemXml(wrap('<remark><text>\ud800</text></remark>')).errors.map((e) => e.code)).to.deep.equal([
      'ERR_XML_CHARACTER',
    ]);
    const ref = parseProblemXml(wrap('<remark><text>a&#x1F;b &#9;</text></remark>'));
    expect(ref.errors.map((e) => e.code)).to.deep.equal(['ERR_XML_ENTITY']);
    expect(parseProblemXml(wrap('<remark><text>tab\there &#x263A;</text></remark>')).value!.remarks[0]!.text).to.equal(
      'tab\there \u263a',
    );
  });
});
