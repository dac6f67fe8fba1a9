// The UCI layer against scripted engines (MockTransport): every conversation is written out line by
// line, so each test states what a UCI engine sends and what we must send back (the UCI protocol
// text, April 2006, is the reference). Runs in Node and in Chromium.
import { expect } from 'chai';
import { NotationFailure } from 'gamenotation';
import {
  EngineError,
  mockHandshake,
  MockTransport,
  openEngine,
  Score,
  SideScore,
  type EngineInfo,
  type MockStep,
  type OpenEngineOptions,
  type UciEngine,
} from 'gamenotation/engine';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** A mock engine: handshake, then the given steps. */
function mock(steps: MockStep[], extraOptions: string[] = []): MockTransport {
  return new MockTransport([{ expect: 'uci', reply: mockHandshake('Mock 1.0', extraOptions) }, ...steps]);
}

function open(
  t: MockTransport | (() => MockTransport),
  config: Omit<OpenEngineOptions, 'kind' | 'transport'> = {},
): Promise<UciEngine> {
  return openEngine({ kind: 'custom', transport: typeof t === 'function' ? t : () => t, ...config });
}

async function rejection(p: Promise<unknown>): Promise<EngineError> {
  try {
    await p;
  } catch (e) {
    return e as EngineError;
  }
  throw new Error('expected a rejection');
}

describe('engine: what the engine sends, typed', () => {
  it('reads every info field (scores with the side to move, PVs in UCI and SAN)', async () => {
    const line =
      'info depth 24 seldepth 33 multipv 2 score cp -41 upperbound nodes 1234567 nps 987654 hashfull 412 tbhits 7 time 1250 currmove e2e4 currmovenumber 3 wdl 120 700 180 pv e2e4 e7e5 g1f3';
    const t = mock([
      { expect: /^position/ },
      {
        expect: 'go depth 24',
        reply: [
          'info string NNUE evaluation using nn-ad9b42354671.nnue  enabled',
          'info depth 1 refutation d2d4 g8f6 currline 1 e2e4 e7e5',
          line,
          'bestmove e2e4',
        ],
      },
    ]);
    const e = await open(t);
    const infos: EngineInfo[] = [];
    const r = await e.analyse('startpos', { depth: 24 }, { multipv: 2, onInfo: (i) => infos.push(i) });
    expect(infos[0]!.string).to.equal('NNUE evaluation using nn-ad9b42354671.nnue  enabled');
    expect(infos[1]!.refutation).to.deep.equal(['d2d4', 'g8f6']);
    expect(infos[1]!.currline).to.deep.equal({ cpu: 1, moves: ['e2e4', 'e7e5'] });
    const { score, ...rest } = infos[2]!;
    expect(rest).to.deep.equal({
      depth: 24,
      seldepth: 33,
      multipv: 2,
      bound: 'upper',
      nodes: 1234567,
      nps: 987654,
      hashfull: 412,
      tbhits: 7,
      time: 1250,
      currmove: 'e2e4',
      currmovenumber: 3,
      wdl: [120, 700, 180],
      pv: ['e2e4', 'e7e5', 'g1f3'],
      pvSan: ['e4', 'e5', 'Nf3'],
    });
    expect(score).to.be.instanceOf(Score);
    expect(score!.relative).to.deep.equal({ cp: -41 });
    expect(score!.turn).to.equal('white');
    // The engine's own WDL on the line, turnable like the score.
    const l2 = r.lines.find((l) => l.multipv === 2)!;
    expect(l2.wdl!.white().toJSON()).to.deep.equal([120, 700, 180]);
    expect(l2.wdl!.black().toJSON()).to.deep.equal([180, 700, 120]);
    expect(l2.wdl!.black().expectation()).to.equal(0.53);
    await e.close();
  });

  it('turns garbage into warnings and keeps the fields it could read', async () => {
    const t = mock([
      { expect: /^position/ },
      {
        expect: 'go depth 1',
        reply: [
          'info depth x nodes 50 score banana 3 frobnicate pv e2e4 zz9 e7e5',
          'info depth 1 score cp 9 nps lots pv e2e4',
          'Unknown command: blah',
          'info depth 1 score cp 9 pv e2e4',
          'bestmove e2e4',
        ],
      },
    ]);
    const e = await open(t);
    const infos: EngineInfo[] = [];
    const r = await e.analyse('startpos', { depth: 1 }, { onInfo: (i) => infos.push(i) });
    expect(infos[0]!.nodes).to.equal(50);
    expect(infos[0]!.depth).to.equal(undefined);
    expect(infos[0]!.pv).to.deep.equal(['e2e4', 'e7e5']);
    expect(r.bestmove).to.equal('e2e4');
    expect(r.warnings.map((w) => w.message)).to.deep.equal([
      'depth needs an integer, got x',
      "bad score 'banana 3'", // and what follows up to the next field name (frobnicate) is skipped
      "'zz9' in pv is not a move",
      'nps needs an integer, got lots',
      'unexpected line during a search',
    ]);
    expect(r.warnings.map((w) => w.code)).to.deep.equal([
      'ERR_ENGINE_INFO',
      'ERR_ENGINE_INFO',
      'ERR_ENGINE_INFO',
      'ERR_ENGINE_INFO',
      'ERR_ENGINE_LINE',
    ]);
    expect(r.warningsDropped).to.equal(0);
    await e.close();
  });

  it('types the option declarations of the handshake', async () => {
    const e = await open(
      mock(
        [],
        [
          'option name SyzygyPath type string default <empty>',
          'option name UCI_Variant type combo default chess var crazyhouse var chess var 3check',
          'option name Ponder type check default false',
          'option name nonsense',
        ],
      ),
    );
    expect(e.name).to.equal('Mock 1.0');
    expect(e.author).to.equal('gamenotation');
    expect(e.options.get('hash')).to.deep.equal({ name: 'Hash', type: 'spin', default: 16, min: 1, max: 1024 });
    expect(e.options.get('clear hash')).to.deep.equal({ name: 'Clear Hash', type: 'button' });
    expect(e.options.get('syzygypath')).to.deep.equal({ name: 'SyzygyPath', type: 'string', default: '' });
    expect(e.options.get('uci_variant')).to.deep.equal({
      name: 'UCI_Variant',
      type: 'combo',
      default: 'chess',
      vars: ['crazyhouse', 'chess', '3check'],
    });
    expect(e.options.get('ponder')?.default).to.equal(false);
    expect(e.warnings.map((w) => w.code)).to.deep.equal(['ERR_ENGINE_OPTION_LINE']);
    await e.close();
  });
});

describe('engine: search limits', () => {
  it('writes go for every limit', async () => {
    const go = [
      'go wtime 60000 btime 55000 winc 1000 binc 1000 movestogo 20',
      'go nodes 1000000 movetime 500 searchmoves e2e4 d2d4',
      'go mate 3',
      'go depth 245',
      'go nodes 9007199254740991',
    ];
    const t = mock(go.flatMap((g) => [{ expect: /^position/ }, { expect: g, reply: ['bestmove e2e4'] }]));
    const e = await open(t);
    await e.analyse('startpos', { wtime: 60000, btime: 55000, winc: 1000, binc: 1000, movestogo: 20 });
    await e.analyse('startpos', { nodes: 1e6, movetime: 500 }, { searchmoves: ['e2e4', 'd2d4'] });
    await e.analyse('startpos', { mate: 3 });
    await e.analyse('startpos', { depth: 245 });
    await e.analyse('startpos', { nodes: Number.MAX_SAFE_INTEGER });
    expect(t.received.filter((l) => l.startsWith('go'))).to.deep.equal(go);
    await e.close();
  });

  it('refuses what an engine cannot take with ERR_ENGINE_LIMIT, before anything is sent', async () => {
    // Before the fix, `{ depth: 1e300 }` went out as `go depth 1e+300` (Stockfish reads 1) and
    // `{ nodes: 1e21 }` as `go nodes 1e+21`; here the mock would then stay silent until the watchdog.
    const t = mock([]);
    const e = await open(t, { timeouts: { silence: 200, stop: 50 } });
    const bad: unknown[] = [
      { depth: 1e300 },
      { nodes: 1e21 },
      { depth: 246 },
      { depth: 2.5 },
      { depth: -1 },
      { depth: 0 },
      { nodes: 0 },
      { nodes: 2 ** 53 },
      { movetime: 0 },
      { movetime: Infinity },
      { wtime: -100 },
      { wtime: 2 ** 31 },
      { mate: 124 },
      { depth: NaN },
      { depth: '12' },
      { dpeth: 12 },
      { infinite: 'yes' },
      {},
      null,
      'depth 5',
    ];
    for (const limit of bad) {
      const err = await rejection(e.analyse('startpos', limit as never));
      expect(err.code, JSON.stringify(limit)).to.equal('ERR_ENGINE_LIMIT');
    }
    expect((await rejection(e.play('startpos', { depth: 1e300 }))).code).to.equal('ERR_ENGINE_LIMIT');
    expect((await rejection(e.analysis('startpos', { nodes: 1e21 }).wait())).code).to.equal('ERR_ENGINE_LIMIT');
    expect((await rejection(e.analyse('startpos', { depth: 3 }, { timeout: -1 }))).code).to.equal('ERR_ENGINE_LIMIT');
    expect(t.received.filter((l) => l.startsWith('go') || l.startsWith('position'))).to.deep.equal([]);
    // Still usable.
    await e.ping();
    await e.close();
  });
});

describe('engine: scores', () => {
  it('white(), black() and pov() keep mate signs', () => {
    const s = Score.mate(-3, 'black'); // black to move is mated in 3
    expect(s.pov('black').toJSON()).to.deep.equal({ mate: -3 });
    expect(s.white().toJSON()).to.deep.equal({ mate: 3 });
    expect(s.black().mate).to.equal(-3);
    expect(s.toJSON()).to.deep.equal({ mate: 3 });
    expect(s.toString()).to.equal('#3');
    expect(s.isMate()).to.equal(true);
    expect(Score.cp(35, 'black').white().toJSON()).to.deep.equal({ cp: -35 });
    expect(Score.cp(35, 'black').white().toString()).to.equal('-35');
    expect(Score.cp(35, 'white').white().toString()).to.equal('+35');
    expect(Object.is(Score.cp(0, 'black').white().cp, 0)).to.equal(true); // never -0 for a level score
    expect(Score.cp(0, 'black').isMate()).to.equal(false);
    // mate 0: the side to move is checkmated.
    const mated = Score.mate(0, 'white');
    expect(mated.white().toString()).to.equal('#-0');
    expect(mated.black().toString()).to.equal('#+0');
    expect(mated.white().score()).to.equal(-100000);
    expect(mated.black().score()).to.equal(100000);
    // As plain data a checkmate is { mate: 0 } (JSON keeps no −0); the side to move tells whose it is.
    expect(Object.is((mated.toJSON() as { mate: number }).mate, 0)).to.equal(true);
    expect(Score.fromWhite(mated.toJSON(), 'white').white().toString()).to.equal('#-0');
    expect(SideScore.compare(mated.black(), SideScore.MATE_GIVEN)).to.equal(0);
    // Plain White-view data back into a Score: a mate 0 is always the side to move's checkmate.
    expect(Score.fromWhite({ mate: 0 }, 'black').black().toString()).to.equal('#-0');
    expect(Score.fromWhite({ mate: 0 }, 'black').white().score()).to.equal(100000);
    expect(Score.fromWhite({ cp: 20 }, 'black').relative).to.deep.equal({ cp: -20 });
  });

  it('orders every kind of score: mated now < mated in 1 < … < −cp < +cp < … < mate in 1 < mate given', () => {
    const ascending = [
      SideScore.mate(-0),
      SideScore.mate(-1),
      SideScore.mate(-2),
      SideScore.mate(-30),
      SideScore.cp(-20000),
      SideScore.cp(-50),
      SideScore.cp(0),
      SideScore.cp(200),
      SideScore.cp(20000),
      SideScore.mate(30),
      SideScore.mate(4),
      SideScore.mate(1),
      SideScore.MATE_GIVEN,
    ];
    const shuffled = [...ascending].reverse();
    shuffled.push(shuffled.shift()!);
    expect(shuffled.sort(SideScore.compare).map(String)).to.deep.equal(ascending.map(String));
    // score() gives the same order, for any mate score larger than the centipawns and mate lengths.
    for (const mateScore of [100000, 25000]) {
      const numbers = ascending.map((s) => s.score({ mateScore }));
      expect([...numbers].sort((a, b) => a - b)).to.deep.equal(numbers);
      expect(new Set(numbers).size).to.equal(numbers.length);
    }
    expect(SideScore.mate(3).score({ mateScore: 1000 })).to.equal(997);
    expect(SideScore.mate(-3).score({ mateScore: 1000 })).to.equal(-997);
    expect(SideScore.cp(-41).score()).to.equal(-41);
    expect(SideScore.compare(SideScore.cp(5), SideScore.cp(5))).to.equal(0);
    // negate() is the other side's view, and reverses the order.
    for (let i = 1; i < ascending.length; i++)
      expect(SideScore.compare(ascending[i]!.negate(), ascending[i - 1]!.negate())).to.be.below(0);
  });

  it('the WDL model: 100 cp is a 50 % win at Stockfish anchor ply, mates are certain, chances add to 1000', () => {
    // Stockfish calibrates its centipawns so that +100 means a 50 % win rate at its anchor (15.1 and
    // 16: ply 64; 16.1: move 32, i.e. plies 62-63) — the published NormalizeToPawnValue rule, which
    // holds up to the integer part of the polynomial's value (0.85 internal units for 15.1: 497).
    expect(SideScore.cp(100).wdl({ model: 'sf15.1', ply: 64 }).wins).to.be.within(495, 505);
    expect(SideScore.cp(100).wdl({ model: 'sf16', ply: 64 }).wins).to.be.within(495, 505);
    expect(SideScore.cp(100).wdl({ model: 'sf16.1', ply: 62 }).wins).to.be.within(495, 505);
    expect(SideScore.cp(100).wdl({ model: 'sf16', ply: 0 }).wins).to.be.above(500); // earlier, a pawn weighs more
    expect(SideScore.cp(100).wdl({ ply: 100 }).wins).to.be.below(500);
    for (const model of ['sf15.1', 'sf16', 'sf16.1'] as const) {
      for (const ply of [0, 30, 80, 240, 400])
        for (const cp of [-3000, -250, -1, 0, 1, 37, 250, 3000]) {
          const w = SideScore.cp(cp).wdl({ model, ply });
          expect(w.total()).to.equal(1000);
          expect(w.draws).to.be.at.least(0);
          // Symmetric: the other side's chances are the same numbers mirrored.
          expect(SideScore.cp(-cp).wdl({ model, ply }).toJSON()).to.deep.equal([w.losses, w.draws, w.wins]);
          if (cp > 0) expect(w.wins).to.be.at.least(w.losses);
        }
      expect(SideScore.cp(0).wdl({ model }).expectation()).to.equal(0.5);
    }
    expect(SideScore.mate(5).wdl().toJSON()).to.deep.equal([1000, 0, 0]);
    expect(SideScore.MATE_GIVEN.wdl().toJSON()).to.deep.equal([1000, 0, 0]);
    expect(SideScore.mate(-0).wdl().toJSON()).to.deep.equal([0, 0, 1000]);
    expect(SideScore.mate(-2).wdl().expectation()).to.equal(0);
    // A Score's model uses its position's ply, and turns like the score.
    const s = new Score({ cp: 150 }, 'black', 41);
    expect(s.wdl().black().toJSON()).to.deep.equal(SideScore.cp(150).wdl({ ply: 41 }).toJSON());
    expect(s.wdl().white().toJSON()).to.deep.equal(SideScore.cp(-150).wdl({ ply: 41 }).toJSON());
  });

  it('lines carry the score with the ply of the searched position', async () => {
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
    const t = mock([
      { expect: /^position/ },
      { expect: 'go depth 1', reply: ['info depth 1 score cp 40 pv f1b5', 'bestmove f1b5'] },
    ]);
    const e = await open(t);
    const r = await e.analyse({ fen, moves: ['Bb5'] }, { depth: 1 });
    expect(r.lines[0]!.score.ply).to.equal(5); // move 3, Black to move
    expect(r.lines[0]!.score.white().toJSON()).to.deep.equal({ cp: -40 });
    await e.close();
  });
});

describe('engine: principal variations against the position', () => {
  it('stops a PV at its first illegal move, with ERR_ENGINE_PV; SAN for every legal move', async () => {
    const t = mock([
      { expect: /^position/ },
      {
        expect: 'go depth 3',
        reply: [
          'info depth 1 score cp 30 pv e2e4 e7e5 e1g1 g8f6',
          'info depth 2 score cp 31 pv e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1',
          'info depth 3 score cp 35 pv e7e5',
          'bestmove e2e4',
        ],
      },
    ]);
    const e = await open(t);
    const r = await e.analyse('startpos', { depth: 3 });
    const [d1, d2, d3] = r.depths.map((d) => d.lines[0]!);
    expect(d1!.pv).to.deep.equal(['e2e4', 'e7e5']);
    expect(d1!.pvSan).to.deep.equal(['e4', 'e5']);
    expect(d2!.pvSan).to.deep.equal(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'O-O']);
    expect(d3!.pv).to.deep.equal([]);
    expect(r.warnings.map((w) => w.code)).to.deep.equal(['ERR_ENGINE_PV', 'ERR_ENGINE_PV']);
    expect(r.warnings[0]!.message).to.match(/PV move 3 'e1g1' is not legal/);
    await e.close();
  });

  it('reads drops in crazyhouse PVs and Chess960 castling as king takes rook', async () => {
    const zh = 'r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[Nn] w KQkq - 0 1';
    const game = {
      headers: { Variant: 'Chess960' },
      moves: ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5'].map((san) => ({ san })),
    };
    const t = mock(
      [
        { expect: 'setoption name UCI_Variant value crazyhouse' },
        { expect: `position fen ${zh}` },
        { expect: 'go depth 1', reply: ['info depth 1 score cp 80 pv N@e5 N@e4 e5f7', 'bestmove N@e5'] },
        { expect: 'setoption name UCI_Variant value chess' },
        { expect: 'setoption name UCI_Chess960 value true' },
        { expect: `position fen ${START} moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5` },
        { expect: 'go depth 1', reply: ['info depth 1 score cp 20 pv e1h1 g8f6 f1e1', 'bestmove e1h1'] },
      ],
      ['option name UCI_Variant type combo default chess var chess var crazyhouse var bughouse'],
    );
    const e = await open(t);
    const r = await e.analyse(zh, { depth: 1 });
    expect(r.lines[0]!.pvSan).to.deep.equal(['N@e5', 'N@e4', 'Nxf7']);
    const c = await e.analyse({ game }, { depth: 1 });
    expect(c.lines[0]!.pv).to.deep.equal(['e1h1', 'g8f6', 'f1e1']);
    expect(c.lines[0]!.pvSan).to.deep.equal(['O-O', 'Nf6', 'Re1']);
    expect(t.pending).to.have.length(0);
    await e.close();
  });
});

describe('engine: conversations with a mock engine', () => {
  it('handshakes and sets the user options', async () => {
    const t = mock([{ expect: 'setoption name Hash value 64' }]);
    const e = await open(t, { options: { Hash: 64 } });
    expect(t.received).to.deep.equal(['uci', 'setoption name Hash value 64', 'isready']);
    await e.close();
  });

  it('rejects bad options with ERR_ENGINE_OPTION', async () => {
    expect((await rejection(open(mock([]), { options: { Hash: 5000 } }))).code).to.equal('ERR_ENGINE_OPTION');
    expect((await rejection(open(mock([]), { options: { Bogus: 1 } }))).code).to.equal('ERR_ENGINE_OPTION');
    expect((await rejection(open(mock([]), { options: { MultiPV: 3 } }))).code).to.equal('ERR_ENGINE_OPTION');
  });

  it('a failure is an EngineError, a NotationFailure with a code', async () => {
    const err = await rejection(open(mock([]), { options: { Bogus: 1 } }));
    expect(err).to.be.instanceOf(EngineError);
    expect(err).to.be.instanceOf(NotationFailure);
    expect(err.code).to.equal('ERR_ENGINE_OPTION');
    expect(err.error).to.deep.equal({ code: 'ERR_ENGINE_OPTION', message: 'Mock 1.0 has no option Bogus' });
    expect(err.toJSON()).to.deep.equal({ code: 'ERR_ENGINE_OPTION', message: 'Mock 1.0 has no option Bogus' });
  });

  it('sends the start FEN plus moves, keeps MultiPV order and every depth (with mates of both signs)', async () => {
    const t = mock([
      { expect: 'setoption name UCI_Chess960 value false' },
      { expect: 'setoption name UCI_AnalyseMode value true' },
      { expect: 'setoption name MultiPV value 3' },
      { expect: 'ucinewgame' },
      { expect: 'isready', reply: ['readyok'] },
      { expect: `position fen ${START} moves e2e4 e7e5 g1f3` },
      {
        expect: 'go depth 2',
        reply: [
          'info depth 1 seldepth 1 multipv 1 score cp 30 nodes 20 pv b8c6',
          'info depth 1 seldepth 1 multipv 2 score cp 10 nodes 40 pv g8f6',
          'info depth 1 seldepth 1 multipv 3 score mate 4 nodes 60 pv d7d6',
          'info depth 2 seldepth 2 multipv 1 score cp 45 lowerbound nodes 90 pv b8c6',
          'info depth 2 seldepth 3 multipv 2 score cp 12 nodes 120 pv g8f6 f3e5',
          'info depth 2 seldepth 3 multipv 1 score cp 41 nodes 150 pv b8c6 f1b5',
          'info depth 2 seldepth 3 multipv 3 score mate -2 nodes 180 nps 90000 time 2 pv d7d6 f1c4',
          'bestmove b8c6 ponder f1b5',
        ],
      },
    ]);
    const e = await open(t);
    const r = await e.analyse({ moves: ['e4', 'e5', 'Nf3'] }, { depth: 2 }, { multipv: 3 });
    expect(r.bestmove).to.equal('b8c6');
    expect(r.ponder).to.equal('f1b5');
    expect(r.turn).to.equal('black');
    expect(r.lines.map((l) => l.multipv)).to.deep.equal([1, 2, 3]);
    expect(r.lines.map((l) => l.score.toJSON())).to.deep.equal([{ cp: -41 }, { cp: -12 }, { mate: 2 }]);
    expect(r.lines[2]!.score.relative).to.deep.equal({ mate: -2 });
    expect(r.depths.map((d) => d.depth)).to.deep.equal([1, 2]);
    expect(r.depths[0]!.lines.map((l) => l.score.pov('black').toJSON())).to.deep.equal([
      { cp: 30 },
      { cp: 10 },
      { mate: 4 },
    ]);
    expect(r.depths[1]!.lines[0]!.pv).to.deep.equal(['b8c6', 'f1b5']); // the exact line replaced the bound
    expect(r.nodes).to.equal(180);
    expect(t.unexpected).to.deep.equal([]);
    await e.close();
  });

  it('sends a game up to a ply as its start FEN plus moves', async () => {
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
    const game = { headers: { FEN: fen, SetUp: '1' }, moves: [{ san: 'Bb5' }, { san: 'a6' }, { san: 'Bxc6' }] };
    const t = mock([
      { expect: `position fen ${fen} moves f1b5 a7a6` },
      { expect: 'go nodes 100', reply: ['info depth 1 score cp 20 pv b5c6', 'bestmove b5c6'] },
    ]);
    const e = await open(t);
    const r = await e.analyse({ game, ply: 2 }, { nodes: 100 });
    expect(r.bestmove).to.equal('b5c6');
    expect(r.lines[0]!.score.white().toJSON()).to.deep.equal({ cp: 20 });
    expect(t.unexpected.filter((l) => !l.startsWith('setoption') && l !== 'ucinewgame')).to.deep.equal([]);
    await e.close();
  });

  it('rejects a bad position or a crazyhouse position for an engine without UCI_Variant', async () => {
    const e = await open(mock([]));
    expect((await rejection(e.analyse('8/8/8/8/8/8/8/8 w - - 0 1', { depth: 1 }))).code).to.equal(
      'ERR_ENGINE_POSITION',
    );
    expect((await rejection(e.analyse({ moves: ['e4', 'Ke7'] }, { depth: 1 }))).code).to.equal('ERR_ENGINE_POSITION');
    expect((await rejection(e.analyse('startpos', { depth: 1 }, { searchmoves: ['e2e5'] }))).code).to.equal(
      'ERR_ENGINE_POSITION',
    );
    const zh = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1';
    expect((await rejection(e.analyse(zh, { depth: 1 }))).code).to.equal('ERR_ENGINE_OPTION');
    await e.close();
  });

  it('plays with analyse mode off and returns bestmove and ponder', async () => {
    const t = mock([
      { expect: 'setoption name UCI_AnalyseMode value false' },
      { expect: /^position fen / },
      {
        expect: 'go wtime 1000 btime 1000',
        reply: ['info depth 1 score cp 5 pv d2d4 d7d5', 'bestmove d2d4 ponder d7d5'],
      },
    ]);
    const e = await open(t);
    expect(await e.play('startpos', { wtime: 1000, btime: 1000 })).to.deep.include({
      bestmove: 'd2d4',
      ponder: 'd7d5',
    });
    await e.close();
  });

  it('ponders until ponderhit, then plays; stop() ends a search without a signal', async () => {
    const t = mock([
      { expect: /^position fen .* moves e2e4 e7e5$/ },
      { expect: 'go ponder wtime 5000 btime 5000', reply: ['info depth 1 score cp 30 pv g1f3'] },
      { expect: 'ponderhit', reply: ['info depth 2 score cp 32 pv g1f3 b8c6', 'bestmove g1f3 ponder b8c6'] },
      { expect: /^position fen / },
      { expect: 'go infinite', reply: ['info depth 1 score cp 5 pv d2d4'] },
      { expect: 'stop', reply: ['bestmove d2d4'] },
    ]);
    const e = await open(t);
    const p = e.play({ moves: ['e4', 'e5'] }, { wtime: 5000, btime: 5000 }, { ponder: true });
    setTimeout(() => e.ponderhit(), 20);
    expect(await p).to.deep.include({ bestmove: 'g1f3', ponder: 'b8c6' });
    const q = e.analyse('startpos', { infinite: true });
    setTimeout(() => e.stop(), 20);
    const r = await q;
    expect(r.stopped).to.equal(true);
    expect(r.bestmove).to.equal('d2d4');
    await e.close();
  });

  it('keeps garbage from the engine as warnings', async () => {
    const t = mock([
      { expect: /^position/ },
      {
        expect: 'go depth 1',
        reply: ['info depth 1 score cp 9 nps lots pv e2e4', 'Unknown command: blah', 'bestmove e2e4'],
      },
    ]);
    const e = await open(t);
    const r = await e.analyse('startpos', { depth: 1 });
    expect(r.bestmove).to.equal('e2e4');
    expect(r.warnings.map((w) => w.code)).to.deep.equal(['ERR_ENGINE_INFO', 'ERR_ENGINE_LINE']);
    await e.close();
  });

  it('the health check refuses an engine that cannot evaluate (a queen up scored level)', async () => {
    const t = mock([
      { expect: /^position fen rnb1kbnr/ },
      { expect: 'go depth 6', reply: ['info depth 6 score cp 0 pv e2e4', 'bestmove e2e4'] },
    ]);
    const err = await rejection(openEngine({ kind: 'custom', transport: () => t, healthCheck: true }));
    expect(err.code).to.equal('ERR_ENGINE_HEALTH');
    const good = mock([
      { expect: /^position fen rnb1kbnr/ },
      { expect: 'go depth 6', reply: ['info depth 6 score cp 912 pv e2e4', 'bestmove e2e4'] },
    ]);
    const e = await openEngine({ kind: 'custom', transport: () => good, healthCheck: true });
    expect(e.running).to.equal(true);
    await e.close();
  });

  it('an unreadable bestmove is ERR_ENGINE_PROTOCOL', async () => {
    const t = mock([{ expect: /^position/ }, { expect: 'go depth 1', reply: ['bestmove ???'] }]);
    const e = await open(t);
    expect((await rejection(e.analyse('startpos', { depth: 1 }))).code).to.equal('ERR_ENGINE_PROTOCOL');
    await e.close();
  });
});

describe('engine: per-call options and new games', () => {
  it('sets options for one search and restores them afterwards (to the value set at open, else the default)', async () => {
    const t = mock([
      { expect: /^position/ },
      { expect: 'go depth 1', reply: ['bestmove e2e4'] },
      { expect: /^position/ },
      { expect: 'go depth 1', reply: ['bestmove e2e4'] },
    ]);
    const e = await open(t, { options: { Threads: 2 } });
    await e.analyse('startpos', { depth: 1 }, { options: { Threads: 4, Hash: 128, 'Clear Hash': true } });
    await e.analyse('startpos', { depth: 1 });
    const relevant = t.received.filter((l) => /^(setoption name (Threads|Hash|Clear Hash)\b|go )/.test(l));
    expect(relevant).to.deep.equal([
      'setoption name Threads value 2', // at open
      'setoption name Threads value 4',
      'setoption name Hash value 128',
      'setoption name Clear Hash', // a button is pressed, nothing to restore
      'go depth 1',
      'setoption name Threads value 2', // restored: the value set at open
      'setoption name Hash value 16', // restored: the declared default
      'go depth 1', // nothing left to set for the next search
    ]);
    // A bad override fails the call before anything is set.
    const before = t.received.length;
    expect((await rejection(e.analyse('startpos', { depth: 1 }, { options: { Hash: 64, Bogus: 3 } }))).code).to.equal(
      'ERR_ENGINE_OPTION',
    );
    expect((await rejection(e.analyse('startpos', { depth: 1 }, { options: { MultiPV: 3 } }))).code).to.equal(
      'ERR_ENGINE_OPTION',
    );
    expect(t.received.slice(before)).to.deep.equal([]);
    await e.close();
  });

  it('sends ucinewgame before the first search and whenever the game changes', async () => {
    const t = mock(
      Array.from({ length: 6 }, () => [{ expect: /^position/ }, { expect: /^go /, reply: ['bestmove 0000'] }]).flat(),
    );
    const e = await open(t);
    const g1 = { headers: {}, moves: [{ san: 'e4' }, { san: 'e5' }] };
    const g2 = { headers: {}, moves: [{ san: 'd4' }] };
    await e.analyse({ game: g1, ply: 0 }, { depth: 1 }); // the engine's first search: a new game
    await e.analyse({ game: g1, ply: 1 }, { depth: 2 }); // the same game
    await e.analyse({ game: g2, ply: 1 }, { depth: 3 }); // another game
    await e.analyse('startpos', { depth: 4 }, { game: 'round 2' }); // a game named by the caller
    await e.analyse({ moves: ['e4'] }, { depth: 5 }, { game: 'round 2' });
    await e.analyse('startpos', { depth: 6 }, { game: 'round 2', newGame: true }); // asked for
    expect(t.received.filter((l) => l === 'ucinewgame' || l.startsWith('go'))).to.deep.equal([
      'ucinewgame',
      'go depth 1',
      'go depth 2',
      'ucinewgame',
      'go depth 3',
      'ucinewgame',
      'go depth 4',
      'go depth 5',
      'ucinewgame',
      'go depth 6',
    ]);
    await e.close();
  });
});

describe('engine: the analysis handle', () => {
  it('iterates the infos, merges the latest per line, and wait() gives the final result', async () => {
    const t = mock([
      { expect: /^position/ },
      {
        expect: 'go depth 2',
        reply: [
          'info depth 1 multipv 1 score cp 10 pv e2e4',
          'info depth 1 multipv 2 score cp 5 pv d2d4',
          'info depth 2 currmove g1f3 currmovenumber 3',
          'info depth 2 multipv 1 score cp 12 nodes 900 pv e2e4 e7e5',
          'info nps 45000 hashfull 3',
          'bestmove e2e4 ponder e7e5',
        ],
      },
    ]);
    const e = await open(t);
    const analysis = e.analysis('startpos', { depth: 2 }, { multipv: 2 });
    const seen: EngineInfo[] = [];
    for await (const info of analysis) seen.push(info);
    expect(seen.map((i) => i.depth ?? null)).to.deep.equal([1, 1, 2, 2, null]);
    expect(analysis.info).to.deep.include({
      depth: 2,
      multipv: 1,
      nodes: 900,
      nps: 45000,
      hashfull: 3,
      currmove: 'g1f3',
      currmovenumber: 3,
    });
    expect(analysis.info.pvSan).to.deep.equal(['e4', 'e5']);
    expect(analysis.info.score!.white().toJSON()).to.deep.equal({ cp: 12 });
    expect(analysis.multipv).to.have.length(2);
    expect(analysis.multipv[1]!.pvSan).to.deep.equal(['d4']);
    const r = await analysis.wait(); // the final result that `for await` used to drop
    expect(r.bestmove).to.equal('e2e4');
    expect(r.ponder).to.equal('e7e5');
    expect(r.lines.map((l) => l.pvSan)).to.deep.equal([['e4', 'e5'], ['d4']]);
    expect(analysis.dropped).to.equal(0);
    await e.close();
  });

  it('breaking out of the loop stops the search; wait() still gives what was found', async () => {
    const t = mock([
      { expect: /^position/ },
      {
        expect: 'go infinite',
        reply: [
          'info depth 1 score cp 1 pv e2e4',
          'info depth 2 currmove e2e4 currmovenumber 1',
          'info depth 2 score mate 7 pv e2e4',
        ],
      },
      { expect: 'stop', reply: ['bestmove e2e4'] },
    ]);
    const e = await open(t);
    const analysis = e.analysis('startpos', { infinite: true });
    const seen: unknown[] = [];
    for await (const info of analysis) {
      seen.push(info.score?.white().toJSON() ?? info.currmove);
      if (info.score?.isMate()) break;
    }
    expect(seen).to.deep.equal([{ cp: 1 }, 'e2e4', { mate: 7 }]);
    expect(t.received).to.include('stop');
    const r = await analysis.wait();
    expect(r.stopped).to.equal(true);
    expect(r.bestmove).to.equal('e2e4');
    expect(await e.ping()).to.equal(undefined);
    await e.close();
  });

  it('stop() and `await using` end the search; a failure reaches both the loop and wait()', async () => {
    const t = mock([
      { expect: /^position/ },
      { expect: 'go infinite', reply: ['info depth 1 score cp 3 pv d2d4'] },
      { expect: 'stop', reply: ['bestmove d2d4'] },
      { expect: /^position/ },
      { expect: 'go infinite', reply: ['info depth 1 score cp 4 pv c2c4'] },
      { expect: 'stop', reply: ['bestmove c2c4'] },
      { expect: /^position/ },
      { expect: 'go depth 9', reply: ['info depth 1 score cp 5 pv g1f3'], die: { code: 139, stderr: ['segfault'] } },
    ]);
    const e = await open(t);
    const a = e.analysis('startpos', { infinite: true });
    setTimeout(() => a.stop(), 20);
    expect((await a.wait()).bestmove).to.equal('d2d4');
    let disposed: ReturnType<UciEngine['analysis']>;
    {
      await using b = e.analysis('startpos', { infinite: true });
      disposed = b;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await disposed.wait()).stopped).to.equal(true);
    const c = e.analysis('startpos', { depth: 9 });
    let thrown: EngineError | undefined;
    const seen: EngineInfo[] = [];
    try {
      for await (const info of c) seen.push(info);
    } catch (x) {
      thrown = x as EngineError;
    }
    expect(seen).to.have.length(1);
    expect(thrown?.code).to.equal('ERR_ENGINE_TERMINATED');
    expect((await rejection(c.wait())).code).to.equal('ERR_ENGINE_TERMINATED');
    // A failed analysis nobody waits for is not an unhandled rejection (vitest would report it).
    e.analysis('startpos', { depth: 1 });
    await new Promise((r) => setTimeout(r, 20));
    await e.close();
  });

  it('a reader that lags behind gets the latest 1 000 infos; the rest are counted as dropped', async () => {
    const lines = Array.from({ length: 1500 }, (_, i) => `info depth 1 nodes ${i + 1} pv e2e4`);
    const t = mock([{ expect: /^position/ }, { expect: 'go depth 1', reply: [...lines, 'bestmove e2e4'] }]);
    const e = await open(t);
    const a = e.analysis('startpos', { depth: 1 });
    await a.wait();
    const nodes: number[] = [];
    for await (const info of a) nodes.push(info.nodes!);
    expect(nodes).to.have.length(1000);
    expect(nodes[0]).to.equal(501);
    expect(a.dropped).to.equal(500);
    expect(a.info.nodes).to.equal(1500);
    await e.close();
  });
});

describe('engine: closing', () => {
  it('`await using` closes the engine at the end of its scope; later calls reject with ERR_ENGINE_CLOSED', async () => {
    const t = mock([]);
    let engine: UciEngine;
    {
      await using e = await open(t);
      engine = e;
      expect(e.running).to.equal(true);
    }
    expect(engine.running).to.equal(false);
    expect(t.received.at(-1)).to.equal('quit');
    expect((await rejection(engine.ping())).code).to.equal('ERR_ENGINE_CLOSED');
    await engine.close(); // idempotent
  });
});

describe('engine: faults', () => {
  it('an engine that never answers the handshake fails with ERR_ENGINE_TIMEOUT', async () => {
    const silent = new MockTransport([{ expect: 'uci' }]);
    const err = await rejection(open(silent, { timeouts: { handshake: 100 } }));
    expect(err.code).to.equal('ERR_ENGINE_TIMEOUT');
  });

  it('a search that hangs fails with ERR_ENGINE_TIMEOUT (the engine is ended)', async () => {
    const t = mock([{ expect: /^position/ }, { expect: 'go movetime 50', reply: ['info depth 1 score cp 3 pv e2e4'] }]);
    const e = await open(t, { timeouts: { margin: 50, stop: 50 } });
    const err = await rejection(e.analyse('startpos', { movetime: 50 }));
    expect(err.code).to.equal('ERR_ENGINE_TIMEOUT');
    expect(t.received).to.include('stop');
    expect(e.running).to.equal(false);
    await e.close();
  });

  it('an engine dying mid-search gives ERR_ENGINE_TERMINATED with its stderr', async () => {
    const t = mock([
      { expect: /^position/ },
      {
        expect: 'go depth 5',
        reply: ['info depth 1 score cp 3 pv e2e4'],
        die: { code: 134, stderr: ['Assertion failed: pos.is_ok()'] },
      },
    ]);
    const e = await open(t);
    const err = await rejection(e.analyse('startpos', { depth: 5 }));
    expect(err.code).to.equal('ERR_ENGINE_TERMINATED');
    expect(err.stderr).to.deep.equal(['Assertion failed: pos.is_ok()']);
    expect((await rejection(e.ping())).code).to.equal('ERR_ENGINE_TERMINATED');
    await e.close();
  });

  it('respawn restarts a dead engine and repeats the search', async () => {
    const first = mock([
      { expect: /^position/ },
      { expect: 'go depth 5', die: { code: 139, stderr: ['Segmentation fault'] } },
    ]);
    const second = mock([
      { expect: /^position/ },
      { expect: 'go depth 5', reply: ['info depth 5 score cp 18 pv e2e4', 'bestmove e2e4'] },
    ]);
    const made = [first, second];
    const e = await open(() => made.shift()!, { respawn: true });
    const r = await e.analyse('startpos', { depth: 5 });
    expect(r.bestmove).to.equal('e2e4');
    expect(e.respawns).to.equal(1);
    expect(second.received[0]).to.equal('uci');
    await e.close();
  });

  it('an AbortSignal stops the search and returns the result so far', async () => {
    const t = mock([
      { expect: /^position/ },
      { expect: 'go infinite', reply: ['info depth 1 score cp 11 pv e2e4', 'info depth 2 score cp 15 pv e2e4 e7e5'] },
      { expect: 'stop', reply: ['info depth 3 score cp 14 pv d2d4', 'bestmove d2d4 ponder d7d5'] },
    ]);
    const e = await open(t);
    const ac = new AbortController();
    const r = await e.analyse(
      'startpos',
      { infinite: true },
      {
        signal: ac.signal,
        onInfo: (i) => {
          if (i.depth === 2) ac.abort();
        },
      },
    );
    expect(r.stopped).to.equal(true);
    expect(r.bestmove).to.equal('d2d4');
    expect(r.depths.map((d) => d.depth)).to.deep.equal([1, 2, 3]);
    await e.close();
  });

  it('an abort settles even when the engine ignores stop', async () => {
    const t = mock([
      { expect: /^position/ },
      { expect: 'go infinite', reply: ['info depth 4 score cp 22 pv g1f3 d7d5'] },
    ]);
    const e = await open(t, { timeouts: { stop: 30 } });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 10);
    const r = await e.analyse('startpos', { infinite: true }, { signal: ac.signal });
    expect(r.stopped).to.equal(true);
    expect(r.bestmove).to.equal('g1f3');
    await e.close();
  });
});

describe('engine: bounded memory against a flooding engine', () => {
  const LONG = 'x'.repeat(2 ** 20 + 1); // one character over the 1 MiB line cap

  it('a line over 1 MiB in the handshake fails the open with ERR_ENGINE_PROTOCOL', async () => {
    // Before the cap the line was kept as a handshake warning and the open succeeded.
    const t = new MockTransport([{ expect: 'uci', reply: ['id name Flood', LONG, 'uciok'] }]);
    const err = await rejection(open(t));
    expect(err.code).to.equal('ERR_ENGINE_PROTOCOL');
    expect(err.message.length).to.be.below(400);
  });

  it('a line over 1 MiB in a search rejects it with ERR_ENGINE_PROTOCOL and ends the engine; respawn starts afresh', async () => {
    const flood = () =>
      mock([{ expect: /^position/ }, { expect: 'go depth 3', reply: ['info depth 1 score cp 1 pv e2e4', LONG] }]);
    const good = () =>
      mock([
        { expect: /^position/ },
        { expect: 'go depth 3', reply: ['info depth 3 score cp 9 pv e2e4', 'bestmove e2e4'] },
      ]);
    const made = [flood(), good()];
    const e = await open(() => made.shift()!, { respawn: true });
    const err = await rejection(e.analyse('startpos', { depth: 3 }));
    expect(err.code).to.equal('ERR_ENGINE_PROTOCOL');
    expect(e.respawns).to.equal(0);
    expect((await e.analyse('startpos', { depth: 3 })).bestmove).to.equal('e2e4');
    expect(e.respawns).to.equal(1);
    await e.close();
    // Without respawn, the next call says why the engine is gone.
    const f = await open(flood());
    expect((await rejection(f.analyse('startpos', { depth: 3 }))).code).to.equal('ERR_ENGINE_PROTOCOL');
    expect(f.running).to.equal(false);
    const next = await rejection(f.ping());
    expect(next.code).to.equal('ERR_ENGINE_TERMINATED');
    expect(next.message).to.match(/protocol error/);
    await f.close();
  });

  it('warnings stay bounded: the engine keeps its latest 100, a search its first 100, the rest are counted', async () => {
    const garbage = Array.from({ length: 1000 }, (_, i) => `garbage ${i}`);
    const t = mock([{ expect: /^position/ }, { expect: 'go depth 1', reply: [...garbage, 'bestmove e2e4'] }]);
    const e = await open(t);
    t.emit(garbage); // while no command runs
    expect(e.warnings).to.have.length(100);
    expect(e.warningsDropped).to.equal(900);
    expect(e.warnings[0]!.text).to.equal('garbage 900');
    const r = await e.analyse('startpos', { depth: 1 });
    expect(r.warnings).to.have.length(100);
    expect(r.warningsDropped).to.equal(900);
    expect(r.warnings[0]!.text).to.equal('garbage 0');
    await e.close();
  });

  it('one info line full of bad tokens gives bounded warnings holding a bounded text', async () => {
    const line = `info depth 1 score cp 3 pv ${'zz9 '.repeat(200000)}`;
    const t = mock([{ expect: /^position/ }, { expect: 'go depth 1', reply: [line, 'bestmove e2e4'] }]);
    const e = await open(t);
    const r = await e.analyse('startpos', { depth: 1 });
    expect(r.warnings).to.have.length(100);
    expect(r.warningsDropped).to.equal(200000 - 100);
    for (const w of r.warnings) expect(w.text.length).to.be.at.most(201);
    await e.close();
  });

  it('an engine declaring options without end fails the handshake with ERR_ENGINE_PROTOCOL', async () => {
    const options = Array.from({ length: 5000 }, (_, i) => `option name Opt${i} type check default false`);
    const t = new MockTransport([{ expect: 'uci', reply: [...options, 'uciok'] }]);
    expect((await rejection(open(t))).code).to.equal('ERR_ENGINE_PROTOCOL');
  });
});
