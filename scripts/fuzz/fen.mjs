// FEN fuzz target: parseFen and makeFen (X-FEN and Shredder castling, crazyhouse pockets).
import { jsonWithout, mutateText, pick } from './util.mjs';

const SEEDS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 12 40',
  '8/8/8/8/8/8/8/R3K1k1 b Q - 0 1',
  'bqnrkbrn/pppppppp/8/8/8/8/PPPPPPPP/BQNRKBRN w DGdg - 0 1',
  'rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3',
  'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R/Nn w KQkq - 2 3',
  'rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R[Pp] w HAha - 0 1',
  '4k3/8/8/8/8/8/4P3/4K3 w - -',
];
const TOKENS = [
  '/',
  '8',
  '1',
  '9',
  '0',
  'p',
  'P',
  'k',
  'K',
  'q',
  'Q',
  'r',
  'R',
  'n',
  'b',
  'x',
  '~',
  ' ',
  '  ',
  '\t',
  '-',
  'w',
  'b',
  'KQkq',
  'HAha',
  'A',
  'h',
  'e3',
  'e6',
  'a9',
  '[',
  ']',
  '[Qq]',
  '/Nn',
  '99999999999999999999',
  '-1',
  '+',
  '3+3',
  'é',
  '\n',
];

export function checkFen(lib, input) {
  const { parseFen, makeFen } = lib.chess;
  const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
  const a = parseFen(text);
  if (!a.ok) {
    const e = a.error;
    if (!/^ERR_/.test(e.code)) return `untyped error ${JSON.stringify(e)}`;
    if (e.message.length > 400) return `error message of ${e.message.length} characters`;
    return null;
  }
  // parse → make → parse: the same setup, and make is a fixed point (both castling notations).
  // `promoted: true` writes the `~` marks, which makeFen leaves out by default without pockets.
  for (const shredder of [false, true]) {
    const fen = makeFen(a.value, { shredder, promoted: true });
    const b = parseFen(fen);
    if (!b.ok)
      return `makeFen${shredder ? ' (Shredder)' : ''} wrote ${JSON.stringify(fen)}, which does not read back: ${b.error.code} ${b.error.message}`;
    if (jsonWithout(b.value, []) !== jsonWithout(a.value, []))
      return `round trip${shredder ? ' (Shredder)' : ''}: ${JSON.stringify(text)} -> ${JSON.stringify(fen)} reads as another setup`;
    if (makeFen(b.value, { shredder, promoted: true }) !== fen)
      return `makeFen not idempotent on ${JSON.stringify(fen)}`;
  }
  return null;
}

export const fenTarget = {
  name: 'fen',
  ext: 'fen',
  seeds: SEEDS,
  corpusDirs: [],
  inputs(r, corpus) {
    const texts = corpus.length ? corpus.flatMap((t) => t.split('\n').filter((l) => l.length < 200)) : SEEDS;
    return () => {
      const k = r();
      if (k < 0.8) return mutateText(r, pick(r, k < 0.5 ? SEEDS : texts), TOKENS, 1 + Math.floor(r() * 4));
      let s = '';
      for (let i = 0, n = 1 + Math.floor(r() * 30); i < n; i++) s += pick(r, TOKENS);
      return s;
    };
  },
  async check(lib, input) {
    return checkFen(lib, input);
  },
  shapes: {
    'long board': (n) => `${'1'.repeat(n)} w - - 0 1`,
    'many ranks': (n) => `${'8/'.repeat(n / 2)} w - - 0 1`,
    'long pocket': (n) => `8/8/8/8/8/8/8/K6k[${'Q'.repeat(n)}] w - - 0 1`,
    spaces: (n) => `8/8/8/8/8/8/8/K6k${' '.repeat(n)}w`,
  },
  run: (lib, text) => {
    const a = lib.chess.parseFen(text);
    return a.ok ? lib.chess.makeFen(a.value) : a.error.code;
  },
};
