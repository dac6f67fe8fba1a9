// Every position reached by playing the real games of ../shared/data/chess/pgn must validate (no
// false ERR_POS_* such as impossible checks), and every SAN written by makeSan must resolve back.
// Movetext is extracted crudely here (the PGN reader has its own tests); games whose text this
// extraction cannot follow stop early and are counted.
import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  makeSan,
  parseSan,
  Position,
  validateSetup,
  type DropMove,
  type Move,
  type NormalMove,
  type Variant,
} from 'gamenotation/chess';

const FALLBACK =
  '[Event "Fischer - Spassky 1992"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6 23. Ne5 Rae8 24. Bxf7+ Rxf7 25. Nxf7 Rxe1+ 26. Qxe1 Kxf7 27. Qe3 Qg5 28. Qxg5 hxg5 29. b3 Ke6 30. a3 Kd6 1/2-1/2\n';

const sameMove = (a: Move, b: Move) =>
  a.to === b.to &&
  (a as NormalMove).from === (b as NormalMove).from &&
  (a as NormalMove).promotion === (b as NormalMove).promotion &&
  (a as DropMove).role === (b as DropMove).role;

function pgnTexts(): string[] {
  const shared = process.env.GAMENOTATION_SHARED;
  // Without ../shared: the corpus files kept in test/fixtures/pgn/ and one more game.
  const fromShared = !!shared && existsSync(join(shared, 'data/chess/pgn'));
  const root = fromShared ? join(shared!, 'data/chess/pgn') : new URL('../fixtures/pgn', import.meta.url).pathname;
  const out: string[] = fromShared ? [] : [FALLBACK];
  for (const dir of readdirSync(root)) {
    const d = join(root, dir);
    if (!existsSync(d) || !statSync(d).isDirectory()) continue;
    for (const f of readdirSync(d)) if (f.endsWith('.pgn')) out.push(readFileSync(join(d, f), 'latin1'));
  }
  return out;
}

describe('real games', () => {
  it('every reached position validates; SAN round-trips on the way', () => {
    let games = 0,
      moves = 0,
      stopped = 0;
    const failures: string[] = [];
    for (const text of pgnTexts()) {
      for (const g of text.split(/\r?\n(?=\[Event )/)) {
        const tags = Object.fromEntries([...g.matchAll(/\[(\w+)\s+"([^"]*)"\]/g)].map((m) => [m[1], m[2]]));
        if (tags.Variant && !/crazyhouse|960|chess|standard|from position/i.test(tags.Variant)) continue;
        const variant: Variant = /crazyhouse/i.test(tags.Variant ?? '') ? 'crazyhouse' : 'chess';
        let body = g
          .replace(/\[[^\]]*\]/g, ' ')
          .replace(/\{[^}]*\}/g, ' ')
          .replace(/;[^\n]*/g, ' ');
        for (let prev = ''; prev !== body;) {
          prev = body;
          body = body.replace(/\([^()]*\)/g, ' ');
        }
        const tokens = body
          .split(/\s+/)
          .map((t) => t.replace(/^\d+\.+/, ''))
          .filter((t) => t && !/^\$\d+$/.test(t) && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t));
        const start = tags.FEN
          ? Position.fromFen(tags.FEN, { variant, chess960: true, lenient: true })
          : { ok: true as const, value: Position.initial(variant) };
        if (!start.ok) continue;
        const pos = start.value;
        games++;
        for (const san of tokens) {
          const r = parseSan(pos, san);
          if (!r.ok) {
            stopped++;
            break;
          }
          const strict = makeSan(pos, r.value);
          const back = parseSan(pos, strict);
          if (!back.ok || !sameMove(back.value, r.value)) failures.push(`${pos.fen()} ${san} → ${strict}`);
          pos.play(r.value);
          // Validation through the position's FEN (every 16th position also through toSetup()).
          const fen = pos.fen();
          const checked = Position.fromFenAll(fen, { variant, chess960: true });
          if (!checked.ok) failures.push(`${fen} after ${san}: ${checked.error.map((e) => e.code).join(',')}`);
          if ((moves & 15) === 0 && validateSetup(pos.toSetup(), variant).errors.length)
            failures.push(`${fen} after ${san}: setup`);
          moves++;
        }
      }
    }
    expect(failures.slice(0, 10)).to.deep.equal([]);
    expect(games).to.be.greaterThan(0);
    expect(moves).to.be.greaterThan(games * 20);
    expect(stopped).to.be.lessThan(Math.max(10, games / 100));
  });
});
