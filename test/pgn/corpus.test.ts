import { expect } from 'chai';
import { makePgn, parsePgn, readPgn, type PgnGame, type PgnNode } from 'gamenotation/pgn';
import { corpusInUse } from './corpus-list.js';

export function countMoves(line: PgnNode[]): number {
  let n = 0;
  const stack = [line];
  while (stack.length) {
    const l = stack.pop()!;
    n += l.length;
    for (const node of l) if (node.variations) stack.push(...node.variations);
  }
  return n;
}

const STR: Record<string, string> = { Event: '?', Site: '?', Date: '????.??.??', Round: '?', White: '?', Black: '?' };

/** The tree as it must survive export: the seven tag roster gets its defaults, Result = result. */
export function comparable(g: PgnGame) {
  return { headers: { ...STR, ...g.headers, Result: g.result }, root: g.root, moves: g.moves, result: g.result };
}

const decoder = new TextDecoder();

const corpus = await corpusInUse();

describe(`pgn: every file of the ${corpus.source} corpus`, () => {
  for (const [file, games, mainMoves, allMoves, errors] of corpus.entries) {
    it(file, async () => {
      const bytes = await corpus.read(file);
      const text = decoder.decode(bytes);
      const parsed = parsePgn(text);
      expect(parsed.length).to.equal(games);
      expect(parsed.reduce((a, g) => a + g.value.moves.length, 0)).to.equal(mainMoves);
      expect(parsed.reduce((a, g) => a + countMoves(g.value.moves), 0)).to.equal(allMoves);
      expect(parsed.flatMap((g) => g.errors.map((e) => `${e.line}:${e.column} ${e.code}`))).to.deep.equal(errors);

      // parse → export → parse gives equal trees; export is idempotent.
      const exported = parsed.map((g) => makePgn(g.value)).join('');
      const again = parsePgn(exported);
      expect(again.length).to.equal(games);
      for (let i = 0; i < games; i++)
        expect(comparable(again[i]!.value), `game ${i + 1}`).to.deep.equal(comparable(parsed[i]!.value));
      expect(again.map((g) => makePgn(g.value)).join('')).to.equal(exported);
      // Export format: no line of 80 characters or more except long tag pairs.
      for (const line of exported.split('\n')) if (!line.startsWith('[')) expect(line.length).to.be.below(80);

      // The streaming reader (from bytes, in small chunks) gives the same games, errors and warnings.
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += 4099) chunks.push(bytes.subarray(i, i + 4099));
      let n = 0;
      for await (const g of readPgn(chunks)) {
        if (JSON.stringify(g) !== JSON.stringify(parsed[n]))
          expect(g, `streamed game ${n + 1}`).to.deep.equal(parsed[n]);
        n++;
      }
      expect(n).to.equal(games);
    });
  }
});
