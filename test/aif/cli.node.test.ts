// `gamenotation analyse FILE.pgn --out FILE.aif` as users run it, with Debian's stockfish: output
// independent of --jobs, validated; a run killed mid-way and resumed gives the same bytes as an
// uninterrupted one; check/export/convert on .aif.
import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, tmpdir, type as osType } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAif, validateAif } from 'gamenotation/aif';
import { engineEnv as env } from '../cli/support.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'gn-aif-'));

/** dist/cli.js (what ships), or with GN_TEST_SRC=1 the sources bundled on the fly. */
function cliPath(): string {
  if (process.env.GN_TEST_SRC !== '1') return join(root, 'dist', 'cli.js');
  const out = join(dir, 'cli.mjs');
  const r = spawnSync(
    join(root, 'node_modules/.bin/esbuild'),
    [
      join(root, 'src/cli/main.ts'),
      '--bundle',
      '--platform=node',
      '--format=esm',
      `--outfile=${out}`,
      '--log-level=error',
      '--external:stockfish',
      '--external:stockfish.wasm',
      "--banner:js=import{createRequire as __cr}from'module';const require=__cr(import.meta.url);",
    ],
    { encoding: 'utf8', cwd: root },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return out;
}
let cli = '';
const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env, cwd: dir });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

const MINIATURES = [
  [
    'Legall de Kermeur, F',
    'Saint Brie',
    '1-0',
    '1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0',
  ],
  ['A', 'B', '0-1', '1. f3 e5 2. g4 Qh4# 0-1'],
  ['A', 'B', '0-1', '1. f3 e5 2. g4 Qh4# 0-1'],
  [
    'Morphy, Paul',
    'Duke Karl / Count Isouard',
    '1-0',
    '1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0',
  ],
  [
    'Reti, Richard',
    'Tartakower, Savielly',
    '1-0',
    '1. e4 c6 2. d4 d5 3. Nc3 dxe4 4. Nxe4 Nf6 5. Qd3 e5 6. dxe5 Qa5+ 7. Bd2 Qxe5 8. O-O-O Nxe4 9. Qd8+ Kxd8 10. Bg5+ Kc7 11. Bd8# 1-0',
  ],
];
const pgn = MINIATURES.map(
  ([w, b, r, moves], i) =>
    `[Event "Test"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "${i === 2 ? 2 : '?'}"]\n[White "${w}"]\n[Black "${b}"]\n[Result "${r}"]\n\n${moves}\n`,
).join('\n');
// Games 2 and 3 differ only in Round.
const input = join(dir, 'games.pgn');

describe('aif CLI: analyse FILE.pgn --out FILE.aif (Debian stockfish)', () => {
  before(() => {
    cli = cliPath();
    // A sixth game with the same seven tags as the second: a true duplicate.
    writeFileSync(input, `${pgn}\n${pgn.split('\n\n[Event')[1]!.replace(/^/, '[Event')}`);
  });

  it('--jobs 1 and --jobs 2 write the same bytes; the output validates; repeated tag sets get distinct GameIDs', () => {
    const a = run('analyse', 'games.pgn', '--out', 'j1.aif', '--depth', '7', '--multipv', '2', '--jobs', '1');
    expect(a.code, a.err).to.equal(0);
    const b = run('analyse', 'games.pgn', '--out', 'j2.aif', '--depth', '7', '--multipv', '2', '--jobs', '2');
    expect(b.code, b.err).to.equal(0);
    const t1 = readFileSync(join(dir, 'j1.aif'), 'utf8');
    expect(readFileSync(join(dir, 'j2.aif'), 'utf8')).to.equal(t1);
    expect(existsSync(join(dir, 'j1.aif.journal'))).to.equal(false);
    const games = parseAif(t1);
    expect(games).to.have.length(6);
    const ids = games.map((g) => g.value.headers.GameID);
    expect(new Set(ids).size).to.equal(6);
    expect(ids[5]).to.equal(`${ids[1]}#2`);
    for (const { value: g, errors, warnings } of games) {
      expect(errors).to.deep.equal([]);
      // every required game tag is written (no ERR_AIF_MISSING_TAG), Platform the host's OS and architecture
      expect(warnings).to.deep.equal([]);
      if (osType() === 'Linux') expect(g.headers.Platform).to.equal(`Linux ${arch()}`);
      else expect(g.headers.Platform).to.match(new RegExp(` ${arch()}$`));
      expect(validateAif(g).errors).to.deep.equal([]);
      expect(g.blocks.length).to.equal(g.game!.moves.length);
    }
    // No timing tags by default.
    expect(t1).not.to.match(/\[(Time|NodesPerSecond) /);
  });

  it('--platform sets the Platform tag of every game, the same bytes whatever --jobs; a control character in it is a usage error (issue #25)', () => {
    const a = run(
      'analyse',
      'games.pgn',
      '--out',
      'p1.aif',
      '--depth',
      '3',
      '--jobs',
      '1',
      '--platform',
      'Test rig arm64',
    );
    expect(a.code, a.err).to.equal(0);
    const b = run(
      'analyse',
      'games.pgn',
      '--out',
      'p2.aif',
      '--depth',
      '3',
      '--jobs',
      '2',
      '--platform',
      'Test rig arm64',
    );
    expect(b.code, b.err).to.equal(0);
    const t1 = readFileSync(join(dir, 'p1.aif'), 'utf8');
    expect(readFileSync(join(dir, 'p2.aif'), 'utf8')).to.equal(t1);
    const games = parseAif(t1);
    expect(games).to.have.length(6);
    for (const { value: g, warnings } of games) {
      expect(g.headers.Platform).to.equal('Test rig arm64');
      expect(warnings).to.deep.equal([]);
    }
    // in the spec's place: after EngineID, before Threads
    expect(t1).to.match(/\[EngineID "[^"]+"\]\n\[Platform "Test rig arm64"\]\n\[Threads "1"\]/);
    const bad = run('analyse', 'games.pgn', '--out', 'p3.aif', '--depth', '3', '--platform', 'two\nlines');
    expect(bad.code).to.equal(2);
    expect(bad.err).to.match(/--platform/);
  });

  it('a run killed mid-way, then --resume, gives the same bytes as an uninterrupted run', async () => {
    const full = run('analyse', 'games.pgn', '--out', 'full.aif', '--depth', '9', '--jobs', '1');
    expect(full.code, full.err).to.equal(0);
    const out = join(dir, 'crash.aif');
    const child = spawn(
      process.execPath,
      [cli, 'analyse', 'games.pgn', '--out', 'crash.aif', '--depth', '9', '--jobs', '2'],
      { env, cwd: dir, stdio: 'ignore' },
    );
    // Kill it once at least one game is written and the run is not over.
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        const journal = existsSync(`${out}.journal`) ? readFileSync(`${out}.journal`, 'utf8') : '';
        if (journal.split('\n').filter(Boolean).length >= 2) {
          clearInterval(timer);
          child.kill('SIGKILL');
          resolve();
        }
      }, 5);
      child.on('exit', () => {
        clearInterval(timer);
        reject(new Error('the run ended before it could be killed'));
      });
    });
    if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
    const partial = readFileSync(out, 'utf8');
    expect(partial.length).to.be.lessThan(readFileSync(join(dir, 'full.aif'), 'utf8').length);
    const resumed = run('analyse', 'games.pgn', '--out', 'crash.aif', '--depth', '9', '--jobs', '2', '--resume');
    expect(resumed.code, resumed.err).to.equal(0);
    expect(resumed.err).to.match(/already done/);
    expect(readFileSync(out, 'utf8')).to.equal(readFileSync(join(dir, 'full.aif'), 'utf8'));
    // Resuming a finished file does nothing.
    const again = run('analyse', 'games.pgn', '--out', 'crash.aif', '--depth', '9', '--resume');
    expect(again.code, again.err).to.equal(0);
    expect(readFileSync(out, 'utf8')).to.equal(readFileSync(join(dir, 'full.aif'), 'utf8'));
  });

  it('check, export and convert --to json on .aif and .aif.gz', () => {
    const text = readFileSync(join(dir, 'j1.aif'), 'utf8');
    const gz = spawnSync('gzip', ['-kf', join(dir, 'j1.aif')]);
    expect(gz.status).to.equal(0);
    const c = run('check', 'j1.aif.gz');
    expect(c.code, c.err).to.equal(0);
    expect(c.out + c.err).to.match(/6 games, 79 blocks; 0 errors/);
    const e = run('export', 'j1.aif.gz');
    expect(e.code, e.err).to.equal(0);
    expect(e.out).to.equal(text);
    const j = run('convert', '--to', 'json', 'j1.aif');
    expect(j.code, j.err).to.equal(0);
    const games = JSON.parse(j.out);
    expect(games).to.have.length(6);
    expect(games[0].moves.slice(0, 3)).to.deep.equal(['e4', 'e5', 'Nf3']);
    expect(games[0].blocks[0].tags.Turn).to.equal('1-w');
    // A wrong repetition count fails check with its line.
    writeFileSync(join(dir, 'bad.aif'), text.replace('[RepCount "0"]', '[RepCount "3"]'));
    const bad = run('check', 'bad.aif');
    expect(bad.code).to.equal(1);
    const line = text.split('\n').indexOf('[RepCount "0"]') + 1;
    expect(bad.out + bad.err).to.contain(`bad.aif:${line}:1 ERR_AIF_REPCOUNT`);
  });
});
