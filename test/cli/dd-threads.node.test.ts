// `dd --threads N` solves the boards of a PBN file on the worker pool; the tables must be DDS's
// (../shared/data/bridge/dd-reference.jsonl, or the fixture copied from it) and in file order,
// whatever the number of threads, and a bad board fails alone.
import { expect } from 'chai';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readShared } from '../support/data.js';
import { cli, root, tempDir } from './support.js';

interface Reference {
  board: number;
  deal: string;
  dd: Record<string, Record<string, number>>;
}

async function references(n: number): Promise<Reference[]> {
  const shared = await readShared('bridge/dd-reference.jsonl');
  if (shared)
    return shared
      .trim()
      .split('\n')
      .slice(0, n)
      .map((l) => JSON.parse(l) as Reference);
  const fixture = JSON.parse(readFileSync(join(root, 'test/fixtures/bridge/dd-fixture.json'), 'utf8')) as {
    tables: Reference[];
  };
  return fixture.tables.slice(0, n);
}

const pbnOf = (deals: Reference[]) =>
  deals.map((r, i) => `[Board "${i + 1}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "${r.deal}"]\n\n`).join('');

describe('dd --threads on the worker pool', () => {
  it('tables equal the DDS reference, in order, for 1 and 2 threads', async () => {
    const refs = await references(5);
    expect(refs.length).to.be.greaterThan(2);
    const file = join(tempDir('cli-dd'), 'deals.pbn');
    writeFileSync(file, pbnOf(refs));
    for (const threads of ['1', '2']) {
      const r = cli(['dd', file, '--json', '--threads', threads]);
      expect(r.code, r.err).to.equal(0);
      const lines = r.out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { deal: string; dd: Reference['dd'] });
      expect(
        lines.map((l) => l.deal),
        `--threads ${threads}`,
      ).to.deep.equal(refs.map((x) => x.deal));
      for (const [i, line] of lines.entries())
        expect(line.dd, `board ${i + 1}, --threads ${threads}`).to.deep.equal(refs[i]!.dd);
    }
  });

  it('a bad board fails alone: the others are solved, exit 1', async () => {
    const refs = await references(3);
    const file = join(tempDir('cli-dd-bad'), 'deals.pbn');
    // Board 2 has a card twice (N and E both hold the spade ace).
    const bad = { ...refs[1]!, deal: 'N:A.AKQJT98765432.. A.... .... ....' };
    writeFileSync(file, pbnOf([refs[0]!, bad, refs[2]!]));
    const r = cli(['dd', file, '--json', '--threads', '2']);
    expect(r.code).to.equal(1);
    const solved = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { deal: string; dd: Reference['dd'] });
    expect(solved.map((s) => s.dd)).to.deep.equal([refs[0]!.dd, refs[2]!.dd]);
    expect(r.err).to.match(/deals\.pbn:\d+:\d+ ERR_PBN_DEAL/);
  });
});
