import { expect } from 'chai';
import { createWorker, WorkerPool, type GameNotationWorker } from 'gamenotation/worker';
import type { Progress } from 'gamenotation';
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
    expect(seen[47]).to.deep.equal({ done: 48, total: 48, unit: 'root moves', value: 2039 });
  });

  it('runs crazyhouse perft', async () => {
    expect((await worker.perft('2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1', 2, { variant: 'crazyhouse' })).nodes).to.equal(
      3083,
    );
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

interface DDLine {
  board: number;
  deal: string;
  dd: Record<string, Record<string, number>>;
}
interface EndPosition {
  id: number;
  deal: string;
  trump: 'S' | 'H' | 'D' | 'C' | 'NT';
  leader: 'N' | 'E' | 'S' | 'W';
  tricks_leader_side: number;
  card_scores: Record<string, number>;
}

// Reference facts (DDS 2.9) for runs without ../shared: board 1's table and two end positions.
const FALLBACK_DEAL: DDLine = {
  board: 1,
  deal: 'N:T3.AJT.A9763.J94 KQJ765.Q92.85.K2 A9.8653.KT.Q7653 842.K74.QJ42.AT8',
  dd: {
    N: { S: 5, H: 7, D: 7, C: 9, NT: 5 },
    E: { S: 8, H: 5, D: 6, C: 4, NT: 7 },
    S: { S: 5, H: 7, D: 7, C: 9, NT: 5 },
    W: { S: 8, H: 6, D: 6, C: 4, NT: 7 },
  },
};
const FALLBACK_ENDS: EndPosition[] = [
  {
    id: 1,
    deal: 'N:Q9.Q.T.Q42 KT.J6..AT9 65.9.63.65 82.2.Q4.KJ',
    trump: 'D',
    leader: 'W',
    tricks_leader_side: 6,
    card_scores: { DQ: 6, S2: 6, CJ: 6, CK: 6, S8: 6, H2: 5, D4: 5 },
  },
  {
    id: 2,
    deal: 'N:J.Q8..A83 A.3.AQJ.J .AT2..T65 K2.J.74.2',
    trump: 'D',
    leader: 'W',
    tricks_leader_side: 4,
    card_scores: { S2: 4, SK: 4, C2: 4, HJ: 4, D7: 4, D4: 4 },
  },
];

async function firstDeal(): Promise<DDLine> {
  const text = await readShared('data/bridge/dd-reference.jsonl');
  return text ? (JSON.parse(text.slice(0, text.indexOf('\n'))) as DDLine) : FALLBACK_DEAL;
}

async function endPositions(): Promise<EndPosition[]> {
  const text = await readShared('data/bridge/dd-endpositions.jsonl');
  return text
    ? text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as EndPosition)
    : FALLBACK_ENDS;
}

function expectScores(result: unknown, end: EndPosition): void {
  const r = result as { ok: boolean; value: { tricks: number; cards: { card: string; tricks: number }[] } };
  expect(r.ok, `end position ${end.id}`).to.equal(true);
  expect(r.value.tricks, `end position ${end.id}`).to.equal(end.tricks_leader_side);
  expect(Object.fromEntries(r.value.cards.map((c) => [c.card, c.tricks])), `end position ${end.id}`).to.deep.equal(
    end.card_scores,
  );
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
    const results = await pool.solveBoards(
      ends.map((e) => ({ deal: e.deal, trump: e.trump, leader: e.leader })),
      { onProgress: (p) => (last = p.done) },
    );
    results.forEach((r, i) => expectScores(r, ends[i]!));
    expect(last).to.equal(ends.length);
  });

  it('cancels a pool batch', async () => {
    const ends = await endPositions();
    const controller = new AbortController();
    let error: unknown;
    try {
      await pool.solveBoards(
        ends.map((e) => ({ deal: e.deal, trump: e.trump, leader: e.leader })),
        {
          signal: controller.signal,
          onProgress: () => controller.abort(),
        },
      );
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

// ---- every call settles (issue 13 §2) ----

const inBrowser = typeof (globalThis as any).window !== 'undefined';
const STARTPOS_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection, got a result');
}

/** A worker script of our own making: a module URL (data: in Node, blob: in the browser). */
function scriptUrl(code: string): string {
  if (inBrowser) return URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  return `data:text/javascript,${encodeURIComponent(code)}`;
}

/** The built, self-contained worker script (dist/worker-entry.js). */
async function builtWorkerScript(): Promise<string> {
  if (inBrowser) return (await fetch('/dist/worker-entry.js')).text();
  const fs = (globalThis as any).process.getBuiltinModule('node:fs');
  return fs.readFileSync('dist/worker-entry.js', 'utf8') as string;
}

describe('worker API: every call settles', () => {
  it("accepts 'startpos' wherever a FEN is", async () => {
    const worker = createWorker();
    const pool = new WorkerPool({ size: 2 });
    try {
      expect((await worker.perft('startpos', 3)).nodes).to.equal(8902);
      expect(await worker.legalMoves('startpos')).to.deep.equal(await worker.legalMoves(STARTPOS_FEN));
      const divided = await pool.perft('startpos', 3);
      expect(divided.nodes).to.equal(8902);
      expect(divided.divide!.e2e4).to.equal(600);
    } finally {
      await worker.terminate();
      await pool.terminate();
    }
  });

  it('rejects pending and later calls with ERR_WORKER_TERMINATED, never a sync throw', async () => {
    const worker = createWorker();
    expect((await worker.perft('startpos', 1)).nodes).to.equal(20);
    const pending = rejection(worker.perft('startpos', 7));
    await worker.terminate();
    const error = await pending;
    expect(error).to.be.instanceOf(NotationFailure);
    expect(error.code).to.equal('ERR_WORKER_TERMINATED');
    let later: Promise<unknown> | undefined;
    expect(() => (later = worker.legalMoves('startpos'))).not.to.throw();
    expect((await rejection(later!)).code).to.equal('ERR_WORKER_TERMINATED');
    expect((await rejection(worker.calcDDTables(['N:AKQ']))).code).to.equal('ERR_WORKER_TERMINATED');
  });

  it('runs the standalone script from a URL (createWorker({ url }), for pages that forbid blob: workers)', async () => {
    const url = inBrowser ? '/dist/worker-entry.js' : new URL('../../dist/worker-entry.js', import.meta.url);
    const worker = createWorker({ url });
    try {
      expect((await worker.perft('startpos', 3)).nodes).to.equal(8902);
      expect(await worker.legalMoves(KIWIPETE)).to.have.length(48);
    } finally {
      await worker.terminate();
    }
  });

  it('rejects with ERR_WORKER_LOAD when the script is missing', async () => {
    const url = inBrowser ? '/no-such-dir/worker-entry.js' : new URL('file:///no-such-dir/worker-entry.js');
    const worker = createWorker({ url });
    try {
      const first = await rejection(worker.perft('startpos', 2));
      expect(first.code).to.equal('ERR_WORKER_LOAD');
      expect((await rejection(worker.legalMoves('startpos'))).code).to.equal('ERR_WORKER_LOAD');
    } finally {
      await worker.terminate();
    }
  });

  it('rejects with ERR_WORKER_LOAD when the script throws at start or never starts', async () => {
    const throwing = createWorker({ url: scriptUrl('throw new Error("broken build")') });
    const silent = createWorker({ url: scriptUrl('setInterval(() => {}, 1000);'), loadTimeout: 500 });
    try {
      expect((await rejection(throwing.perft('startpos', 2))).code).to.equal('ERR_WORKER_LOAD');
      expect((await rejection(silent.perft('startpos', 2))).code).to.equal('ERR_WORKER_LOAD');
    } finally {
      await throwing.terminate();
      await silent.terminate();
    }
  });

  it('rejects with ERR_WORKER_CRASHED when the worker dies mid-job, and later calls too', async () => {
    // The real worker plus a fault that fires 300 ms after start, while a long perft reports progress.
    const code = `${await builtWorkerScript()}\n;setTimeout(() => { throw new Error('injected fault'); }, 300);`;
    const worker = createWorker({ url: scriptUrl(code) });
    try {
      expect((await worker.perft('startpos', 1)).nodes).to.equal(20);
      const error = await rejection(worker.perft(KIWIPETE, 6, { onProgress: () => {} }));
      expect(error).to.be.instanceOf(NotationFailure);
      expect(error.code).to.equal('ERR_WORKER_CRASHED');
      expect((await rejection(worker.perft('startpos', 1))).code).to.equal('ERR_WORKER_CRASHED');
    } finally {
      await worker.terminate();
    }
  });

  it('aborts a deep perft at once (inside the wasm loop) and stays usable', async () => {
    const worker = createWorker();
    try {
      const controller = new AbortController();
      const deep = worker.perft('startpos', 8, { signal: controller.signal });
      // A job queued behind the deep one on the same worker is sent again to the fresh thread.
      const queued = worker.perft(KIWIPETE, 3);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = performance.now();
      controller.abort();
      const error = await rejection(deep);
      const latency = performance.now() - started;
      expect(error.name).to.equal('AbortError');
      expect(latency).to.be.below(1000); // loose bound; bench/worker.mjs measures it
      expect((await queued).nodes).to.equal(97862);
      expect((await worker.perft('startpos', 3)).nodes).to.equal(8902);
    } finally {
      await worker.terminate();
    }
  });

  it('aborts a DD batch with the signal reason and stays usable', async () => {
    const worker = createWorker();
    try {
      const deal = await firstDeal();
      const reason = new Error('user gave up');
      const controller = new AbortController();
      const batch = worker.calcDDTables(
        Array.from({ length: 50 }, () => deal.deal),
        { signal: controller.signal },
      );
      setTimeout(() => controller.abort(reason), 100);
      expect(await rejection(batch)).to.equal(reason);
      expect(await worker.calcDDTables([deal.deal])).to.deep.equal([{ ok: true, value: deal.dd }]);
    } finally {
      await worker.terminate();
    }
  });

  it('a pool item that crashes its worker fails alone; the pool replaces the worker', async () => {
    // The real worker behind a fault: a message that mentions "crash-me" throws in a message handler
    // that runs before the worker's own (uncaught: a Node thread exits, a Web Worker reports an error
    // event, which arrives before the job's answer).
    const listen = inBrowser
      ? 'self.addEventListener("message", (e) => { if (JSON.stringify(e.data).includes("crash-me")) throw new Error("injected fault"); });'
      : 'globalThis.process.getBuiltinModule("node:worker_threads").parentPort.on("message", (m) => { if (JSON.stringify(m).includes("crash-me")) throw new Error("injected fault"); });';
    const pool = new WorkerPool({ size: 2, url: scriptUrl(`${listen}\n${await builtWorkerScript()}`) });
    try {
      const results = await pool.run('perft', [
        { fen: 'startpos', depth: 3 },
        { fen: 'startpos', depth: 5, note: 'crash-me' } as never,
        { fen: KIWIPETE, depth: 2 },
        { fen: 'startpos', depth: 4 },
        { fen: KIWIPETE, depth: 3 },
      ]);
      expect(results.map((r) => (r.ok ? r.value.nodes : r.error.code))).to.deep.equal([
        8902,
        'ERR_WORKER_CRASHED',
        2039,
        197281,
        97862,
      ]);
    } finally {
      await pool.terminate();
    }
  });

  it('gives one Result per item in input order; a bad board fails alone', async () => {
    const ends = await endPositions();
    const end = ends[0]!;
    // The leader's best card played as a trick in progress: the next hand can take the rest of the
    // tricks the leader's side cannot (DD scores are exact), from the same reference line.
    const [card, score] = Object.entries(end.card_scores).sort((a, b) => b[1] - a[1])[0]!;
    const total = handSize(end.deal, end.leader);
    const afterLead = {
      deal: removeCard(end.deal, end.leader, card),
      trump: end.trump,
      leader: end.leader,
      trickInProgress: [card],
    };
    const good = { deal: end.deal, trump: end.trump, leader: end.leader };
    const pool = new WorkerPool({ size: 2 });
    try {
      const results = await pool.solveBoards([
        good,
        { deal: end.deal, trump: end.trump, leader: end.leader, trickInProgress: [card] }, // card still in a hand
        null as never, // not a board at all
        afterLead,
        { deal: 'N:AKQ.T92', trump: 'S', leader: 'N' }, // malformed deal
        good,
      ]);
      expect(results).to.have.length(6);
      expectScores(results[0], end);
      expect(results[1]).to.deep.include({ ok: false });
      expect((results[1] as any).error.code).to.equal('ERR_DD_INPUT');
      expect(results[2]!.ok).to.equal(false);
      expect((results[2] as any).error.code)
        .to.be.a('string')
        .and.match(/^ERR_/);
      expect(results[3]!.ok, JSON.stringify(results[3])).to.equal(true);
      expect((results[3] as any).value.tricks).to.equal(total - score);
      expect((results[4] as any).error.code).to.equal('ERR_DD_INPUT');
      expectScores(results[5], end);
    } finally {
      await pool.terminate();
    }
  });
});

function handSize(deal: string, seat: string): number {
  const hands = deal.slice(2).split(' ');
  const index = ('NESW'.indexOf(seat) - 'NESW'.indexOf(deal[0]!) + 4) % 4;
  return hands[index]!.replace(/\./g, '').length;
}

function removeCard(deal: string, seat: string, card: string): string {
  const hands = deal.slice(2).split(' ');
  const index = ('NESW'.indexOf(seat) - 'NESW'.indexOf(deal[0]!) + 4) % 4;
  const suits = hands[index]!.split('.');
  const s = 'SHDC'.indexOf(card[0]!);
  suits[s] = suits[s]!.replace(card[1]!, '');
  hands[index] = suits.join('.');
  return `${deal.slice(0, 2)}${hands.join(' ')}`;
}
