// README.md is put together from docs/: the overview, then one section per domain, so each
// domain's documentation has one source. Run `node scripts/build-readme.mjs` after editing docs/.
import { readFileSync, writeFileSync } from 'node:fs';

const parts = [
  'overview',
  'chess',
  'pgn',
  'bughouse',
  'engine',
  'aif',
  'queue',
  'bridge-pbn',
  'bridge-dd',
  'problems',
  'problems-solver',
  'diagram',
  'worker',
  'cli',
  'fuzz',
  'development',
];
const demote = (text) => (/^# /m.test(text) ? text.replace(/^(#+) /gm, '#$1 ') : text);
const body = parts.map((name, i) => {
  // Pictures are linked relative to docs/; the README sits one folder up.
  const text = readFileSync(new URL(`../docs/${name}.md`, import.meta.url), 'utf8')
    .trim()
    .replace(/\]\(img\//g, '](docs/img/');
  return i === 0 ? text : demote(text);
});
writeFileSync(new URL('../README.md', import.meta.url), `${body.join('\n\n')}\n`);
