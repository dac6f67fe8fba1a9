// One decoding rule for the PGN family (src/text/decode.ts): UTF-8 when the input starts with a BOM
// or its first non-ASCII byte begins a well-formed UTF-8 sequence, else Latin-1, chosen once per
// input; in a UTF-8 input a stray byte reads as its Latin-1 character and is reported once, with
// the count and the line of the first. PGN, BPGN and AIF must read the same bytes the same way
// whole and streamed, whatever the chunking (cuts inside a multi-byte sequence included).
import { expect } from 'chai';
import type { Parsed } from 'gamenotation';
import { readPgn, visitPgnStream, type PgnGame } from 'gamenotation/pgn';
// The splitter and the Latin-1 decoder are internal (the text layer): tested on the modules themselves.
import { GameSplitter } from '../../src/text/split.js';
import { decodeLatin1 } from '../../src/text/decode.js';
import { readBpgn, type BughouseMatch } from 'gamenotation/bughouse';
import { parseAif, readAif, type AifGame } from 'gamenotation/aif';
import { v10 } from '../fixtures/aif/fixtures.js';

/** A string whose characters (all below U+0100) stand for bytes. */
const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
/** `é` as UTF-8 bytes (written as the characters of its two bytes). */
const UTF8_E = '\u00c3\u00a9';
/** `é` as the Latin-1 byte E9, stray in a UTF-8 file (a space follows it). */
const STRAY = '\u00e9';

/** Line of the first `mark` in `s` (1-based). */
const lineOf = (s: string, mark: string) => s.slice(0, s.indexOf(mark)).split('\n').length;

/** The input cut in two at `k`. */
const cutAt = (b: Uint8Array, k: number) => [b.subarray(0, k), b.subarray(k)];
/** The input in one-byte chunks. */
const bytewise = (b: Uint8Array) => Array.from(b, (x) => Uint8Array.of(x));

type Warned = { warnings: { code: string; line?: number; column?: number; message: string }[] };
const warningsOf = (items: Warned[]) =>
  items.flatMap((g, i) => g.warnings.filter((w) => w.code.endsWith('_ENCODING')).map((w) => [i, w.code, w.line]));

async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

const pgnUtf8 =
  `[Event "Caf${UTF8_E}"]\n[Site "x"]\n\n1. e4 e5 *\n\n` +
  `[Event "Bad ${STRAY} byte"]\n[Site "y"]\n\n1. d4 d5 *\n\n` +
  `[Event "three"]\n\n1. c4 *\n`;

describe('text: one decoding rule for PGN, BPGN and AIF', () => {
  it('Latin-1 is every byte as the code point of the same value, C1 controls included, whatever the decoder', () => {
    const every = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(decodeLatin1(every)).to.equal(String.fromCharCode(...every));
    const upper = every.subarray(0xa0);
    expect(decodeLatin1(upper)).to.equal(String.fromCharCode(...upper));
    expect(decodeLatin1(every.subarray(0x80, 0xa0))).to.equal(String.fromCharCode(...every.subarray(0x80, 0xa0)));
  });

  it('PGN: UTF-8 first, a later stray Latin-1 byte is its Latin-1 character, one warning with its line', async () => {
    const b = bytes(pgnUtf8);
    const line = lineOf(pgnUtf8, STRAY);
    expect(line).to.equal(6);
    const whole = await all(readPgn(b));
    expect(whole.map((g) => g.value.headers.Event)).to.deep.equal(['Café', 'Bad é byte', 'three']);
    expect(warningsOf(whole)).to.deep.equal([[2, 'ERR_PGN_ENCODING', line]]);
    expect(whole[2]!.warnings.find((w) => w.code === 'ERR_PGN_ENCODING')!.message).to.match(/^1 byte/);
    const shape = (games: Parsed<PgnGame>[]) =>
      games.map(({ value: g }) => [g.headers.Event, g.moves.map((m) => m.san), g.line]);
    for (let k = 1; k < b.length; k++) {
      const got = await all(readPgn(cutAt(b, k)));
      expect(shape(got), `cut at ${k}`).to.deep.equal(shape(whole));
      expect(warningsOf(got), `cut at ${k}`).to.deep.equal(warningsOf(whole));
    }
    const one = await all(readPgn(bytewise(b)));
    expect(shape(one)).to.deep.equal(shape(whole));
    expect(warningsOf(one)).to.deep.equal(warningsOf(whole));
  });

  it('PGN: the visitor stream reports the same warning', async () => {
    const seen: [string, number | undefined][] = [];
    const events: string[] = [];
    await visitPgnStream(bytewise(bytes(pgnUtf8)), {
      header: (name, value) => void (name === 'Event' && events.push(value)),
      warning: (w) => void (w.code === 'ERR_PGN_ENCODING' && seen.push([w.code, w.line])),
    });
    expect(events).to.deep.equal(['Café', 'Bad é byte', 'three']);
    expect(seen).to.deep.equal([['ERR_PGN_ENCODING', 6]]);
  });

  it('PGN: a Latin-1 file reads as Latin-1 (no warning), a UTF-8 file with a BOM as UTF-8, alike whole and chunked', async () => {
    const latin = bytes(`[Event "Caf${STRAY}"]\n\n1. e4 *\n\n[Event "na${UTF8_E}ve"]\n\n1. d4 *\n`);
    const bom = bytes(`\u00ef\u00bb\u00bf[Event "Caf${UTF8_E}"]\n\n1. e4 *\n`);
    for (const [input, events] of [
      [latin, ['Café', 'na\u00c3\u00a9ve']],
      [bom, ['Café']],
    ] as const) {
      for (const chunks of [
        [input],
        bytewise(input),
        ...Array.from({ length: input.length - 1 }, (_, k) => cutAt(input, k + 1)),
      ]) {
        const games = await all(readPgn(chunks));
        expect(games.map((g) => g.value.headers.Event)).to.deep.equal(events);
        expect(warningsOf(games)).to.deep.equal([]);
        expect(games[0]!.value.line).to.equal(1);
      }
    }
  });

  it('the splitter hands the warning over on its last batch, once, with the count and the first line', () => {
    const text = `${pgnUtf8}[Event "x${STRAY}${STRAY} y"]\n\n1. a3 *\n`;
    const splitter = new GameSplitter();
    const batches = [...splitter.push(bytes(text)), ...splitter.end()];
    expect(batches.map((b) => b.text).join('')).to.equal(text.replace(UTF8_E, 'é'));
    const warned = batches.filter((b) => b.warnings);
    expect(warned).to.have.length(1);
    expect(warned[0]).to.equal(batches[batches.length - 1]);
    expect(warned[0]!.warnings!.map((w) => [w.code, w.line, w.message.split(' ')[0]])).to.deep.equal([
      ['ERR_PGN_ENCODING', 6, '3'],
    ]);
  });

  it('BPGN: the same rule, whole and chunked', async () => {
    const text =
      `[Event "Caf${UTF8_E}"]\n\n1A. e4 1a. e5 *\n\n` +
      `[Event "Bad ${STRAY} byte"]\n\n1A. d4 *\n\n` +
      `[Event "three"]\n\n1A. c4 *\n`;
    const b = bytes(text);
    const shape = (ms: Parsed<BughouseMatch>[]) => ms.map((m) => m.value.tags.Event);
    const whole = await all(readBpgn(b));
    expect(shape(whole)).to.deep.equal(['Café', 'Bad é byte', 'three']);
    expect(warningsOf(whole)).to.deep.equal([[2, 'ERR_BPGN_ENCODING', lineOf(text, STRAY)]]);
    for (const chunks of [bytewise(b), ...Array.from({ length: b.length - 1 }, (_, k) => cutAt(b, k + 1))]) {
      const got = await all(readBpgn(chunks));
      expect(shape(got)).to.deep.equal(shape(whole));
      expect(warningsOf(got)).to.deep.equal(warningsOf(whole));
    }
  });

  it('AIF: the same rule, whole (parseAif of bytes) and streamed (readAif), whatever the chunking', async () => {
    const text = v10.replace(/Casual/g, `Caf${UTF8_E}`) + v10.replace(/Casual/g, `Bad${STRAY} `);
    const b = bytes(text);
    const shape = (gs: Parsed<AifGame>[]) => gs.map((g) => [g.value.headers.GameID, g.value.line, g.errors.length]);
    const whole = parseAif(b);
    expect(whole).to.have.length(2);
    expect(whole[0]!.value.headers.GameID).to.contain('Café');
    expect(whole[1]!.value.headers.GameID).to.contain('Badé ');
    expect(warningsOf(whole)).to.deep.equal([[1, 'ERR_AIF_ENCODING', lineOf(text, STRAY)]]);
    const cuts = [bytewise(b), ...Array.from({ length: b.length - 1 }, (_, k) => cutAt(b, k + 1))];
    for (const chunks of [[b], ...cuts]) {
      const got = await all(readAif(chunks));
      expect(shape(got)).to.deep.equal(shape(whole));
      expect(warningsOf(got)).to.deep.equal(warningsOf(whole));
    }
    const latin = bytes(v10.replace(/Casual/g, `Caf${STRAY}`));
    const games = parseAif(latin);
    expect(games[0]!.value.headers.GameID).to.contain('Café');
    expect(warningsOf(games)).to.deep.equal([]);
    expect(shape(await all(readAif(bytewise(latin))))).to.deep.equal(shape(games));
  });
});
