// `npm run bench`: every bench/<domain>.mjs in one process, one after another (ours vs peers, ratios).
// Usage: node bench/run.mjs [domain ...]
import { readdirSync } from 'node:fs';

const only = process.argv.slice(2);
const files = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.mjs$/, '')))
  .sort();
console.log(`node ${process.version}, ${process.arch}; benches: ${files.join(', ')}\n`);
for (const file of files) {
  const { run } = await import(new URL(file, import.meta.url));
  // a module without run() is a helper of another bench (e.g. solve-corpus.mjs)
  if (typeof run !== 'function') continue;
  const started = performance.now();
  console.log(`## ${file.replace(/\.mjs$/, '')}\n`);
  await run();
  console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
}
