// The PGN-family grammar (src/text/grammar.ts) is one table and one tag-pair head for every reader:
// each suffix annotation means the NAG the PGN standard gives it, in PGN, BPGN and PBN alike, and
// a tag pair's faults are found at its `[` by both PGN-family readers.
import { expect } from 'chai';
import { parsePgn } from 'gamenotation/pgn';
import { parseBpgn } from 'gamenotation/bughouse';
import { parsePbn } from 'gamenotation/bridge';
// The grammar is internal (no package entry point): tested on the module itself.
import { suffixNag, SUFFIX_NAGS } from '../../src/text/grammar.js';

/** PGN standard (1994), section 10, NAGs 1–6 and their traditional suffixes. */
const STANDARD: [string, number][] = [
  ['!', 1],
  ['?', 2],
  ['!!', 3],
  ['??', 4],
  ['!?', 5],
  ['?!', 6],
];

describe('PGN-family grammar', () => {
  it('the suffix table is the standard one, and nothing else is a suffix', () => {
    expect(Object.entries(SUFFIX_NAGS)).to.deep.equal(STANDARD);
    for (const [suffix, nag] of STANDARD) expect(suffixNag(suffix), suffix).to.equal(nag);
    for (const junk of ['!!!', '?!?', '', 'constructor', '__proto__', 'toString'])
      expect(suffixNag(junk), junk).to.equal(-1);
  });

  it('PGN, BPGN and PBN read each suffix as its NAG (PBN: a card suffix is the NAG + 6)', () => {
    for (const [suffix, nag] of STANDARD) {
      const pgn = parsePgn(`1. e4${suffix} e5 *\n`)[0]!;
      expect(pgn.errors, suffix).to.deep.equal([]);
      expect(pgn.value.moves[0]!.nags, `PGN ${suffix}`).to.deep.equal([nag]);

      const bpgn = parseBpgn(`[Event "x"]\n\n1A. e4${suffix} 1a. e5 *\n`)[0]!;
      expect(bpgn.errors, suffix).to.deep.equal([]);
      expect(bpgn.value.moves[0]!.nags, `BPGN ${suffix}`).to.deep.equal([nag]);

      const pbn = parsePbn(
        `[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n` +
          `[Declarer "S"]\n[Contract "1NT"]\n[Auction "N"]\n1NT${suffix} Pass Pass Pass\n[Play "W"]\nS3${suffix} SA ST S7\n`,
      );
      expect(pbn.errors, suffix).to.deep.equal([]);
      const game = pbn.value.games[0]!;
      expect(game.auction!.calls[0]!.nags, `PBN call ${suffix}`).to.deep.equal([nag]);
      expect(game.play!.cards[0]!.nags, `PBN card ${suffix}`).to.deep.equal([nag + 6]);
    }
  });

  it('an unknown suffix is reported by each reader with its own code', () => {
    expect(parsePgn('1. e4!!! e5 *\n')[0]!.errors.map((e) => [e.code, e.line, e.column])).to.deep.equal([
      ['ERR_PGN_SUFFIX', 1, 6],
    ]);
    expect(
      parseBpgn('[Event "x"]\n\n1A. e4!!! 1a. e5 *\n')[0]!.warnings.map((e) => [e.code, e.line, e.column]),
    ).to.deep.equal([['ERR_BPGN_NAG', 3, 7]]);
  });

  it('a tag pair without a name or a value is reported at its [ by PGN and BPGN', () => {
    const pgn = parsePgn('[Event "a"] [ "x"]\n[Site]\n\n1. e4 *\n')[0]!;
    expect(pgn.errors.map((e) => [e.code, e.line, e.column])).to.deep.equal([
      ['ERR_PGN_TAG', 1, 13],
      ['ERR_PGN_TAG', 2, 1],
    ]);
    const bpgn = parseBpgn('[Event "a"] [ "x"]\n[Site]\n\n1A. e4 *\n')[0]!;
    expect(bpgn.errors.map((e) => [e.code, e.line, e.column])).to.deep.equal([
      ['ERR_BPGN_TAG', 1, 13],
      ['ERR_BPGN_TAG', 2, 1],
    ]);
  });
});
