// Runs the Node suite (vitest) and the browser suite (@web/test-runner in Chromium), then prints the
// one total line CI reads: `N passed, N failed`. Exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

// A directory of its own, so that other runs in the same tree cannot mix their counts into ours.
const resultsDir = `.test-results/run-${process.pid}`;
rmSync(resultsDir, { recursive: true, force: true });
process.env.GN_RESULTS_DIR = resultsDir;
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;

// Habits the code is held to, each counted as one test: lint and format (eslint, prettier), and the
// types of the tests as well as the sources (tsc over test/tsconfig.json, which includes src).
// GN_SKIP_CHECKS=1 leaves them out (CI's second pass over the data-reading tests has had them once).
const checks = (
  process.env.GN_SKIP_CHECKS === '1'
    ? []
    : [
        ['lint (eslint + prettier)', 'npm', ['run', 'lint', '--silent']],
        ['typecheck (src and tests)', 'npm', ['run', 'typecheck', '--silent']],
        ['API reference (TypeDoc; every export documented)', 'npm', ['run', 'docs', '--silent']],
        ['API report (API Extractor; api/*.api.md matches the built surface)', 'npm', ['run', 'api', '--silent']],
      ]
).map(([name, cmd, args]) => ({ name, ok: run(cmd, args) === 0 }));

// Test files given on the command line narrow the Node suite to them.
const nodeStatus = run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
const browserStatus = process.env.GN_SKIP_BROWSER === '1' ? 0 : run('npx', ['web-test-runner']);

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const node = read(`${resultsDir}/node.json`);
const browser = read(`${resultsDir}/browser.json`);
let passed = 0;
let failed = 0;
for (const check of checks) {
  if (check.ok) passed++;
  else failed++;
  console.log(`${check.name}: ${check.ok ? 'passed' : 'FAILED'}`);
}
if (node) {
  passed += node.numPassedTests;
  failed += node.numFailedTests;
  console.log(`node: ${node.numPassedTests} passed, ${node.numFailedTests} failed`);
} else failed++;
if (process.env.GN_SKIP_BROWSER !== '1') {
  if (browser) {
    passed += browser.passed;
    failed += browser.failed;
    console.log(`browser: ${browser.passed} passed, ${browser.failed} failed`);
    for (const f of browser.failures) console.log(`  FAIL ${f}`);
  } else failed++;
}
// A runner that crashed without reporting counts as a failure.
if (nodeStatus !== 0 && failed === 0) failed++;
if (browserStatus !== 0 && failed === 0) failed++;
// How much of the run stood on the full reference data (../shared) and how much on the fixtures.
for (const side of ['node', 'browser']) {
  const file = `${resultsDir}/data-sources.${side}.txt`;
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  const shared = lines.filter((l) => l.startsWith('shared ')).length;
  const fixture = lines.filter((l) => l.startsWith('fixture ')).length;
  console.log(`${side} reference reads: ${shared} from ../shared, ${fixture} answered by fixtures (no ../shared)`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
