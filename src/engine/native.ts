// A native engine binary as a child process (Node only; loaded through process.getBuiltinModule so
// browser bundles never see a Node import).
import { EngineError } from './errors.js';
import { LineSplitter, TailBuffer, type Transport, type TransportHandlers } from './transport.js';

const g = globalThis as any;
export function nodeBuiltin<T = any>(name: string): T | undefined {
  const proc = (globalThis as any).process;
  return proc?.getBuiltinModule?.(name) as T | undefined;
}

export const isNode = (): boolean => typeof (globalThis as any).process?.versions?.node === 'string';

/** A child process speaking UCI on stdin/stdout; it leads its own process group, killed as a whole. */
export class NativeTransport implements Transport {
  readonly name: string;
  private child: any;
  private ended = false;
  private readonly stderr = new TailBuffer();

  constructor(
    readonly path: string,
    readonly args: string[] = [],
    private readonly opts: { cwd?: string; env?: Record<string, string>; label?: string } = {},
  ) {
    this.name = opts.label ?? path;
  }

  start(h: TransportHandlers): Promise<void> {
    const cp = nodeBuiltin('node:child_process');
    if (!cp)
      return Promise.reject(new EngineError('ERR_ENGINE_NOT_FOUND', 'native engines need Node.js (child_process)'));
    return new Promise((resolve, reject) => {
      let child: any;
      try {
        child = cp.spawn(this.path, this.args, {
          stdio: ['pipe', 'pipe', 'pipe'],
          detached: g.process.platform !== 'win32',
          cwd: this.opts.cwd,
          env: this.opts.env ? { ...g.process.env, ...this.opts.env } : undefined,
          windowsHide: true,
        });
      } catch (e) {
        reject(new EngineError('ERR_ENGINE_NOT_FOUND', `cannot start ${this.path}: ${(e as Error).message}`));
        return;
      }
      this.child = child;
      const out = new LineSplitter((l) => h.line(l));
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (d: string) => out.push(d));
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (d: string) => this.stderr.push(d));
      child.stdin.on('error', () => undefined); // EPIPE after a crash: the exit event reports it
      let started = false;
      child.once('spawn', () => {
        started = true;
        resolve();
      });
      child.once('error', (e: NodeJS.ErrnoException) => {
        if (!started) {
          this.ended = true;
          reject(
            new EngineError(
              'ERR_ENGINE_NOT_FOUND',
              e.code === 'ENOENT' ? `engine not found: ${this.path}` : `cannot start ${this.path}: ${e.message}`,
            ),
          );
          return;
        }
        this.finish(h, { error: e.message, stderr: this.stderr.snapshot() });
      });
      child.once('close', (code: number | null, signal: string | null) => {
        out.flush();
        this.finish(h, { code, signal, stderr: this.stderr.snapshot() });
      });
    });
  }

  private finish(h: TransportHandlers, reason: Parameters<TransportHandlers['exit']>[0]): void {
    if (this.ended) return;
    this.ended = true;
    h.exit(reason);
  }

  send(line: string): void {
    if (this.ended || !this.child?.stdin?.writable) return;
    this.child.stdin.write(line + '\n');
  }

  kill(): void {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    try {
      // Negative pid: the whole group (helper processes and threads the engine started).
      if (g.process.platform !== 'win32') g.process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      try {
        child.kill('SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }
}

const SYSTEM_DIRS = [
  '/usr/games',
  '/usr/local/games',
  '/usr/local/bin',
  '/usr/bin',
  '/opt/homebrew/bin',
  '/opt/local/bin',
  '/snap/bin',
];

/** Finds an executable by name on PATH and in the usual system folders; a path with a slash is checked as is. */
export function findExecutable(name: string): string | undefined {
  const fs = nodeBuiltin('node:fs');
  const path = nodeBuiltin('node:path');
  if (!fs || !path) return undefined;
  const isExe = (p: string): boolean => {
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return fs.statSync(p).isFile();
    } catch {
      return false;
    }
  };
  if (name.includes('/') || name.includes('\\')) return isExe(name) ? path.resolve(name) : undefined;
  const home = g.process.env.HOME;
  // npm scripts put node_modules/.bin first on PATH, where the npm `stockfish` package installs a
  // wasm build as `stockfish`: not a native binary (it is kind 'stockfish'), so it is skipped here.
  const onPath = (g.process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((d: string) => d && !/node_modules[\\/]\.bin/.test(d));
  const dirs = [...onPath, ...SYSTEM_DIRS, ...(home ? [path.join(home, '.local/bin')] : [])];
  const exts = g.process.platform === 'win32' ? ['.exe', ''] : [''];
  for (const dir of dirs)
    for (const ext of exts) {
      const p = path.join(dir, name + ext);
      if (isExe(p)) return p;
    }
  return undefined;
}
