// Real engines in Node: Debian's stockfish and fairy-stockfish, the npm stockfish.wasm and the npm
// stockfish lite-single build, and broken engines (shell scripts) as child processes. Truth:
// matetrack's verified mate lengths (../shared, or the fixture of the same facts), our own move
// rules and chessops' SAN for what the engines return, and Debian's Stockfish 15.1's own WDL output
// for our WDL model.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { makeSanAndPlay } from 'chessops/san';
import { parseUci as parseUciOps } from 'chessops/util';
import { Crazyhouse } from 'chessops/variant';
import { unwrap } from 'gamenotation';
import { Position, parseUci } from 'gamenotation/chess';
import { EngineError, openEngine, SideScore, type EngineKind, type UciEngine } from 'gamenotation/engine';
import { readShared } from '../support/data.js';

const fs = (globalThis as any).process.getBuiltinModule('node:fs');

/** chessops' SAN for a line of UCI moves (an oracle independent of ours). */
function chessopsSan(fen: string, uci: string[], crazyhouse = false): string[] {
  const setup = parseFen(fen).unwrap();
  const pos = crazyhouse ? Crazyhouse.fromSetup(setup).unwrap() : Chess.fromSetup(setup).unwrap();
  return uci.map((m) => makeSanAndPlay(pos, parseUciOps(m)!));
}

/** Kills this process's stockfish children with SIGKILL, as a crash would end them. */
function crashStockfish(): number {
  const r = spawnSync('pkill', ['-KILL', '-P', String(process.pid), '-x', 'stockfish'], { encoding: 'utf8' });
  return r.status ?? -1;
}

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
      await engine?.close();
    });

    it('finds the known mates in 1 and 2 with go mate (en passant and castling mates included)', async () => {
      expect(cases.length).to.equal(9);
      let fullPvs = cases.length;
      for (const c of cases) {
        const r = await engine.analyse(c.fen, { mate: c.mate }, { newGame: true });
        const turn = c.fen.split(' ')[1] === 'w' ? 'white' : 'black';
        expect(r.lines[0].score.pov(turn).toJSON(), c.fen).to.deep.equal({ mate: c.mate });
        expect(r.lines[0].score.pov(turn === 'white' ? 'black' : 'white').toJSON()).to.deep.equal({ mate: -c.mate });
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
            if (l.score.isMate()) expect(Math.abs(l.score.pov(turn).mate!)).to.be.at.least(c.mate);
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
      for (const l of r.lines) {
        expect(legalLine(after, l.pv)).to.equal(true);
        expect(l.pvSan).to.deep.equal(chessopsSan(after, l.pv));
      }
      const best = r.lines.map((l) => l.score.white());
      expect([...best].sort(SideScore.compare).reverse().map(String)).to.deep.equal(best.map(String));
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
    await engine?.close();
  });

  it('returns lines legal under our crazyhouse rules, drops included, with the SAN chessops writes', async () => {
    const fens = await crazyhouseFens();
    expect(fens.length).to.be.greaterThan(2);
    let drops = 0;
    for (const fen of fens) {
      const r = await engine.analyse(fen, { depth: 5 }, { multipv: 4 });
      expect(r.lines.length, fen).to.be.greaterThan(0);
      const sent = Position.fromFen(fen, { variant: 'crazyhouse', lenient: true });
      expect(sent.ok).to.equal(true);
      for (const l of r.lines) {
        const start = (sent as { value: Position }).value.fen();
        expect(legalLine(start, l.pv, 'crazyhouse'), `${fen}: ${l.pv.join(' ')}`).to.equal(true);
        expect(l.pvSan, `${fen}: ${l.pv.join(' ')}`).to.deep.equal(chessopsSan(start, l.pv, true));
        drops += l.pv.filter((m) => m.includes('@')).length;
      }
    }
    expect(drops).to.be.greaterThan(0);
  });

  it('the analysis handle and a per-call option on a crazyhouse position: SAN drops as chessops writes them', async () => {
    const fen = 'r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[Nn] w KQkq - 0 1';
    const analysis = engine.analysis(fen, { depth: 8 }, { multipv: 2, options: { Hash: 32 } });
    let infos = 0;
    for await (const info of analysis) if (info.pv?.length) infos++;
    const r = await analysis.wait();
    expect(infos).to.be.at.least(8);
    expect(r.depths.at(-1)!.depth).to.equal(8);
    expect(analysis.multipv).to.have.length(2);
    for (const line of analysis.multipv) expect(line.pvSan).to.deep.equal(chessopsSan(fen, line.pv!, true));
    expect(r.lines[0]!.pvSan).to.deep.equal(chessopsSan(fen, r.lines[0]!.pv, true));
    expect(r.warnings.filter((w) => w.code === 'ERR_ENGINE_PV')).to.deep.equal([]);
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
    await engine.close();
    expect(r.lines.length).to.equal(4);
    const start = (Position.fromFen(fen, { variant: 'crazyhouse', bughouse: true }) as { value: Position }).value.fen();
    for (const l of r.lines) expect(legalLine(start, l.pv, 'crazyhouse', true), l.pv.join(' ')).to.equal(true);
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
    const engine = await openEngine({ kind: 'native', respawn: true, healthCheck: false });
    let killed = false;
    const r = await engine.analyse(
      'startpos',
      { nodes: 400000 },
      {
        onInfo: () => {
          if (!killed) {
            killed = true;
            expect(crashStockfish()).to.equal(0);
          }
        },
      },
    );
    expect(engine.respawns).to.equal(1);
    expect(legalLine('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', [r.bestmove!])).to.equal(true);
    expect(r.nodes).to.be.at.least(400000);
    await engine.close();
  });

  it('without respawn, a killed engine gives ERR_ENGINE_TERMINATED', async () => {
    const engine = await openEngine({ kind: 'native', healthCheck: false });
    const e = await engine
      .analyse('startpos', { infinite: true }, { onInfo: () => void crashStockfish() })
      .catch((x: EngineError) => x);
    expect((e as EngineError).code).to.equal('ERR_ENGINE_TERMINATED');
    await engine.close();
  });
});

describe('engine: parity features against Debian stockfish 15.1', () => {
  // Positions at various game plies (the WDL model depends on the ply), from the perft and mate suites.
  const FENS = [
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3',
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 40',
    'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
    '8/8/4k3/8/2p5/8/B2P2K1/8 b - - 5 61',
  ];
  let engine: UciEngine;
  before(async () => {
    engine = await openEngine({ kind: 'native', options: { Threads: 1, Hash: 16 } });
    expect(engine.name).to.match(/^Stockfish 15\.1/);
  });
  after(async () => {
    await engine?.close();
  });

  it("our sf15.1 WDL model gives Stockfish 15.1's own wdl for its centipawns (UCI_ShowWDL for one search)", async () => {
    let compared = 0;
    for (const fen of FENS) {
      const r = await engine.analyse(fen, { depth: 10 }, { multipv: 3, options: { UCI_ShowWDL: true } });
      for (const { lines } of r.depths)
        for (const line of lines) {
          if (!line.wdl || line.score.isMate()) continue;
          const engineWdl = line.wdl.relative;
          // Stockfish reports cp = trunc(v · 100 / 361) of its internal value v and the WDL of v
          // itself, so its numbers lie between our model's at cp and at the next centipawn away
          // from zero (±1 for rounding).
          const cp = line.score.relative as { cp: number };
          const near = SideScore.cp(cp.cp).wdl({ model: 'sf15.1', ply: line.score.ply });
          const far = SideScore.cp(cp.cp + Math.sign(cp.cp || 1)).wdl({ model: 'sf15.1', ply: line.score.ply });
          const [lo, hi] = [Math.min(near.wins, far.wins) - 1, Math.max(near.wins, far.wins) + 1];
          expect(engineWdl.wins, `${fen} cp ${cp.cp} ply ${line.score.ply}`).to.be.within(lo, hi);
          const [llo, lhi] = [Math.min(near.losses, far.losses) - 1, Math.max(near.losses, far.losses) + 1];
          expect(engineWdl.losses, `${fen} cp ${cp.cp}`).to.be.within(llo, lhi);
          // The line's Score model uses the searched position's ply by default.
          expect(line.score.wdl({ model: 'sf15.1' }).relative.toJSON()).to.deep.equal(near.toJSON());
          compared++;
        }
    }
    expect(compared).to.be.above(100);
    // The override was for that search only: UCI_ShowWDL is off again.
    const plain = await engine.analyse(FENS[1]!, { depth: 6 });
    expect(plain.lines[0]!.wdl).to.equal(undefined);
  });

  it('analysis(): a handle that streams, keeps the latest info, stops on break and gives the result', async () => {
    const analysis = engine.analysis(FENS[2]!, { infinite: true }, { multipv: 2 });
    let depths = 0;
    for await (const info of analysis) {
      if (info.score && info.multipv === 1) depths++;
      if ((info.depth ?? 0) >= 8 && info.score) break;
    }
    const r = await analysis.wait();
    expect(r.stopped).to.equal(true);
    expect(depths).to.be.at.least(8);
    expect(analysis.info.depth).to.be.at.least(8);
    expect(analysis.multipv).to.have.length(2);
    expect(analysis.info.pvSan).to.deep.equal(chessopsSan(FENS[2]!, analysis.info.pv!));
    expect(legalLine(FENS[2]!, [r.bestmove!])).to.equal(true);
    await engine.ping();
  });

  it('`await using` quits the engine process at the end of the scope', async () => {
    let pidsInside: string;
    {
      await using scoped = await openEngine({ kind: 'native', healthCheck: false });
      await scoped.analyse('startpos', { depth: 2 });
      pidsInside = spawnSync('pgrep', ['-P', String(process.pid), '-x', 'stockfish'], { encoding: 'utf8' }).stdout;
    }
    const after = spawnSync('pgrep', ['-P', String(process.pid), '-x', 'stockfish'], { encoding: 'utf8' }).stdout;
    const inside = pidsInside.trim().split('\n').filter(Boolean);
    const left = new Set(after.trim().split('\n').filter(Boolean));
    expect(inside.length).to.equal(2); // the suite's engine and the scoped one
    expect(inside.filter((pid) => !left.has(pid))).to.have.length(1);
  });
});

describe('engine: broken engines that flood us (child processes)', () => {
  /** A UCI engine as a shell script that answers normally except where `mode` says it floods. */
  const script = `
mode="$1"
if [ "$mode" = stderr ]; then yes x | head -c 30000000 | tr -d '\\n' >&2; exit 3; fi
while IFS= read -r cmd; do
  case "$cmd" in
    uci) echo "id name Broken"; [ "$mode" = handshake ] && yes x | tr -d '\\n'; echo uciok ;;
    isready) echo readyok ;;
    go*) if [ "$mode" = search ]; then echo "info depth 1 score cp 5 pv e2e4"; yes x | tr -d '\\n'; else echo "bestmove e2e4"; fi ;;
    quit) exit 0 ;;
  esac
done`;
  const broken = (mode: string, timeouts = {}) =>
    openEngine({ kind: 'native', path: 'sh', args: ['-c', script, 'broken', mode], healthCheck: false, timeouts });

  /** The largest RSS growth (MiB) seen while `run` ran, sampled every 10 ms. */
  async function peakGrowth<T>(run: () => Promise<T>): Promise<{ value: T; mib: number }> {
    const base = process.memoryUsage().rss;
    let peak = base;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    try {
      const value = await run();
      peak = Math.max(peak, process.memoryUsage().rss);
      return { value, mib: (peak - base) / 2 ** 20 };
    } finally {
      clearInterval(timer);
    }
  }

  it('one endless line during the handshake: ERR_ENGINE_PROTOCOL at once, memory flat', async () => {
    // Before the cap: 533 MB read, then ERR_ENGINE_TIMEOUT after 10 s.
    const { value: e, mib } = await peakGrowth(() => broken('handshake').catch((x: EngineError) => x));
    expect((e as EngineError).code).to.equal('ERR_ENGINE_PROTOCOL');
    expect(mib).to.be.below(150);
  });

  it('one endless line during a search: ERR_ENGINE_PROTOCOL, the engine is ended, memory flat', async () => {
    // Before the cap: 1 GB read during the search.
    const engine = await broken('search');
    const { value: e, mib } = await peakGrowth(() =>
      engine.analyse('startpos', { depth: 5 }).catch((x: EngineError) => x),
    );
    expect((e as EngineError).code).to.equal('ERR_ENGINE_PROTOCOL');
    expect(engine.running).to.equal(false);
    expect(mib).to.be.below(150);
    await engine.close();
  });

  it('a 15 MB stderr line before a crash: the error keeps the start of it, memory flat', async () => {
    // Before the cap the whole line was kept (30 MB of UTF-16) and handed out in `stderr`.
    const { value: e, mib } = await peakGrowth(() => broken('stderr').catch((x: EngineError) => x));
    expect((e as EngineError).code).to.equal('ERR_ENGINE_TERMINATED');
    const kept = (e as EngineError).stderr ?? [];
    expect(kept).to.have.length(1);
    expect(kept[0]).to.equal(`${'x'.repeat(1000)}…`);
    expect(mib).to.be.below(100);
  });
});
