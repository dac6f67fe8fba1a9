// PBN parse → make → parse on generated inputs and on mutations of the corpus (deterministic seeds):
// no exception, and the round trip is the identity on the model (up to what export form cannot
// carry: "?" for missing MTS tags, whitespace in commentary, tabs in `%` lines).
import { expect } from 'chai';
import { makePbn, parsePbn } from 'gamenotation/bridge';
import { isMtsTag } from '../../src/bridge/pbn/tags.js';
import { rng } from '../support/rng.mjs';
import { readFixture, readSharedBytes } from '../support/data.js';
import { comparable, generatePbn, mutatePbn } from './pbn-fuzz-inputs.js';

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');

/** One input through the round trip; returns a description of the failure, or null. */
function roundTrip(input: string): string | null {
  let stage = 'parsePbn';
  try {
    const r = parsePbn(input);
    stage = 'makePbn';
    const out = makePbn(r.value.games);
    stage = 'parsePbn of the export';
    const again = parsePbn(out);
    stage = 'compare';
    expect(comparable(again.value.games, isMtsTag)).to.deep.equal(comparable(r.value.games, isMtsTag));
    expect(makePbn(again.value.games)).to.equal(out);
    return null;
  } catch (e) {
    return `${stage}: ${String((e as Error).message ?? e).slice(0, 300)}`;
  }
}

async function corpusSources(): Promise<string[]> {
  const files = [
    'pbnverifier__correct_20.pbn',
    'pbnverifier__errors_10.pbn',
    'pbnverifier__errors_20.pbn',
    'bridgebots__sample_notes.pbn',
    'ruter__scoretable_totalscoretable.pbn',
    'bc550__lots_of_curlies.pbn',
    'bbo__history_expected.pbn',
    'endplay__sample_dd_notes.pbn',
  ];
  const out: string[] = [];
  for (const f of files) {
    const b = await readSharedBytes(`data/bridge/pbn-corpus/${f}`);
    if (b) out.push(latin1(b.subarray(0, 6000)));
  }
  // without ../shared: our own fixtures
  for (const f of [
    'bridge/own.pbn',
    'bridge/dialects/bbo-dates.pbn',
    'bridge/dialects/stray-text.pbn',
    'bridge/dialects/compact-dates.pbn',
  ])
    out.push(await readFixture(f));
  return out;
}

describe('PBN fuzz: parse → make → parse', () => {
  it('1000 generated inputs (seed 13)', () => {
    const random = rng(13);
    const failures: string[] = [];
    for (let k = 0; k < 1000; k++) {
      const input = generatePbn(random);
      const f = roundTrip(input);
      if (f) failures.push(`#${k} ${f}\n${JSON.stringify(input).slice(0, 400)}`);
    }
    expect(failures.slice(0, 3)).to.deep.equal([]);
  });
  it('1000 mutations of corpus files (seed 1313)', async () => {
    const sources = await corpusSources();
    const random = rng(1313);
    const failures: string[] = [];
    for (let k = 0; k < 1000; k++) {
      const src = sources[Math.floor(random() * sources.length)]!;
      const donor = sources[Math.floor(random() * sources.length)]!;
      const input = mutatePbn(random, src, donor);
      const f = roundTrip(input);
      if (f) failures.push(`#${k} ${f}\n${JSON.stringify(input).slice(0, 400)}`);
    }
    expect(failures.slice(0, 3)).to.deep.equal([]);
  });
  it('the repros of #13 round-trip', () => {
    for (const input of [
      '[Auction "S"]\n+++\n',
      '[ScoreTable "A\\99999999R"]\n1\n',
      '[ScoreTable "A\\999999999R"]\n1\n',
      '[Event "###"]\n\n[Event "#"]\n',
      '[Event "x\ty"]\n',
    ]) {
      expect(roundTrip(input), JSON.stringify(input)).to.equal(null);
    }
  });
});
