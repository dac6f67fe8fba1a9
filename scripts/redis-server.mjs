// A real redis-server for the queue's tests and bench, started on a free port in a folder of its
// own (CI installs Debian's redis-server; it is never mocked). With `persist`, every write goes to
// the append-only file, so a restart on the same folder finds the queue as it was.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';

/** The redis-server binary, or null. */
export function findRedisServer() {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/bin', '/usr/sbin', '/usr/local/bin'])
    if (dir && existsSync(`${dir}/redis-server`)) return `${dir}/redis-server`;
  return null;
}

/** A TCP port nothing listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Sends one inline command; resolves with the whole reply (a bulk reply such as INFO's included). */
export function redisCommand(port, command) {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    let data = '';
    socket.once('error', reject);
    socket.on('data', (chunk) => {
      data += chunk.toString();
      const bulk = /^\$(\d+)\r\n/.exec(data);
      const whole = bulk ? data.length >= bulk[0].length + Number(bulk[1]) + 2 : data.includes('\r\n');
      if (whole) {
        socket.destroy();
        resolve(data);
      }
    });
    socket.write(`${command}\r\n`);
  });
}

export class RedisServer {
  constructor(port, dir, persist) {
    this.port = port;
    this.dir = dir;
    this.persist = persist;
    this.child = undefined;
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server and resolves once it answers PING. */
  async start() {
    const path = findRedisServer();
    if (!path) throw new Error('redis-server not found: apt-get install redis-server (.ci/run does)');
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', ''];
    args.push(...(this.persist ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']));
    this.child = spawn(path, args, { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        if ((await redisCommand(this.port, 'PING')).startsWith('+PONG')) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${this.port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Stops the server (SIGTERM: with persistence the append-only file is complete). */
  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

/** A redis-server on a free port, storing its files in `dir`. */
export async function startRedis(dir, persist = false) {
  const server = new RedisServer(await freePort(), dir, persist);
  await server.start();
  return server;
}
