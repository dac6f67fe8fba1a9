// The CLI tells a file's format from its extension, then from its content; a `.pgn` that holds a
// bughouse match (chess.com saves its bughouse export as .pgn) is read as BPGN.
import { expect } from 'chai';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, root, tempDir } from './support.js';

describe('CLI: format detection', () => {
  const dir = tempDir('detect');

  it('a .pgn with bughouse tags is checked as BPGN; a chess .pgn stays PGN; --format overrides', () => {
    const bughouse = join(dir, 'chesscom-bughouse.pgn');
    copyFileSync(join(root, 'test/fixtures/bughouse/chesscom-export.bpgn'), bughouse);
    const r = cli(['check', bughouse, '--json']);
    expect(r.code, r.err).to.equal(0);
    const report = JSON.parse(r.out);
    expect(report.format).to.equal('bpgn');
    expect(report.errors).to.deep.equal([]);

    const chess = join(dir, 'chess.pgn');
    writeFileSync(
      chess,
      '[Event "x"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n',
    );
    const c = cli(['check', chess, '--json']);
    expect(c.code, c.err).to.equal(0);
    expect(JSON.parse(c.out).format).to.equal('pgn');

    const forced = cli(['check', bughouse, '--format', 'pgn', '--json']);
    expect(JSON.parse(forced.out).format).to.equal('pgn');
  });
});
