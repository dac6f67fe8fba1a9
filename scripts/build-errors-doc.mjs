// Writes docs/errors.md from the error catalogue in src/codes.ts (grouped by format: code, severity,
// meaning, example). Run after changing the catalogue: node scripts/build-errors-doc.mjs
// test/core/errors-catalogue.node.test.ts fails when the committed file differs from this output.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cell = (text) =>
  String(text)
    .replace(/\|/g, '\\|')
    .replace(/\r/g, '\\r')
    .replace(/\n/g, '\\n')
    .replace(/\t/g, '\\t')
    // other invisible characters (controls, BOM, bytes 0x7F-0xA0, line separators) as \uXXXX
    .replace(
      /[\u0000-\u001f\u007f-\u00a0\u00ad\ufeff\u2028\u2029]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
    );
const code = (text) => {
  const t = cell(text);
  const ticks = t.includes('`') ? '``' : '`';
  return `${ticks}${ticks === '``' ? ' ' : ''}${t}${ticks === '``' ? ' ' : ''}${ticks}`;
};

/** The Markdown text of docs/errors.md for a catalogue (an array of CodeEntry). */
export function renderErrorsDoc(entries) {
  const formats = [...new Set(entries.map((e) => e.format))].sort();
  const withExample = entries.filter((e) => e.example).length;
  const withTrigger = entries.filter((e) => e.trigger).length;
  const out = [
    '# Error and warning codes',
    '',
    'Generated from `src/codes.ts` by `node scripts/build-errors-doc.mjs`; do not edit by hand.',
    'Every reader reports problems as `{ code, message, line, column }` (see `src/errors.ts`): `error`',
    "codes come in a result's `errors`, `warning` codes in its `warnings`. The catalogue is exported as",
    '`ERROR_CODES` from `gamenotation/codes`. In an example, `«x×300»` stands for 300 copies of `x`; an example',
    'given to `parseSan` is `FEN ; SAN`, one given to `solve` is `FEN ; stipulation` or a Popeye input, one given to `chesscomToMatch` is `gameA ; gameB`.',
    '',
    `${entries.length} codes; ${withExample} with an example the test suite runs through the named call, ` +
      `${withTrigger} raised by something other than text (the trigger and its tests are named), ` +
      `${entries.length - withExample - withTrigger} without an example yet.`,
    '',
    'Formats: ' + formats.map((f) => `[${f}](#${f})`).join(' · '),
    '',
  ];
  for (const format of formats) {
    out.push(`## ${format}`, '', '| code | severity | meaning | example |', '|---|---|---|---|');
    for (const e of entries.filter((x) => x.format === format)) {
      const example = e.example
        ? `${code(e.example.api)} ${code(e.example.input)}${e.example.options ? ` with ${code(JSON.stringify(e.example.options))}` : ''}`
        : e.trigger
          ? cell(e.trigger)
          : '—';
      out.push(`| ${code(e.code)} | ${e.severity} | ${cell(e.meaning)} | ${example} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

/** Loads src/codes.ts (TypeScript) through esbuild, so the doc can be built without a full build. */
export async function loadCatalogue(root) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(root, 'src/codes.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
  });
  const url = 'data:text/javascript;base64,' + Buffer.from(result.outputFiles[0].text).toString('base64');
  return (await import(url)).ERROR_CODES;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const entries = await loadCatalogue(root);
  writeFileSync(join(root, 'docs/errors.md'), renderErrorsDoc(entries));
  console.log(`docs/errors.md: ${entries.length} codes`);
}
