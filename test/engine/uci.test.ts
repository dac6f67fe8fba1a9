import { expect } from 'chai';
import {
  goCommand,
  mockHandshake,
  MockTransport,
  openEngine,
  parseBestmove,
  parseInfo,
  parseOption,
  Score,
  UciEngine,
  type EngineError,
  type EngineWarning,
  type MockStep,
} from 'gamenotation/engine';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** A mock engine: handshake, then the given steps. */
function mock(steps: MockStep[], extraOptions: string[] = []): MockTransport {
  return new MockTransport([{ expect: 'uci', reply: mockHandshake('Mock 1.0', extraOptions) }, ...steps]);
}

async function open(
  t: MockTransport | (() => MockTransport),
  config: Partial<ConstructorParameters<typeof UciEngine>[0]> = {},
): Promise<UciEngine> {
  const factory = typeof t === 'function' ? t : () => t;
  return new UciEngine({ transport: factory, ...config }).open();
}

async function rejection(p: Promise<unknown>): Promise<EngineError> {
  try {
    await p;
  } catch (e) {
    return e as EngineError;
  }
  throw new Error('expected a rejection');
}

describe('engine: UCI text', () => {
  it('parses every info field', () => {
    const info = parseInfo(
      'depth 24 seldepth 33 multipv 2 score cp -41 upperbound nodes 1234567 nps 987654 hashfull 412 tbhits 7 time 1250 currmove e2e4 currmovenumber 3 wdl 120 700 180 pv e2e4 e7e5 g1f3',
    );
    expect(info).to.deep.equal({
      depth: 24,
      seldepth: 33,
      multipv: 2,
      score: { cp: -41 },
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
    });
    expect(parseInfo('depth 5 score mate -3 lowerbound pv h7h8q')).to.deep.equal({
      depth: 5,
      score: { mate: -3 },
      bound: 'lower',
      pv: ['h7h8q'],
    });
    expect(parseInfo('string NNUE evaluation using nn-ad9b42354671.nnue  enabled').string).to.equal(
      'NNUE evaluation using nn-ad9b42354671.nnue  enabled',
    );
    expect(parseInfo('depth 3 score cp 10 pv P@f7 e8f7 N@g5').pv).to.deep.equal(['P@f7', 'e8f7', 'N@g5']);
    expect(parseInfo('refutation d1h5 g6h5').refutation).to.deep.equal(['d1h5', 'g6h5']);
    expect(parseInfo('currline 1 e2e4 e7e5').currline).to.deep.equal({ cpu: 1, moves: ['e2e4', 'e7e5'] });
  });

  it('turns garbage into warnings and keeps the fields it could read', () => {
    const warnings: EngineWarning[] = [];
    const info = parseInfo('depth x nodes 50 score banana 3 frobnicate pv e2e4 zz9 e7e5', warnings);
    expect(info.nodes).to.equal(50);
    expect(info.depth).to.equal(undefined);
    expect(info.pv).to.deep.equal(['e2e4', 'e7e5']);
    expect(warnings.map((w) => w.message)).to.deep.equal([
      'depth needs an integer, got x',
      "bad score 'banana 3'",
      "'zz9' in pv is not a move",
    ]);
    expect(parseInfo('depth 3 frobnicate 7 nodes 9', warnings)).to.deep.equal({ depth: 3, nodes: 9 });
    expect(warnings[3].code).to.equal('WARN_ENGINE_INFO');
    expect(parseBestmove('bestmove')).to.equal(undefined);
    expect(parseBestmove('bestmove (none)')).to.deep.equal({ bestmove: null });
    expect(parseBestmove('bestmove e7e8n ponder a2a1')).to.deep.equal({ bestmove: 'e7e8n', ponder: 'a2a1' });
  });

  it('types option declarations', () => {
    expect(parseOption('name Hash type spin default 16 min 1 max 33554432')).to.deep.equal({
      name: 'Hash',
      type: 'spin',
      default: 16,
      min: 1,
      max: 33554432,
    });
    expect(parseOption('name Clear Hash type button')).to.deep.equal({ name: 'Clear Hash', type: 'button' });
    expect(parseOption('name SyzygyPath type string default <empty>')).to.deep.equal({
      name: 'SyzygyPath',
      type: 'string',
      default: '',
    });
    expect(parseOption('name UCI_Variant type combo default chess var crazyhouse var chess var 3check')).to.deep.equal({
      name: 'UCI_Variant',
      type: 'combo',
      default: 'chess',
      vars: ['crazyhouse', 'chess', '3check'],
    });
    expect(parseOption('name Ponder type check default false')?.default).to.equal(false);
    expect(parseOption('nonsense')).to.equal(undefined);
  });

  it('writes go commands for every limit', () => {
    expect(goCommand({ depth: 12 })).to.equal('go depth 12');
    expect(goCommand({ wtime: 60000, btime: 55000, winc: 1000, binc: 1000, movestogo: 20 })).to.equal(
      'go wtime 60000 btime 55000 winc 1000 binc 1000 movestogo 20',
    );
    expect(goCommand({ nodes: 1e6, movetime: 500 }, { searchmoves: ['e2e4', 'd2d4'] })).to.equal(
      'go nodes 1000000 movetime 500 searchmoves e2e4 d2d4',
    );
    expect(goCommand({ mate: 3 })).to.equal('go mate 3');
    expect(goCommand({ infinite: true })).to.equal('go infinite');
    expect(() => goCommand({})).to.throw(RangeError);
  });

  it('keeps mate signs and turns scores to either side', () => {
    const s = Score.mate(-3, 'black'); // black to move is mated in 3
    expect(s.pov('black')).to.deep.equal({ mate: -3 });
    expect(s.pov('white')).to.deep.equal({ mate: 3 });
    expect(s.toJSON()).to.deep.equal({ mate: 3 });
    expect(Score.cp(35, 'black').white).to.deep.equal({ cp: -35 });
    expect(Score.cp(0, 'black').white).to.deep.equal({ cp: 0 });
    expect(Score.mate(2, 'white').value('white')).to.be.greaterThan(Score.mate(5, 'white').value('white'));
    expect(Score.mate(-2, 'white').value('white')).to.be.lessThan(Score.cp(-5000, 'white').value('white'));
  });
});

describe('engine: conversations with a mock engine', () => {
  it('handshakes, types the options and sets the user options', async () => {
    const t = mock([{ expect: 'setoption name Hash value 64' }]);
    const e = await open(t, { options: { Hash: 64 } });
    expect(e.name).to.equal('Mock 1.0');
    expect(e.options.get('hash')).to.deep.include({ type: 'spin', min: 1, max: 1024 });
    expect(t.received).to.deep.equal(['uci', 'setoption name Hash value 64', 'isready']);
    await e.quit();
  });

  it('rejects bad options with ERR_ENGINE_OPTION', async () => {
    expect((await rejection(open(mock([]), { options: { Hash: 5000 } }))).code).to.equal('ERR_ENGINE_OPTION');
    expect((await rejection(open(mock([]), { options: { Bogus: 1 } }))).code).to.equal('ERR_ENGINE_OPTION');
    expect(() => new UciEngine({ transport: () => mock([]), options: { MultiPV: 3 } })).to.throw(/set by the library/);
  });

  it('sends the start FEN plus moves, keeps MultiPV order and every depth (with mates of both signs)', async () => {
    const t = mock([
      { expect: 'setoption name UCI_Chess960 value false' },
      { expect: 'setoption name UCI_AnalyseMode value true' },
      { expect: 'setoption name MultiPV value 3' },
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
    expect(r.lines[2].score.relative).to.deep.equal({ mate: -2 });
    expect(r.depths.map((d) => d.depth)).to.deep.equal([1, 2]);
    expect(r.depths[0].lines.map((l) => l.score.pov('black'))).to.deep.equal([{ cp: 30 }, { cp: 10 }, { mate: 4 }]);
    expect(r.depths[1].lines[0].pv).to.deep.equal(['b8c6', 'f1b5']); // the exact line replaced the bound
    expect(r.nodes).to.equal(180);
    expect(t.unexpected).to.deep.equal([]);
    await e.quit();
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
    expect(r.lines[0].score.white).to.deep.equal({ cp: 20 });
    expect(t.unexpected.filter((l) => !l.startsWith('setoption'))).to.deep.equal([]);
    await e.quit();
  });

  it('a Chess960 game sets UCI_Chess960 and sends castling king to rook', async () => {
    const game = {
      headers: { Variant: 'Chess960' },
      moves: ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5', 'O-O'].map((san) => ({ san })),
    };
    const t = mock([
      { expect: 'setoption name UCI_Chess960 value true' },
      { expect: `position fen ${START} moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1h1` },
      { expect: 'go depth 1', reply: ['info depth 1 score cp -20 pv e8h8', 'bestmove e8h8'] },
    ]);
    const e = await open(t);
    const r = await e.analyse({ game }, { depth: 1 });
    expect(r.bestmove).to.equal('e8h8');
    expect(r.lines[0].score.white).to.deep.equal({ cp: 20 });
    expect(t.pending).to.have.length(0);
    await e.quit();
  });

  it('rejects a bad position or a crazyhouse position for an engine without UCI_Variant', async () => {
    const e = await open(mock([]));
    expect((await rejection(e.analyse('8/8/8/8/8/8/8/8 w - - 0 1', { depth: 1 }))).code).to.equal(
      'ERR_ENGINE_POSITION',
    );
    expect((await rejection(e.analyse({ moves: ['e4', 'Ke7'] }, { depth: 1 }))).code).to.equal('ERR_ENGINE_POSITION');
    const zh = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1';
    expect((await rejection(e.analyse(zh, { depth: 1 }))).code).to.equal('ERR_ENGINE_OPTION');
    await e.quit();
  });

  it('sets UCI_Variant from a pocket in the FEN', async () => {
    const zh = 'r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[Nn] w KQkq - 0 1';
    const t = mock(
      [
        { expect: 'setoption name UCI_Variant value crazyhouse' },
        { expect: `position fen ${zh}` },
        { expect: 'go depth 1', reply: ['info depth 1 score cp 80 pv N@e5', 'bestmove N@e5'] },
      ],
      ['option name UCI_Variant type combo default chess var chess var crazyhouse var bughouse'],
    );
    const e = await open(t);
    const r = await e.analyse(zh, { depth: 1 });
    expect(r.bestmove).to.equal('N@e5');
    expect(t.pending).to.have.length(0);
    await e.quit();
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
    await e.quit();
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
    await e.quit();
  });

  it('an engine that never answers the handshake fails with ERR_ENGINE_TIMEOUT', async () => {
    const silent = new MockTransport([{ expect: 'uci' }]);
    const err = await rejection(new UciEngine({ transport: () => silent, timeouts: { handshake: 100 } }).open());
    expect(err.code).to.equal('ERR_ENGINE_TIMEOUT');
  });

  it('a search that hangs fails with ERR_ENGINE_TIMEOUT (the engine is ended)', async () => {
    const t = mock([{ expect: /^position/ }, { expect: 'go movetime 50', reply: ['info depth 1 score cp 3 pv e2e4'] }]);
    const e = await open(t, { timeouts: { margin: 50, stop: 50 } });
    const err = await rejection(e.analyse('startpos', { movetime: 50 }));
    expect(err.code).to.equal('ERR_ENGINE_TIMEOUT');
    expect(t.received).to.include('stop');
    expect(e.running).to.equal(false);
    await e.quit();
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
    await e.quit();
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
    await e.quit();
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
    await e.quit();
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
    await e.quit();
  });

  it('streams info lines; breaking out stops the search', async () => {
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
    const seen: unknown[] = [];
    for await (const info of e.analysis('startpos', { infinite: true })) {
      seen.push(info.score?.white ?? info.currmove);
      if (info.score && 'mate' in info.score.relative) break;
    }
    expect(seen).to.deep.equal([{ cp: 1 }, 'e2e4', { mate: 7 }]);
    expect(t.received).to.include('stop');
    expect(await e.ping()).to.equal(undefined);
    await e.quit();
  });

  it('keeps garbage from the engine as warnings', async () => {
    const t = mock([
      { expect: /^position/ },
      {
        expect: 'go depth 1',
        reply: [
          'info depth 1 score cp 9 nps lots pv e2e4',
          'Unknown command: blah',
          'info depth 1 score cp 9 pv e2e4',
          'bestmove e2e4',
        ],
      },
    ]);
    const e = await open(t);
    const r = await e.analyse('startpos', { depth: 1 });
    expect(r.bestmove).to.equal('e2e4');
    expect(r.warnings.map((w) => w.code)).to.deep.equal(['WARN_ENGINE_INFO', 'WARN_ENGINE_LINE']);
    await e.quit();
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
    await e.quit();
  });

  it('an unreadable bestmove is ERR_ENGINE_PROTOCOL', async () => {
    const t = mock([{ expect: /^position/ }, { expect: 'go depth 1', reply: ['bestmove ???'] }]);
    const e = await open(t);
    expect((await rejection(e.analyse('startpos', { depth: 1 }))).code).to.equal('ERR_ENGINE_PROTOCOL');
    await e.quit();
  });
});
