// A queue worker is a resource like an engine or a worker pool: `await using` stops it when its scope
// ends. Against a real redis-server on a free port, with Debian's stockfish as the configured engine
// (no job runs, so the engine is never started).
import { expect } from 'chai';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseQueueUrl, startQueueWorker, type QueueWorkerSummary } from 'gamenotation/queue';
import { startRedis } from '../../scripts/redis-server.mjs';

describe('queue: a worker is disposable', () => {
  it('await using stops the worker at the end of the scope; stop() and done give the summary', async () => {
    const redis = await startRedis(mkdtempSync(join(tmpdir(), 'gn-queue-dispose-')));
    try {
      const target = parseQueueUrl(`${redis.url}?name=dispose`);
      if (!target.ok) throw new Error(target.error.message);
      const lines: string[] = [];
      let done!: Promise<QueueWorkerSummary>;
      {
        await using worker = startQueueWorker(target.value, {
          slots: 1,
          engine: { kind: 'native', path: '/usr/games/stockfish' },
          graceMs: 1000,
          log: (text) => void lines.push(text),
        });
        done = worker.done;
        let settled = false;
        void done.then(() => (settled = true));
        await new Promise((r) => setTimeout(r, 300));
        expect(settled, 'the worker runs until its scope ends').to.equal(false);
      }
      // the scope has ended: the worker is stopped and its summary is there
      expect(await done).to.deep.equal({ completed: 0, failed: 0, returned: 0 });

      const worker = startQueueWorker(target.value, {
        slots: 1,
        engine: { kind: 'native', path: '/usr/games/stockfish' },
        log: (text) => void lines.push(text),
      });
      expect(await worker.stop()).to.deep.equal({ completed: 0, failed: 0, returned: 0 });
      expect(await worker.done).to.deep.equal({ completed: 0, failed: 0, returned: 0 });
    } finally {
      await redis.stop();
    }
  });
});
