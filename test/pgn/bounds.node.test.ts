import { expect } from 'chai';
import { parsePgn, readPgn } from 'gamenotation/pgn';

// The brief's repro: 50 million errors in one game drove Node out of memory. With the per-game cap
// the heap holds the input and a hundred errors, whatever the input size (a loose bound, no timing).
describe('pgn: bounds (node)', () => {
  it('reads ")" x 50,000,000 with a flat error list', () => {
    const input = ')'.repeat(50_000_000);
    const before = process.memoryUsage().heapUsed;
    const games = parsePgn(input);
    const growth = process.memoryUsage().heapUsed - before;
    expect(games.length).to.equal(1);
    const errors = games[0]!.errors;
    expect(errors.length).to.equal(101);
    expect(errors[100]!.code).to.equal('ERR_TOO_MANY_ERRORS');
    expect(errors[100]!.message).to.match(/^49999900 more error\(s\) not reported \(50000000 in all/);
    // 50 M error objects took gigabytes; the cap leaves the heap about where it was.
    expect(growth).to.be.below(64 << 20);
  });

  it('streams the same input in chunks with the same capped list', async () => {
    const chunk = new TextEncoder().encode(')'.repeat(1 << 20));
    async function* source() {
      for (let i = 0; i < 4; i++) yield chunk;
    }
    const games = [];
    for await (const g of readPgn(source(), { maxErrors: 10 })) games.push(g);
    expect(games.length).to.equal(1);
    expect(games[0]!.errors.length).to.equal(11);
    expect(games[0]!.errors[10]!.message).to.match(
      /^4194294 more error\(s\) not reported \(4194304 in all; maxErrors 10\)/,
    );
  });
});
