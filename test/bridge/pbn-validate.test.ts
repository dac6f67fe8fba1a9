// validatePbnGame: the PBN validator run on a model built by hand gives the codes the reader gives
// for the same game's text (and changes nothing).
import { expect } from 'chai';
import { makePbn, parsePbn, validatePbnGame, type PbnGame } from 'gamenotation/bridge';

const DEAL = 'N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432';

function game(): PbnGame {
  return {
    tags: {
      Event: { value: 'validator' },
      Board: { value: 'x1' }, // not a number: ERR_PBN_BOARD
      Dealer: { value: 'N' },
      Vulnerable: { value: 'None' },
      Deal: { value: DEAL },
      Declarer: { value: 'S' }, // the auction makes North declarer: a warning
      Contract: { value: '4S' }, // the auction ends in 2S: ERR_PBN_CONTRACT_MISMATCH
      Result: { value: '10' },
    },
    sections: [],
    auction: {
      first: 'N',
      calls: [
        { call: '1S' },
        { call: 'Pass', note: 3 },
        { call: '2S' },
        { call: 'Pass' },
        { call: 'Pass' },
        { call: 'Pass' },
      ], // note 3 is missing
      notes: [{ index: 1, text: 'never referenced' }],
    },
    play: { first: 'W', cards: [{ card: 'SA' }, { card: 'S7' }, { card: 'S3' }, { card: 'S2' }], notes: [] }, // North holds SA
  };
}

const codes = (list: { code: string }[]) => list.map((e) => e.code).sort();

describe('validatePbnGame', () => {
  it('gives the codes the reader gives for the game written as text', () => {
    const g = game();
    const text = makePbn(g);
    const parsed = parsePbn(text);
    expect(parsed.value.games).to.have.length(1);
    const checked = validatePbnGame(g);
    expect(codes(checked.errors)).to.deep.equal(codes(parsed.errors));
    expect(codes(checked.warnings)).to.deep.equal(codes(parsed.warnings));
    // the problems planted above, each found
    for (const code of [
      'ERR_PBN_BOARD',
      'ERR_PBN_CONTRACT_MISMATCH',
      'ERR_PBN_NOTE_MISSING',
      'ERR_PBN_PLAY_CARD_NOT_IN_HAND',
    ])
      expect(codes(checked.errors)).to.include(code);
    for (const code of ['ERR_PBN_DECLARER_MISMATCH', 'ERR_PBN_NOTE_UNUSED'])
      expect(codes(checked.warnings)).to.include(code);
  });

  it('changes nothing and finds nothing in a sound game', () => {
    const g = game();
    g.tags.Board = { value: '1' };
    g.tags.Contract = { value: '2S' };
    g.tags.Declarer = { value: 'N' };
    g.tags.Result = { value: '8' };
    g.auction!.calls[1] = { call: 'Pass' };
    g.auction!.notes = [];
    g.play = { first: 'E', cards: [{ card: 'S7' }, { card: 'S3' }, { card: 'S2' }, { card: 'SA' }], notes: [] };
    const before = JSON.parse(JSON.stringify(g));
    const checked = validatePbnGame(g);
    expect(checked).to.deep.equal({ errors: [], warnings: [] });
    expect(g).to.deep.equal(before);
    expect(parsePbn(makePbn(g)).errors).to.deep.equal([]);
  });

  it('agrees with the reader on table sections (rows, values, order)', () => {
    const g = game();
    g.tags.Board = { value: '1' };
    g.sections = [
      {
        name: 'OptimumResultTable',
        value: 'Declarer;Denomination\\2R;Result\\2R',
        columns: [
          { name: 'Declarer' },
          { name: 'Denomination', width: 2, align: 'R' },
          { name: 'Result', width: 2, align: 'R' },
        ],
        rows: [
          ['N', 'NT', '14'],
          ['Q', 'S', '9'],
        ],
      },
      {
        name: 'ScoreTable',
        value: 'PairId_NS;Score_NS\\+',
        columns: [{ name: 'PairId_NS' }, { name: 'Score_NS', order: '+' }],
        rows: [
          ['1', '100'],
          ['2', '420'],
        ],
      },
    ];
    const parsed = parsePbn(makePbn(g));
    const checked = validatePbnGame(g);
    expect(codes(checked.errors)).to.deep.equal(codes(parsed.errors));
    expect(codes(checked.errors)).to.include.members(['ERR_PBN_TABLE_VALUE', 'ERR_PBN_TABLE_ORDER']);
  });
});
