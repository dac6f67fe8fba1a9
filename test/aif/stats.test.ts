// aifStats held to an independent computation written here from the raw AIF text (regular
// expressions over the lines, lichess's formulas in another form), and to lichess's own published
// expectations for game accuracy (lila's AccuracyPercentTest: the same evaluation lists, the same
// tolerances).
import { expect } from 'chai';
import { aifStats, aifPlayerSummary, parseAif, makeAif, type AifGame } from 'gamenotation/aif';
import { aifLossGraph } from 'gamenotation/diagram';
import { initChess } from 'gamenotation/chess';
import { specV05 } from '../fixtures/aif/fixtures.js';
import { readShared } from '../support/data.js';
import { independent, type Expected } from './stats-reference.js';

function pick(p: ReturnType<typeof aifStats>['white']): Expected {
  const out: Expected = {
    moves: p.moves,
    acpl: p.acpl,
    t1: p.t1,
    accuracy: p.accuracy,
    inaccuracies: p.inaccuracies,
    mistakes: p.mistakes,
    blunders: p.blunders,
  };
  if (p.t2 !== undefined) Object.assign(out, { t2: p.t2, t3: p.t3, equal: p.equal });
  return out;
}

function expectClose(actual: Expected, expected: Expected, what: string): void {
  for (const key of Object.keys(expected) as (keyof Expected)[]) {
    const a = actual[key];
    const e = expected[key];
    if (typeof e === 'number' && typeof a === 'number') expect(a, `${what} ${key}`).to.be.closeTo(e, 1e-9);
    else expect(a, `${what} ${key}`).to.equal(e);
  }
  expect(Object.keys(actual).sort(), what).to.deep.equal(Object.keys(expected).sort());
}

// ---------------------------------------------------------------------------------------------
// Test games written as AIF text.

/** An AIF game whose blocks have these Evals (White's view), the first at White's first move. */
function evalGame(
  evals: number[],
  options: { startBlack?: boolean; grids?: string[][]; played?: string[]; engine?: string[] } = {},
): string {
  const start = options.startBlack ? 1 : 0;
  const blocks = evals.map((v, i) => {
    const ply = start + i;
    const turn = `${Math.floor(ply / 2) + 1}-${ply % 2 ? 'b' : 'w'}`;
    const cell = v === 0 ? ' 000' : `${v > 0 ? '+' : '-'}${String(Math.abs(v)).padStart(3, '0')}`;
    const grid = options.grids?.[i] ?? [];
    const played = options.played?.[i] ?? `m${i}`;
    const engine = options.engine?.[i] ?? (i % 3 === 0 ? played : `e${i}`);
    return (
      `[GID "g"]\n[EID "E"]\n[Turn "${turn}"]\n[MovePlayed "${played}"]\n[EngineMove "${engine}"]\n[Eval "${cell}"]\n\n` +
      (grid.length ? `       1\n${grid.join('\n')}\n` : '')
    );
  });
  return `; AIF v0.5 Kenneth Regan and Tamal Biswas\n[GameID "g"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n\n*\n\n${blocks.join('\n')}`;
}

const statsOf = (text: string) => aifStats(parseAif(text)[0]!.value);

describe('aif: statistics (aifStats)', () => {
  before(() => initChess());

  it("lichess's published game-accuracy cases (lila AccuracyPercentTest), White moving first", () => {
    // [cps after each ply, white expected ± tolerance, black expected ± tolerance]
    const fill = (n: number, v: number) => Array.from({ length: n }, () => v);
    const rep = (n: number, pair: number[]) => Array.from({ length: n }, () => pair).flat();
    const cases: [string, number[], [number, number], [number, number]][] = [
      ['two good moves', [15, 15], [100, 1], [100, 1]],
      ['white blunders on first move', [-900, -900], [10, 5], [100, 1]],
      ['black blunders on first move', [15, 900], [100, 1], [10, 5]],
      ['both blunder on first move', [-900, 0], [10, 5], [10, 5]],
      ['20 perfect moves', fill(20, 15), [100, 1], [100, 1]],
      ['20 perfect moves and a white blunder', [...fill(20, 15), -900], [50, 5], [100, 1]],
      ['21 perfect moves and a black blunder', [...fill(21, 15), 900], [100, 1], [50, 5]],
      ['5 average moves (65 cpl) on each side', rep(5, [-50, 15]), [76, 8], [76, 8]],
      ['50 average moves (65 cpl) on each side', rep(50, [-50, 15]), [76, 8], [76, 8]],
      ['50 mediocre moves (150 cpl) on each side', rep(50, [-135, 15]), [54, 8], [54, 8]],
      ['50 terrible moves (500 cpl) on each side', rep(50, [-435, 15]), [20, 8], [20, 8]],
    ];
    for (const [name, cps, [w, wt], [b, bt]] of cases) {
      // lichess puts the start position's 15 cp before the evaluations after each ply; in AIF that is
      // the Eval of White's first block, and each later block's Eval is the one after the ply before.
      const text = evalGame([15, ...cps]);
      const s = statsOf(text);
      expect(s.white.accuracy!, `${name}: white`).to.be.closeTo(w, wt);
      expect(s.black.accuracy!, `${name}: black`).to.be.closeTo(b, bt);
      expect(s.white.moves + s.black.moves, name).to.equal(cps.length);
      expectClose(pick(s.white), independent(text).white, `${name} white`);
      expectClose(pick(s.black), independent(text).black, `${name} black`);
    }
  });

  it("lichess's published cases with Black moving first", () => {
    const cases: [number[], [number, number], [number, number]][] = [
      [
        [15, 15],
        [100, 1],
        [100, 1],
      ],
      [
        [900, 900],
        [100, 1],
        [10, 5],
      ],
      [
        [15, -900],
        [10, 5],
        [100, 1],
      ],
      [
        [900, 0],
        [10, 5],
        [10, 5],
      ],
    ];
    for (const [cps, [w, wt], [b, bt]] of cases) {
      const s = statsOf(evalGame([15, ...cps], { startBlack: true }));
      expect(s.white.accuracy!, `${cps}: white`).to.be.closeTo(w, wt);
      expect(s.black.accuracy!, `${cps}: black`).to.be.closeTo(b, bt);
    }
  });

  it('acpl: the drop from the mover’s side, clamped at ±1000, never below 0; the final non-mating move left out', () => {
    const text = evalGame([30, 10, 250, -80, -80]);
    const s = statsOf(text);
    // White's view: White 30 → 10 (20), 250 → −80 (330); Black 10 → 250 (240), −80 → −80 (0).
    expect(s.white.perMove.map((m) => m.loss)).to.deep.equal([20, 330]);
    expect(s.black.perMove.map((m) => m.loss)).to.deep.equal([240, 0]);
    expect(s.white.acpl).to.equal(175);
    expect(s.black.acpl).to.equal(120);
    // A gain is no loss: White 10 → 600.
    expect(statsOf(evalGame([10, 10, 600])).black.perMove.map((m) => m.loss)).to.deep.equal([590]);
    expect(statsOf(evalGame([-200, 600, 0])).white.perMove.map((m) => m.loss)).to.deep.equal([0]);
    // Beyond ±1000 (a legacy file's value) the clamp holds: 0 → −2000 loses 1000.
    expect(statsOf(evalGame([0, -2000, -2000])).white.perMove.map((m) => m.loss)).to.deep.equal([1000]);
    expect(s.white.moves + s.black.moves).to.equal(4);
  });

  it('a final mating move is scored against ±1000; a mate value (±(1000−n)) counts as such', () => {
    // The spec's example game: 2. g4?? Qh4#, both blocks analysed.
    const s = statsOf(specV05);
    expect(s.white.perMove).to.deep.include({
      ply: 2,
      move: 'g4',
      loss: 987,
      judgement: 'blunder',
      accuracy: s.white.perMove[0]!.accuracy,
    });
    expect(s.black.perMove.map((m) => [m.move, m.loss])).to.deep.equal([['Qh4#', 0]]);
    expectClose(pick(s.white), independent(specV05).white, 'spec white');
    expectClose(pick(s.black), independent(specV05).black, 'spec black');
  });

  it('t1, and with MultiPV grids t2, t3 and the equal-value match', () => {
    const grids = [
      ['a   +030', 'b   +030', 'c   +010', 'd   -050'],
      ['a   +020', 'b   +030', 'c   +045'],
      ['a   +010', 'b   +010', 'c   +005'],
      ['a   -100', 'b   -020', 'c   -020'],
      ['a   +000'],
    ];
    const text = evalGame([30, 20, 10, -20, 0], {
      grids,
      played: ['b', 'c', 'c', 'a', 'a'],
      engine: ['a', 'a', 'a', 'a', 'a'],
    });
    const s = statsOf(text);
    const ind = independent(text);
    expectClose(pick(s.white), ind.white, 'white');
    expectClose(pick(s.black), ind.black, 'black');
    // By hand: White played b (tied best, rank 2), c (rank 3 of 3), a (…); Black c (rank 3), a (rank 1).
    expect([s.white.t2, s.white.t3, s.white.equal]).to.deep.equal([1, 2, 1]);
    expect(s.white.t1 + s.black.t1).to.equal(2);
  });

  it("judgements at lichess's thresholds (0.1, 0.2, 0.3 of winning chances) and its mate rules", () => {
    const text = evalGame([0, -60, -60, -190, -190, -350, -350, -700, -700, -950, -950]);
    const s = statsOf(text);
    const ind = independent(text);
    expectClose(pick(s.white), ind.white, 'white');
    expect([s.white.inaccuracies, s.white.mistakes, s.white.blunders]).to.deep.equal([
      ind.white.inaccuracies,
      ind.white.mistakes,
      ind.white.blunders,
    ]);
    expect(s.white.inaccuracies + s.white.mistakes + s.white.blunders).to.be.greaterThan(2);
  });

  it("Regan's 2012 sample (../shared, read only): MultiPV figures equal the independent count", async () => {
    const text = await readShared('aif/regan-IRincludes-sample.aif');
    if (text === null) {
      // Without ../shared: the same check on the v0.5 example (MultiPV grids of the 2012 shape).
      const s = statsOf(specV05);
      const ind = independent(specV05);
      expect(s.white.t2).to.not.equal(undefined);
      expectClose(pick(s.white), ind.white, 'white');
      expectClose(pick(s.black), ind.black, 'black');
      return;
    }
    const s = statsOf(text);
    const ind = independent(text);
    expectClose(pick(s.white), ind.white, 'white');
    expectClose(pick(s.black), ind.black, 'black');
    expect(s.white.t1).to.equal(1);
    expect(s.black.t1).to.equal(1);
  });

  it('writing and reading the AIF back gives the same figures; a player summary sums games', () => {
    const game = parseAif(specV05)[0]!.value as AifGame;
    const again = parseAif(makeAif(game))[0]!.value;
    expect(aifStats(again)).to.deep.equal(aifStats(game));
    const one = aifStats(game);
    const [white, black] = aifPlayerSummary([one, one]);
    expect(white).to.include({ name: 'Blunder', games: 2, moves: 2 * one.white.moves, t1: 2 * one.white.t1 });
    expect(white!.acpl).to.equal(one.white.acpl);
    expect(black).to.include({ name: 'Mate', games: 2 });
  });

  it("the loss graph: one bar per move with a loss, each player's on its side, mistakes in red", () => {
    const svg = aifLossGraph(parseAif(specV05)[0]!.value);
    expect(svg).to.match(/^<svg /);
    expect(svg.match(/class="loss-white"/g)?.length).to.equal(1);
    expect(svg).to.include('data-ply="2"');
    expect(svg).to.include('fill="#882020"');
    expect(svg).to.include('Blunder: 1 moves, average loss 987');
  });
});
