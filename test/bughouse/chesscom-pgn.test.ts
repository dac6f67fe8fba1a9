// chess.com's bughouse PGN export (test/fixtures/bughouse/chesscom-export.bpgn, a real game): knight
// drops written `$146@g4`, pawn drops `@e3`, `{[%clk 0:00:01.3]}` clocks, its FEN tag form and a
// `Termination "X won by checkmate"` tag. Positions and clocks are checked against the raw text.
import { expect } from 'chai';
import {
  makeBpgn,
  parseBpgn,
  readBpgn,
  replayMatch,
  visitBpgn,
  type BughouseMatch,
  type BughouseMove,
} from 'gamenotation/bughouse';
import type { NotationError, Parsed } from 'gamenotation';

import { readFixture } from '../support/data.js';

const FIXTURE = 'bughouse/chesscom-export.bpgn';

/** Every place (line:column, 1-based) where `re` matches in the text, at the match's group `at`. */
function places(text: string, re: RegExp, at = 0): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(re)) out.push(`${i + 1}:${m.index! + m[0].indexOf(m[at]!) + 1}`);
  });
  return out;
}

function placesOf(list: NotationError[], code: string): string[] {
  return list.filter((w) => w.code === code).map((w) => `${w.line}:${w.column}`);
}

/** The fields of a move that must survive export and re-reading. */
function moveFacts(m: BughouseMove) {
  return [m.board, m.color, m.number, m.san, m.uci, m.clock, m.clockText];
}

describe("chess.com's bughouse PGN export", () => {
  let text = '';
  /** The match as read, with its errors and warnings. */
  let item: Parsed<BughouseMatch>;
  let match: BughouseMatch;
  before(async () => {
    text = await readFixture(FIXTURE);
    const all = parseBpgn(text);
    expect(all).to.have.length(1);
    item = all[0]!;
    match = item.value;
  });

  it('reads with no error; each dialect feature is a warning at its line and column in the file', () => {
    expect(item.errors).to.deep.equal([]);
    const knight = places(text, /\$146@/g);
    const pawn = places(text, /(?:^|\s)(@[a-h][1-8])/g, 1);
    expect(knight).to.have.length(5);
    expect(pawn).to.have.length(3);
    expect(placesOf(item.warnings, 'ERR_BPGN_CHESSCOM_KNIGHT_DROP')).to.deep.equal(knight);
    expect(placesOf(item.warnings, 'ERR_BPGN_PAWN_DROP_LETTER')).to.deep.equal(pawn);
    // The FEN tag's warning points at its value (the opening quote).
    expect(placesOf(item.warnings, 'ERR_BPGN_CHESSCOM_FEN')).to.deep.equal(places(text, /^\[FEN (")/g, 1));
    expect(item.warnings).to.have.length(knight.length + pawn.length + 1);
  });

  it('keeps every move in file order, drops canonical, clocks from [%clk] on board B only', () => {
    const prefixes = [...text.matchAll(/(\d+)([AaBb])\./g)].map((m) => m[1]! + m[2]!);
    expect(match.moves.map((m) => m.number + (m.color === 'white' ? m.board : m.board.toLowerCase()))).to.deep.equal(
      prefixes,
    );
    // The knight drops of the file, by their prefixes, are N@ drops; the letterless ones P@.
    const written = [...text.matchAll(/(\d+[AaBb])\.\s+(\$146)?(@[a-h][1-8][+#]?)/g)];
    expect(written).to.have.length(8);
    for (const [, prefix, nag, drop] of written) {
      const mv = match.moves[prefixes.indexOf(prefix!)]!;
      expect(mv.san, prefix).to.equal((nag ? 'N' : 'P') + drop);
      expect(mv.uci, prefix).to.equal((nag ? 'N' : 'P') + drop!.slice(0, 3));
    }
    expect(match.moves.some((m) => m.nags)).to.equal(false);
    // One [%clk h:mm:ss(.d)] per board-B move, in order (a clock may be broken across lines).
    const clocks = [...text.matchAll(/\[%clk\s+(\d+):(\d\d):(\d\d)(\.\d+)?\]/g)].map((m) => ({
      clock: Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] + (m[4] ?? '')),
      text: String(Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])) + (m[4] ?? ''),
    }));
    const b = match.moves.filter((m) => m.board === 'B');
    expect(b.map((m) => [m.clock, m.clockText])).to.deep.equal(clocks.map((c) => [c.clock, c.text]));
    expect(match.moves.filter((m) => m.board === 'A').every((m) => m.clock === null)).to.equal(true);
  });

  it('replays both boards legally; each knight drop takes a knight from the holdings; board A ends in mate', () => {
    expect(match.startBfen).to.equal(
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -',
    );
    const pocket = (fen: string) => fen.slice(fen.indexOf('[') + 1, fen.indexOf(']'));
    const count = (s: string, ch: string) => s.split(ch).length - 1;
    const before = { A: '', B: '' };
    let knightDrops = 0;
    const r = replayMatch(match, {
      onMove(boards, mv) {
        expect(boards.material(), `${mv.number}${mv.board} ${mv.san}`).to.equal(64);
        const fen = boards.fen(mv.board);
        if (mv.san.startsWith('N@')) {
          const letter = mv.color === 'white' ? 'N' : 'n';
          expect(count(pocket(before[mv.board]), letter), mv.san).to.be.greaterThan(0);
          expect(count(pocket(fen), letter)).to.equal(count(pocket(before[mv.board]), letter) - 1);
          knightDrops++;
        }
        before.A = boards.fen('A');
        before.B = boards.fen('B');
      },
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(knightDrops).to.equal(5);
    const last = match.moves[match.moves.length - 1]!;
    expect([last.board, last.color, last.san]).to.deep.equal(['A', 'black', 'Qxg1#']);
    expect(r.value.turnOf('A')).to.equal('white');
    expect(r.value.state('A', 'crazyhouse')).to.equal('mate');
    expect(r.value.state('A', 'bughouse')).to.equal('mate');
    expect(match.result).to.equal('0-1');
    expect(match.termination).to.equal('mate');
  });

  it('does not replay when $146 is not read as a knight (the pawn-drop reading fails)', () => {
    const [asPawns] = parseBpgn(text.replace(/\$146@/g, '@'));
    expect(asPawns!.errors.length).to.be.greaterThan(0);
    expect(asPawns!.errors[0]!.code).to.equal('ERR_SAN_ILLEGAL');
  });

  it('keeps a NAG $146 that is not glued to a drop a NAG', () => {
    const [m] = parseBpgn('[WhiteA "a"]\n\n1A. e4 $146 1a. e5 $146 {x} 2A. Nf3 *\n');
    expect(m!.errors).to.deep.equal([]);
    expect(m!.warnings).to.deep.equal([]);
    expect(m!.value.moves.map((x) => [x.san, x.nags])).to.deep.equal([
      ['e4', [146]],
      ['e5', [146]],
      ['Nf3', undefined],
    ]);
  });

  it("takes the termination from chess.com's Termination sentence and checks a mate on the board", () => {
    const term = (t: string) => parseBpgn(`[Termination "${t}"]\n\n1A. e4 *\n`)[0]!.value.termination;
    expect(term('blunderman1 won by checkmate')).to.equal('mate');
    expect(term('blunderman1 won by resignation')).to.equal('resign');
    expect(term('blunderman1 won on time')).to.equal('time');
    // Without its last move the match still says mate, but board A is not mate: a warning.
    const [cut] = parseBpgn(text.replace(' 19a. Qxg1#', ''));
    expect(cut!.errors).to.deep.equal([]);
    expect(cut!.value.termination).to.equal('mate');
    expect(cut!.warnings.map((w) => w.code)).to.include('ERR_BPGN_NOT_MATE');
  });

  it('exports canonical BPGN (N@g4, P@e3, clocks in seconds as read) that re-reads clean and is idempotent', () => {
    const out = makeBpgn(match);
    expect(out).to.not.contain('$146');
    expect(out).to.not.match(/\s@/);
    expect(out).to.contain('5b. N@g4{0.8}');
    expect(out).to.contain('12b. P@e3{8.1}');
    expect(out).to.contain('3B. Nc3{2}');
    expect(out).to.contain('[Setup "1"]');
    expect(out).to.contain('[Termination "blunderman1 won by checkmate"]');
    for (const line of out.split('\n')) if (!line.startsWith('[')) expect(line.length).to.be.at.most(79);
    const again = parseBpgn(out);
    expect(again).to.have.length(1);
    const { value: m2, errors, warnings } = again[0]!;
    expect(errors).to.deep.equal([]);
    expect(warnings).to.deep.equal([]);
    expect(m2.moves.map(moveFacts)).to.deep.equal(match.moves.map(moveFacts));
    expect([m2.result, m2.termination, m2.startBfen]).to.deep.equal([match.result, match.termination, match.startBfen]);
    expect(makeBpgn(m2)).to.equal(out);
  });

  it('reads the same streamed (bytes in chunks, two matches in a row) and with the validating read', async () => {
    const two = text + '\n' + text;
    const whole = parseBpgn(two);
    expect(whole).to.have.length(2);
    // The second match's warnings sit as many lines further down as the first match takes.
    const shift = two.slice(0, two.lastIndexOf('[Event')).split('\n').length - 1;
    expect(whole[1]!.warnings).to.deep.equal(item.warnings.map((w) => ({ ...w, line: w.line! + shift })));
    const bytes = new TextEncoder().encode(two);
    for (const size of [1, 17, 4096]) {
      const chunks = async function* () {
        for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
      };
      const got: Parsed<BughouseMatch>[] = [];
      for await (const m of readBpgn(chunks())) got.push(m);
      expect(JSON.stringify(got), `chunks of ${size}`).to.equal(JSON.stringify(whole));
    }
    const streamed: Parsed<BughouseMatch>[] = [];
    for await (const m of readBpgn(two)) streamed.push(m);
    expect(JSON.stringify(streamed)).to.equal(JSON.stringify(whole));
    // The validating read (moves not kept) resolves the same moves and reports the same problems.
    const lean: Parsed<BughouseMatch>[] = [];
    const sans: string[] = [];
    visitBpgn(text, { endMatch: (m) => void lean.push(m), move: (mv) => void sans.push(mv.san) }, { keepMoves: false });
    expect(lean).to.have.length(1);
    expect(lean[0]!.errors).to.deep.equal([]);
    expect(lean[0]!.warnings).to.deep.equal(item.warnings);
    expect(lean[0]!.value.termination).to.equal('mate');
    expect(sans.filter((s) => s.startsWith('N@'))).to.have.length(5);
  });
});
