import { expect } from 'chai';
import { createWorker, type GameNotationWorker, type Progress } from 'gamenotation/worker';

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
