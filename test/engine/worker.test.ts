// Engine analysis through the worker API: in Node (a worker_thread running Debian's stockfish as a
// child process) and in Chromium (a Web Worker running stockfish.wasm on the test runner's
// cross-origin-isolated page). Truth: matetrack's mate in 1 and Fool's mate, checked with our rules.
import { expect } from 'chai';
import { createWorker, type GameNotationWorker } from 'gamenotation/worker';
import type { Progress } from 'gamenotation';
import { unwrap } from 'gamenotation';
import { Position, parseUci } from 'gamenotation/chess';
import { Score } from 'gamenotation/engine';

const inBrowser = typeof (globalThis as { window?: unknown }).window !== 'undefined';
const engine = inBrowser
  ? {
      kind: 'stockfish.wasm' as const,
      path: new URL('/node_modules/stockfish.wasm/stockfish.js', location.href).href,
      fallbackUrl: new URL('/node_modules/stockfish/bin/stockfish-19-lite-single.js', location.href).href,
    }
  : { kind: 'native' as const };
// matetrack: mate in 1 by en passant (dxe6 e.p.)
const MATE1 = '5K2/8/2qk4/2nPp3/3r4/6B1/B7/3R4 w - e6 0 1';

describe('engine through the worker API', () => {
  let worker: GameNotationWorker;
  before(() => {
    worker = createWorker();
  });
  after(async () => {
    await worker.run('closeEngine', undefined as never).catch(() => undefined);
    worker.terminate();
  });

  it('analyses a position off the main thread, with progress per depth', async () => {
    const seen: Progress[] = [];
    const r = await worker.run(
      'analysePosition',
      { engine, position: MATE1, limit: { mate: 1 } },
      { onProgress: (p) => seen.push(p) },
    );
    expect(r.lines[0].score).to.deep.equal({ mate: 1 });
    const pos = (Position.fromFen(MATE1) as { value: Position }).value;
    pos.play(unwrap(parseUci(r.bestmove!)));
    expect(pos.isCheckmate()).to.equal(true);
    expect(seen.length).to.be.greaterThan(0);
  });

  it('analyses every position of a game with progress per ply', async () => {
    const game = { headers: {}, moves: ['f3', 'e5', 'g4', 'Qh4#'].map((san) => ({ san })) };
    const seen: number[] = [];
    const results = await worker.run(
      'analyseGame',
      { engine, game, limit: { depth: 5 } },
      { onProgress: (p) => seen.push(p.done) },
    );
    expect(seen).to.deep.equal([1, 2, 3, 4, 5]);
    expect(results[3].lines[0].score).to.deep.equal({ mate: -1 }); // Black mates in 1: White's view
    // Plain data back into a Score: Black's view of the same line.
    expect(Score.fromWhite(results[3].lines[0].score, results[3].turn).black().toJSON()).to.deep.equal({ mate: 1 });
    expect(results[3].lines[0].pvSan[0]).to.equal('Qh4#');
    expect(results[4].bestmove).to.equal(null); // checkmate: nothing to play
    expect(JSON.parse(JSON.stringify(results))).to.deep.equal(results); // plain data, nothing lost in JSON
  });

  it('an abort ends the job at once; the next job gets a fresh engine', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    const aborted = await worker
      .run('analysePosition', { engine, position: 'startpos', limit: { infinite: true } }, { signal: ac.signal })
      .then(
        () => 'resolved',
        (e: { name?: string }) => e?.name,
      );
    expect(aborted).to.equal('AbortError');
    const r = await worker.run('analysePosition', { engine, position: MATE1, limit: { mate: 1 } });
    expect(r.lines[0].score).to.deep.equal({ mate: 1 });
  });
});
