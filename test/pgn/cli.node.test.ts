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
const dir = mkdtempSync(join(tmpdir(), 'gn-pgn-'));
const good = join(dir, 'good.pgn');
const bad = join(dir, 'bad.pgn');
writeFileSync(good, '[Event "E"]\n[ECO "C20"]\n\n1. e4 {[%clk 0:01:00]} e5 (1... c5) 2. Nf3?! Nc6 1-0\n');
writeFileSync(bad, '[Event "A"]\n\n1. e4 e5 2. Ke3 *\n\n[Event "B"]\n\n1. d4 d5 *\n');

describe('CLI: pgn check / export / convert', () => {
  it('check: counts, exit 0 on a clean file; --json', () => {
    const r = run('check', good);
    expect(r.code).to.equal(0);
    expect(r.out).to.contain('pgn, 1 games, 5 moves, 0 games with errors; 0 errors');
    const j = JSON.parse(run('check', good, '--json').out);
    expect(j.counts).to.deep.equal({ games: 1, moves: 5, 'games with errors': 0 });
  });

  it('check: every error as file:line:col CODE message, exit 1', () => {
    const r = run('check', bad);
    expect(r.code).to.equal(1);
    expect(r.out).to.match(
      new RegExp(`^${bad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:3:13 ERR_SAN_ILLEGAL illegal move 'Ke3'`, 'm'),
    );
    expect(r.out).to.contain('2 games');
  });

  it('export: export format on stdout; --reduced', () => {
    const r = run('export', good);
    expect(r.code).to.equal(0);
    expect(r.out).to.equal(
      '[Event "E"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n[Result "1-0"]\n[ECO "C20"]\n\n1. e4 {[%clk 0:01:00]} 1... e5 (1... c5) 2. Nf3 $6 Nc6 1-0\n\n',
    );
    const reduced = run('export', good, '--reduced');
    expect(reduced.out.split('\n\n')[1]).to.equal('1. e4 e5 2. Nf3 Nc6 1-0');
    const partial = run('export', bad);
    expect(partial.code).to.equal(1);
    expect(partial.err).to.contain('ERR_SAN_ILLEGAL');
  });

  it('convert --to json: headers, mainline, finalFen, errors and the tree per game', () => {
    const r = run('convert', good, '--to', 'json');
    expect(r.code).to.equal(0);
    const [g] = JSON.parse(r.out);
    expect(g.headers).to.deep.equal({ Event: 'E', ECO: 'C20' });
    expect(g.mainline).to.deep.equal(['e4', 'e5', 'Nf3', 'Nc6']);
    expect(g.finalFen).to.equal('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3');
    expect(g.errors).to.deep.equal([]);
    expect(g.moves[0].commands).to.deep.equal({ clk: 60 });
    expect(g.moves[1].variations[0][0].san).to.equal('c5');
    const b = JSON.parse(run('convert', bad, '--to', 'json').out);
    expect(b.map((x: { mainline: string[] }) => x.mainline)).to.deep.equal([
      ['e4', 'e5'],
      ['d4', 'd5'],
    ]);
    expect(b[0].errors[0]).to.include({ code: 'ERR_SAN_ILLEGAL', line: 3, column: 13 });
  });
});
