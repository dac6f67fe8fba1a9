// readPbi / PbiReader: PBI read as a stream of problems (issue #25: a 120 MB file took 2.8 GB and
// crashed a capped heap). Whatever the chunking, the stream gives the problems, errors and warnings
// of parsePbi over the whole input; each problem carries the reports of its line and of the lines
// before it. The memory bound itself is tested through the CLI (test/cli/scale.node.test.ts).
import { expect } from 'chai';
import type { NotationError, Parsed } from 'gamenotation';
import { makePbi, parsePbi, PbiReader, readPbi, type PbiProblem } from 'gamenotation/problems';

const BOM = '\ufeff';
const enc = (s: string) => new TextEncoder().encode(s);

async function collect(source: Parameters<typeof readPbi>[0], options?: Parameters<typeof readPbi>[1]) {
  const items: Parsed<PbiProblem>[] = [];
  for await (const item of readPbi(source, options)) items.push(item);
  return items;
}

const key = (list: NotationError[]) => list.map((e) => `${e.code} ${e.line}:${e.column} ${e.message}`).sort();

/** The stream's problems and reports against parsePbi of the whole input. */
function expectSame(items: Parsed<PbiProblem>[], input: string | Uint8Array, what: string) {
  const whole = parsePbi(input);
  const problems = items.filter((i) => i.value.line !== undefined).map((i) => i.value);
  expect(problems, what).to.deep.equal(whole.value.problems);
  expect(key(items.flatMap((i) => i.errors)), what).to.deep.equal(key(whole.errors));
  expect(key(items.flatMap((i) => i.warnings)), what).to.deep.equal(key(whole.warnings));
}

/** `bytes` in pieces of 1, 2, 3, 5 and 7 bytes, and cut in two at every offset of the first 40. */
function cuttings(bytes: Uint8Array): Uint8Array[][] {
  const out: Uint8Array[][] = [];
  for (const step of [1, 2, 3, 5, 7]) {
    const pieces = [];
    for (let i = 0; i < bytes.length; i += step) pieces.push(bytes.subarray(i, i + step));
    out.push(pieces);
  }
  for (let k = 1; k < Math.min(40, bytes.length); k++) out.push([bytes.subarray(0, k), bytes.subarray(k)]);
  return out;
}

// A file with what a splitter can get wrong: a BOM, CRLF, NEL (C2 85) and LS (E2 80 A8) line ends,
// a two- and a three-byte character cut anywhere, comment lines, an empty line, a bad line, a bad escape.
const FILE =
  `${BOM}#PBI 1.2\r\n#a comment \u00e9\r\n#two\n` +
  `Samuel Loyd:b7/PP6/8/8/7K/6B1/6S1/4R1bk:#3:||1876|:::b7*a8=S:!:\u2028` +
  `Martin V\u00e4th:8/6K1/5p1B/2Rsqrbk/4Q1Rp/3S1b1P/4S3/8:#4:|||:::Se2-g3:$:\u0085` +
  `\n` +
  `bad line\r` +
  `A\\x3g:8/8/8/8/8/8/8/K6k:#2::::::\n` +
  `Torsten Lin\u00df:8/b3p3/3s4/4kP2/1Rr4r/4s1K1/5B2/8:h#2:::::!:\u20ac\n` +
  `trailing`;

describe('PBI: readPbi (a stream of problems)', () => {
  it('gives parsePbi’s problems, errors and warnings, whatever the chunking of bytes or text', async () => {
    const bytes = enc(FILE);
    const whole = parsePbi(bytes);
    expect(whole.value.problems).to.have.length(4);
    expect(whole.errors.map((e) => e.code)).to.deep.equal(['ERR_PBI_FIELDS', 'ERR_PBI_ESCAPE']);
    expect(whole.warnings.map((e) => e.code).sort()).to.deep.equal(['ERR_PBI_EMPTY_LINE', 'ERR_PBI_NO_NLF']);
    for (const pieces of cuttings(bytes)) expectSame(await collect(pieces), bytes, `${pieces.map((p) => p.length)}`);
    expectSame(await collect(FILE), FILE, 'string');
    const chars = Array.from(FILE);
    expectSame(await collect(chars), FILE, 'one character at a time');
  });

  it('each problem carries the reports of its line and of the lines before it; the end goes with the last', async () => {
    const items = await collect(enc(FILE));
    expect(items.map((i) => i.value.line)).to.deep.equal([4, 5, 8, 9]);
    expect(items.map((i) => [...i.errors, ...i.warnings].map((e) => e.code))).to.deep.equal([
      [],
      [],
      ['ERR_PBI_FIELDS', 'ERR_PBI_ESCAPE', 'ERR_PBI_EMPTY_LINE'],
      ['ERR_PBI_NO_NLF'],
    ]);
  });

  it('the header (version, line end, comments) is the reader’s, and writes back the same file in parts', async () => {
    const text = `${BOM}#PBI 1.2\r\n#one\n#two\rA:8/8/8/8/8/8/8/K6k:#2::::::\nB::::::::\r\nC:::::::x:\n`;
    const reader = new PbiReader();
    const problems: PbiProblem[] = [];
    for (const piece of [text.slice(0, 13), text.slice(13, 40), text.slice(40)]) {
      reader.push(piece);
      for (const item of reader.take()) problems.push(item.value);
    }
    reader.end();
    for (const item of reader.take()) problems.push(item.value);
    expect(reader.header).to.deep.include({ version: '1.2', newline: '\r\n', problems: [] });
    expect(reader.header.comments.map((c) => [c.text, c.newline])).to.deep.equal([
      ['one', '\n'],
      ['two', '\r'],
    ]);
    let written = '';
    problems.forEach((p, i) => {
      written += makePbi({ ...reader.header, problems: [p] }, { header: i === 0 });
    });
    expect(written).to.equal(text);
    expect(written).to.equal(makePbi(parsePbi(text).value));
  });

  it('numbers the problems of a file written in parts in its warnings', () => {
    const doc = {
      version: '1.2',
      comments: [],
      problems: [
        { ...parsePbi(`${BOM}#PBI 1.2\nA::::::::\n`).value.problems[0]!, comment: 'a\u2028b', raw: undefined },
      ],
    };
    const warnings: NotationError[] = [];
    const text = makePbi(doc, { header: false, firstProblemNumber: 7, onWarning: (w) => warnings.push(w) });
    expect(text).to.equal('A::::::::a b\n');
    expect(warnings.map((w) => w.message)).to.deep.equal([
      'problem 7: U+2028 in the comment field cannot be encoded as \\xHH; written as a space',
    ]);
  });

  it('invalid UTF-8 anywhere (a cut sequence too) is replaced by U+FFFD as parsePbi does, with ERR_PBI_UTF8 once', async () => {
    const good = enc(`${BOM}#PBI 1.2\nA\u00e9:8/8/8/8/8/8/8/K6k:#2::::::\nB:::::::\u20ac:\n`);
    for (const at of [12, 15, 30, good.length - 4]) {
      const bytes = new Uint8Array([...good.subarray(0, at), 0xff, 0xc3, ...good.subarray(at)]);
      for (const pieces of cuttings(bytes).slice(0, 8)) {
        const items = await collect(pieces);
        expectSame(items, bytes, `${at} ${pieces.map((p) => p.length)}`);
        expect(items.flatMap((i) => i.errors).filter((e) => e.code === 'ERR_PBI_UTF8')).to.have.length(1);
      }
    }
  });

  it('caps the reports of each problem (the lines before it count), not of the file', async () => {
    const text = `${BOM}#PBI 1.2\n${'x:8/8:#2\n'.repeat(150)}A::::::::\n${'y:8/8:#2\n'.repeat(30)}`;
    const items = await collect(text, { maxErrors: 100 });
    expect(items).to.have.length(1);
    const errors = items[0]!.errors;
    expect(errors).to.have.length(131);
    expect(errors[100]).to.deep.equal({
      code: 'ERR_TOO_MANY_ERRORS',
      message: '50 more error(s) not reported (150 in all; maxErrors 100)',
      line: 151,
      column: 9,
    });
    expect(errors.slice(101).every((e) => e.code === 'ERR_PBI_FIELDS')).to.equal(true);
  });

  it('an input with no problem gives one item with its errors and a problem without a line', async () => {
    for (const input of ['', 'hello', `${BOM}#PBI 1.2\n#only a comment\n`, enc('#PBI 9.9\n')]) {
      const items = await collect(input);
      expect(items, JSON.stringify(input)).to.have.length(1);
      expect(items[0]!.value.line).to.equal(undefined);
      expectSame(items, input, JSON.stringify(input));
    }
  });

  it('a line longer than maxLineLength is ERR_PBI_LINE_TOO_LONG and skipped, in parsePbi and in the stream', async () => {
    const text = `${BOM}#PBI 1.2\nA::::::::\n${'B'.repeat(5000)}::::::::\nC::::::::\n`;
    const whole = parsePbi(text, { maxLineLength: 1000 });
    expect(whole.value.problems.map((p) => p.names[0])).to.deep.equal(['A', 'C']);
    expect(whole.value.problems[1]!.line).to.equal(4);
    expect(whole.errors.map((e) => [e.code, e.line, e.column])).to.deep.equal([['ERR_PBI_LINE_TOO_LONG', 3, 1]]);
    for (const step of [7, 100, 4096]) {
      const pieces = [];
      for (let i = 0; i < text.length; i += step) pieces.push(text.slice(i, i + step));
      const items = await collect(pieces, { maxLineLength: 1000 });
      expect(items.map((i) => i.value.names[0])).to.deep.equal(['A', 'C']);
      expect(items[1]!.errors.map((e) => [e.code, e.line])).to.deep.equal([['ERR_PBI_LINE_TOO_LONG', 3]]);
    }
    // the default bound is 1 MiB: a line of 2 MiB without an end is not held
    const huge = `${BOM}#PBI 1.2\nA::::::::\n${'z'.repeat(2 << 20)}`;
    expect(parsePbi(huge).errors.map((e) => e.code)).to.deep.equal(['ERR_PBI_LINE_TOO_LONG']);
  });
});
