// Where a game ends when it has no result (issue #25): a tag section after movetext starts the next
// game, and so does movetext that starts again at move 1 (or whose move number goes backwards) on
// the main line, with ERR_PGN_NO_RESULT on the game that ended. Every reader agrees (the tree
// builder, the validating visitor's wasm fast path, the stream at every cut).
import { expect } from 'chai';
import { parsePgn, readPgn, visitPgn, type PgnVisitor } from 'gamenotation/pgn';
import { readFixture } from '../support/data.js';

/** Our input of the shape of chessops' leading-whitespace.pgn: four games, no results, the last without tags. */
const FOUR = () => readFixture('pgn/no-result-then-no-tags.pgn');
const MAIN_LINES = ['d4 d5 c4 e6 Nc3 Nf6', 'e4 c5 Nf3 d6 d4', 'c4 e5 Nc3 Nf6 g3', 'Nf3 d5 g3 c5 Bg2'];

/** What a validating read (no move callback: runs of movetext are played in wasm) sees of each game. */
function validating(text: string) {
  const games: { errors: string[]; warnings: string[]; line: number }[] = [];
  let current = { errors: [] as string[], warnings: [] as string[], line: 0 };
  const visitor: PgnVisitor = {
    beginGame: (line) => void (current = { errors: [], warnings: [], line }),
    error: (e) => void current.errors.push(e.code),
    warning: (w) => void current.warnings.push(`${w.code}@${w.line}:${w.column}`),
    endGame: () => void games.push(current),
  };
  const n = visitPgn(text, visitor);
  expect(n).to.equal(games.length);
  return games;
}

describe('a game without a result followed by a game without tags (issue #25)', () => {
  it('reads four games, as chessops does, with ERR_PGN_NO_RESULT on the first three', async () => {
    const text = await FOUR();
    const games = parsePgn(text);
    expect(games.map((g) => g.value.moves.map((m) => m.san).join(' '))).to.deep.equal(MAIN_LINES);
    expect(games.map((g) => g.errors)).to.deep.equal([[], [], [], []]);
    // where each ends: at the next tag section, or at the 1 of the next movetext
    expect(games.map((g) => g.warnings.map((w) => `${w.code}@${w.line}:${w.column}`))).to.deep.equal([
      ['ERR_PGN_NO_RESULT@5:3'],
      ['ERR_PGN_NO_RESULT@7:3'],
      ['ERR_PGN_NO_RESULT@11:4'],
      [],
    ]);
    expect(games.map((g) => g.value.headers.Event ?? null)).to.deep.equal([
      'first: indented tag, blank line, movetext',
      'second: tag and movetext on one line',
      'third: tag, then movetext on the next line',
      null,
    ]);
    expect(games.map((g) => g.value.moves.at(-1)!.comments)).to.deep.equal([
      ['no result here'],
      ['nor here'],
      ['nor here'],
      ['the fourth game has no tags'],
    ]);
    expect(games[3]!.value.line).to.equal(11);
  });

  it('the validating read (wasm runs of movetext) ends the games at the same places', async () => {
    const text = await FOUR();
    const games = validating(text);
    expect(games.map((g) => g.errors)).to.deep.equal([[], [], [], []]);
    expect(games.map((g) => g.warnings)).to.deep.equal([
      ['ERR_PGN_NO_RESULT@5:3'],
      ['ERR_PGN_NO_RESULT@7:3'],
      ['ERR_PGN_NO_RESULT@11:4'],
      [],
    ]);
    expect(games.map((g) => g.line)).to.deep.equal([1, 5, 7, 11]);
  });

  it('a move number that goes backwards, or comes again after both its moves, starts the next game', () => {
    const cases: [string, string[]][] = [
      ['1. e4 e5 2. Nf3 Nc6 2. d4 d5 *', ['e4 e5 Nf3 Nc6', 'd4 d5']],
      ['1. e4 e5 1. d4 d5 *', ['e4 e5', 'd4 d5']],
      ['1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1. c4 *', ['e4 e5 Nf3 Nc6 Bb5 a6', 'c4']],
      // on one line, after a comment, a NAG, a variation: the same
      ['1. e4 e5 {c} $1 (1... c5 2. Nf3) 1. d4 *', ['e4 e5', 'd4']],
    ];
    for (const [text, lines] of cases) {
      const games = parsePgn(text);
      expect(
        games.map((g) => g.value.moves.map((m) => m.san).join(' ')),
        text,
      ).to.deep.equal(lines);
      expect(
        games.flatMap((g) => g.errors),
        text,
      ).to.deep.equal([]);
      expect(
        games[0]!.warnings.map((w) => w.code),
        text,
      ).to.deep.equal(['ERR_PGN_NO_RESULT']);
      const seen = validating(text);
      expect(
        seen.map((g) => g.warnings.length),
        text,
      ).to.deep.equal(lines.map((_, i) => (i === 0 ? 1 : 0)));
      expect(
        seen.flatMap((g) => g.errors),
        text,
      ).to.deep.equal([]);
    }
  });

  it('move numbers that do not go backwards keep one game: a number for Black, variations, a FEN start', () => {
    const keep = [
      '1. e4 1... e5 2. Nf3 *',
      '1. e4 {c} 1... e5 2. Nf3 Nc6 *',
      '1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6) 2. Nf3 *',
      '1. e4 e5 2. Nf3 (1. d4 d5) 2... Nc6 *',
      '[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 40"]\n\n40. Kd2 Kd8 41. Kc3 Kc7 *',
      '1. e4 e5 2. Nf3 Nc6 3. Bb5 *',
    ];
    for (const text of keep) {
      const games = parsePgn(text);
      expect(games, text).to.have.length(1);
      expect(games[0]!.warnings, text).to.deep.equal([]);
      expect(games[0]!.errors, text).to.deep.equal([]);
      expect(validating(text), text).to.have.length(1);
    }
  });

  it('streamed, cut anywhere, the same games come out whole', async () => {
    const text = await FOUR();
    const bytes = new TextEncoder().encode(text);
    const whole = JSON.stringify(parsePgn(text));
    for (let cut = 1; cut < bytes.length; cut++) {
      async function* pieces() {
        yield bytes.subarray(0, cut);
        yield bytes.subarray(cut);
      }
      const streamed = [];
      for await (const g of readPgn(pieces())) streamed.push(g);
      expect(JSON.stringify(streamed), `cut at ${cut}`).to.equal(whole);
    }
  });
});
