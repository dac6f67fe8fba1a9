import { expect } from 'chai';
import { makeBpgn, parseBfen, makeBfen, parseBpgn } from 'gamenotation/bughouse';
import { xorshift } from '../support/rng.mjs';
import { readFixture, readShared } from '../support/data.js';

const ALPHABET = ' \n{}[]()"$.#+=@~|/-*12345678abcdefghKQRBNPkqrbnpABxO0;%\\';

/** Random edits of a text: delete, insert or replace a few characters, or cut it. */
function mutate(text: string, rand: () => number): string {
  let s = text;
  const edits = 1 + Math.floor(rand() * 4);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(rand() * (s.length + 1));
    const kind = rand();
    const ch = ALPHABET[Math.floor(rand() * ALPHABET.length)]!;
    if (kind < 0.35) s = s.slice(0, at) + s.slice(at + 1 + Math.floor(rand() * 8));
    else if (kind < 0.7) s = s.slice(0, at) + ch + s.slice(at);
    else if (kind < 0.95) s = s.slice(0, at) + ch + s.slice(at + 1);
    else s = s.slice(0, at);
  }
  return s;
}

describe('BPGN and BFEN fuzzing', () => {
  it('mutated BPGN: no exception, typed located errors, export a fixed point', async () => {
    const bases = [await readFixture('bughouse/spec-samples.bpgn')];
    const real = await readShared('bughouse/bpgn/pychess-variants_1934587.bpgn');
    if (real) bases.push(real);
    const rand = xorshift(20261124);
    let withErrors = 0;
    for (let i = 0; i < 400; i++) {
      const text = mutate(bases[i % bases.length]!, rand);
      const matches = parseBpgn(text);
      for (const m of matches) {
        for (const e of [...m.errors, ...m.warnings]) {
          expect(e.code).to.match(/^ERR_[A-Z_]+$/);
          expect(e.message.length).to.be.greaterThan(0);
        }
        for (const e of m.errors) if (e.line !== undefined) expect(e.line).to.be.at.least(1);
        if (m.errors.length) withErrors++;
        const out = makeBpgn(m.value);
        const again = parseBpgn(out);
        expect(again.length, text).to.be.at.least(1);
        expect(makeBpgn(again[0]!.value), text).to.equal(out);
      }
    }
    expect(withErrors).to.be.greaterThan(10);
  });

  it('mutated BFEN: a typed error or a BFEN that writes back to itself', () => {
    const base =
      'r1b1k1nr/ppp1qpPp/2n5/1B1p1n1N/3P4/2P5/P1P1QPnP/R1BK2NR/PPBpp b kq - 142 164 | 2Nrkb1r/pPpbqppp/2p5/8/3N4/2P1B3/P1P1QPpP/R3K2R/Ppb w KQk - 142 163';
    const rand = xorshift(7);
    let good = 0;
    for (let i = 0; i < 500; i++) {
      const text = mutate(base, rand);
      const r = parseBfen(text);
      if (!r.ok) {
        expect(r.error.code).to.match(/^ERR_BFEN_[A-Z_]+$/);
        continue;
      }
      good++;
      const written = makeBfen(r.value);
      const back = parseBfen(written);
      expect(back.ok, written).to.equal(true);
      if (back.ok) expect(makeBfen(back.value)).to.equal(written);
    }
    expect(good).to.be.greaterThan(5);
  });
});
