// Chess core: bulk perft nodes/s, crazyhouse perft, FEN parse+validate+write/s and SAN play/s,
// ours (dist/chess.js, wasm) vs chessops and chess.js. `node bench/chess.mjs` or `npm run bench`.
import { Position, normalizeFen, initChess } from '../dist/chess.js';
import { Chess as ChessopsChess } from 'chessops/chess';
import { Crazyhouse } from 'chessops/variant';
import { parseFen as opsParseFen, makeFen as opsMakeFen } from 'chessops/fen';
import { parseSan as opsParseSan } from 'chessops/san';
import { perft as opsPerft } from 'chessops/debug';
import { Chess as ChessJs } from 'chess.js';

const PERFT = [
  ['start', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 5],
  ['kiwipete', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 4],
  ['position 3', '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 5],
  ['position 4', 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', 4],
  ['position 5', 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8', 4],
];
const ZH = [
  ['zh-drops', '2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1', 4],
  ['zh-middlegame', 'r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1', 3],
  ['zh-promoted', '4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1', 4],
];
const GAME =
  'e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6 Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8 Bxf7+ Rxf7 Nxf7 Rxe1+ Qxe1 Kxf7 Qe3 Qg5 Qxg5 hxg5 b3 Ke6 a3 Kd6 axb4 cxb4 Ra5 Nd5 f3 Bc8 Kf2 Bf5 Ra7 g6 Ra6+ Kc5 Ke1 Nf4 g3 Nxh3 Kd2 Kb5 Rd6 Kc5 Ra6 Nf2 g4 Bd3 Re6'.split(
    ' ',
  );

// Process CPU time (user + system), so that other work on a shared machine does not skew the ratios;
// wall-clock time where process.cpuUsage is missing.
const cpu = globalThis.process?.cpuUsage;
const now = cpu
  ? () => {
      const u = cpu();
      return (u.user + u.system) / 1000;
    }
  : () => performance.now();

/** Best of `reps` timings (ms) of fn, which returns a count. */
function time(fn, reps = 3) {
  let best = Infinity,
    n = 0;
  for (let i = 0; i < reps; i++) {
    const t0 = now();
    n = fn();
    best = Math.min(best, Math.max(now() - t0, 0.001));
  }
  return { n, ms: best };
}
const mnps = (n, ms) => n / ms / 1000;
const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const row = (cells) => `| ${cells.join(' | ')} |`;

export async function run() {
  await initChess();
  const out = [];
  // 1. Standard perft.
  out.push(
    row(['perft (bulk)', 'depth', 'nodes', 'ours M/s', 'chessops M/s', 'chess.js M/s', 'vs chessops', 'vs chess.js']),
  );
  out.push(row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
  let oursN = 0,
    oursMs = 0,
    opsN = 0,
    opsMs = 0;
  for (const [name, fen, depth] of PERFT) {
    const pos = Position.fromFen(fen).value;
    const ours = time(() => pos.perft(depth), 7);
    const opsPos = ChessopsChess.fromSetup(opsParseFen(fen).unwrap()).unwrap();
    opsPerft(opsPos, depth - 1); // warm the JIT
    const ops = time(() => opsPerft(opsPos, depth), 2);
    if (ops.n !== ours.n) throw new Error(`perft mismatch ${name}: ${ours.n} vs chessops ${ops.n}`);
    const js = new ChessJs(fen);
    const jsDepth = depth - 1;
    js.perft(jsDepth - 1);
    const cj = time(() => js.perft(jsDepth), 1);
    const o = mnps(ours.n, ours.ms),
      c = mnps(ops.n, ops.ms),
      j = mnps(cj.n, cj.ms);
    oursN += ours.n;
    oursMs += ours.ms;
    opsN += ops.n;
    opsMs += ops.ms;
    out.push(
      row([
        name,
        `${depth}`,
        `${ours.n}`,
        fmt(o),
        fmt(c),
        fmt(j) + ` (d${jsDepth})`,
        `${fmt(o / c)}×`,
        `${fmt(o / j)}×`,
      ]),
    );
  }
  out.push(
    row([
      '**all five**',
      '',
      `${oursN}`,
      fmt(mnps(oursN, oursMs)),
      fmt(mnps(opsN, opsMs)),
      '',
      `**${fmt(mnps(oursN, oursMs) / mnps(opsN, opsMs))}×**`,
      '',
    ]),
  );
  out.push('');
  // 2. Crazyhouse perft.
  out.push(row(['crazyhouse perft', 'depth', 'nodes', 'ours M/s', 'chessops M/s', 'vs chessops']));
  out.push(row(['---', '---:', '---:', '---:', '---:', '---:']));
  let zn = 0,
    zms = 0,
    zon = 0,
    zoms = 0;
  for (const [name, fen, depth] of ZH) {
    const pos = Position.fromFen(fen, { variant: 'crazyhouse' }).value;
    const ours = time(() => pos.perft(depth), 7);
    const opsPos = Crazyhouse.fromSetup(opsParseFen(fen).unwrap()).unwrap();
    opsPerft(opsPos, depth - 1);
    const ops = time(() => opsPerft(opsPos, depth), 2);
    if (ops.n !== ours.n) throw new Error(`zh perft mismatch ${name}: ${ours.n} vs ${ops.n}`);
    zn += ours.n;
    zms += ours.ms;
    zon += ops.n;
    zoms += ops.ms;
    out.push(
      row([
        name,
        `${depth}`,
        `${ours.n}`,
        fmt(mnps(ours.n, ours.ms)),
        fmt(mnps(ops.n, ops.ms)),
        `${fmt(mnps(ours.n, ours.ms) / mnps(ops.n, ops.ms))}×`,
      ]),
    );
  }
  out.push(
    row([
      '**all**',
      '',
      `${zn}`,
      fmt(mnps(zn, zms)),
      fmt(mnps(zon, zoms)),
      `**${fmt(mnps(zn, zms) / mnps(zon, zoms))}×**`,
    ]),
  );
  out.push('');
  // 3. FEN parse + validate + write.
  const fens = PERFT.map((p) => p[1]).concat([
    'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
    '8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1',
    'rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
    'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9',
    'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1',
  ]);
  const FEN_N = 100000;
  const oursFen = time(() => {
    let k = 0;
    for (let i = 0; i < FEN_N; i++) if (normalizeFen(fens[i % fens.length]).ok) k++;
    return k;
  }, 9);
  const OPS_N = 20000;
  const opsFen = time(() => {
    let k = 0;
    for (let i = 0; i < OPS_N; i++) {
      const setup = opsParseFen(fens[i % fens.length]).unwrap();
      const pos = ChessopsChess.fromSetup(setup).unwrap();
      if (opsMakeFen(pos.toSetup())) k++;
    }
    return k;
  }, 5);
  const fo = (FEN_N / oursFen.ms) * 1000,
    fc = (OPS_N / opsFen.ms) * 1000;
  out.push(row(['FEN parse+validate+write', 'ours /s', 'chessops /s', 'vs chessops']));
  out.push(row(['---', '---:', '---:', '---:']));
  out.push(
    row([
      'normalizeFen / parseFen+fromSetup+makeFen',
      `${(fo / 1e6).toFixed(2)} M`,
      `${(fc / 1e6).toFixed(2)} M`,
      `${fmt(fo / fc)}×`,
    ]),
  );
  // Position objects (what a PGN reader uses for its FEN tag).
  const posFen = time(() => {
    let k = 0;
    for (let i = 0; i < OPS_N; i++) if (Position.fromFen(fens[i % fens.length]).value.fen()) k++;
    return k;
  }, 5);
  const pf = (OPS_N / posFen.ms) * 1000;
  out.push(
    row(['Position.fromFen + fen()', `${(pf / 1e6).toFixed(2)} M`, `${(fc / 1e6).toFixed(2)} M`, `${fmt(pf / fc)}×`]),
  );
  out.push('');
  // 4. SAN resolve + play (the PGN reader's hot loop).
  const GAMES = 2000;
  const oursSan = time(() => {
    let k = 0;
    for (let g = 0; g < GAMES; g++) {
      const p = Position.initial();
      for (const san of GAME) if (p.playSanCode(san) >= 0) k++;
    }
    return k;
  }, 3);
  const opsSan = time(() => {
    let k = 0;
    for (let g = 0; g < GAMES / 4; g++) {
      const p = ChessopsChess.default();
      for (const san of GAME) {
        const m = opsParseSan(p, san);
        if (m) {
          p.play(m);
          k++;
        }
      }
    }
    return k;
  }, 3);
  const so = (oursSan.n / oursSan.ms) * 1000,
    sc = (opsSan.n / opsSan.ms) * 1000;
  out.push(row(['SAN resolve + play', 'ours moves/s', 'chessops moves/s', 'vs chessops']));
  out.push(row(['---', '---:', '---:', '---:']));
  out.push(
    row([
      'Position.playSanCode / parseSan+play',
      `${(so / 1e6).toFixed(2)} M`,
      `${(sc / 1e6).toFixed(2)} M`,
      `${fmt(so / sc)}×`,
    ]),
  );
  console.log(out.join('\n'));
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
