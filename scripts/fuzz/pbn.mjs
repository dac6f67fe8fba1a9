// PBN fuzz target: parsePbn and makePbn (helper C's reader and writer in src/bridge; crashers found
// here are saved to test/fixtures/fuzz/pbn/).
import { breakUtf8, jsonWithout, mutateText, pick, sliceOf } from './util.mjs';

const SEEDS = [
  '% PBN 2.1\n% EXPORT\n[Event "E"]\n[Site "S"]\n[Date "2024.01.01"]\n[Board "1"]\n[West "w"]\n[North "n"]\n[East "e"]\n[South "s"]\n' +
    '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n[Scoring "IMP"]\n' +
    '[Declarer "S"]\n[Contract "3NT"]\n[Result "9"]\n[Auction "N"]\nPass 1NT Pass 3NT =1=\nPass Pass Pass\n[Note "1:alert"]\n' +
    '[Play "W"]\nSA S2 S3 S4\nHK - - -\n*\n\n',
  '[Event "x"]\n[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "E:- - - -"]\n{ a comment }\n' +
    '[ScoreTable "Rank\\2R;PairId\\3;Score\\5R"]\n 1 "12" 100\n 2 "7"  -50\n\n[Event "#"]\n[Board "3"]\n\n',
];
const TOKENS = [
  '[',
  ']',
  '{',
  '}',
  '"',
  ';',
  '%',
  '$1',
  '=1=',
  '!',
  '?',
  '^R',
  '*',
  '+',
  '-',
  '#',
  '##',
  '\n',
  '\r\n',
  '\t',
  ' ',
  'Pass',
  'X',
  'XX',
  '1C',
  '7NT',
  'AP',
  'SA',
  'HK',
  'D2',
  'N',
  'E',
  'S',
  'W',
  '[Auction "S"]',
  '[Play "N"]',
  '[Note "1:x"]',
  '[Deal "N:AKQ.. T9.. ..."]',
  '[ScoreTable "A\\3R;B"]',
  '[Contract "4SX"]',
  '[Result "^10"]',
  '[Date "2013-11-23 11:23"]',
  'é',
  '\u0000',
];

export function checkPbn(lib, input) {
  const { parsePbn, makePbn } = lib.bridge;
  const a = parsePbn(input);
  for (const e of [...a.errors, ...a.warnings]) {
    if (!/^ERR_/.test(e.code)) return `untyped error ${JSON.stringify(e)}`;
    if (e.message.length > 400) return `error message of ${e.message.length} characters`;
  }
  const out = makePbn(a.value.games);
  const b = parsePbn(out).value;
  if (b.games.length !== a.value.games.length)
    return `round trip: ${a.value.games.length} games, then ${b.games.length}`;
  // Export is a fixed point and the exported form reads back to the same model.
  const out2 = makePbn(b.games);
  if (out2 !== out) return `export not idempotent:\n${out}\n---\n${out2}`;
  const c = parsePbn(out2).value;
  if (jsonWithout(c.games, []) !== jsonWithout(b.games, []))
    return 'round trip: the exported form reads as another model';
  return null;
}

const reportKey = (list) => list.map((e) => `${e.code} ${e.line}:${e.column} ${e.message}`).sort();

/**
 * The input's bytes in chunks (random sizes with `r`, 97 bytes without): readPbn must give
 * parsePbn's games and the same errors and warnings, whatever the cuts.
 */
export async function checkPbnStream(lib, input, r) {
  const { parsePbn, readPbn, isEmptyPbnGame } = lib.bridge;
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const chunks = [];
  for (let i = 0; i < bytes.length;) {
    const n = r ? 1 + Math.floor(r() * (r() < 0.5 ? 16 : 4096)) : 97;
    chunks.push(bytes.subarray(i, i + n));
    i += n;
  }
  const whole = parsePbn(bytes);
  const items = [];
  for await (const item of readPbn(chunks)) items.push(item);
  const games = items.filter((i) => !isEmptyPbnGame(i.value)).map((i) => i.value);
  if (JSON.stringify(games) !== JSON.stringify(whole.value.games)) return 'streamed games differ from parsePbn';
  const same = (a, b) => JSON.stringify(reportKey(a)) === JSON.stringify(reportKey(b));
  if (
    !same(
      items.flatMap((i) => i.errors),
      whole.errors,
    )
  )
    return 'streamed errors differ from parsePbn';
  if (
    !same(
      items.flatMap((i) => i.warnings),
      whole.warnings,
    )
  )
    return 'streamed warnings differ from parsePbn';
  return null;
}

export const pbnTarget = {
  name: 'pbn',
  ext: 'pbn',
  seeds: SEEDS,
  corpusDirs: ['data/bridge/pbn-corpus'],
  inputs(r, corpus) {
    const texts = corpus.length ? corpus : SEEDS;
    return () => {
      const k = r();
      if (k < 0.25) {
        let s = '';
        for (let i = 0, n = 1 + Math.floor(r() * 50); i < n; i++) s += pick(r, TOKENS) + (r() < 0.5 ? ' ' : '');
        return s;
      }
      if (k < 0.9) return mutateText(r, sliceOf(r, pick(r, texts), 3000), TOKENS);
      if (k < 0.95) return breakUtf8(r, pick(r, SEEDS));
      return pick(r, [')', '+', '}', '[', '{', '"', '\n']).repeat(1 + Math.floor(r() * 5000));
    };
  },
  async check(lib, input, r) {
    return checkPbn(lib, input) ?? (!r || r() < 0.25 ? await checkPbnStream(lib, input, r) : null);
  },
  shapes: {
    games: (n) => SEEDS[0].repeat(Math.ceil(n / SEEDS[0].length)),
    'unmatched )': (n) => ')'.repeat(n),
    'long auction': (n) => `[Auction "N"]\n${'Pass '.repeat(n / 5)}\n`,
    'table rows': (n) => `[ScoreTable "Rank\\2R;Score\\5R"]\n${' 1 100\n'.repeat(n / 7)}`,
  },
  run: (lib, text) => lib.bridge.makePbn(lib.bridge.parsePbn(text).value.games),
};
