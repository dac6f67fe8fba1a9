// Finds every error and warning code the library can report, by reading src/. Used by the test that
// holds src/codes.ts (the catalogue) to the code, so a new code without a catalogue entry fails.
// Every code is written as a full literal where it is reported ('ERR_…'/'WARN_…'), or in a table that
// names one code for another (the PGN reader's names for the lexer's codes, BFEN's for FEN and
// position codes, PBN's for the record scanner's and the bridge rules' issues), so the literals are
// all there is to find.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (/\.ts$/.test(name)) out.push(path);
  }
  return out;
}

/** Map from code to the files (relative to root) that produce it. */
export function collectCodes(root) {
  const src = join(root, 'src');
  const found = new Map();
  const add = (code, file) => {
    const rel = relative(root, file);
    if (!found.has(code)) found.set(code, new Set());
    found.get(code).add(rel);
  };
  for (const file of files(src)) {
    const text = readFileSync(file, 'utf8');
    // full codes as string literals ('ERR_X', "ERR_X", `ERR_X`); a prefix ending in _ is not a code
    for (const m of text.matchAll(/['"`]((?:ERR|WARN)_[A-Z0-9_]*[A-Z0-9])['"`]/g)) add(m[1], file);
  }
  return new Map([...found].map(([code, where]) => [code, [...where].sort()]).sort(([a], [b]) => (a < b ? -1 : 1)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [code, where] of collectCodes(process.cwd())) console.log(code, where.join(' '));
}
