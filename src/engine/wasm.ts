// WebAssembly engines from the optional npm peers: stockfish.wasm (threads, needs
// SharedArrayBuffer) and the `stockfish` package's lite-single build (no SharedArrayBuffer).
// Both are GPL programs loaded at run time from where the user installed or serves them; none
// is bundled.
import { EngineError } from './errors.js';
import { isNode, nodeBuiltin, NativeTransport } from './native.js';
import { TailBuffer, type Transport, type TransportHandlers } from './transport.js';

const g = globalThis as any;

/** The install command shown when an engine package is missing, per package. */
export const INSTALL_HINT: Record<string, string> = {
  'stockfish.wasm': 'npm install stockfish.wasm (GPL-3.0; an optional peer dependency of gamenotation)',
  stockfish: 'npm install stockfish (GPL-3.0; an optional peer dependency of gamenotation)',
};

/** Resolves a file of an installed package from the current directory, then from this module (Node). */
export function resolvePackageFile(pkg: string, file: string): string | undefined {
  const mod = nodeBuiltin('node:module');
  const path = nodeBuiltin('node:path');
  const fs = nodeBuiltin('node:fs');
  if (!mod || !path || !fs) return undefined;
  const bases = [path.join(g.process.cwd(), 'noop.js')];
  try {
    bases.push(new URL(import.meta.url).protocol === 'file:' ? import.meta.url : '');
  } catch {
    /* not a file URL */
  }
  for (const base of bases.filter(Boolean)) {
    try {
      const req = mod.createRequire(base);
      const main = req.resolve(`${pkg}/package.json`);
      const p = path.join(path.dirname(main), file);
      if (fs.existsSync(p)) return p;
    } catch {
      /* not installed from here */
    }
  }
  return undefined;
}

function notFound(pkg: string, detail: string): EngineError {
  return new EngineError(
    'ERR_ENGINE_NOT_FOUND',
    `${detail}; install it with: ${INSTALL_HINT[pkg] ?? `npm install ${pkg}`}`,
  );
}

export const LITE_SINGLE_FILE = 'bin/stockfish-19-lite-single.js';

/** Whether the page or worker may use SharedArrayBuffer (threads). Node always may. */
export function canUseThreads(): boolean {
  if (isNode()) return true;
  return g.crossOriginIsolated === true && typeof g.SharedArrayBuffer === 'function';
}

/**
 * stockfish.wasm: in Node, loaded in this process with its wasm bytes passed explicitly (its own
 * loader fails on Node's global fetch); in a browser, from `url` (the folder serving stockfish.js,
 * stockfish.wasm and stockfish.worker.js), only on a cross-origin-isolated page.
 */
export class StockfishWasmTransport implements Transport {
  readonly name = 'stockfish.wasm';
  private sf: any;
  private ended = false;
  private handlers?: TransportHandlers;
  private readonly stderr = new TailBuffer();

  constructor(private readonly url?: string) {}

  async start(h: TransportHandlers): Promise<void> {
    this.handlers = h;
    let factory: any;
    let init: Record<string, unknown>;
    if (isNode()) {
      const js = this.url ?? resolvePackageFile('stockfish.wasm', 'stockfish.js');
      if (!js) throw notFound('stockfish.wasm', 'the stockfish.wasm package is not installed');
      const path = nodeBuiltin('node:path'),
        fs = nodeBuiltin('node:fs'),
        mod = nodeBuiltin('node:module');
      const dir = path.dirname(js);
      factory = mod.createRequire(js)(js);
      init = {
        wasmBinary: fs.readFileSync(path.join(dir, 'stockfish.wasm')),
        locateFile: (f: string) => path.join(dir, f),
      };
    } else {
      if (!canUseThreads())
        throw new EngineError(
          'ERR_ENGINE_NOT_FOUND',
          'stockfish.wasm needs SharedArrayBuffer: serve the page with Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp, or use kind "stockfish" (single-threaded)',
        );
      if (!this.url)
        throw notFound(
          'stockfish.wasm',
          'in a browser, pass url: the address of stockfish.js (with stockfish.wasm and stockfish.worker.js beside it)',
        );
      const jsUrl = new URL(this.url, g.location?.href).href;
      let src: string;
      try {
        const res = await fetch(jsUrl);
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        src = await res.text();
      } catch (e) {
        throw notFound('stockfish.wasm', `cannot load ${jsUrl} (${(e as Error).message})`);
      }
      // The script defines a global factory; evaluated as a function body so it stays local.
      factory = new Function(`${src}\n;return Stockfish;`)();
      init = { locateFile: (f: string) => new URL(f, jsUrl).href, mainScriptUrlOrBlob: jsUrl };
    }
    // The module prints its banner with console.log before any listener can be attached; that
    // would land in the user's stdout (a CLI's JSON). Keep it off while loading.
    const console = g.console;
    const log = console.log;
    console.log = (...args: unknown[]) => {
      if (!(args.length === 1 && typeof args[0] === 'string' && args[0].startsWith('Stockfish ')))
        log.apply(console, args);
    };
    try {
      this.sf = await factory(init);
    } catch (e) {
      throw new EngineError('ERR_ENGINE_TERMINATED', `stockfish.wasm failed to start: ${(e as Error).message}`);
    } finally {
      console.log = log;
    }
    this.sf.addMessageListener((line: string) => {
      if (!this.ended) h.line(line);
    });
  }

  send(line: string): void {
    if (this.ended || !this.sf) return;
    try {
      this.sf.postMessage(line);
      if (line === 'quit') this.end({ code: 0, stderr: [] });
    } catch (e) {
      this.stderr.add(String((e as Error).message ?? e));
      this.end({ error: 'the wasm engine crashed', stderr: this.stderr.snapshot() });
    }
  }

  private end(reason: Parameters<TransportHandlers['exit']>[0]): void {
    if (this.ended) return;
    this.ended = true;
    try {
      this.sf?.terminate?.();
    } catch {
      /* already down */
    }
    this.handlers?.exit(reason);
  }

  kill(): void {
    this.end({ signal: 'terminate', stderr: this.stderr.snapshot() });
  }
}

/** An engine running as a web worker that speaks UCI by string messages (the `stockfish` builds do). */
export class WorkerTransport implements Transport {
  private worker: any;
  private ended = false;
  private handlers?: TransportHandlers;
  constructor(
    readonly url: string,
    readonly name = 'worker',
  ) {}

  async start(h: TransportHandlers): Promise<void> {
    this.handlers = h;
    if (typeof g.Worker !== 'function') throw new EngineError('ERR_ENGINE_NOT_FOUND', 'no Worker in this environment');
    try {
      this.worker = new g.Worker(this.url);
    } catch (e) {
      throw new EngineError('ERR_ENGINE_NOT_FOUND', `cannot start a worker from ${this.url}: ${(e as Error).message}`);
    }
    this.worker.onmessage = (e: MessageEvent) => {
      if (this.ended) return;
      const data = typeof e.data === 'string' ? e.data : String(e.data?.data ?? '');
      for (const l of data.split('\n')) if (l) h.line(l);
    };
    this.worker.onerror = (e: ErrorEvent) => {
      e.preventDefault?.();
      this.end({ error: `worker error: ${e.message ?? 'failed to load'}`, stderr: e.message ? [e.message] : [] });
    };
  }

  send(line: string): void {
    if (this.ended) return;
    this.worker.postMessage(line);
  }

  private end(reason: Parameters<TransportHandlers['exit']>[0]): void {
    if (this.ended) return;
    this.ended = true;
    this.worker?.terminate();
    this.handlers?.exit(reason);
  }

  kill(): void {
    this.end({ signal: 'terminate', stderr: [] });
  }
}

/**
 * The single-threaded Stockfish 19 lite build of the npm `stockfish` package: in Node as a child
 * process (`node stockfish-19-lite-single.js`, which speaks UCI on stdio), in a browser as a web
 * worker from `url` (the .wasm beside the .js).
 */
export function liteSingleTransport(url?: string): Transport {
  if (isNode()) {
    const js = url ?? resolvePackageFile('stockfish', LITE_SINGLE_FILE);
    if (!js) throw notFound('stockfish', 'the stockfish package is not installed');
    return new NativeTransport(g.process.execPath, [js], { label: 'stockfish lite-single' });
  }
  if (!url)
    throw notFound(
      'stockfish',
      'in a browser, pass url: the address of stockfish-19-lite-single.js (with its .wasm beside it)',
    );
  return new WorkerTransport(url, 'stockfish lite-single');
}
