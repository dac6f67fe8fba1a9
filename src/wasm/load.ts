/**
 * One loader for every wasm module, on every platform (Node, browsers, Web Workers, worker_threads).
 *
 * The module bytes are inlined as base64 (wasm-build/<name>.base64.js), so no bundler or server
 * configuration is needed. `init()` compiles asynchronously; `exports()` falls back to a synchronous
 * compile on first use, which every platform allows for modules of our size.
 *
 * Each module's memory layout and record formats are defined once, in `assembly/<module>/`: the module
 * exports its addresses (and struct offsets) and the TypeScript side reads them at instantiation. What
 * cannot be read that way (call signatures, record formats) is covered by an interface version: the
 * module exports `abiVersion()`, the TypeScript side passes the version it is written for, and any
 * other module (a stale `wasm-build/`) is refused with `ERR_WASM_ABI` before it is used.
 */
import { NotationFailure, notationError } from '../errors.js';

export interface WasmModuleOptions {
  /** The interface version this code is written for; the module's `abiVersion()` must return it. */
  abiVersion?: number;
}

export class WasmModule<E extends WebAssembly.Exports> {
  private instance?: E;
  private pending?: Promise<E>;

  constructor(
    readonly name: string,
    private readonly base64: string,
    private readonly options: WasmModuleOptions = {},
  ) {}

  /** Compiles and instantiates once; later calls return the same instance. Rejects with `ERR_WASM_ABI` on a stale module. */
  init(): Promise<E> {
    if (this.instance) return Promise.resolve(this.instance);
    this.pending ??= WebAssembly.instantiate(decodeBase64(this.base64), imports(this.name)).then(({ instance }) => {
      this.instance ??= this.checked(instance.exports as E);
      return this.instance;
    });
    return this.pending;
  }

  /** The ready instance, compiling synchronously if `init()` has not finished. Throws `ERR_WASM_ABI` on a stale module. */
  exports(): E {
    if (!this.instance) {
      const module = new WebAssembly.Module(decodeBase64(this.base64));
      this.instance = this.checked(new WebAssembly.Instance(module, imports(this.name)).exports as E);
    }
    return this.instance;
  }

  /** The exports, once their interface version is the expected one. */
  private checked(exports: E): E {
    const expected = this.options.abiVersion;
    if (expected === undefined) return exports;
    const version = exports.abiVersion;
    const found = typeof version === 'function' ? (version as () => number)() : undefined;
    if (found !== expected) {
      const what = found === undefined ? 'no interface version' : `interface version ${found}`;
      throw new NotationFailure(
        notationError(
          'ERR_WASM_ABI',
          `${this.name}.wasm has ${what}; this code needs version ${expected} (a stale wasm-build/? run npm run build:wasm)`,
        ),
      );
    }
    return exports;
  }

  get ready(): boolean {
    return this.instance !== undefined;
  }
}

function imports(name: string): WebAssembly.Imports {
  return {
    env: {
      abort(_message: number, _file: number, line: number, column: number): never {
        throw new Error(`gamenotation: ${name}.wasm aborted at ${line}:${column}`);
      },
      seed: () => 0x5eed,
      // a clock for searches that stop at a deadline (problems.wasm: solve --timeout)
      now: () => performance.now(),
    },
  };
}

/** Native base64 decoders, where the platform has one: `Uint8Array.fromBase64` (ES2026), Node's `Buffer`. */
const nativeBase64 = /* @__PURE__ */ (() => {
  const fromBase64 = (Uint8Array as { fromBase64?: (s: string) => Uint8Array<ArrayBuffer> }).fromBase64;
  if (typeof fromBase64 === 'function') return (s: string) => fromBase64(s);
  // A global in Node (no import: library code stays loadable in pages).
  const NodeBuffer = (globalThis as { Buffer?: { from(s: string, encoding: 'base64'): Uint8Array<ArrayBuffer> } })
    .Buffer;
  if (typeof NodeBuffer?.from === 'function') return (s: string) => NodeBuffer.from(s, 'base64');
  return undefined;
})();

export function decodeBase64(base64: string): Uint8Array<ArrayBuffer> {
  // The module's bytes at start-up: atob and a copy loop cost a few ms of a CLI call's start.
  if (nativeBase64) return nativeBase64(base64);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
