// `npm start` (scripts/demo.mjs), the README's first fresh-machine command, over the bundled samples:
// every step exits 0 and shows what it is there to show.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './support.js';

describe('npm start: the CLI over examples/data', () => {
  it('runs every step cleanly', () => {
    const r = spawnSync(process.execPath, ['scripts/demo.mjs'], { cwd: root, encoding: 'utf8', timeout: 240_000 });
    expect(r.status, r.stderr).to.equal(0);
    // perft 5 from the start position, the DD table, the solver's key, a bughouse table, a BFEN
    expect(r.stdout).to.contain('4865609');
    expect(r.stdout).to.match(/\$ gamenotation solve examples\/data\/sample\.pbi\n[\s\S]*?1\.\S+!/);
    expect(r.stdout).to.match(/VampireGod \(2334\) +JohnnyCarwash \(UNR\)/);
    expect(r.stdout).to.match(/ \| [^\n]*\/[QRBNPqrbnp]+ w /);
    for (const svg of ['sample-game.svg', 'sample-match.svg', 'sample-dd.svg']) {
      expect(readFileSync(join(root, 'dist', svg), 'utf8')).to.match(/^<svg[^>]*role="img"/);
    }
    // With an engine installed (CI has Debian's stockfish), the analysis steps ran and validated.
    if (existsSync('/usr/games/stockfish')) {
      expect(r.stdout).to.match(/dist\/sample\.aif: aif, 1 games, 33 blocks; 0 errors/);
      expect(readFileSync(join(root, 'dist', 'sample-eval.svg'), 'utf8')).to.match(/^<svg/);
    }
  });
});
