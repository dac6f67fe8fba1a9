import { expect } from 'chai';
import { Position } from 'gamenotation/chess';
import {
  BughouseBoards,
  bfenToFens,
  fensToBfen,
  makeBfen,
  makeBpgn,
  makeFourColumn,
  matchToJson,
  parseBfen,
  parseBpgn,
  parseBughouseCsv,
  replayMatch,
  validateBfen,
  chesscomToMatch,
  parseChesscomGame,
  visitBpgn,
  readBpgn,
  type BughouseMatch,
  type ChesscomGame,
} from 'gamenotation/bughouse';
import type { Parsed } from 'gamenotation';
// chess.com's TCN move code is read inside chesscomToMatch; its decoder is tested on the module itself.
import { tcnToUci } from '../../src/bughouse/chesscom.js';
import { listShared, readFixture, readShared, readSharedBytes } from '../support/data.js';

const REAL_FILES = [
  'bugaboo_test.bpgn',
  'pychess-variants_1283326.bpgn',
  'pychess-variants_1934301.bpgn',
  'pychess-variants_1934461.bpgn',
  'pychess-variants_1934587.bpgn',
  'pychess-variants_1934660.bpgn',
];

/** Replays a match move by move: every move legal, 64 pieces over both boards and four holdings after each. */
function replayConserving(match: BughouseMatch): BughouseBoards {
  let checked = 0;
  const r = replayMatch(match, {
    onMove(boards) {
      expect(boards.material()).to.equal(64);
      checked++;
    },
  });
  if (!r.ok) throw new Error(`${r.error.code} ${r.error.message}`);
  expect(checked).to.equal(match.moves.length);
  return r.value;
}

/** Export → read → export gives the same bytes (and the same errors); movetext lines fit in 79 columns. */
function expectCanonical({ value: match, errors }: Parsed<BughouseMatch>): void {
  const out = makeBpgn(match);
  const [item] = parseBpgn(out);
  const again = item!.value;
  expect(item!.errors).to.deep.equal(
    errors.map((e) => ({
      ...e,
      line: item!.errors.find((x) => x.code === e.code)?.line,
      column: item!.errors.find((x) => x.code === e.code)?.column,
    })),
  );
  expect(makeBpgn(again)).to.equal(out);
  for (const line of out.split('\n'))
    if (!line.startsWith('[') && line.includes(' ')) expect(line.length).to.be.at.most(79);
  expect(again.moves.map((m) => m.san)).to.deep.equal(match.moves.map((m) => m.san));
  expect(again.moves.map((m) => m.clockText)).to.deep.equal(match.moves.map((m) => m.clockText));
}

describe('BFEN', () => {
  const SPEC =
    'r2k1r2/pbppNppp/1p2p1nb/1P5N/3N4/4Pn1q/PPP1QP1P/2KR2R1/BrpBBqppN w - - 45 56 | Q~4rk1/8/8/8/8/8/8/R3K2R w KQ - 45 60';

  it('reads the example of the standard (holdings in any order, ~, clocks) and writes it canonically', () => {
    const r = parseBfen(SPEC);
    if (!r.ok) throw new Error(r.error.message);
    const { A, B } = r.value;
    // "white holds 3 bishops and a knight, black holds rook, queen and 3 pawns"
    expect(A.setup.pockets!.white).to.deep.equal({ pawn: 0, knight: 1, bishop: 3, rook: 0, queen: 0 });
    expect(A.setup.pockets!.black).to.deep.equal({ pawn: 3, knight: 0, bishop: 0, rook: 1, queen: 1 });
    expect(A.clocks).to.deep.equal({ white: 45, black: 56 });
    expect(B.clocks).to.deep.equal({ white: 45, black: 60 });
    expect(B.setup.board[56]).to.deep.equal({ color: 'white', role: 'queen', promoted: true });
    expect(makeBfen(r.value)).to.equal(
      'r2k1r2/pbppNppp/1p2p1nb/1P5N/3N4/4Pn1q/PPP1QP1P/2KR2R1/BBBNqrppp w - - 45 56 | Q~4rk1/8/8/8/8/8/8/R3K2R w KQ - 45 60',
    );
  });

  it('accepts the bracket form and converts to and from two crazyhouse FENs', () => {
    const r = parseBfen(
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[pQ] w KQkq - 180 180 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 179.5 180',
    );
    if (!r.ok) throw new Error(r.error.message);
    const fens = bfenToFens(r.value);
    expect(fens.A).to.equal('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qp] w KQkq - 0 1');
    expect(fens.B).to.equal('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1');
    expect(fens.clocks.B).to.deep.equal({ white: 179.5, black: 180 });
    const back = fensToBfen(fens.A, fens.B, fens.clocks);
    if (!back.ok) throw new Error(back.error.message);
    expect(makeBfen(back.value)).to.equal(
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qp w KQkq - 180 180 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 179.5 180',
    );
  });

  it('gives typed errors with columns', () => {
    const cases: [string, string][] = [
      ['8/8/8/8/8/8/8/8 w - - 1 1', 'ERR_BFEN_BOARDS'],
      ['4k3/8/8/8/8/8/8/4K3/X w - - 1 1 | 4k3/8/8/8/8/8/8/4K3 w - - 1 1', 'ERR_BFEN_HOLDINGS'],
      ['4k3/8/8/8/8/8/8/4K3 x - - 1 1 | 4k3/8/8/8/8/8/8/4K3 w - - 1 1', 'ERR_BFEN_TURN'],
      ['4k3/8/8/8/8/8/8/4K3 w - - 1 1 | 4k3/8/8/8/8/8/8/4K3 w - - 1 z', 'ERR_BFEN_CLOCK'],
      ['4k3/8/8/8/8/8/8/4K3 w - - 1 1 | 4k3/8/8/8/8/8/8/4K3 w - - 1 1 | x', 'ERR_BFEN_BOARDS'],
      ['4k3/8/8/9/8/8/8/4K3 w - - 1 1 | 4k3/8/8/8/8/8/8/4K3 w - - 1 1', 'ERR_BFEN_BOARD'],
    ];
    for (const [text, code] of cases) {
      const r = parseBfen(text);
      expect(r.ok, text).to.equal(false);
      if (!r.ok) {
        expect(r.error.code, text).to.equal(code);
        expect(r.error.column).to.be.a('number');
      }
    }
  });

  it('checks material over both boards and four holdings (promoted pieces count as pawns)', () => {
    const ok = parseBfen('4k3/8/8/8/8/8/8/4K3/QQ w - - 1 1 | 4k3/8/8/8/8/8/8/4K3 w - - 1 1');
    if (!ok.ok) throw new Error(ok.error.message);
    expect(validateBfen(ok.value)).to.deep.equal({ errors: [], warnings: [] });
    const three = parseBfen('4k3/8/8/8/8/8/8/4K3/QQ w - - 1 1 | 4k3/8/8/8/8/8/8/Q3K3 w - - 1 1');
    if (!three.ok) throw new Error(three.error.message);
    expect(validateBfen(three.value).errors.map((e) => e.code)).to.deep.equal(['ERR_BFEN_MATERIAL']);
    const promoted = parseBfen('4k3/8/8/8/8/8/8/Q~Q~Q~K4/QQ w - - 1 1 | 4k3/8/8/8/8/8/8/4K3 w - - 1 1');
    if (!promoted.ok) throw new Error(promoted.error.message);
    expect(validateBfen(promoted.value)).to.deep.equal({ errors: [], warnings: [] });
    const pawns = parseBfen('4k3/8/8/8/8/8/8/Q~Q~Q~K4/PPPPPPPPPPPPPP w - - 1 1 | 4k3/8/8/8/8/8/8/4K3 w - - 1 1');
    if (!pawns.ok) throw new Error(pawns.error.message);
    expect(validateBfen(pawns.value).errors.map((e) => e.code)).to.deep.equal(['ERR_BFEN_MATERIAL']);
  });

  it('round-trips BFENs of every position of real matches (fuzzing over real play)', async () => {
    const text =
      (await readShared('bughouse/bpgn/bugaboo_test.bpgn')) ?? (await readFixture('bughouse/spec-samples.bpgn'));
    let n = 0;
    for (const { value: match } of parseBpgn(text)) {
      replayMatch(match, {
        onMove(boards, mv) {
          const clocks = {
            A: [String(n), '7.25'] as [string, string],
            B: ['1', mv.clockText ?? '0'] as [string, string],
          };
          const bfen = boards.bfen(clocks);
          const r = parseBfen(bfen);
          if (!r.ok) throw new Error(`${bfen}: ${r.error.message}`);
          expect(validateBfen(r.value)).to.deep.equal({ errors: [], warnings: [] });
          expect(makeBfen(r.value)).to.equal(bfen);
          // And through the crazyhouse FENs of the chess core.
          const fens = bfenToFens(r.value);
          expect(fens.A).to.equal(boards.fen('A').replace(/ \d+ \d+$/, ' 0 1'));
          n++;
        },
      });
    }
    expect(n).to.be.greaterThan(40);
  });
});

describe('drop rules against Fairy-Stockfish perft', () => {
  it('matches the counts of perft.json (crazyhouse and bughouse rules)', async () => {
    const fixture = JSON.parse(await readFixture('bughouse/perft.json')) as {
      cases: { what: string; variant: string; fen: string; depth: number; nodes: number }[];
    };
    expect(fixture.cases.length).to.be.greaterThan(30);
    for (const c of fixture.cases) {
      const pos = Position.fromFen(c.fen, { variant: 'crazyhouse', bughouse: c.variant === 'bughouse', lenient: true });
      if (!pos.ok) throw new Error(`${c.fen}: ${pos.error.message}`);
      expect(pos.value.perft(c.depth), `${c.what} (${c.variant}, depth ${c.depth})`).to.equal(c.nodes);
    }
  });
});

describe('the match model', () => {
  it('sends a capture to the partner at once, a promoted piece as a pawn', () => {
    const r = BughouseBoards.fromBfen('4k3/8/8/8/8/8/3q~4/4K3 w - - 60 60 | 4k3/8/8/8/8/8/8/4K3 w - - 60 60');
    if (!r.ok) throw new Error(r.error.message);
    const boards = r.value;
    expect(boards.playSanCode('A', 'Kxd2')).to.be.at.least(0);
    // WhiteA captured: the piece goes to BlackB as a pawn.
    expect(boards.B.toSetup().pockets!.black).to.deep.equal({ pawn: 1, knight: 0, bishop: 0, rook: 0, queen: 0 });
    expect(boards.A.toSetup().pockets!.white.pawn).to.equal(0);
    expect(boards.playSanCode('B', 'Kd2')).to.be.at.least(0);
    expect(boards.playSanCode('B', 'P@e4')).to.be.at.least(0);
  });

  it('tells mate under crazyhouse rules from waiting under bughouse rules', () => {
    // Back-rank rook check: a drop on b1/c1/d1 would block, but White's pocket is empty.
    const r = BughouseBoards.fromBfen('4k3/8/8/8/8/8/3PPP2/r3K3 w - - 60 60 | 4k3/8/8/8/8/8/8/4K3 w - - 60 60');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.state('A', 'crazyhouse')).to.equal('mate');
    expect(r.value.state('A', 'bughouse')).to.equal('waiting');
    // A contact check by a protected queen cannot be blocked: mate under both rules.
    const q = BughouseBoards.fromBfen('4k3/8/8/8/8/5b2/3PqP2/3RKR2 w - - 60 60 | 4k3/8/8/8/8/8/8/4K3 w - - 60 60');
    if (!q.ok) throw new Error(q.error.message);
    expect(q.value.state('A', 'crazyhouse')).to.equal('mate');
    expect(q.value.state('A', 'bughouse')).to.equal('mate');
    expect(q.value.state('B', 'bughouse')).to.equal('playing');
    // No move and no check: stalemate for one board, waiting for a piece in bughouse.
    const st = BughouseBoards.fromBfen('k7/8/1Q6/8/8/8/8/7K b - - 60 60 | 4k3/8/8/8/8/8/8/4K3 w - - 60 60');
    if (!st.ok) throw new Error(st.error.message);
    expect(st.value.state('A', 'crazyhouse')).to.equal('stalemate');
    expect(st.value.state('A', 'bughouse')).to.equal('waiting');
    // A pawn in the pocket: black can drop it, so there is a move.
    const pawn = BughouseBoards.fromBfen('k7/8/1Q6/8/8/8/8/7K/p b - - 60 60 | 4k3/8/8/8/8/8/8/4K3 w - - 60 60');
    if (!pawn.ok) throw new Error(pawn.error.message);
    expect(pawn.value.state('A', 'crazyhouse')).to.equal('playing');
  });

  it('reads chess.com clock commands as clocks with their decimals', () => {
    const [m] = parseBpgn('[WhiteA "a"]\n\n1A. e4 {[%clk 0:02:58.3]} 1B. d4 {[%clk 1:00:05]} 1a. @e5 *\n');
    expect(m!.value.moves.map((x) => [x.clock, x.clockText])).to.deep.equal([
      [178.3, '178.3'],
      [3605, '3605'],
      [null, undefined],
    ]);
    // '@e5' is a pawn drop in chess.com's notation; without a pawn in the pocket it is illegal.
    expect(m!.errors.map((e) => e.code)).to.deep.equal(['ERR_SAN_ILLEGAL']);
  });

  it('keeps an illegal move with an error at its line and column', () => {
    const [m] = parseBpgn('[WhiteA "a"][BlackA "b"]\n[WhiteB "c"][BlackB "d"]\n\n1A. e4{10} 1B. d4 1a. Ke2 1b. d5 *\n');
    expect(m!.value.moves.map((x) => x.san)).to.deep.equal(['e4', 'd4', 'Ke2', 'd5']);
    expect(m!.errors).to.deep.equal([{ code: 'ERR_SAN_ILLEGAL', message: m!.errors[0]!.message, line: 4, column: 23 }]);
  });
});

describe('BPGN', () => {
  it('reads the sample games of the standard (Setup + BFEN start, ending comments)', async () => {
    const matches = parseBpgn(await readFixture('bughouse/spec-samples.bpgn'));
    expect(matches).to.have.length(2);
    const [first, second] = matches as [Parsed<BughouseMatch>, Parsed<BughouseMatch>];
    expect(first.errors).to.deep.equal([]);
    expect(first.value.moves).to.have.length(88);
    expect(first.value.termination).to.equal('mate');
    expect(second.errors).to.deep.equal([]);
    expect(second.value.termination).to.equal('resign');
    expect(second.value.startBfen).to.match(/\/BPPpp b kq - 142 164 \| /);
    // The spec's own samples: the first is cut before the mate it names; the second states the
    // result of board B (GuestGuest is BlackB, so WhiteA's team lost); its numbers continue (11a., 14B.).
    expect(first.warnings.map((w) => w.code)).to.deep.equal(['ERR_BPGN_NOT_MATE']);
    expect(second.warnings.map((w) => w.code)).to.deep.equal(['ERR_BPGN_RESULT_BOARD_VIEW']);
    const json = matchToJson(second.value, second.errors);
    expect(json.start.B).to.equal('2Nrkb1r/pPpbqppp/2p5/8/3N4/2P1B3/P1P1QPpP/R3K2R[Pbp] w KQk - 0 14');
    expect(json.start.A.endsWith(' b kq - 0 11')).to.equal(true);
    for (const m of matches) {
      replayConserving(m.value);
      expectCanonical(m);
    }
  });

  it('reads all real BPGN files without errors, replays them legally and exports idempotently', async () => {
    let files = 0;
    // Without ../shared: the same checks on the BPGN fixtures kept in test/fixtures/bughouse/.
    const haveShared = (await readShared(`bughouse/bpgn/${REAL_FILES[0]}`)) !== null;
    const FIXTURE_FILES = ['bughouse-pro-golden.bpgn', 'spec-samples.bpgn'];
    for (const f of haveShared ? REAL_FILES : FIXTURE_FILES) {
      const text = haveShared ? (await readShared(`bughouse/bpgn/${f}`))! : await readFixture(`bughouse/${f}`);
      files++;
      const matches = parseBpgn(text);
      expect(matches.length, f).to.be.at.least(1);
      // Every move of the file is kept: as many moves as move prefixes (1A. 1a. 1B. 1b.) in the text.
      expect(
        matches.reduce((n, m) => n + m.value.moves.length, 0),
        f,
      ).to.equal(text.match(/\b\d+[AaBb]\./g)!.length);
      for (const m of matches) {
        expect(m.errors, f).to.deep.equal([]);
        expect(m.value.moves.every((x) => x.uci !== '')).to.equal(true);
        replayConserving(m.value);
        expectCanonical(m);
        expect(['mate', 'time', 'aborted', 'resign']).to.include(m.value.termination);
      }
      // The validating read (moves not kept) finds the same problems and counts the same moves.
      let counted = 0;
      const light = [] as Parsed<BughouseMatch>[];
      visitBpgn(text, { move: () => void counted++, endMatch: (x) => void light.push(x) }, { keepMoves: false });
      expect(counted).to.equal(matches.reduce((n, m) => n + m.value.moves.length, 0));
      for (const [i, x] of light.entries()) {
        expect(x.errors).to.deep.equal(matches[i]!.errors);
        expect(x.warnings).to.deep.equal(matches[i]!.warnings);
        expect(x.value.termination).to.equal(matches[i]!.value.termination);
      }
    }
    expect(files).to.equal(haveShared ? 6 : 2);
  });

  it('reads every bughouse-db CSV movetext and replays all but the one that starts mid-game', async () => {
    const bytes = await readSharedBytes('bughouse/csv/BughouseAlphaZero_bughouse_dataset.csv');
    if (bytes === null) {
      // No ../shared: the CSV reader on records made here (a quoted movetext across lines, a "" escape).
      const [sample] = parseBpgn(await readFixture('bughouse/spec-samples.bpgn'));
      const movetext = makeBpgn(sample!.value)
        .split('\n\n')[1]!
        .replace(/\{death checkmated\} 0-1\n$/, '');
      const csv = `300,"${movetext.replace(/\{298\}/, '{C: say ""hi""}')}"\n,\n180,""\n`;
      const [m, ...rest] = parseBughouseCsv(csv);
      expect(rest).to.have.length(0);
      expect(m!.errors).to.deep.equal([]);
      expect(m!.value.moves).to.have.length(88);
      expect(m!.value.moves[0]!.comments).to.deep.equal(['C: say "hi"']);
      replayConserving(m!.value);
      return;
    }
    let text = '';
    for (let i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]!); // Latin-1 (þ separators in kibitzes)
    const matches = parseBughouseCsv(text);
    expect(matches).to.have.length(64); // csv.reader in Python counts 64 records with a movetext
    let replayed = 0,
      mates = 0;
    for (const m of matches) {
      expect(m.warnings).to.deep.equal([]);
      if (m.value.moves[0]!.san === 'Qe7+') {
        // Its start position is not in the CSV: 1A. Qe7+ cannot be the first move of a game.
        expect(m.errors[0]!.code).to.equal('ERR_SAN_ILLEGAL');
        continue;
      }
      expect(m.errors).to.deep.equal([]);
      replayConserving(m.value);
      expectCanonical(m);
      replayed++;
      if (m.value.moves[m.value.moves.length - 1]!.san.endsWith('#')) mates++;
    }
    expect(replayed).to.equal(63);
    expect(mates).to.be.greaterThan(0);
  });

  it('reads bughouse.pro BPGN ({[ts=…]} timestamps, pawn captures without the file, result in the tag)', async () => {
    const text = await readFixture('bughouse/bughouse-pro-golden.bpgn');
    const [m] = parseBpgn(text);
    expect(m!.errors).to.deep.equal([]);
    expect(m!.warnings.map((w) => w.code)).to.deep.equal([
      'ERR_BPGN_PAWN_CAPTURE_FILE',
      'ERR_BPGN_PAWN_CAPTURE_FILE',
      'ERR_BPGN_PAWN_CAPTURE_FILE',
      'ERR_BPGN_NO_RESULT',
    ]);
    expect(m!.value.moves).to.have.length(39);
    expect(m!.value.moves.map((x) => x.timestampText)).to.deep.equal(m!.value.moves.map((_, i) => (i / 10).toFixed(1)));
    expect(m!.value.moves[10]).to.include({ board: 'B', color: 'white', number: 3, san: 'dxe6', uci: 'd5e6' });
    expect(m!.value.result).to.equal('0-1');
    expect(m!.value.termination).to.equal('mate');
    // Its Outcome says "Alice & Dave checkmated": Alice (WhiteA) is mated on board A.
    const boards = replayConserving(m!.value);
    expect(boards.state('A', 'crazyhouse')).to.equal('mate');
    expectCanonical(m!);
    expect(makeBpgn(m!.value)).to.contain('11a. Qxd2# {[ts=3.8]}');
  });

  it('streams: chunks of bytes give the same matches (with the same line numbers) as one string', async () => {
    const text =
      (await readFixture('bughouse/spec-samples.bpgn')) +
      '\n' +
      (await readFixture('bughouse/bughouse-pro-golden.bpgn')) +
      '\n[WhiteA "x"]\n\n1A. e4 1a. Ke7 1B. Qh5 *\n';
    const bytes = new TextEncoder().encode(text);
    async function* chunks(size: number) {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    }
    const whole = parseBpgn(text);
    expect(whole).to.have.length(4);
    // 1a. Ke7 (the e7 pawn is home) and 1B. Qh5 (the e2 pawn blocks) are illegal: located in the text.
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.startsWith('1A. e4 1a. Ke7'));
    expect(whole[3]!.errors.map((e) => [e.code, e.line, e.column])).to.deep.equal([
      ['ERR_SAN_ILLEGAL', at + 1, lines[at]!.indexOf('Ke7') + 1],
      ['ERR_SAN_ILLEGAL', at + 1, lines[at]!.indexOf('Qh5') + 1],
    ]);
    for (const size of [1, 7, 100, 1 << 16]) {
      const streamed: Parsed<BughouseMatch>[] = [];
      for await (const m of readBpgn(chunks(size))) streamed.push(m);
      expect(streamed, `chunks of ${size}`).to.deep.equal(whole);
    }
    // A match that starts right after the result on the same line (`0-1[Event`, as the real files
    // give when concatenated): the byte splitter cannot cut there, the reader still can.
    const glued = text.replace('{death checkmated} 0-1\n\n[Event', '{death checkmated} 0-1[Event');
    expect(glued).to.not.equal(text);
    const gluedWhole = parseBpgn(glued);
    expect(gluedWhole).to.have.length(4);
    const gluedBytes = new TextEncoder().encode(glued);
    for (const size of [3, 50, 1 << 16]) {
      const streamed: Parsed<BughouseMatch>[] = [];
      async function* gluedChunks() {
        for (let i = 0; i < gluedBytes.length; i += size) yield gluedBytes.subarray(i, i + size);
      }
      for await (const m of readBpgn(gluedChunks())) streamed.push(m);
      expect(streamed, `glued, chunks of ${size}`).to.deep.equal(gluedWhole);
    }
  });

  it('writes the four-column table in time order', async () => {
    const [m] = parseBpgn(await readFixture('bughouse/spec-samples.bpgn'));
    const { text, html } = makeFourColumn(m!.value);
    const lines = text.split('\n');
    expect(lines[0]).to.match(/^raven \(2165\) +Gnejs \(2724\) +Paaso \(1925\) +death \(2307\)$/);
    expect(lines[2]!.startsWith('1. d4 {298}')).to.equal(true);
    expect(html.match(/<tr>/g)!.length).to.equal(lines.length - 4 + 1 + 1);
    const cells = [...html.matchAll(/<td>([^<]+)<\/td>/g)].map((x) => x[1]).filter((x) => /^\d+\./.test(x!));
    expect(cells).to.have.length(88);
  });
});

describe('chess.com bughouse JSON', () => {
  it('joins the 82 games in 41 partner pairs, merges them by time and replays both boards legally', async () => {
    // The file names (game ids) of the corpus, kept as a fixture so the browser run reads the same files.
    const ids = JSON.parse(await readFixture('bughouse/chesscom-ids.json')) as string[];
    const listed = listShared('bughouse/chesscom-json');
    if (listed) expect(listed.filter((n) => /^\d+\.json$/.test(n)).map((n) => n.slice(0, -5))).to.deep.equal(ids);
    const games = new Map<number, ChesscomGame>();
    const haveShared = (await readShared('bughouse/chesscom-json/match-index.json')) !== null;
    // Without ../shared: the one pair kept in test/fixtures/bughouse/chesscom/.
    const wanted = haveShared ? ids : ['160842422747', '160842422749'];
    for (const id of wanted) {
      const text = haveShared
        ? await readShared(`bughouse/chesscom-json/${id}.json`)
        : await readFixture(`bughouse/chesscom/${id}.json`);
      const r = parseChesscomGame(text!);
      if (!r.ok) throw new Error(`${id}: ${r.error.message}`);
      games.set(r.value.game.id, r.value);
    }
    expect(games.size).to.equal(haveShared ? 82 : 2);
    let pairs = 0,
      drops = 0;
    for (const [id, g] of games) {
      const partner = games.get(g.game.partnerGameId!);
      expect(partner, `partner of ${id}`).to.not.equal(undefined);
      expect(partner!.game.partnerGameId).to.equal(id);
      if (id > g.game.partnerGameId!) continue;
      const r = chesscomToMatch(g, partner!);
      if (!r.ok) throw new Error(r.error.message);
      const { value: m, errors } = r.value;
      expect(errors, String(id)).to.deep.equal([]);
      // Every TCN move of both games is in the match, each board's moves in their own order.
      expect(m.moves.filter((x) => x.board === 'A').length).to.equal(g.game.moveList.length / 2);
      expect(m.moves.filter((x) => x.board === 'B').length).to.equal(partner!.game.moveList.length / 2);
      drops += m.moves.filter((x) => x.san.includes('@')).length;
      replayConserving(m);
      expectCanonical(r.value);
      pairs++;
    }
    expect(pairs).to.equal(haveShared ? 41 : 1);
    expect(drops).to.be.greaterThan(haveShared ? 100 : 0);
  });

  it('decodes TCN drops and promotions', () => {
    expect(tcnToUci('=', 'H', 'white')).to.equal('P@b5');
    expect(tcnToUci('-', 'K', 'black')).to.equal('N@e5');
    expect(tcnToUci('0', '~', 'white')).to.equal('e7e8q'); // e7 → straight, queen
    expect(tcnToUci('0', '{', 'white')).to.equal('e7d8q');
    expect(tcnToUci('0', '}', 'white')).to.equal('e7f8q');
    expect(tcnToUci('0', '(', 'white')).to.equal('e7d8n');
    expect(tcnToUci('%', 'a', 'white')).to.equal(undefined);
  });
});
