import { existsSync, readFileSync } from 'node:fs';
import esbuild from 'rollup-plugin-esbuild';
import { nodeResolve } from '@rollup/plugin-node-resolve';

// One ESM entry per public subpath; an entry whose source does not exist yet is left out.
const entries = {
  index: 'src/index.ts',
  chess: 'src/chess/index.ts',
  pgn: 'src/pgn/index.ts',
  bridge: 'src/bridge/index.ts',
  problems: 'src/problems/index.ts',
  bughouse: 'src/bughouse/index.ts',
  engine: 'src/engine/index.ts',
  aif: 'src/aif/index.ts',
  diagram: 'src/diagram/index.ts',
  worker: 'src/worker/index.ts',
  'worker-entry': 'src/worker/entry.ts',
  cli: 'src/cli/main.ts',
};
const input = Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(file)));
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => name !== 'comlink');

export default {
  input,
  external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)) || id.startsWith('node:'),
  plugins: [nodeResolve({ browser: false, preferBuiltins: true }), esbuild({ target: 'es2022', minify: false })],
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    banner: (chunk) => (chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
  },
};
