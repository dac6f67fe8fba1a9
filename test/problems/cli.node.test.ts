// The CLI verbs for PBI and problem XML, run as a user runs them (the built dist/cli.js).
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = (...args: string[]) => {
  const r = spawnSync(process.execPath, [join(root, 'dist/cli.js'), ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const dir = mkdtempSync(join(tmpdir(), 'gn-problems-'));

describe('CLI: pbi and problem-xml', () => {
  it('check FILE.pbi (text and --json)', () => {
    const r = cli('check', 'examples/data/sample.pbi');
    expect(r.code).to.equal(0);
    expect(r.out).to.equal('examples/data/sample.pbi: pbi, 7 problems, 3 comments; 0 errors, 0 warnings\n');
    const j = JSON.parse(cli('check', 'examples/data/sample.pbi', '--json').out);
    expect(j).to.deep.include({ format: 'pbi', counts: { problems: 7, comments: 3 }, errors: [] });
  });
  it('check reports errors as file:line:col CODE message with exit 1', () => {
    const bad = join(dir, 'bad.pbi');
    writeFileSync(bad, '\ufeff#PBI 1.20\nA:8/8/8/8/8/8/8/7X:#2::::::\nB::::::\n');
    const r = cli('check', bad);
    expect(r.code).to.equal(1);
    expect(r.out.split('\n').slice(0, 3)).to.deep.equal([
      `${bad}:1:6 ERR_PBI_VERSION unknown PBI version '1.20' (the version is a string: only '1.1' and '1.2' are defined; '1.0' is obsolete)`,
      `${bad}:2:18 ERR_PBI_POSITION unexpected character 'X' in the position (pieces are KQRBSP/kqrbsp)`,
      `${bad}:3:8 ERR_PBI_FIELDS a data line has 9 ':'-separated fields, found 7 (encode ':' inside a field as \\x3a)`,
    ]);
  });
  it('export FILE.pbi normalises positions, --keep keeps them', () => {
    const f = join(dir, 'rows.pbi');
    writeFileSync(f, '\ufeff#PBI 1.2\r\nA:11111111/8/8/8/8/8/8/K6k:#2::::::\r\n');
    expect(cli('export', f).out).to.equal('\ufeff#PBI 1.2\r\nA:8/8/8/8/8/8/8/K6k:#2::::::\r\n');
    expect(cli('export', f, '--keep').out).to.equal('\ufeff#PBI 1.2\r\nA:11111111/8/8/8/8/8/8/K6k:#2::::::\r\n');
  });
  it('convert FILE.pbi --to xml|json|popeye', () => {
    const xml = cli('convert', 'examples/data/sample.pbi', '--to', 'xml');
    expect(xml.code).to.equal(0);
    expect(xml.out).to.match(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<problems xmlns="http:\/\/www.sci.fi\/~stniekat\/pccc\/2007\/Problem\/1\/0" count="7"/,
    );
    const xmlFile = join(dir, 'sample.xml');
    writeFileSync(xmlFile, xml.out);
    expect(cli('check', xmlFile).out).to.equal(
      `${xmlFile}: problem-xml, 7 problems, 7 releases, 7 twins; 0 errors, 0 warnings\n`,
    );
    const json = JSON.parse(cli('convert', 'examples/data/sample.pbi', '--to', 'json').out);
    expect(json.problems[0].fen).to.equal('b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1');
    const popeye = cli('convert', 'examples/data/sample.pbi', '--to', 'popeye').out;
    expect(popeye).to.include('Pieces White Kh4 Re1 Bg3 Sg2 Pa7 Pb7 Black Kh1 Bg1 Ba8\nStipulation #3\n');
  });
  it('convert FILE.xml --to pbi|json|popeye, with warnings on stderr', () => {
    const pbi = cli('convert', 'examples/data/sample-problem.xml', '--to', 'pbi');
    expect(pbi.code).to.equal(0);
    expect(pbi.out.split('\n')[3]).to.equal(
      'Torsten Linß:8/b3p3/3s4/4kP2/1Rr4r/4s1K1/5B2/8:h#2:|5001, Die Schwalbe 91, 2/1985, 3rd Prize||:::Rc4-c5 Rb4-f4 Se3-d5 Bf2-d4:!:b) Exchange e5 d6',
    );
    expect(pbi.err).to.include('ERR_CONVERT_TWIN warning');
    const json = JSON.parse(cli('convert', 'examples/data/sample-problem.xml', '--to', 'json').out);
    expect(json.twins[1].map((t: { fen: string }) => t.fen)).to.deep.equal([
      '8/b3p3/3n4/4kP2/1Rr4r/4n1K1/5B2/8 b - - 0 1',
      '8/b3p3/3k4/4nP2/1Rr4r/4n1K1/5B2/8 b - - 0 1',
    ]);
    expect(cli('convert', 'examples/data/sample-problem.xml', '--to', 'popeye').out).to.include(
      'Twin Exchange e5 d6\n',
    );
  });
  it('check FILE.xml reports XML errors with line:col', () => {
    const bad = join(dir, 'bad.xml');
    writeFileSync(
      bad,
      '<?xml version="1.0"?>\n<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0">\n<problem><release id="r" type="initial"><twin id="t" base="nope"/></release></problem>\n</problems>\n',
    );
    const r = cli('check', bad, '--json');
    expect(r.code).to.equal(1);
    const j = JSON.parse(r.out);
    expect(j.errors.map((e: any) => [e.code, e.line, e.column])).to.deep.include(['ERR_XML_REFERENCE', 3, 41]);
  });
});
