// PBI fuzz target: parsePbi and makePbi.
import { breakUtf8, mutateText, pick } from './util.mjs';

const SEEDS = [
  '\ufeff#PBI 1.2\r\n#comment\n' +
    'M. Abbott;S\\x3at John:1B6/7Q/4k3/4P2K/8/8/8/8:#2:68|White\\x3aSam|1962|:|Chess Amateur|1922|45;|x|y|z:2|Pr|Problem|1960:Dh7-b7:!:c\r' +
    ':11111111/8/8/8/8/8/8/K6k:h#2.5:||||::::$:\u0085' +
    'Bettman, H:8/7p/Q4Bsk/8/8/8/8/7K:s#3:The fourth|A|1868|::1|d|M|1974:Je6\\x3a atd:+:\u2028',
  '#PBI 1.1\n\\x23hash:8/8/8/8/8/8/8/K6k:#2::::::\n',
];
const TOKENS = [
  ':',
  ';',
  '|',
  '\\',
  'x',
  '3',
  'a',
  'g',
  '#',
  '/',
  '8',
  '1',
  'K',
  's',
  'N',
  '!',
  '*',
  '$',
  '\r',
  '\n',
  '\r\n',
  '\u0085',
  '\u2028',
  '\ufeff',
  'é',
  '\u0000',
  'PBI ',
  '1.2',
  '\\x23',
  '\\xZZ',
  '\t',
  '#PBI 1.2\n',
];

const model = (doc) => JSON.stringify(doc.problems.map(({ raw: _r, line: _l, newline: _n, ...p }) => p));

export function checkPbi(lib, input) {
  const { parsePbi, makePbi } = lib.problems;
  const { value: doc, errors, warnings } = parsePbi(input);
  for (const e of [...errors, ...warnings]) {
    if (!/^ERR_/.test(e.code) || typeof e.line !== 'number') return `untyped or unplaced error ${JSON.stringify(e)}`;
    if (e.message.length > 400) return `error message of ${e.message.length} characters`;
  }
  for (const options of [{ keepForsyth: true }, { canonical: true, keepForsyth: true }]) {
    const out = makePbi(doc, options);
    const again = parsePbi(out).value;
    if (model(again) !== model(doc)) return `round trip (${JSON.stringify(options)}): another model\n${out}`;
    if (makePbi(again, options) !== makePbi(parsePbi(makePbi(again, options)).value, options))
      return 'export not idempotent';
  }
  return null;
}

const reportKey = (list) => list.map((e) => `${e.code} ${e.line}:${e.column} ${e.message}`).sort();

/**
 * The input in chunks (random sizes with `r`, 7 units without; bytes cut anywhere, a UTF-8
 * sequence too): readPbi must give parsePbi's problems, errors and warnings.
 */
export async function checkPbiStream(lib, input, r) {
  const { parsePbi, readPbi } = lib.problems;
  const chunks = [];
  for (let i = 0; i < input.length;) {
    const n = r ? 1 + Math.floor(r() * (r() < 0.5 ? 8 : 2048)) : 7;
    chunks.push(typeof input === 'string' ? input.slice(i, i + n) : input.subarray(i, i + n));
    i += n;
  }
  const whole = parsePbi(input);
  const items = [];
  for await (const item of readPbi(chunks)) items.push(item);
  const problems = items.filter((i) => i.value.line !== undefined).map((i) => i.value);
  if (JSON.stringify(problems) !== JSON.stringify(whole.value.problems))
    return 'streamed problems differ from parsePbi';
  // the caps differ (per problem in the stream, per file in parsePbi): compare what both keep
  const kept = (list) => list.filter((e) => e.code !== 'ERR_TOO_MANY_ERRORS');
  const same = (a, b) => JSON.stringify(reportKey(kept(a))) === JSON.stringify(reportKey(kept(b)));
  const capped = whole.errors.length > 100 || whole.warnings.length > 100;
  if (
    !capped &&
    !same(
      items.flatMap((i) => i.errors),
      whole.errors,
    )
  )
    return 'streamed errors differ from parsePbi';
  if (
    !capped &&
    !same(
      items.flatMap((i) => i.warnings),
      whole.warnings,
    )
  )
    return 'streamed warnings differ from parsePbi';
  return null;
}

export const pbiTarget = {
  name: 'pbi',
  ext: 'pbi',
  seeds: SEEDS,
  tokens: TOKENS,
  corpusDirs: [],
  inputs(r, corpus) {
    const texts = [...SEEDS, ...corpus];
    return () => {
      const k = r();
      if (k < 0.9) return mutateText(r, pick(r, texts), TOKENS, 1 + Math.floor(r() * 6));
      return breakUtf8(r, pick(r, texts));
    };
  },
  async check(lib, input, r) {
    return checkPbi(lib, input) ?? (!r || r() < 0.25 ? await checkPbiStream(lib, input, r) : null);
  },
  shapes: {
    problems: (n) => `#PBI 1.2\n${'A;B:1B6/7Q/4k3/4P2K/8/8/8/8:#2:1|S|1962|:::Dh7-b7:!:c\n'.repeat(n / 52)}`,
    'long field': (n) => `#PBI 1.2\n${'a'.repeat(n)}:8/8/8/8/8/8/8/K6k:#2::::::\n`,
    'many names': (n) => `#PBI 1.2\n${'a;'.repeat(n / 2)}:8/8/8/8/8/8/8/K6k:#2::::::\n`,
    escapes: (n) => `#PBI 1.2\n${'\\x3a'.repeat(n / 4)}:8/8/8/8/8/8/8/K6k:#2::::::\n`,
    'comment lines': (n) => `#PBI 1.2\n${'#c\n'.repeat(n / 3)}:8/8/8/8/8/8/8/K6k:#2::::::\n`,
  },
  run: (lib, text) => lib.problems.makePbi(lib.problems.parsePbi(text).value),
};
