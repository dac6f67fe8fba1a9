// The bridge rules written once (src/bridge/board.ts, play.ts trickWinner, deal.ts parseDeal): the
// facts of the Laws checked directly, and the PBN and double-dummy sides seen to agree on them.
import { expect } from 'chai';
import { unwrap } from 'gamenotation';
import {
  boardConditions,
  boardDealer,
  boardVulnerability,
  parseCard,
  parseDeal,
  trickWinner,
  type Card,
} from 'gamenotation/bridge';

const cards = (...texts: string[]): Card[] => texts.map((t) => unwrap(parseCard(t)));

describe('bridge rules', () => {
  it('board cycle: Law 2 (dealer N E S W; vulnerability in 16 boards)', () => {
    // Law 2 table: boards 1-16
    const vul = [
      'None',
      'NS',
      'EW',
      'All',
      'NS',
      'EW',
      'All',
      'None',
      'EW',
      'All',
      'None',
      'NS',
      'All',
      'None',
      'NS',
      'EW',
    ];
    for (let board = 1; board <= 48; board++) {
      const c = boardConditions(board);
      expect(c.dealer).to.equal('NESW'[(board - 1) % 4]);
      expect(c.vulnerability).to.equal(vul[(board - 1) % 16]);
      expect(boardDealer(board)).to.equal(c.dealer);
      expect(boardVulnerability(board)).to.equal(c.vulnerability);
    }
    expect(boardConditions(0)).to.deep.equal({ dealer: 'N', vulnerability: 'None' });
  });

  it('trick winner: highest of the suit led, else highest trump', () => {
    expect(trickWinner(cards('S2', 'SA', 'SK', 'H3'), 'NT')).to.equal(1);
    expect(trickWinner(cards('S2', 'SA', 'SK', 'H3'), 'H')).to.equal(3);
    expect(trickWinner(cards('D5', 'C2', 'D4', 'HA'), 'C')).to.equal(1);
    expect(trickWinner(cards('D5', 'H2', 'HK', 'D4'), 'H')).to.equal(2);
    expect(trickWinner(cards('D5', 'HA', 'SA', 'CA'), 'NT')).to.equal(0);
    expect(trickWinner(cards('D5', 'D6'), undefined)).to.equal(1);
  });

  it('one deal reader: hands of different sizes only when asked', () => {
    const text = 'N:AK... Q... J... T...';
    expect(parseDeal(text).ok).to.equal(false);
    const r = parseDeal(text, { unevenHands: true });
    expect(r.ok && r.value.N).to.deep.equal({ S: 'AK', H: '', D: '', C: '' });
    const dup = parseDeal('N:A... A... K... Q...', { unevenHands: true });
    expect(!dup.ok && dup.error.code).to.equal('ERR_PBN_DEAL_DUPLICATE');
  });
});
