import { expect } from 'chai';
import { parsePgn, readPgn, visitPgnStream, type PgnGame } from 'gamenotation/pgn';
import type { Parsed } from 'gamenotation';

const enc = new TextEncoder();

function chunked(text: string, size: number): Uint8Array[] {
  const bytes = enc.encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

async function collect(source: Uint8Array[] | string, options = {}): Promise<Parsed<PgnGame>[]> {
  const out: Parsed<PgnGame>[] = [];
  for await (const g of readPgn(source, options)) out.push(g);
  return out;
}

describe('pgn: bounds', () => {
  it('ends a game without a result at the next tag section and warns ERR_PGN_NO_RESULT there', () => {
    const games = parsePgn('[Event "a"]\n\n1. e4 e5\n\n[Event "b"]\n\n1. d4 *\n');
    expect(games.map((g) => g.value.headers.Event)).to.deep.equal(['a', 'b']);
    expect(games[0]!.value.moves.map((n) => n.san)).to.deep.equal(['e4', 'e5']);
    expect(games[0]!.errors).to.deep.equal([]);
    expect(games[0]!.warnings).to.deep.equal([
      {
        code: 'ERR_PGN_NO_RESULT',
        message: 'the game has no result (1-0, 0-1, 1/2-1/2 or *) before the next tag section',
        line: 5,
        column: 1,
      },
    ]);
    expect(games[1]!.warnings).to.deep.equal([]);
    // A game with its result has no warning; neither has one that ends the file.
    expect(parsePgn('[Event "a"]\n\n1. e4 1-0\n[Event "b"]\n\n1. d4').map((g) => g.warnings)).to.deep.equal([[], []]);
  });

  it('keeps the first maxErrors errors of a game and then one ERR_TOO_MANY_ERRORS with the count', () => {
    const [g] = parsePgn(`1. e4 ${')'.repeat(1000)} e5 *`);
    expect(g!.errors.length).to.equal(101);
    expect(g!.errors.slice(0, 100).every((e) => e.code === 'ERR_PGN_UNMATCHED_PAREN')).to.equal(true);
    expect(g!.errors[0]).to.include({ line: 1, column: 7 });
    const last = g!.errors[100]!;
    expect(last.code).to.equal('ERR_TOO_MANY_ERRORS');
    expect(last.message).to.match(/^900 more error\(s\) not reported \(1000 in all; maxErrors 100\)/);
    expect(g!.value.moves.map((n) => n.san)).to.deep.equal(['e4', 'e5']);
    const [few] = parsePgn(`1. e4 ${'!!! '.repeat(5)}*`, { maxErrors: 3 });
    expect(few!.errors.map((e) => e.code)).to.deep.equal([
      'ERR_PGN_SUFFIX',
      'ERR_PGN_SUFFIX',
      'ERR_PGN_SUFFIX',
      'ERR_TOO_MANY_ERRORS',
    ]);
    // The cap is per game: the next game starts again from zero.
    const two = parsePgn(`[Event "a"]\n\n1. e4 ${')'.repeat(10)} *\n\n[Event "b"]\n\n1. e4 ) *\n`, { maxErrors: 5 });
    expect(two.map((x) => x.errors.length)).to.deep.equal([6, 1]);
  });

  it('quotes at most an excerpt of a huge token in a message', () => {
    const [g] = parsePgn(`1. e4 ${'\u00e9'.repeat(100_000)} *`);
    expect(g!.errors.length).to.equal(1);
    expect(g!.errors[0]!.code).to.equal('ERR_PGN_TOKEN');
    expect(g!.errors[0]!.message.length).to.be.below(120);
    const [s] = parsePgn(`1. e4 e${'5'.repeat(100_000)} *`);
    expect(s!.errors.map((e) => e.code)).to.deep.equal(['ERR_PGN_SYMBOL_TOO_LONG']);
    expect(s!.errors[0]!.message.length).to.be.below(120);
  });

  it('reports an oversized game in its place with its index, line and tags (readPgn and visitPgnStream)', async () => {
    const text = `[Event "one"]\n\n1. e4 e5\n\n[Event "big"]\n[White "W"]\n[Result "0-1"]\n\n1. e4 {${'x'.repeat(5000)}} 0-1\n\n[Event "three"]\n\n1. d4 *\n`;
    for (const size of [1, 97, 700, 1 << 16]) {
      const games = await collect(chunked(text, size), { maxGameBytes: 1000 });
      expect(
        games.map((g) => g.value.headers.Event),
        `chunk ${size}`,
      ).to.deep.equal(['one', 'big', 'three']);
      expect(games.map((g) => g.value.line)).to.deep.equal([1, 5, 11]);
      const { value: big, errors: bigErrors } = games[1]!;
      expect(big.headers).to.deep.equal({ Event: 'big', White: 'W', Result: '0-1' });
      expect(big.result).to.equal('0-1');
      expect(big.moves).to.deep.equal([]);
      expect(bigErrors.map((e) => [e.code, e.line, e.column])).to.deep.equal([['ERR_PGN_GAME_TOO_LARGE', 5, 1]]);
      expect(bigErrors[0]!.message).to.match(/^game 2 is larger than maxGameBytes \(1000;/);
      expect(games[0]!.value.moves.length).to.equal(2);
      expect(games[2]!.value.moves.map((n) => n.san)).to.deep.equal(['d4']);
      const seen: string[] = [];
      const count = await visitPgnStream(
        chunked(text, size),
        {
          beginGame: (line) => seen.push(`game@${line}`),
          header: (name, value) => seen.push(`${name}=${value}`),
          error: (e) => seen.push(e.code),
        },
        { maxGameBytes: 1000 },
      );
      expect(count).to.equal(3);
      expect(seen.filter((s) => !s.startsWith('ERR_PGN_NO'))).to.deep.equal([
        'game@1',
        'Event=one',
        'game@5',
        'Event=big',
        'White=W',
        'Result=0-1',
        'ERR_PGN_GAME_TOO_LARGE',
        'game@11',
        'Event=three',
      ]);
    }
  });

  it('accepts tag lines longer than 255 columns and keeps the value whole on export', async () => {
    const { makePgn } = await import('gamenotation/pgn');
    const value = 'v'.repeat(400);
    const [g] = parsePgn(`[Event "${value}"]\n\n1. e4 *\n`);
    expect(g!.errors).to.deep.equal([]);
    expect(g!.value.headers.Event).to.equal(value);
    const out = makePgn(g!.value);
    expect(out.split('\n')[0]).to.equal(`[Event "${value}"]`);
    expect(parsePgn(out)[0]!.value.headers.Event).to.equal(value);
    const warnings: string[] = [];
    expect(makePgn(g!.value, { onWarning: (w) => warnings.push(w.code) })).to.equal(out);
    expect(warnings).to.deep.equal(['ERR_PGN_LINE_TOO_LONG']);
  });
});

describe('pgn: bounded messages (fuzz finding)', () => {
  it('cuts a message that quotes a long tag value', () => {
    const [g] = parsePgn(`[Variant "${'v'.repeat(1000)}"]\n\n1. e4 *`);
    expect(g!.errors.map((e) => e.code)).to.deep.equal(['ERR_PGN_VARIANT']);
    expect(g!.errors[0]!.message.length).to.be.below(400);
    expect(g!.errors[0]!.message).to.match(/… \(\d+ characters in all\)$/);
  });
});

describe('pgn: % escape lines with tabs', () => {
  it('reads a % line after tabs or spaces as an escape line, with a warning; tabs inside it are plain text', async () => {
    const text = '%\tprivate\tdata\n[Event "a"]\n\t% indented\n\n1. e4 \n  %\t{not a comment\n e5 *\n';
    const [g, ...rest] = parsePgn(text);
    expect(rest).to.deep.equal([]);
    expect(g!.errors).to.deep.equal([]);
    expect(g!.value.headers).to.deep.equal({ Event: 'a' });
    expect(g!.value.moves.map((n) => n.san)).to.deep.equal(['e4', 'e5']);
    expect(g!.warnings.map((w) => [w.code, w.line, w.column])).to.deep.equal([
      ['ERR_PGN_ESCAPE_INDENTED', 3, 2],
      ['ERR_PGN_ESCAPE_INDENTED', 6, 3],
    ]);
    // Streamed in any chunks: the same game.
    for (const size of [1, 7, 64]) expect(await collect(chunked(text, size))).to.deep.equal([g]);
    // A % that follows other text on its line is no escape.
    expect(parsePgn('1. e4 % e5 *')[0]!.errors.map((e) => e.code)).to.deep.equal(['ERR_PGN_TOKEN']);
  });
});
