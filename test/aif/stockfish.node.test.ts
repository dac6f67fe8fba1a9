// Debian's native stockfish analysing a short real game; the output is checked by validateAif
// (our replay) and the grid's best moves against the engine's own bestmove.
import { expect } from 'chai';
import { analyseGame, makeAif, parseAif, validateAif } from 'gamenotation/aif';
import { openEngine, type UciEngine } from 'gamenotation/engine';
import { parsePgn } from 'gamenotation/pgn';

const fs = (globalThis as any).process.getBuiltinModule('node:fs');
const STOCKFISH = ['/usr/games/stockfish', '/usr/bin/stockfish'].find((p) => fs.existsSync(p));

// Legall's mate (a real miniature, 1750): short, with a queen sacrifice and a mate at the end.
const LEGALL = `[Event "Paris"]
[Site "Paris FRA"]
[Date "1750.??.??"]
[Round "?"]
[White "Legall de Kermeur, Francois Antoine de"]
[Black "Saint Brie"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0
`;

describe('aif: Debian stockfish (CI installs it with apt-get)', () => {
  let engine: UciEngine;
  before(async () => {
    if (!STOCKFISH) throw new Error('Debian stockfish is needed: apt-get install stockfish');
    engine = await openEngine({ kind: 'native', path: STOCKFISH, options: { Threads: 1, Hash: 16 } });
  });
  after(async () => {
    await engine?.close();
  });

  it('analyses a real game at depth 6 with MultiPV 3; the output validates and reads back', async () => {
    const game = parsePgn(LEGALL)[0]!.value;
    const aif = await analyseGame(game, engine, { depth: 6, multipv: 3, threads: 1, hash: 16 });
    expect(aif.blocks).to.have.length(13);
    expect(aif.headers.EngineID).to.match(/^Stockfish/);
    const text = makeAif([aif]);
    const back = parseAif(text);
    expect(back).to.have.length(1);
    expect(back[0]!.errors).to.deep.equal([]);
    const v = validateAif(back[0]!.value);
    expect(v.errors).to.deep.equal([]);
    for (const b of back[0]!.value.blocks) {
      expect(Number(b.tags.Depth)).to.be.at.least(6);
      expect(b.grid.depths[0]).to.equal(1);
      expect(Number(b.tags.NodeCount)).to.be.greaterThan(0);
    }
    // 6...Ke7 is forced into 7.Nd5#: the engine sees mate in 1 for White (+999) before move 7.
    const last = back[0]!.value.blocks[12]!;
    expect(last.tags.Turn).to.equal('7-w');
    expect(last.tags.EngineMove).to.equal('Nd5#');
    expect(last.tags.Eval).to.equal(' +999');
  });

  it('Threads 1: the same inputs give the same bytes', async () => {
    const game = parsePgn(LEGALL)[0]!.value;
    const a = makeAif([await analyseGame(game, engine, { depth: 5, multipv: 2, from: 5, to: 9 })]);
    const b = makeAif([await analyseGame(game, engine, { depth: 5, multipv: 2, from: 5, to: 9 })]);
    expect(a).to.equal(b);
  });

  it("MultiPV 'all' gives one row per legal move at the last depth", async () => {
    const game = parsePgn(LEGALL)[0]!.value;
    const aif = await analyseGame(game, engine, { depth: 4, multipv: 'all', from: 3, to: 4 });
    for (const b of aif.blocks) {
      const lastCol = b.grid.depths.length - 1;
      const full = b.grid.rows.filter((r) => typeof r.cells[lastCol] === 'number');
      expect(full).to.have.length(Number(b.tags.NumLegalMoves));
    }
    expect(aif.headers.MultiPV).to.equal('all');
  });
});
