import { existsSync, readFileSync } from 'node:fs';
import esbuild from 'rollup-plugin-esbuild';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { rollup } from 'rollup';

// One ESM entry per public subpath; an entry whose source does not exist yet is left out.
const entries = {
  index: 'src/index.ts',
  codes: 'src/codes.ts',
  chess: 'src/chess/index.ts',
  pgn: 'src/pgn/index.ts',
  bridge: 'src/bridge/index.ts',
  problems: 'src/problems/index.ts',
  bughouse: 'src/bughouse/index.ts',
  engine: 'src/engine/index.ts',
  aif: 'src/aif/index.ts',
  epd: 'src/epd/index.ts',
  diagram: 'src/diagram/index.ts',
  worker: 'src/worker/index.ts',
  elements: 'src/elements/index.ts',
  queue: 'src/queue/index.ts',
  cli: 'src/cli/main.ts',
  'cli-pgn-worker': 'src/cli/pgn-worker.ts',
};
const input = Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(file)));
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
// Every subpath must load in a page with no bundler and no import map, so dependencies the library
// needs in browsers (comlink, fast-xml-parser) are bundled into dist/. Only what runs in Node alone
// stays a bare import: the CLI's dependencies, and optional/peer packages loaded on demand.
const NODE_ONLY = ['cli-progress'];
const external = [...NODE_ONLY, ...Object.keys(pkg.optionalDependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
const isExternal = (id) => external.some((name) => id === name || id.startsWith(`${name}/`)) || id.startsWith('node:');

/**
 * The worker script, built first as one self-contained classic script (no imports, no
 * import.meta): src/worker/source.ts is replaced by a module returning its text, which the client
 * starts from a Blob URL (browsers) or `eval` (worker_threads), so no bundler has to follow
 * `new URL(…, import.meta.url)`. The same text is written to dist/worker-entry.js for pages that must
 * load workers from a URL (a Content-Security-Policy without blob:).
 */
function inlineWorker() {
  let script;
  const build = async () => {
    const bundle = await rollup({
      input: 'src/worker/entry.ts',
      // Optional engines and Node-only packages stay out of the script (a job loads them at run time).
      external: isExternal,
      plugins: [nodeResolve({ browser: true }), esbuild({ target: 'es2022', minify: true })],
      onwarn: (warning, warn) => (warning.code === 'CIRCULAR_DEPENDENCY' ? undefined : warn(warning)),
    });
    const { output } = await bundle.generate({ format: 'iife', inlineDynamicImports: true });
    await bundle.close();
    return output[0].code;
  };
  return {
    name: 'gamenotation-inline-worker',
    buildStart() {
      script = build();
      script.catch(() => {}); // reported where it is awaited
    },
    async load(id) {
      if (!id.replaceAll('\\', '/').endsWith('/src/worker/source.ts')) return null;
      return `export function workerScript() { return { code: ${JSON.stringify(await script)} }; }\n`;
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'worker-entry.js', source: await script });
    },
  };
}

/**
 * The licences of the packages bundled into dist/ (fast-xml-parser, comlink, …): their LICENSE texts
 * in dist/THIRD-PARTY-LICENSES.txt, and a line naming them at the top of each chunk that holds them.
 */
function thirdPartyLicences() {
  const packageOf = (id) => {
    const m = /^(.*\/node_modules\/((?:@[^/]+\/)?[^/]+))\//.exec(id.replaceAll('\\', '/'));
    return m ? { dir: m[1], name: m[2] } : null;
  };
  const describe = (dir) => {
    const meta = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'));
    return `${meta.name}@${meta.version} (${meta.license ?? 'see its package'})`;
  };
  return {
    name: 'third-party-licences',
    renderChunk(code, chunk) {
      const names = [...new Set(chunk.moduleIds.map(packageOf).filter(Boolean).map((p) => p.dir))].map(describe).sort();
      return names.length ? `/*! Bundled: ${names.join(', ')}. Licences: THIRD-PARTY-LICENSES.txt */\n${code}` : null;
    },
    generateBundle(_options, bundle) {
      const dirs = new Set();
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') for (const id of chunk.moduleIds) { const p = packageOf(id); if (p) dirs.add(p.dir); }
      const texts = [...dirs].sort().map((dir) => {
        const file = ['LICENSE', 'LICENSE.md', 'LICENSE.txt'].map((f) => `${dir}/${f}`).find((f) => existsSync(f));
        return `${describe(dir)}\n${'='.repeat(72)}\n${file ? readFileSync(file, 'utf8').trim() : '(no licence file in the package)'}\n`;
      });
      if (texts.length) this.emitFile({ type: 'asset', fileName: 'THIRD-PARTY-LICENSES.txt', source: `Packages bundled into this directory, with their licences.\n\n${texts.join('\n')}` });
    },
  };
}

export default {
  input,
  external: isExternal,
  plugins: [inlineWorker(), nodeResolve({ browser: false, preferBuiltins: true }), esbuild({ target: 'es2022', minify: false }), thirdPartyLicences()],
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    banner: (chunk) => (chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
  },
};
