// Double-dummy solver against the DDS 2.9 reference data in ../shared/data/bridge (Node only).
// Every end position (64: tricks and every card's score); DD tables + par of the reference deals and
// opening-lead scores. A table takes about half a second, so by default the full-deal parts run on 42
// boards (every tenth board, and the first ones checked since the start) with their opening-lead entries;
// GN_DD_ALL=1 runs all 300 tables and all 600 lead entries (about seven and a half minutes).
import { expect } from 'chai';
import { calcDDTable, par, solveBoard, boardConditions } from 'gamenotation/bridge';
import { readShared, readFixture } from '../support/data.js';

const ALL = (globalThis as any).process?.env?.GN_DD_ALL === '1';
const FIRST_CHECKED = [1, 3, 4, 8, 10, 15, 18, 19, 22, 24, 26, 27, 31, 34];
const EVERY_TENTH = Array.from({ length: 30 }, (_, i) => 1 + 10 * i);
const BOARDS = ALL ? null : [...new Set([...FIRST_CHECKED, ...EVERY_TENTH])];
const TABLES = BOARDS ? BOARDS.length : 300;
const LEADS = BOARDS ? BOARDS.length * 2 : 600;
/** Time limit of the full-deal tests: all 300 tables take four to five minutes on the CI machine. */
const LONG = ALL ? 1_800_000 : 300_000;

async function lines<T>(rel: string): Promise<T[] | null> {
  const text = await readShared(rel);
  return text
    ? text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as T)
    : null;
}

interface TableLine {
  board: number;
  deal: string;
  dd: Record<string, Record<string, number>>;
  par: { score_ns: number; contracts: string[] };
}
interface EndLine {
  id: number;
  deal: string;
  trump: string;
  leader: string;
  tricks_leader_side: number;
  card_scores: Record<string, number>;
}
interface LeadLine {
  board: number;
  deal: string;
  leads: {
    strain: string;
    declarer: string;
    leader: string;
    defence_tricks: number;
    card_scores: Record<string, number>;
  }[];
}

/** The card scores of a solveBoard result as a map, and whether tricks and scores equal the reference. */
function compareScores(
  value: { tricks: number; cards: { card: string; tricks: number }[] },
  tricks: number,
  expected: Record<string, number>,
): { scores: Record<string, number>; same: boolean } {
  const scores = Object.fromEntries(value.cards.map((c) => [c.card, c.tricks]));
  const same =
    value.tricks === tricks &&
    JSON.stringify(Object.entries(scores).sort()) === JSON.stringify(Object.entries(expected).sort());
  return { scores, same };
}

describe('bridge double dummy vs DDS reference (node)', () => {
  it('all end positions: tricks and every card score', async () => {
    let ends = await lines<EndLine>('bridge/dd-endpositions.jsonl');
    if (!ends) ends = JSON.parse(await readFixture('bridge/dd-fixture.json')).endpositions as EndLine[];
    const bad: string[] = [];
    for (const e of ends) {
      const r = solveBoard(e.deal, { trump: e.trump as 'NT', leader: e.leader as 'N' });
      if (!r.ok) {
        bad.push(`${e.id}: ${r.error.message}`);
        continue;
      }
      const { scores, same } = compareScores(r.value, e.tricks_leader_side, e.card_scores);
      if (!same) {
        bad.push(
          `${e.id}: ${r.value.tricks} ${JSON.stringify(scores)} expected ${e.tricks_leader_side} ${JSON.stringify(e.card_scores)}`,
        );
      }
    }
    expect(bad).to.deep.equal([]);
    expect(ends.length).to.be.greaterThan(6);
  });

  it(
    `DD tables and par (${TABLES} deals)`,
    async () => {
      let deals = await lines<TableLine>('bridge/dd-reference.jsonl');
      if (!deals)
        deals = (JSON.parse(await readFixture('bridge/dd-fixture.json')).tables as any[]).map((t) => ({
          ...t,
          par: { score_ns: t.score_ns, contracts: t.contracts },
        }));
      const bad: string[] = [];
      for (const d of deals.filter((x) => !BOARDS || BOARDS.includes(x.board))) {
        const r = calcDDTable(d.deal);
        if (!r.ok) {
          bad.push(`${d.board}: ${r.error.message}`);
          continue;
        }
        if (JSON.stringify(r.value) !== JSON.stringify(d.dd)) bad.push(`${d.board}: table ${JSON.stringify(r.value)}`);
        const p = par(r.value, boardConditions(d.board));
        if (p.scoreNs !== d.par.score_ns || JSON.stringify(p.contracts) !== JSON.stringify(d.par.contracts))
          bad.push(`${d.board}: par ${p.scoreNs} ${p.contracts}`);
      }
      expect(bad).to.deep.equal([]);
    },
    LONG,
  );

  it(
    `opening leads: every card's score (${LEADS} entries; 4 from the fixture without ../shared)`,
    async () => {
      let boards = await lines<LeadLine>('bridge/dd-reference-leads.jsonl');
      // Without ../shared: boards 1 and 3 of the same file (two leads each), kept in test/fixtures/bridge/.
      const fromFixture = !boards;
      boards ??= (await readFixture('bridge/dd-reference-leads.jsonl'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as LeadLine);
      const entries = boards.flatMap((b) => b.leads.map((l) => ({ ...l, board: b.board, deal: b.deal })));
      const bad: string[] = [];
      const chosen = entries.filter((l) => !BOARDS || BOARDS.includes(l.board));
      expect(chosen.length).to.equal(fromFixture ? 4 : LEADS);
      for (const l of chosen) {
        const r = solveBoard(l.deal, { trump: l.strain as 'NT', leader: l.leader as 'N' });
        if (!r.ok) {
          bad.push(`${l.board}: ${r.error.message}`);
          continue;
        }
        const { scores, same } = compareScores(r.value, l.defence_tricks, l.card_scores);
        expect(r.value.cards.length).to.equal(13);
        if (!same) {
          bad.push(`${l.board} ${l.strain} ${l.leader}: ${JSON.stringify(scores)}`);
        }
      }
      expect(bad).to.deep.equal([]);
    },
    LONG,
  );
});
