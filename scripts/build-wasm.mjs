// Compiles each wasm module (assembly/<name>.ts) and generates wasm-build/<name>.base64.js so the
// module can be loaded without any bundler configuration (see src/wasm/load.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'wasm-build');
mkdirSync(out, { recursive: true });
const target = process.env.WASM_TARGET || 'release';
const modules = ['chess', 'bridge', 'problems'].filter((name) => existsSync(join(root, 'assembly', `${name}.ts`)));
const asc = join(root, 'node_modules', 'assemblyscript', 'bin', 'asc.js');
for (const name of modules) {
  const wasmFile = join(out, `${name}.wasm`);
  execFileSync(process.execPath, [asc, `assembly/${name}.ts`, '--config', 'asconfig.json', '--target', target,
    '--outFile', wasmFile, '--textFile', join(out, `${name}.wat`)], { cwd: root, stdio: 'inherit' });
  const base64 = readFileSync(wasmFile).toString('base64');
  writeFileSync(join(out, `${name}.base64.js`), `export default ${JSON.stringify(base64)};\n`);
  writeFileSync(join(out, `${name}.base64.d.ts`), 'declare const base64: string;\nexport default base64;\n');
  console.log(`wasm-build/${name}.wasm ${readFileSync(wasmFile).length} bytes`);
}
