import { expect } from 'chai';
// The text layer is internal (no package entry point): its modules are tested directly.
import {
  Lexer,
  tokenize,
  TOKEN_COMMENT,
  TOKEN_ESCAPE,
  TOKEN_INTEGER,
  TOKEN_LINE_COMMENT,
  TOKEN_NAG,
  TOKEN_NAMES,
  TOKEN_OTHER,
  TOKEN_PERIOD,
  TOKEN_RAV_CLOSE,
  TOKEN_RAV_OPEN,
  TOKEN_RESULT,
  TOKEN_STRING,
  TOKEN_SUFFIX,
  TOKEN_SYMBOL,
  TOKEN_TAG_CLOSE,
  TOKEN_TAG_OPEN,
  escapeString,
  unescapeString,
} from '../../src/text/lexer.js';
import { GameSplitter, decodeBytes } from '../../src/text/split.js';

const kinds = (text: string) => tokenize(text).map((t) => TOKEN_NAMES[t.kind]);
const texts = (text: string) => tokenize(text).map((t) => t.text);

describe('text: lexer for the PGN family', () => {
  it('scans tag pairs, several on a line and one spanning lines', () => {
    const toks = tokenize('[Event "A"][Site\n  "B"]');
    expect(toks.map((t) => t.kind)).to.deep.equal([
      TOKEN_TAG_OPEN,
      TOKEN_SYMBOL,
      TOKEN_STRING,
      TOKEN_TAG_CLOSE,
      TOKEN_TAG_OPEN,
      TOKEN_SYMBOL,
      TOKEN_STRING,
      TOKEN_TAG_CLOSE,
    ]);
    expect(toks.map((t) => `${t.line}:${t.column}`)).to.deep.equal([
      '1:1',
      '1:2',
      '1:8',
      '1:11',
      '1:12',
      '1:13',
      '2:3',
      '2:6',
    ]);
    expect(toks[6]!.value).to.equal('B');
  });

  it('decodes \\" and \\\\ in strings and writes them back', () => {
    const [t] = tokenize(String.raw`"say \"hi\" \\ ok \n"`);
    expect(t!.kind).to.equal(TOKEN_STRING);
    expect(t!.value).to.equal(String.raw`say "hi" \ ok \n`);
    expect(escapeString('a"b\\c')).to.equal(String.raw`"a\"b\\c"`);
    expect(unescapeString(String.raw`a\"b\\c`)).to.equal('a"b\\c');
  });

  it('reports strings that do not end on their line', () => {
    const toks = tokenize('[Event "open\n1. e4');
    expect(toks[2]!.error).to.equal('ERR_TEXT_UNTERMINATED_STRING');
    expect(toks[2]!.value).to.equal('open');
    expect(toks[3]!.text).to.equal('1');
    expect(toks[3]!.line).to.equal(2);
  });

  it('scans movetext: numbers, periods, SAN, suffixes, NAGs, RAV, results', () => {
    expect(texts('1.e4 e5 2... Nf6!? (2...d5?!) $14 1-0')).to.deep.equal([
      '1',
      '.',
      'e4',
      'e5',
      '2',
      '...',
      'Nf6',
      '!?',
      '(',
      '2',
      '...',
      'd5',
      '?!',
      ')',
      '$14',
      '1-0',
    ]);
    expect(kinds('12. O-O-O+ e8=Q# 1/2-1/2 0-1 * ½-½')).to.deep.equal([
      'integer',
      'period',
      'symbol',
      'symbol',
      'result',
      'result',
      'result',
      'result',
    ]);
    const nag = tokenize('$255 $')!;
    expect(nag.map((t) => [t.kind, t.value])).to.deep.equal([
      [TOKEN_NAG, 255],
      [TOKEN_NAG, -1],
    ]);
    expect(tokenize('!! ?? ! ?')!.every((t) => t.kind === TOKEN_SUFFIX)).to.equal(true);
    expect(kinds('N@f3 @e6 -- Z0')).to.deep.equal(['symbol', 'symbol', 'other', 'symbol']);
    expect(tokenize('( )').map((t) => t.kind)).to.deep.equal([TOKEN_RAV_OPEN, TOKEN_RAV_CLOSE]);
    expect(tokenize('12').map((t) => t.kind)).to.deep.equal([TOKEN_INTEGER]);
    expect(tokenize('...').map((t) => t.kind)).to.deep.equal([TOKEN_PERIOD]);
    expect(tokenize('1-0').map((t) => t.kind)).to.deep.equal([TOKEN_RESULT]);
  });

  it('scans brace and rest-of-line comments; braces do not nest', () => {
    const toks = tokenize('e4 {a { b ; c\nd} e5 ; x { y\nNf3');
    expect(toks.map((t) => t.kind)).to.deep.equal([
      TOKEN_SYMBOL,
      TOKEN_COMMENT,
      TOKEN_SYMBOL,
      TOKEN_LINE_COMMENT,
      TOKEN_SYMBOL,
    ]);
    expect(toks[1]!.value).to.equal('a { b ; c\nd');
    expect(toks[3]!.value).to.equal(' x { y');
    expect(toks[4]!.line).to.equal(3);
    const open = tokenize('e4 {never closed');
    expect(open[1]!.error).to.equal('ERR_TEXT_UNTERMINATED_COMMENT');
  });

  it('treats % in column 1 as an escape line, elsewhere not', () => {
    const toks = tokenize('%private stuff [x]\n e4 %y');
    expect(toks[0]!.kind).to.equal(TOKEN_ESCAPE);
    expect(toks[0]!.value).to.equal('private stuff [x]');
    expect(toks[1]!.text).to.equal('e4');
    expect(toks[2]!.kind).to.equal(TOKEN_OTHER);
  });

  it('counts LF, CRLF and CR line ends alike', () => {
    for (const nl of ['\n', '\r\n', '\r']) {
      const toks = tokenize(`[A "1"]${nl}${nl}{x${nl}y} e4${nl}  e5`);
      expect(
        toks.map((t) => `${t.line}:${t.column}`),
        JSON.stringify(nl),
      ).to.deep.equal(['1:1', '1:2', '1:4', '1:7', '3:1', '4:4', '5:3']);
    }
  });

  it('skips a byte order mark at the start', () => {
    const toks = tokenize('\uFEFF[Event "x"]');
    expect(toks[0]!.kind).to.equal(TOKEN_TAG_OPEN);
    expect(toks[0]!.column).to.equal(1);
  });

  it('enforces length limits with an error, not a crash', () => {
    const lx = new Lexer(`{${'x'.repeat(1000)}} "${'y'.repeat(1000)}"`, {
      maxCommentLength: 100,
      maxStringLength: 100,
    });
    expect(lx.next()).to.equal(TOKEN_COMMENT);
    expect(lx.error).to.equal('ERR_TEXT_COMMENT_TOO_LONG');
    expect(lx.next()).to.equal(TOKEN_STRING);
    expect(lx.error).to.equal('ERR_TEXT_STRING_TOO_LONG');
  });

  it('widens the symbol alphabet on request (for other formats of the family)', () => {
    expect(texts('=1= x')).to.deep.equal(['=', '1=', 'x']);
    expect(tokenize('=1= x', { symbolStart: '=' }).map((t) => t.text)).to.deep.equal(['=1=', 'x']);
  });

  it('decodes UTF-8, and Latin-1 when the bytes are not UTF-8', () => {
    expect(decodeBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xc3, 0xa9])).text).to.equal('Aé');
    const latin = decodeBytes(new Uint8Array([0x41, 0xe9, 0x42]));
    expect(latin.latin1).to.equal(true);
    expect(latin.text).to.equal('AéB');
  });
});

describe('text: game splitter for streams', () => {
  const enc = new TextEncoder();
  const pgn = '[Event "1"]\n\n1. e4 {[x]\n[y]} *\n\n[Event "2"]\n[Site "s"]\n\n1. d4 *\n[Event "3"]\n';

  it('cuts only before a tag line that follows movetext, at any chunking', () => {
    const bytes = enc.encode(pgn);
    for (const size of [1, 2, 3, 7, 64]) {
      const s = new GameSplitter();
      const batches = [];
      for (let i = 0; i < bytes.length; i += size) batches.push(...s.push(bytes.subarray(i, i + size)));
      batches.push(...s.end());
      expect(batches.map((b) => b.text).join(''), `chunk ${size}`).to.equal(pgn);
      // Batch line numbers point at the batch's first line in the input.
      for (const b of batches) {
        const before = pgn.slice(0, pgn.indexOf(b.text));
        expect(b.line).to.equal(before.split('\n').length);
      }
      if (size === 1) expect(batches.map((b) => b.line)).to.deep.equal([1, 6, 10]);
    }
  });

  it('decodes each game as UTF-8 or Latin-1 on its own', () => {
    const a = enc.encode('[Event "é"]\n1. e4 *\n');
    const b = new Uint8Array([...enc.encode('[Event "'), 0xe9, ...enc.encode('"]\n1. d4 *\n')]);
    const s = new GameSplitter();
    const out = [...s.push(new Uint8Array([...a, ...b])), ...s.end()];
    expect(out.map((x) => x.text).join('')).to.equal('[Event "é"]\n1. e4 *\n[Event "é"]\n1. d4 *\n');
  });

  it('drops a game larger than maxGameBytes and reports where it starts', () => {
    const dropped: number[] = [];
    const s = new GameSplitter({ maxGameBytes: 1000, onOversize: (line) => dropped.push(line) });
    const big = `[Event "big"]\n1. e4 {${'x'.repeat(5000)}} *\n`;
    const text = `[Event "a"]\n1. e4 *\n${big}[Event "b"]\n1. d4 *\n`;
    const bytes = enc.encode(text);
    const out = [];
    for (let i = 0; i < bytes.length; i += 100) out.push(...s.push(bytes.subarray(i, i + 100)));
    out.push(...s.end());
    expect(dropped).to.deep.equal([3]);
    const joined = out.map((b) => b.text).join('');
    expect(joined).to.equal('[Event "a"]\n1. e4 *\n[Event "b"]\n1. d4 *\n');
    expect(out[out.length - 1]!.line).to.equal(5);
  });
});

describe('text: indented escape lines (option)', () => {
  it('reads % after blanks as an escape only with indentedEscapes, flagged ERR_TEXT_ESCAPE_INDENTED', () => {
    const text = ' \t%\tx\ty\n%z\n a % b';
    const off = tokenize(text).map((t) => [TOKEN_NAMES[t.kind], t.text]);
    expect(off.slice(0, 2)).to.deep.equal([
      ['other', '%'],
      ['symbol', 'x'],
    ]);
    const on = tokenize(text, { indentedEscapes: true });
    expect(on.map((t) => [TOKEN_NAMES[t.kind], t.text, t.error ?? null])).to.deep.equal([
      ['escape', '%\tx\ty', 'ERR_TEXT_ESCAPE_INDENTED'],
      ['escape', '%z', null],
      ['symbol', 'a', null],
      ['other', '%', null],
      ['symbol', 'b', null],
    ]);
    expect(on[0]!.value).to.equal('\tx\ty');
  });
});

describe('text: game splitter buffer growth', () => {
  it('grows its buffer by doubling: a game spanning 100,000 chunks is copied a few times, not once per chunk', () => {
    const s = new GameSplitter();
    const enc = new TextEncoder();
    const stores = new Set<unknown>();
    s.push(enc.encode('[Event "x"]\n\n1. e4 {'));
    const byte = enc.encode('c');
    for (let i = 0; i < 100_000; i++) {
      s.push(byte);
      stores.add((s as unknown as { store: Uint8Array }).store);
    }
    // Each allocation at least doubles (from 64 KiB): 100,000 bytes need two.
    expect(stores.size).to.be.below(4);
    for (const store of stores) expect(store).to.be.instanceOf(Uint8Array);
    const out = [...s.push(enc.encode('} e5 *\n\n[Event "y"]\n\n1. d4 *\n')), ...s.end()];
    expect(out.map((b) => b.text).join('')).to.equal(
      `[Event "x"]\n\n1. e4 {${'c'.repeat(100_000)}} e5 *\n\n[Event "y"]\n\n1. d4 *\n`,
    );
  });
});
