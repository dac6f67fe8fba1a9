/**
 * The worker script. The build replaces this whole module (rollup.config.mjs, inlineWorker) with one
 * that returns `{ code }`: entry.ts bundled into a single self-contained script, so that no bundler
 * has to find, copy or rewrite a worker file. Run from sources (vitest with GN_TEST_SRC=1), there is
 * no bundled text yet, so the built standalone script is used from dist/ (run `npm run build:js`).
 */
export function workerScript(): { code: string } | { url: URL } {
  return { url: new URL('../../dist/worker-entry.js', import.meta.url) };
}
