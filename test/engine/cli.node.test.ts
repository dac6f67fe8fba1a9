// `gamenotation analyse` and `gamenotation engines` as users run them (dist/cli.js), against
// Debian's stockfish and fairy-stockfish; answers checked with our own rules and matetrack facts.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unwrap } from 'gamenotation';
import { Position, parseUci } from 'gamenotation/chess';
import { engineEnv as env } from '../cli/support.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');
const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env, cwd: root });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('CLI: analyse and engines', () => {
  it('analyse --json gives White-view scores and UCI lines (a mate in 1 by en passant)', () => {
    // matetrack: 5K2/8/2qk4/2nPp3/3r4/6B1/B7/3R4 w - e6 bm #1 (dxe6 e.p. mates)
    const fen = '5K2/8/2qk4/2nPp3/3r4/6B1/B7/3R4 w - e6 0 1';
    const r = run('analyse', fen, '--mate', '1', '--json');
    expect(r.code, r.err).to.equal(0);
    const j = JSON.parse(r.out);
    expect(j.lines[0]).to.deep.include({ multipv: 1, score: { mate: 1 } });
    const pos = (Position.fromFen(fen) as { value: Position }).value;
    pos.play(unwrap(parseUci(j.bestmove)));
    expect(pos.isCheckmate()).to.equal(true);
  });

  it("a mate for Black is negative from White's view", () => {
    // matetrack: 8/2N3p1/5b2/k1B2P2/pP4R1/8/K1nn4/8 b - b3 bm #1
    const r = run('analyse', '8/2N3p1/5b2/k1B2P2/pP4R1/8/K1nn4/8 b - b3 0 1', '--mate', '1', '--json');
    expect(JSON.parse(r.out).lines[0].score).to.deep.equal({ mate: -1 });
  });

  it('--multipv lists distinct lines; the text form shows SAN', () => {
    const r = run('analyse', 'startpos', '--depth', '8', '--multipv', '3', '--json');
    const j = JSON.parse(r.out);
    expect(j.lines.map((l: { multipv: number }) => l.multipv)).to.deep.equal([1, 2, 3]);
    expect(new Set(j.lines.map((l: { pv: string[] }) => l.pv[0])).size).to.equal(3);
    const t = run('analyse', 'startpos', '--moves', 'e2e4 e7e5', '--depth', '6');
    expect(t.code).to.equal(0);
    expect(t.out).to.match(/^ 1 +depth +6 +[+-]\d+\.\d\d +2\. /m);
  });

  it('a pocket in the FEN analyses crazyhouse with Fairy-Stockfish; its moves are legal for us', () => {
    const fen = 'r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[Nn] w KQkq - 0 1';
    const r = run('analyse', fen, '--depth', '5', '--json');
    expect(r.code, r.err).to.equal(0);
    const pos = (Position.fromFen(fen, { variant: 'crazyhouse' }) as { value: Position }).value;
    for (const m of JSON.parse(r.out).lines[0].pv) {
      expect(pos.isLegal(unwrap(parseUci(m))), m).to.equal(true);
      pos.play(unwrap(parseUci(m)));
    }
  });

  it("limits beyond what an engine takes are usage errors, by the engine's own check (exit 2)", () => {
    // Before: --nodes 10^21 went out as `go nodes 1e+21` (Stockfish read 1) and exited 0.
    const nodes = run('analyse', 'startpos', '--nodes', '1000000000000000000000');
    expect(nodes.code).to.equal(2);
    expect(nodes.err).to.match(/--nodes must be an integer in 1\.\.9007199254740991/);
    const depth = run('analyse', 'startpos', '--depth', '246');
    expect(depth.code).to.equal(2);
    expect(depth.err).to.match(/--depth must be an integer in 1\.\.245/);
    expect(run('analyse', 'startpos', '--movetime', '9999999999').code).to.equal(2);
  });

  it('bad input exits 1, a bad command line 2', () => {
    expect(run('analyse', 'not/a/fen w - - 0 1').code).to.equal(1);
    expect(run('analyse', 'startpos', '--engine', '/nonexistent/engine').code).to.equal(2);
    expect(run('analyse', 'startpos', '--depth', 'x').code).to.equal(2);
    expect(run('analyse').code).to.equal(2);
  });

  it('the handshake of an engine that never answers fails within 10 s', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gn-engine-'));
    const silent = join(dir, 'silent-engine');
    writeFileSync(silent, '#!/bin/sh\nexec sleep 60\n');
    chmodSync(silent, 0o755);
    const t0 = Date.now();
    const r = run('analyse', 'startpos', '--engine', silent);
    const seconds = (Date.now() - t0) / 1000;
    expect(r.code).to.equal(1);
    expect(r.err).to.match(/ERR_ENGINE_TIMEOUT/);
    expect(seconds).to.be.below(20); // generous bound: the default handshake timeout is 10 s
  });

  it('engines lists the Debian engines with their names', () => {
    const r = run('engines', '--json');
    const list = JSON.parse(r.out) as { kind: string; name?: string }[];
    expect(list.find((e) => e.kind === 'native')?.name).to.match(/^Stockfish/);
    expect(list.find((e) => e.kind === 'fairy')?.name).to.match(/^Fairy-Stockfish/);
    expect(list.find((e) => e.kind === 'stockfish.wasm')?.name).to.match(/^Stockfish/);
  });
});
