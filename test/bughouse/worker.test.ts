import { expect } from 'chai';
import { createWorker, type GameNotationWorker } from 'gamenotation/worker';
import type { Progress } from 'gamenotation';
import { parseBpgn, matchToJson } from 'gamenotation/bughouse';
import { readFixture } from '../support/data.js';

describe('bughouse jobs on the worker', () => {
  let worker: GameNotationWorker;
  before(() => {
    worker = createWorker();
  });
  after(() => worker.terminate());

  it('replayMatch gives the JSON of every match, with progress per match', async () => {
    const text = await readFixture('bughouse/spec-samples.bpgn');
    const seen: Progress[] = [];
    const out = await worker.run('replayMatch', { bpgn: text }, { onProgress: (p: Progress) => void seen.push(p) });
    // The same as in this thread (the replay is deterministic; the worker adds only transport).
    expect(out).to.deep.equal(parseBpgn(text).map((m) => matchToJson(m.value, m.errors)));
    expect(out[0]!.final.A).to.match(/\[/);
    expect(seen.map((p) => p.done)).to.deep.equal([1, 2]);
  });

  it('validateMatch finds an illegal move with its line and column', async () => {
    const bpgn = '[WhiteA "a"][BlackA "b"]\n[WhiteB "c"][BlackB "d"]\n\n1A. e4{10} 1B. d4 1a. Ke2 1b. d5 *\n';
    const seen: Progress[] = [];
    const r = await worker.run('validateMatch', { bpgn }, { onProgress: (p: Progress) => void seen.push(p) });
    expect(r.matches).to.equal(1);
    expect(r.moves).to.equal(4);
    expect(r.errors.map((e) => [e.code, e.line, e.column, e.match])).to.deep.equal([['ERR_SAN_ILLEGAL', 4, 23, 0]]);
    expect(seen).to.have.length(1);
  });
});
