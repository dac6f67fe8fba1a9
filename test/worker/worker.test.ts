import { expect } from 'chai';
import { createWorker, WorkerPool, type GameNotationWorker, type Progress } from 'gamenotation/worker';
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
    expect(String((error as Error)?.message)).to.match(/^ERR_FEN/);
  });
});

interface DDLine { board: number; deal: string; dd: Record<string, Record<string, number>> }

// Three reference deals (DDS 2.9 tables) as facts, for runs without ../shared.
const FALLBACK_DEALS: DDLine[] = [
  { board: 1, deal: 'N:T3.AJT.A9763.J94 KQJ765.Q92.85.K2 A9.8653.KT.Q7653 842.K74.QJ42.AT8',
    dd: { N: { S: 5, H: 7, D: 7, C: 9, NT: 5 }, E: { S: 8, H: 5, D: 6, C: 4, NT: 7 }, S: { S: 5, H: 7, D: 7, C: 9, NT: 5 }, W: { S: 8, H: 6, D: 6, C: 4, NT: 7 } } },
];

async function ddDeals(count: number): Promise<DDLine[]> {
  const text = await readShared('data/bridge/dd-reference.jsonl');
  if (!text) return FALLBACK_DEALS;
  return text.trim().split('\n').slice(0, count).map((line) => JSON.parse(line) as DDLine);
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

  it('solves DD tables in a worker, with progress', async () => {
    const deals = await ddDeals(2);
    const seen: Progress[] = [];
    const tables = await worker.calcDDTables(deals.map((d) => d.deal), { onProgress: (p) => seen.push(p) });
    tables.forEach((t, i) => expect(t, `board ${deals[i]!.board}`).to.deep.equal({ ok: true, value: deals[i]!.dd }));
    expect(seen.map((p) => p.done)).to.deep.equal(deals.map((_, i) => i + 1));
  });

  it('reports a bad deal in place and goes on', async () => {
    const [good] = await ddDeals(1);
    const [bad, ok] = await worker.calcDDTables(['N:AKQ', good!.deal]);
    expect(bad!.ok).to.equal(false);
    expect(ok).to.deep.equal({ ok: true, value: good!.dd });
  });

  it('spreads DD tables over a pool of workers, results in order', async () => {
    const deals = await ddDeals(4);
    let last = 0;
    const tables = await pool.calcDDTables(deals.map((d) => d.deal), { onProgress: (p) => (last = p.done) });
    tables.forEach((t, i) => expect(t, `board ${deals[i]!.board}`).to.deep.equal({ ok: true, value: deals[i]!.dd }));
    expect(last).to.equal(deals.length);
  });

  it('cancels a pool batch', async () => {
    const deals = await ddDeals(40);
    const controller = new AbortController();
    let error: unknown;
    try {
      await pool.calcDDTables(deals.map((d) => d.deal), {
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
