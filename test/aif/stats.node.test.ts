// `gamenotation stats` on AIF made by Debian stockfish through `gamenotation analyse` (MultiPV 3):
// the --json figures equal the independent computation from the AIF text, the shape is the one
// the issue gives, --by-player sums the file, --svg writes each game's loss graph.
import { expect } from 'chai';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, engineEnv, tempDir } from '../cli/support.js';
import { independent } from './stats-reference.js';

const STOCKFISH = ['/usr/games/stockfish', '/usr/bin/stockfish'].find((p) => existsSync(p));
const dir = tempDir('aif-stats');
const tags = (white: string, black: string, result: string) =>
  `[Event "Stats"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "?"]\n[White "${white}"]\n[Black "${black}"]\n[Result "${result}"]\n\n`;
const PGN =
  tags('Legall', 'Saint Brie', '1-0') +
  '1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0\n\n' +
  tags('Fool', 'Legall', '0-1') +
  '1. f3 e5 2. g4 Qh4# 0-1\n\n' +
  tags('Legall', 'Fool', '*') +
  '1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 *\n';

/** The figures of one player as --json gives them, from the independent computation (two decimals). */
function expected(e: ReturnType<typeof independent>['white'], name: string) {
  const r = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
  return {
    name,
    moves: e.moves,
    acpl: r(e.acpl),
    t1: e.t1,
    t2: e.t2,
    t3: e.t3,
    equal: e.equal,
    accuracy: r(e.accuracy),
    inaccuracies: e.inaccuracies,
    mistakes: e.mistakes,
    blunders: e.blunders,
  };
}

describe('aif: gamenotation stats', () => {
  const aif = join(dir, 'games.aif');
  before(() => {
    if (!STOCKFISH) throw new Error('Debian stockfish is needed: apt-get install stockfish');
    const pgn = join(dir, 'games.pgn');
    writeFileSync(pgn, PGN);
    const r = cli(
      ['analyse', pgn, '--out', aif, '--depth', '6', '--multipv', '3', '--jobs', '1', '--engine', STOCKFISH, '--quiet'],
      {
        env: engineEnv as Record<string, string>,
      },
    );
    if (r.code !== 0) throw new Error(r.err);
  });

  it('--json: the figures of every game equal the independent computation from the AIF text', () => {
    const r = cli(['stats', aif, '--json']);
    expect(r.code, r.err).to.equal(0);
    const json = JSON.parse(r.out);
    expect(Object.keys(json)).to.deep.equal(['games']);
    expect(json.games.length).to.equal(3);
    const text = readFileSync(aif, 'utf8');
    const games = text.split(/(?=^; AIF v)/m).filter((g) => g.trim());
    expect(games.length).to.equal(3);
    const names = [
      ['Legall', 'Saint Brie'],
      ['Fool', 'Legall'],
      ['Legall', 'Fool'],
    ];
    games.forEach((g, i) => {
      const ind = independent(g);
      expect(json.games[i].white).to.deep.equal(expected(ind.white, names[i]![0]!));
      expect(json.games[i].black).to.deep.equal(expected(ind.black, names[i]![1]!));
      expect(Object.keys(json.games[i].white)).to.deep.equal([
        'name',
        'moves',
        'acpl',
        't1',
        't2',
        't3',
        'equal',
        'accuracy',
        'inaccuracies',
        'mistakes',
        'blunders',
      ]);
    });
    // The two mates: the mating moves are counted (scored against ±1000), the miniature's blunders are seen.
    expect(json.games[0].white.moves).to.equal(7);
    expect(json.games[1].white.blunders).to.be.greaterThan(0);
  });

  it('--by-player sums the file; --svg writes one loss graph per game', () => {
    const r = cli(['stats', aif, '--json', '--by-player', '--svg', join(dir, 'loss.svg')]);
    expect(r.code, r.err).to.equal(0);
    const { players } = JSON.parse(r.out);
    expect(players.map((p: { name: string }) => p.name)).to.deep.equal(['Legall', 'Saint Brie', 'Fool']);
    const perGame = JSON.parse(cli(['stats', aif, '--json']).out).games as {
      white: { name: string; moves: number; t1: number };
      black: { name: string; moves: number; t1: number };
    }[];
    const legall = perGame.flatMap((g) => [g.white, g.black]).filter((p) => p.name === 'Legall');
    expect(players[0]).to.include({
      games: 3,
      moves: legall.reduce((n, p) => n + p.moves, 0),
      t1: legall.reduce((n, p) => n + p.t1, 0),
    });
    for (const i of [1, 2, 3])
      expect(readFileSync(join(dir, `loss-${i}.svg`), 'utf8')).to.match(/^<svg [^>]*class="gn-diagram gn-loss-graph"/);
    const text = cli(['stats', aif]);
    expect(text.out).to.match(/^game 1\n {2}White Legall: 7 moves, acpl /);
  });
});
