// AIF fuzz target: parseAif and makeAif (the Analysis Interchange Format).
import { readFileSync } from 'node:fs';
import { mutateText, pick, sliceOf } from './util.mjs';

// Seeds: our own fixtures of the three flavours (v0.5, the 2012 shape, v1.0), read at load.
const SEEDS = ['spec-v0.5.aif', 'legacy-2012-shape.aif', 'v1.0.aif'].map((f) =>
  readFileSync(new URL(`../../test/fixtures/aif/${f}`, import.meta.url), 'utf8'),
);
const TOKENS = [
  '[',
  ']',
  '"',
  '\n',
  ' ',
  '\t',
  '#',
  ':',
  ';',
  ',',
  '-',
  '+',
  '=',
  'e4',
  'Nf3',
  '1',
  '0',
  '-0.25',
  '999',
  '(',
  ')',
  '{',
  '}',
  'é',
  '[Event "x"]',
  '\n\n',
];

export function checkAif(lib, input) {
  const { parseAif, makeAif } = lib.aif;
  const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
  const a = parseAif(text);
  for (const g of a) {
    for (const e of [...g.errors, ...g.warnings]) {
      if (!/^ERR_/.test(e.code)) return `untyped error ${JSON.stringify(e)}`;
      if (e.message.length > 400) return `error message of ${e.message.length} characters`;
    }
  }
  const out = makeAif(a.map((g) => g.value));
  const b = parseAif(out);
  // An entry that holds only errors (junk such as a lone '[') has no AIF form and is written as
  // nothing (docs/aif.md), so the count compared is of the games that carry content.
  // an item with content (not one that holds only errors: it is written as nothing)
  const hasContent = (g) => g.game !== undefined || g.blocks.length > 0 || Object.keys(g.headers).length > 0;
  const withContent = (items) => items.filter((g) => hasContent(g.value)).length;
  if (withContent(b) !== withContent(a)) return `round trip: ${withContent(a)} games, then ${withContent(b)}`;
  if (b.length !== withContent(b))
    return `round trip: the export reads back with an entry of errors only: ${JSON.stringify(b.find((g) => !hasContent(g.value)).errors[0])}`;
  const out2 = makeAif(b.map((g) => g.value));
  if (out2 !== out) return `export not idempotent:\n${out.slice(0, 2000)}\n---\n${out2.slice(0, 2000)}`;
  return null;
}

export const aifTarget = {
  name: 'aif',
  ext: 'aif',
  seeds: SEEDS,
  corpusDirs: ['data/aif'],
  inputs(r, corpus) {
    const texts = corpus.length ? corpus : SEEDS;
    return () => mutateText(r, sliceOf(r, pick(r, texts), 3000), TOKENS);
  },
  async check(lib, input) {
    return checkAif(lib, input);
  },
  shapes: {
    lines: (n) => '[Event "x"]\n'.repeat(n / 12),
    'long line': (n) => `[Event "${'x'.repeat(n)}"]\n`,
  },
  run: (lib, text) => lib.aif.makeAif(lib.aif.parseAif(text).map((g) => g.value)),
};
