// Progress bars: drawn on stderr when stderr is a terminal (run under `script`, which gives the
// command a pseudo-terminal), never into a pipe, never with --quiet, and never on stdout.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, cliPath, tempDir } from './support.js';

const dir = tempDir('cli-progress');
const suite = join(dir, 'suite.epd');
writeFileSync(
  suite,
  Array.from(
    { length: 6 },
    () => 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902 ;D4 197281\n',
  ).join(''),
);
const pgn = join(dir, 'games.pgn');
writeFileSync(pgn, '[Event "E"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n'.repeat(3000));
const pbn = join(dir, 'deals.pbn');
writeFileSync(
  pbn,
  [
    'N:T3.AJT.A9763.J94 KQJ765.Q92.85.K2 A9.8653.KT.Q7653 842.K74.QJ42.AT8',
    'N:AKQ2.K54.T93.A87 J986.QJ3.AK4.K52 T75.A987.QJ2.QJ3 43.T62.8765.T964',
  ]
    .map((deal, i) => `[Board "${i + 1}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "${deal}"]\n\n`)
    .join(''),
);

const script = existsSync('/usr/bin/script') ? '/usr/bin/script' : null;

/** Runs the CLI with stderr on a pseudo-terminal and stdout in a file; returns what the terminal showed. */
function onTerminal(args: string[]): { code: number | null; terminal: string; stdout: string } {
  const out = join(dir, `stdout-${Math.random().toString(36).slice(2)}.txt`);
  const quoted = [process.execPath, cliPath, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const r = spawnSync(script!, ['-qec', `${quoted} > '${out}'`, '/dev/null'], {
    encoding: 'utf8',
    env: { ...process.env, GN_PROGRESS_DELAY_MS: '0', COLUMNS: '120' },
  });
  return { code: r.status, terminal: r.stdout, stdout: existsSync(out) ? readFileSync(out, 'utf8') : '' };
}

describe('CLI progress on stderr, only for a terminal', () => {
  it('util-linux script is available to give the CLI a terminal', () => {
    expect(script, '/usr/bin/script (util-linux) is needed for the terminal tests').to.not.equal(null);
  });

  it('perft --suite, check, export and dd draw a bar on a terminal; stdout stays clean', () => {
    const runs: [string, string[], RegExp][] = [
      ['perft --suite', ['perft', '--suite', suite], /counts/],
      ['check', ['check', pgn], /MB/],
      ['export', ['export', pgn], /MB/],
      ['dd', ['dd', pbn, '--threads', '1'], /boards/],
    ];
    for (const [what, args, unit] of runs) {
      const r = onTerminal(args);
      expect(r.code, what).to.equal(0);
      expect(r.terminal, what).to.match(/\[[\u2588\u2591]+\] \d+%/);
      expect(r.terminal, what).to.match(unit);
      expect(r.stdout, what).to.not.match(/[\u2588\u2591]|\d+%/);
    }
  });

  it('analyse FILE.pgn draws plies, the game and the engine nodes/s on a terminal (Debian stockfish)', () => {
    const games = join(dir, 'two.pgn');
    writeFileSync(
      games,
      '[Event "a"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n[Event "b"]\n\n1. d4 d5 2. c4 e6 1/2-1/2\n',
    );
    const r = onTerminal(['analyse', games, '--out', join(dir, 'two.aif'), '--depth', '6', '--jobs', '1']);
    expect(r.code, r.terminal).to.equal(0);
    expect(r.terminal).to.match(/\d+\/11 plies \| game [12]\/2 \| \d+ knodes\/s/);
    expect(readFileSync(join(dir, 'two.aif'), 'utf8')).to.match(/\[GameID "/);
  });

  it('solve draws the depth and the nodes per second of a solve, and problems done with --jobs', () => {
    // H3-03 of the reference set (h#3, two twins): long enough to report several root moves
    const fen = 'K7/7p/3n1b2/1r4rp/3pk2p/1b6/6R1/2nB3q b - - 0 1';
    const r = onTerminal(['solve', fen, '--stip', 'h#3']);
    expect(r.code, r.terminal).to.equal(0);
    expect(r.terminal).to.match(/\[[\u2588\u2591]+\] \d+% \| \d+\/\d+ root moves \| depth \d+ \| \d+ knodes\/s/);
    expect(r.stdout)
      .to.contain('status')
      .and.to.not.match(/[\u2588\u2591]|knodes/);
    const problems = join(dir, 'two.pbi');
    writeFileSync(
      problems,
      '#PBI 1.2\nVäth:8/3Q4/5k2/8/8/3PB1P1/8/K2B4:#2::::::\nVäth:7R/7p/5P1k/4PKpP/8/8/8/8:#2::::::\n',
    );
    const jobs = onTerminal(['solve', problems, '--jobs', '2']);
    expect(jobs.terminal).to.match(/\d+\/2 problems/);
    expect(jobs.stdout)
      .to.contain('status *')
      .and.to.not.match(/[\u2588\u2591]/);
    // a pipe, and --quiet on a terminal: no bar
    const piped = cli(['solve', fen, '--stip', 'h#3'], { env: { GN_PROGRESS_DELAY_MS: '0' } });
    expect(piped.code).to.equal(0);
    expect(piped.err).to.equal('');
    expect(onTerminal(['solve', fen, '--stip', 'h#3', '--quiet']).terminal).to.not.match(/knodes|\d+%/);
  });

  it('nothing but the results when stderr is a pipe, or with --quiet on a terminal', () => {
    const piped = cli(['perft', '--suite', suite], { env: { GN_PROGRESS_DELAY_MS: '0' } });
    expect(piped.code).to.equal(0);
    expect(piped.err).to.equal('');
    const check = cli(['check', pgn], { env: { GN_PROGRESS_DELAY_MS: '0' } });
    expect(check.err).to.equal('');
    const quiet = onTerminal(['perft', '--suite', suite, '--quiet']);
    expect(quiet.code).to.equal(0);
    expect(quiet.terminal).to.not.match(/\d+%/);
  });
});
