// One `%`/`;`/line-end rule (src/text/escape.ts) for the four scanners of the text layer: the token
// lexer, the byte-level game splitter, the record scanner and the PBN chunk-boundary finder. Where
// they disagreed, a stream cut where the reader would not end a game; so every chunking of inputs
// built around escape lines and `;` comments must read as the whole string does.
import { expect } from 'chai';
import { parsePgn, readPgn } from 'gamenotation/pgn';
import { tokenize, TOKEN_ESCAPE, TOKEN_OTHER } from '../../src/text/lexer.js';
import { parsePbn, readPbn } from 'gamenotation/bridge';

const enc = new TextEncoder();
const cuts = (b: Uint8Array) =>
  Array.from({ length: b.length - 1 }, (_, k) => [b.subarray(0, k + 1), b.subarray(k + 1)]);

async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('text: one escape-line and line-comment rule', () => {
  it('lexer: `%` in column 1, or after blanks (space, tab, VT, FF) when indented escapes are on', () => {
    const kinds = (text: string, indentedEscapes: boolean) =>
      tokenize(text, { indentedEscapes }).map((t) => [t.kind, t.error ?? null]);
    expect(kinds('%x\n', false)).to.deep.equal([[TOKEN_ESCAPE, null]]);
    for (const blank of [' ', '\t', '\v', '\f'])
      expect(kinds(`${blank}%x\n`, true), JSON.stringify(blank)).to.deep.equal([
        [TOKEN_ESCAPE, 'ERR_TEXT_ESCAPE_INDENTED'],
      ]);
    expect(kinds(' %x\n', false)[0]![0]).to.equal(TOKEN_OTHER);
    // each line end ends the escape: LF, CRLF, a lone CR
    for (const end of ['\n', '\r\n', '\r']) {
      const t = tokenize(`%a${end}%b${end}`);
      expect(
        t.map((x) => [x.value, x.line]),
        JSON.stringify(end),
      ).to.deep.equal([
        ['a', 1],
        ['b', 2],
      ]);
    }
  });

  it('PGN: `%` lines and `;` comments that look like game starts read alike whole and at every cut', async () => {
    const text =
      '[Event "a"]\n\n1. e4 ; [Event "in a comment"] {\n% [Event "escape"] {\n\t% [Event "indented"]\r\n' +
      'e5 *\r\n\r\n[Event "b"]\r\n\r\n1. d4 {; not a comment\n[Event "in a brace"]} d5 *\n\f%x\n[Event "c"]\n\n1. c4 *\n';
    const whole = parsePgn(text).map(({ value: g }) => [g.headers.Event, g.moves.map((m) => m.san), g.line]);
    expect(whole.map((g) => g[0])).to.deep.equal(['a', 'b', 'c']);
    expect(whole[0]![1]).to.deep.equal(['e4', 'e5']);
    const b = enc.encode(text);
    for (const chunks of cuts(b)) {
      const got = (await all(readPgn(chunks))).map(({ value: g }) => [
        g.headers.Event,
        g.moves.map((m) => m.san),
        g.line,
      ]);
      expect(got, `cut at ${chunks[0]!.length}`).to.deep.equal(whole);
    }
  });

  it('PBN: blank lines inside comments, `;` and `%` lines with braces: the stream cuts where the reader ends games', async () => {
    const text =
      '% PBN 2.1\n% {not a comment\n[Event "one"]\n[Board "1"]\n{a comment\n\nwith a blank line}\n' +
      '[Dealer "N"] ; { still no comment\n\n[Event "two"]\r\n[Board "2"]\r\n[Site "x {y"]\r\n\r\n[Event "three"]\n[Board "3"]\n';
    const whole = parsePbn(text);
    const boards = whole.value.games.map((g) => g.tags.Board?.value);
    expect(boards).to.deep.equal(['1', '2', '3']);
    const b = enc.encode(text);
    for (const chunks of cuts(b)) {
      const got = (await all(readPbn(chunks))).map((item) => item.value.tags.Board?.value);
      expect(got, `cut at ${chunks[0]!.length}`).to.deep.equal(boards);
    }
  });
});
