// `gamenotation solve` as a user runs it (the built dist/cli.js): text, --json in the reference's
// shape, a FEN with --stip, and --set-status writing PBI status letters back.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = (...args: string[]) => {
  const r = spawnSync(process.execPath, [join(root, 'dist/cli.js'), ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const dir = mkdtempSync(join(tmpdir(), 'gn-solve-'));

// D2-11 of the reference set (T. Kardos 1964, three twins; Popeye: c8=R, c8=N, c8=Q) and H2-01.
const INP =
  'BeginProblem\nTitle D2-11\nPieces White Kc4 Rh7 Pf4 Pg4 Pc7 Black Kd6\nStipulation #2\nTwin Move d6 a6\nTwin Move d6 f6\nEndProblem\n';

describe('CLI: solve', () => {
  it('a Popeye file as text and as --json', () => {
    const file = join(dir, 'd211.inp');
    writeFileSync(file, INP);
    const text = cli('solve', file);
    expect(text.code).to.equal(0);
    expect(text.out).to.contain('1.c8=R!').and.to.contain('1.c8=N! (2.Ra7#)');
    const json = JSON.parse(cli('solve', file, '--json').out);
    expect(json).to.deep.equal([
      {
        id: 'D2-11',
        stipulation: '#2',
        parts: [
          { twin: 'a', stipulation: '#2', status: '!', solutions: [{ uci: 'c7c8r', san: 'c8=R' }] },
          { twin: 'b', stipulation: '#2', status: '!', solutions: [{ uci: 'c7c8n', san: 'c8=N' }] },
          { twin: 'c', stipulation: '#2', status: '!', solutions: [{ uci: 'c7c8q', san: 'c8=Q' }] },
        ],
      },
    ]);
  });

  it('a FEN with --stip; a FEN without it is a usage error', () => {
    const r = cli('solve', '8/3P4/pn6/k7/p7/8/1p1K4/8 b - - 0 1', '--stip', 'h#2', '--json');
    expect(r.code).to.equal(0);
    expect(JSON.parse(r.out)[0].parts[0].solutions.length).to.equal(2);
    expect(cli('solve', '8/3P4/pn6/k7/p7/8/1p1K4/8 b - - 0 1').code).to.equal(2);
  });

  it('--popeye writes the Popeye input of a FEN (castling by convention, e.p. as the double step)', () => {
    const r = cli('solve', '3Q4/3Pp2N/6Pp/3PKpP1/4P1Pk/5B1p/4PP2/2B4R w - f6 0 1', '--stip', '#2', '--popeye');
    expect(r.code).to.equal(0);
    expect(r.out).to.equal(
      'BeginProblem\nPieces White Qd8 Pd7 Sh7 Pg6 Pd5 Ke5 Pg5 Pe4 Pg4 Bf3 Pe2 Pf2 Bc1 Rh1 Black Pe7 Ph6 Pf5 Kh4 Ph3\nStipulation #2\nOption NoBoard EnPassant f7f5\nEndProblem\n',
    );
  });

  it('--set-status writes the status letters into a PBI file', () => {
    const file = join(dir, 'two.pbi');
    // D2-01 (two keys: cooked) and D2-09 (no solution without the e.p. right).
    writeFileSync(
      file,
      '#PBI 1.2\nVäth:8/3Q4/5k2/8/8/3PB1P1/8/K2B4:#2::::::\nVäth:7R/7p/5P1k/4PKpP/8/8/8/8:#2::::::\n',
    );
    const r = cli('solve', file, '--set-status');
    expect(r.code).to.equal(0);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines[1]!.split(':')[7]).to.equal('*');
    expect(lines[2]!.split(':')[7]).to.equal('+');
  });

  it('--max-nodes and --timeout stop a long solve with exit 1, the code and what was proven; --no-intelligent', () => {
    // a #20 with no short mate: unbounded, it would run for hours
    const fen = 'r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2';
    const nodes = cli('solve', fen, '--stip', '#20', '--max-nodes', '20000');
    expect(nodes.code).to.equal(1);
    expect(nodes.err).to.match(/ERR_SOLVE_NODES node limit of 20000 reached: no solution within [0-9]+ moves/);
    const time = cli('solve', fen, '--stip', '#20', '--timeout', '1');
    expect(time.code).to.equal(1);
    expect(time.err).to.contain('ERR_SOLVE_TIMEOUT time limit of 1000 ms reached');
    expect(cli('solve', fen, '--stip', '#2', '--timeout', 'soon').code).to.equal(2);
    // Caillaud's h#4 (Popeye's REGRESSIONTESTS/intell.out): the same line with and without intelligent mode
    const h4 = join(dir, 'h4.inp');
    writeFileSync(
      h4,
      'BeginProblem\nPieces White Kf1 Rh1 Sh3 Black Ka8 Sb7 Sc8 Pf2 Pf3 Ph4\nStipulation h#4\nEndProblem\n',
    );
    for (const args of [[], ['--no-intelligent']]) {
      const r = cli('solve', h4, '--json', ...args);
      expect(r.code, args.join(' ')).to.equal(0);
      expect(JSON.parse(r.out)[0].parts[0].solutions.map((s: { uci: string[] }) => s.uci.join(' '))).to.deep.equal([
        'c8a7 h1g1 f2g1b h3f4 g1h2 f4d5 h2b8 d5b6',
      ]);
    }
  });

  it('errors in the input: file:line:col CODE, exit 1', () => {
    const file = join(dir, 'bad.inp');
    writeFileSync(file, 'BeginProblem\nPieces White Ke1 Black Ke8\nCondition Circe\nStipulation #2\nEndProblem\n');
    const r = cli('solve', file);
    expect(r.code).to.equal(1);
    expect(r.err).to.contain(':3:1 ERR_POPEYE_CONDITION');
  });

  describe('--jobs N: a collection on N worker threads, output in input order', () => {
    // The reference problems (Popeye 4.104's solutions beside each) as one Popeye file, with a
    // problem the reader refuses in the middle: it fails in its place and the others are solved.
    const records = readFileSync(join(root, 'test/fixtures/problems/solve-reference-mini.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as { id: string; popeye_input: string; parts: { solutions: { uci: string | string[] }[] }[] },
      );
    const bodies = records.map((r) =>
      r.popeye_input.replace(/^BeginProblem\n/, `Title ${r.id}\n`).replace(/EndProblem\n$/, ''),
    );
    bodies.splice(3, 0, 'Pieces White Ke1 Black Ke8\nCondition Circe\nStipulation #2\n');
    const collection = join(dir, 'collection.inp');
    writeFileSync(collection, `BeginProblem\n${bodies.join('NextProblem\n')}EndProblem\n`);
    const sample = join(root, 'examples/data/sample.pbi');
    const xml = join(root, 'examples/data/sample-problem.xml');

    it('--jobs 2 and 3 print the same bytes as --jobs 1 (text and --json), errors in place', () => {
      for (const file of [collection, sample, xml])
        for (const json of [[], ['--json']]) {
          const one = cli('solve', file, ...json, '--jobs', '1');
          // three threads for the text of the collection (more threads than the sample files need)
          for (const n of file === collection && !json.length ? ['2', '3'] : ['2']) {
            const many = cli('solve', file, ...json, '--jobs', n);
            expect(many.out, `${file} ${json} --jobs ${n}`).to.equal(one.out);
            expect(many.err, `${file} ${json} --jobs ${n}`).to.equal(one.err);
            expect(many.code).to.equal(one.code);
          }
        }
      const r = cli('solve', collection, '--json', '--jobs', '2');
      expect(r.code).to.equal(1);
      expect(r.err).to.match(/collection\.inp problem 4:\d+:1 ERR_POPEYE_CONDITION/);
      const solved = JSON.parse(r.out) as { id: string; parts: { solutions: { uci: string | string[] }[] }[] }[];
      expect(solved.map((p) => p.id)).to.deep.equal(records.map((x) => x.id));
      const key = (u: string | string[]) => (Array.isArray(u) ? u.join(' ') : u);
      solved.forEach((p, i) =>
        p.parts.forEach((part, j) =>
          expect(part.solutions.map((s) => key(s.uci)).sort(), `${p.id} part ${j}`).to.deep.equal(
            records[i]!.parts[j]!.solutions.map((s) => key(s.uci)).sort(),
          ),
        ),
      );
    });

    it('--set-status with --jobs 2 writes the same letters; --jobs with --queue or below 1 is a usage error', () => {
      const file = join(dir, 'jobs.pbi');
      const text = '#PBI 1.2\nVäth:8/3Q4/5k2/8/8/3PB1P1/8/K2B4:#2::::::\nVäth:7R/7p/5P1k/4PKpP/8/8/8/8:#2::::::\n';
      writeFileSync(file, text);
      expect(cli('solve', file, '--set-status', '--jobs', '2').code).to.equal(0);
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      expect(lines.slice(1).map((l) => l.split(':')[7])).to.deep.equal(['*', '+']);
      expect(cli('solve', file, '--jobs', '0').code).to.equal(2);
      expect(cli('solve', file, '--jobs', '2', '--queue', 'redis://127.0.0.1:1').code).to.equal(2);
    });
  });
});
