// Golden SVGs: every diagram kind, byte for byte (GN_UPDATE_GOLDEN=1 rewrites them after an
// intended change; look at the pictures before committing). The CLI must print the same bytes as
// the API, and a PGN game's final position must be the one chess.js reaches.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Chess } from 'chess.js';
import {
  aifEvalGraph,
  bpgnDiagram,
  bughouseDiagram,
  chessDiagram,
  dealDiagram,
  ddTableDiagram,
  evalGraphDiagram,
  gameDiagram,
  gamePosition,
  pbiProblemDiagram,
  pbnDealDiagram,
  problemXmlDiagram,
} from 'gamenotation/diagram';
import { parsePgn } from 'gamenotation/pgn';
import { parsePbn } from 'gamenotation/bridge';
import { parsePbi, parseProblemXml } from 'gamenotation/problems';
import { parseAif } from 'gamenotation/aif';
import { parseBpgn } from 'gamenotation/bughouse';

const root = fileURLToPath(new URL('../..', import.meta.url));
const golden = join(root, 'test', 'fixtures', 'diagram');
const data = (name: string) => readFileSync(join(root, 'examples', 'data', name));
const update = process.env.GN_UPDATE_GOLDEN === '1';

function unwrap(r: { ok: true; value: string } | { ok: false; error: unknown }): string {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

function matchGolden(name: string, svg: string): void {
  const file = join(golden, `${name}.svg`);
  if (update || !existsSync(file)) {
    if (!update) throw new Error(`golden file ${file} is missing (GN_UPDATE_GOLDEN=1 writes it)`);
    writeFileSync(file, svg);
  }
  expect(svg, name).to.equal(readFileSync(file, 'utf8'));
}

const cli = join(root, 'dist', 'cli.js');
const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, [cli, 'diagram', ...args], { cwd: root, maxBuffer: 1 << 24 });
  return { code: r.status, out: r.stdout, err: r.stderr.toString() };
};

const OPERA = parsePgn(data('sample.pgn').toString('utf8'))[0]!.value;
const DEAL = 'N:AKQ2.KJ5.T98.A32 J876.Q2.AQ5.KJ94 T9.AT9876.K3.Q87 543.43.J7642.T65';
// The DD table of DEAL as DDS 2.9 gives it (facts for a golden picture, not checked here).
const TABLE = {
  N: { S: 11, H: 12, D: 8, C: 9, NT: 12 },
  S: { S: 10, H: 11, D: 8, C: 9, NT: 11 },
  E: { S: 2, H: 1, D: 5, C: 4, NT: 1 },
  W: { S: 2, H: 1, D: 5, C: 4, NT: 1 },
};

const cases: [string, () => string][] = [
  ['start', () => unwrap(chessDiagram('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'))],
  ['opera-end', () => unwrap(gameDiagram(OPERA))],
  ['opera-ply-20-flipped', () => unwrap(gameDiagram(OPERA, { ply: 20, flip: true, size: 240 }))],
  [
    'shapes',
    () =>
      unwrap(
        gameDiagram(
          parsePgn(
            '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# { [%cal Gc4f7,Rh5f7,Ba2a4,Yb1c3] [%csl Re8,Gd4] } 1-0\n',
          )[0]!.value,
        ),
      ),
  ],
  [
    'crazyhouse',
    () =>
      unwrap(
        chessDiagram('r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R[QNNpp] b KQkq - 0 1', {
          theme: { dark: '#b58863', light: '#f0d9b5' },
        }),
      ),
  ],
  [
    'bughouse',
    () =>
      unwrap(
        bughouseDiagram({
          a: {
            position: 'r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R[Pb] w KQkq - 0 4',
            clocks: { white: 165, black: 171.3 },
            names: { white: 'alice', black: 'bob' },
          },
          b: {
            position: 'rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR[n] w KQkq - 0 3',
            clocks: { white: 170, black: 9.4 },
            names: { white: 'carol', black: 'dave' },
            lastMove: 'd7d5',
          },
        }),
      ),
  ],
  ['bpgn-end', () => unwrap(bpgnDiagram(parseBpgn(readFileSync(join(golden, 'capture.bpgn'), 'utf8'))[0]!.value))],
  ['aif-graph', () => aifEvalGraph(parseAif(readFileSync(join(golden, 'fools-mate.aif'), 'utf8'))[0]!.value)],
  ['problem-pbi', () => unwrap(pbiProblemDiagram(parsePbi(data('sample.pbi')).value.problems[0]!))],
  ['problem-xml', () => unwrap(problemXmlDiagram(parseProblemXml(data('sample-problem.xml')).value!.problems[1]!))],
  [
    'deal',
    () =>
      unwrap(
        dealDiagram(DEAL, { board: 1, dealer: 'N', vulnerability: 'NS', contract: '4H', declarer: 'S', tricks: 10 }),
      ),
  ],
  ['deal-pbn', () => unwrap(pbnDealDiagram(parsePbn(data('sample.pbn')).value.games[0]!))],
  ['dd-table', () => ddTableDiagram(TABLE, { par: 'Par 1440: N 6N' })],
  [
    'eval-graph',
    () =>
      evalGraphDiagram([0.2, 0.3, 0.1, 0.4, 0.5, -0.2, -1.5, -1.2, 2.5, 3.1, 9, 12], {
        marks: [{ ply: 6, label: '3... Qd7?' }, 8],
      }),
  ],
];

describe('diagram golden files', () => {
  for (const [name, make] of cases) it(name, () => matchGolden(name, make()));

  it("the game's position at a ply and at the end is the one chess.js reaches", () => {
    for (const ply of [0, 5, 20, OPERA.moves.length]) {
      const chess = new Chess();
      for (const node of OPERA.moves.slice(0, ply)) chess.move(node.san);
      const at = gamePosition(OPERA, ply);
      expect(at.ok && at.value.fen, `ply ${ply}`).to.equal(chess.fen());
    }
    const end = gamePosition(OPERA);
    expect(end.ok && end.value.ply).to.equal(OPERA.moves.length);
  });
});

describe('diagram CLI', () => {
  before(function () {
    if (!existsSync(cli)) throw new Error('dist/cli.js is missing: npm run build first');
  });

  it('prints the same SVG as the API for a PGN game, a ply, a PBN board, a PBI problem and problem XML', () => {
    expect(run('examples/data/sample.pgn').out.toString()).to.equal(
      readFileSync(join(golden, 'opera-end.svg'), 'utf8'),
    );
    expect(run('examples/data/sample.pgn', '--ply', '20', '--flip', '--size', '240').out.toString()).to.equal(
      readFileSync(join(golden, 'opera-ply-20-flipped.svg'), 'utf8'),
    );
    expect(run('examples/data/sample.pbn', '--board', '1').out.toString()).to.equal(
      readFileSync(join(golden, 'deal-pbn.svg'), 'utf8'),
    );
    expect(run('examples/data/sample.pbi').out.toString()).to.equal(
      readFileSync(join(golden, 'problem-pbi.svg'), 'utf8'),
    );
    expect(run('examples/data/sample-problem.xml', '--problem', '2').out.toString()).to.equal(
      readFileSync(join(golden, 'problem-xml.svg'), 'utf8'),
    );
    expect(run('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1').out.toString()).to.equal(
      readFileSync(join(golden, 'start.svg'), 'utf8'),
    );
    expect(run(join(golden, 'capture.bpgn')).out.toString()).to.equal(
      readFileSync(join(golden, 'bpgn-end.svg'), 'utf8'),
    );
    const early = run(join(golden, 'capture.bpgn'), '--ply', '3').out.toString();
    expect((early.match(/class="piece"/g) ?? []).length).to.equal(64);
    const bfen = run(
      'rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 174 175 | rnbqkb1r/pppppppp/5n2/8/2PPp3/8/PP2PPPP/RNBQKBNR/P w KQkq - 176.8 172.1',
    );
    expect(bfen.code, bfen.err).to.equal(0);
    expect((bfen.out.toString().match(/class="piece"/g) ?? []).length).to.equal(63);
    const aif = join(golden, 'fools-mate.aif');
    expect(run(aif).out.toString()).to.equal(aifEvalGraph(parseAif(readFileSync(aif, 'utf8'))[0]!.value));
  });

  it('--ply 0 is the start position; --dd draws the DD table with par', () => {
    const start = run('examples/data/sample.pgn', '--ply', '0').out.toString();
    expect((start.match(/class="piece"/g) ?? []).length).to.equal(32);
    const dd = run('examples/data/sample.pbn', '--dd');
    expect(dd.code).to.equal(0);
    expect((dd.out.toString().match(/class="dd-cell"/g) ?? []).length).to.equal(20);
    expect(dd.out.toString()).to.match(/class="par"><text[^>]*>Par /);
  });

  it('writes a PNG of the SVG size through resvg', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gn-diagram-'));
    const file = join(dir, 'board.png');
    const r = run('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1', '--size', '200', '--png', '-o', file);
    expect(r.code, r.err).to.equal(0);
    const png = readFileSync(file);
    expect([...png.subarray(0, 8)]).to.deep.equal([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const svg = run('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1', '--size', '200').out.toString();
    const width = Number(/width="([\d.]+)"/.exec(svg)![1]);
    expect(png.readUInt32BE(16)).to.equal(Math.ceil(width));
  });

  it('reports bad input and usage errors with exit codes 1 and 2', () => {
    const bad = run('rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(bad.code).to.equal(1);
    expect(bad.err).to.match(/^FEN:1:\d+ ERR_FEN_\w+ /);
    expect(run('examples/data/sample.pbi', '--problem', '99').code).to.equal(2);
    expect(run('examples/data/sample.pbn', '--board', '999').code).to.equal(2);
    expect(run('examples/data/sample.pgn', '--ply', '-3').code).to.equal(2);
  });
});
