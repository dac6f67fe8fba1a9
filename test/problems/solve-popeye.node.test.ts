// Popeye's own regression inputs (../shared/data/problems/popeye) that are orthodox #n, h#n and
// s#n: our solutions must equal the ones in Popeye's expected outputs. Problems the reader
// rejects (fairy pieces, conditions, other stipulations, unsupported options) are skipped and
// counted; twinned problems are left to solve.test.ts. Without ../shared, a facts fixture of a
// few of these problems (input and keys) is used.
import { expect } from 'chai';
import { parsePopeye, solve, parseSolveStipulation, type PopeyeProblem } from 'gamenotation/problems';
import { readShared } from '../support/data.js';
import { outputBlocks, keysOf, helpLinesOf } from './solve-popeye-output.js';

const PAIRS: [string, string][] = [
  ['BEISPIEL_castling.inp', 'REGRESSIONTESTS_castling.out'],
  ['BEISPIEL_ep.inp', 'REGRESSIONTESTS_ep.out'],
  ['BEISPIEL_selfref.inp', 'REGRESSIONTESTS_selfref.out'],
  ['TESTS_battle_play.inp', 'REGRESSIONTESTS_battle_play.tst'],
];
// Not here: TESTS_help_play (no orthodox untwinned h#n in it: hep, h00, h##, hr#, hs, postkey) and
// BEISPIEL_intell (h#4–h#9, beyond the lengths solved in a test run, and its output blocks do not
// line up one to one with its problems).

// Lengths solved here (the longer ones take minutes; Popeye's intell file goes to h#9).
const fits = (stip: string) => {
  const s = parseSolveStipulation(stip);
  return !!s && (s.kind === 'help' ? s.plies <= 6 : s.n <= 4);
};

const key = (u: string | string[]) => (Array.isArray(u) ? u.join(' ') : u);

describe('solve: Popeye regression inputs with their expected outputs', () => {
  for (const [input, output] of PAIRS) {
    it(`${input}: every orthodox problem solved as Popeye does`, async () => {
      const inp = await readShared(`problems/popeye/${input}`);
      const out = await readShared(`problems/popeye/${output}`);
      if (inp === null || out === null) {
        const facts = JSON.parse(await (await import('../support/data.js')).readFixture('problems/solve-popeye-facts.json')) as { input: string; stipulation: string; solutions: string[] }[];
        for (const f of facts) {
          const r = solve(f.input);
          expect(r.ok && r.value.parts[0]!.solutions.map((s) => key(s.uci)).sort()).to.deep.equal([...f.solutions].sort());
        }
        return;
      }
      const parsed = parsePopeye(inp);
      const blocks = outputBlocks(out);
      expect(blocks.length, 'one output block per problem').to.equal(parsed.problems.length);
      let compared = 0;
      parsed.problems.forEach((p: PopeyeProblem, i: number) => {
        if (p.errors.length || p.twins.length || !fits(p.stipulation) || p.options.setPlay || p.options.maxSolutions) return;
        const st = parseSolveStipulation(p.stipulation)!;
        const block = blocks[i]!;
        if (/king|illegal|Koenig|nicht/i.test(block.split('\n').slice(-12).join('\n')) && !/!/.test(block)) return;
        const r = solve(p);
        const where = `${input} problem ${i + 1} (${p.title ?? p.author ?? ''} ${p.stipulation})`;
        if (!r.ok) throw new Error(`${where}: ${r.error.code} ${r.error.message}`);
        const got = r.value.parts[0]!.solutions.map((s) => key(s.uci)).sort();
        const expected = (st.kind === 'help' ? helpLinesOf(block, st.half) : keysOf(block)).sort();
        expect(got, where).to.deep.equal(expected);
        compared++;
      });
      expect(compared, `${input}: problems compared`).to.be.greaterThan(0);
      console.log(`${input}: ${compared} of ${parsed.problems.length} problems compared`);
    });
  }
});
