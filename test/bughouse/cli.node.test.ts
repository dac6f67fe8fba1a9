// The CLI on BPGN and chess.com JSON, run as a user would (dist/cli.js).
import { expect } from 'chai';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, root, tempDir } from '../cli/support.js';
import { readShared } from '../support/data.js';

const SAMPLES = join(root, 'test/fixtures/bughouse/spec-samples.bpgn');

describe('gamenotation CLI on bughouse files', () => {
  it('check: clean file, exit 0; an illegal move as file:line:col CODE, exit 1', () => {
    const ok = cli(['check', SAMPLES]);
    expect(ok.code, ok.err).to.equal(0);
    expect(ok.err + ok.out).to.match(/2 matches, 101 moves; 0 errors/);
    const dir = tempDir('bpgn');
    const bad = join(dir, 'bad.txt'); // no extension: the content tells the format
    writeFileSync(bad, '[WhiteA "a"][BlackA "b"]\n[WhiteB "c"][BlackB "d"]\n\n1A. e4{10} 1B. d4 1a. Ke2 1b. d5 *\n');
    const r = cli(['check', bad]);
    expect(r.code).to.equal(1);
    expect(r.out).to.contain(`${bad}:4:23 ERR_SAN_ILLEGAL`);
  });

  it('convert --to json gives the issue’s shape; --to bfen the final position; export is canonical', () => {
    const r = cli(['convert', SAMPLES, '--to', 'json']);
    expect(r.code, r.err).to.equal(0);
    const json = JSON.parse(r.out) as Record<string, unknown>[];
    expect(json).to.have.length(2);
    expect(Object.keys(json[0]!)).to.deep.equal(['tags', 'result', 'termination', 'start', 'final', 'moves', 'errors']);
    const moves = json[0]!.moves as Record<string, unknown>[];
    expect(moves[0]).to.deep.equal({ board: 'A', color: 'white', number: 1, san: 'd4', uci: 'd2d4', clock: 298 });
    expect(moves.some((m) => m.san === 'P@e4' && m.uci === 'P@e4')).to.equal(true);
    expect((json[1]!.start as { B: string }).B).to.equal(
      '2Nrkb1r/pPpbqppp/2p5/8/3N4/2P1B3/P1P1QPpP/R3K2R[Pbp] w KQk - 0 14',
    );
    const bfen = cli(['convert', SAMPLES, '--to', 'bfen']);
    expect(bfen.out.trim().split('\n')).to.have.length(2);
    expect(bfen.out).to.match(/ \| /);
    const exported = cli(['export', SAMPLES]);
    const dir = tempDir('bpgn');
    const file = join(dir, 'x.bpgn');
    writeFileSync(file, exported.out);
    expect(cli(['export', file]).out).to.equal(exported.out);
  });

  it('show prints the four-column table', () => {
    const r = cli(['show', SAMPLES]);
    expect(r.code, r.err).to.equal(0);
    expect(r.out.split('\n')[0]).to.match(/^raven \(2165\) +Gnejs \(2724\) +Paaso \(1925\) +death \(2307\)$/);
    expect(cli(['show', SAMPLES, '--html']).out).to.match(/^<table class="bughouse">/);
  });

  // The pair kept in test/fixtures stands in for the shared corpus when it is absent.
  const pair = async (): Promise<[string, string, string, string]> => {
    const a = await readShared('bughouse/chesscom-json/158858846801.json');
    if (a !== null)
      return ['158858846801', a, '158858846803', (await readShared('bughouse/chesscom-json/158858846803.json'))!];
    const fixtures = join(root, 'test/fixtures/bughouse/chesscom');
    return [
      '160842422747',
      readFileSync(join(fixtures, '160842422747.json'), 'utf8'),
      '160842422749',
      readFileSync(join(fixtures, '160842422749.json'), 'utf8'),
    ];
  };

  it('convert A.json --to bpgn reads the partner game beside it', async () => {
    const [idA, a, idB, b] = await pair();
    const white = (JSON.parse(a) as { players: { top: { username: string }; bottom: { username: string } } }).players;
    const dir = tempDir('chesscom');
    writeFileSync(join(dir, `${idA}.json`), a);
    const lonely = cli(['convert', join(dir, `${idA}.json`), '--to', 'bpgn']);
    expect(lonely.code).to.equal(1);
    expect(lonely.err + lonely.out).to.contain('ERR_CHESSCOM_PARTNER');
    writeFileSync(join(dir, `${idB}.json`), b);
    const r = cli(['convert', join(dir, `${idB}.json`), '--to', 'bpgn']);
    expect(r.code, r.err).to.equal(0);
    expect(r.out).to.match(/^\[Event "Live Chess - Bughouse"\]/);
    expect(r.out).to.contain(`{C: chess.com games ${idA} and ${idB}}`);
    expect([white.top.username, white.bottom.username].some((name) => r.out.includes(`"${name}"`))).to.equal(true);
  });

  it('convert --to json keeps what was wrong in a game in the JSON', async () => {
    const [, a, , b] = await pair();
    const broken = JSON.parse(b) as { game: { moveList: string } };
    broken.game.moveList += 'm'; // an odd length: one half of a TCN move
    const dir = tempDir('chesscom-json');
    writeFileSync(join(dir, 'first.json'), a);
    writeFileSync(join(dir, 'second.json'), JSON.stringify(broken));
    const r = cli(['convert', join(dir, 'first.json'), join(dir, 'second.json'), '--to', 'json']);
    const [match] = JSON.parse(r.out) as { errors: { code: string }[] }[];
    expect(match!.errors.map((e) => e.code)).to.contain('ERR_CHESSCOM_TCN');
  });

  it('convert --to bpgn of a game whose pgnHeaders.White holds a line break: one tag line, a warning, a clean check (issue #25)', async () => {
    const [, a, , b] = await pair();
    const hostile = JSON.parse(a) as { game: { pgnHeaders: Record<string, string> } };
    hostile.game.pgnHeaders.White = 'evil"]\n[Evil "1';
    const dir = tempDir('chesscom-tag');
    writeFileSync(join(dir, 'first.json'), JSON.stringify(hostile));
    writeFileSync(join(dir, 'second.json'), b);
    const r = cli(['convert', join(dir, 'first.json'), join(dir, 'second.json'), '--to', 'bpgn']);
    expect(r.code, r.err).to.equal(0);
    expect(r.err).to.match(/ERR_TEXT_TAG_CONTROL warning: tag "White\w?"/);
    expect(r.out).to.not.match(/^\[Evil /m);
    expect(r.out).to.contain('"evil\\"] [Evil \\"1"');
    const out = join(dir, 'out.bpgn');
    writeFileSync(out, r.out);
    const check = cli(['check', out]);
    expect(check.code, check.out + check.err).to.equal(0);
    expect(check.out + check.err).to.match(/1 matches?, \d+ moves; 0 errors/);
    // --quiet silences the warning, not the output
    const quiet = cli(['convert', join(dir, 'first.json'), join(dir, 'second.json'), '--to', 'bpgn', '--quiet']);
    expect(quiet.err).to.equal('');
    expect(quiet.out).to.equal(r.out);
  });

  it('convert A.json B.json --to bpgn takes the partner game as a second FILE', async () => {
    const [idA, a, idB, b] = await pair();
    const dir = tempDir('chesscom2');
    writeFileSync(join(dir, 'first.json'), a);
    writeFileSync(join(dir, 'second.json'), b);
    const r = cli(['convert', join(dir, 'first.json'), join(dir, 'second.json'), '--to', 'bpgn']);
    expect(r.code, r.err).to.equal(0);
    expect(r.out).to.contain(`{C: chess.com games ${idA} and ${idB}}`);
    // the same match as when the partner is found beside the file
    writeFileSync(join(dir, `${idB}.json`), b);
    expect(cli(['convert', join(dir, 'first.json'), '--to', 'bpgn']).out).to.equal(r.out);
  });
});
