// PGN fuzz target: the lexer, the reader (string and streamed) and the writer.
import { breakUtf8, jsonWithout, mutateText, pick, sliceOf } from './util.mjs';

const TOKENS = [
  '[',
  ']',
  '"',
  '\\"',
  '\\\\',
  '{',
  '}',
  '(',
  ')',
  ';',
  '%',
  '\n',
  '\r\n',
  '\r',
  '\t',
  ' ',
  '  ',
  '$',
  '$1',
  '$255',
  '$999',
  '!',
  '?',
  '!!',
  '??',
  '!?',
  '?!',
  '.',
  '...',
  '*',
  '1-0',
  '0-1',
  '1/2-1/2',
  '½-½',
  '1.',
  '2...',
  '12.',
  'e4',
  'e5',
  'd4',
  'Nf3',
  'Nc6',
  'Bb5',
  'a6',
  'O-O',
  'O-O-O',
  '0-0',
  'exd5',
  'e8=Q',
  'Qxf7#',
  'Kxd7+',
  '--',
  'Z0',
  '@',
  'N@f3',
  'P@e6',
  '@e6',
  'g1f3',
  'e7e8q',
  '[Event "x"]',
  '[White "W"]',
  '[Result "1-0"]',
  '[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]',
  '[SetUp "1"]',
  '[Variant "Crazyhouse"]',
  '[Variant "Chess960"]',
  '[Variant "Antichess"]',
  '[FEN "bqnrkbrn/pppppppp/8/8/8/8/PPPPPPPP/BQNRKBRN w KQkq - 0 1"]',
  '[FEN "garbage"]',
  '{[%clk 1:00:00]}',
  '{[%eval #-3]}',
  '{[%eval 0.25,20]}',
  '[%csl Ga1]',
  '[%cal Ge2e4]',
  '[%',
  'é',
  '\u00a0',
  '\uFEFF',
  '\u0000',
  '<',
  '>',
  'ü',
  '€',
  '\ud800',
  'x',
  'Event',
  '"value"',
  '1',
  '99999999999999999999',
  '\n%\t',
  '\t%',
  '%\tx\t',
  '; a } b',
  '{ % }',
  '\n% [Event "e"]\n',
  `[Annotator "${'a'.repeat(300)}"]`,
  '\t\t',
];

const SEEDS = [
  '[Event "E"]\n[Site "S"]\n[Date "2024.01.01"]\n[Round "1"]\n[White "W"]\n[Black "B"]\n[Result "1-0"]\n\n' +
    '{Intro} 1. e4! e5 (1... c5 {Sicilian} 2. Nf3 (2. c3) d6) 2. Nf3 $1 {[%clk 0:01:00]} Nc6 3. Bb5 a6 1-0\n\n',
  '[Event "x"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 Kd7 2. e5 *\n',
  '% escape line\n[Event "no result"]\n\n1. d4 d5\n[Event "next"]\n\n1. c4 ; line comment\n e5 1/2-1/2\n',
  '[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@e6 *\n',
];

/** Games as read, made comparable: no line numbers, errors or warnings (they differ by design). */
function comparable(games) {
  return games.map(({ value: g }) => jsonWithout({ root: g.root, moves: g.moves, result: g.result }, ['line']));
}

/** The headers `makePgn` writes for a game: the seven tag roster (defaults filled in), the result, the rest. */
/** A tag pair is one line: the writers write a control character of a value (C0 but the tab, DEL) as a space. */
const oneLine = (value) => value.replace(/[\x00-\x08\x0a-\x1f\x7f]/g, ' ');

function exportedHeaders(pgn, g) {
  const out = {};
  for (const [name, fallback] of pgn.SEVEN_TAG_ROSTER) out[name] = oneLine(g.headers[name] ?? fallback);
  for (const [name, value] of Object.entries(g.headers)) out[name] = oneLine(value);
  out.Result = g.result;
  return out;
}

const sortKeys = (o) =>
  JSON.stringify(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );

/** Checks one input; returns a description of the failure or null. */
export function checkPgn(lib, input) {
  const pgn = lib.pgn;
  const text = typeof input === 'string' ? input : lib.text.decodeBytes(input).text;
  const tokens = lib.text.tokenize(text);
  let last = 0;
  for (const t of tokens) {
    if (t.start < last || t.end <= t.start || t.end > text.length) return `lexer: token out of order at ${t.start}`;
    last = t.end;
  }
  const games = pgn.parsePgn(text);
  for (const g of games) {
    for (const e of [...g.errors, ...g.warnings]) {
      if (!/^ERR_/.test(e.code) || typeof e.line !== 'number' || typeof e.column !== 'number')
        return `untyped or unplaced error ${JSON.stringify(e)}`;
      if (e.message.length > 400) return `error message of ${e.message.length} characters`;
    }
  }
  const exported = games.map((g) => pgn.makePgn(g.value)).join('');
  for (const g of games) pgn.makePgn(g.value, { reduced: true });
  JSON.stringify(games);
  // parse → make → parse: the same games (moves, comments, NAGs, variations, result; the tags
  // makePgn writes), and export is a fixed point.
  const again = pgn.parsePgn(exported);
  if (again.length !== games.length) return `round trip: ${games.length} games, then ${again.length}:\n${exported}`;
  const a = comparable(games);
  const b = comparable(again);
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return `round trip: game ${i + 1} differs:\n${a[i]}\n---\n${b[i]}\n--- exported:\n${exported}`;
    if (sortKeys(exportedHeaders(pgn, games[i].value)) !== sortKeys(again[i].value.headers))
      return `round trip: tags of game ${i + 1} differ: ${JSON.stringify(games[i].value.headers)} -> ${JSON.stringify(again[i].value.headers)}`;
  }
  const twice = again.map((g) => pgn.makePgn(g.value)).join('');
  if (twice !== exported) return `export not idempotent:\n${exported}\n---\n${twice}`;
  return null;
}

/** Streams an input in random chunks; the games, with their errors and warnings, must equal the whole input's. */
export async function checkPgnStream(lib, input, r) {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const chunks = [];
  for (let i = 0; i < bytes.length;) {
    const n = 1 + Math.floor(r() * 64);
    chunks.push(bytes.subarray(i, i + n));
    i += n;
  }
  const streamed = [];
  for await (const g of lib.pgn.readPgn(chunks)) streamed.push(g);
  const whole = [];
  for await (const g of lib.pgn.readPgn(bytes)) whole.push(g);
  if (JSON.stringify(streamed) !== JSON.stringify(whole)) return 'streamed games differ from whole-input games';
  return null;
}

async function streamed(lib, text) {
  const bytes = new TextEncoder().encode(text);
  const chunks = [];
  for (let i = 0; i < bytes.length; i += 4096) chunks.push(bytes.subarray(i, i + 4096));
  let out = '';
  for await (const g of lib.pgn.readPgn(chunks)) out += lib.pgn.makePgn(g.value);
  return out;
}

/** A generator of inputs: token soup, mutated corpus slices, long runs, invalid UTF-8. */
export function pgnInputs(r, corpus, { maxSlice = 1500 } = {}) {
  const soup = (n) => {
    let s = '';
    for (let i = 0; i < n; i++) s += pick(r, TOKENS) + (r() < 0.5 ? ' ' : '');
    return s;
  };
  const texts = corpus.length ? corpus : SEEDS;
  return () => {
    const k = r();
    if (k < 0.3) return soup(1 + Math.floor(r() * 60));
    if (k < 0.85) return mutateText(r, sliceOf(r, pick(r, texts), maxSlice), TOKENS);
    if (k < 0.9)
      return `1. e4 ${pick(r, ['(', '(1. d4 ', '{', ')', '[', '"', '$1 ', '--'])}`.repeat(1 + Math.floor(r() * 3000));
    if (k < 0.95) return breakUtf8(r, soup(20));
    return (
      pick(r, ['\r', '\n', '\r\n', ' ', '[', '{', '(', ';', '%', '\t%']).repeat(1 + Math.floor(r() * 5000)) + soup(5)
    );
  };
}

export const pgnTarget = {
  name: 'pgn',
  ext: 'pgn',
  seeds: SEEDS,
  /** Reference texts for mutation (read, never copied): ../shared/data/chess/pgn. */
  corpusDirs: ['data/chess/pgn'],
  inputs: pgnInputs,
  async check(lib, input, r) {
    const problem = checkPgn(lib, input);
    if (problem || !r || r() >= 0.02) return problem;
    return checkPgnStream(lib, input, r);
  },
  /** Inputs of any size, for the linear-time and flat-memory checks. */
  shapes: {
    games: (n) => SEEDS[0].repeat(Math.ceil(n / SEEDS[0].length)),
    'unmatched )': (n) => ')'.repeat(n),
    'open (': (n) => `1. e4 ${'('.repeat(n)}`,
    'nested variations': (n) => `1. e4 ${'(1. d4 '.repeat(n / 7)}${')'.repeat(n / 7)} *`,
    'long comment': (n) => `1. e4 {${'c '.repeat(n / 2)}} *`,
    'bad tokens': (n) => `1. e4 ${'x! '.repeat(n / 3)}*`,
    'tag lines': (n) => '[A "b"]\n'.repeat(n / 8),
    'escape lines': (n) => '%\tx\n'.repeat(n / 4),
    'streamed long game': (n) => `[Event "x"]\n\n1. e4 {${'c '.repeat(n / 2)}} e5 *\n`,
    'streamed games': (n) => SEEDS[0].repeat(Math.ceil(n / SEEDS[0].length)),
  },
  /** Reads and writes a shape; the `streamed` shapes go through `readPgn` in 4 KiB chunks. */
  run(lib, text, name) {
    if (name?.startsWith('streamed')) return streamed(lib, text);
    return lib.pgn
      .parsePgn(text)
      .map((g) => lib.pgn.makePgn(g.value))
      .join('');
  },
};
