import { expect } from 'chai';
import { unwrap } from 'gamenotation';
import {
  crossImps,
  datumImps,
  imps,
  matchpoints,
  parseContract,
  parsePbn,
  pbnGameScore,
  scoreContract,
  scoreNS,
  scoreTableMatchpoints,
  type Contract,
} from 'gamenotation/bridge';
import { parseContractLoose } from '../../src/bridge/pbn/score.js';
import { readFixture, readFixtureBytes, readSharedBytes } from '../support/data.js';

/** A pbn-corpus file; without ../shared, the copy (or head) kept in test/fixtures/bridge/pbn-corpus/. */
async function corpusBytes(file: string): Promise<{ bytes: Uint8Array; shared: boolean }> {
  const shared = await readSharedBytes(`data/bridge/pbn-corpus/${file}`);
  return shared
    ? { bytes: shared, shared: true }
    : { bytes: await readFixtureBytes(`bridge/pbn-corpus/${file}`), shared: false };
}

const c = (text: string): Contract => unwrap(parseContract(text)) as Contract;

// Worked out by hand from the Laws of Duplicate Bridge (Law 77): contract, tricks taken by
// declarer, declarer vulnerable?, score for declarer's side.
const SCORES: [string, number, boolean, number][] = [
  ['4S', 10, false, 420], // 120 + 300 game
  ['3NT', 9, true, 600], // 100 + 500 game
  ['1NTX', 6, true, -200], // one down doubled vulnerable
  ['7NTXX', 13, true, 2980], // 880 + 500 + 1500 + 100
  ['1C', 7, false, 70], // 20 + 50 part-score
  ['2S', 8, false, 110],
  ['3C', 11, false, 150], // 60 + 50 + 2 x 20
  ['3NT', 10, false, 430],
  ['4H', 10, true, 620],
  ['5D', 11, true, 600], // 100 + 500
  ['6H', 12, true, 1430], // 180 + 500 + 750
  ['6NT', 12, false, 990], // 190 + 300 + 500
  ['7S', 13, false, 1510], // 210 + 300 + 1000
  ['7C', 13, true, 2140], // 140 + 500 + 1500
  ['2HX', 8, false, 470], // 120 + 300 + 50 insult
  ['2HX', 9, false, 570], // + 100 overtrick
  ['1SX', 7, true, 160], // 60 + 50 + 50
  ['5DX', 12, true, 950], // 200 + 500 + 50 + 200
  ['1NTXX', 7, false, 560], // 160 + 300 + 100
  ['1NTXX', 8, true, 1160], // 160 + 500 + 100 + 400
  ['4S', 9, false, -50],
  ['4H', 8, true, -200],
  ['3NTX', 6, false, -500], // 100 + 200 + 200
  ['4SX', 6, false, -800], // 100 + 200 + 200 + 300
  ['4SX', 6, true, -1100], // 200 + 300 + 300 + 300
  ['3NTXX', 7, true, -1000], // (200 + 300) x 2
  ['7NTX', 0, true, -3800], // 200 + 12 x 300
  ['7NTX', 0, false, -3500], // 100 + 200 + 200 + 10 x 300
  ['6SXX', 11, false, -200],
];

describe('scoring: duplicate scores', () => {
  for (const [contract, tricks, vul, score] of SCORES) {
    it(`${contract} with ${tricks} tricks ${vul ? 'V' : 'NV'} scores ${score}`, () => {
      expect(scoreContract(c(contract), tricks, vul)).to.equal(score);
    });
  }
  it("scores from North-South's side with the board vulnerability", () => {
    expect(scoreNS(c('4S'), 'E', 10, 'NS')).to.equal(-420);
    expect(scoreNS(c('4S'), 'E', 10, 'EW')).to.equal(-620);
    expect(scoreNS(c('3NT'), 'S', 8, 'All')).to.equal(-100);
    expect(scoreNS('Pass', null, null, 'All')).to.equal(0);
    expect(parseContractLoose('3N')).to.deep.equal({ level: 3, strain: 'NT', risk: '' });
  });
});

describe('scoring: IMPs and matchpoints', () => {
  const table: [number, number][] = [
    [0, 0],
    [10, 0],
    [20, 1],
    [40, 1],
    [50, 2],
    [80, 2],
    [90, 3],
    [120, 3],
    [130, 4],
    [160, 4],
    [170, 5],
    [210, 5],
    [220, 6],
    [260, 6],
    [270, 7],
    [310, 7],
    [320, 8],
    [360, 8],
    [370, 9],
    [420, 9],
    [430, 10],
    [490, 10],
    [500, 11],
    [590, 11],
    [600, 12],
    [740, 12],
    [750, 13],
    [890, 13],
    [900, 14],
    [1090, 14],
    [1100, 15],
    [1290, 15],
    [1300, 16],
    [1490, 16],
    [1500, 17],
    [1740, 17],
    [1750, 18],
    [1990, 18],
    [2000, 19],
    [2240, 19],
    [2250, 20],
    [2490, 20],
    [2500, 21],
    [2990, 21],
    [3000, 22],
    [3490, 22],
    [3500, 23],
    [3990, 23],
    [4000, 24],
    [7600, 24],
  ];
  it('follows the IMP scale', () => {
    for (const [diff, n] of table) {
      expect(imps(diff), `${diff}`).to.equal(n);
      expect(imps(-diff), `-${diff}`).to.equal(-n);
    }
  });
  it('4S= NV against 3NT-1 NV at the other table is 10 IMPs', () => {
    expect(imps(scoreContract(c('4S'), 10, false) - scoreContract(c('3NT'), 8, false))).to.equal(10);
  });
  it('matchpoints MP1 and MP2 with percentages', () => {
    const mp1 = matchpoints([100, 100, 50, -50], 'MP1');
    expect(mp1.mp).to.deep.equal([5, 5, 2, 0]);
    expect(mp1.top).to.equal(6);
    expect(mp1.percentage.map((p) => Math.round(p * 100) / 100)).to.deep.equal([83.33, 83.33, 33.33, 0]);
    const mp2 = matchpoints([100, 100, 50, -50], 'MP2');
    expect(mp2.mp).to.deep.equal([2.5, 2.5, 1, 0]);
    expect(mp2.top).to.equal(3);
    // multiplicity: three tables scored 100
    expect(matchpoints([100, 50], 'MP1', [3, 1]).mp).to.deep.equal([2 + (1 * 2 * 2) / 2, 0]);
  });
  it('datum and cross IMPs', () => {
    expect(datumImps([120, 50, -80, -110, -140], -90)).to.deep.equal([5, 4, 0, -1, -2]);
    expect(crossImps([420, -50, 420])).to.deep.equal([10, -20, 10]);
  });
  it("computes a ScoreTable's matchpoints (own fixture, three tables)", async () => {
    const game = parsePbn(await readFixture('bridge/own.pbn')).value.games[1]!;
    const table = game.sections.find((s) => s.name === 'ScoreTable')!;
    const mp = scoreTableMatchpoints(table, 'MP1');
    expect(mp.scoreNS).to.deep.equal([650, 620, -100]);
    const col = (name: string) => table.rows!.map((r) => Number(r[table.columns!.findIndex((c2) => c2.name === name)]));
    expect(mp.mpNS).to.deep.equal(col('MP_NS'));
    expect(mp.mpEW).to.deep.equal(col('MP_EW'));
    // the Score_NS column agrees with the contracts (board 2: NS vulnerable)
    expect([
      scoreNS(c('4S'), 'N', 11, 'NS'),
      scoreNS(c('4S'), 'N', 10, 'NS'),
      scoreNS(c('3NT'), 'S', 8, 'NS'),
    ]).to.deep.equal([650, 620, -100]);
  });
});

describe('scoring: real score tables and Score tags', () => {
  it('every ScoreTable row of the Ruter file: score from the contract, Butler IMPs from the datum', async () => {
    // The fixture is the file's first three boards.
    const { bytes, shared } = await corpusBytes('ruter__scoretable_totalscoretable.pbn');
    let rows = 0;
    for (const game of parsePbn(bytes).value.games) {
      const vul = game.tags.Vulnerable!.value as 'None' | 'NS' | 'EW' | 'All';
      const table = game.sections.find((s) => s.name === 'ScoreTable')!;
      const at = (row: string[], name: string) =>
        row[table.columns!.findIndex((col) => col.name === name)]!.replace(/"/g, '');
      for (const row of table.rows!) {
        const contract = parseContractLoose(at(row, 'Contract'));
        const ns = at(row, 'Score_NS');
        const ew = at(row, 'Score_EW');
        const expected = ns !== '-' ? Number(ns) : -Number(ew);
        if (contract && contract !== 'Pass') {
          expect(
            scoreNS(contract, at(row, 'Declarer') as 'N', Number(at(row, 'Result')), vul),
            `board ${game.tags.Board!.value} ${row.join(' ')}`,
          ).to.equal(expected);
        }
        expect(imps(expected - Number(at(row, 'ButlerDatum')))).to.equal(Number(at(row, 'IMP_NS')));
        rows++;
      }
    }
    expect(rows).to.be.greaterThan(shared ? 150 : 20);
  });
  it('Score tags of real files agree with Contract, Declarer, Result and Vulnerable', async () => {
    // Without ../shared: the small endplay sample (two boards with Score tags) instead of the 300 KB file.
    const { bytes, shared } = await corpusBytes(
      (await readSharedBytes('data/bridge/pbn-corpus/endplay__realbridge2021_dd_notes.pbn'))
        ? 'endplay__realbridge2021_dd_notes.pbn'
        : 'endplay__sample_dd_notes.pbn',
    );
    let checked = 0;
    for (const game of parsePbn(bytes).value.games) {
      const m = /^(NS|EW) (-?\d+)$/.exec(game.tags.Score?.value ?? '');
      const mine = pbnGameScore(game);
      if (!m || mine === null) continue;
      expect(mine, `board ${game.tags.Board?.value}`).to.equal(m[1] === 'NS' ? Number(m[2]) : -Number(m[2]));
      checked++;
    }
    expect(checked).to.be.greaterThan(shared ? 250 : 1);
  });
});
