// Prints the Node test files that read the reference data (../shared or its fixtures in
// test/fixtures/), directly or through a test helper they import: the files whose results can
// differ on a clone without ../shared. CI runs these a second time as such a clone would.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const readsShared = /support\/data|GAMENOTATION_SHARED|\.\.\/shared/;

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const files = walk('test');
const text = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
const readers = new Set(files.filter((f) => readsShared.test(text.get(f))));
for (let grew = true; grew;) {
  grew = false;
  for (const f of files) {
    if (readers.has(f)) continue;
    const imports = [...text.get(f).matchAll(/from '(\.[^']+)'/g)].map((m) =>
      normalize(join(dirname(f), m[1])).replace(/\.js$/, '.ts'),
    );
    if (imports.some((i) => readers.has(i))) {
      readers.add(f);
      grew = true;
    }
  }
}
const tests = [...readers].filter((f) => f.endsWith('.test.ts') && !f.endsWith('.browser.test.ts')).sort();
console.log(tests.join('\n'));
