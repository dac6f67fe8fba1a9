// The queue on this machine, against the same work done locally: (1) throughput of `analyse
// --jobs 2` against a producer (`analyse --queue`) with 2 `gamenotation worker` processes of one
// slot each, on the same games at depth 12 (whole processes, interleaved rounds, medians); (2) the
// latency a job adds: one job at a time (window 1), wall time per job minus the worker's own time
// on it; (3) Redis memory per queued job and per finished result. A redis-server is started on a
// free port for the run. `node bench/queue.mjs` (GN_QUEUE_BENCH_DEPTH, GN_QUEUE_BENCH_GAMES,
// GN_QUEUE_BENCH_ROUNDS); needs Debian stockfish and redis-server.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRedisServer, redisCommand, startRedis } from '../scripts/redis-server.mjs';

const DEPTH = process.env.GN_QUEUE_BENCH_DEPTH ?? '12';
const GAMES = Number(process.env.GN_QUEUE_BENCH_GAMES ?? 20);
const ROUNDS = Number(process.env.GN_QUEUE_BENCH_ROUNDS ?? 2);
const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');
const env = { ...process.env, PATH: `${process.env.PATH}:/usr/games` };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const usedMemory = async (port) => Number(/used_memory:(\d+)/.exec(await redisCommand(port, 'INFO memory'))[1]);

function worker(url) {
  const child = spawn(process.execPath, [cli, 'worker', '--queue', url, '--jobs', '1'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (d) => (log += d));
  return {
    ready: async () => {
      while (!/slot\(s\) on/.test(log)) await sleep(20);
    },
    stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))),
  };
}

function timed(args) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [cli, ...args], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}`);
  return performance.now() - t0;
}

export async function run() {
  if (
    !findRedisServer() ||
    spawnSync('sh', ['-c', 'command -v stockfish || test -x /usr/games/stockfish']).status !== 0
  ) {
    console.log('queue bench: needs redis-server and stockfish (apt-get install redis-server stockfish); skipped');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'gn-queue-bench-'));
  const redis = await startRedis(dir);
  const { port, url } = redis;
  try {
    const all = readFileSync(join(root, 'test/fixtures/queue/games30.pgn'), 'utf8').split(/\n(?=\[Event )/);
    const file = join(dir, 'games.pgn');
    writeFileSync(file, all.slice(0, GAMES).join('\n'));
    const plies = all
      .slice(0, GAMES)
      .map(
        (g) =>
          g
            .split('\n\n')[1]
            .replace(/\{[^}]*\}/g, '')
            .split(/\s+/)
            .filter((t) => t && !/^\d+\.|^(1-0|0-1|1\/2-1\/2|\*)$/.test(t)).length,
      )
      .reduce((a, b) => a + b, 0);
    console.log(
      `${GAMES} games (${plies} plies) of test/fixtures/queue/games30.pgn, depth ${DEPTH}, stockfish Threads 1; ${ROUNDS} rounds, medians\n`,
    );

    // (1) Throughput.
    const local = [];
    const queued = [];
    for (let r = 0; r < ROUNDS; r++) {
      local.push(timed(['analyse', file, '--out', join(dir, 'local.aif'), '--depth', DEPTH, '--jobs', '2', '-q']));
      await redisCommand(port, 'FLUSHALL');
      const workers = [worker(url), worker(url)];
      await Promise.all(workers.map((w) => w.ready()));
      queued.push(timed(['analyse', file, '--out', join(dir, 'queued.aif'), '--depth', DEPTH, '--queue', url, '-q']));
      await Promise.all(workers.map((w) => w.stop()));
    }
    const same = readFileSync(join(dir, 'local.aif'), 'utf8') === readFileSync(join(dir, 'queued.aif'), 'utf8');
    const l = median(local);
    const q = median(queued);
    console.log('| run | wall time | games/s | per game | vs local |');
    console.log('|---|---:|---:|---:|---:|');
    console.log(
      `| local \`analyse --jobs 2\` | ${(l / 1000).toFixed(2)} s | ${((GAMES * 1000) / l).toFixed(2)} | ${(l / GAMES).toFixed(0)} ms | 1.000 |`,
    );
    console.log(
      `| queue: producer + 2 workers × 1 slot | ${(q / 1000).toFixed(2)} s | ${((GAMES * 1000) / q).toFixed(2)} | ${(q / GAMES).toFixed(0)} ms | ${(q / l).toFixed(3)} |`,
    );
    console.log(
      `\nqueue overhead: ${(((q - l) / l) * 100).toFixed(1)} % of the local wall time; outputs byte-identical: ${same}`,
    );
    const aifBytes = statSync(join(dir, 'queued.aif')).size;
    console.log(
      `output: ${(aifBytes / GAMES / 1024).toFixed(1)} KiB of AIF per game, ${(aifBytes / plies).toFixed(0)} bytes per ply`,
    );

    // (2) Latency: one job at a time; the worker's own time on each job comes from the job record.
    const { parseQueueUrl, produceInOrder, jobIdOf, gameJobText } = await import('../dist/queue.js');
    const { parsePgn } = await import('../dist/pgn.js');
    const { Queue } = await import('bullmq');
    await redisCommand(port, 'FLUSHALL');
    const target = parseQueueUrl(`${url}?name=latency`).value;
    const games = parsePgn(all.join('\n')).map((g) => g.value);
    const items = games.map((g, i) => ({
      label: `game ${i + 1}`,
      data: {
        kind: 'analyse',
        settings: { depth: 1, multipv: 1, from: 1, hash: 16, threads: 1 },
        gameId: `latency-${i}`,
        pgn: gameJobText(g),
      },
    }));
    const latencyWorker = spawn(process.execPath, [cli, 'worker', '--queue', `${url}?name=latency`, '--jobs', '1'], {
      env,
      stdio: 'ignore',
    });
    // Warm up the worker's engine with one job, then time the rest one by one.
    await produceInOrder(target, items.slice(0, 1), { window: 1, onResult() {} });
    const t0 = performance.now();
    await produceInOrder(target, items.slice(1), { window: 1, onResult() {} });
    const wall = (performance.now() - t0) / (items.length - 1);
    const queue = new Queue('latency', { connection: { host: '127.0.0.1', port } });
    let busy = 0;
    let waited = 0;
    for (const item of items.slice(1)) {
      const job = await queue.getJob(jobIdOf(item.data));
      busy += job.finishedOn - job.processedOn;
      waited += job.processedOn - job.timestamp;
    }
    busy /= items.length - 1;
    waited /= items.length - 1;
    await queue.close();
    latencyWorker.kill('SIGTERM');
    console.log(
      `\njob latency (${items.length - 1} depth-1 jobs, one at a time): ${wall.toFixed(1)} ms per job end to end, of which the worker worked ${busy.toFixed(1)} ms;`,
    );
    console.log(
      `added by the queue: ${(wall - busy).toFixed(1)} ms per job (${waited.toFixed(1)} ms from enqueue to a worker taking it)`,
    );
    // Per job at depth DEPTH: what the queue adds, against a game's analysis time on one slot.
    const perGame = (2 * l) / GAMES;
    console.log(
      `queue overhead per job at depth ${DEPTH}: ${(wall - busy).toFixed(1)} ms against ${(perGame / 1000).toFixed(2)} s of analysis per game on one slot = ${(((wall - busy) / perGame) * 100).toFixed(2)} %`,
    );

    // (3) Redis memory per queued job (no worker: the jobs wait) and per finished result.
    await redisCommand(port, 'FLUSHALL');
    const before = await usedMemory(port);
    const memQueue = new Queue('memory', { connection: { host: '127.0.0.1', port } });
    const N = 3000;
    const payload = [];
    for (let i = 0; i < N; i++) {
      const item = items[i % items.length];
      const data = { ...item.data, gameId: `memory-${i}` };
      payload.push({
        name: 'analyse',
        data,
        opts: { jobId: jobIdOf(data), attempts: 3, removeOnComplete: { age: 604800 }, removeOnFail: { age: 604800 } },
      });
    }
    for (let i = 0; i < N; i += 500) await memQueue.addBulk(payload.slice(i, i + 500));
    const after = await usedMemory(port);
    await memQueue.close();
    const pgnBytes = payload.reduce((n, p) => n + p.data.pgn.length, 0) / N;
    const perJob = (after - before) / N;
    console.log(
      `\nRedis memory: ${(perJob / 1024).toFixed(2)} KiB per waiting job (${N} analyse jobs; the game's PGN is ${(pgnBytes / 1024).toFixed(2)} KiB of it); a finished job adds its result (${(aifBytes / GAMES / 1024).toFixed(1)} KiB of AIF per game at depth ${DEPTH}) until the producer writes it`,
    );
  } finally {
    await redis.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
