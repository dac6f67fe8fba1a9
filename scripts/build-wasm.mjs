// Compiles each wasm module (assembly/<name>.ts) and generates wasm-build/<name>.base64.js so the
// module can be loaded without any bundler configuration (see src/wasm/load.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'wasm-build');
mkdirSync(out, { recursive: true });
const target = process.env.WASM_TARGET || 'release';
const modules = ['chess', 'bridge', 'problems'].filter((name) => existsSync(join(root, 'assembly', `${name}.ts`)));
const asc = join(root, 'node_modules', 'assemblyscript', 'bin', 'asc.js');

// Compiler messages that are expected, each with why; anything else is printed as the compiler wrote
// it (and an error still fails the build).
const EXPLAINED = [
  {
    match: /^WARNING AS217: Function 'assembly\/bridge\/search\/follow' cannot be inlined into itself\./,
    why:
      'assembly/bridge/search.ts: follow() is @inline so that its call in search() is inlined; the call in ' +
      'searchMoves() closes the recursion (searchMoves -> follow -> searchMoves) and stays a call, as intended',
  },
  {
    match: /^Last converge was suboptimal\.$/,
    why:
      'asc --converge (asconfig.json) re-optimizes until a round stops shrinking the module; the last round ' +
      'grew it by a few bytes and asc keeps that result. Harmless: sizes are printed below',
  },
];

/** Splits the compiler's stderr into messages (blank-line separated) and explains the expected ones. */
function report(stderr) {
  for (const message of stderr
    .split(/\n\s*\n/)
    .map((m) => m.trim())
    .filter(Boolean)) {
    const known = EXPLAINED.find((e) => e.match.test(message));
    if (known) console.log(`note (expected): ${message.split('\n')[0]}\n  ${known.why}`);
    else process.stderr.write(`${message}\n\n`);
  }
}

for (const name of modules) {
  const wasmFile = join(out, `${name}.wasm`);
  const args = [
    asc,
    `assembly/${name}.ts`,
    '--config',
    'asconfig.json',
    '--target',
    target,
    '--outFile',
    wasmFile,
    '--textFile',
    join(out, `${name}.wat`),
    '--noColors',
  ];
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  process.stdout.write(run.stdout ?? '');
  report(run.stderr ?? '');
  if (run.status !== 0) {
    console.error(`asc failed on assembly/${name}.ts (exit ${run.status ?? run.signal})`);
    process.exit(1);
  }
  const base64 = readFileSync(wasmFile).toString('base64');
  writeFileSync(join(out, `${name}.base64.js`), `export default ${JSON.stringify(base64)};\n`);
  writeFileSync(join(out, `${name}.base64.d.ts`), 'declare const base64: string;\nexport default base64;\n');
  console.log(`wasm-build/${name}.wasm ${readFileSync(wasmFile).length} bytes`);
}
