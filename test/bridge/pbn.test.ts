import { expect } from 'chai';
import {
  boardDealer,
  boardVulnerability,
  makeDeal,
  pbnTricksTable,
  makePbn,
  parseDeal,
  parsePbn,
  pbnGameInfo,
  readPbn,
  type PbnGame,
} from 'gamenotation/bridge';
import { checkPbnExport } from '../../src/bridge/pbn/export-check.js';
import { isMtsTag, MTS_TAGS } from '../../src/bridge/pbn/tags.js';
import { suitSymbols } from '../../src/bridge/pbn/info.js';
import { readFixture, readFixtureBytes, readSharedBytes } from '../support/data.js';
import { CORPUS, codesByGame, rng } from './pbn-corpus.js';

// Without ../shared the corpus tests run on the few small corpus files kept (byte for byte) in
// test/fixtures/bridge/pbn-corpus/, with the same facts.
const SHARED_PBN = (await readSharedBytes('data/bridge/pbn-corpus/pbnverifier__errors_21.pbn')) !== null;
const FIXTURE_FILES = new Set([
  'bc550__empty_line_in_comment.pbn',
  'endplay__sample_dd_notes.pbn',
  'pbnverifier__correct_21.pbn',
  'pbnverifier__errors_20.pbn',
  'pbnverifier__errors_21.pbn',
]);
const inUse = (files: string[]) => (SHARED_PBN ? files : files.filter((f) => FIXTURE_FILES.has(f)));
async function corpusBytes(file: string): Promise<Uint8Array> {
  return SHARED_PBN
    ? (await readSharedBytes(`data/bridge/pbn-corpus/${file}`))!
    : await readFixtureBytes(`bridge/pbn-corpus/${file}`);
}

const CRLF = '\r\n';
const enc = (s: string) => new TextEncoder().encode(s);
const latin1Text = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');

/** Missing mandatory tags are written as "?" on export: compare models with "?" MTS tags removed. */
function normalized(games: PbnGame[]): PbnGame[] {
  return games.map((g) => {
    const tags: PbnGame['tags'] = {};
    for (const [k, v] of Object.entries(g.tags)) if (!(isMtsTag(k) && v.value === '?' && !v.comments)) tags[k] = v;
    return { ...g, tags };
  });
}

// The example game of PBN 2.1 section 1.2, written in a deliberately loose import form: tags out of
// order, several to a line and one spanning lines, lower case, `Love`, an auction table starting
// with West (`-` for the player before the dealer), unsorted ranks, a Result in the `NS n EW m`
// form, suffixes, a NAG and comments.
const SPEC_IMPORT = [
  '% PBN 2.1',
  '{ game start comment }',
  '[Site "Amsterdam, The Netherlands NLD"] [Event "International Amsterdam Airport Schiphol Bridgetournament"]',
  '[Date "1995.06.10"] [Board "1"]',
  '[West "Podgor"]',
  '[North',
  '  "Westra"]',
  '[East "Kalish"] [South "Leufkens"] [Scoring "IMP"]',
  '[Dealer "n"]',
  '[Vulnerable "Love"]',
  '[Deal "w:KQT2.AT.J6542.58 .36.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4"]',
  '[Declarer "s"]',
  '[Contract "5hx"]',
  '[Result "NS 9 EW 4"]',
  '{ Five hearts doubled, two down. }',
  '[Auction "W"]',
  '- 1d 1S 3H =1=',
  '4s 4nt =2= x pass',
  'Pass 5C X 5H !',
  'X Pass Pass Pass',
  '[Note "1:non-forcing 6-9 points, 6-card"]',
  '[Note "2:two colors: clubs and diamonds"]',
  '[Play "w"]',
  'SK !! =1= $200 H3 S4 S3',
  'C5 C2 C6 CK ; a club',
  'S2 H6 S5 S7',
  'C8 CA CT C4',
  'D2 DA DT D3',
  'D4 DK H5 H7',
  '- - - H2',
  '*',
  '[Note "1:highest of series"]',
  '',
].join('\n');

// Its export form, written by hand from PBN 2.1 (2.3, 3.1, 3.4, 3.5.2, 3.6.2, 3.8, 3.11).
const SPEC_EXPORT = [
  '% PBN 2.1',
  '% EXPORT',
  '{ game start comment }',
  '[Event "International Amsterdam Airport Schiphol Bridgetournament"]',
  '[Site "Amsterdam, The Netherlands NLD"]',
  '[Date "1995.06.10"]',
  '[Board "1"]',
  '[West "Podgor"]',
  '[North "Westra"]',
  '[East "Kalish"]',
  '[South "Leufkens"]',
  '[Dealer "N"]',
  '[Vulnerable "None"]',
  '[Deal "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"]',
  '[Scoring "IMP"]',
  '[Declarer "S"]',
  '[Contract "5HX"]',
  '[Result "9"]',
  '{ Five hearts doubled, two down. }',
  '[Auction "N"]',
  '1D 1S 3H =1= 4S',
  '4NT =2= X Pass Pass',
  '5C X 5H $1 X',
  'Pass Pass Pass',
  '[Note "1:non-forcing 6-9 points, 6-card"]',
  '[Note "2:two colors: clubs and diamonds"]',
  '[Play "W"]',
  'SK =1= $9 $200 H3 S4 S3',
  'C5 C2 C6 CK ; a club',
  'S2 H6 S5 S7',
  'C8 CA CT C4',
  'D2 DA DT D3',
  'D4 DK H5 H7',
  '- - - H2',
  '*',
  '[Note "1:highest of series"]',
  '',
].join(CRLF);

describe('PBN: the example game of the specification', () => {
  const r = parsePbn(SPEC_IMPORT);
  it('imports without errors', () => {
    expect(r.errors).to.deep.equal([]);
    expect(r.value.version).to.equal('2.1');
    expect(r.value.games).to.have.length(1);
  });
  it('builds the model', () => {
    const g = r.value.games[0]!;
    expect(g.comments).to.deep.equal([{ text: ' game start comment ', brace: true }]);
    expect(g.tags.Deal!.value).to.equal('N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85');
    expect(g.tags.Vulnerable!.value).to.equal('None');
    expect(g.tags.Result).to.deep.equal({
      value: '9',
      comments: [{ text: ' Five hearts doubled, two down. ', brace: true }],
    });
    expect(g.auction!.first).to.equal('N');
    expect(g.auction!.calls.map((c) => c.call).join(' ')).to.equal(
      '1D 1S 3H 4S 4NT X Pass Pass 5C X 5H X Pass Pass Pass',
    );
    expect(g.auction!.calls[2]).to.deep.equal({ call: '3H', note: 1 });
    expect(g.auction!.calls[10]).to.deep.equal({ call: '5H', nags: [1] });
    expect(g.play!.cards[0]).to.deep.equal({ card: 'SK', note: 1, nags: [9, 200] });
    expect(g.play!.cards[7]).to.deep.equal({ card: 'CK', comments: [{ text: ' a club', brace: false }] });
    expect(g.play!.cards).to.have.length(28);
    expect(g.play!.end).to.equal('*');
    expect(g.play!.notes).to.deep.equal([{ index: 1, text: 'highest of series' }]);
  });
  it('exports exactly the export format', () => {
    expect(makePbn(r.value.games)).to.equal(SPEC_EXPORT);
  });
  it('checks the export format rules', () => {
    expect(checkPbnExport(SPEC_EXPORT)).to.deep.equal([]);
    const codes = new Set(checkPbnExport(SPEC_IMPORT).map((e) => e.code.replace('ERR_PBN_EXPORT_', '')));
    // LF line ends, several tags to a line and one spanning two lines (so North is missing), MTS
    // out of order, lower case / Love / unsorted ranks / NS-EW result, suffixes, lower-case calls
    expect([...codes].sort()).to.deep.equal(['CASE', 'EOL', 'MTS', 'ORDER', 'SUFFIX', 'TAG', 'VALUE']);
  });
  it('re-imports the export to the same model and the same export', () => {
    const again = parsePbn(SPEC_EXPORT);
    expect(again.errors).to.deep.equal([]);
    expect(again.warnings).to.deep.equal([]); // the export format check runs because of % EXPORT
    expect(again.value.exportFormat).to.equal(true);
    expect(again.value.games).to.deep.equal(r.value.games);
    expect(makePbn(again.value.games)).to.equal(SPEC_EXPORT);
  });
  it('writes an import form with LF and no % EXPORT', () => {
    const text = makePbn(r.value.games, { form: 'import' });
    expect(text.includes('\r')).to.equal(false);
    expect(text.startsWith('% PBN 2.1\n{')).to.equal(true);
    expect(parsePbn(text).value.games).to.deep.equal(r.value.games);
  });
});

describe('PBN: lexical rules', () => {
  it('reads CR, LF and CRLF line ends and a BOM alike', () => {
    const lf = '[Event "a"]\n[Board "1"]\n\n[Event "b"]\n';
    const a = parsePbn(lf);
    expect(parsePbn(lf.replace(/\n/g, '\r\n')).value.games).to.deep.equal(a.value.games);
    expect(parsePbn(lf.replace(/\n/g, '\r')).value.games).to.deep.equal(a.value.games);
    expect(parsePbn(new Uint8Array([0xef, 0xbb, 0xbf, ...enc(lf)])).value.games).to.deep.equal(a.value.games);
    expect(a.value.games.map((g) => g.tags.Event!.value)).to.deep.equal(['a', 'b']);
  });
  it('falls back to Latin-1 when the bytes are not UTF-8', () => {
    const bytes = new Uint8Array([...enc('[Site "Li'), 0xe8, ...enc('ge"]\n')]);
    const r = parsePbn(bytes);
    expect(r.value.encoding).to.equal('latin1');
    expect(r.value.games[0]!.tags.Site!.value).to.equal('Li\u00e8ge');
    expect(parsePbn(enc('[Site "Li\u00e8ge"]\n')).value.encoding).to.equal('utf-8');
  });
  it('decodes string escapes and keeps a semi-empty line inside a comment', () => {
    const r = parsePbn('[Event "say \\"hi\\" \\\\ ok"]\n{ one\n   \n two }\n[Board "2"]\n');
    expect(r.errors).to.deep.equal([]);
    expect(r.value.games).to.have.length(1);
    expect(r.value.games[0]!.tags.Event!.value).to.equal('say "hi" \\ ok');
    expect(r.value.games[0]!.tags.Event!.comments).to.deep.equal([{ text: ' one\n   \n two ', brace: true }]);
    expect(makePbn(r.value.games)).to.include('[Event "say \\"hi\\" \\ ok"]');
  });
  it('ends a game at a semi-empty line of spaces and tabs', () => {
    expect(parsePbn('[Event "a"]\n \t \n[Event "b"]\n').value.games).to.have.length(2);
  });
  it('treats % only in column 1 as an escape', () => {
    const r = parsePbn('% note\n[Event "a"] {100 % sure}\n%another\n');
    expect(r.value.games[0]!.escapes).to.deep.equal([' note', 'another']);
    expect(r.value.games[0]!.tags.Event!.comments).to.deep.equal([{ text: '100 % sure', brace: true }]);
  });
  it('keeps comments and % lines after the last game', async () => {
    const text = '[Event "a"]\n\n{ trailing }\n% esc\n';
    const r = parsePbn(text);
    expect(r.value.games).to.have.length(1);
    expect(r.value.games[0]!.endComments).to.deep.equal([{ text: ' trailing ', brace: true }]);
    expect(r.value.games[0]!.escapes).to.deep.equal([' esc']);
    expect(normalized(parsePbn(makePbn(r.value.games)).value.games)).to.deep.equal(normalized(r.value.games));
    const streamed = [];
    for await (const item of readPbn(text)) streamed.push(item.value);
    expect(streamed).to.deep.equal(r.value.games);
  });
  it('ignores a repeated tag with a warning', () => {
    const r = parsePbn('[Event "a"]\n[Event "b"]\n');
    expect(r.value.games[0]!.tags.Event!.value).to.equal('a');
    expect(r.warnings.map((w) => [w.code, w.line, w.column])).to.deep.equal([['ERR_PBN_TAG_REPEATED', 2, 1]]);
    expect(r.errors).to.deep.equal([]);
  });
  it('keeps unknown tags and unknown sections', () => {
    const r = parsePbn('[Event "a"]\n[MyTag "x"]\n[MySection "v"]\nfoo "bar baz" 12\n');
    expect(r.errors).to.deep.equal([]);
    expect(r.value.games[0]!.tags.MyTag).to.deep.equal({ value: 'x' });
    expect(r.value.games[0]!.sections).to.deep.equal([
      { name: 'MySection', value: 'v', elements: ['foo', '"bar baz"', '12'] },
    ]);
    expect(makePbn(r.value.games)).to.include(`[MySection "v"]${CRLF}foo "bar baz" 12${CRLF}`);
  });
  it('resolves # and ## inheritance and refuses it for Deal-like tags', () => {
    const r = parsePbn(
      '[Event "##Club"] [Site "Here"]\n\n[Site "#"]\n\n[Event "Other"]\n\n[Board "4"]\n\n[Deal "#"]\n',
    );
    expect(r.value.games.map((g) => g.tags.Event?.value)).to.deep.equal(['Club', 'Club', 'Other', 'Other', 'Other']);
    expect(r.value.games[1]!.tags.Site!.value).to.equal('Here');
    expect(r.errors.map((e) => [e.code, e.line])).to.deep.equal([['ERR_PBN_INHERIT_FORBIDDEN', 9]]);
  });
  it('accepts lower case where 3.11 allows it and exports upper case', () => {
    const r = parsePbn(
      '[Dealer "e"]\n[Vulnerable "both"]\n[Deal "e:akq.jt9.876.5432 - - -"]\n[Contract "3nt"]\n[Declarer "e"]\n[Auction "e"]\n3nt pass pass pass\n',
    );
    expect(r.errors).to.deep.equal([]);
    const t = r.value.games[0]!.tags;
    expect([t.Dealer!.value, t.Vulnerable!.value, t.Deal!.value, t.Contract!.value]).to.deep.equal([
      'E',
      'All',
      'E:AKQ.JT9.876.5432 - - -',
      '3NT',
    ]);
    expect(r.value.games[0]!.auction!.calls.map((c) => c.call)).to.deep.equal(['3NT', 'Pass', 'Pass', 'Pass']);
  });
});

describe('PBN: typed errors with line:column', () => {
  const cases: { name: string; text: string; code: string; line: number; column: number }[] = [
    {
      name: 'a hand of 14 cards',
      text: '[Event "x"]\n[Deal "N:AKQJT98765432.A.. - - -"]\n',
      code: 'ERR_PBN_DEAL_CARDS',
      line: 2,
      column: 1,
    },
    {
      name: 'a card dealt twice',
      text: '[Deal "N:AKQJT98765432... A.AKQJT9876543.. - -"]\n',
      code: 'ERR_PBN_DEAL_DUPLICATE',
      line: 1,
      column: 1,
    },
    {
      name: 'a call after the auction ended',
      text: '[Dealer "N"]\n[Auction "N"]\n1S Pass Pass Pass\n  2H\n',
      code: 'ERR_PBN_AUCTION_AFTER_END',
      line: 4,
      column: 3,
    },
    {
      name: 'an insufficient bid',
      text: '[Dealer "S"]\n[Auction "S"]\n2C 1H\n',
      code: 'ERR_PBN_AUCTION_INSUFFICIENT',
      line: 3,
      column: 4,
    },
    {
      name: 'doubling partner',
      text: '[Dealer "S"]\n[Auction "S"]\n1C Pass X\n',
      code: 'ERR_PBN_AUCTION_DOUBLE',
      line: 3,
      column: 9,
    },
    {
      name: "a card not in the player's hand",
      text: '[Deal "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T98.T9 6.J6.J76.J876432"]\n[Declarer "S"]\n[Contract "1C"]\n[Play "W"]\nSA\n',
      code: 'ERR_PBN_PLAY_CARD_NOT_IN_HAND',
      line: 5,
      column: 1,
    },
    {
      name: 'failing to follow suit without ^R',
      text: '[Deal "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T98.T9 6.J6.J76.J876432"]\n[Declarer "S"]\n[Contract "1C"]\n[Play "W"]\nC2 CA C5 H9\n',
      code: 'ERR_PBN_PLAY_REVOKE',
      line: 5,
      column: 10,
    },
    {
      name: 'a bad rank in a deal',
      text: '\n\n[Deal "N:AKX.... - - -"]\n',
      code: 'ERR_PBN_DEAL_SYNTAX',
      line: 3,
      column: 1,
    },
    { name: 'an unterminated tag', text: '[Event "x"]\n   [Site "y\n', code: 'ERR_PBN_TAG_SYNTAX', line: 2, column: 4 },
    { name: 'a tab in a string', text: '[Event "a\tb"]\n', code: 'ERR_PBN_STRING_TAB', line: 1, column: 10 },
    { name: 'a bad contract', text: '[Contract "8NT"]\n', code: 'ERR_PBN_CONTRACT', line: 1, column: 1 },
    {
      name: 'a note reference without a note',
      text: '[Dealer "N"]\n[Auction "N"]\n1NT =3= Pass\n',
      code: 'ERR_PBN_NOTE_MISSING',
      line: 3,
      column: 5,
    },
    {
      name: 'a result the play contradicts',
      text: '[Deal "N:A... K... Q... J..."]\n[Declarer "S"]\n[Contract "S"]\n[Result "0"]\n[Play "W"]\nSJ SA SK SQ\n',
      code: 'ERR_PBN_RESULT_MISMATCH',
      line: 4,
      column: 1,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = parsePbn(c.text);
      expect(r.errors.map((e) => `${e.code}@${e.line}:${e.column}`)).to.include(`${c.code}@${c.line}:${c.column}`);
    });
  }
  it('one bad game does not stop the file', () => {
    const r = parsePbn('[Deal "N:AAA... - - -"]\n\n[Event "fine"]\n[Deal "N:AKQJT98765432... - - -"]\n');
    expect(r.value.games).to.have.length(2);
    expect(r.value.games[1]!.tags.Event!.value).to.equal('fine');
    expect(r.errors.map((e) => e.line)).to.deep.equal([1]);
  });
});

describe('PBN: annotations and sections', () => {
  it('turns suffixes into NAGs ($1-$6 calls, $7-$12 cards) and orders note, NAGs', () => {
    const r = parsePbn('[Dealer "N"]\n[Auction "N"]\n1S !! =1= $25 Pass ?! AP\n[Note "1:x"]\n');
    expect(r.errors).to.deep.equal([]);
    expect(makePbn(r.value.games)).to.include(`1S =1= $3 $25 Pass $6 AP${CRLF}`);
  });
  it('keeps irregularities ^I ^S ^R ^L', () => {
    const text = '[Dealer "W"]\n[Auction "W"]\n1D ^S ^I 1C Pass\nPass Pass\n';
    const r = parsePbn(text);
    expect(r.errors).to.deep.equal([]);
    expect(r.value.games[0]!.auction!.calls).to.deep.equal([
      { call: '1D' },
      { call: '^S' },
      { call: '1C', insufficient: true },
      { call: 'Pass' },
      { call: 'Pass' },
      { call: 'Pass' },
    ]);
    expect(makePbn(r.value.games)).to.include(`1D ^S ^I 1C Pass${CRLF}Pass Pass${CRLF}`);
  });
  it('keeps + in auction and play and rejects calls after it', () => {
    expect(parsePbn('[Dealer "N"]\n[Auction "N"]\n1S Pass +\n').value.games[0]!.auction!.end).to.equal('+');
    expect(parsePbn('[Dealer "N"]\n[Auction "N"]\n1S + Pass\n').errors.map((e) => e.code)).to.deep.equal([
      'ERR_PBN_AUCTION_AFTER_PLUS',
    ]);
  });
  it('reads tables with column specs and pads them on export', () => {
    const r = parsePbn('[Event "t"]\n[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 9 N S 10\n');
    expect(r.errors).to.deep.equal([]);
    const s = r.value.games[0]!.sections[0]!;
    expect(s.columns).to.deep.equal([
      { name: 'Declarer' },
      { name: 'Denomination', width: 2, align: 'R' },
      { name: 'Result', width: 2, align: 'R' },
    ]);
    expect(s.rows).to.deep.equal([
      ['N', 'NT', '9'],
      ['N', 'S', '10'],
    ]);
    expect(makePbn(r.value.games)).to.include(
      `[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]${CRLF}N NT  9${CRLF}N  S 10${CRLF}`,
    );
  });
  it('checks the predefined columns of tables', () => {
    expect(
      parsePbn('[OptimumResultTable "Declarer;Denomination;Result"]\nN NT 14 X S 7 E Z 3\n').errors.map((e) => e.code),
    ).to.deep.equal(['ERR_PBN_TABLE_VALUE', 'ERR_PBN_TABLE_VALUE', 'ERR_PBN_TABLE_VALUE']);
    expect(parsePbn('[OptimumPlayTable "S;H;D;C"]\nKQ - J1 ?\n').errors.map((e) => e.code)).to.deep.equal([
      'ERR_PBN_TABLE_VALUE',
    ]);
    const timed = parsePbn(
      '[Dealer "N"]\n[Auction "N"]\nPass Pass Pass Pass\n[AuctionTimeTable "Time;TotalTime"]\n5 5 1:02 1:07 3 1:10 0:0:4 01:14\n',
    );
    expect(timed.errors).to.deep.equal([]);
    expect(timed.value.games[0]!.sections[0]!.rows).to.have.length(4);
    expect(parsePbn('[PlayTimeTable "Time"]\n5\n').errors.map((e) => e.code)).to.deep.equal([
      'ERR_PBN_TABLE_PLACEMENT',
    ]);
  });
  it('reports a table whose elements do not fill its rows, and a comment after an element', () => {
    expect(parsePbn('[ScoreTable "Rank;Score_NS"]\n1 100 2\n').errors.map((e) => e.code)).to.deep.equal([
      'ERR_PBN_TABLE_ROW',
    ]);
    expect(parsePbn('[ScoreTable "Rank;Score_NS"]\n1 100 {no}\n').errors.map((e) => e.code)).to.deep.equal([
      'ERR_PBN_SECTION_COMMENT',
    ]);
  });
});

describe('PBN: comments anchored to what they follow', () => {
  // import form: a comment after the call itself, a note reference, a suffix, a NAG, and one after a
  // NAG that is written last in export form; annotations in a non-export order
  const text = [
    '[Dealer "N"]',
    '[Deal "N:AKQJT98765432... ..AKQJT98765432. .AKQJT98765432.. ...AKQJT98765432"]',
    '[Declarer "W"]',
    '[Contract "2C"]',
    '[Auction "N"]',
    '1C {after call} =1= $1 Pass =2= {after note} $5 1H ! {after suffix} $13 2C $13 {after last} $1',
    'AP',
    '[Note "1:one"]',
    '[Note "2:two"]',
    '[Play "N"]',
    'SA {after card} =1= $9 D2 ? {after card suffix} $200 H3 $200 {after card nag} $7 C4',
    '[Note "1:lead"]',
    '',
  ].join('\n');
  const auctionLines = `[Auction "N"]${CRLF}1C {after call} =1= $1 Pass =2= {after note} $5 1H $1 {after suffix} $13 2C $1 $13 {after last}${CRLF}AP${CRLF}`;
  const playLines = `[Play "N"]${CRLF}SA {after card} =1= $9 D2 $8 {after card suffix} $200 H3 $7 $200 {after card nag} C4${CRLF}`;
  const r = parsePbn(text);
  const g = r.value.games[0]!;
  it('keeps the element each comment follows in the model', () => {
    expect(r.errors).to.deep.equal([]);
    expect(g.auction!.calls.slice(0, 4)).to.deep.equal([
      { call: '1C', note: 1, nags: [1], comments: [{ text: 'after call', brace: true, after: 'call' }] },
      { call: 'Pass', note: 2, nags: [5], comments: [{ text: 'after note', brace: true, after: 'note' }] },
      // the suffix `!` is the NAG $1
      { call: '1H', nags: [1, 13], comments: [{ text: 'after suffix', brace: true, after: 'nag', nag: 1 }] },
      // after $13, the NAG written last in export form: no anchor needed
      { call: '2C', nags: [1, 13], comments: [{ text: 'after last', brace: true }] },
    ]);
    expect(g.play!.cards).to.deep.equal([
      { card: 'SA', note: 1, nags: [9], comments: [{ text: 'after card', brace: true, after: 'call' }] },
      // `?` on a card is $8
      { card: 'D2', nags: [8, 200], comments: [{ text: 'after card suffix', brace: true, after: 'nag', nag: 8 }] },
      { card: 'H3', nags: [7, 200], comments: [{ text: 'after card nag', brace: true }] },
      { card: 'C4' },
    ]);
  });
  it('writes each comment right after its element in export form', () => {
    const out = makePbn(g);
    expect(out).to.include(auctionLines);
    expect(out).to.include(playLines);
    expect(checkPbnExport(out)).to.deep.equal([]);
  });
  it('keeps the anchors through import → export → import', () => {
    const again = parsePbn(makePbn(g));
    expect(again.errors).to.deep.equal([]);
    expect(again.value.games[0]!.auction).to.deep.equal(g.auction);
    expect(again.value.games[0]!.play).to.deep.equal(g.play);
    expect(makePbn(again.value.games)).to.equal(makePbn(g));
  });
  it('sorts comments into export order and writes comments of a missing anchor last', () => {
    const one = parsePbn('[Dealer "N"]\n[Auction "N"]\n1S $4 {b} =3= {a} {a2} Pass\n[Note "3:x"]\n');
    expect(one.value.games[0]!.auction!.calls[0]!.comments).to.deep.equal([
      { text: 'a', brace: true, after: 'note' },
      { text: 'a2', brace: true, after: 'note' },
      { text: 'b', brace: true },
    ]);
    expect(makePbn(one.value.games)).to.include(`1S =3= {a} {a2} $4 {b} Pass${CRLF}`);
    // an anchor whose element is not there (hand-built model): after the last element
    const built: PbnGame = {
      tags: {},
      sections: [],
      auction: {
        first: 'N',
        notes: [],
        calls: [
          {
            call: '1S',
            nags: [1],
            comments: [
              { text: 'x', brace: true, after: 'nag', nag: 7 },
              { text: 'y', brace: true, after: 'note' },
            ],
          },
        ],
      },
    };
    expect(makePbn(built)).to.include(`[Auction "N"]${CRLF}1S $1 {x} {y}${CRLF}`);
  });
});

describe('PBN: comment lines of at most 255 characters in export form', () => {
  const a200 = 'a'.repeat(200);
  const b100 = 'b'.repeat(100);
  it('wraps a comment after a tag at a space', () => {
    const g = parsePbn(`[Event "e"]\n{${a200} ${b100}}\n`).value.games[0]!;
    expect(g.tags.Event!.comments).to.deep.equal([{ text: `${a200} ${b100}`, brace: true }]);
    const out = makePbn(g);
    expect(out).to.include(`[Event "e"]${CRLF}{${a200}${CRLF}${b100}}${CRLF}`);
    expect(checkPbnExport(out)).to.deep.equal([]);
    // the import form keeps the text as it is
    expect(makePbn(g, { form: 'import' })).to.include(`[Event "e"]\n{${a200} ${b100}}\n`);
  });
  it('wraps a long comment of many words after a call, each line within 255 with CRLF', () => {
    const words = Array.from({ length: 120 }, (_, i) => `word${String(i).padStart(3, '0')}`);
    const g = parsePbn(`[Dealer "N"]\n[Auction "N"]\n1S {${words.join(' ')}} Pass Pass Pass\n`).value.games[0]!;
    const out = makePbn(g);
    const lines = out.split(CRLF);
    expect(Math.max(...lines.map((l) => l.length + 2))).to.be.at.most(255);
    expect(checkPbnExport(out)).to.deep.equal([]);
    // the words are all there in order, one line break in place of a space where a line was full
    const again = parsePbn(out).value.games[0]!;
    expect(again.auction!.calls[0]!.comments![0]!.text.split(/[ \n]/)).to.deep.equal(words);
    const start = lines.findIndex((l) => l.startsWith('1S {'));
    expect(lines[start]!.length).to.be.above(240);
    expect(lines.slice(start).join(' ')).to.include(`1S {${words.join(' ')}} Pass Pass Pass`);
  });
  it('leaves a word longer than a line whole (the only line over the limit)', () => {
    const long = 'x'.repeat(300);
    const out = makePbn(parsePbn(`[Event "e"]\n{short ${long} tail}\n`).value.games[0]!);
    expect(out).to.include(`[Event "e"]${CRLF}{short${CRLF}${long}${CRLF}tail}${CRLF}`);
    expect(checkPbnExport(out).map((e) => e.code)).to.deep.equal(['ERR_PBN_EXPORT_LINE_TOO_LONG']);
  });
});

describe('PBN: typed views', () => {
  it('derives contract and declarer from the auction and tricks from the play', () => {
    const info = pbnGameInfo(parsePbn(SPEC_IMPORT).value.games[0]!);
    expect(info.dealer).to.equal('N');
    expect(info.vulnerable).to.equal('None');
    expect(info.contract).to.deep.equal({ level: 5, strain: 'H', risk: 'X' });
    expect(info.auctionContract).to.deep.equal({ level: 5, strain: 'H', risk: 'X' });
    expect(info.auctionDeclarer).to.equal('S');
    expect(info.resultTricks).to.equal(9);
    // six tricks are fully known; NS (declarer's side) won all six
    expect([info.playDeclarerTricks, info.playDefenceTricks]).to.deep.equal([6, 0]);
    expect(info.deal!.W).to.deep.equal({ S: 'KQT2', H: 'AT', D: 'J6542', C: '85' });
  });
  it('shows \\S \\H \\D \\C in comments as suit symbols', () => {
    expect(suitSymbols('lead \\H K, then \\S 2')).to.equal('lead \u2665 K, then \u2660 2');
  });
  it('writes no tab in export format, even from a comment that had one', () => {
    const r = parsePbn('[Event "a"] {x\ty}\n');
    expect(makePbn(r.value.games)).to.include('{x y}');
  });
});

describe('PBN: own fixture', () => {
  it('imports, exports and round-trips', async () => {
    const text = await readFixture('bridge/own.pbn');
    const r = parsePbn(text);
    expect(r.errors).to.deep.equal([]);
    expect(r.value.games).to.have.length(3);
    const out = makePbn(r.value.games);
    const again = parsePbn(out);
    expect(normalized(again.value.games)).to.deep.equal(normalized(r.value.games));
    expect(makePbn(again.value.games)).to.equal(out);
  });
});

describe('PBN corpus: verifier files without errors', () => {
  for (const file of inUse([
    'pbnverifier__correct_10.pbn',
    'pbnverifier__correct_20.pbn',
    'pbnverifier__correct_21.pbn',
  ])) {
    it(`${file} gives zero errors`, async () => {
      const bytes = await corpusBytes(file);
      const r = parsePbn(bytes);
      expect(r.errors).to.deep.equal([]);
      expect(r.value.games.filter((g) => g.tags.Deal).length).to.equal(CORPUS.find((c) => c.file === file)!.deals);
    });
  }
});

// Errors each verifier game must produce, from the `%` comments of the files (codes without ERR_PBN_).
// Where a game holds several faults every one is listed. Warnings (not errors): errors_10 game 1
// (unknown tag), 28 (repeated tag), 36-38 (Declarer disagrees with the auction), 56 and 57 (unused note 32).
const EXPECTED_WARNINGS: Record<string, Record<number, string[]>> = {
  'pbnverifier__errors_10.pbn': { 36: ['DECLARER_MISMATCH'], 37: ['DECLARER_MISMATCH'], 38: ['DECLARER_MISMATCH'] },
};
const EXPECTED_ERRORS: Record<string, Record<number, string[]>> = {
  'pbnverifier__errors_10.pbn': {
    1: [], // unknown tag [Wrong ...]: kept, a warning
    2: ['TAG_SYNTAX'], // [Event] has no value
    3: ['TAG_SYNTAX'], // value without quotes
    4: ['STRING_TAB'], // tab inside a string
    5: ['ROUND'],
    6: ['ROUND'], // Round "&", "-1"
    7: ['DATE'],
    8: ['DATE'], // 1995.o6.10, 95.06.10
    9: ['DEALER'],
    10: ['VULNERABLE'],
    11: ['DEAL_SYNTAX'], // bad rank v
    12: ['DEAL_DUPLICATE'], // SK twice
    13: ['DEAL_CARDS'],
    14: ['DEAL_CARDS'],
    15: ['DEAL_CARDS'], // 14 cards; 12 vs 13
    16: ['DEAL_SYNTAX'], // double space between hands
    17: ['DEAL_CARDS'],
    18: ['DEAL_CARDS'], // 14 cards; no hand at all
    19: ['DECLARER'],
    20: ['CONTRACT'],
    21: ['CONTRACT'],
    22: ['RESULT'],
    23: ['UNEXPECTED_TEXT', 'NOTE_PLACEMENT'], // stray text; a Note outside auction/play
    24: ['AUCTION_NO_DEALER'],
    25: ['PLAY_NO_DEAL'],
    26: ['PLAY_NO_DECLARER'],
    27: ['PLAY_NO_CONTRACT'],
    28: ['AUCTION_DEALER'],
    29: ['AUCTION_DEALER'], // first call not by the dealer
    30: ['AUCTION_CALL_SYNTAX'],
    31: ['AUCTION_CALL_SYNTAX'], // "1", "1N"
    32: ['AUCTION_INSUFFICIENT'],
    33: ['AUCTION_DOUBLE'],
    34: ['AUCTION_REDOUBLE'],
    35: ['SUFFIX_DUPLICATE', 'NAG_DUPLICATE', 'NAG_SECTION', 'NAG', 'NOTE_REF', 'NOTE_REF_DUPLICATE', 'NOTE_MISSING'],
    // a Declarer tag that disagrees with the auction: a warning since #13 (the tag is kept as given)
    36: [],
    37: [],
    38: [],
    39: ['CONTRACT_MISMATCH'],
    40: ['CONTRACT_MISMATCH'],
    41: ['CONTRACT_MISMATCH'],
    42: ['CONTRACT_MISMATCH'],
    43: ['CONTRACT_MISMATCH'],
    44: ['PLAY_REVOKE'], // CA while holding S2
    45: ['SUFFIX_DUPLICATE', 'NAG_DUPLICATE'],
    46: ['NAG_SECTION', 'NAG', 'NOTE_REF'], // $1 on a card, $256, =a=, $a
    47: ['NOTE_REF', 'NOTE_REF_DUPLICATE', 'PLAY_CARD_PLAYED', 'PLAY_CARD_NOT_IN_HAND', 'NOTE_MISSING'],
    48: ['PLAY_CARD_SYNTAX'], // S1, HHT, KT
    49: ['PLAY_IRREGULAR', 'PLAY_REVOKE_MARK', 'PLAY_LEAD_IRREGULAR'],
    50: ['PLAY_LEAD_IRREGULAR'], // ^L on the player who is on lead
    51: ['PLAY_REVOKE_MARK'],
    52: ['PLAY_REVOKE_MARK'],
    53: ['PLAY_REVOKE_MARK'], // ^R on a lead / a legal card
    54: ['RESULT_PASSED_OUT'],
    55: ['RESULT_NO_DECLARER'],
    56: ['NOTE_INDEX'], // Note 0 and 33
    57: ['NOTE_MISSING'], // =3= without a note
    58: ['AUCTION_IRREGULAR'], // ^I before a sufficient bid
    59: ['NAG_DUPLICATE', 'NAG_SECTION', 'RESULT'], // "NS 9 EW 2" does not sum to 13
    60: ['RESULT_MISMATCH'], // 4 tricks, declarer already won 6
    61: [],
    62: ['INHERIT_FORBIDDEN'],
    63: ['SCORE'],
    64: ['SCORE'],
    65: ['SCORE'],
    66: ['SCORE'],
    67: ['SCORE'],
    68: ['LINE_TOO_LONG'],
    69: ['LINE_TOO_LONG', 'CHARACTER'],
    70: ['SCORING'], // Scoring "Unknown tag"
    72: ['NOTE_SYNTAX'],
    73: ['PLAY_CARD_SYNTAX'], // CS, DS
    74: ['LINE_TOO_LONG', 'TAG_SYNTAX', 'RESULT_MISMATCH', 'NOTE_MISSING'], // note without its closing quote
  },
  'pbnverifier__errors_20.pbn': {
    1: ['SCORING'],
    2: ['SCORING'], // "IMP;??", ";"
    3: ['RUBBER_VULNERABLE'],
    4: ['RUBBER_VULNERABLE'],
    5: ['RUBBER_VULNERABLE'],
    6: ['RUBBER_VULNERABLE'],
    7: ['PLAY_AFTER_PLUS'],
    8: ['PLAY_AFTER_PLUS'], // + +, a card after +
    9: ['AUCTION_AFTER_PLUS'],
    10: ['AUCTION_AFTER_PLUS'],
    11: ['AUCTION_AFTER_PLUS'],
    12: ['TAG_SYNTAX'],
    13: ['TAG_SYNTAX'],
    14: ['TABLE_COLUMNS'], // "Call\", "Call\L"
    15: ['SECTION_COMMENT'], // comment after a table element
    16: ['SECTION_TOKEN', 'TABLE_ROW'], // %
    17: ['TAG_SYNTAX', 'TABLE_ROW'], // [
    18: ['SECTION_TOKEN', 'TABLE_ROW'], // ]
    19: ['SECTION_COMMENT', 'TABLE_ROW'], // { opens a comment that swallows game 20
    21: ['TABLE_ROW'], // a row with 4 of 5 elements
    22: ['TABLE_ORDER'],
    23: ['TABLE_ORDER'], // "-Percentage" (ascending) but the values descend
  },
  'pbnverifier__errors_21.pbn': {
    1: ['SCORE'],
    2: ['SCORE'], // OptimumScore "100", "EW"
  },
};

describe('PBN corpus: verifier error files', () => {
  for (const file of inUse(Object.keys(EXPECTED_ERRORS))) {
    const expected = EXPECTED_ERRORS[file]!;
    it(`${file} gives the expected errors game by game`, async () => {
      const bytes = await corpusBytes(file);
      const r = parsePbn(bytes);
      const got = codesByGame(latin1Text(bytes), r.errors);
      for (const [game, codes] of Object.entries(expected)) {
        expect([...(got.get(Number(game)) ?? [])].sort(), `${file} game ${game}`).to.deep.equal([...codes].sort());
      }
      const warned = codesByGame(latin1Text(bytes), r.warnings);
      for (const [game, codes] of Object.entries(EXPECTED_WARNINGS[file] ?? {})) {
        expect(warned.get(Number(game)), `${file} game ${game} warnings`).to.include.members(codes);
      }
      for (const e of r.errors) {
        expect(e.code).to.match(/^ERR_PBN_[A-Z_]+$/);
        expect(e.line).to.be.a('number');
        expect(e.column).to.be.a('number');
      }
    });
  }
});

describe('PBN corpus: import, export, round trip', () => {
  for (const { file, deals } of CORPUS) {
    if (file.startsWith('pbnverifier__errors') || !inUse([file]).length) continue;
    it(file, async () => {
      const bytes = await corpusBytes(file);
      const r = parsePbn(bytes);
      expect(r.value.games.filter((g) => g.tags.Deal).length, 'games with a Deal').to.equal(deals);
      const out = makePbn(r.value.games);
      // export format: CRLF only, no tabs, MTS first in order, one empty line between games
      expect(/\r(?!\n)|(?<!\r)\n|\t|\v/.test(out)).to.equal(false);
      if (r.value.games.length) {
        const tagLines = makePbn(r.value.games[0]!, { header: false })
          .split(CRLF)
          .filter((l) => /^\[[A-Za-z]+ /.test(l))
          .map((l) => /^\[(\w+)/.exec(l)![1]);
        expect(tagLines.slice(0, 15)).to.deep.equal([...MTS_TAGS]);
      }
      // our export passes the export-format check, but for what a value that fills a line forces: a
      // line over 255 with CRLF, or the space after the tag name left out to stay readable
      const outLines = out.split(CRLF);
      const forced = (e: { code: string; line?: number }) =>
        e.code === 'ERR_PBN_EXPORT_LINE_TOO_LONG' ||
        (e.code === 'ERR_PBN_EXPORT_TAG' && outLines[e.line! - 1]!.length === 254);
      expect(checkPbnExport(out).filter((e) => !forced(e))).to.deep.equal([]);
      const again = parsePbn(out);
      expect(normalized(again.value.games)).to.deep.equal(normalized(r.value.games));
      expect(makePbn(again.value.games), 'export(import(export(x))) === export(x)').to.equal(out);
      expect(again.errors.length).to.be.at.most(r.errors.length + out.split(CRLF).filter((l) => l.length > 254).length);
    });
  }
});

describe('PBN corpus: facts inside the files', () => {
  it('DoubleDummyTricks agrees with OptimumResultTable where both are exact', async () => {
    let checked = 0;
    for (const file of inUse([
      'endplay__realbridge2021_dd_notes.pbn',
      'bc557__bridgecomposer_dd.pbn',
      'endplay__sample_dd_notes.pbn',
    ])) {
      const bytes = await corpusBytes(file);
      for (const g of parsePbn(bytes).value.games) {
        const hex = g.tags.DoubleDummyTricks?.value;
        const table = g.sections.find((s) => s.name === 'OptimumResultTable');
        if (!hex || !table) continue;
        // 20 hex digits: N, S, E, W × NT, S, H, D, C
        const fromHex: Record<string, number> = {};
        ['N', 'S', 'E', 'W'].forEach((seat, i) =>
          ['NT', 'S', 'H', 'D', 'C'].forEach((strain, j) => {
            fromHex[seat + strain] = parseInt(hex[i * 5 + j]!, 16);
          }),
        );
        const d = table.columns!.findIndex((c) => c.name === 'Declarer');
        const n = table.columns!.findIndex((c) => c.name === 'Denomination');
        const res = table.columns!.findIndex((c) => c.name === 'Result');
        for (const row of table.rows!) {
          expect(Number(row[res]), `${file} board ${g.tags.Board?.value}`).to.equal(fromHex[row[d]! + row[n]!]);
          checked++;
        }
      }
    }
    // endplay__sample_dd_notes.pbn alone (the fixture): one board with both, 20 rows.
    expect(checked).to.be.greaterThan(SHARED_PBN ? 6000 : 19);
  });
  it('pbnTricksTable reads the OptimumResultTable (spec 2.1 verifier game 1, checked by hand)', async () => {
    const bytes = await corpusBytes('pbnverifier__correct_21.pbn');
    const t = pbnTricksTable(parsePbn(bytes).value.games[0]!)!;
    expect(t.N).to.deep.equal({ C: 9, D: 6, H: 5, S: 6, NT: 6 });
    expect(t.W).to.deep.equal({ C: 3, D: 7, H: 8, S: 7, NT: 7 });
    expect(
      pbnTricksTable({ tags: { DoubleDummyTricks: { value: '77667775576677566775' } }, sections: [] })!.E,
    ).to.deep.equal({ NT: 6, S: 6, H: 7, D: 7, C: 5 });
  });
  it('the DD reference deals read as the same deals as the JSON lines', async () => {
    const pbn = await readSharedBytes('data/bridge/dd-reference-deals.pbn');
    const jsonl = await readSharedBytes('data/bridge/dd-reference.jsonl');
    // Without ../shared: boards 1-8 of the PBN file against the fixture's JSON tables (boards 1, 3, 4, 8).
    const r = parsePbn(pbn ?? (await readFixtureBytes('bridge/dd-reference-deals-1-8.pbn')));
    expect(r.errors).to.deep.equal([]);
    const lines = jsonl
      ? new TextDecoder()
          .decode(jsonl)
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { board: number; deal: string })
      : (JSON.parse(await readFixture('bridge/dd-fixture.json')).tables as { board: number; deal: string }[]);
    expect(r.value.games).to.have.length(pbn ? 300 : 8);
    const compared = r.value.games.filter((g) => lines.some((l) => String(l.board) === g.tags.Board!.value));
    expect(compared).to.have.length(pbn ? 300 : 4);
    compared.forEach((g, i) => {
      expect(g.tags.Board!.value, `game ${i + 1}`).to.equal(String(lines[i]!.board));
      const a = parseDeal(g.tags.Deal!.value);
      const b = parseDeal(lines[i]!.deal);
      expect(a.ok && b.ok && makeDeal(a.value) === makeDeal(b.value)).to.equal(true);
      expect(g.tags.Board!.value).to.equal(String(lines[i]!.board));
      // the standard board cycle (data README): dealer N,E,S,W; vulnerability over 16 boards
      expect(g.tags.Dealer!.value).to.equal(boardDealer(lines[i]!.board));
      expect(g.tags.Vulnerable!.value).to.equal(boardVulnerability(lines[i]!.board));
    });
  });
});

describe('PBN: streaming reader', () => {
  it('gives the same games and errors as parsePbn, chunk by chunk', async () => {
    const file = 'bbo__acbl_speedball_latin1.pbn';
    const bytes = (await readSharedBytes(`data/bridge/pbn-corpus/${file}`)) ?? enc(await readFixture('bridge/own.pbn'));
    const whole = parsePbn(bytes);
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += 4093) chunks.push(bytes.subarray(i, i + 4093));
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (const ch of chunks) c.enqueue(ch);
        c.close();
      },
    });
    const games: PbnGame[] = [];
    const errors = [];
    for await (const item of readPbn(stream)) {
      games.push(item.value);
      errors.push(...item.errors);
    }
    expect(games).to.deep.equal(whole.value.games);
    expect(errors).to.deep.equal(whole.errors);
  });
  it('reads from a string', async () => {
    const games = [];
    for await (const item of readPbn(SPEC_IMPORT)) games.push(item.value);
    expect(games).to.deep.equal(parsePbn(SPEC_IMPORT).value.games);
  });
});

describe('PBN: fuzz', () => {
  it('random mutations of corpus files never throw and export stably', async () => {
    const sources: Uint8Array[] = [enc(SPEC_IMPORT)];
    for (const file of [
      'pbnverifier__correct_20.pbn',
      'pbnverifier__errors_10.pbn',
      'bridgebots__sample_notes.pbn',
      'ruter__scoretable_totalscoretable.pbn',
    ]) {
      const b = await readSharedBytes(`data/bridge/pbn-corpus/${file}`);
      if (b) sources.push(b.subarray(0, 6000));
    }
    const random = rng(20261121);
    const alphabet = enc('[]{}";%$=!?^*+-\\\n\r\t SHDCAKQJT987NESWX0123456789#');
    let runs = 0;
    for (let k = 0; k < 300; k++) {
      const src = sources[k % sources.length]!;
      const bytes = src.slice();
      const edits = 1 + Math.floor(random() * 8);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(random() * bytes.length);
        bytes[at] = random() < 0.8 ? alphabet[Math.floor(random() * alphabet.length)]! : Math.floor(random() * 256);
      }
      const r = parsePbn(bytes);
      const out = makePbn(r.value.games);
      const again = parsePbn(out);
      expect(again.value.games.length).to.equal(r.value.games.length);
      // even for broken input, the export is a fixed point: export(import(export(x))) === export(x)
      expect(makePbn(again.value.games), `mutation ${k}`).to.equal(out);
      runs++;
    }
    expect(runs).to.equal(300);
  });
});
