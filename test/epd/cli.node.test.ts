// `gamenotation check/export/convert` on EPD files as users run them (dist/cli.js): sniffed without
// the extension, streamed, exit codes; and pgnToEpd held to pgn-extract's -Wepd, an independent
// program that writes the EPD of every position of a game.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeEpd, parseEpd, pgnToEpd } from 'gamenotation/epd';
import { initChess } from 'gamenotation/chess';
import { parsePgn } from 'gamenotation/pgn';
import { cli, tempDir } from '../cli/support.js';
import { readFixture, readShared } from '../support/data.js';

const dir = tempDir('epd-cli');
const PGN_EXTRACT = ['/usr/games/pgn-extract', '/usr/bin/pgn-extract'].find((p) => existsSync(p));

describe('epd: the CLI', () => {
  before(() => initChess());

  it('check: a real suite with dialects (warnings, exit 0), a broken one (errors at file:line:col, exit 1)', async () => {
    const bk = join(dir, 'bk.epd');
    writeFileSync(bk, await readFixture('epd/bratko-kopec.epd'));
    const ok = cli(['check', bk]);
    expect(ok.code, ok.err).to.equal(0);
    expect(ok.out).to.match(/bk\.epd: epd, 24 records, 48 operations; 0 errors, \d+ warnings/);
    const broken = join(dir, 'broken.txt');
    writeFileSync(broken, '4k3/8/8/8/8/8/8/4K2R w K - bm Qd1; id "x";\n4k3/8/8/8/8/8/8/4K2R w K - acd deep;\n');
    const bad = cli(['check', broken]);
    expect(bad.code).to.equal(1);
    expect(bad.out).to.include(`${broken}:1:31 ERR_EPD_MOVE`);
    expect(bad.out).to.include(`${broken}:2:32 ERR_EPD_NUMBER`);
    const json = JSON.parse(cli(['check', broken, '--json']).out);
    expect(json.format).to.equal('epd');
    expect(json.errors.map((e: { code: string }) => e.code)).to.deep.equal(['ERR_EPD_MOVE', 'ERR_EPD_NUMBER']);
  });

  it('export: the export form, the same as makeEpd, idempotent; from standard input too', async () => {
    const text = await readFixture('epd/bratko-kopec.epd');
    const file = join(dir, 'bk2.epd');
    writeFileSync(file, text);
    const r = cli(['export', file, '--quiet']);
    expect(r.code).to.equal(0);
    expect(r.out).to.equal(makeEpd(parseEpd(text).map((i) => i.value)));
    const again = join(dir, 'bk3.epd');
    writeFileSync(again, r.out);
    expect(cli(['export', again]).out).to.equal(r.out);
    expect(cli(['export', '-', '--format', 'epd', '--quiet'], { input: text }).out).to.equal(r.out);
  });

  it('convert --to fen | pgn | json', async () => {
    const text = await readFixture('epd/sts-undermine.epd');
    const file = join(dir, 'sts.epd');
    writeFileSync(file, text);
    const fen = cli(['convert', file, '--to', 'fen']);
    expect(fen.code).to.equal(0);
    expect(fen.out.split('\n')[0]).to.equal('1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - 0 1');
    expect(fen.out.trim().split('\n').length).to.equal(100);
    const pgn = cli(['convert', file, '--to', 'pgn']);
    const games = parsePgn(pgn.out);
    expect(games.length).to.equal(100);
    expect(games.flatMap((g) => g.errors)).to.deep.equal([]);
    expect(games[0]!.value.headers.Event).to.equal('STS(v1.0) Undermine.001');
    expect(games[0]!.value.root.comments?.[0]).to.equal('bm f5; c0 "f5=10, Be5+=2, Bf2=3, Bg4=2";');
    const json = JSON.parse(cli(['convert', file, '--to', 'json']).out);
    expect(json.length).to.equal(100);
    expect(json[0]).to.deep.equal({
      line: 1,
      position: '1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - -',
      operations: { bm: ['f5'], id: 'STS(v1.0) Undermine.001', c0: 'f5=10, Be5+=2, Bf2=3, Bg4=2' },
    });
    const no = cli(['convert', file, '--to', 'xml']);
    expect(no.code).to.equal(2);
  });

  it('an EPD file under another name is sniffed as EPD; a large one streams', async () => {
    const text = (await readShared('problems/epd/matetrack.epd')) ?? (await readFixture('epd/matetrack-head.epd'));
    const file = join(dir, 'mates.txt');
    writeFileSync(file, text.repeat(Math.max(1, Math.ceil(2_000_000 / text.length))));
    const r = cli(['check', file, '--quiet', '--json']);
    const json = JSON.parse(r.out);
    expect(json.format).to.equal('epd');
    expect(json.counts.records).to.equal(readFileSync(file, 'utf8').split('\n').filter(Boolean).length);
  });

  it('pgnToEpd gives the positions pgn-extract -Wepd gives for every game of a PGN file', async () => {
    if (!PGN_EXTRACT) throw new Error('pgn-extract is needed: apt-get install pgn-extract');
    const pgn =
      (await readShared('chess/pgn/pgn4web/oly14r11.pgn')) ??
      '[Event "a"]\n[Site "?"]\n[Date "?"]\n[Round "?"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3 Be6 8. f3 Be7 9. Qd2 O-O 10. O-O-O Nbd7 11. g4 b5 12. g5 b4 13. Ne2 Ne8 14. f4 a5 15. f5 a4 16. Nbd4 exd4 17. Nxd4 b3 18. Kb1 bxc2+ 19. Nxc2 Bb3 20. axb3 axb3 21. Na3 Ra6 22. Qc3 Rxa3 *\n';
    const file = join(dir, 'games.pgn');
    writeFileSync(file, pgn);
    const r = spawnSync(PGN_EXTRACT, ['-Wepd', '-s', file], { encoding: 'utf8' });
    expect(r.status).to.equal(0);
    const theirs = r.stdout
      .split('\n')
      .filter((l) => /^\S+\/\S+ [wb] /.test(l))
      .map((l) => l.split(' ').slice(0, 4).join(' '));
    const ours = parsePgn(pgn).flatMap((g) => {
      const e = pgnToEpd(g.value);
      return e.ok ? e.value.map((x) => x.position) : [];
    });
    expect(ours.length).to.be.greaterThan(40);
    expect(ours).to.deep.equal(theirs);
  });
});
