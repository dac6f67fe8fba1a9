import { EngineError } from './errors.js';
import { findExecutable, isNode, nodeBuiltin, NativeTransport } from './native.js';
import { UciEngine, type EngineTimeouts, type OptionValue } from './uci.js';
import {
  canUseThreads,
  liteSingleTransport,
  resolvePackageFile,
  StockfishWasmTransport,
  LITE_SINGLE_FILE,
} from './wasm.js';
import type { TransportFactory } from './transport.js';

/**
 * Which engine to open:
 * - `native`: a UCI binary (`path`, looked up on PATH and in /usr/games, /usr/local/bin…; default `stockfish`);
 * - `fairy`: Fairy-Stockfish (`path`, default `fairy-stockfish` looked up like a native binary), for crazyhouse and bughouse boards;
 * - `stockfish.wasm`: the npm `stockfish.wasm` (threads); on a page that is not cross-origin isolated the single-threaded build is used instead;
 * - `stockfish`: the npm `stockfish` package's lite-single build (no SharedArrayBuffer needed);
 * - `custom`: any transport (`transport`), e.g. a `MockTransport` in tests.
 */
export type EngineKind = 'native' | 'fairy' | 'stockfish.wasm' | 'stockfish' | 'custom';

/** Options of `openEngine`: which engine, where it is, its options and timeouts. */
export interface OpenEngineOptions {
  kind: EngineKind;
  /** A binary path or name (native, fairy), or in browsers the URL of the engine's .js file. */
  path?: string;
  args?: string[];
  /** For browsers: URL of the lite-single .js used when stockfish.wasm cannot run (no cross-origin isolation). */
  fallbackUrl?: string;
  transport?: TransportFactory;
  options?: Record<string, OptionValue>;
  timeouts?: EngineTimeouts;
  respawn?: boolean | number;
  /**
   * After loading, one small search must give a sane result (a legal best move, a queen-up
   * position scored clearly for the side with the queen): catches an engine shipped without its
   * evaluation network. Default: on, except for `custom`.
   */
  healthCheck?: boolean;
}

/** Names of native engines for each kind. */
const NATIVE_NAMES: Record<string, string[]> = {
  native: ['stockfish'],
  fairy: ['fairy-stockfish', 'fairy-stockfish-largeboard', 'fairystockfish'],
};

function nativePath(kind: 'native' | 'fairy', path?: string): string {
  const names = path ? [path] : NATIVE_NAMES[kind];
  for (const n of names) {
    const found = findExecutable(n);
    if (found) return found;
  }
  const hint =
    kind === 'fairy'
      ? 'install Fairy-Stockfish (Debian/Ubuntu: apt-get install fairy-stockfish) or pass its path'
      : 'install a UCI engine (Debian/Ubuntu: apt-get install stockfish) or pass its path';
  throw new EngineError(
    'ERR_ENGINE_NOT_FOUND',
    `${names.join(' / ')} not found on PATH or in the usual system folders; ${hint}`,
  );
}

/** The transport factory for a kind (throws ERR_ENGINE_NOT_FOUND when the engine is missing). */
export function engineTransport(opts: OpenEngineOptions): TransportFactory {
  switch (opts.kind) {
    case 'native':
    case 'fairy': {
      if (!isNode())
        throw new EngineError(
          'ERR_ENGINE_NOT_FOUND',
          `${opts.kind} engines run in Node only; in a browser use stockfish.wasm or stockfish`,
        );
      const path = nativePath(opts.kind, opts.path);
      return () => new NativeTransport(path, opts.args ?? [], { label: path });
    }
    case 'stockfish.wasm':
      if (!canUseThreads()) return () => liteSingleTransport(opts.fallbackUrl);
      return () => new StockfishWasmTransport(opts.path);
    case 'stockfish':
      return () => liteSingleTransport(opts.path);
    case 'custom':
      if (!opts.transport) throw new TypeError('kind custom needs a transport factory');
      return opts.transport;
    default:
      throw new TypeError(`unknown engine kind ${String((opts as { kind: unknown }).kind)}`);
  }
}

/**
 * Opens an engine: start, handshake, options, isready, and (by default) a health check.
 * @example
 * ```ts
 * const engine = await openEngine({ kind: 'native', options: { Hash: 64 } }); // stockfish on PATH or /usr/games
 * const r = await engine.analyse({ fen: 'startpos', moves: ['e4', 'e5'] }, { depth: 16 }, { multipv: 2 });
 * r.bestmove; r.lines[0]?.score.white().score();
 * await engine.close(); // or open it with `await using`
 * ```
 */
export async function openEngine(opts: OpenEngineOptions): Promise<UciEngine> {
  const engine = new UciEngine({
    transport: engineTransport(opts),
    options: opts.options,
    timeouts: opts.timeouts,
    respawn: opts.respawn,
  });
  try {
    await engine.open();
    if (opts.healthCheck ?? opts.kind !== 'custom') await healthCheck(engine);
  } catch (e) {
    await engine.close();
    throw e;
  }
  return engine;
}

/** Black is missing its queen; White to move must be scored well ahead. */
const HEALTH_FEN = 'rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** One tiny search whose result must be sane; rejects with ERR_ENGINE_HEALTH otherwise. */
export async function healthCheck(engine: UciEngine): Promise<void> {
  const r = await engine.analyse(HEALTH_FEN, { depth: 6 }, { timeout: 20000 });
  const line = r.lines[0];
  const ok = r.bestmove !== null && !!line && line.score.white().score() >= 300;
  if (!ok) {
    const seen = line ? `best ${r.bestmove}, score ${line.score.toString()}` : `best ${r.bestmove}, no score`;
    throw new EngineError(
      'ERR_ENGINE_HEALTH',
      `${engine.name || 'the engine'} gave an implausible result (${seen}) for a queen-up position: is its network file missing?`,
    );
  }
  await engine.newGame();
}

/** An engine `findEngines` found: kind, path and name. */
export interface FoundEngine {
  kind: EngineKind;
  /** Binary path, or the package's engine file. */
  path: string;
  /** From `id name` (the engine is started briefly), or the package version. */
  name?: string;
  version?: string;
  error?: string;
}

/** Lists the engines this machine has (Node): native binaries and installed peer packages. */
export async function listEngines(opts: { probe?: boolean } = {}): Promise<FoundEngine[]> {
  const out: FoundEngine[] = [];
  if (!isNode()) return out;
  for (const kind of ['native', 'fairy'] as const) {
    for (const name of NATIVE_NAMES[kind]) {
      const path = findExecutable(name);
      if (path) {
        out.push({ kind, path });
        break;
      }
    }
  }
  const fs = nodeBuiltin('node:fs'),
    pathMod = nodeBuiltin('node:path');
  for (const [kind, pkg, file] of [
    ['stockfish.wasm', 'stockfish.wasm', 'stockfish.js'],
    ['stockfish', 'stockfish', LITE_SINGLE_FILE],
  ] as const) {
    const p = resolvePackageFile(pkg, file);
    if (!p) continue;
    let version: string | undefined;
    try {
      let dir = pathMod.dirname(p);
      while (!fs.existsSync(pathMod.join(dir, 'package.json'))) dir = pathMod.dirname(dir);
      version = JSON.parse(fs.readFileSync(pathMod.join(dir, 'package.json'), 'utf8')).version;
    } catch {
      /* unknown */
    }
    out.push({ kind, path: p, version });
  }
  if (opts.probe !== false) {
    for (const e of out) {
      try {
        const eng = await openEngine({
          kind: e.kind,
          path: e.kind === 'native' || e.kind === 'fairy' ? e.path : undefined,
          healthCheck: false,
          timeouts: { handshake: 10000 },
        });
        e.name = eng.name;
        await eng.close();
      } catch (err) {
        e.error = (err as EngineError).code ?? (err as Error).message;
      }
    }
  }
  return out;
}
