// What a worker does with jobs it should not run (issue #25), on a real redis-server with
// `gamenotation worker` processes and Debian's stockfish: a job of the wrong shape, with a limit no
// engine or solver takes, or over the worker's caps fails once (no retry) with ERR_QUEUE_JOB_INPUT;
// a job that runs over --max-time is stopped and failed; a job whose lock is lost (Redis killed
// during a deep search) has its engine stopped within seconds.
import { expect } from 'chai';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { parsePgn } from 'gamenotation/pgn';
// The game text of an analyse job is internal to the queue (no package entry point).
import { gameJobText } from '../../src/queue/jobs.js';
import { cliPath, engineEnv as env } from '../cli/support.js';
import { startRedis, type RedisServer } from '../../scripts/redis-server.mjs';

const dir = mkdtempSync(join(tmpdir(), 'gn-queue-jobs-'));
const DEAL = 'N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765';
const PGN = gameJobText(parsePgn('[Event "e"]\n[White "w"]\n[Black "b"]\n\n1. e4 e5 2. Nf3 *\n')[0]!.value);

function startWorker(redis: RedisServer, extra: string[]): { child: ChildProcess; log(): string } {
  const child = spawn(
    process.execPath,
    [cliPath, 'worker', '--queue', redis.url, '--jobs', '1', '--lock-seconds', '2', '--stalled-seconds', '1', ...extra],
    { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let text = '';
  child.stdout!.on('data', (c: Buffer) => (text += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (text += c.toString()));
  return { child, log: () => text };
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exited;
}

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The processes whose parent is `pid` (ps, as a user would look). */
function childrenOf(pid: number): { pid: number; command: string }[] {
  const r = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' });
  return r.stdout
    .split('\n')
    .map((l) => /^\s*(\d+)\s+(.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), command: m[2]! }));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Adds raw job data (as another program could) and waits for its end: state, attempts and reason. */
async function settle(queue: Queue, name: string, data: unknown) {
  const job = await queue.add(name, data, { attempts: 3, backoff: { type: 'fixed', delay: 10 } });
  return until(async () => {
    const state = await queue.getJobState(job.id!);
    if (state !== 'failed' && state !== 'completed') return undefined;
    const done = (await queue.getJob(job.id!))!;
    return { state, attemptsMade: done.attemptsMade, reason: done.failedReason ?? '' };
  }, `job ${name}`);
}

describe('queue: jobs a worker refuses, stops or loses (issue #25)', () => {
  it('a job of the wrong shape, or with a limit out of range, fails once with ERR_QUEUE_JOB_INPUT', async () => {
    const redis = await startRedis(mkdtempSync(join(dir, 'redis-')));
    const worker = startWorker(redis, []);
    const queue = new Queue('gamenotation', { connection: { host: '127.0.0.1', port: redis.port } });
    try {
      const proto = JSON.parse(`{"kind":"dd","deal":"${DEAL}","__proto__":{"polluted":true}}`);
      const hostile: [string, unknown][] = [
        ['null', null],
        ['empty', {}],
        ['a number', 42],
        ['analyse without pgn', { kind: 'analyse', settings: { depth: 1 }, gameId: 'g' }],
        ['analyse without settings', { kind: 'analyse', gameId: 'g', pgn: PGN }],
        ['dd without deal', { kind: 'dd' }],
        ['dd with a deal object', { kind: 'dd', deal: { N: ['SA'], E: ['SK'], S: ['SQ'], W: ['SJ'] } }],
        ['a __proto__ key', proto],
        ['solve without problem', { kind: 'solve', settings: {} }],
        ['maxSolutions -1', { kind: 'solve', settings: { maxSolutions: -1 }, problem: 'x' }],
        ['tableMiB 1e9', { kind: 'solve', settings: { tableMiB: 1e9 }, problem: 'x' }],
        ['tableMiB -1', { kind: 'solve', settings: { tableMiB: -1 }, problem: 'x' }],
        ['depth 1e300', { kind: 'analyse', settings: { depth: 1e300 }, gameId: 'g', pgn: PGN }],
        ['nodes 1e21', { kind: 'analyse', settings: { nodes: 1e21 }, gameId: 'g', pgn: PGN }],
        ['depth 2.5', { kind: 'analyse', settings: { depth: 2.5 }, gameId: 'g', pgn: PGN }],
        ['a gameId with a line break', { kind: 'analyse', settings: { depth: 1 }, gameId: 'a"]\n[Evil "1', pgn: PGN }],
        ['an unknown field', { kind: 'dd', deal: DEAL, extra: 1 }],
        ['an unknown kind', { kind: 'perft', fen: 'startpos' }],
      ];
      for (const [name, data] of hostile) {
        const r = await settle(queue, name, data);
        expect(r.state, name).to.equal('failed');
        expect(r.attemptsMade, `${name}: not retried`).to.equal(1);
        expect(r.reason, name).to.match(/^ERR_QUEUE_JOB_INPUT /);
      }
      // the same worker still runs a good job
      const good = await settle(queue, 'good', { kind: 'dd', deal: DEAL });
      expect(good.state, good.reason).to.equal('completed');
      expect(worker.log()).to.not.match(/TypeError/);
    } finally {
      await queue.close();
      await stop(worker.child);
      await redis.stop();
    }
  });

  it('--max-depth and --max-nodes refuse jobs over them; --max-time stops a longer one; a job within runs', async () => {
    const redis = await startRedis(mkdtempSync(join(dir, 'redis-')));
    const worker = startWorker(redis, ['--max-depth', '30', '--max-nodes', '5000', '--max-time', '2']);
    const queue = new Queue('gamenotation', { connection: { host: '127.0.0.1', port: redis.port } });
    try {
      const analyse = (settings: Record<string, unknown>) => ({ kind: 'analyse', settings, gameId: 'g', pgn: PGN });
      const deep = await settle(queue, 'deep', analyse({ depth: 31 }));
      expect([deep.state, deep.attemptsMade]).to.deep.equal(['failed', 1]);
      expect(deep.reason).to.match(/^ERR_QUEUE_JOB_INPUT .*--max-depth 30/);
      const many = await settle(queue, 'many', analyse({ nodes: 5001 }));
      expect([many.state, many.attemptsMade]).to.deep.equal(['failed', 1]);
      expect(many.reason).to.match(/^ERR_QUEUE_JOB_INPUT .*--max-nodes 5000/);
      const within = await settle(queue, 'within', analyse({ depth: 6 }));
      expect(within.state, within.reason).to.equal('completed');
      // a job that takes longer than --max-time: depth 30 on three plies takes stockfish many seconds
      const t0 = Date.now();
      const slow = await settle(queue, 'slow', analyse({ depth: 30 }));
      expect([slow.state, slow.attemptsMade]).to.deep.equal(['failed', 1]);
      expect(slow.reason).to.match(/^ERR_QUEUE_JOB_INPUT .*--max-time 2 s/);
      expect(Date.now() - t0).to.be.below(30_000);
    } finally {
      await queue.close();
      await stop(worker.child);
      await redis.stop();
    }
  });

  it('Redis killed during a depth 200 search: the engine is gone within seconds', async () => {
    const redis = await startRedis(mkdtempSync(join(dir, 'redis-')));
    const worker = startWorker(redis, ['--grace', '1']);
    const queue = new Queue('gamenotation', { connection: { host: '127.0.0.1', port: redis.port } });
    try {
      await queue.add('deep', { kind: 'analyse', settings: { depth: 200 }, gameId: 'g', pgn: PGN }, { attempts: 3 });
      await until(() => (/worker: started \S+ game g/.test(worker.log()) ? true : undefined), 'the job to start');
      const engine = await until(
        () => childrenOf(worker.child.pid!).find((p) => /stockfish/.test(p.command)),
        'the engine process',
      );
      // it searches, its lock renewed: after two and a half lock periods it is still there
      await new Promise((r) => setTimeout(r, 5000));
      expect(alive(engine.pid)).to.equal(true);
      expect(worker.log()).to.not.match(/lost the lock/);
      await queue.close();
      redis.child!.kill('SIGKILL');
      const killed = Date.now();
      await until(() => (alive(engine.pid) ? undefined : true), `the engine to stop:\n${worker.log()}`, 20_000);
      const seconds = (Date.now() - killed) / 1000;
      // the lock lasts 2 s; it is seen lost within a second of that
      expect(seconds).to.be.below(8);
      expect(worker.log()).to.match(/lost the lock of \S+/);
    } finally {
      await stop(worker.child, 'SIGKILL');
      // killed above, or still to stop (RedisServer.stop waits for an exit that has happened already)
      if (redis.child!.exitCode === null && redis.child!.signalCode === null) await redis.stop();
    }
  });
});
