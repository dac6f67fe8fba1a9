// solve() on PBI records and problem XML made from the reference problems (position and
// stipulation only): the same solutions and statuses as Popeye's.
import { expect } from 'chai';
import { solve, parsePbi, pbiToXml, makeProblemXml, parseProblemXml, parseForsyth } from 'gamenotation/problems';
import { makeForsyth } from '../../src/problems/board.js';
import { referenceProblems, type ReferenceProblem } from './support.js';

const key = (u: string | string[]) => (Array.isArray(u) ? u.join(' ') : u);
const SLOW = new Set(['H3-03', 'H3-05', 'D4-01']);

describe('solve: PBI and problem XML inputs', () => {
  let problems: ReferenceProblem[] = [];
  let pbiText = '';
  before(async () => {
    // Untwinned problems without an e.p. right (PBI has no field for it), as PBI lines.
    problems = (await referenceProblems()).filter(
      (p) => p.parts.length === 1 && !SLOW.has(p.id) && p.fen.split(' ')[3] === '-',
    );
    const lines = problems.map(
      (p) =>
        `${p.author}:${makeForsyth(parseForsyth(p.fen.split(' ')[0]!, { allowN: true }).value.board, 'S')}:${p.stipulation}::::::`,
    );
    pbiText = `#PBI 1.2\n${lines.join('\n')}\n`;
  });

  it("PBI records: solutions and status letters equal Popeye's", () => {
    // Without ../shared the fixture's untwinned problems (D2-01, H2-01, S2-01) are the ones here.
    expect(problems.length).to.be.at.least(3);
    const doc = parsePbi(pbiText);
    expect(doc.errors).to.deep.equal([]);
    expect(doc.value.problems.length).to.equal(problems.length);
    doc.value.problems.forEach((rec, i) => {
      const ref = problems[i]!.parts[0]!;
      const r = solve(rec, { intended: ref.intended_solutions ?? undefined });
      if (!r.ok) throw new Error(`${problems[i]!.id}: ${r.error.code} ${r.error.message}`);
      expect(r.value.parts[0]!.fen, problems[i]!.id).to.equal(ref.fen);
      expect(r.value.parts[0]!.solutions.map((s) => key(s.uci)).sort(), problems[i]!.id).to.deep.equal(
        ref.solutions.map((s) => key(s.uci)).sort(),
      );
      expect(r.value.parts[0]!.status, problems[i]!.id).to.equal(ref.status);
    });
  });

  it('the same problems as problem XML (PBI → XML → text → read back)', () => {
    const xml = makeProblemXml(pbiToXml(parsePbi(pbiText).value).value);
    const read = parseProblemXml(xml);
    expect(read.errors).to.deep.equal([]);
    expect(read.value!.problems.length).to.equal(problems.length).and.to.be.at.least(3);
    read.value!.problems.forEach((problem, i) => {
      const ref = problems[i]!.parts[0]!;
      const r = solve(problem);
      if (!r.ok) throw new Error(`${problems[i]!.id}: ${r.error.code} ${r.error.message}`);
      expect(r.value.parts[0]!.solutions.map((s) => key(s.uci)).sort(), problems[i]!.id).to.deep.equal(
        ref.solutions.map((s) => key(s.uci)).sort(),
      );
    });
  });
});

describe('solve: a FEN written as Popeye input', () => {
  it("fenToPopeye → parsePopeye → solve gives the same position and Popeye's solutions (castling and e.p. included)", async () => {
    const { fenToPopeye } = await import('gamenotation/problems');
    const all = (await referenceProblems()).filter((p) => !SLOW.has(p.id));
    expect(all.length).to.be.at.least(3);
    for (const problem of all) {
      const ref = problem.parts[0]!;
      const text = fenToPopeye(ref.fen, ref.stipulation, problem.id);
      if (!text.ok) throw new Error(text.error.message);
      const r = solve(text.value, { intended: ref.intended_solutions ?? undefined });
      if (!r.ok) throw new Error(`${problem.id}: ${r.error.code} ${r.error.message}`);
      expect(r.value.parts[0]!.fen, problem.id).to.equal(ref.fen);
      expect(r.value.parts[0]!.solutions.map((s) => key(s.uci)).sort(), problem.id).to.deep.equal(
        ref.solutions.map((s) => key(s.uci)).sort(),
      );
    }
  });
});
