// LineSplitter: the family's line rule (LF, CRLF, lone CR) for line-oriented readers, the same
// lines and numbers whatever the chunking, and a bound on line length that keeps memory flat.
import { expect } from 'chai';
// The text layer is internal (no package entry point): tested on the module itself.
import { LineSplitter } from '../../src/text/lines.js';

function lines(pieces: string[], max?: number): [string, number][] {
  const out: [string, number][] = [];
  const s = new LineSplitter((text, line) => void out.push([text, line]), max);
  for (const p of pieces) s.push(p);
  s.end();
  return out;
}

/** Every way to cut `text` in two, and one character at a time. */
const cuttings = (text: string): string[][] => [
  [text],
  Array.from(text),
  ...Array.from({ length: text.length - 1 }, (_, k) => [text.slice(0, k + 1), text.slice(k + 1)]),
];

describe('text: LineSplitter', () => {
  const text = '\ufeffone\r\ntwo\rthree\n\nfive\r\r\nseven';
  const expected: [string, number][] = [
    ['one', 1],
    ['two', 2],
    ['three', 3],
    ['', 4],
    ['five', 5],
    ['', 6],
    ['seven', 7],
  ];

  it('ends lines at LF, CRLF and a lone CR, drops a leading BOM, keeps a last line without an end', () => {
    expect(lines([text])).to.deep.equal(expected);
    expect(lines(['a\n'])).to.deep.equal([['a', 1]]);
    expect(lines(['a\r'])).to.deep.equal([['a', 1]]);
    expect(lines([''])).to.deep.equal([]);
  });

  it('gives the same lines and numbers however the text is cut (a CRLF cut after its CR too)', () => {
    for (const pieces of cuttings(text)) expect(lines(pieces), JSON.stringify(pieces)).to.deep.equal(expected);
    for (const pieces of cuttings('x\n')) expect(lines(pieces)).to.deep.equal([['x', 1]]);
  });

  it('hands a line past the bound over once, cut, skips the rest of it, and counts it as one line', () => {
    const long = `a\n${'y'.repeat(50)}\r\nb\n`;
    for (const pieces of cuttings(long)) {
      const got = lines(pieces, 10);
      // whole pieces may hand over the line longer than cut: what matters is once, the bound passed, the numbering
      expect(
        got.map(([, n]) => n),
        JSON.stringify(pieces),
      ).to.deep.equal([1, 2, 3]);
      expect(got[1]![0].length).to.be.greaterThan(10);
      expect(got[1]![0]).to.match(/^y+$/);
      expect([got[0]![0], got[2]![0]]).to.deep.equal(['a', 'b']);
    }
  });
});

describe('text: LineSplitter with PBI’s line ends', () => {
  const text = '\ufeffone\u0085two\u2028three\r\nfour\rfive\nsix';
  const expected: [string, number, string][] = [
    ['\ufeffone', 1, '\u0085'],
    ['two', 2, '\u2028'],
    ['three', 3, '\r\n'],
    ['four', 4, '\r'],
    ['five', 5, '\n'],
    ['six', 6, ''],
  ];
  const split = (pieces: string[]) => {
    const out: [string, number, string][] = [];
    const s = new LineSplitter((t, line, end) => void out.push([t, line, end]), Infinity, {
      unicodeLineEnds: true,
      keepBom: true,
    });
    for (const p of pieces) s.push(p);
    s.end();
    return out;
  };

  it('ends lines at NEL and LS too, hands each line over with its line end, keeps the BOM when asked', () => {
    for (const pieces of cuttings(text)) expect(split(pieces), JSON.stringify(pieces)).to.deep.equal(expected);
  });

  it('without the option, NEL and LS are characters of the line, and the line end is still given', () => {
    const out: [string, string][] = [];
    const s = new LineSplitter((t, _line, end) => void out.push([t, end]));
    s.push('a\u0085b\u2028c\r\nd\r');
    s.end();
    expect(out).to.deep.equal([
      ['a\u0085b\u2028c', '\r\n'],
      ['d', '\r'],
    ]);
  });
});
