import { expect } from 'chai';
import * as pgn from 'gamenotation/pgn';
import * as text from '../../src/text/index.js';
// @ts-ignore plain ESM modules of the fuzz harness (`npm run fuzz`, see docs/fuzz.md)
import { checkPgn, checkPgnStream, pgnInputs, pgnTarget } from '../../scripts/fuzz/pgn.mjs';
// @ts-ignore plain ESM module of the fuzz harness
import { loadCorpus } from '../../scripts/fuzz/run.mjs';
// @ts-ignore plain ESM module of the fuzz harness
import { rng } from '../../scripts/fuzz/util.mjs';

// The text layer is internal: the fuzz checks its lexer through the module itself.
const lib = { pgn, text };

// 60,000 inputs of the harness' PGN generator through the lexer, reader and writer: nothing may
// throw, lexer tokens tile the text, every 16th input must round-trip (parse → make → parse gives
// the same games, export is a fixed point), every 500th must stream (in random chunks) to the same
// games as the whole input.
describe('pgn: fuzzing (node)', () => {
  it('survives 60,000 fuzzed inputs', async () => {
    const next = pgnInputs(rng(20261121), loadCorpus(pgnTarget), { maxSlice: 120 });
    const r = rng(99);
    let roundTrips = 0;
    for (let i = 0; i < 60_000; i++) {
      const input = next();
      let problem: string | null;
      try {
        if (i % 16 === 0) {
          problem = checkPgn(lib, input);
          roundTrips++;
        } else {
          problem = null;
          pgn.parsePgn(typeof input === 'string' ? input : text.decodeBytes(input).text);
        }
        if (!problem && i % 500 === 0) problem = await checkPgnStream(lib, input, r);
      } catch (e) {
        problem = `threw: ${(e as Error).stack}`;
      }
      const shown = JSON.stringify(typeof input === 'string' ? input : [...input]).slice(0, 2000);
      expect(problem, `input ${i}: ${problem}\n${shown}`).to.equal(null);
    }
    expect(roundTrips).to.equal(3750);
  });

  it('handles the hostile shapes of the brief: 10^6-deep RAV, 100 MB comment, 10 MB tag value', () => {
    const deep = parsePgnOne(`1. e4 ${'('.repeat(1_000_000)} e5 *`);
    expect(deep.errors.map((e) => e.code)).to.include('ERR_PGN_UNCLOSED_VARIATION');
    const deepMoves = parsePgnOne(`1. e4 ${'(1. d4 '.repeat(1_000_000)}${')'.repeat(1_000_000)} e5 *`);
    expect(deepMoves.errors.map((e) => e.code)).to.deep.equal(['ERR_PGN_TOO_DEEP']);
    expect(deepMoves.value.moves.map((n) => n.san)).to.deep.equal(['e4', 'e5']);
    JSON.stringify(deepMoves); // the tree is as deep as maxDepth (256), not as the input
    const comment = parsePgnOne(`1. e4 {${'c'.repeat(100_000_000)}} e5 *`);
    expect(comment.errors.map((e) => e.code)).to.deep.equal(['ERR_PGN_COMMENT_TOO_LONG']);
    expect(comment.value.moves.length).to.equal(2);
    const tag = parsePgnOne(`[Event "${'t'.repeat(10_000_000)}"]\n[Site "s"]\n\n1. e4 *`);
    expect(tag.errors.map((e) => e.code)).to.deep.equal(['ERR_PGN_STRING_TOO_LONG']);
    expect(tag.value.headers).to.deep.equal({ Site: 's' });
  });

  it('streams a large input with bounded memory and reports an oversized game', async () => {
    const game = new TextEncoder().encode('[Event "g"]\n\n1. e4 {[%clk 0:01:00]} e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n');
    const huge = new TextEncoder().encode(`[Event "huge"]\n\n1. e4 {${'x'.repeat(40 << 20)}} e5 *\n\n`);
    const copies = 50_000; // ~3.8 MB of games, plus one 40 MB game
    async function* source() {
      const batch = new Uint8Array(game.length * 1000);
      for (let i = 0; i < 1000; i++) batch.set(game, i * game.length);
      for (let i = 0; i < copies / 1000; i++) {
        yield batch;
        if (i === 10) yield huge;
      }
    }
    let games = 0;
    let oversized = 0;
    let peak = 0;
    const base = process.memoryUsage().rss;
    for await (const g of pgn.readPgn(source(), { maxGameBytes: 16 << 20 })) {
      games++;
      if (g.errors.some((e) => e.code === 'ERR_PGN_GAME_TOO_LARGE')) {
        oversized++;
        expect(g.value.headers).to.deep.equal({ Event: 'huge' });
        expect(games).to.equal(11_001); // in its place: after the first 11 batches of 1000 games
      } else if (g.value.moves.length !== 6 || g.errors.length)
        expect.fail(`game ${games}: ${JSON.stringify(g).slice(0, 300)}`);
      if (games % 20_000 === 0) peak = Math.max(peak, process.memoryUsage().rss - base);
    }
    expect(games).to.equal(copies + 1);
    expect(oversized).to.equal(1);
    // Bounded: far below the 44 MB streamed (the games are not kept).
    expect(peak).to.be.below(200 << 20);
  });
});

function parsePgnOne(text: string) {
  const games = pgn.parsePgn(text);
  expect(games.length).to.equal(1);
  return games[0]!;
}
