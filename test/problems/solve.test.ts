// The solver against Popeye 4.104's solutions and statuses (../shared solve-reference.jsonl, or
// the facts-only fixture copy), plus positions where castling and e.p. decide the key.
import { expect } from 'chai';
import { solve, solveAll, parsePopeye } from 'gamenotation/problems';
import { parseSolveStipulation } from '../../src/problems/solve/solve.js';
import { solverWasm, loadFen, initProblems } from '../../src/problems/solve/wasm.js';
import { readFixture } from '../support/data.js';
import { referenceProblems, type ReferenceProblem } from './support.js';

const isNode = typeof (globalThis as any).process?.versions?.node === 'string';
const key = (u: string | string[]) => (Array.isArray(u) ? u.join(' ') : u);

// In the browser only the quick problems run (the slowest helpmates take seconds).
const SLOW = new Set(['H3-03', 'H3-05', 'D4-01']);

describe('solve: the reference problems (Popeye 4.104)', () => {
  let problems: ReferenceProblem[] = [];
  before(async () => {
    problems = await referenceProblems();
  });

  it('has the reference data', () => {
    expect(problems.length).to.be.at.least(3);
  });

  it('every part: the same solution set, short-solution flag and status as Popeye, and the same FEN', function () {
    let checked = 0;
    for (const problem of problems) {
      if (!isNode && SLOW.has(problem.id)) continue;
      // The intended number of solutions is the record's (a fact of the source, as PBI/XML carry it).
      const result = solve(problem.popeye_input, { intended: problem.parts[0]!.intended_solutions ?? undefined });
      if (!result.ok) throw new Error(`${problem.id}: ${result.error.code} ${result.error.message}`);
      const parts = result.value.parts;
      expect(
        parts.map((p) => p.stipulation),
        problem.id,
      ).to.deep.equal(problem.parts.map((p) => p.stipulation));
      problem.parts.forEach((ref, i) => {
        const got = parts[i]!;
        const where = `${problem.id} part ${i + 1} (${ref.twin_command ?? 'diagram'})`;
        expect(got.fen, where).to.equal(ref.fen);
        expect(got.twinCommand, where).to.equal(ref.twin_command);
        expect(got.solutions.map((s) => key(s.uci)).sort(), where).to.deep.equal(
          ref.solutions.map((s) => key(s.uci)).sort(),
        );
        expect(got.shortSolution, where).to.equal(ref.short_solution_exists);
        expect(got.status, where).to.equal(ref.status);
        checked++;
      });
    }
    expect(checked).to.be.greaterThan(0);
  });

  it('solves the first part from { fen, stipulation } alike', () => {
    for (const problem of problems.filter((p) => !SLOW.has(p.id)).slice(0, 12)) {
      const ref = problem.parts[0]!;
      const r = solve({ fen: ref.fen, stipulation: ref.stipulation, intended: ref.intended_solutions ?? undefined });
      expect(r.ok, problem.id).to.equal(true);
      if (r.ok)
        expect(r.value.parts[0]!.solutions.map((s) => key(s.uci)).sort(), problem.id).to.deep.equal(
          ref.solutions.map((s) => key(s.uci)).sort(),
        );
    }
  });
});

describe('solve: castling and e.p. decide the key', () => {
  // Popeye BEISPIEL/castling.inp (G. Schöpfer 1927): 1.Qa7-f2! threatens 2.0-0#.
  it('#2 whose threat is castling (K and R at home may castle)', () => {
    const r = solve({ fen: '8/Q7/8/8/8/8/8/2k1K2R w K - 0 1', stipulation: '#2' });
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    const part = r.value.parts[0]!;
    expect(part.solutions.map((s) => s.uci)).to.deep.equal(['a7f2']);
    expect(part.solutions[0]!.threats?.map((t) => t.uci)).to.deep.equal(['e1g1']);
    expect(part.text).to.contain('1.Qf2! (2.O-O#)');
  });

  it('the same position from a Popeye input gets its castling right by convention, and NoCastling removes it', () => {
    const base = 'BeginProblem\nPieces White Ke1 Qa7 Rh1 Black Kc1\nStipulation #2\n';
    const r = solve(`${base}EndProblem\n`);
    expect(r.ok && r.value.parts[0]!.fen).to.equal('8/Q7/8/8/8/8/8/2k1K2R w K - 0 1');
    const no = solve(`${base}Option NoCastling h1\nEndProblem\n`);
    expect(no.ok && no.value.parts[0]!.fen).to.equal('8/Q7/8/8/8/8/8/2k1K2R w - - 0 1');
    expect(no.ok && no.value.parts[0]!.solutions.map((s) => s.uci)).to.not.deep.equal(['a7f2']);
  });

  it('e.p. given by the last move decides a #2 (D2-15 from the reference; D2-09 has none)', () => {
    const withEp = solve(
      'BeginProblem\nPieces White Kf5 Rh8 Pe5 Pf6 Ph5 Black Kh6 Pg5 Ph7\nStipulation #2\nOption EnPassant g7g5\nEndProblem\n',
    );
    const without = solve(
      'BeginProblem\nPieces White Kf5 Rh8 Pe5 Pf6 Ph5 Black Kh6 Pg5 Ph7\nStipulation #2\nEndProblem\n',
    );
    expect(withEp.ok && withEp.value.parts[0]!.fen).to.equal('7R/7p/5P1k/4PKpP/8/8/8/8 w - g6 0 1');
    // With the e.p. right: 1.hxg6 e.p. is the key (Väth's test data); without it there is none.
    expect(withEp.ok && withEp.value.parts[0]!.solutions.map((s) => s.uci)).to.deep.equal(['h5g6']);
    expect(without.ok && without.value.parts[0]!.status).to.equal('+');
  });
});

describe('solve: deep direct and self play (#6, s#4, #15, s#4 with tries) as Popeye solves them', () => {
  // Facts from Popeye 4.104 run on these inputs (positions and options of its BEISPIEL files).
  type Fact = {
    source: string;
    input: string;
    keys: string[];
    threats?: Record<string, string[]>;
    tries?: [string, string[]][];
  };
  let facts: Fact[] = [];
  before(async () => {
    facts = JSON.parse(await readFixture('problems/solve-deep-facts.json')) as Fact[];
  });

  it('keys, threats and tries with their refutations', () => {
    expect(facts.length).to.equal(4);
    for (const f of facts) {
      const r = solve(f.input, { tries: !!f.tries });
      if (!r.ok) throw new Error(`${f.source}: ${r.error.code}`);
      const part = r.value.parts[0]!;
      expect(part.solutions.map((s) => key(s.uci)).sort(), f.source).to.deep.equal([...f.keys].sort());
      for (const [k, threats] of Object.entries(f.threats ?? {})) {
        const sol = part.solutions.find((s) => s.uci === k)!;
        expect(sol.threats?.map((t) => key(t.uci)).sort(), `${f.source} threat`).to.deep.equal([...threats].sort());
      }
      if (f.tries)
        expect(
          (part.tries ?? []).map((t) => [t.uci, t.refutations.map((x) => x.uci).sort()]).sort(),
          `${f.source} tries`,
        ).to.deep.equal([...f.tries].sort());
    }
  });
});

describe('solve: the transposition table tells castling and e.p. rights apart', () => {
  // Each pair is one placement with and without a right that decides a #2 (Popeye: 1.Qa7-f2!
  // threatens 0-0#; 1.h5xg6 e.p. is the key). The second position is asked with the first one's
  // entries still in the table: keyed on the placement alone, it would take the first answer.
  const pairs: [string, string][] = [
    ['8/Q7/8/8/8/8/8/2k1K2R w K - 0 1', '8/Q7/8/8/8/8/8/2k1K2R w - - 0 1'],
    ['7R/7p/5P1k/4PKpP/8/8/8/8 w - g6 0 1', '7R/7p/5P1k/4PKpP/8/8/8/8 w - - 0 1'],
  ];
  const mateIn2 = (w: ReturnType<typeof solverWasm>, fen: string) => {
    expect(loadFen(w, fen), fen).to.equal(0);
    return w.mateIn(2) === 1;
  };

  it('#2 with the right, none without, in either order, the table kept between them', async () => {
    await initProblems();
    const w = solverWasm(16);
    w.configure(0, 0, 0, 0, -1, 0, 0);
    w.setLimits(Infinity, Infinity);
    for (const [withRight, without] of pairs) {
      w.ttClear();
      expect(mateIn2(w, withRight), withRight).to.equal(true);
      expect(mateIn2(w, without), without).to.equal(false);
      w.ttClear();
      expect(mateIn2(w, without), without).to.equal(false);
      expect(mateIn2(w, withRight), withRight).to.equal(true);
    }
  });
});

describe('solve: input forms and errors', () => {
  it('reads several problems from one Popeye file, in order', () => {
    const text =
      'BeginProblem\nTitle one\nPieces White Kc3 Qc2 Black Ke1 Pe3\nStipulation #2\nNextProblem\nTitle two\nPieces White Ka1 Qd7 Bd1 Be3 Pd3 Pg3 Black Kf6\nStipulation #2\nEndProblem\n';
    const r = solveAll(text);
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    expect(r.value.map((p) => (p.ok ? p.value.id : p.error.code))).to.deep.equal(['one', 'two']);
    const second = r.value[1]!;
    expect(second.ok && second.value.parts[0]!.status).to.equal('*');
  });

  it('typed errors with line:column for unsupported Popeye input', () => {
    const bad = parsePopeye('BeginProblem\nPieces White Ke1 Black Ke8\nCondition Circe\nStipulation #2\nEndProblem\n');
    expect(bad[0]!.errors[0]).to.include({ code: 'ERR_POPEYE_CONDITION', line: 3, column: 1 });
    const opt = parsePopeye('BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nOption NullMoves\nEndProblem\n');
    expect(opt[0]!.errors[0]).to.include({ code: 'ERR_POPEYE_OPTION', line: 4, column: 8 });
    const piece = parsePopeye('BeginProblem\nPieces White Ke1 Xz9 Black Ke8\nStipulation #2\nEndProblem\n');
    expect(piece[0]!.errors[0]).to.include({ code: 'ERR_POPEYE_PIECE', line: 2, column: 18 });
  });

  it('parsePopeye gives one item per problem; text outside any problem is an item of its own', () => {
    const text =
      'BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nNextProblem\nPieces White Ke1 Xz9 Black Ke8\n' +
      'Stipulation #2\nEndProblem\nStray\n';
    const items = parsePopeye(text);
    expect(items.map((p) => p.errors.map((e) => e.code))).to.deep.equal([
      [],
      ['ERR_POPEYE_PIECE'],
      ['ERR_POPEYE_AFTER_END'],
    ]);
    expect(items[1]!.value.line).to.equal(4);
    expect(items[2]!.errors[0]).to.include({ line: 8, column: 1 });
    // the input as a whole is refused, as Popeye would; without the stray word each problem stands alone
    expect(solveAll(text).ok).to.equal(false);
    const all = solveAll(text.replace('Stray\n', ''), { variations: false });
    expect(all.ok && all.value.map((r) => (r.ok ? 'ok' : r.error.code))).to.deep.equal(['ok', 'ERR_POPEYE_PIECE']);
    expect(parsePopeye('')[0]!.errors[0]!.code).to.equal('ERR_POPEYE_BEGIN');
  });

  it('errors as values: stipulation, position, input', () => {
    const s = solve({ fen: '8/8/8/8/8/8/8/K6k w - - 0 1', stipulation: 'hs#3' });
    expect(!s.ok && s.error.code).to.equal('ERR_SOLVE_STIPULATION');
    // the side not to move in check (Popeye: "the side to play can capture the king")
    const p = solve({ fen: '7k/8/8/8/8/8/8/K6R w - - 0 1', stipulation: '#2' });
    expect(!p.ok && p.error.code).to.equal('ERR_SOLVE_POSITION');
    const i = solve(42 as any);
    expect(!i.ok && i.error.code).to.equal('ERR_SOLVE_INPUT');
    expect(parseSolveStipulation('h#2.5')).to.deep.include({ kind: 'help', plies: 5 });
  });

  it('an aborted signal ends the solve with ERR_SOLVE_ABORTED; progress is reported per key tried', () => {
    const seen: number[] = [];
    const r = solve(
      { fen: '8/3Q4/5k2/8/8/3PB1P1/8/K2B4 w - - 0 1', stipulation: '#2' },
      { onProgress: (p) => seen.push(p.done) },
    );
    expect(r.ok).to.equal(true);
    expect(seen.length).to.be.greaterThan(10);
    const controller = new AbortController();
    controller.abort();
    const a = solve({ fen: '8/3Q4/5k2/8/8/3PB1P1/8/K2B4 w - - 0 1', stipulation: '#2' }, { signal: controller.signal });
    expect(!a.ok && a.error.code).to.equal('ERR_SOLVE_ABORTED');
  });

  it('refuses options out of range with ERR_SOLVE_OPTION: maxSolutions -1 is not "no limit" (issue #25)', () => {
    const problem = { fen: '8/3Q4/5k2/8/8/3PB1P1/8/K2B4 w - - 0 1', stipulation: '#2' };
    // the problem has a solution: with maxSolutions -1 it read as "+" (stopped early) before
    const plain = solve(problem);
    expect(plain.ok && plain.value.parts[0]!.status).to.equal('*');
    const bad: Record<string, unknown>[] = [
      { maxSolutions: -1 },
      { maxSolutions: 0 },
      { maxSolutions: 1.5 },
      { tableMiB: 1e9 },
      { tableMiB: -1 },
      { tableMiB: Number.NaN },
      { maxRefutations: -2 },
      { intended: 0 },
      { maxSolutions: '3' },
    ];
    for (const options of bad) {
      const r = solve(problem, options as never);
      expect(!r.ok && r.error.code, JSON.stringify(options)).to.equal('ERR_SOLVE_OPTION');
      const all = solveAll(
        'BeginProblem\nPieces White Kc3 Qc2 Black Ke1 Pe3\nStipulation #2\nEndProblem\n',
        options as never,
      );
      expect(!all.ok && all.error.code, JSON.stringify(options)).to.equal('ERR_SOLVE_OPTION');
    }
    for (const options of [{ maxSolutions: 1 }, { tableMiB: 0 }, { tableMiB: 16 }, { maxRefutations: 0 }])
      expect(solve(problem, options).ok, JSON.stringify(options)).to.equal(true);
    // two keys (Popeye: Bd1-h5, Bd1-b3): maxSolutions 1 keeps one and warns
    const one = solve(problem, { maxSolutions: 1 });
    expect(one.ok && one.value.parts[0]!.solutions.length).to.equal(1);
    expect(one.ok && one.value.warnings.map((w) => w.code)).to.deep.equal(['ERR_SOLVE_MAX_SOLUTIONS']);
  });

  // Facts from Popeye 4.104's recorded outputs (thomas-maeder/popeye REGRESSIONTESTS/battle_play.tst,
  // "s#1 with tries", and REGRESSIONTESTS/intell.out, Caillaud's h#4, Szachisty 1993).
  it('tries with their refutations (s#1), and set play of a helpmate (h#4), as Popeye records them', () => {
    const s = solve('BeginProblem\nPieces White Ka1 Rc4 Bd3 Pe4 Black Ka3 Pb3\nStipulation s#1\nEndProblem\n', {
      tries: true,
    });
    if (!s.ok) throw new Error(`${s.error.code} ${s.error.message}`);
    const part = s.value.parts[0]!;
    expect(part.solutions.map((x) => x.uci)).to.deep.equal(['d3b1']);
    const tries = Object.fromEntries((part.tries ?? []).map((t) => [t.uci, t.refutations.map((r) => r.uci)]));
    expect(tries).to.deep.equal({
      a1b1: ['b3b2'],
      d3f1: ['b3b2'],
      d3e2: ['b3b2'],
      c4a4: ['a3a4'],
      c4d4: ['b3b2'],
      e4e5: ['b3b2'],
    });

    const input =
      'BeginProblem\nPieces White Kf1 Rh1 Sh3 Black Ka8 Sb7 Sc8 Pf2 Pf3 Ph4\nStipulation h#4\nOption SetPlay\nEndProblem\n';
    const lines = ['c8a7 h1g1 f2g1b h3f4 g1h2 f4d5 h2b8 d5b6'];
    const set = ['h3g1 f2g1r f1f2 g1a1 h1c1 a1a7 c1c8'];
    for (const intelligent of [true, false]) {
      const h = solve(input, { setPlay: true, intelligent });
      if (!h.ok) throw new Error(`${h.error.code} ${h.error.message}`);
      const p = h.value.parts[0]!;
      expect(
        p.solutions.map((x) => key(x.uci)),
        `intelligent ${intelligent}`,
      ).to.deep.equal(lines);
      expect(
        (p.setPlay ?? []).map((x) => key(x.uci)),
        `intelligent ${intelligent}: set play`,
      ).to.deep.equal(set);
    }
  });
});

describe('solve: mutated Popeye input never throws', () => {
  it('300 mutations of a twinned input: parsePopeye and solveAll return values with ERR_ codes', async () => {
    const { rng } = await import('./support.js');
    const random = rng(18);
    const base =
      'BeginProblem\nTitle t\nPieces White Kc4 Rh7 Pf4 Pg4 Pc7 Black Kd6\nStipulation #2\nOption NoBoard Try Defence 1\nTwin Move d6 a6\nTwin Continued Rotate 90\nTwin Mirror a1<-->h1\nTwin Shift a1 b2\nEndProblem\n';
    const alphabet = ' \n#{}abcdhks12345678KQRBSPeh.+-<>';
    for (let i = 0; i < 300; i++) {
      const chars = [...base];
      for (let k = 0; k < 1 + Math.floor(random() * 4); k++) {
        const at = Math.floor(random() * chars.length);
        const op = random();
        if (op < 0.4) chars.splice(at, 1);
        else if (op < 0.8) chars.splice(at, 0, alphabet[Math.floor(random() * alphabet.length)]!);
        else chars[at] = alphabet[Math.floor(random() * alphabet.length)]!;
      }
      const text = chars.join('');
      const parsed = parsePopeye(text);
      for (const e of parsed.flatMap((p) => [...p.errors, ...p.warnings])) {
        expect(e.code).to.match(/^ERR_/);
        expect(e.line).to.be.a('number');
      }
      const all = solveAll(text, { variations: false, threats: false });
      if (all.ok) for (const r of all.value) if (!r.ok) expect(r.error.code).to.match(/^ERR_/);
    }
  });
});
