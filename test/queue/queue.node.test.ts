// Many machines, as users run them: a real redis-server on a free port, `gamenotation worker`
// processes and a producer (`analyse`/`dd`/`solve --queue`), with Debian's stockfish. What is checked
// is what a user relies on: the queued output is byte for byte the single-process output, whatever
// is killed on the way (a worker, the producer, Redis itself), and a bad item fails alone, in place.
import { expect } from 'chai';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliPath, engineEnv as env, root } from '../cli/support.js';
import { parseQueueUrl, produceInOrder } from 'gamenotation/queue';
import { startRedis, type RedisServer } from '../../scripts/redis-server.mjs';

const dir = mkdtempSync(join(tmpdir(), 'gn-queue-'));
const games = join(root, 'test/fixtures/queue/games30.pgn');
const DEPTH = '8';
// Short locks so that a killed worker's job is taken over within seconds.
const WORKER_ARGS = ['--jobs', '1', '--lock-seconds', '2', '--stalled-seconds', '1', '--grace', '5'];

function run(args: string[]) {
  const r = spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8', env, cwd: dir, maxBuffer: 1 << 26 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface Proc {
  child: ChildProcess;
  log(): string;
  /** Resolves when the log matches. */
  waitFor(pattern: RegExp, what: string, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited(): Promise<number | null>;
}

function start(args: string[]): Proc {
  const child = spawn(process.execPath, [cliPath, ...args], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const waiters: (() => void)[] = [];
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    for (const w of waiters.splice(0)) w();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    log: () => text,
    exited: () => exit,
    waitFor(pattern, what, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}:\n${text}`)), timeoutMs);
        const check = () => {
          const m = pattern.exec(text);
          if (m) {
            clearTimeout(timer);
            resolve(m);
          } else if (child.exitCode !== null || child.signalCode !== null) {
            clearTimeout(timer);
            reject(new Error(`exited before ${what}:\n${text}`));
          } else waiters.push(check);
        };
        check();
      });
    },
  };
}

const startWorker = (redis: RedisServer) => start(['worker', '--queue', redis.url, ...WORKER_ARGS]);

async function stopWorkers(workers: Proc[]): Promise<void> {
  for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
  await Promise.all(workers.map((w) => w.exited()));
}

/** `completed <id> game <GameID> <ms> ms` lines of worker logs: the GameIDs analysed to the end. */
function completedGames(logs: string[]): Set<string> {
  const ids = new Set<string>();
  for (const log of logs) for (const m of log.matchAll(/^worker: completed \S+ game (.*) \d+ ms$/gm)) ids.add(m[1]!);
  return ids;
}

function gameIdsOf(aif: string): string[] {
  return [...aif.matchAll(/^\[GameID "(.*)"\]$/gm)].map((m) => m[1]!);
}

/** Lines of the journal of a run in progress (games written so far). */
function journalLines(out: string): number {
  const journal = `${out}.journal`;
  return existsSync(journal) ? readFileSync(journal, 'utf8').split('\n').filter(Boolean).length : 0;
}

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

let reference = '';
let referenceIds: string[] = [];

describe('queue: analyse/dd/solve --queue with gamenotation worker processes on a real redis-server', () => {
  before(() => {
    const local = run(['analyse', games, '--out', 'local.aif', '--depth', DEPTH, '--jobs', '1']);
    expect(local.code, local.err).to.equal(0);
    reference = readFileSync(join(dir, 'local.aif'), 'utf8');
    referenceIds = gameIdsOf(reference);
    expect(referenceIds).to.have.length(30);
    expect(new Set(referenceIds).size).to.equal(30);
  });

  it('3 workers, one SIGKILLed in mid-job: the output equals analyse --jobs 1 byte for byte; every game analysed to the end, written once', async () => {
    const redis = await startRedis(mkdtempSync(join(dir, 'redis-')));
    const workers = [startWorker(redis), startWorker(redis), startWorker(redis)];
    try {
      const out = join(dir, 'kill-worker.aif');
      const producer = start(['analyse', games, '--out', out, '--depth', DEPTH, '--queue', redis.url]);
      // Kill the first worker once it has finished a game and started another one.
      const victim = workers[0]!;
      const m = await victim.waitFor(/completed [^\n]*\n[^]*started (\S+) game (.*)\n/, 'a second job on worker 1');
      victim.child.kill('SIGKILL');
      await victim.exited();
      const interrupted = { jobId: m[1]!, gameId: m[2]! };
      expect(victim.log()).not.to.include(`completed ${interrupted.jobId}`);

      expect(await producer.exited(), producer.log()).to.equal(0);
      const output = readFileSync(out, 'utf8');
      expect(output).to.equal(reference);
      expect(gameIdsOf(output)).to.deep.equal(referenceIds);
      // The job the victim held was taken over and finished by another worker.
      const others = workers.slice(1).map((w) => w.log());
      expect(others.join('\n')).to.include(`completed ${interrupted.jobId}`);
      const analysed = completedGames(workers.map((w) => w.log()));
      for (const id of referenceIds) expect(analysed.has(id), id).to.equal(true);
    } finally {
      await stopWorkers(workers);
      await redis.stop();
    }
  });

  it('the producer SIGKILLed and run again with --resume: the same bytes; finished jobs are reused, none repeated in the file', async () => {
    const redis = await startRedis(mkdtempSync(join(dir, 'redis-')));
    const workers = [startWorker(redis), startWorker(redis)];
    try {
      const out = join(dir, 'kill-producer.aif');
      const first = start(['analyse', games, '--out', out, '--depth', DEPTH, '--queue', redis.url]);
      await until(() => journalLines(out) >= 3 || first.child.exitCode !== null, 'three games written');
      first.child.kill('SIGKILL');
      await first.exited();
      const written = journalLines(out);
      expect(written).to.be.within(3, 29);
      // The workers go on with the jobs already in Redis while no producer runs.
      await new Promise((r) => setTimeout(r, 1000));
      const second = run(['analyse', games, '--out', out, '--depth', DEPTH, '--queue', redis.url, '--resume']);
      expect(second.code, second.err).to.equal(0);
      expect(second.err).to.match(new RegExp(`\\((${written}|${written + 1}) already done\\)`));
      const output = readFileSync(out, 'utf8');
      expect(output).to.equal(reference);
      expect(gameIdsOf(output)).to.deep.equal(referenceIds);
      // Enqueued again, the same content gives the same job ids: no game was analysed twice.
      const completedLines = workers.flatMap((w) =>
        [...w.log().matchAll(/^worker: completed (\S+)/gm)].map((x) => x[1]),
      );
      expect(new Set(completedLines).size).to.equal(completedLines.length);
    } finally {
      await stopWorkers(workers);
      await redis.stop();
    }
  });

  it('Redis stopped and restarted in mid-run (append-only file on): the run completes with the same bytes', async () => {
    const redisDir = mkdtempSync(join(dir, 'redis-'));
    const redis = await startRedis(redisDir, true);
    const workers = [startWorker(redis), startWorker(redis)];
    try {
      const out = join(dir, 'restart-redis.aif');
      const producer = start(['analyse', games, '--out', out, '--depth', DEPTH, '--queue', redis.url]);
      await until(() => journalLines(out) >= 3, 'three games written');
      await redis.stop();
      await new Promise((r) => setTimeout(r, 1500));
      await redis.start();
      expect(await producer.exited(), producer.log()).to.equal(0);
      expect(readFileSync(out, 'utf8')).to.equal(reference);
      // Both sides saw the outage and carried on.
      expect(producer.log()).to.match(/ECONNREFUSED|ECONNRESET|waiting for Redis/);
    } finally {
      await stopWorkers(workers);
      await redis.stop();
    }
  });

  it('dd over a PBN file with one malformed deal: that board fails in place with its code, the others match the local run', async () => {
    const source = readFileSync(join(root, 'test/fixtures/bridge/dd-reference-deals-1-8.pbn'), 'utf8');
    // Board 3's deal gets North's hand twice (every card of it dealt to two players).
    let seen = 0;
    const broken = source.replace(/\[Deal "([^"]*)"\]/g, (all, deal: string) => {
      if (++seen !== 3) return all;
      const hands = deal.slice(2).split(' ');
      hands[1] = hands[0]!;
      return `[Deal "${deal.slice(0, 2)}${hands.join(' ')}"]`;
    });
    expect(broken).not.to.equal(source);
    writeFileSync(join(dir, 'deals.pbn'), broken);
    const local = run(['dd', 'deals.pbn', '--par']);
    expect(local.code).to.equal(1);
    const redis = await startRedis(mkdtempSync(join(dir, 'redis-')));
    const workers = [start(['worker', '--queue', redis.url, '--jobs', '2'])];
    try {
      const queued = run(['dd', 'deals.pbn', '--par', '--queue', redis.url]);
      expect(queued.code).to.equal(1);
      // The seven good boards, in order, exactly as the local run prints them.
      expect(queued.out).to.equal(local.out);
      expect(queued.out.match(/\(deals\.pbn board \d+, dealer/g)).to.have.length(7);
      expect(queued.out).not.to.include('deals.pbn board 3,');
      // The bad one: the reader's error at its line, and its job's failure named by board.
      expect(queued.err).to.match(/^deals\.pbn board 3: ERR_[A-Z_]+ /m);
      const code = /^deals\.pbn board 3: (ERR_[A-Z_]+)/m.exec(queued.err)![1];
      expect(local.err).to.include(code);
      // In place: with stdout and stderr in one stream, the failure sits between boards 2 and 4.
      const both = spawnSync(
        'sh',
        ['-c', `"${process.execPath}" "${cliPath}" dd deals.pbn --queue ${redis.url} 2>&1`],
        {
          encoding: 'utf8',
          cwd: dir,
          env,
        },
      ).stdout;
      const at = (text: string) => both.indexOf(text);
      expect(at('deals.pbn board 2,')).to.be.greaterThan(-1);
      expect(at('deals.pbn board 3: ERR_')).to.be.greaterThan(at('deals.pbn board 2,'));
      expect(at('deals.pbn board 4,')).to.be.greaterThan(at('deals.pbn board 3: ERR_'));
    } finally {
      await stopWorkers(workers);
      await redis.stop();
    }
  });

  it('solve --queue prints what solve prints (PBI sample, text and --json); unreadable jobs fail with ERR_QUEUE_JOB_INPUT', async () => {
    const redis = await startRedis(mkdtempSync(join(dir, 'redis-')));
    const workers = [start(['worker', '--queue', redis.url, '--jobs', '2'])];
    try {
      const pbi = join(root, 'examples/data/sample.pbi');
      for (const extra of [[], ['--json']]) {
        const local = run(['solve', pbi, ...extra]);
        const queued = run(['solve', pbi, ...extra, '--queue', redis.url]);
        expect(local.code, local.err).to.equal(0);
        expect(queued.code, queued.err).to.equal(0);
        expect(queued.out).to.equal(local.out);
        expect(queued.out.length).to.be.greaterThan(100);
      }
      // Jobs a worker cannot read fail at once with ERR_QUEUE_JOB_INPUT, each on its own.
      const target = parseQueueUrl(redis.url);
      if (!target.ok) throw new Error(target.error.message);
      const outcomes: { label: string; code: string }[] = [];
      await produceInOrder(
        target.value,
        [
          { label: 'empty game', data: { kind: 'analyse', settings: { depth: 1 }, gameId: 'x', pgn: '' } },
          { label: 'unknown kind', data: { kind: 'perft' } as never },
        ],
        {
          attempts: 2,
          onResult: (item, o) => void outcomes.push({ label: item.label, code: o.ok ? 'ok' : o.error.code }),
        },
      );
      expect(outcomes).to.deep.equal([
        { label: 'empty game', code: 'ERR_QUEUE_JOB_INPUT' },
        { label: 'unknown kind', code: 'ERR_QUEUE_JOB_INPUT' },
      ]);
    } finally {
      await stopWorkers(workers);
      await redis.stop();
    }
  });

  it('a worker stops on SIGTERM with its summary; no Redis at the URL is a clear error, not a hang', async () => {
    const redis = await startRedis(mkdtempSync(join(dir, 'redis-')));
    const worker = start(['worker', '--queue', redis.url, '--jobs', '1']);
    await worker.waitFor(/slot\(s\) on/, 'the start line');
    worker.child.kill('SIGTERM');
    expect(await worker.exited()).to.equal(0);
    expect(worker.log()).to.match(/worker: stopped; 0 job\(s\) completed/);
    await redis.stop();
    // Nothing listens there now: the producer gives up after its connect timeout with a code.
    const r = spawnSync(
      process.execPath,
      [
        cliPath,
        'dd',
        join(root, 'test/fixtures/bridge/dd-reference-deals-1-8.pbn'),
        '--queue',
        redis.url,
        '--connect-timeout',
        '2',
      ],
      { encoding: 'utf8', env, cwd: dir },
    );
    expect(r.status).to.equal(1);
    expect(r.stderr).to.match(/ERR_QUEUE_CONNECT/);
    const usage = run([
      'dd',
      join(root, 'test/fixtures/bridge/dd-reference-deals-1-8.pbn'),
      '--queue',
      'http://example.org',
    ]);
    expect(usage.code).to.equal(2);
    expect(usage.err).to.match(/redis:\/\//);
  });
});
