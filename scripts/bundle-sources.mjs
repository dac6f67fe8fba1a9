// Loads source modules of src/ (TypeScript) in plain Node scripts: esbuild bundles the named entry
// points into a temporary folder and each is imported. For the fuzz harness and the benches, which
// also exercise internals that have no package entry point (the text layer's lexer and splitter).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** `{ name: 'path/to/entry.ts' }` → `{ name: module }`. */
export async function bundleSources(entryPoints) {
  const { build } = await import('esbuild');
  const out = mkdtempSync(join(tmpdir(), 'gn-src-'));
  const modules = {};
  try {
    await build({
      entryPoints,
      bundle: true,
      format: 'esm',
      platform: 'node',
      outdir: out,
      splitting: true,
      logLevel: 'error',
    });
    for (const name of Object.keys(entryPoints))
      modules[name] = await import(pathToFileURL(join(out, `${name}.js`)).href);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  return modules;
}
