// PGN reading throughput, ours vs peers, in one process (`node bench/pgn.mjs` or `npm run bench`).
// Inputs: the two 1 MB benchmark files of the Rust pgn-reader crate (../shared/data/chess/pgn/
// shakmaty-benches). Every move (variations included) is resolved against the position by ours
// and by chessops; @mliebelt/pgn-parser checks syntax only (it does not play the moves).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { sharedDir } from '../scripts/shared-dir.mjs';
import { bundleSources } from '../scripts/bundle-sources.mjs';

const require = createRequire(import.meta.url);
const FILES = ['lichess_db_1000k.pgn', 'twic1599_1000k.pgn'];

/** CPU time of this process in ms (robust on a shared machine where wall time is not). */
function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Runs every contender once per round, round after round (interleaved, so a busy machine slows
 * all of them alike), and keeps each one's best time: process CPU time by default, wall-clock
 * time with GN_BENCH_WALL=1.
 */
async function race(contenders, budgetMs = 10_000, maxRounds = 12) {
  const best = {};
  const out = {};
  for (const [name, fn] of Object.entries(contenders)) {
    out[name] = await fn(); // warm-up
    best[name] = Infinity;
  }
  const start = performance.now();
  for (let round = 0; round < maxRounds && (round < 3 || performance.now() - start < budgetMs); round++) {
    for (const [name, fn] of Object.entries(contenders)) {
      const clock = process.env.GN_BENCH_WALL === '1' ? () => performance.now() : cpuMs;
      const t0 = clock();
      await fn();
      best[name] = Math.min(best[name], clock() - t0);
    }
  }
  return Object.fromEntries(Object.keys(contenders).map((name) => [name, { ms: best[name], out: out[name] }]));
}

export async function run() {
  const shared = sharedDir();
  const dir = shared && `${shared}/data/chess/pgn/shakmaty-benches`;
  if (!dir || !existsSync(`${dir}/${FILES[0]}`)) {
    console.log('pgn bench: ../shared/data/chess/pgn/shakmaty-benches not found; skipped');
    return;
  }
  const distUrl = new URL('../dist/pgn.js', import.meta.url);
  const pgnModule = process.env.GN_PGN_MODULE ?? fileURLToPath(distUrl);
  const ours = await import(pgnModule.startsWith('/') ? `file://${pgnModule}` : pgnModule);
  // The lexer is internal (no package entry point): bundled from the sources for its own row.
  const { Lexer } = (await bundleSources({ lexer: fileURLToPath(new URL('../src/text/lexer.ts', import.meta.url)) }))
    .lexer;
  const chessopsPgn = await import('chessops/pgn');
  const { parseSan } = await import('chessops/san');
  const mliebelt = require('@mliebelt/pgn-parser');

  const rows = [];
  for (const file of FILES) {
    const bytes = readFileSync(`${dir}/${file}`);
    const text = bytes.toString('utf8');
    const mb = bytes.length / 1e6;

    const results = await race({
      lex: () => {
        const lx = new Lexer(text);
        let n = 0;
        while (lx.next() !== 0) n++;
        return n;
      },
      visit: () => {
        let moves = 0;
        let errors = 0;
        const games = ours.visitPgn(text, {
          move() {
            moves++;
          },
          error() {
            errors++;
          },
        });
        return { games, moves, errors };
      },
      tree: () => {
        const games = ours.parsePgn(text);
        return { games: games.length, errors: games.reduce((a, g) => a + g.errors.length, 0) };
      },
      stream: async () => {
        let games = 0;
        const chunks = [];
        for (let i = 0; i < bytes.length; i += 65536) chunks.push(bytes.subarray(i, i + 65536));
        for await (const _game of ours.readPgn(chunks)) games++;
        return games;
      },
      chessops: () => {
        let moves = 0;
        let errors = 0;
        const games = chessopsPgn.parsePgn(text);
        for (const game of games) {
          const start = chessopsPgn.startingPosition(game.headers);
          if (start.isErr) {
            errors++;
            continue;
          }
          chessopsPgn.walk(game.moves, start.value, (pos, node) => {
            const move = parseSan(pos, node.san);
            if (!move) {
              errors++;
              return false;
            }
            pos.play(move);
            moves++;
            return true;
          });
        }
        return { games: games.length, moves, errors };
      },
      pgnParser: () => mliebelt.parseGames(text).length,
    });
    const { lex, visit, tree, stream, chessops, pgnParser } = results;

    const games = visit.out.games;
    const row = (name, ms, note = '') =>
      rows.push({ file, name, ms, mbs: mb / (ms / 1000), gps: games / (ms / 1000), note });
    row('ours: lexer only (tokens)', lex.ms, `${lex.out} tokens`);
    row('ours: visitor, every move resolved', visit.ms, `${visit.out.moves} moves, ${visit.out.errors} errors`);
    row('ours: game trees (parsePgn)', tree.ms, `${tree.out.errors} errors; SAN+UCI+commands per node`);
    row('ours: game trees, streamed (readPgn, 64 KiB chunks)', stream.ms, `${stream.out} games`);
    row(
      'chessops: parsePgn + parseSan/play (walk)',
      chessops.ms,
      `${chessops.out.moves} moves, ${chessops.out.errors} errors`,
    );
    row('@mliebelt/pgn-parser: parseGames (syntax only)', pgnParser.ms, `${pgnParser.out} games`);
    rows.push({
      file,
      ratio: true,
      visit: chessops.ms / visit.ms,
      tree: chessops.ms / tree.ms,
      stream: chessops.ms / stream.ms,
    });
  }

  console.log(
    `times: best of interleaved rounds, ${process.env.GN_BENCH_WALL === '1' ? 'wall clock' : 'process CPU time'}\n`,
  );
  console.log('| file | reader | MB/s | games/s | ms | notes |');
  console.log('|---|---|---:|---:|---:|---|');
  for (const r of rows) {
    if (r.ratio) continue;
    console.log(
      `| ${r.file} | ${r.name} | ${r.mbs.toFixed(1)} | ${Math.round(r.gps)} | ${r.ms.toFixed(1)} | ${r.note} |`,
    );
  }
  console.log('');
  for (const r of rows) {
    if (!r.ratio) continue;
    console.log(
      `${r.file}: ours vs chessops — visitor ${r.visit.toFixed(2)}x, trees ${r.tree.toFixed(2)}x, streamed trees ${r.stream.toFixed(2)}x`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
