// Regression tests for issue #13 (PBN): bounded readers, the copy marker, one decoding rule, and
// the dialects real files use. Each repro below threw, hung or failed before the fix.
import { expect } from 'chai';
import { isEmptyPbnGame, makePbn, parsePbn, readPbn, type PbnGame } from 'gamenotation/bridge';
import { MAX_COLUMN_WIDTH } from '../../src/bridge/pbn/table.js';
import { isMtsTag } from '../../src/bridge/pbn/tags.js';
import { comparable } from './pbn-fuzz-inputs.js';
import { readFixture } from '../support/data.js';

const enc = (s: string) => new TextEncoder().encode(s);
const codes = (list: { code: string }[]) => list.map((e) => e.code);
const DEAL = 'N:AKQ2.K32.A32.432 J876.QJ4.KQ4.QJ5 T543.A765.J65.K6 9.T98.T987.AT987';

async function streamAll(source: Uint8Array | string, chunk = 0, options = {}) {
  const parts: Uint8Array[] = [];
  const bytes = typeof source === 'string' ? enc(source) : source;
  if (chunk) for (let i = 0; i < bytes.length; i += chunk) parts.push(bytes.subarray(i, i + chunk));
  const games: PbnGame[] = [];
  const errors = [];
  const warnings = [];
  for await (const item of readPbn(chunk ? parts : source, options)) {
    errors.push(...item.errors);
    warnings.push(...item.warnings);
    // an input with no game gives one item: its errors on an empty game
    if (!isEmptyPbnGame(item.value)) games.push(item.value);
  }
  return { games, errors, warnings };
}

describe('PBN limits: table column widths', () => {
  for (const digits of ['99999999', '999999999', '99999999999999999999']) {
    it(`[ScoreTable "A\\${digits}R"] and a row "1": a typed error, the width capped, a short export`, () => {
      const r = parsePbn(`[ScoreTable "A\\${digits}R"]\n1\n`);
      expect(codes(r.errors)).to.deep.equal(['ERR_PBN_TABLE_WIDTH']);
      expect(r.errors[0]).to.include({ line: 1, column: 1 });
      const table = r.value.games[0]!.sections[0]!;
      expect(table.columns).to.deep.equal([{ name: 'A', width: MAX_COLUMN_WIDTH, align: 'R' }]);
      const out = makePbn(r.value.games);
      // 15 MTS lines, the table tag and one padded row: well under a few KB
      expect(out.length).to.be.below(1000);
      const row = out.split('\r\n').find((l) => l.trim() === '1')!;
      expect(row).to.equal(`${' '.repeat(MAX_COLUMN_WIDTH - 1)}1`);
      expect(parsePbn(out).value.games[0]!.sections).to.deep.equal(r.value.games[0]!.sections);
    });
  }
  it('a width of 253 (the longest that fits a 255-character line with CRLF) is no error', () => {
    const r = parsePbn('[ScoreTable "A\\253R"]\n1\n');
    expect(r.errors).to.deep.equal([]);
  });
  it('makePbn pads at most to the cap for a model built by hand', () => {
    const game: PbnGame = {
      tags: {},
      sections: [{ name: 'ScoreTable', value: 'A', columns: [{ name: 'A', width: 1e12 }], rows: [['1']] }],
    };
    expect(makePbn(game).length).to.be.below(1000);
  });
});

describe('PBN limits: text after the end of a section', () => {
  it('[Auction "S"] and +++ does not throw: an error for what follows +', () => {
    const r = parsePbn('[Auction "S"]\n+++\n');
    expect(codes(r.errors)).to.include('ERR_PBN_AUCTION_AFTER_PLUS');
    expect(r.value.games[0]!.auction).to.deep.include({ first: 'S', calls: [], end: '+' });
    const again = parsePbn(makePbn(r.value.games));
    expect(again.value.games[0]!.auction).to.deep.equal(r.value.games[0]!.auction);
  });
  it('a card word after * in the play, and text glued to *', () => {
    for (const text of [
      `[Deal "${DEAL}"]\n[Contract "1NT"]\n[Declarer "N"]\n[Play "E"]\n*SJ\n`,
      '[Auction "N"]\n*1C**\n',
    ]) {
      expect(() => parsePbn(text)).not.to.throw();
    }
  });
});

describe('PBN limits: error lists are bounded (maxErrors)', () => {
  // 200 000 bad calls on lines of 100 characters (no line is too long)
  const junkAuction = `[Dealer "N"]\n[Auction "N"]\n${`${') '.repeat(50)}\n`.repeat(4000)}`;
  it('200 000 bad calls: the first 100 errors, then one ERR_TOO_MANY_ERRORS with the count', () => {
    const r = parsePbn(junkAuction);
    expect(r.errors).to.have.length(101);
    const last = r.errors[100]!;
    expect(last.code).to.equal('ERR_TOO_MANY_ERRORS');
    expect(last.message).to.contain('199900 more error(s)');
    expect(last.message).to.contain('200000 in all');
    expect(r.errors.slice(0, 100).every((e) => e.code === 'ERR_PBN_AUCTION_CALL_SYNTAX')).to.equal(true);
  });
  it('maxErrors is an option', () => {
    const r = parsePbn(junkAuction, { maxErrors: 5 });
    expect(codes(r.errors)).to.deep.equal([...Array(5).fill('ERR_PBN_AUCTION_CALL_SYNTAX'), 'ERR_TOO_MANY_ERRORS']);
  });
  it('the cap is per game: a second game has its own list', () => {
    const r = parsePbn(`${junkAuction}\n[Dealer "N"]\n[Auction "N"]\n) )\n`, { maxErrors: 3 });
    expect(codes(r.errors)).to.deep.equal([
      'ERR_PBN_AUCTION_CALL_SYNTAX',
      'ERR_PBN_AUCTION_CALL_SYNTAX',
      'ERR_PBN_AUCTION_CALL_SYNTAX',
      'ERR_TOO_MANY_ERRORS',
      'ERR_PBN_AUCTION_CALL_SYNTAX',
      'ERR_PBN_AUCTION_CALL_SYNTAX',
    ]);
  });
  it('junk with no game at all (")" lines between blank lines) is one capped list', () => {
    const r = parsePbn(')\n\n'.repeat(50_000));
    expect(r.value.games).to.have.length(0);
    expect(r.errors).to.have.length(101);
    expect(r.errors[100]!.message).to.contain('50000 in all');
  });
  it('warnings are capped the same way (stray } lines)', () => {
    const r = parsePbn(`[Event "x"]\n${'}\n'.repeat(1000)}`, { maxErrors: 10 });
    expect(r.warnings).to.have.length(11);
    expect(r.warnings[10]).to.include({ code: 'ERR_TOO_MANY_ERRORS' });
    expect(r.warnings[10]!.message).to.contain('1000 in all');
  });
  it('readPbn caps the same way and returns the errors of an input without games', async () => {
    const s = await streamAll(')\n\n'.repeat(20_000), 4096);
    expect(s.games).to.have.length(0);
    expect(s.errors).to.have.length(101);
    // with for await: one item, an empty game holding the errors
    const items = [];
    for await (const item of readPbn(')\n\n'.repeat(3))) items.push(item);
    expect(items).to.have.length(1);
    expect(isEmptyPbnGame(items[0]!.value)).to.equal(true);
    expect(items[0]!.errors.length).to.be.greaterThan(0);
    const none = [];
    for await (const item of readPbn('\n\n')) none.push(item);
    expect(none).to.deep.equal([]);
    const t = await streamAll(junkAuction, 65536);
    expect(codes(t.errors)).to.deep.equal(codes(parsePbn(junkAuction).errors));
  });
  it('messages stay short whatever the text they quote (fuzz crasher test/fixtures/fuzz/pbn/crash-fb1b7661)', () => {
    for (const text of [
      '}'.repeat(372),
      `[Dealer "${'x'.repeat(5000)}"]\n`,
      `[Auction "N"]\n${'Q'.repeat(3000)}\n`,
      `[Note "${'y'.repeat(4000)}"]\n`,
    ]) {
      const r = parsePbn(text);
      expect(r.errors.length + r.warnings.length).to.be.greaterThan(0);
      for (const e of [...r.errors, ...r.warnings]) expect(e.message.length, e.code).to.be.at.most(240);
    }
  });
  it('readPbn gives each game its own errors, however the input is cut', async () => {
    const text = '[Board "x"]\n\n[Board "2"]\n\n[Board "y"]\n[Dealer "Q"]\n\n[Board "4"]\n';
    for (const chunk of [0, 3, 4096]) {
      const items: { board: string; lines: number[] }[] = [];
      const it = readPbn(
        chunk
          ? [enc(text)].flatMap((b) =>
              Array.from({ length: Math.ceil(b.length / chunk) }, (_, i) => b.subarray(i * chunk, i * chunk + chunk)),
            )
          : text,
      );
      for await (const item of it)
        items.push({ board: item.value.tags.Board!.value, lines: item.errors.map((e) => e.line!) });
      expect(items, `chunks of ${chunk || 'all'}`).to.deep.equal([
        { board: 'x', lines: [1] },
        { board: '2', lines: [] },
        { board: 'y', lines: [6, 5] },
        { board: '4', lines: [] },
      ]);
    }
  });
  it('text that cannot be placed is kept as commentary: one comment for a run of words', () => {
    const r = parsePbn(`[Event "x"]\n${'junk '.repeat(40)}\n`);
    expect(codes(r.errors)).to.deep.equal(['ERR_PBN_UNEXPECTED_TEXT']);
    expect(r.value.games[0]!.tags.Event!.comments).to.have.length(1);
    expect(r.value.games[0]!.tags.Event!.comments![0]!.text.split(' ')).to.have.length(40);
    const again = parsePbn(makePbn(r.value.games));
    expect(again.value.games[0]!.tags.Event).to.deep.equal(r.value.games[0]!.tags.Event);
  });
});

describe('PBN: the copy marker # in tag values', () => {
  it('a value "#" or "##…" survives import → export → import', () => {
    const text = '[Event "###"]\n[Room "####x"]\n[Board "1"]\n\n[Event "#"]\n[Room "#5"]\n[Board "2"]\n';
    const r = parsePbn(text);
    expect(r.value.games.map((g) => [g.tags.Event!.value, g.tags.Room!.value])).to.deep.equal([
      ['#', '##x'],
      ['#', '#5'],
    ]);
    const out = makePbn(r.value.games);
    expect(out).to.contain('[Event "###"]');
    expect(out).to.contain('[Room "####x"]');
    expect(out).to.contain('[Room "#5"]');
    const again = parsePbn(out);
    expect(comparable(again.value.games, isMtsTag)).to.deep.equal(comparable(r.value.games, isMtsTag));
    expect(makePbn(again.value.games)).to.equal(out);
  });
  it('a model built by hand with "#" values reads back the same', () => {
    const games: PbnGame[] = [
      { tags: { Event: { value: '#' }, Annotator: { value: '##' } }, sections: [] },
      { tags: { Event: { value: 'Cup' }, Annotator: { value: 'me' } }, sections: [] },
    ];
    const back = parsePbn(makePbn(games)).value.games;
    expect(back.map((g) => [g.tags.Event!.value, g.tags.Annotator!.value])).to.deep.equal([
      ['#', '##'],
      ['Cup', 'me'],
    ]);
  });
});

describe('PBN: one decoding rule for parsePbn and readPbn', () => {
  const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
  // game 1 has UTF-8 "é" (C3 A9); game 2 a lone Latin-1 byte E9
  const mixed = new Uint8Array([
    ...ascii('[Event "Caf'),
    0xc3,
    0xa9,
    ...ascii('"]\n[Board "1"]\n\n'),
    ...ascii('[Event "Caf'),
    0xe9,
    ...ascii('"]\n[Board "2"]\n'),
  ]);
  const latin1 = new Uint8Array([
    ...ascii('[Event "Caf'),
    0xe9,
    ...ascii('"]\n\n[Event "x'),
    0xc3,
    0xa9,
    ...ascii('"]\n'),
  ]);
  it('UTF-8 when the first non-ASCII bytes are UTF-8; a later stray byte is Latin-1 with one warning', async () => {
    const r = parsePbn(mixed);
    expect(r.value.encoding).to.equal('utf-8');
    expect(r.value.games.map((g) => g.tags.Event!.value)).to.deep.equal(['Café', 'Café']);
    expect(r.warnings.filter((w) => w.code === 'ERR_PBN_ENCODING')).to.deep.equal([
      {
        code: 'ERR_PBN_ENCODING',
        message: '1 byte(s) of this UTF-8 file are not UTF-8; read as Latin-1 characters',
        line: 4,
        column: 1,
      },
    ]);
    for (const chunk of [1, 2, 3, 5, 11, 4096]) {
      const s = await streamAll(mixed, chunk);
      expect(s.games, `chunks of ${chunk}`).to.deep.equal(r.value.games);
      expect(s.warnings, `chunks of ${chunk}`).to.deep.equal(r.warnings);
    }
  });
  it('Latin-1 when the first non-ASCII byte is not UTF-8, for the whole file', async () => {
    const r = parsePbn(latin1);
    expect(r.value.encoding).to.equal('latin1');
    expect(r.value.games.map((g) => g.tags.Event!.value)).to.deep.equal(['Café', 'x\u00c3\u00a9']);
    expect(r.warnings).to.deep.equal([]);
    for (const chunk of [1, 2, 7, 4096]) expect((await streamAll(latin1, chunk)).games).to.deep.equal(r.value.games);
  });
  it('a UTF-8 byte order mark is removed and means UTF-8', () => {
    const r = parsePbn(new Uint8Array([0xef, 0xbb, 0xbf, ...ascii('[Event "x"]\n')]));
    expect(r.value.encoding).to.equal('utf-8');
    expect(r.value.games[0]!.tags.Event!.value).to.equal('x');
  });
});

describe('PBN dialects of real files: warnings with codes, normalised on export, nothing dropped', () => {
  it('BBO dates and bare times become Date + Time', async () => {
    const r = parsePbn(await readFixture('bridge/dialects/bbo-dates.pbn'));
    expect(r.errors).to.deep.equal([]);
    expect(codes(r.warnings)).to.deep.equal([
      'ERR_PBN_DATE',
      'ERR_PBN_DATE',
      'ERR_PBN_PLAY_NO_CONTRACT',
      'ERR_PBN_PLAY_NO_DECLARER',
    ]);
    expect(r.value.games.map((g) => [g.tags.Date!.value, g.tags.Time!.value])).to.deep.equal([
      ['2013.11.23', '11:23:00'],
      ['????.??.??', '14:12:00'],
    ]);
    const out = makePbn(r.value.games);
    expect(out).to.contain('[Date "2013.11.23"]\r\n');
    expect(out).to.contain('[Time "11:23:00"]\r\n');
    const again = parsePbn(out);
    expect(again.warnings.filter((w) => w.code === 'ERR_PBN_DATE')).to.deep.equal([]);
    expect(makePbn(again.value.games)).to.equal(out);
  });
  it('a Time tag that disagrees with the date keeps the Date value as commentary', () => {
    const r = parsePbn('[Date "2013-11-23 11:23"]\n[Time "09:00:00"]\n');
    const g = r.value.games[0]!;
    expect(g.tags.Date).to.deep.equal({
      value: '2013.11.23',
      comments: [{ text: 'Date "2013-11-23 11:23"', brace: true }],
    });
    expect(g.tags.Time!.value).to.equal('09:00:00');
  });
  it('YYYYMMDD dates and N-S / E-W vulnerability', async () => {
    const r = parsePbn(await readFixture('bridge/dialects/compact-dates.pbn'));
    expect(r.errors).to.deep.equal([]);
    expect(codes(r.warnings)).to.deep.equal([
      'ERR_PBN_DATE',
      'ERR_PBN_VULNERABLE',
      'ERR_PBN_DATE',
      'ERR_PBN_VULNERABLE',
    ]);
    expect(r.value.games.map((g) => [g.tags.Date!.value, g.tags.Vulnerable!.value])).to.deep.equal([
      ['2015.10.06', 'EW'],
      ['2015.10.06', 'NS'],
    ]);
  });
  it('a stray }, =0=, -- cards and a Declarer that disagrees with the auction', async () => {
    const r = parsePbn(await readFixture('bridge/dialects/stray-text.pbn'));
    expect(r.errors).to.deep.equal([]);
    expect(codes(r.warnings).sort()).to.deep.equal([
      'ERR_PBN_DECLARER_MISMATCH',
      'ERR_PBN_NOTE_REF',
      'ERR_PBN_PLAY_CARD_SYNTAX',
      'ERR_PBN_PLAY_CARD_SYNTAX',
      'ERR_PBN_PLAY_CARD_SYNTAX',
      'ERR_PBN_UNEXPECTED_TEXT',
    ]);
    const g = r.value.games[0]!;
    // the disagreeing tag is kept as given; the stray } is kept as commentary after the comment it closed twice
    expect(g.tags.Declarer!.value).to.equal('E');
    expect(g.tags.Declarer!.comments!.map((c) => c.text)).to.deep.equal([
      ' The auction was short.\n{ Host: J. Smith ',
      '}',
    ]);
    expect(g.auction!.calls[0]).to.deep.equal({ call: '1NT', comments: [{ text: '=0=', brace: true }] });
    expect(g.play!.cards.map((c) => c.card)).to.deep.equal(['ST', '-', 'SA', 'SJ', '-', 'HT', 'HK', '-']);
    const out = makePbn(r.value.games);
    const again = parsePbn(out);
    expect(comparable(again.value.games, isMtsTag)).to.deep.equal(comparable(r.value.games, isMtsTag));
    expect(again.errors).to.deep.equal([]);
    expect(makePbn(again.value.games)).to.equal(out);
  });
  it('a play section without Contract/Declarer stays an error when no complete auction gives them', () => {
    const r = parsePbn(`[Deal "${DEAL}"]\n[Play "E"]\nSJ\n`);
    expect(codes(r.errors)).to.include.members(['ERR_PBN_PLAY_NO_CONTRACT', 'ERR_PBN_PLAY_NO_DECLARER']);
  });
});
