// The CLI verbs for PBN, run as a user runs them (the built dist/cli.js).
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = (...args: string[]) => {
  const r = spawnSync(process.execPath, [join(root, 'dist/cli.js'), ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const dir = mkdtempSync(join(tmpdir(), 'gn-pbn-'));

describe('CLI: pbn', () => {
  it('check FILE.pbn (text and --json)', () => {
    const r = cli('check', 'examples/data/sample.pbn');
    expect(r.code).to.equal(0);
    expect(r.out).to.equal(
      'examples/data/sample.pbn: pbn, 3 games, 3 deals, 3 auctions, 2 plays; 0 errors, 0 warnings\n',
    );
    const j = JSON.parse(cli('check', 'examples/data/sample.pbn', '--json').out);
    expect(j).to.deep.include({ format: 'pbn', counts: { games: 3, deals: 3, auctions: 3, plays: 2 }, errors: [] });
  });
  it('check reports errors as file:line:col CODE message with exit 1', () => {
    const bad = join(dir, 'bad.pbn');
    writeFileSync(bad, '[Dealer "N"]\n[Deal "N:AKQJT98765432.A.. - - -"]\n[Auction "N"]\n1S Pass 1H\n');
    const r = cli('check', bad);
    expect(r.code).to.equal(1);
    expect(r.out.split('\n').slice(0, 2)).to.deep.equal([
      `${bad}:2:1 ERR_PBN_DEAL_CARDS hand of N has 14 cards`,
      `${bad}:4:9 ERR_PBN_AUCTION_INSUFFICIENT insufficient bid 1H by S (use ^I for an accepted insufficient bid)`,
    ]);
  });
  it('export FILE.pbn writes the export format', () => {
    const f = join(dir, 'loose.pbn');
    writeFileSync(f, '[Dealer "s"] [Vulnerable "both"]\n[Deal "n:akq.jt9.876.5432 - - -"]\n');
    const r = cli('export', f);
    expect(r.code).to.equal(0);
    expect(r.out).to.equal(
      [
        '% PBN 2.1',
        '% EXPORT',
        '[Event "?"]',
        '[Site "?"]',
        '[Date "?"]',
        '[Board "?"]',
        '[West "?"]',
        '[North "?"]',
        '[East "?"]',
        '[South "?"]',
        '[Dealer "S"]',
        '[Vulnerable "All"]',
        '[Deal "S:- - AKQ.JT9.876.5432 -"]',
        '[Scoring "?"]',
        '[Declarer "?"]',
        '[Contract "?"]',
        '[Result "?"]',
        '',
      ].join('\r\n'),
    );
  });
  it('convert FILE.pbn --to json gives the model', () => {
    const r = cli('convert', 'examples/data/sample.pbn', '--to', 'json');
    expect(r.code).to.equal(0);
    const j = JSON.parse(r.out);
    expect(j.games).to.have.length(3);
    expect(j.games[1].tags.Contract.value).to.equal('4SX');
    expect(j.games[2].auction.calls.map((c: { call: string }) => c.call)).to.deep.equal([
      'Pass',
      'Pass',
      'Pass',
      'Pass',
    ]);
  });
  it('reads standard input and recognises PBN by content', () => {
    const text = readFileSync(join(root, 'examples/data/sample.pbn'));
    const r = spawnSync(process.execPath, [join(root, 'dist/cli.js'), 'check', '-'], {
      cwd: root,
      input: text,
      encoding: 'utf8',
    });
    expect(r.status).to.equal(0);
    expect(r.stdout).to.include('pbn, 3 games');
  });
});
