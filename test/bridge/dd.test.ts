// Double-dummy solver, a small subset that also runs in Chromium: DD tables and par of reference
// boards 1 and 3, hand-made end positions (squeezes, a ruff) with every card's score.
import { expect } from 'chai';
import { calcDDTable, calcDDTables, par, solveBoard, boardConditions, parseDeal } from 'gamenotation/bridge';
import { readShared, readFixture } from '../support/data.js';

interface TableLine {
  board: number;
  deal: string;
  dd: Record<string, Record<string, number>>;
  par?: { score_ns: number; contracts: string[] };
  score_ns?: number;
  contracts?: string[];
}
interface EndLine {
  id: number;
  deal: string;
  trump: string;
  leader: string;
  tricks_leader_side: number;
  card_scores: Record<string, number>;
}

async function data(): Promise<{ tables: TableLine[]; ends: EndLine[] }> {
  const ref = await readShared('bridge/dd-reference.jsonl');
  const endText = await readShared('bridge/dd-endpositions.jsonl');
  if (ref && endText) {
    const tables = ref
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as TableLine)
      .filter((t) => t.board === 1 || t.board === 3);
    const ends = endText
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as EndLine)
      .filter((e) => [1, 2, 3, 1001, 1002, 1003, 1004].includes(e.id));
    return { tables, ends };
  }
  const fx = JSON.parse(await readFixture('bridge/dd-fixture.json'));
  return { tables: (fx.tables as TableLine[]).filter((t) => t.board === 1 || t.board === 3), ends: fx.endpositions };
}

describe('bridge double dummy (subset)', () => {
  it('DD tables and par of the first reference deals', async () => {
    const { tables } = await data();
    expect(tables.length).to.be.greaterThan(1);
    for (const d of tables) {
      const r = calcDDTable(d.deal);
      expect(r.ok).to.equal(true);
      if (!r.ok) continue;
      expect(r.value, `board ${d.board}`).to.deep.equal(d.dd);
      const p = par(r.value, boardConditions(d.board));
      expect(p.scoreNs).to.equal(d.par?.score_ns ?? d.score_ns);
      expect(p.contracts).to.deep.equal(d.par?.contracts ?? d.contracts);
    }
  });

  it('accepts a Deal object and batches with progress', async () => {
    const { tables } = await data();
    const deal = parseDeal(tables[0]!.deal);
    expect(deal.ok).to.equal(true);
    if (!deal.ok) return;
    const seen: number[] = [];
    const out = await calcDDTables([deal.value, tables[0]!.deal, 'N:A... K... Q...'], {
      onProgress: (done) => seen.push(done),
    });
    expect(seen).to.deep.equal([1, 2, 3]);
    expect(out.map((r) => (r.ok ? r.value : null))).to.deep.equal([tables[0]!.dd, tables[0]!.dd, null]);
    let aborted = false;
    const ac = new AbortController();
    ac.abort();
    await calcDDTables([tables[0]!.deal], { signal: ac.signal }).catch(() => (aborted = true));
    expect(aborted).to.equal(true);
  });

  it('end positions: tricks and every card score', async () => {
    const { ends } = await data();
    expect(ends.length).to.equal(7);
    for (const e of ends) {
      const r = solveBoard(e.deal, { trump: e.trump as 'NT', leader: e.leader as 'N' });
      expect(r.ok).to.equal(true);
      if (!r.ok) continue;
      expect(r.value.tricks, `id ${e.id}`).to.equal(e.tricks_leader_side);
      expect(Object.fromEntries(r.value.cards.map((c) => [c.card, c.tricks])), `id ${e.id}`).to.deep.equal(
        e.card_scores,
      );
    }
  });

  it('a trick in progress', () => {
    // 1003 after North's HA: East to play, holding only the SQ? No: East holds S2 and HQ.
    const r = solveBoard('N:.K.. 2.Q.. ..32. .JT..', { trump: 'S', leader: 'N', trickInProgress: ['HA'] });
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    expect(r.value.player).to.equal('E');
    // East follows with HQ (NS still win the ruff-less first trick? No: HA wins; then HK is ruffed).
    expect(r.value.cards).to.deep.equal([{ card: 'HQ', tricks: 1 }]);
    expect(r.value.tricks).to.equal(1);
  });

  it('rejects bad input without throwing', () => {
    expect(calcDDTable('N:AKQ').ok).to.equal(false);
    expect(calcDDTable('N:AK.. .. .. ..').ok).to.equal(false);
    expect(solveBoard('N:A... K... Q... J...', { trump: 'X' as 'NT', leader: 'N' }).ok).to.equal(false);
    expect(solveBoard('N:A... K... Q... J...', { trump: 'NT', leader: 'N', trickInProgress: ['SA'] }).ok).to.equal(
      false,
    );
  });
});
