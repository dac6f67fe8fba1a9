// A tag whose value fills a whole line (pbnverifier's "strings of maximum line size" game) is
// exported so that the reader takes it back: export, read and export again give no error and the
// same bytes.
import { expect } from 'chai';
import { makePbn, parsePbn } from 'gamenotation/bridge';

describe('PBN export of lines at the length limit', () => {
  it('a 254-character [Event"…"] line reads back from its export, and export is idempotent', () => {
    const value = `An extremely long line ${'1234567890'.repeat(30)}`.slice(0, 254 - '[Event""]'.length);
    const line = `[Event"${value}"]`;
    expect(line.length).to.equal(254);
    const text = `% PBN 2.1\n${line}\n[Site "?"]\n[Date "2024.01.01"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n`;
    const read = parsePbn(text);
    expect(read.errors).to.deep.equal([]);
    const once = makePbn(read.value.games);
    const again = parsePbn(once);
    expect(again.errors).to.deep.equal([]);
    expect(again.value.games[0]!.tags.Event!.value).to.equal(value);
    expect(makePbn(again.value.games)).to.equal(once);
    // Every line of the export is within what the reader accepts (254 characters before the line end).
    for (const l of once.split(/\r?\n/)) expect(l.length).to.be.at.most(254);
  });
});
