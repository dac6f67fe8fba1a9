import { expect } from 'chai';
import { startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { makeFen } from 'chessops/fen';
import { mainlineFen, parsePgn } from 'gamenotation/pgn';
import { corpusInUse } from './corpus-list.js';

// Independent truth for the corpus: chessops (a separate implementation) replays the main line we
// read — our canonical SAN, from the position our tags give — and must find every move legal and
// reach the same position (board, turn, castling rights).
const corpus = await corpusInUse();

describe(`pgn: main lines agree with chessops on the ${corpus.source} corpus`, () => {
  for (const [file] of corpus.entries) {
    it(file, async () => {
      const text = new TextDecoder().decode(await corpus.read(file));
      let compared = 0;
      let expected = 0;
      parsePgn(text).forEach(({ value: game }, index) => {
        // chessops has no null moves; unresolved games (unsupported variants) have no position.
        if (game.moves.length === 0 || game.moves.some((n) => n.san === '--' || n.uci === undefined)) return;
        expected++;
        const start = startingPosition(new Map(Object.entries(game.headers)));
        expect(start.isOk, `game ${index + 1} setup`).to.equal(true);
        const pos = start.unwrap();
        for (const node of game.moves) {
          const move = parseSan(pos, node.san);
          expect(move, `${node.san} in game ${index + 1}`).to.not.equal(undefined);
          pos.play(move!);
        }
        const fields = (fen: string) =>
          fen
            .split(' ')
            .slice(0, 3)
            .join(' ')
            .replace(/\[.*\]/, '')
            .replace(/~/g, '');
        expect(fields(mainlineFen(game)!), `game ${index + 1}`).to.equal(fields(makeFen(pos.toSetup())));
        compared++;
      });
      expect(compared).to.equal(expected);
    });
  }
});

describe('pgn: where a game without a result ends, as chessops reads it (issue #25)', () => {
  it('four games in no-result-then-no-tags.pgn, the same main lines', async () => {
    const { parsePgn: chessopsPgn } = await import('chessops/pgn');
    const { readFixture } = await import('../support/data.js');
    const { parsePgn: ours } = await import('gamenotation/pgn');
    const text = await readFixture('pgn/no-result-then-no-tags.pgn');
    const theirs = chessopsPgn(text).map((g) => [...g.moves.mainline()].map((m) => m.san).join(' '));
    expect(theirs).to.have.length(4);
    expect(ours(text).map((g) => g.value.moves.map((m) => m.san).join(' '))).to.deep.equal(theirs);
  });
});
