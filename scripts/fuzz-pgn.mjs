// Fuzzes the PGN lexer, reader and writer: `node scripts/fuzz-pgn.mjs [count=1000000] [seed=1]`.
// Inputs: random token soup, mutated slices of the shared corpus, and pathological shapes (deep
// nesting, long runs, odd line ends, invalid UTF-8). Per input it checks that nothing throws or
// hangs, that lexer tokens tile the text in order, and that export is idempotent
// (export(parse(export(x))) === export(x)). Every 100th input is also streamed in random chunks
// and must give the same games as the string reader. Exits 1 on any failure, printing the input.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rng } from '../test/support/rng.mjs';
export { rng };


const TOKENS = [
  '[', ']', '"', '\\"', '\\\\', '{', '}', '(', ')', ';', '%', '\n', '\r\n', '\r', '\t', ' ', '  ', '$', '$1', '$255', '$999',
  '!', '?', '!!', '??', '!?', '?!', '.', '...', '*', '1-0', '0-1', '1/2-1/2', '½-½', '1.', '2...', '12.', 'e4', 'e5', 'd4',
  'Nf3', 'Nc6', 'Bb5', 'a6', 'O-O', 'O-O-O', '0-0', 'exd5', 'e8=Q', 'Qxf7#', 'Kxd7+', '--', 'Z0', '@', 'N@f3', 'P@e6', '@e6',
  'g1f3', 'e7e8q', '[Event "x"]', '[White "W"]', '[Result "1-0"]', '[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]',
  '[SetUp "1"]', '[Variant "Crazyhouse"]', '[Variant "Chess960"]', '[Variant "Antichess"]',
  '[FEN "bqnrkbrn/pppppppp/8/8/8/8/PPPPPPPP/BQNRKBRN w KQkq - 0 1"]', '[FEN "garbage"]',
  '{[%clk 1:00:00]}', '{[%eval #-3]}', '{[%eval 0.25,20]}', '[%csl Ga1]', '[%cal Ge2e4]', '[%', 'é', '\u00a0', '\uFEFF',
  '\u0000', '<', '>', 'ü', '€', '\ud800', 'x', 'Event', '"value"', '1', '99999999999999999999',
];

/** One fuzz input from the generator `next` (a string, or bytes for invalid UTF-8). */
export function makeFuzzer(seed, corpus, { maxSlice = 1500 } = {}) {
  const r = rng(seed);
  const pick = (arr) => arr[Math.floor(r() * arr.length)];
  const soup = (n) => {
    let s = '';
    for (let i = 0; i < n; i++) s += pick(TOKENS) + (r() < 0.5 ? ' ' : '');
    return s;
  };
  const mutate = (s) => {
    const edits = 1 + Math.floor(r() * 6);
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(r() * (s.length + 1));
      const k = r();
      if (k < 0.35) s = s.slice(0, at) + pick(TOKENS) + s.slice(at);
      else if (k < 0.6) s = s.slice(0, at) + s.slice(at + 1 + Math.floor(r() * 20));
      else if (k < 0.75) s = s.slice(0, at) + String.fromCharCode(Math.floor(r() * 256)) + s.slice(at + 1);
      else if (k < 0.9) {
        const len = Math.floor(r() * 40);
        s = s.slice(0, at) + s.slice(at, at + len) + s.slice(at);
      } else s = s.slice(at) + s.slice(0, at);
    }
    return s;
  };
  return () => {
    const k = r();
    if (k < 0.3 || corpus.length === 0) return soup(1 + Math.floor(r() * 60));
    if (k < 0.85) {
      const text = pick(corpus);
      const start = Math.floor(r() * text.length);
      return mutate(text.slice(start, start + 20 + Math.floor(r() * maxSlice)));
    }
    if (k < 0.9) {
      const n = 1 + Math.floor(r() * 3000);
      return `1. e4 ${pick(['(', '(1. d4 ', '{', ')', '[', '"', '$1 ', '--'])}`.repeat(n);
    }
    if (k < 0.95) {
      const bytes = new TextEncoder().encode(soup(20));
      for (let i = 0; i < 4; i++) bytes[Math.floor(r() * bytes.length)] = 0x80 + Math.floor(r() * 128);
      return bytes;
    }
    return pick(['\r', '\n', '\r\n', ' ', '[', '{', '(', ';', '%']).repeat(1 + Math.floor(r() * 5000)) + soup(5);
  };
}

/** Checks one input against the library module `pgn`; returns an error message or null. */
export function checkOne(pgn, input, { idempotence = true } = {}) {
  const text = typeof input === 'string' ? input : pgn.decodeBytes(input).text;
  const tokens = pgn.tokenize(text);
  let last = 0;
  for (const t of tokens) {
    if (t.start < last || t.end <= t.start || t.end > text.length) return `lexer: token out of order at ${t.start}`;
    last = t.end;
  }
  const games = pgn.parsePgn(text);
  const exported = games.map((g) => pgn.makePgn(g)).join('');
  games.map((g) => pgn.makePgn(g, { reduced: true }));
  JSON.stringify(games);
  if (!idempotence) return null;
  const again = pgn.parsePgn(exported).map((g) => pgn.makePgn(g)).join('');
  if (again !== exported) return `export not idempotent:\n${exported}\n---\n${again}`;
  return null;
}

/** Streams an input in random chunks; the games must equal the string reader's. */
export async function checkStream(pgn, input, r) {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const chunks = [];
  for (let i = 0; i < bytes.length; ) {
    const n = 1 + Math.floor(r() * 64);
    chunks.push(bytes.subarray(i, i + n));
    i += n;
  }
  const streamed = [];
  for await (const g of pgn.readPgn(chunks)) streamed.push(g);
  const whole = [];
  for await (const g of pgn.readPgn(bytes)) whole.push(g);
  if (JSON.stringify(streamed) !== JSON.stringify(whole)) return 'streamed games differ from whole-input games';
  return null;
}

export function loadCorpus() {
  const roots = [process.env.GAMENOTATION_SHARED, fileURLToPath(new URL('../../shared', import.meta.url)), '/work/shared'];
  for (const root of roots) {
    const dir = root && join(root, 'data/chess/pgn');
    if (!dir || !existsSync(dir)) continue;
    const out = [];
    for (const sub of readdirSync(dir)) {
      if (sub.endsWith('.md')) continue;
      for (const f of readdirSync(join(dir, sub))) out.push(readFileSync(join(dir, sub, f), 'utf8').slice(0, 200_000));
    }
    return out;
  }
  return [];
}

async function main() {
  const count = Number(process.argv[2] ?? 1_000_000);
  const seed = Number(process.argv[3] ?? 1);
  const modulePath = process.env.GN_PGN_MODULE ?? fileURLToPath(new URL('../dist/pgn.js', import.meta.url));
  const pgn = await import(`file://${modulePath}`);
  const corpus = loadCorpus();
  const next = makeFuzzer(seed, corpus);
  const r = rng(seed ^ 0x5eed);
  const started = performance.now();
  let slowest = 0;
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const input = next();
    bytes += input.length;
    const t0 = performance.now();
    let problem;
    try {
      problem = checkOne(pgn, input);
      if (!problem && i % 100 === 0) problem = await checkStream(pgn, input, r);
    } catch (e) {
      problem = `threw: ${e?.stack ?? e}`;
    }
    slowest = Math.max(slowest, performance.now() - t0);
    if (problem) {
      console.log(`input ${i} (seed ${seed}) FAILED: ${problem}`);
      console.log(JSON.stringify(typeof input === 'string' ? input : [...input]).slice(0, 4000));
      process.exit(1);
    }
    if ((i + 1) % 100_000 === 0) console.log(`${i + 1} inputs ok (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  const secs = (performance.now() - started) / 1000;
  console.log(`fuzz-pgn: ${count} inputs (${(bytes / 1e6).toFixed(0)} MB, seed ${seed}), 0 failures, ${secs.toFixed(0)} s, slowest input ${slowest.toFixed(0)} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
