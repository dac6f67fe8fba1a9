// Saved fuzz inputs (Node only): test/fixtures/fuzz/<format>/ holds seeds (seed-*) and crashers
// (crash-<hash>), replayed by `npm test` (test/text/fuzz-replay.node.test.ts). A file is the input's
// bytes; an input that is a string with lone surrogates (not writable as UTF-8) is saved as JSON
// `{ "text": … }` in a `.json` file.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputHash } from './util.mjs';

export const fixturesRoot = fileURLToPath(new URL('../../test/fixtures/fuzz/', import.meta.url));

const wellFormed = (s) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

/** Every saved input of a format: [{ file, input }]. */
export function readFixtures(format) {
  const dir = join(fixturesRoot, format);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file));
      if (file.endsWith('.json')) {
        const j = JSON.parse(raw.toString('utf8'));
        return { file, input: j.bytes ? new Uint8Array(j.bytes) : j.text };
      }
      return { file, input: new Uint8Array(raw.buffer, raw.byteOffset, raw.length) };
    });
}

/** Saves an input under `<prefix>-<hash>.<ext>`; returns the path relative to the repository. */
export function saveFixture(format, ext, prefix, input) {
  const dir = join(fixturesRoot, format);
  mkdirSync(dir, { recursive: true });
  const name = `${prefix}-${inputHash(input)}`;
  let file;
  if (typeof input === 'string' && !wellFormed(input)) {
    file = `${name}.json`;
    writeFileSync(join(dir, file), `${JSON.stringify({ text: input })}\n`);
  } else {
    file = `${name}.${ext}`;
    writeFileSync(join(dir, file), typeof input === 'string' ? input : Buffer.from(input));
  }
  return `test/fixtures/fuzz/${format}/${file}`;
}
