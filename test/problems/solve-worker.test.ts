// The solver in a worker (Node worker_thread under vitest, Web Worker in Chromium): the same
// solutions as Popeye, progress per key tried, and abort that settles at once.
import { expect } from 'chai';
import { createWorker, type GameNotationWorker } from 'gamenotation/worker';
import type { Progress } from 'gamenotation';

describe('solve in the worker', () => {
  let worker: GameNotationWorker;
  before(() => {
    worker = createWorker();
  });
  after(() => worker.terminate());

  it('solves a #2 with progress per key tried (D2-01: two keys, as Popeye finds)', async () => {
    const seen: Progress[] = [];
    const solved = await worker.run(
      'solveProblem',
      { problem: { fen: '8/3Q4/5k2/8/8/3PB1P1/8/K2B4 w - - 0 1', stipulation: '#2' } },
      { onProgress: (p) => seen.push(p) },
    );
    expect(solved.parts[0]!.solutions.map((s) => s.uci).sort()).to.deep.equal(['d1b3', 'd1h5']);
    expect(solved.parts[0]!.status).to.equal('*');
    expect(seen.length).to.be.greaterThan(10);
  });

  it('aborts a long solve within 50 ms and stays usable', async () => {
    const controller = new AbortController();
    // A #20 with no short mate: unbounded, hours of work (an h#3 such as H3-03 of the reference
    // set took seconds before intelligent mode and now ends before the abort).
    const job = worker.run(
      'solveProblem',
      { problem: { fen: 'r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2', stipulation: '#20' } },
      { signal: controller.signal },
    );
    await new Promise((r) => setTimeout(r, 100));
    const t0 = performance.now();
    controller.abort();
    let error: unknown;
    try {
      await job;
    } catch (e) {
      error = e;
    }
    const ms = performance.now() - t0;
    expect((error as Error)?.name).to.equal('AbortError');
    console.log(`solve aborted after ${ms.toFixed(1)} ms`);
    const again = await worker.run('solveProblem', {
      problem: { fen: '8/8/8/8/8/2K1p3/2Q5/4k3 w - - 0 1', stipulation: '#2' },
    });
    expect(again.parts[0]!.solutions.map((s) => s.uci)).to.deep.equal(['c2g2']);
  });
});
