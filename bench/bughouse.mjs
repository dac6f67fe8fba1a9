// Bughouse: BPGN read + full two-board replay (SAN resolved, captures sent to the partner) over a
// file of ≥ 5 MB made of the real corpora (6 bughousedb BPGN files, the bughouse-db CSV movetexts
// and the 41 chess.com matches, exported as BPGN, repeated), vs the same moves through chessops'
// Crazyhouse with hand-written transfer bookkeeping (and a regex scan of the movetext, so the peer
// does less text work than our reader, which also keeps comments, clocks and the error model).
// `node bench/bughouse.mjs` (GN_BUG_BENCH_MB=N to change the size).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Crazyhouse } from 'chessops/variant';
import { makeSan, parseSan } from 'chessops/san';
import { makeUci, opposite } from 'chessops';
import {
  chesscomToMatch,
  makeBpgn,
  parseBpgn,
  parseBughouseCsv,
  parseChesscomGame,
  visitBpgn,
} from '../dist/bughouse.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const shared = process.env.GAMENOTATION_SHARED ?? `${root}../shared`;
const MB = Number(process.env.GN_BUG_BENCH_MB ?? 5);

function corpus() {
  const parts = [];
  const dir = `${shared}/data/bughouse`;
  if (existsSync(dir)) {
    for (const f of readdirSync(`${dir}/bpgn`).sort())
      parts.push(readFileSync(`${dir}/bpgn/${f}`, 'utf8').trimEnd() + '\n');
    const csv = readFileSync(`${dir}/csv/BughouseAlphaZero_bughouse_dataset.csv`, 'latin1');
    for (const m of parseBughouseCsv(csv)) if (!m.errors.length) parts.push(makeBpgn(m.value));
    const games = new Map();
    for (const f of readdirSync(`${dir}/chesscom-json`)) {
      if (!/^\d+\.json$/.test(f)) continue;
      const r = parseChesscomGame(readFileSync(`${dir}/chesscom-json/${f}`, 'utf8'));
      if (r.ok) games.set(r.value.game.id, r.value);
    }
    for (const [id, g] of games) {
      if (id > g.game.partnerGameId) continue;
      const r = chesscomToMatch(g, games.get(g.game.partnerGameId));
      if (r.ok && !r.value.errors.length) parts.push(makeBpgn(r.value.value));
    }
  } else parts.push(readFileSync(`${root}test/fixtures/bughouse/spec-samples.bpgn`, 'utf8'));
  const unit = parts.join('\n') + '\n'; // a blank line between matches, also where the unit repeats
  return { text: unit.repeat(Math.ceil((MB * 1e6) / unit.length)), matchesPerUnit: parts.length };
}

/**
 * The peer: regex scan of each match's movetext, chessops Crazyhouse per board, transfer by hand.
 * With `keep`, it also builds what our model keeps per move (board, colour, number, canonical SAN,
 * UCI, clock) and keeps every match.
 */
function peer(text, keep = false) {
  const kept = [];
  let matches = 0,
    moves = 0,
    failed = 0;
  const start = Crazyhouse.default();
  for (const body of text.split(/\n\n(?=\[)/)) {
    const head = body.indexOf('\n\n');
    const movetext = head >= 0 ? body.slice(head + 2) : body;
    const boards = { A: start.clone(), B: start.clone() };
    const broken = { A: false, B: false };
    const list = [];
    for (const m of movetext.replace(/\{[^}]*\}/g, ' ').matchAll(/(\d+)([AaBb])\.\s*([^\s(){}]+)/g)) {
      const id = m[2] === 'A' || m[2] === 'a' ? 'A' : 'B';
      if (broken[id]) continue;
      const pos = boards[id];
      const move = parseSan(pos, m[3]);
      if (!move) {
        broken[id] = true;
        failed++;
        continue;
      }
      // What the move captures (a promoted piece goes over as a pawn).
      let captured;
      if (move.from !== undefined) {
        const victim = pos.board.get(move.to);
        if (victim && victim.color !== pos.turn) captured = pos.board.promoted.has(move.to) ? 'pawn' : victim.role;
        else if (!victim && pos.board.get(move.from)?.role === 'pawn' && (move.to & 7) !== (move.from & 7))
          captured = 'pawn';
      }
      const mover = pos.turn;
      if (keep)
        list.push({
          board: id,
          color: mover,
          number: Number(m[1]),
          san: makeSan(pos, move),
          uci: makeUci(move),
          clock: null,
        });
      pos.play(move);
      if (captured) {
        // chessops' crazyhouse pockets the capture for the capturer: move it to the partner.
        pos.pockets[mover][captured]--;
        boards[id === 'A' ? 'B' : 'A'].pockets[opposite(mover)][captured]++;
      }
      moves++;
    }
    if (keep) kept.push(list);
    matches++;
  }
  return { matches, moves, failed, kept: kept.length };
}

/** The match model: moves kept with canonical SAN, UCI, clocks and comments. */
function oursModel(text) {
  let matches = 0,
    moves = 0,
    failed = 0;
  for (const m of parseBpgn(text)) {
    matches++;
    moves += m.value.moves.length;
    failed += m.errors.length;
  }
  return { matches, moves, failed };
}

/** The validating read (what `check` needs): every move resolved, played and transferred, none kept. */
function oursValidate(text) {
  let matches = 0,
    moves = 0,
    failed = 0;
  visitBpgn(
    text,
    {
      move() {
        moves++;
      },
      endMatch(m) {
        matches++;
        failed += m.errors.length;
      },
    },
    { keepMoves: false },
  );
  return { matches, moves, failed };
}

/**
 * Best of three runs after a warm-up, by CPU time (the machine is shared: wall time swings with
 * the other jobs, CPU time of this single-threaded loop much less); wall time is shown too.
 */
function time(fn, text, runs = 3) {
  fn(text.slice(0, 1_000_000));
  let best;
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const r = fn(text);
    const wall = performance.now() - t0;
    const cu = process.cpuUsage(c0);
    const ms = (cu.user + cu.system) / 1000;
    if (!best || ms < best.ms) best = { ...r, ms, wall };
  }
  return best;
}

export async function run() {
  const { text } = corpus();
  const mb = Buffer.byteLength(text) / 1e6;
  const v = time(oursValidate, text);
  const a = time(oursModel, text);
  const b = time(peer, text);
  const bm = time((t) => peer(t, true), text, 1); // slow: one run
  const row = (name, r) =>
    `| ${name} | ${(mb / (r.ms / 1000)).toFixed(2)} | ${Math.round(r.matches / (r.ms / 1000))} | ${r.moves} | ${r.failed} | ${(r.ms / 1000).toFixed(2)} | ${(r.wall / 1000).toFixed(2)} |`;
  console.log(`BPGN read + full replay of ${mb.toFixed(1)} MB (${a.matches} matches)\n`);
  console.log('| reader | MB/s (CPU) | matches/s (CPU) | moves | failed | CPU s | wall s |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(row('gamenotation/bughouse visitBpgn (keepMoves: false)', v));
  console.log(row('gamenotation/bughouse parseBpgn (model: canonical SAN, UCI)', a));
  console.log(row('chessops Crazyhouse + transfer (regex scan)', b));
  console.log(row('chessops, also keeping board/colour/number/SAN/UCI per move', bm));
  console.log(
    `\nratio vs chessops (CPU time): validating read ${(b.ms / v.ms).toFixed(2)}× (vs its replay), model ${(bm.ms / a.ms).toFixed(2)}× (vs its replay keeping the same per-move data; ${(b.ms / a.ms).toFixed(2)}× vs its bare replay)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
