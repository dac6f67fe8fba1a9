// A real redis-server for the queue tests, started on a free port in a temporary folder (CI installs
// Debian's redis-server; it is never mocked). With `persist`, every write is in the append-only file,
// so a restart on the same folder finds the queue as it was.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';

export function redisServerPath(): string {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/bin', '/usr/sbin', '/usr/local/bin'])
    if (dir && existsSync(`${dir}/redis-server`)) return `${dir}/redis-server`;
  throw new Error('redis-server not found: apt-get install redis-server (.ci/run does)');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Sends one inline command and returns the first reply line (`+PONG`, `$12`, …). */
export function redisCommand(port: number, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    let data = '';
    socket.once('error', reject);
    socket.on('data', (chunk) => {
      data += chunk.toString();
      if (data.includes('\r\n')) {
        socket.destroy();
        resolve(data);
      }
    });
    socket.write(`${command}\r\n`);
  });
}

export class RedisServer {
  private child?: ChildProcess;
  constructor(
    readonly port: number,
    readonly dir: string,
    readonly persist: boolean,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', ''];
    args.push(...(this.persist ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']));
    this.child = spawn(redisServerPath(), args, { stdio: 'ignore' });
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
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

export async function startRedis(dir: string, persist = false): Promise<RedisServer> {
  const server = new RedisServer(await freePort(), dir, persist);
  await server.start();
  return server;
}
