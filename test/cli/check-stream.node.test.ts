// `check` streams PGN through the visitor fast path in batches, on worker threads for large files.
// Whatever the batch cuts and the number of threads, it must report exactly what the library's
// tree reader (readPgn over the whole text, a separate code path) finds: games, moves and every
// error with its line and column.
import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Parsed } from 'gamenotation';
import { readPgn, type PgnGame, type PgnNode } from 'gamenotation/pgn';
import { listShared } from '../support/data.js';
import { cli, root, tempDir } from './support.js';

const dir = tempDir('cli-stream');

function countMoves(line: PgnNode[]): number {
  let n = 0;
  for (const node of line) {
    n++;
    for (const v of node.variations ?? []) n += countMoves(v);
  }
  return n;
}

async function reference(bytes: Uint8Array) {
  const games: Parsed<PgnGame>[] = [];
  for await (const g of readPgn(bytes)) games.push(g);
  const errors = games.flatMap((g) => g.errors).map((e) => [e.code, e.line, e.column]);
  const warnings = games.flatMap((g) => g.warnings).map((e) => [e.code, e.line, e.column]);
  return {
    counts: {
      games: games.length,
      moves: games.reduce((n, g) => n + countMoves(g.value.moves), 0),
      'games with errors': games.filter((g) => g.errors.length).length,
    },
    errors,
    warnings,
  };
}

function checkJson(file: string, env: Record<string, string>, threads: string) {
  const r = cli(['check', file, '--json', '--threads', threads], { env });
  const j = JSON.parse(r.out);
  return {
    code: r.code,
    counts: j.counts,
    errors: j.errors.map((e: { code: string; line: number; column: number }) => [e.code, e.line, e.column]),
    warnings: j.warnings.map((e: { code: string; line: number; column: number }) => [e.code, e.line, e.column]),
  };
}

// Games that make naive cuts wrong: a blank line then `[` inside a comment, tags after movetext
// without a result, movetext without a result then movetext without tags (issue #25: a new game at
// its `1.`), CRLF line ends, a bad move, a variation, Latin-1 text.
const awkward = [
  '[Event "one"]\n[White "A"]\n\n1. e4 {a comment\n\n[Event "not a game"]\n} e5 2. Nf3 1-0\n\n',
  '[Event "two"]\n\n1. d4 d5\n\n[Event "three"]\n\n1. c4 (1. Nf3 Nf6) e5 2. Kxe8 *\n\n',
  '[Event "four"]\r\n[Site "CRLF"]\r\n\r\n1. e4 c5 2. Nf3 d6 1/2-1/2\r\n\r\n',
  '[Event "f\u00fcnf"]\n\n1. g4 e5 2. f3 Qh4# 0-1\n\n',
  '  [Event "no result"]\n\n1. d4 d5 2. c4 e6 { none }\n\n   1. Nf3 d5 2. g3 {no tags} 2. Bg2 c5 1. e4 e5\n\n',
].join('');

// UTF-8 first (ü as C3 BC), then the same games with a stray Latin-1 ü (FC) 39 times: the file is
// UTF-8 by the text layer's rule, and each stray byte reads as ü with one warning for the file.
const mixed = Buffer.from(awkward.replace('\u00fc', '\u00c3\u00bc') + awkward.repeat(39), 'latin1');

describe('check: streamed fast path equals the tree reader', () => {
  const files: string[] = [];
  before(() => {
    const file = join(dir, 'awkward.pgn');
    // Repeat so that small chunks cut through every kind of game at many offsets.
    writeFileSync(file, Buffer.from(awkward.repeat(40), 'latin1'));
    files.push(file);
    writeFileSync(join(dir, 'mixed.pgn'), mixed);
    files.push(join(dir, 'mixed.pgn'));
    for (const sub of ['pgn4web', 'python-chess', 'notnil-chess', 'shakmaty-benches']) {
      const shared = listShared(`chess/pgn/${sub}`);
      // Without ../shared: the corpus files kept in test/fixtures/pgn/ (Chess960, crazyhouse, BOM, antichess).
      const base = shared
        ? `${process.env.GAMENOTATION_SHARED}/data/chess/pgn/${sub}`
        : join(root, 'test/fixtures/pgn', sub);
      const names = shared ?? (existsSync(base) ? readdirSync(base).sort() : []);
      for (const name of names) if (name.endsWith('.pgn')) files.push(`${base}/${name}`);
    }
  });

  it('on every shared PGN file (or the fixture files without ../shared), for chunk sizes and threads', async () => {
    expect(files.length).to.be.greaterThan(6);
    for (const file of files) {
      const expected = await reference(new Uint8Array(readFileSync(file)));
      const settings: [Record<string, string>, string][] = [
        [{ GN_CHUNK_BYTES: '997' }, '1'],
        [{ GN_CHUNK_BYTES: '4096', GN_CHECK_PARALLEL_MIN_BYTES: '0' }, '3'],
      ];
      // Large files: one run on worker threads with mid-size chunks (the point is many cuts, not
      // many bytes); small files: tiny chunks in one thread, and small chunks on worker threads.
      const size = readFileSync(file).length;
      const large: [Record<string, string>, string][] = [
        [{ GN_CHUNK_BYTES: '65536', GN_CHECK_PARALLEL_MIN_BYTES: '0' }, '2'],
      ];
      for (const [env, threads] of size > 200_000 ? large : settings) {
        const got = checkJson(file, env, threads);
        const what = `${file} ${JSON.stringify(env)} --threads ${threads}`;
        expect(got.counts, what).to.deep.equal(expected.counts);
        expect(got.errors, what).to.deep.equal(expected.errors);
        expect(got.warnings, what).to.deep.equal(expected.warnings);
        expect(got.code, what).to.equal(expected.errors.length ? 1 : 0);
      }
    }
  });

  it('a UTF-8 file with stray Latin-1 bytes: one warning, the same on worker threads as in the reader', async () => {
    const games: Parsed<PgnGame>[] = [];
    for await (const g of readPgn(new Uint8Array(mixed))) games.push(g);
    expect(games.filter((g) => g.value.headers.Event === 'f\u00fcnf')).to.have.length(40);
    const expected = games.flatMap((g) => g.warnings).filter((w) => w.code === 'ERR_PGN_ENCODING');
    const firstStray = mixed.subarray(0, mixed.indexOf(0xfc)).toString('latin1').split('\n').length;
    expect(expected.map((w) => [w.line, w.message.split(' ')[0]])).to.deep.equal([[firstStray, '39']]);
    const file = join(dir, 'mixed.pgn');
    for (const [env, threads] of [
      [{}, '1'],
      [{ GN_CHUNK_BYTES: '997', GN_CHECK_PARALLEL_MIN_BYTES: '0' }, '3'],
    ] as const) {
      const j = JSON.parse(cli(['check', file, '--json', '--threads', threads], { env }).out);
      const got = j.warnings.filter((w: { code: string }) => w.code === 'ERR_PGN_ENCODING');
      expect(
        got.map((w: { line: number; message: string }) => [w.line, w.message]),
        threads,
      ).to.deep.equal(expected.map((w) => [w.line, w.message]));
    }
  });

  it('the awkward fixture has the errors the test is about', async () => {
    const expected = await reference(new Uint8Array(Buffer.from(awkward, 'latin1')));
    // the last entry is three games: one without a result, then two without tags
    expect(expected.counts.games).to.equal(8);
    expect(expected.errors.map((e) => e[0])).to.include('ERR_SAN_ILLEGAL');
    expect(expected.warnings.map((e) => e[0])).to.include('ERR_PGN_NO_RESULT');
  });

  it('export and convert stream too, with the same output as before for small files', () => {
    const file = join(dir, 'awkward.pgn');
    const whole = cli(['export', file]);
    const chunked = cli(['export', file], { env: { GN_CHUNK_BYTES: '512' } });
    expect(chunked.out).to.equal(whole.out);
    expect(whole.out.match(/^\[Event /gm)).to.have.length(320);
    const json = JSON.parse(cli(['convert', file, '--to', 'json'], { env: { GN_CHUNK_BYTES: '700' } }).out);
    expect(json).to.have.length(320);
    expect(json[1].headers.Event).to.equal('two');
  });
});

describe('check of a large PGN file: bounded memory', () => {
  it('a 32 MB file is checked with the JS heap capped at 16 MB (the whole text would not fit)', () => {
    const game =
      '[Event "Rated Blitz game"]\n[White "a"]\n[Black "b"]\n\n1. e4 { [%clk 0:05:00] } e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1/2-1/2\n\n';
    const copies = Math.ceil(32e6 / game.length);
    const file = join(dir, 'large.pgn');
    writeFileSync(file, game.repeat(copies));
    const check = cli(['check', file, '--threads', '1'], { env: { NODE_OPTIONS: '--max-old-space-size=16' } });
    expect(check.code, check.err.slice(0, 300)).to.equal(0);
    expect(check.out).to.contain(`pgn, ${copies} games, ${copies * 20} moves, 0 games with errors; 0 errors`);
  });
});

describe('check: a batch read from its bytes', () => {
  it('gives what the same batch read as text gives: counts, errors, warnings, lines, the tail', async () => {
    // The batch checker is the CLI's internal reader: tested on its module.
    const { PgnBatchChecker } = await import('../../src/cli/formats/pgn-batch.js');
    const plain = '[Event "p"]\n[White "w"]\n\n1. e4 { [%clk 0:05:00] } 1... e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n';
    const odd = [
      '[Event "q"]\n\n1. e4 e5 2. Ke3 *\n\n', // illegal move
      '[Event "caf\u00e9"]\n\n1. e4 e5 2. Ke3 *\n\n', // not ASCII, then an error on it
      '[Event "q"]\n[FEN "8/P6k/8/8/8/8/6pK/8 w - - 0 1"]\n[SetUp "1"]\n\n1. a8=Q g1=N+ 2. Kxg1 Kh6 *\n\n',
      '[Event "q"]\n\n1. e4 $1 e5 (1... c5 2. Ke3) 2. Nf3 *\n\n',
      '[Event "q"]\n\n1. e4 e5 2. Nf3', // runs into the end: the tail
      '[Event "q"]\n\n1. e4 {\u00e9t\u00e9} e5 1-0 [Event "same line"] 1. d4 Ke3 *\n\n',
      '[Event "q"]\r\n\r\n1. e4 e5 2. Qh5 Ke7 3. Qxe5# 1-0\r\n\r\n',
      '[Event "q"]\n\n1. e4 {a comment\n\n[Event "in it"]\n} e5 2. Ke3 *\n\n', // a blank line before [ in a comment
      '[Event "\u00e9"]\n\n1. e4 e5 *\n\n[Event "q"]\n\n1. e4 (1. d4) e5 2. Ke3 *\n\n', // two others in a row
      '[Event "\u00e9"]\n\n1. e4 e5 2. Nf3\n\n[Event "no result before"]\n\n1. d4 d5 *\n\n',
    ];
    const checker = new PgnBatchChecker();
    let cases = 0;
    for (const tail of odd)
      for (const before of [0, 1, 3])
        for (const last of [false, true]) {
          const text = plain.repeat(before) + tail + plain.repeat(2);
          const bytes = new TextEncoder().encode(text);
          const fromText = checker.check(text, 7, 1, last);
          const fromBytes = checker.checkBytes(bytes, 'utf-8', 7, last);
          const what = `${JSON.stringify(tail)} after ${before} plain games, last ${last}`;
          expect(fromBytes.games, what).to.equal(fromText.games);
          expect(fromBytes.moves, what).to.equal(fromText.moves);
          expect(fromBytes.withErrors, what).to.equal(fromText.withErrors);
          expect(fromBytes.errors, what).to.deep.equal(fromText.errors);
          expect(fromBytes.warnings, what).to.deep.equal(fromText.warnings);
          expect(fromBytes.endLine, what).to.equal(fromText.endLine);
          expect(fromBytes.tail, what).to.deep.equal(fromText.tail);
          cases++;
        }
    expect(cases).to.equal(60);
    // and the errors are there to compare: the illegal moves at their lines
    const r = checker.checkBytes(new TextEncoder().encode(plain + odd[1]!), 'utf-8', 1, true);
    expect(r.errors.map((e) => [e.code, e.line, e.column])).to.deep.equal([['ERR_SAN_ILLEGAL', 8, 13]]);
  });
});
