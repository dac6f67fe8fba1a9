import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');
const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const noTrace = (s: string) => expect(s).to.not.match(/\n\s+at /);

describe('CLI: perft, fen, moves', () => {
  it('perft startpos 4', () => {
    const r = run('perft', 'startpos', '4');
    expect(r.code).to.equal(0);
    expect(r.out).to.match(/nodes: 197281/);
  });
  it('perft --json and --divide', () => {
    const r = run('perft', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', '3', '--json');
    const j = JSON.parse(r.out);
    expect(j.nodes).to.equal(97862);
    expect(j.ms).to.be.a('number');
    const d = run('perft', 'startpos', '2', '--divide');
    expect(d.out).to.match(/^e2e4: 20$/m);
    expect(d.out).to.match(/nodes: 400/);
  });
  it('perft crazyhouse', () => {
    const r = run('perft', '2k5/8/8/8/8/8/8/4K3[Qn] w - -', '3', '--variant', 'crazyhouse', '--json');
    expect(JSON.parse(r.out).nodes).to.equal(88634);
  });
  it('perft of a FEN with a pocket counts drops with --bughouse or no flag, as moves lists them (issue #25)', () => {
    // 53: test/fixtures/bughouse/perft.json (Fairy-Stockfish, crazyhouse and bughouse alike)
    const fen = '4k3/8/8/8/8/8/8/4K3[P] w - - 0 1';
    const listed = run('moves', fen).out.trim().split('\n').length;
    expect(listed).to.equal(53);
    for (const flags of [['--bughouse'], [], ['--variant', 'crazyhouse'], ['--bughouse', '--divide']])
      expect(run('perft', fen, '1', ...flags, '--json').out, flags.join(' ')).to.match(/"nodes":53\b/);
  });
  it('perft --suite in EPD and .perft formats, reporting mismatches', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gn-chess-'));
    const epd = join(dir, 'suite.epd');
    writeFileSync(
      epd,
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902\n4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 67\n',
    );
    const r = run('perft', '--suite', epd, '--json');
    expect(r.code).to.equal(1);
    const j = JSON.parse(r.out);
    expect(j.checked).to.equal(5);
    expect(j.mismatches).to.have.length(1);
    expect(j.mismatches[0]).to.include({ depth: 2, expected: 67, actual: 66, line: 2 });
    const zh = join(dir, 'zh.perft');
    writeFileSync(
      zh,
      'id zh-drops\nepd 2k5/8/8/8/8/8/8/4K3[Qn] w - -\nperft 1 67\nperft 2 3083\nperft 3 88634\n\nid promoted\nepd 4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1\nperft 1 20\nperft 2 360\n',
    );
    const z = run('perft', '--suite', zh);
    expect(z.code).to.equal(0);
    expect(z.out).to.match(/5 counts checked, 0 skipped, 0 mismatches/);
    const capped = run('perft', '--suite', zh, '--max-nodes', '1000', '--json');
    expect(JSON.parse(capped.out)).to.include({ checked: 3, skipped: 2 });
  });
  it('fen normalizes or lists every error', () => {
    const ok = run('fen', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
    expect(ok.code).to.equal(0);
    expect(ok.out.trim()).to.equal('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    const bad = run('fen', '4k3/8/8/8/8/8/8/P3K2R w KQ - 0 1', '--json');
    expect(bad.code).to.equal(1);
    expect(JSON.parse(bad.out).errors.map((e: { code: string }) => e.code)).to.have.members([
      'ERR_POS_PAWNS_ON_BACKRANK',
      'ERR_POS_CASTLING',
    ]);
    const syn = run('fen', 'rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(syn.code).to.equal(1);
    expect(syn.err).to.match(/1:14 ERR_FEN_BOARD/);
    noTrace(syn.err);
  });
  it('fen startpos prints the initial position, as perft and moves read startpos (UCI) (issue 28)', () => {
    // The standard's starting FEN (PGN standard 16.1.3.6: the FEN of the initial position).
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    const r = run('fen', 'startpos');
    expect(r.code, r.err).to.equal(0);
    expect(r.out).to.equal(`${start}\n`);
    expect(JSON.parse(run('fen', 'startpos', '--json').out)).to.include({ ok: true, fen: start });
    // Only the whole word: anything else is read as a FEN, with its error.
    const near = run('fen', 'startposx');
    expect(near.code).to.equal(1);
    expect(near.err).to.match(/ERR_FEN_BOARD/);
  });
  it('moves in SAN and UCI', () => {
    const san = run('moves', 'startpos');
    expect(san.out.trim().split('\n')).to.have.length(20);
    expect(san.out).to.match(/^Nf3$/m);
    const uci = run('moves', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', '--uci');
    expect(uci.out).to.match(/^e1g1$/m);
    expect(uci.out).to.match(/^e1c1$/m);
  });
  it('bad input: clear message, exit 1 (bad input) or 2 (usage error), no stack trace', () => {
    const cases: [string[], number][] = [
      [['perft', 'nonsense', '3'], 1],
      [['perft', 'startpos', 'x'], 2],
      [['perft'], 2],
      [['moves', 'xyz'], 1],
      [['fen'], 2],
      [['perft', 'startpos', '2', '--variant', 'atomic'], 2],
      [['perft', '--suite', '/nonexistent/file.epd'], 2],
    ];
    for (const [args, code] of cases) {
      const r = run(...args);
      expect(r.code, args.join(' ')).to.equal(code);
      expect(r.err).to.match(/error|ERR_/);
      noTrace(r.err);
    }
  });
});
