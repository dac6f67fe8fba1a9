// PBN integration of the solver: the OptimumResultTable we compute for a real BridgeComposer file
// equals the one it carries (checked against DDS 2.9, see pbn-corpus/SOURCES.md), and the dd CLI's
// --json line has the dd-reference.jsonl shape.
import { expect } from 'chai';
import { parsePbn, pbnTricksTable, solvePbnGame } from 'gamenotation/bridge';
import { readFixture, readShared } from '../support/data.js';

/** A file of ../shared/data/bridge/pbn-corpus; without ../shared, the copy kept in test/fixtures/bridge/pbn-corpus/. */
async function corpusFile(name: string): Promise<string> {
  return (await readShared(`bridge/pbn-corpus/${name}`)) ?? (await readFixture(`bridge/pbn-corpus/${name}`));
}

describe('bridge double dummy in PBN (node)', () => {
  it('fills OptimumResultTable and OptimumScore like the file has them', async () => {
    const text = await corpusFile('bc550__empty_line_in_comment.pbn');
    const game = parsePbn(text).value.games[0]!;
    const expected = pbnTricksTable(game);
    expect(expected).to.not.equal(null);
    const r = solvePbnGame({ ...game, sections: game.sections.filter((s) => s.name !== 'OptimumResultTable') });
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    expect(r.value.table).to.deep.equal(expected);
    expect(pbnTricksTable(r.value.game)).to.deep.equal(expected);
    const rows = r.value.game.sections.find((s) => s.name === 'OptimumResultTable')!.rows!;
    expect(rows.length).to.equal(20);
    expect(r.value.game.tags['OptimumScore']!.value).to.equal('NS 300');
  });

  it('fills OptimumPlayTable like the PBN 2.1 verifier file (5C doubled, 16 cards played)', async () => {
    const bytes = await corpusFile('pbnverifier__correct_21.pbn');
    const game = parsePbn(bytes).value.games[1]!;
    const want = game.sections.find((s) => s.name === 'OptimumPlayTable')!;
    expect(want.rows!.length).to.equal(16);
    const r = solvePbnGame({ ...game, sections: game.sections.filter((s) => s.name !== 'OptimumPlayTable') });
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    const got = r.value.game.sections.find((s) => s.name === 'OptimumPlayTable')!;
    expect(got.rows).to.deep.equal(want.rows);
  });
});
