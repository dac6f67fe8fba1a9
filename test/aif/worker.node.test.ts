// The analyseAif worker job (gamenotation/worker) in a Node worker_thread with Debian stockfish:
// the same bytes as analyseGame in this thread, progress per ply, the output validates.
import { expect } from 'chai';
import { analyseGame, makeAif, parseAif, validateAif } from 'gamenotation/aif';
import { openEngine } from 'gamenotation/engine';
import { parsePgn } from 'gamenotation/pgn';
import { createWorker } from 'gamenotation/worker';

const fs = (globalThis as any).process.getBuiltinModule('node:fs');
const STOCKFISH = ['/usr/games/stockfish', '/usr/bin/stockfish'].find((p) => fs.existsSync(p));
const PGN = `[Event "Casual"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "A"]\n[Black "B"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n`;

describe('aif: the analyseAif worker job (Debian stockfish)', () => {
  it('analyses a pasted PGN in a worker; same bytes as in this thread; progress per ply', async () => {
    if (!STOCKFISH) throw new Error('Debian stockfish is needed: apt-get install stockfish');
    const spec = { kind: 'native' as const, path: STOCKFISH, options: { Threads: 1, Hash: 16 } };
    const worker = createWorker();
    const seen: number[] = [];
    try {
      const r = await worker.run(
        'analyseAif',
        { pgn: PGN, engine: spec, options: { depth: 6, multipv: 2 } },
        { onProgress: (p) => seen.push(p.done) },
      );
      expect(r.games).to.equal(1);
      expect(seen).to.deep.equal([1, 2, 3, 4]);
      const games = parseAif(r.text);
      expect(games[0]!.errors).to.deep.equal([]);
      expect(validateAif(games[0]!.value).errors).to.deep.equal([]);
      const engine = await openEngine(spec);
      try {
        const here = makeAif(await analyseGame(parsePgn(PGN)[0]!.value, engine, { depth: 6, multipv: 2 }));
        expect(r.text).to.equal(here);
      } finally {
        await engine.close();
      }
    } finally {
      worker.terminate();
    }
  });
});
