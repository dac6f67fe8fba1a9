import { expect } from 'chai';
import {
  makePbi,
  newPbiProblem,
  parseForsyth,
  parsePbi,
  pbiFen,
  pbiStatusFromSolution,
  type PbiProblem,
} from 'gamenotation/problems';
import { encodePbiField, withPbiStatus } from '../../src/problems/pbi.js';
import { makeForsyth } from '../../src/problems/board.js';
import { referenceProblems } from './support.js';

const THAI = '๓ ที่หมากดำหนึ่ ๔ ที่หมากขาวไล';
const BOM = '\ufeff';
const enc = (s: string) => new TextEncoder().encode(s);

// Data lines assembled from the examples of the PBI 1.2 text (positions completed to full boards).
const SPEC_LINES = [
  'M. Abbott:1B6/7Q/4k3/4P2K/8/8/8/8:#2:68|White\\x3aSam Loyd and his Chess Problems|1962|:|Chess Amateur|1922|45:2|Pr|Problem|1960:Dh7-b7:!:',
  ':1B6/7Q/4k3/4P2K/8/8/8/8:White moves and mates Black in two moves:1142|Chess-Monthly vol. XI||:|Schachzeitung ?||;? 200|Sissa|July, 1868|:|hm|American Chess|1960:Q-K sq:*:',
  'Bettman, H;E. Bettman:8/7p/Q4Bsk/8/8/8/8/7K:Schwarz am zuge macht das Spiel unentschieden:The fourth problem from the end|American Chess-Nuts|1868|::1|dícséret|Magyar Sakkélet|1974:Je6\\x3a atd:+:',
  `"Noli me Tangere":1p6/8/8/8/8/8/8/K6k:${THAI}::::::`,
  'S\\x3at John:8/8/8/3R4/8/8/8/k6K:#2:::::$:',
  ':::::::?:',
];
const SPEC_FILE = `${BOM}#PBI 1.2\n#examples from the PBI 1.2 text\n${SPEC_LINES.join('\n')}\n`;

describe('PBI: the examples of the PBI 1.2 text', () => {
  const doc = parsePbi(SPEC_FILE);
  it('reads every field', () => {
    expect(doc.errors).to.deep.equal([]);
    expect(doc.warnings).to.deep.equal([]);
    expect(doc.value.version).to.equal('1.2');
    expect(doc.value.comments.map((c) => c.text)).to.deep.equal(['examples from the PBI 1.2 text']);
    expect(doc.value.problems).to.have.length(6);
    const [a, b, c, d, e, f] = doc.value.problems as [
      PbiProblem,
      PbiProblem,
      PbiProblem,
      PbiProblem,
      PbiProblem,
      PbiProblem,
    ];
    expect(a.names).to.deep.equal(['M. Abbott']);
    expect(a.usedSource).to.deep.equal({
      nr: '68',
      title: 'White:Sam Loyd and his Chess Problems',
      date: '1962',
      page: '',
    });
    expect(a.referencedSources).to.deep.equal([{ nr: '', title: 'Chess Amateur', date: '1922', page: '45' }]);
    expect(a.awards).to.deep.equal([{ nr: '2', rank: 'Pr', tourney: 'Problem', date: '1960' }]);
    expect(a.keymove).to.equal('Dh7-b7');
    expect(a.status).to.equal('!');
    expect(b.names).to.deep.equal([]);
    expect(b.stipulation).to.equal('White moves and mates Black in two moves');
    expect(b.usedSource).to.deep.equal({ nr: '1142', title: 'Chess-Monthly vol. XI', date: '', page: '' });
    expect(b.referencedSources).to.deep.equal([
      { nr: '', title: 'Schachzeitung ?', date: '', page: '' },
      { nr: '? 200', title: 'Sissa', date: 'July, 1868', page: '' },
    ]);
    expect(b.awards).to.deep.equal([{ nr: '', rank: 'hm', tourney: 'American Chess', date: '1960' }]);
    expect(c.names).to.deep.equal(['Bettman, H', 'E. Bettman']);
    expect(c.usedSource).to.deep.equal({
      nr: 'The fourth problem from the end',
      title: 'American Chess-Nuts',
      date: '1868',
      page: '',
    });
    expect(c.awards[0]).to.deep.equal({ nr: '1', rank: 'dícséret', tourney: 'Magyar Sakkélet', date: '1974' });
    expect(c.keymove).to.equal('Je6: atd');
    expect(d.names).to.deep.equal(['"Noli me Tangere"']);
    expect(d.stipulation).to.equal(THAI);
    expect(d.usedSource).to.equal(null);
    expect(e.names).to.deep.equal(['S:t John']);
    expect(e.status).to.equal('$');
    expect(f.position).to.equal('');
    expect(f.board).to.equal(undefined);
    expect(f.status).to.equal('?');
  });
  it('reads the Forsyth strings with S/s knights', () => {
    const c = doc.value.problems[2]!;
    expect(pbiFen(c)).to.equal('8/7p/Q4Bnk/8/8/8/8/7K w - - 0 1');
    expect(c.board!.squares[5 * 8 + 6]).to.deep.equal({ color: 'black', kind: 'knight' });
  });
  it('writes the file back byte for byte', () => {
    expect(makePbi(doc.value)).to.equal(SPEC_FILE);
    expect(makePbi(doc.value, { canonical: true })).to.equal(SPEC_FILE);
  });
  it('reports the malformed used-source example of the text (a literal ":" splits the field)', () => {
    const bad = parsePbi(`${BOM}#PBI 1.2\n:::A|Russ\\x3a:Miniature Chess Problems|::::\n`);
    expect(bad.errors.map((e) => [e.code, e.line, e.column])).to.deep.equal([
      ['ERR_PBI_SOURCE', 2, 4],
      ['ERR_PBI_SOURCE', 2, 15],
    ]);
  });
});

describe('PBI: file structure', () => {
  it('accepts every NLF, mixed in one file, and keeps each for writing', () => {
    const nlfs = ['\r', '\n', '\r\n', '\u0085', '\u2028'];
    let text = `${BOM}#PBI 1.2\r\n#c1\u2028#c2\u0085`;
    for (let i = 0; i < 10; i++) text += `A${i}:8/8/8/8/8/8/8/K6k:#${i + 1}:::::!:${nlfs[i % 5]}`;
    const doc = parsePbi(enc(text));
    expect(doc.errors).to.deep.equal([]);
    expect(doc.value.comments.map((c) => c.text)).to.deep.equal(['c1', 'c2']);
    expect(doc.value.problems.map((p) => p.names[0])).to.deep.equal([
      'A0',
      'A1',
      'A2',
      'A3',
      'A4',
      'A5',
      'A6',
      'A7',
      'A8',
      'A9',
    ]);
    expect(doc.value.problems.map((p) => p.line)).to.deep.equal([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(makePbi(doc.value)).to.equal(text);
    expect(makePbi(doc.value, { forceNewline: true, newline: '\r\n' }).split('\r\n')).to.have.length(14);
  });
  it('ignores a last line without NLF, with a warning', () => {
    const doc = parsePbi(`${BOM}#PBI 1.2\nA:::::::!:\nB:::::::!:`);
    expect(doc.value.problems.map((p) => p.names)).to.deep.equal([['A']]);
    expect(doc.warnings.map((w) => [w.code, w.line, w.column])).to.deep.equal([['ERR_PBI_NO_NLF', 3, 1]]);
  });
  it('treats the version as a string', () => {
    for (const [v, ok] of [
      ['1.2', true],
      ['1.1', true],
      ['1.20', false],
      ['01.2', false],
      ['1.0', false],
    ] as const) {
      const doc = parsePbi(`${BOM}#PBI ${v}\n::::::::\n`);
      expect(doc.value.version).to.equal(v);
      expect(doc.errors.map((e) => e.code)).to.deep.equal(ok ? [] : ['ERR_PBI_VERSION']);
    }
    expect(parsePbi(`${BOM}#PBI1.2\n::::::::\n`).errors[0]).to.include({ code: 'ERR_PBI_MARKER', line: 1, column: 1 });
    expect(parsePbi(`${BOM}# PBI 1.2\n::::::::\n`).errors[0]!.code).to.equal('ERR_PBI_MARKER');
  });
  it('warns about a missing BOM and needs a data line', () => {
    expect(parsePbi('#PBI 1.2\n::::::::\n').warnings.map((w) => w.code)).to.deep.equal(['ERR_PBI_BOM']);
    expect(parsePbi(`${BOM}#PBI 1.2\n#only a comment\n`).errors.map((e) => e.code)).to.deep.equal(['ERR_PBI_NO_DATA']);
    expect(
      parsePbi(
        new Uint8Array([
          0xef, 0xbb, 0xbf, 0x23, 0x50, 0x42, 0x49, 0x20, 0x31, 0x2e, 0x32, 0x0a, 0xff, 0x3a, 0x3a, 0x3a, 0x3a, 0x3a,
          0x3a, 0x3a, 0x3a, 0x0a,
        ]),
      ).errors.map((e) => e.code),
    ).to.deep.equal(['ERR_PBI_UTF8']);
  });
  it('allows comments only straight after the marker', () => {
    const doc = parsePbi(`${BOM}#PBI 1.2\n#ok\nA::::::::\n#late comment\n#B::::::::\n`);
    expect(doc.errors.map((e) => [e.code, e.line, e.column])).to.deep.equal([['ERR_PBI_COMMENT_POSITION', 4, 1]]);
    // a '#' line with nine fields after the data started is a data line (a name starting with '#')
    expect(doc.value.problems.map((p) => p.names)).to.deep.equal([['A'], ['#B']]);
  });
  it('checks field counts, escapes and positions with line:column', () => {
    const doc = parsePbi(
      `${BOM}#PBI 1.2\nA:8/8/8/8/8/8/8/K6k:#2:::::\nA:8/8/8/8/8/8/8/7X:#2::::::\nA\\x3g:8/8/8/8/8/8/8/K6k:#2::::::\nA:8/8/8/8/8/8/8/K6k:#2:a|b:::::\nA:8/8/8/8/8/8/8/K6:#2::::::\nA:8/8/8/8/8/8/8/K6k:#2:::1|2|3:::\nA:8/8/8/8/8/8/8/K6k:#2::::::x:y:z\n`,
    );
    expect(doc.errors.map((e) => [e.code, e.line, e.column])).to.deep.equal([
      ['ERR_PBI_FIELDS', 2, 28],
      ['ERR_PBI_POSITION', 3, 18],
      ['ERR_PBI_ESCAPE', 4, 2],
      ['ERR_PBI_SOURCE', 5, 24],
      ['ERR_PBI_POSITION', 6, 19],
      ['ERR_PBI_AWARD', 7, 26],
      ['ERR_PBI_FIELDS', 8, 30],
    ]);
    expect(doc.value.problems).to.have.length(5); // lines with nine fields are kept, with their errors
  });
  it('needs keymove and status empty in PBI 1.1', () => {
    const doc = parsePbi(`${BOM}#PBI 1.1\nA:::::::!:\nB::::::Qh5::\n`);
    expect(doc.errors.map((e) => [e.code, e.line, e.column])).to.deep.equal([
      ['ERR_PBI_STATUS_V11', 2, 9],
      ['ERR_PBI_KEYMOVE_V11', 3, 8],
    ]);
  });
  it('keeps unknown status text and flags it', () => {
    const text = `${BOM}#PBI 1.2\nA:::::::ok (C+):\n`;
    const doc = parsePbi(text);
    expect(doc.value.problems[0]!.status).to.equal('ok (C+)');
    expect(doc.warnings.map((w) => [w.code, w.line, w.column])).to.deep.equal([['ERR_PBI_STATUS', 2, 9]]);
    expect(makePbi(doc.value)).to.equal(text);
  });
});

describe('PBI: positions', () => {
  it('accepts unnormalised rows and normalises them on export unless asked to keep them', () => {
    const rows = '11111111/1k111111/11111111/11111111/11111111/11111111/11111111/1111111K';
    const text = `${BOM}#PBI 1.2\nA:${rows}:#2::::::\n`;
    const doc = parsePbi(text);
    expect(doc.errors).to.deep.equal([]);
    expect(makeForsyth(doc.value.problems[0]!.board!)).to.equal('8/1k6/8/8/8/8/8/7K');
    expect(makePbi(doc.value)).to.equal(`${BOM}#PBI 1.2\nA:8/1k6/8/8/8/8/8/7K:#2::::::\n`);
    expect(makePbi(doc.value, { keepForsyth: true })).to.equal(text);
  });
  it('rejects incomplete rows and N knights', () => {
    expect(parsePbi(`${BOM}#PBI 1.2\n:8/8/8/8/8/8/8/7:::::::\n`).errors[0]).to.include({
      code: 'ERR_PBI_POSITION',
      line: 2,
      column: 17,
    });
    expect(parsePbi(`${BOM}#PBI 1.2\n:8/8/8/8/8/8/8:::::::\n`).errors[0]).to.include({
      code: 'ERR_PBI_POSITION',
      line: 2,
      column: 2,
    });
    expect(parsePbi(`${BOM}#PBI 1.2\n:8/8/8/8/8/8/8/6Nk:::::::\n`).errors[0]).to.include({
      code: 'ERR_PBI_POSITION',
      line: 2,
      column: 17,
    });
  });
  it('parseForsyth: the board and whether the text was normal; errors with their column in the string', () => {
    const plain = parseForsyth('8/1k6/8/8/8/8/8/7K');
    expect(plain.errors).to.deep.equal([]);
    expect(plain.warnings).to.deep.equal([]);
    expect(plain.value.normalized).to.equal(true);
    expect(plain.value.board.squares[6 * 8 + 1]).to.deep.equal({ color: 'black', kind: 'king' });
    expect(plain.value.board.squares[7]).to.deep.equal({ color: 'white', kind: 'king' });
    const runs = parseForsyth('44/1k6/8/8/8/8/8/7K');
    expect(runs.errors).to.deep.equal([]);
    expect(runs.value.normalized).to.equal(false);
    expect(makeForsyth(runs.value.board)).to.equal('8/1k6/8/8/8/8/8/7K');
    const bad = parseForsyth('8/8/8/8/8/8/8/6Nk');
    expect(bad.errors.map((e) => [e.code, e.column])).to.deep.equal([['ERR_PBI_POSITION', 16]]);
    expect(bad.value.normalized).to.equal(false);
    expect(parseForsyth('8/8/8/8/8/8/8/6Nk', { allowN: true, code: 'ERR_X' }).errors).to.deep.equal([]);
    expect(parseForsyth('8/8', { code: 'ERR_X' }).errors.map((e) => [e.code, e.column])).to.deep.equal([['ERR_X', 1]]);
  });
});

describe('PBI: writing', () => {
  it('encodes the delimiters, backslashes and control characters in every field', () => {
    const p = newPbiProblem({
      names: ['A:B', 'C;D', 'E\\F'],
      stipulation: '#2; see |note|',
      usedSource: { nr: '1|a', title: 'T;x', date: '', page: '' },
      comment: 'line1\nline2\ttab',
    });
    const text = makePbi({ version: '1.2', comments: [], problems: [p] });
    expect(text).to.equal(
      `${BOM}#PBI 1.2\nA\\x3aB;C\\x3bD;E\\x5cF::#2\\x3b see \\x7cnote\\x7c:1\\x7ca|T\\x3bx||:::::line1\\x0aline2\\x09tab\n`,
    );
    const back = parsePbi(text).value.problems[0]!;
    expect(back.names).to.deep.equal(p.names);
    expect(back.stipulation).to.equal(p.stipulation);
    expect(back.usedSource).to.deep.equal(p.usedSource);
    expect(back.comment).to.equal(p.comment);
    expect(encodePbiField('a\u0085b')).to.equal('a\\x85b');
  });
  it('reports characters \\xHH cannot carry', () => {
    const warnings: string[] = [];
    const doc = { version: '1.2', comments: [], problems: [newPbiProblem({ comment: 'a\u2028b' })] };
    const text = makePbi(doc, { onWarning: (w) => warnings.push(w.code) });
    expect(text.endsWith(':a b\n')).to.equal(true);
    expect(warnings).to.deep.equal(['ERR_PBI_UNENCODABLE']);
  });
  it('reads the |||/empty used-source shorthand as no source and keeps the form that was written', () => {
    const text = `${BOM}#PBI 1.2\nA::#2:|||:::::\nB::#2::::::\n`;
    const doc = parsePbi(text);
    expect(doc.value.problems.map((p) => p.usedSource)).to.deep.equal([null, null]);
    expect(makePbi(doc.value)).to.equal(text);
    expect(makePbi(doc.value, { canonical: true })).to.equal(`${BOM}#PBI 1.2\nA::#2::::::\nB::#2::::::\n`);
  });
  it('writes a changed field canonically and leaves the others as read', () => {
    const text = `${BOM}#PBI 1.2\nA\\x3A:8/8/8/8/8/8/8/K6k:#2::::::\n`;
    const doc = parsePbi(text);
    expect(makePbi(doc.value)).to.equal(text);
    doc.value.problems[0] = withPbiStatus(doc.value.problems[0]!, '!');
    expect(makePbi(doc.value)).to.equal(`${BOM}#PBI 1.2\nA\\x3A:8/8/8/8/8/8/8/K6k:#2:::::!:\n`);
    expect(makePbi(doc.value, { canonical: true })).to.equal(`${BOM}#PBI 1.2\nA\\x3a:8/8/8/8/8/8/8/K6k:#2:::::!:\n`);
  });
});

// Our own small encoder for building the test file (independent of the library's writer).
const esc = (s: string, _where: string) =>
  [...s]
    .map((ch) =>
      '\\:;|'.includes(ch) || ch.charCodeAt(0) < 32 ? `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}` : ch,
    )
    .join('');

describe('PBI: a file built from solve-reference.jsonl', () => {
  it('round-trips positions, stipulations, keys and status through mixed NLFs and \\x3a', async () => {
    const problems = await referenceProblems();
    expect(problems.length).to.be.oneOf([31, 11]); // the shared reference, or the fallback fixture without ../shared
    const nlfs = ['\n', '\r\n', '\r', '\u0085', '\u2028'];
    let text = `${BOM}#PBI 1.2\n#built from solve-reference.jsonl: keymove = Popeye's keys, status = Popeye's verdict\u2028`;
    problems.forEach((r, i) => {
      const part = r.parts[0]!;
      const fields = [
        r.author
          .split(' & ')
          .map((n) => esc(n, ';'))
          .join(';'),
        r.fen.split(' ')[0]!.replace(/N/g, 'S').replace(/n/g, 'x').replace(/x/g, 's'),
        esc(r.stipulation, ''),
        [esc(r.id, ';|'), esc(`${r.id}: ${r.source}`, ';|'), '', ''].join('|'),
        '',
        '',
        esc(part.solutions.map((s) => s.popeye).join(' / '), ''),
        esc(part.status, ''),
        esc(
          r.parts
            .slice(1)
            .map((p, j) => `${String.fromCharCode(98 + j)}) ${p.twin_command}`)
            .join('; '),
          '',
        ),
      ];
      text += fields.join(':') + nlfs[i % nlfs.length];
    });
    expect(text).to.include('\\x3a');
    const bytes = enc(text);
    const doc = parsePbi(bytes);
    expect(doc.errors).to.deep.equal([]);
    expect(doc.warnings).to.deep.equal([]);
    expect(doc.value.problems).to.have.length(problems.length);
    doc.value.problems.forEach((p, i) => {
      const r = problems[i]!;
      const part = r.parts[0]!;
      const turn = r.fen.split(' ')[1];
      // the board and side to move as Popeye's reference FEN has them (castling/e.p. are not PBI's business)
      expect(pbiFen(p)!.split(' ').slice(0, 2)).to.deep.equal([r.fen.split(' ')[0], turn]);
      expect(p.stipulation).to.equal(r.stipulation);
      expect(p.usedSource!.title).to.equal(`${r.id}: ${r.source}`);
      expect(p.keymove).to.equal(part.solutions.map((s) => s.popeye).join(' / '));
      expect(p.status).to.equal(part.status);
    });
    expect(makePbi(doc.value)).to.equal(text);
    expect(makePbi(doc.value, { canonical: true })).to.equal(text);
    expect(enc(makePbi(doc.value))).to.deep.equal(bytes);
  });
  it('computes the status letter from solver findings as the reference does', async () => {
    for (const r of await referenceProblems()) {
      for (const part of r.parts) {
        const status = pbiStatusFromSolution({
          solutions: part.n_solutions,
          intended: part.intended_solutions ?? 1,
          shorterSolution: part.short_solution_exists,
        });
        expect(status, `${r.id} ${part.twin ?? ''}`).to.equal(part.status);
      }
    }
  });
});

describe('PBI: bounded error lists', () => {
  it('keeps the first maxErrors errors and then one ERR_TOO_MANY_ERRORS with the count', async () => {
    const { parsePbi: parse } = await import('gamenotation/problems');
    const text = `\ufeff#PBI 1.2\n${'x:8/8:#2\n'.repeat(250)}`;
    const r = parse(text);
    expect(r.errors.length).to.equal(101);
    expect(r.errors.slice(0, 100).every((e) => e.code === 'ERR_PBI_FIELDS')).to.equal(true);
    expect(r.errors[100]).to.deep.equal({
      code: 'ERR_TOO_MANY_ERRORS',
      message: '150 more error(s) not reported (250 in all; maxErrors 100)',
      line: 251,
      column: 9,
    });
    expect(parse(text, { maxErrors: 5 }).errors.map((e) => e.code)).to.deep.equal([
      ...Array(5).fill('ERR_PBI_FIELDS'),
      'ERR_TOO_MANY_ERRORS',
    ]);
    // The lists are plain arrays again (they cross structured clone and JSON as such).
    expect(Object.keys(r.errors).length).to.equal(101);
    expect(structuredClone(r.errors).length).to.equal(101);
  });
});
