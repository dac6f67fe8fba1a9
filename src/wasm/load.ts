/**
 * One loader for every wasm module, on every platform (Node, browsers, Web Workers, worker_threads).
 *
 * The module bytes are inlined as base64 (wasm-build/<name>.base64.js), so no bundler or server
 * configuration is needed. `init()` compiles asynchronously; `exports()` falls back to a synchronous
 * compile on first use, which every platform allows for modules of our size.
 */
export class WasmModule<E extends WebAssembly.Exports> {
  private instance?: E;
  private pending?: Promise<E>;

  constructor(
    readonly name: string,
    private readonly base64: string,
  ) {}

  /** Compiles and instantiates once; later calls return the same instance. */
  init(): Promise<E> {
    if (this.instance) return Promise.resolve(this.instance);
    this.pending ??= WebAssembly.instantiate(decodeBase64(this.base64), imports(this.name)).then(({ instance }) => {
      this.instance ??= instance.exports as E;
      return this.instance;
    });
    return this.pending;
  }

  /** The ready instance, compiling synchronously if `init()` has not finished. */
  exports(): E {
    if (!this.instance) {
      const module = new WebAssembly.Module(decodeBase64(this.base64));
      this.instance = new WebAssembly.Instance(module, imports(this.name)).exports as E;
    }
    return this.instance;
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
    },
  };
}

export function decodeBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
