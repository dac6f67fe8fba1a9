// The CLI contract for scripts: exit 0 clean, 1 errors in the input, 2 usage error; --version;
// --quiet; --strict; one clean line for every mistake, never a stack trace.
import { expect } from 'chai';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, expectOneLineError, root, tempDir } from './support.js';

const dir = tempDir('cli-exit');
const good = join(dir, 'good.pgn');
const bad = join(dir, 'bad.pgn');
const warned = join(dir, 'warned.pgn');
writeFileSync(good, '[Event "E"]\n[White "W"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n');
writeFileSync(bad, '[Event "A"]\n[White "W"]\n\n1. e4 e5 2. Ke3 *\n');
// A tag section after movetext with no result: the reader ends the game with a warning.
writeFileSync(warned, '[Event "A"]\n[White "W"]\n\n1. e4 e5\n\n[Event "B"]\n\n1. d4 d5 *\n');
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;

describe('CLI exit codes, --version, --quiet, --strict', () => {
  it('--version and -V print the package version, before or after a verb', () => {
    for (const args of [['--version'], ['-V'], ['check', '--version']]) {
      const r = cli(args);
      expect(r.code, args.join(' ')).to.equal(0);
      expect(r.out.trim()).to.equal(version);
    }
  });

  it('--help exits 0; no verb at all is a usage error (2) with the help on stderr', () => {
    expect(cli(['--help']).code).to.equal(0);
    expect(cli(['--help']).out).to.match(/Exit codes: 0 clean, 1 errors in the input, 2 usage error/);
    expect(cli(['check', '--help']).code).to.equal(0);
    const none = cli([]);
    expect(none.code).to.equal(2);
    expect(none.err).to.contain('Verbs:');
  });

  it('0 on clean input, 1 on errors in the input', () => {
    expect(cli(['check', good]).code).to.equal(0);
    expect(cli(['check', bad]).code).to.equal(1);
    expect(cli(['export', bad]).code).to.equal(1);
    expect(cli(['convert', bad, '--to', 'json']).code).to.equal(1);
    expect(cli(['fen', '8/8/8/8/8/8/8/8 w - - 0 1']).code).to.equal(1);
    expect(cli(['moves', 'not a fen']).code).to.equal(1);
    expect(cli(['perft', 'nonsense', '2']).code).to.equal(1);
    expect(cli(['dd', 'N:AKQ. . . .']).code).to.equal(1);
  });

  it('2 on usage errors, each as one clean line (directory, missing file, unknown format, negative depth, …)', () => {
    const folder = join(dir, 'folder.pgn');
    mkdirSync(folder, { recursive: true });
    const cases: [string[], RegExp][] = [
      [['check', folder], /is a directory/],
      [['export', folder], /is a directory/],
      [['dd', dir], /is a directory/],
      [['perft', '--suite', dir], /is a directory/],
      [['check', join(dir, 'missing.pgn')], /no such file/],
      [['perft', '--suite', join(dir, 'missing.epd')], /no such file/],
      [['check', good, '--format', 'nope'], /unknown --format 'nope'/],
      [['perft', 'startpos', '-1'], /invalid depth '-1'/],
      [['perft', 'startpos', '99'], /invalid depth '99'/],
      [['perft', 'startpos'], /need a FEN/],
      [['perft', 'startpos', '2', '--variant', 'atomic'], /unknown --variant 'atomic'/],
      [['perft', '--suite', good, '--max-nodes', 'many'], /--max-nodes needs an integer/],
      [['check', good, '--bogus'], /unknown option '--bogus'/],
      [['frobnicate'], /unknown verb 'frobnicate'/],
      [['--bogus', 'check', good], /unknown option '--bogus'/],
      [['check'], /missing FILE/],
      [['convert', good], /missing --to/],
      [['convert', good, '--to', 'xml'], /cannot be converted to 'xml'/],
      [['check', good, '--threads', '0'], /--threads needs an integer/],
      [['dd', 'N:AKQ. . . .', '--threads', 'x'], /--threads needs an integer/],
      [['dd', 'N:AKQ. . . .', '--board', '0'], /--board needs an integer/],
      [['fen'], /missing FEN/],
    ];
    for (const [args, message] of cases) {
      const r = cli(args);
      const what = args.join(' ');
      expect(r.code, `${what}: ${r.err}`).to.equal(2);
      expectOneLineError(r, what);
      expect(r.err, what).to.match(message);
    }
  });

  it('every verb listed by --help: --help exits 0, an unknown option exits 2 with one line', () => {
    const verbs = [...cli(['--help']).out.matchAll(/^ {2}([a-z][a-z-]*) {2,}/gm)].map((m) => m[1]!);
    expect(verbs).to.include.members(['check', 'export', 'convert', 'perft', 'fen', 'moves', 'dd']);
    for (const verb of verbs) {
      const help = cli([verb, '--help']);
      expect(help.code, `${verb} --help`).to.equal(0);
      expect(help.out, `${verb} --help`).to.match(/^usage: gamenotation/);
      const r = cli([verb, '--no-such-option']);
      expect(r.code, `${verb} --no-such-option: ${r.err}`).to.equal(2);
      expectOneLineError(r, verb);
      expect(r.err).to.match(/unknown option '--no-such-option'/);
    }
  });

  it('a missing file or a directory as FILE is a usage error for every verb that reads one', () => {
    const verbs = [...cli(['--help']).out.matchAll(/^ {2}([a-z][a-z-]*) {2,}/gm)].map((m) => m[1]!);
    const readers = ['check', 'export', 'convert', 'dd', 'diagram', 'solve', 'show'].filter((v) => verbs.includes(v));
    expect(readers.length).to.be.greaterThan(3);
    for (const verb of readers) {
      for (const [path, message] of [
        [join(dir, 'nope.pgn'), /no such file/],
        [dir, /is a directory/],
      ] as const) {
        const r = cli([verb, path]);
        expect(r.code, `${verb} ${path}: ${r.err}`).to.equal(2);
        expectOneLineError(r, `${verb} ${path}`);
        expect(r.err).to.match(message);
      }
    }
  });

  it('perft --suite on garbage lines with ";" fails (it exited 0 before)', () => {
    const suite = join(dir, 'garbage.epd');
    writeFileSync(suite, 'this is not a suite; at all\nneither ; is this\n');
    const r = cli(['perft', '--suite', suite]);
    expect(r.code).to.equal(1);
    expect(r.out).to.match(/:1 ERR_PERFT_NO_COUNTS/);
    expect(r.out).to.match(/:2 ERR_PERFT_NO_COUNTS/);
    const j = cli(['perft', '--suite', suite, '--json']);
    expect(j.code).to.equal(1);
    expect(JSON.parse(j.out).errors.map((e: { line: number }) => e.line)).to.deep.equal([1, 2]);
    // A suite with a real count still passes, and one with no case at all fails.
    writeFileSync(suite, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n');
    expect(cli(['perft', '--suite', suite]).code).to.equal(0);
    writeFileSync(suite, 'nothing here\n');
    expect(cli(['perft', '--suite', suite]).code).to.equal(1);
  });

  it('--quiet: no summary and no warnings, only errors; the exit code still tells', () => {
    const clean = cli(['check', good, '--quiet']);
    expect(clean).to.include({ code: 0, out: '', err: '' });
    const before = cli(['-q', 'check', bad]);
    expect(before.code).to.equal(1);
    expect(before.out.trim().split('\n')).to.have.length(1);
    expect(before.out).to.match(/ERR_SAN_ILLEGAL/);
    const w = cli(['check', warned, '-q']);
    expect(w).to.include({ code: 0, out: '', err: '' });
  });

  it('warnings alone exit 0; --strict makes them errors (exit 1)', () => {
    const r = cli(['check', warned]);
    expect(r.code).to.equal(0);
    expect(r.out).to.match(/ERR_PGN_NO_RESULT warning:/);
    expect(r.out).to.match(/0 errors, 1 warnings/);
    const strict = cli(['check', warned, '--strict']);
    expect(strict.code).to.equal(1);
    expect(strict.out).to.match(/:\d+:\d+ ERR_PGN_NO_RESULT (?!warning)/);
    const json = JSON.parse(cli(['check', warned, '--strict', '--json']).out);
    expect(json.errors.map((e: { code: string }) => e.code)).to.deep.equal(['ERR_PGN_NO_RESULT']);
  });

  it('standard input is read with -', () => {
    const r = cli(['check', '-', '--format', 'pgn', '--json'], { input: readFileSync(bad, 'utf8') });
    expect(r.code).to.equal(1);
    expect(JSON.parse(r.out)).to.deep.include({ file: '-', format: 'pgn' });
  });
});
