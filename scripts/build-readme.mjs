// README.md is put together from docs/: the overview, then one section per domain, so each
// domain's documentation has one source. Run `node scripts/build-readme.mjs` after editing docs/.
import { readFileSync, writeFileSync } from 'node:fs';

const parts = ['overview', 'chess', 'pgn', 'bridge-pbn', 'bridge-dd', 'problems', 'worker', 'cli', 'development'];
const demote = (text) => (/^# /m.test(text) ? text.replace(/^(#+) /gm, '#$1 ') : text);
const body = parts.map((name, i) => {
  const text = readFileSync(new URL(`../docs/${name}.md`, import.meta.url), 'utf8').trim();
  return i === 0 ? text : demote(text);
});
writeFileSync(new URL('../README.md', import.meta.url), `${body.join('\n\n')}\n`);
