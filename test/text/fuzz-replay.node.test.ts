import { expect } from 'chai';
import * as aif from 'gamenotation/aif';
import * as bridge from 'gamenotation/bridge';
import * as bughouse from 'gamenotation/bughouse';
import * as chess from 'gamenotation/chess';
import * as pgn from 'gamenotation/pgn';
import * as problems from 'gamenotation/problems';
// The internal text layer, as scripts/fuzz/run.mjs gives it to the targets.
import * as text from '../../src/text/index.js';
// @ts-ignore plain ESM modules of the fuzz harness (`npm run fuzz`, see docs/fuzz.md)
import { readFixtures } from '../../scripts/fuzz/fixtures.mjs';
// @ts-ignore the target registry is a plain ESM module too
import { targets } from '../../scripts/fuzz/targets.mjs';

const lib = { aif, bridge, bughouse, chess, pgn, problems, text };

// Every saved fuzz input (seeds and the crashers `npm run fuzz` found, test/fixtures/fuzz/<format>/)
// goes through its format's check again: no exception, typed errors, round-trip identity.
describe('fuzz: saved inputs replay', () => {
  for (const target of targets as {
    name: string;
    check(lib: unknown, input: unknown, r: null): Promise<string | null>;
  }[]) {
    it(`${target.name}: every file of test/fixtures/fuzz/${target.name}/`, async () => {
      const files = readFixtures(target.name) as { file: string; input: string | Uint8Array }[];
      expect(files.length, 'seeds are saved').to.be.greaterThan(0);
      const failures: string[] = [];
      for (const { file, input } of files) {
        let problem: string | null;
        try {
          problem = await target.check(lib, input, null);
        } catch (e) {
          problem = `threw: ${(e as Error).stack}`;
        }
        if (problem) failures.push(`${file}: ${problem.slice(0, 500)}`);
      }
      expect(failures).to.deep.equal([]);
    });
  }
});
