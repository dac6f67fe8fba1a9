// BPGN fuzz target: parseBpgn and makeBpgn (bughouse matches: two linked crazyhouse boards).
import { breakUtf8, mutateText, pick, sliceOf } from './util.mjs';

const SEEDS = [
  '[Event "Bughouse"]\n[Site "FICS"]\n[Date "2024.01.01"]\n[WhiteA "a"]\n[BlackA "b"]\n[WhiteB "c"]\n[BlackB "d"]\n[TimeControl "180"]\n[Result "1-0"]\n\n' +
    '1A. e4{179} 1a. e5{178} 1B. d4{179} 1b. d5{178} 2A. Nf3{177} 2a. Nc6{176} 2B. exd5{177} 2b. Qxd5{175} 3A. Bc4{175} 3a. P@h3{170} 1-0\n\n',
];
const TOKENS = [
  '1A.',
  '1a.',
  '2B.',
  '2b.',
  'e4',
  'e5',
  'd4',
  'Nf3',
  'P@e6',
  'N@f7',
  '@e6',
  'Qxf7#',
  '{12}',
  '{1.5}',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  '"',
  '*',
  '1-0',
  '0-1',
  '1/2-1/2',
  '[WhiteA "x"]',
  '[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1"]',
  '\n',
  ' ',
  '\t',
  '%',
  ';',
  '$1',
  'é',
];

export function checkBpgn(lib, input) {
  const { parseBpgn, makeBpgn } = lib.bughouse;
  const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
  const a = parseBpgn(text);
  for (const m of a) {
    for (const e of [...m.errors, ...m.warnings]) {
      if (!/^ERR_/.test(e.code)) return `untyped error ${JSON.stringify(e)}`;
      if (e.message.length > 400) return `error message of ${e.message.length} characters`;
    }
  }
  const out = makeBpgn(a.map((m) => m.value));
  const b = parseBpgn(out);
  if (b.length !== a.length) return `round trip: ${a.length} matches, then ${b.length}`;
  const out2 = makeBpgn(b.map((m) => m.value));
  if (out2 !== out) return `export not idempotent:\n${out}\n---\n${out2}`;
  return null;
}

export const bpgnTarget = {
  name: 'bpgn',
  ext: 'bpgn',
  seeds: SEEDS,
  corpusDirs: ['data/bughouse/bpgn'],
  inputs(r, corpus) {
    const texts = corpus.length ? corpus : SEEDS;
    return () => {
      const k = r();
      if (k < 0.85) return mutateText(r, sliceOf(r, pick(r, texts), 2000), TOKENS);
      if (k < 0.95) return breakUtf8(r, pick(r, SEEDS));
      return pick(r, ['(', ')', '{', '[', '\n', '1A. ']).repeat(1 + Math.floor(r() * 3000));
    };
  },
  async check(lib, input) {
    return checkBpgn(lib, input);
  },
  shapes: {
    matches: (n) => SEEDS[0].repeat(Math.ceil(n / SEEDS[0].length)),
    'unmatched )': (n) => ')'.repeat(n),
    'long comment': (n) => `1A. e4 {${'c '.repeat(n / 2)}} *`,
  },
  run: (lib, text) => lib.bughouse.makeBpgn(lib.bughouse.parseBpgn(text).map((m) => m.value)),
};
