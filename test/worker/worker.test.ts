import { expect } from 'chai';
import { createWorker, WorkerPool, type GameNotationWorker, type Progress } from 'gamenotation/worker';
import { NotationFailure } from 'gamenotation';
import { readShared } from '../support/data.js';

// Runs in a Node worker_thread under vitest and in a Web Worker under Chromium.
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

describe('worker API (Comlink)', () => {
  let worker: GameNotationWorker;
  before(() => {
    worker = createWorker();
  });
  after(() => worker.terminate());

  it('counts perft nodes off the main thread', async () => {
    expect((await worker.perft('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 3)).nodes).to.equal(8902);
    expect((await worker.perft(KIWIPETE, 3)).nodes).to.equal(97862);
  });

  it('reports progress per root move and divides', async () => {
    const seen: Progress[] = [];
    const result = await worker.perft(KIWIPETE, 2, { divide: true, onProgress: (p) => seen.push(p) });
    expect(result.nodes).to.equal(2039);
    expect(Object.keys(result.divide!)).to.have.length(48);
    expect(seen).to.have.length(48);
    expect(seen[47]).to.deep.equal({ done: 48, total: 48, value: 2039 });
  });

  it('runs crazyhouse perft', async () => {
    expect((await worker.perft('2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1', 2, { variant: 'crazyhouse' })).nodes).to.equal(3083);
  });

  it('cancels a job by AbortSignal', async () => {
    const controller = new AbortController();
    const job = worker.perft(KIWIPETE, 5, {
      onProgress: (p) => {
        if (p.done === 2) controller.abort();
      },
      signal: controller.signal,
    });
    let error: unknown;
    try {
      await job;
    } catch (e) {
      error = e;
    }
    expect((error as Error)?.name).to.equal('AbortError');
    // The worker is still usable after a cancelled job.
    expect((await worker.perft(KIWIPETE, 1)).nodes).to.equal(48);
  });

  it('rejects an already aborted signal without starting', async () => {
    const controller = new AbortController();
    controller.abort();
    let error: unknown;
    try {
      await worker.perft(KIWIPETE, 3, { signal: controller.signal });
    } catch (e) {
      error = e;
    }
    expect((error as Error)?.name).to.equal('AbortError');
  });

  it('lists legal moves with SAN and UCI', async () => {
    const moves = await worker.legalMoves(KIWIPETE);
    expect(moves).to.have.length(48);
    expect(moves.map((m) => m.san)).to.include.members(['O-O', 'O-O-O', 'Qxf6', 'Nxf7', 'gxh3']);
    expect(moves.find((m) => m.san === 'O-O')?.uci).to.equal('e1g1');
  });

  it('turns bad input into a rejected promise with the error code', async () => {
    let error: unknown;
    try {
      await worker.perft('not a fen', 2);
    } catch (e) {
      error = e;
    }
    expect(String((error as Error)?.message)).to.match(/ERR_FEN/);
    // The code crosses the worker boundary as a NotationFailure, not only inside the message.
    expect(error).to.be.instanceOf(NotationFailure);
    expect((error as NotationFailure).code).to.match(/^ERR_FEN_/);
    expect((error as NotationFailure).error.code).to.equal((error as NotationFailure).code);
  });
});

interface DDLine { board: number; deal: string; dd: Record<string, Record<string, number>> }
interface EndPosition { id: number; deal: string; trump: 'S' | 'H' | 'D' | 'C' | 'NT'; leader: 'N' | 'E' | 'S' | 'W'; tricks_leader_side: number; card_scores: Record<string, number> }

// Reference facts (DDS 2.9) for runs without ../shared: board 1's table and two end positions.
const FALLBACK_DEAL: DDLine = { board: 1, deal: 'N:T3.AJT.A9763.J94 KQJ765.Q92.85.K2 A9.8653.KT.Q7653 842.K74.QJ42.AT8',
  dd: { N: { S: 5, H: 7, D: 7, C: 9, NT: 5 }, E: { S: 8, H: 5, D: 6, C: 4, NT: 7 }, S: { S: 5, H: 7, D: 7, C: 9, NT: 5 }, W: { S: 8, H: 6, D: 6, C: 4, NT: 7 } } };
const FALLBACK_ENDS: EndPosition[] = [
  { id: 1, deal: 'N:Q9.Q.T.Q42 KT.J6..AT9 65.9.63.65 82.2.Q4.KJ', trump: 'D', leader: 'W', tricks_leader_side: 6,
    card_scores: { DQ: 6, S2: 6, CJ: 6, CK: 6, S8: 6, H2: 5, D4: 5 } },
  { id: 2, deal: 'N:J.Q8..A83 A.3.AQJ.J .AT2..T65 K2.J.74.2', trump: 'D', leader: 'W', tricks_leader_side: 4,
    card_scores: { S2: 4, SK: 4, C2: 4, HJ: 4, D7: 4, D4: 4 } },
];

async function firstDeal(): Promise<DDLine> {
  const text = await readShared('data/bridge/dd-reference.jsonl');
  return text ? (JSON.parse(text.slice(0, text.indexOf('\n'))) as DDLine) : FALLBACK_DEAL;
}

async function endPositions(): Promise<EndPosition[]> {
  const text = await readShared('data/bridge/dd-endpositions.jsonl');
  return text ? text.trim().split('\n').map((line) => JSON.parse(line) as EndPosition) : FALLBACK_ENDS;
}

function expectScores(result: unknown, end: EndPosition): void {
  const r = result as { ok: boolean; value: { tricks: number; cards: { card: string; tricks: number }[] } };
  expect(r.ok, `end position ${end.id}`).to.equal(true);
  expect(r.value.tricks, `end position ${end.id}`).to.equal(end.tricks_leader_side);
  expect(Object.fromEntries(r.value.cards.map((c) => [c.card, c.tricks])), `end position ${end.id}`).to.deep.equal(end.card_scores);
}

describe('worker API: double dummy and the pool', () => {
  let worker: GameNotationWorker;
  let pool: WorkerPool;
  before(() => {
    worker = createWorker();
    pool = new WorkerPool({ size: 2 });
  });
  after(() => {
    worker.terminate();
    pool.terminate();
  });

  it('solves a DD table in a worker, with progress; a bad deal gives its error in place', async () => {
    const deal = await firstDeal();
    const seen: Progress[] = [];
    const [bad, table] = await worker.calcDDTables(['N:AKQ', deal.deal], { onProgress: (p) => seen.push(p) });
    expect(bad!.ok).to.equal(false);
    expect(table).to.deep.equal({ ok: true, value: deal.dd });
    expect(seen.map((p) => p.done)).to.deep.equal([1, 2]);
  });

  it('spreads end positions over a pool of workers, every card scored, results in order', async () => {
    const ends = await endPositions();
    let last = 0;
    const results = await pool.solveBoards(ends.map((e) => ({ deal: e.deal, trump: e.trump, leader: e.leader })),
      { onProgress: (p) => (last = p.done) });
    results.forEach((r, i) => expectScores(r, ends[i]!));
    expect(last).to.equal(ends.length);
  });

  it('cancels a pool batch', async () => {
    const ends = await endPositions();
    const controller = new AbortController();
    let error: unknown;
    try {
      await pool.solveBoards(ends.map((e) => ({ deal: e.deal, trump: e.trump, leader: e.leader })), {
        signal: controller.signal,
        onProgress: () => controller.abort(),
      });
    } catch (e) {
      error = e;
    }
    expect((error as Error)?.name).to.equal('AbortError');
  });

  it('shares perft root moves out over the pool', async () => {
    const result = await pool.perft(KIWIPETE, 3);
    expect(result.nodes).to.equal(97862);
    expect(Object.keys(result.divide!)).to.have.length(48);
  });
});
