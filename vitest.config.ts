import { configDefaults, defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
// @ts-ignore plain ESM helper shared with the browser runner
import { sharedDir } from './scripts/shared-dir.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
// Tests import `gamenotation/<subpath>`: the built package by default (what ships),
// or the sources with GN_TEST_SRC=1 for a fast edit-test loop.
const fromSource = process.env.GN_TEST_SRC === '1';

export default defineConfig({
  resolve: {
    alias: [
      { find: /^gamenotation$/, replacement: fromSource ? `${root}src/index.ts` : `${root}dist/index.js` },
      { find: /^gamenotation\/codes$/, replacement: fromSource ? `${root}src/codes.ts` : `${root}dist/codes.js` },
      {
        find: /^gamenotation\/(.*)$/,
        replacement: fromSource ? `${root}src/$1/index.ts` : `${root}dist/$1.js`,
      },
    ],
  },
  test: {
    globals: true,
    include: ['test/**/*.test.ts'],
    // `*.browser.test.ts` need a DOM (custom elements): @web/test-runner runs them in Chromium only.
    exclude: [...configDefaults.exclude, 'test/**/*.browser.test.ts'],
    setupFiles: ['test/support/vitest-setup.ts'],
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 120_000,
    env: { GAMENOTATION_SHARED: sharedDir() ?? '' },
    reporters: ['default', 'json'],
    outputFile: { json: `${process.env.GN_RESULTS_DIR || '.test-results'}/node.json` },
  },
});
