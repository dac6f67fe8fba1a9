// What each element needs beyond a chess board, loaded when the first such element reads its input
// (so a page with one game never downloads the PBN, BPGN, AIF or problem readers). Each loader
// resolves once; `loaded` gives the module synchronously afterwards.

/** A module loaded on first use: `load()` starts it, `loaded` has it once it is there. */
export class Lazy<T> {
  private promise: Promise<T> | undefined;
  loaded: T | undefined;
  constructor(private readonly importer: () => Promise<T>) {}

  load(): Promise<T> {
    this.promise ??= this.importer().then(
      (m) => (this.loaded = m),
      (e: unknown) => {
        this.promise = undefined;
        throw e;
      },
    );
    return this.promise;
  }

  /** Runs `use` now when the module is there, else once it has loaded. */
  use<R>(use: () => R): R | Promise<R> {
    return this.loaded ? use() : this.load().then(use);
  }
}

export const dealLib = new Lazy(() => import('./lib-deal.js'));
export const matchLib = new Lazy(() => import('./lib-match.js'));
export const analysisLib = new Lazy(() => import('./lib-analysis.js'));
export const problemLib = new Lazy(() => import('./lib-problem.js'));
