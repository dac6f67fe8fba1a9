// Real engines in Node: Debian's stockfish and fairy-stockfish, the npm stockfish.wasm and the npm
// stockfish lite-single build. Truth: matetrack's verified mate lengths (../shared, or the
// fixture of the same facts), and our own move rules for what the engines return.
import { expect } from 'chai';
import { unwrap } from 'gamenotation';
import { Position, parseUci } from 'gamenotation/chess';
import {
  engineJobs,
  EngineError,
  fromPlainAnalysis,
  NativeTransport,
  openEngine,
  UciEngine,
  type EngineKind,
  type Transport,
} from 'gamenotation/engine';
import { readShared } from '../support/data.js';

const fs = (globalThis as any).process.getBuiltinModule('node:fs');

interface MateCase {
  fen: string;
  mate: number;
}

async function mateCases(): Promise<MateCase[]> {
  const text =
    (await readShared('problems/epd/matetrack.epd')) ??
    fs.readFileSync(new URL('../fixtures/engine/mates.epd', import.meta.url), 'utf8');
  const out: MateCase[] = [];
  for (const line of text.split('\n')) {
    const m = /^(\S+ [wb] \S+ \S+) bm #(\d+);/.exec(line);
    if (m && Number(m[2]) <= 2) out.push({ fen: `${m[1]} 0 1`, mate: Number(m[2]) });
    if (out.length === 9) break;
  }
  return out;
}

async function crazyhouseFens(): Promise<string[]> {
  const text =
    (await readShared('chess/perft-crazyhouse.perft')) ??
    fs.readFileSync(new URL('../fixtures/engine/crazyhouse.perft', import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((l: string) => l.startsWith('epd '))
    .map((l: string) => l.slice(4).trim());
}

/** Plays a line of UCI moves under our rules; returns false at the first illegal one. */
function legalLine(fen: string, moves: string[], variant: 'chess' | 'crazyhouse' = 'chess', bughouse = false): boolean {
  const r = Position.fromFen(fen, { variant, bughouse });
  if (!r.ok) throw new Error(r.error.message);
  const pos = r.value;
  for (const uci of moves) {
    const m = parseUci(uci);
    if (!m.ok || !pos.isLegal(m.value)) return false;
    pos.play(m.value);
  }
  return true;
}

function matesAfter(fen: string, moves: string[]): boolean {
  const pos = (Position.fromFen(fen) as { value: Position }).value;
  for (const m of moves) pos.play(unwrap(parseUci(m)));
  return pos.isCheckmate();
}

const haveStockfish =
  fs.existsSync('/usr/games/stockfish') || !!process.env.PATH?.split(':').some((d) => fs.existsSync(`${d}/stockfish`));

const kinds: { kind: EngineKind; label: string; options?: Record<string, number> }[] = [
  { kind: 'native', label: "Debian's stockfish", options: { Threads: 1, Hash: 16 } },
  { kind: 'stockfish.wasm', label: 'stockfish.wasm (npm)', options: { Threads: 1, Hash: 16 } },
  { kind: 'stockfish', label: 'stockfish lite-single (npm)' },
];

for (const { kind, label, options } of kinds) {
  describe(`engine: ${label}`, () => {
    let engine: UciEngine;
    let cases: MateCase[];
    before(async () => {
      expect(
        kind !== 'native' || haveStockfish,
        'the Debian stockfish package is installed (apt-get install stockfish)',
      ).to.equal(true);
      cases = await mateCases();
      engine = await openEngine({ kind, options }); // includes the health check
      if (kind === 'native') expect(engine.name).to.not.match(/wasm/i); // the Debian binary, not npm's .bin/stockfish
    });
    after(async () => {
      await engine?.quit();
    });

    it('finds the known mates in 1 and 2 with go mate (en passant and castling mates included)', async () => {
      expect(cases.length).to.equal(9);
      let fullPvs = cases.length;
      for (const c of cases) {
        const r = await engine.analyse(c.fen, { mate: c.mate }, { newGame: true });
        const turn = c.fen.split(' ')[1] === 'w' ? 'white' : 'black';
        expect(r.lines[0].score.pov(turn), c.fen).to.deep.equal({ mate: c.mate });
        expect(r.lines[0].score.pov(turn === 'white' ? 'black' : 'white')).to.deep.equal({ mate: -c.mate });
        const pv = r.lines[0].pv.slice(0, 2 * c.mate - 1);
        expect(r.bestmove).to.equal(pv[0]);
        expect(legalLine(c.fen, r.lines[0].pv), `pv legal in ${c.fen}`).to.equal(true);
        // Engines may cut a PV short at a hash hit (classical stockfish.wasm does); a full one must mate.
        if (pv.length === 2 * c.mate - 1)
          expect(matesAfter(c.fen, pv), `${pv.join(' ')} mates in ${c.fen}`).to.equal(true);
        else fullPvs--;
        // No depth claims a mate shorter than the truth.
        for (const d of r.depths)
          for (const l of d.lines)
            if (l.score.isMate) expect(Math.abs((l.score.pov(turn) as { mate: number }).mate)).to.be.at.least(c.mate);
      }
      expect(fullPvs).to.be.at.least(7);
    });

    it('MultiPV lines are distinct legal moves, best first, and the depth grid holds every depth', async () => {
      const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
      const r = await engine.analyse({ fen, moves: ['Bb5', 'a6'] }, { depth: 6 }, { multipv: 3 });
      expect(r.lines.map((l) => l.multipv)).to.deep.equal([1, 2, 3]);
      const first = r.lines.map((l) => l.pv[0]);
      expect(new Set(first).size).to.equal(3);
      const after = 'r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4';
      for (const l of r.lines) expect(legalLine(after, l.pv)).to.equal(true);
      const values = r.lines.map((l) => l.score.value('white'));
      expect([...values].sort((a, b) => b - a)).to.deep.equal(values);
      expect(r.depths.map((d) => d.depth)).to.deep.equal([1, 2, 3, 4, 5, 6]);
      expect(r.depths.at(-1)!.lines).to.have.length(3);
    });

    it('an AbortSignal stops an infinite search with a legal best move', async () => {
      const ac = new AbortController();
      setTimeout(() => ac.abort(), 150);
      const r = await engine.analyse('startpos', { infinite: true }, { signal: ac.signal });
      expect(r.stopped).to.equal(true);
      expect(legalLine('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', [r.bestmove!])).to.equal(true);
      await engine.ping();
    });

    it('plays a legal move under a clock', async () => {
      const { bestmove } = await engine.play(
        { moves: ['d4', 'Nf6', 'c4'] },
        { wtime: 2000, btime: 2000, winc: 0, binc: 0 },
      );
      expect(
        legalLine('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', ['d2d4', 'g8f6', 'c2c4', bestmove!]),
      ).to.equal(true);
    });
  });
}

describe('engine: Fairy-Stockfish on crazyhouse positions with pockets', () => {
  let engine: UciEngine;
  before(async () => {
    engine = await openEngine({ kind: 'fairy', options: { Threads: 1, Hash: 16 } });
  });
  after(async () => {
    await engine?.quit();
  });

  it('returns lines legal under our crazyhouse rules, drops included', async () => {
    const fens = await crazyhouseFens();
    expect(fens.length).to.be.greaterThan(2);
    let drops = 0;
    for (const fen of fens) {
      const r = await engine.analyse(fen, { depth: 5 }, { multipv: 4 });
      expect(r.lines.length, fen).to.be.greaterThan(0);
      const sent = Position.fromFen(fen, { variant: 'crazyhouse', lenient: true });
      expect(sent.ok).to.equal(true);
      for (const l of r.lines) {
        expect(
          legalLine((sent as { value: Position }).value.fen(), l.pv, 'crazyhouse'),
          `${fen}: ${l.pv.join(' ')}`,
        ).to.equal(true);
        drops += l.pv.filter((m) => m.includes('@')).length;
      }
    }
    expect(drops).to.be.greaterThan(0);
  });

  it('a pocket in a game start sets crazyhouse; moves after the start are replayed', async () => {
    const r = await engine.analyse(
      { fen: 'r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[Nn] w KQkq - 0 1', moves: ['N@e5', 'N@e4'] },
      { depth: 4 },
    );
    expect(r.bestmove).to.be.a('string');
    const pos = (
      Position.fromFen('r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[Nn] w KQkq - 0 1', { variant: 'crazyhouse' }) as {
        value: Position;
      }
    ).value;
    pos.play(unwrap(parseUci('N@e5')));
    pos.play(unwrap(parseUci('N@e4')));
    expect(legalLine(pos.fen(), r.lines[0].pv, 'crazyhouse')).to.equal(true);
  });
});

describe('engine: Fairy-Stockfish on a bughouse board', () => {
  it('variant bughouse: captures do not feed the pocket; the lines are legal under our bughouse rules', async () => {
    const engine = await openEngine({ kind: 'fairy', options: { Threads: 1, Hash: 16 } });
    // Crazyhouse middlegame from the perft suite, as one board of a bughouse game.
    const fen = 'r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[Pp] b KQkq - 0 1';
    const r = await engine.analyse(fen, { depth: 6 }, { multipv: 4, variant: 'bughouse' });
    await engine.quit();
    expect(r.lines.length).to.equal(4);
    const start = (Position.fromFen(fen, { variant: 'crazyhouse', bughouse: true }) as { value: Position }).value.fen();
    for (const l of r.lines) expect(legalLine(start, l.pv, 'crazyhouse', true), l.pv.join(' ')).to.equal(true);
  });
});

describe('engine: worker jobs (plain data, progress) with a real engine', () => {
  after(() => engineJobs.closeEngine());

  it('analyses every position of a game with progress; the mated end has no best move', async () => {
    // Fool's mate: 1. f3 e5 2. g4 Qh4# (the last position is checkmate by our rules too).
    const game = { headers: {}, moves: ['f3', 'e5', 'g4', 'Qh4#'].map((san) => ({ san })) };
    const seen: number[] = [];
    const results = await engineJobs.analyseGame(
      { engine: { kind: 'native' }, game, limit: { depth: 6 } },
      { progress: async (p) => void seen.push(p.done) },
    );
    expect(seen).to.deep.equal([1, 2, 3, 4, 5]);
    expect(results).to.have.length(5);
    const pos = Position.initial();
    for (let ply = 0; ply < 4; ply++) {
      expect(pos.isLegal(unwrap(parseUci(results[ply].bestmove!))), `ply ${ply}`).to.equal(true);
      pos.playSan(game.moves[ply].san);
    }
    expect(pos.isCheckmate()).to.equal(true);
    expect(results[4].bestmove).to.equal(null);
    // Before Qh4#, Black mates in 1: White's view says mated in 1.
    expect(results[3].lines[0].score).to.deep.equal({ mate: -1 });
    expect(fromPlainAnalysis(JSON.parse(JSON.stringify(results[3]))).lines[0].score.pov('black')).to.deep.equal({
      mate: 1,
    });
  });

  it('analysePosition reports progress per depth and returns the depth grid as plain data', async () => {
    const seen: number[] = [];
    const r = await engineJobs.analysePosition(
      { engine: { kind: 'native' }, position: 'startpos', limit: { depth: 5 }, multipv: 2 },
      { progress: async (p) => void seen.push(p.done) },
    );
    expect(seen).to.deep.equal([1, 2, 3, 4, 5]);
    expect(r.depths.map((d) => d.lines.length)).to.deep.equal([2, 2, 2, 2, 2]);
    expect(JSON.parse(JSON.stringify(r))).to.deep.equal(r);
  });
});

describe('engine: faults with real processes', () => {
  it('a missing binary is ERR_ENGINE_NOT_FOUND with a hint', async () => {
    const e = await openEngine({ kind: 'native', path: '/nonexistent/engine' }).catch((x: EngineError) => x);
    expect((e as EngineError).code).to.equal('ERR_ENGINE_NOT_FOUND');
    expect((e as EngineError).message).to.match(/apt-get install stockfish/);
  });

  it('a program that never answers fails the handshake with ERR_ENGINE_TIMEOUT', async () => {
    const e = await openEngine({ kind: 'native', path: 'sleep', args: ['30'], timeouts: { handshake: 300 } }).catch(
      (x: EngineError) => x,
    );
    expect((e as EngineError).code).to.equal('ERR_ENGINE_TIMEOUT');
  });

  it('a program that exits at once is ERR_ENGINE_TERMINATED with its stderr', async () => {
    const e = await openEngine({
      kind: 'native',
      path: 'sh',
      args: ['-c', 'echo "no network file" >&2; exit 3'],
    }).catch((x: EngineError) => x);
    expect((e as EngineError).code).to.equal('ERR_ENGINE_TERMINATED');
    expect((e as EngineError).stderr).to.deep.equal(['no network file']);
  });

  it('stockfish without its network exits during the health check: ERR_ENGINE_TERMINATED says why', async () => {
    const e = await openEngine({ kind: 'native', options: { EvalFile: '/nonexistent/net.nnue' } }).catch(
      (x: EngineError) => x,
    );
    expect((e as EngineError).code).to.equal('ERR_ENGINE_TERMINATED');
    expect((e as EngineError).message).to.match(/network/);
  });

  it('an engine killed mid-search is restarted and the search repeated (respawn)', async () => {
    const made: Transport[] = [];
    const engine = await openEngine({
      kind: 'custom',
      transport: () => {
        const t = new NativeTransport('/usr/games/stockfish');
        made.push(t);
        return t;
      },
      respawn: true,
    });
    let killed = false;
    const r = await engine.analyse(
      'startpos',
      { nodes: 400000 },
      {
        onInfo: () => {
          if (!killed) {
            killed = true;
            made[0].kill(); // SIGKILL to the process group, as a crash would end it
          }
        },
      },
    );
    expect(made.length).to.equal(2);
    expect(engine.respawns).to.equal(1);
    expect(legalLine('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', [r.bestmove!])).to.equal(true);
    expect(r.nodes).to.be.at.least(400000);
    await engine.quit();
  });

  it('without respawn, a killed engine gives ERR_ENGINE_TERMINATED', async () => {
    const made: Transport[] = [];
    const engine = await openEngine({
      kind: 'custom',
      transport: () => made[made.push(new NativeTransport('/usr/games/stockfish')) - 1],
    });
    const e = await engine
      .analyse('startpos', { infinite: true }, { onInfo: () => made[0].kill() })
      .catch((x: EngineError) => x);
    expect((e as EngineError).code).to.equal('ERR_ENGINE_TERMINATED');
    await engine.quit();
  });
});
