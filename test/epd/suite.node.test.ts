// Engine test suites with Debian's stockfish: a mate-in-2 suite whose keys Popeye gives (the #2
// problems of ../shared's solve reference) is solved in full, and not at all when the same keys
// are `am`; two engines give the answers one gives; the worker job gives the API's result; STS
// points and aborts on a scripted engine; `gamenotation epd-test` (--json shape, --jobs, exit codes).
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseEpdSuite, makeEpd, parseEpd, type EpdRecord } from 'gamenotation/epd';
import { MockTransport, mockHandshake, openEngine, type UciEngine } from 'gamenotation/engine';
import { initChess } from 'gamenotation/chess';
import { createWorker } from 'gamenotation/worker';
import { cli, cliPath, engineEnv, tempDir } from '../cli/support.js';
import { readFixture, readShared } from '../support/data.js';

const STOCKFISH = ['/usr/games/stockfish', '/usr/bin/stockfish'].find((p) => existsSync(p));
const dir = tempDir('epd-suite');
const LIMIT = { nodes: 1_000_000 };

/** The #2 problems with a key, from the solve reference (Popeye's keys), as EPD with the keys as bm. */
async function mateInTwo(): Promise<string> {
  const jsonl = await readShared('problems/solve-reference.jsonl');
  if (!jsonl) return readFixture('epd/mate2.epd');
  const lines: string[] = [];
  for (const line of jsonl.split('\n').filter(Boolean)) {
    const p = JSON.parse(line) as {
      id: string;
      stipulation: string;
      parts: { fen: string; solutions: { uci: string }[] }[];
    };
    if (p.stipulation !== '#2') continue;
    p.parts.forEach((part, i) => {
      if (!part.solutions.length) return;
      const id = p.parts.length === 1 ? p.id : `${p.id}${String.fromCharCode(97 + i)}`;
      const keys = part.solutions.map((s) => s.uci).join(' ');
      lines.push(`${part.fen.split(' ').slice(0, 4).join(' ')} bm ${keys}; id "${id}";`);
    });
  }
  return `${lines.join('\n')}\n`;
}

const suiteOf = (text: string): EpdRecord[] => parseEpd(text).map((i) => i.value);

describe('epd: engine test suites with Debian stockfish', () => {
  let text = '';
  let engines: UciEngine[] = [];
  before(async () => {
    await initChess();
    if (!STOCKFISH) throw new Error('Debian stockfish is needed: apt-get install stockfish');
    text = await mateInTwo();
    engines = await Promise.all(
      [0, 1].map(() => openEngine({ kind: 'native', path: STOCKFISH, options: { Threads: 1, Hash: 16 } })),
    );
  });
  after(async () => {
    await Promise.all(engines.map((e) => e.close()));
  });

  it('the fixture is the suite the shared reference gives (positions and Popeye keys)', async () => {
    const fixture = await readFixture('epd/mate2.epd');
    expect(suiteOf(text).map((r) => [r.position, r.operations.bm, r.operations.id])).to.deep.equal(
      suiteOf(fixture).map((r) => [r.position, r.operations.bm, r.operations.id]),
    );
  });

  it('solves every mate in 2, and none when the same keys are am', async () => {
    const suite = suiteOf(text);
    expect(suite.length).to.be.greaterThan(8);
    const r = await analyseEpdSuite(suite, engines[0]!, LIMIT);
    expect(r.total).to.equal(suite.length);
    expect(r.solved, JSON.stringify(r.positions.filter((p) => !p.ok))).to.equal(suite.length);
    // Every answer is a key and a mate in 2 by the engine's own score.
    for (const p of r.positions) expect(p.score).to.deep.equal({ mate: 2 });
    const avoid = suiteOf(text.replace(/ bm /g, ' am '));
    const a = await analyseEpdSuite(avoid, engines[0]!, LIMIT);
    expect(a.solved).to.equal(0);
    expect(a.positions.map((p) => p.move)).to.deep.equal(r.positions.map((p) => p.move));
  });

  it('two engines give the answers one gives, in the suite order, with progress per position', async () => {
    const suite = suiteOf(text);
    const one = await analyseEpdSuite(suite, engines[0]!, LIMIT);
    const seen: number[] = [];
    const two = await analyseEpdSuite(suite, engines, LIMIT, { onProgress: (p) => seen.push(p.done) });
    expect(two).to.deep.equal(one);
    expect(seen).to.deep.equal(suite.map((_, i) => i + 1));
  });

  it('the analyseEpdSuite worker job gives the API result', async () => {
    const worker = createWorker();
    const seen: number[] = [];
    try {
      const r = await worker.run(
        'analyseEpdSuite',
        { epd: text, engine: { kind: 'native', path: STOCKFISH, options: { Threads: 1, Hash: 16 } }, limit: LIMIT },
        { onProgress: (p) => seen.push(p.done) },
      );
      expect(r).to.deep.equal(await analyseEpdSuite(suiteOf(text), engines[0]!, LIMIT));
      expect(seen.at(-1)).to.equal(r.total);
    } finally {
      worker.terminate();
    }
  });

  it('gamenotation epd-test: the --json shape, --jobs 2 the same, 0 solved with am, exit 2 on a bad limit', () => {
    const suite = join(dir, 'mate2.epd');
    writeFileSync(suite, text);
    const avoid = join(dir, 'mate2-am.epd');
    writeFileSync(avoid, text.replace(/ bm /g, ' am '));
    const run = (...args: string[]) =>
      cli(['epd-test', ...args, '--engine', STOCKFISH!, '--nodes', '1000000'], {
        env: engineEnv as Record<string, string>,
      });
    const r1 = run(suite, '--json', '--quiet');
    expect(r1.code, r1.err).to.equal(0);
    const json = JSON.parse(r1.out);
    expect(Object.keys(json)).to.deep.equal(['total', 'solved', 'points', 'maxPoints', 'positions']);
    expect(Object.keys(json.positions[0])).to.deep.equal(['id', 'move', 'ok', 'points']);
    expect(json.solved).to.equal(json.total);
    expect(json.positions[0].id).to.equal(suiteOf(text)[0]!.operations.id);
    const r2 = run(suite, '--json', '--quiet', '--jobs', '2');
    expect(r2.out).to.equal(r1.out);
    const am = run(avoid, '--json', '--quiet');
    expect(JSON.parse(am.out).solved).to.equal(0);
    const plain = run(suite, '--quiet');
    expect(plain.out.trim().split('\n').at(-1)).to.equal(`solved ${json.total} of ${json.total}`);
    const bad = cli(['epd-test', suite, '--depth', '3', '--nodes', '5']);
    expect(bad.code).to.equal(2);
    expect(bad.err).to.match(/^error: give one of/);
  });
});

describe('epd: epd-test progress', () => {
  it('draws a bar of positions on stderr when it is a terminal; stdout holds the report only', async () => {
    if (!STOCKFISH || !existsSync('/usr/bin/script')) throw new Error('stockfish and util-linux script are needed');
    const suite = join(dir, 'sts.epd');
    writeFileSync(suite, await readFixture('epd/sts-undermine.epd'));
    const out = join(dir, 'report.txt');
    const args = [process.execPath, cliPath, 'epd-test', suite, '--engine', STOCKFISH, '--nodes', '2000'];
    const quoted = args.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
    const r = spawnSync('/usr/bin/script', ['-qec', `${quoted} > '${out}'`, '/dev/null'], {
      encoding: 'utf8',
      env: { ...process.env, GN_PROGRESS_DELAY_MS: '0', COLUMNS: '120' },
    });
    expect(r.status).to.equal(0);
    expect(r.stdout).to.match(/\d+\/100 positions/);
    const report = readFileSync(out, 'utf8');
    expect(report).to.not.match(/positions \|/);
    expect(report.trim().split('\n').length).to.equal(101);
  });
});

describe('epd: scoring on a scripted engine', () => {
  before(() => initChess());

  const sts =
    '1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - bm f5; id "STS(v1.0) Undermine.001"; c0 "f5=10, Be5+=2, Bf2=3, Bg4=2";\n' +
    '1n5k/3q3p/pp1p2pB/5r2/1PP1Qp2/P6P/6P1/2R3K1 w - - bm c5; id "STS(v1.0) Undermine.002"; c0 "c5=10, Qd4+=4, b5=4, g4=3";\n';

  function scripted(moves: string[]): MockTransport {
    return new MockTransport([
      { expect: 'uci', reply: mockHandshake('Scripted 1.0') },
      ...moves.flatMap((m) => [
        { expect: 'ucinewgame' },
        { expect: /^position fen / },
        { expect: /^go nodes 1000/, reply: [`info depth 5 score cp 20 nodes 1000 pv ${m}`, `bestmove ${m}`] },
      ]),
    ]);
  }

  it('STS points: the bm scores 10, a listed alternative its points, an unlisted move 0', async () => {
    const transport = scripted(['d4f2', 'g2g4']);
    const engine = await openEngine({ kind: 'custom', transport: () => transport });
    try {
      const r = await analyseEpdSuite(suiteOf(sts), engine, { nodes: 1000 });
      expect(r.positions.map((p) => [p.id, p.move, p.ok, p.points, p.maxPoints])).to.deep.equal([
        ['STS(v1.0) Undermine.001', 'Bf2', false, 3, 10],
        ['STS(v1.0) Undermine.002', 'g4', false, 3, 10],
      ]);
      expect([r.total, r.solved, r.points, r.maxPoints]).to.deep.equal([2, 0, 6, 20]);
    } finally {
      await engine.close();
    }
  });

  it('an aborted run rejects with ERR_EPD_ABORTED and the engine stays usable', async () => {
    const transport = new MockTransport([
      { expect: 'uci', reply: mockHandshake('Scripted 1.0') },
      { expect: 'ucinewgame' },
      { expect: /^position fen / },
      { expect: /^go nodes/, reply: ['info depth 1 score cp 1 pv f4f5'] },
      { expect: 'stop', reply: ['bestmove f4f5'] },
    ]);
    const engine = await openEngine({ kind: 'custom', transport: () => transport });
    const ac = new AbortController();
    try {
      const run = analyseEpdSuite(suiteOf(sts), engine, { nodes: 1000 }, { signal: ac.signal });
      setTimeout(() => ac.abort(), 50);
      let code = '';
      await run.catch((e) => (code = e.code));
      expect(code).to.equal('ERR_EPD_ABORTED');
    } finally {
      await engine.close();
    }
  });

  it('a record whose position cannot be set up is reported, not searched; the export keeps it', async () => {
    const transport = scripted(['f4f5']);
    const engine = await openEngine({ kind: 'custom', transport: () => transport });
    try {
      const suite = suiteOf(`8/8/8/8/8/8/8/8 w - - bm e4; id "empty";\n${sts.split('\n')[0]}\n`);
      const r = await analyseEpdSuite(suite, engine, { nodes: 1000 });
      expect(r.positions[0]).to.include({ id: 'empty', move: null, ok: false });
      expect(r.positions[0]!.error?.code).to.equal('ERR_POS_KINGS');
      expect(r.positions[1]).to.include({ move: 'f5', ok: true, points: 10 });
      expect(makeEpd(suite).split('\n')[0]).to.equal('8/8/8/8/8/8/8/8 w - - bm e4; id "empty";');
    } finally {
      await engine.close();
    }
  });
});
