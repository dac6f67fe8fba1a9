// `npm start`: the CLI over the bundled sample data in examples/data, one verb after another,
// as a user would type them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const cli = ['dist/cli.js'];
const steps = [
  ['--help'],
  ['perft', 'startpos', '5'],
  ['perft', 'r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1', '3', '--variant', 'crazyhouse'],
  ['fen', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'],
  ['moves', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', '--san'],
  ['check', 'examples/data/sample.pgn'],
  ['export', 'examples/data/sample.pgn'],
  ['check', 'examples/data/sample.pbn'],
  ['export', 'examples/data/sample.pbn'],
  ['dd', 'examples/data/sample.pbn', '--par'],
  ['check', 'examples/data/sample.pbi'],
  ['convert', 'examples/data/sample.pbi', '--to', 'popeye'],
  ['check', 'examples/data/sample-problem.xml'],
  ['convert', 'examples/data/sample-problem.xml', '--to', 'pbi'],
  ['solve', 'examples/data/sample.pbi'],
  ['check', 'examples/data/sample.bpgn'],
  ['show', 'examples/data/sample.bpgn'],
  ['convert', 'examples/data/sample.bpgn', '--to', 'bfen'],
  ['diagram', 'examples/data/sample.pgn', '--ply', '31', '-o', 'dist/sample-game.svg'],
  ['diagram', 'examples/data/sample.bpgn', '-o', 'dist/sample-match.svg'],
  ['diagram', 'examples/data/sample.pbn', '--dd', '-o', 'dist/sample-dd.svg'],
  // Engine analysis needs a UCI engine (Debian's stockfish here); without one these steps are skipped.
  ...(hasEngine()
    ? [
        ['analyse', 'startpos', '--depth', '12', '--multipv', '2'],
        ['analyse', 'examples/data/sample.pgn', '--out', 'dist/sample.aif', '--depth', '8'],
        ['check', 'dist/sample.aif'],
        ['diagram', 'dist/sample.aif', '-o', 'dist/sample-eval.svg'],
      ]
    : []),
];

function hasEngine() {
  const dirs = [...(process.env.PATH ?? '').split(':').filter((d) => !/node_modules\/\.bin$/.test(d)), '/usr/games'];
  return dirs.some((d) => d && existsSync(`${d}/stockfish`));
}
const verbs = spawnSync(process.execPath, [...cli, '--help'], { encoding: 'utf8' }).stdout;
let failures = 0;
for (const args of steps) {
  const file = args.find((a) => a.startsWith('examples/'));
  if (file && !existsSync(file)) continue;
  if (args[0] !== '--help' && !new RegExp(`^  ${args[0]} `, 'm').test(verbs)) continue;
  console.log(`\n$ gamenotation ${args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(' ')}`);
  const { status } = spawnSync(process.execPath, [...cli, ...args], { stdio: 'inherit' });
  if (status !== 0) failures++;
  if (args.includes('-o')) console.log(`(written to ${args[args.indexOf('-o') + 1]})`);
}
process.exit(failures ? 1 : 0);
