import { appendFileSync, createReadStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { chromeLauncher } from '@web/test-runner';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { sharedDir } from './scripts/shared-dir.mjs';

const shared = sharedDir();

/** Serves ../shared read-only at /__shared/ so browser tests read the same reference data. */
/** Counts the reference reads of the browser run: from ../shared, or answered "absent" (fixtures). */
function noteSource(source, rel) {
  const dir = process.env.GN_RESULTS_DIR || '.test-results';
  mkdirSync(dir, { recursive: true });
  appendFileSync(`${dir}/data-sources.browser.txt`, `${source} ${rel}\n`);
}

function sharedDataMiddleware(ctx, next) {
  if (!ctx.path.startsWith('/__shared/')) return next();
  if (ctx.path === '/__shared/.available') {
    if (!shared) noteSource('fixture', '.available');
    ctx.status = shared ? 200 : 404;
    ctx.body = shared ? 'yes' : '';
    return undefined;
  }
  const rel = normalize(decodeURIComponent(ctx.path.slice('/__shared/'.length)));
  const file = shared && !rel.startsWith('..') ? join(shared, rel) : null;
  if (!file || !existsSync(file) || !statSync(file).isFile()) {
    ctx.status = 404;
    return undefined;
  }
  noteSource('shared', rel);
  ctx.type = 'application/octet-stream';
  ctx.body = createReadStream(file);
  return undefined;
}

function isolationHeaders(ctx, next) {
  ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
  ctx.set('Cross-Origin-Embedder-Policy', 'require-corp');
  return next();
}

/** `gamenotation/<subpath>` resolves to the built package, as a user's bundler would. */
const selfReference = {
  name: 'gamenotation-self-reference',
  resolveImport({ source }) {
    if (source === 'gamenotation') return '/dist/index.js';
    const m = /^gamenotation\/(.+)$/.exec(source);
    return m ? `/dist/${m[1]}.js` : undefined;
  },
};

/** CI reads one total line; this reporter leaves the counts for scripts/test.mjs. */
function countingReporter() {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      const failures = [];
      const walk = (suite, prefix) => {
        for (const test of suite.tests) {
          if (test.skipped) continue;
          if (test.passed) passed++;
          else {
            failed++;
            failures.push(`${prefix}${test.name}`);
          }
        }
        for (const child of suite.suites) walk(child, `${prefix}${child.name} > `);
      };
      for (const session of sessions) {
        if (session.testResults) walk(session.testResults, `${session.testFile}: `);
        if (session.errors?.length) {
          failed++;
          failures.push(`${session.testFile}: ${session.errors.map((e) => e.message).join('; ')}`);
        }
      }
      const dir = process.env.GN_RESULTS_DIR || '.test-results';
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${dir}/browser.json`, JSON.stringify({ passed, failed, failures }, null, 1));
    },
  };
}

export default {
  files: ['test/**/*.test.ts', '!test/**/*.node.test.ts'],
  nodeResolve: true,
  concurrency: 1,
  testsFinishTimeout: 600_000,
  testFramework: { config: { timeout: 120_000, ui: 'bdd' } },
  plugins: [selfReference, esbuildPlugin({ ts: true, target: 'es2022' })],
  middleware: [isolationHeaders, sharedDataMiddleware],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
          '--disable-sync', '--no-first-run', '--disable-quic'],
      },
    }),
  ],
  reporters: [(await import('@web/test-runner')).defaultReporter(), countingReporter()],
};
