// The one rule for a tag pair (src/text/tag-value.ts), through every writer of the family: a value
// with quotes, backslashes, `]`, line ends, NUL or other controls is written as one tag line, read
// back as the same tags (no tag split off, none lost), and each change is a warning (issue #25).
import { expect } from 'chai';
import type { NotationError } from 'gamenotation';
import { makePgn, parsePgn } from 'gamenotation/pgn';
import { makeBpgn, parseBpgn } from 'gamenotation/bughouse';
import { makeAif, parseAif } from 'gamenotation/aif';
import { makePbn, parsePbn } from 'gamenotation/bridge';
import { readFixture } from '../support/data.js';

/** A writer's text and the warnings it gave through its `onWarning` option. */
function withWarnings(write: (onWarning: (w: NotationError) => void) => string) {
  const warnings: NotationError[] = [];
  return { text: write((w) => warnings.push(w)), warnings };
}

/** Values that have broken tag lines, or could. */
const HOSTILE = [
  'a"]\n[Evil "1',
  'back\\slash\\',
  '\\"',
  'x]y[z } { ; %',
  'one\r\ntwo\rthree\nfour',
  'nul\u0000here\u0001\u001f\u007f',
  'kept\u2028a\u2029b\u0085c\u0096',
  '"quoted" and \\\\ doubled',
  '\n',
  'ünïcödé ♞ stays',
];

/**
 * What a value reads back as, by the rule written out here independently of the library: every
 * character of C0 but the tab, and DEL, is a space (C1 and the Unicode separators are text).
 */
function expected(value: string): string {
  let out = '';
  for (const ch of value) {
    const c = ch.codePointAt(0)!;
    const control = (c < 0x20 && c !== 9) || c === 0x7f;
    out += control ? ' ' : ch;
  }
  return out;
}
const changes = (value: string) => expected(value) !== value;

const PGN =
  '[Event "e"]\n[Site "s"]\n[Date "2020.01.01"]\n[Round "1"]\n[White "w"]\n[Black "b"]\n[Result "*"]\n\n1. e4 e5 *\n';

describe('tag values through every writer (issue #25)', () => {
  it('PGN: the repro writes one White tag and keeps Black', () => {
    const game = parsePgn(PGN)[0]!.value;
    game.headers.White = 'a"]\n[Evil "1';
    const text = makePgn(game);
    expect(text.split('\n').filter((l) => l.startsWith('['))).to.have.length(7);
    const back = parsePgn(text);
    expect(back).to.have.length(1);
    expect(back[0]!.errors).to.deep.equal([]);
    expect(back[0]!.value.headers.White).to.equal('a"] [Evil "1');
    expect(back[0]!.value.headers.Black).to.equal('b');
    expect(back[0]!.value.headers).to.not.have.property('Evil');
  });

  it('PGN: every hostile value round-trips, one warning per changed value', () => {
    for (const value of HOSTILE) {
      const game = parsePgn(PGN)[0]!.value;
      game.headers.White = value;
      game.headers.Annotator = value;
      const made = withWarnings((onWarning) => makePgn(game, { onWarning }));
      const back = parsePgn(made.text);
      expect(back, JSON.stringify(value)).to.have.length(1);
      expect(back[0]!.errors, JSON.stringify(value)).to.deep.equal([]);
      const headers = back[0]!.value.headers;
      expect(Object.keys(headers).sort(), JSON.stringify(value)).to.deep.equal(Object.keys(game.headers).sort());
      expect(headers.White, JSON.stringify(value)).to.equal(expected(value));
      expect(headers.Annotator).to.equal(expected(value));
      expect(back[0]!.value.moves.map((m) => m.san)).to.deep.equal(['e4', 'e5']);
      const tagWarnings = made.warnings.filter((w) => w.code === 'ERR_TEXT_TAG_CONTROL');
      expect(tagWarnings, JSON.stringify(value)).to.have.length(changes(value) ? 2 : 0);
      // the warning's line is the line of the tag in the output
      for (const w of tagWarnings) expect(made.text.split('\n')[w.line! - 1]).to.match(/^\[(White|Annotator) /);
    }
  });

  it('PGN: a tag name that is not a symbol is written as one, with a warning', () => {
    const game = parsePgn(PGN)[0]!.value;
    game.headers['Bad Name"]\n[X'] = 'v';
    const made = withWarnings((onWarning) => makePgn(game, { onWarning }));
    expect(made.warnings.map((w) => w.code)).to.include('ERR_TEXT_TAG_NAME');
    const back = parsePgn(made.text)[0]!;
    expect(back.errors).to.deep.equal([]);
    expect(back.value.headers.Bad_Name____X).to.equal('v');
    expect(Object.keys(back.value.headers)).to.have.length(8);
  });

  it('BPGN: every hostile value round-trips, players and Elo on one line included', () => {
    const text =
      '[Event "e"]\n[WhiteA "a"][WhiteAElo "1"]\n[BlackA "b"]\n[WhiteB "c"]\n[BlackB "d"]\n[Result "*"]\n\n1A. e4 1a. e5 *\n';
    for (const value of HOSTILE) {
      const match = parseBpgn(text)[0]!.value;
      match.tags.WhiteA = value;
      match.tags.WhiteAElo = value;
      match.tags.Event = value;
      const made = withWarnings((onWarning) => makeBpgn(match, { onWarning }));
      expect(made.text).to.equal(makeBpgn(match));
      const back = parseBpgn(made.text);
      expect(back, JSON.stringify(value)).to.have.length(1);
      expect(back[0]!.errors, JSON.stringify(value)).to.deep.equal([]);
      const tags = back[0]!.value.tags;
      expect(Object.keys(tags).sort()).to.deep.equal(Object.keys(match.tags).sort());
      for (const name of ['WhiteA', 'WhiteAElo', 'Event']) expect(tags[name], name).to.equal(expected(value));
      expect(back[0]!.value.moves.length).to.equal(match.moves.length);
      expect(made.warnings.filter((w) => w.code === 'ERR_TEXT_TAG_CONTROL')).to.have.length(changes(value) ? 3 : 0);
    }
  });

  it('AIF: hostile GameID, engine and block tags round-trip', async () => {
    const text = await readFixture('aif/spec-v0.5.aif');
    for (const value of HOSTILE) {
      const game = parseAif(text)[0]!.value;
      // the game's headers and its PGN game's (which win when the game is written) alike
      for (const headers of [game.headers, game.game!.headers])
        for (const name of ['GameID', 'Platform', 'White']) headers[name] = value;
      for (const block of game.blocks) {
        block.tags.GID = value;
        block.tags.EID = value;
      }
      const made = withWarnings((onWarning) => makeAif(game, { onWarning }));
      expect(made.text).to.equal(makeAif(game));
      const back = parseAif(made.text);
      expect(back, JSON.stringify(value)).to.have.length(1);
      expect(back[0]!.errors, JSON.stringify(value)).to.deep.equal([]);
      const g = back[0]!.value;
      expect(Object.keys(g.headers).sort()).to.deep.equal(Object.keys(game.headers).sort());
      for (const name of ['GameID', 'Platform', 'White']) expect(g.headers[name], name).to.equal(expected(value));
      expect(g.blocks).to.have.length(game.blocks.length);
      for (const block of g.blocks) {
        expect(block.tags.GID).to.equal(expected(value));
        expect(block.tags.EID).to.equal(expected(value));
        expect(Object.keys(block.tags)).to.have.length(Object.keys(game.blocks[0]!.tags).length);
      }
      const n = made.warnings.filter((w) => w.code === 'ERR_TEXT_TAG_CONTROL').length;
      expect(n > 0, JSON.stringify(value)).to.equal(changes(value));
    }
  });

  it('PBN: hostile values in free-text tags round-trip', () => {
    const text =
      '[Event "e"]\n[Site "s"]\n[Date "2020.01.01"]\n[Board "1"]\n[West "w"]\n[North "n"]\n[East "e"]\n[South "s"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQ2.K54.T93.A87 J986.QJ3.AK4.K52 T75.A987.QJ2.QJ3 43.T62.8765.T964"]\n[Scoring "MP"]\n[Declarer "N"]\n[Contract "3NT"]\n[Result "10"]\n';
    for (const value of HOSTILE) {
      const doc = parsePbn(text).value;
      const game = doc.games[0]!;
      // the copy markers of PBN (a value `#` or starting `##`) are the writer's business, not this rule's
      game.tags.Event = { ...game.tags.Event!, value: `E ${value}` };
      game.tags.West = { ...game.tags.West!, value };
      game.tags.Annotator = { value };
      const made = withWarnings((onWarning) => makePbn(doc.games, { form: 'import', onWarning }));
      expect(made.text).to.equal(makePbn(doc.games, { form: 'import' }));
      const back = parsePbn(made.text);
      const g = back.value.games[0]!;
      expect(back.value.games, JSON.stringify(value)).to.have.length(doc.games.length);
      expect(Object.keys(g.tags).sort(), JSON.stringify(value)).to.deep.equal(Object.keys(game.tags).sort());
      expect(g.tags.Event!.value).to.equal(`E ${expected(value)}`);
      // PBN export has no tabs: the PBN writer's own rule, after the shared one
      expect(g.tags.West!.value, JSON.stringify(value)).to.equal(expected(value));
      expect(g.tags.Annotator!.value).to.equal(expected(value));
      expect(made.warnings.filter((w) => w.code === 'ERR_TEXT_TAG_CONTROL')).to.have.length(changes(value) ? 3 : 0);
    }
  });
});
