// Issue #25: a gzipped AIF had no cap on what it inflates to (512 MiB of line ends in 0.5 MB was
// read for 24 s and reported clean), and damaged gzip data at the very start escaped as a raw
// exception. Both are typed errors now, in Node and in the browser (CompressionStream).
import { expect } from 'chai';
import type { Parsed } from 'gamenotation';
import { readAif, type AifGame, type AifReadOptions } from 'gamenotation/aif';

/** Gzipped UTF-8 of a text, with the platform's CompressionStream. */
async function gzipText(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function readAll(bytes: Uint8Array, options?: AifReadOptions, chunk = 1 << 16) {
  const parts: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += chunk) parts.push(bytes.subarray(i, i + chunk));
  const items: Parsed<AifGame>[] = [];
  for await (const item of readAif(parts, options)) items.push(item);
  return items;
}

const GAME =
  '[Event "x"]\n[Site "y"]\n[Date "2026.01.01"]\n[Round "1"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. e4 *\n';

describe('AIF: gzip limits', () => {
  it('a gzip bomb (32 MiB of line ends) stops at the ratio limit with ERR_AIF_GZIP_LIMIT', async () => {
    const bomb = await gzipText(GAME + '\n'.repeat(32 << 20));
    expect(bomb.length).to.be.below(100_000);
    const items = await readAll(bomb);
    // (the line ends also make the game longer than maxGameLines: ERR_AIF_GAME_TOO_LARGE)
    const errors = items.flatMap((i) => i.errors).filter((e) => e.code.startsWith('ERR_AIF_GZIP'));
    expect(errors.map((e) => e.code)).to.deep.equal(['ERR_AIF_GZIP_LIMIT']);
    expect(errors[0]!.message).to.match(/^compressed input inflates to more than 200 times its \d+ compressed bytes/);
    expect(errors[0]!.line).to.be.a('number');
    expect(errors[0]!.column).to.equal(1);
    // the game before the limit is read
    expect(items[0]!.value.headers.Event).to.equal('x');
  });

  it('maxInflatedBytes caps what any input inflates to; raising the limits reads it all', async () => {
    const text = GAME.replace('1. e4 *', `1. e4 {${'ab'.repeat(300_000)}} *`);
    const gz = await gzipText(text);
    const capped = await readAll(gz, { maxInflatedBytes: 100_000 });
    // (the game is cut in its comment: the PGN reader reports that too)
    const gz2 = capped.flatMap((i) => i.errors).filter((e) => e.code.startsWith('ERR_AIF_GZIP'));
    expect(gz2.map((e) => [e.code, e.message])).to.deep.equal([
      [
        'ERR_AIF_GZIP_LIMIT',
        'compressed input inflates to more than 100000 bytes (maxInflatedBytes); the rest is not read',
      ],
    ]);
    const whole = await readAll(gz, { maxInflateRatio: 1e9 });
    expect(whole.flatMap((i) => i.errors)).to.deep.equal([]);
  });

  it('damaged gzip data, from the first byte on or after a good start, is ERR_AIF_GZIP with line and column', async () => {
    const damaged = new Uint8Array([0x1f, 0x8b, 0x08, 0x00, ...new Array(1000).fill(0xff)]);
    for (const chunk of [1 << 16, 7]) {
      const items = await readAll(damaged, undefined, chunk);
      expect(items.flatMap((i) => i.errors).map((e) => [e.code, e.line, e.column])).to.deep.equal([
        ['ERR_AIF_GZIP', 1, 1],
      ]);
    }
    const good = await gzipText(GAME.repeat(50));
    const cut = good.subarray(0, good.length - 20);
    const items = await readAll(cut, undefined, 100);
    // the game cut in the middle may have its own errors; the damage is reported once
    expect(
      items
        .flatMap((i) => i.errors)
        .filter((e) => e.code.startsWith('ERR_AIF_GZIP'))
        .map((e) => e.code),
    ).to.deep.equal(['ERR_AIF_GZIP']);
  });
});
