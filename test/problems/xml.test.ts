import { expect } from 'chai';
import {
  checkProblemXml,
  deriveTwin,
  deriveTwins,
  encodeProblemXml,
  makeProblemXml,
  parseProblemXml,
  twinFens,
  type ProblemsDocument,
} from 'gamenotation/problems';
import { effectiveRelease, latestRelease } from '../../src/problems/xml/derive.js';
import { solutionText } from '../../src/problems/convert/twins.js';
import { fixtureBytes, referenceProblems } from './support.js';

const NS = 'http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0';

/** The model without source positions, for comparing a document with its rewritten form. */
const strip = (x: unknown): unknown =>
  JSON.parse(JSON.stringify(x, (k, v) => (k === 'pos' || k === 'encoding' ? undefined : v)));

const planes = (sq: string) =>
  `<plane dim="1" value="${sq.charCodeAt(0) - 96}"/><plane dim="2" value="${sq.slice(1)}"/>`;

describe('problem XML: the example problem of problem.xsd (PCCC 1989, h#2, correction)', () => {
  let doc: ProblemsDocument;
  // mocha has before(), vitest beforeAll(): the same hook under its two names
  const beforeAllHook: (fn: () => Promise<void>) => void = (globalThis as any).beforeAll ?? (globalThis as any).before;
  beforeAllHook(async () => {
    const r = checkProblemXml(await fixtureBytes('pccc-1989-h2.xml'));
    expect(r.errors).to.deep.equal([]);
    expect(r.warnings).to.deep.equal([]);
    doc = r.value!;
  });

  it('reads the ISO-8859-1 document and its structure', () => {
    expect(doc.encoding).to.equal('ISO-8859-1');
    expect(doc.title).to.equal('An XML example');
    expect(doc.remarks[0]!.signature!.by).to.deep.equal(['Thomas Maeder']);
    expect(doc.remarks[0]!.signature!.date).to.deep.equal({ day: '13', month: '04', year: '2003' });
    const p = doc.problems[0]!;
    expect(p.remarks[0]!.text!.startsWith('Lösung geprüft')).to.equal(true);
    expect(p.foreignIds).to.deep.equal([{ domain: 'PDB', problemId: 'P0540993', pos: p.foreignIds[0]!.pos }]);
    expect(p.releases.map((r) => [r.id, r.base, r.type])).to.deep.equal([
      ['r1.1', undefined, 'initial'],
      ['r1.2', 'r1.1', 'correction'],
    ]);
    const corr = p.releases[1]!;
    expect(corr.authors.slice(0, 3).map((a) => a.name!.familyName)).to.deep.equal([
      'Maeder',
      'Fougiaxis',
      'Moutecidis',
    ]);
    expect(corr.authors[0]!.name!.transcription).to.equal('local');
    expect(corr.authors[3]!.vcard!.name).to.equal('vCard:VCARD');
    expect(corr.sources[0]).to.include({ name: 'The Problemist', volume: '13', issue: '8' });
    expect(corr.sources[0]!.date).to.deep.equal({ month: '3', year: '1990' });
    expect(p.releases[0]!.awards[0]!.distinction).to.equal('3rd prize');
    expect(corr.twins.map((t) => [t.id, t.base])).to.deep.equal([
      ['initial_a', undefined],
      ['initial_b', 'initial_a'],
    ]);
    const stip = corr.twins[0]!.stipulation!;
    expect([stip.order, stip.play, stip.length!.type, stip.length!.value, stip.endstate!.type]).to.deep.equal([
      'alternating',
      'help',
      'maximum',
      '4',
      'mate',
    ]);
    expect(corr.twins[1]!.position!.ops).to.deep.equal([
      {
        op: 'pieces',
        items: [{ op: 'exchange', piece1: 'blackqueenf8', piece2: 'blackknightb8', pos: { line: 163, column: 13 } }],
        pos: { line: 162, column: 11 },
      },
    ]);
  });

  it('derives both twin positions of the correction: b) exchanges bQf8 and bSb8', () => {
    const items = deriveTwins(doc.problems[0]!).filter((t) => t.value.releaseId === 'r1.2');
    expect(items.map((t) => [t.errors, t.warnings])).to.deep.equal([
      [[], []],
      [[], []],
    ]);
    const [a, b] = items.map((t) => t.value);
    const at = (t: typeof a, sq: string) => t!.board.squares[(Number(sq[1]) - 1) * 8 + sq.charCodeAt(0) - 97];
    // facts stated on the example page
    expect(at(a, 'a5')).to.include({ color: 'white', kind: 'king' });
    expect(at(a, 'h7')).to.include({ color: 'white', kind: 'rook' });
    expect(at(a, 'a2')).to.include({ color: 'black', kind: 'rook' });
    expect(at(a, 'f8')).to.include({ color: 'black', kind: 'queen' });
    expect(at(a, 'b8')).to.include({ color: 'black', kind: 'knight' });
    expect(at(b, 'f8')).to.include({ color: 'black', kind: 'knight', id: 'blackknightb8' });
    expect(at(b, 'b8')).to.include({ color: 'black', kind: 'queen', id: 'blackqueenf8' });
    expect(b!.chain).to.deep.equal(['initial_a', 'initial_b']);
    // the stipulation is inherited unmodified
    expect(b!.stipulation).to.deep.equal(a!.stipulation);
    for (let sq = 0; sq < 64; sq++) {
      if (sq === 57 || sq === 61) continue;
      expect(b!.board.squares[sq]).to.deep.equal(a!.board.squares[sq]);
    }
  });

  it('gives a FEN for every twin of every release', () => {
    expect(twinFens(doc.problems[0]!).map((t) => [t.releaseId, t.twinId, t.stipulation, t.fen])).to.deep.equal([
      ['r1.1', 'orig_a', 'h#2', '1bB2q1R/2k2P1R/3pP3/K2P4/8/P7/rp6/8 b - - 0 1'],
      ['r1.1', 'orig_b', 'h#2', '1bB2n1R/2k2P1R/3pP3/K2P4/8/P7/rp6/8 b - - 0 1'],
      ['r1.2', 'initial_a', 'h#2', '1nB2q1R/2k2P1R/3pP3/K2P4/8/P7/r7/8 b - - 0 1'],
      ['r1.2', 'initial_b', 'h#2', '1qB2n1R/2k2P1R/3pP3/K2P4/8/P7/r7/8 b - - 0 1'],
    ]);
  });

  it('follows the release chain', () => {
    const p = doc.problems[0]!;
    expect(latestRelease(p)!.id).to.equal('r1.2');
    const eff = effectiveRelease(p, p.releases[1]!);
    expect(eff.awards.map((a) => a.distinction)).to.deep.equal(['3rd prize']); // inherited from r1.1
    expect(eff.authors).to.have.length(4); // its own
  });

  it('decodes real ISO-8859-1 bytes as the XML declaration says', async () => {
    const ascii = new TextDecoder().decode(await fixtureBytes('pccc-1989-h2.xml'));
    const latin1 = ascii.replace('L&#246;sung gepr&#252;ft', 'L\u00f6sung gepr\u00fcft');
    const bytes = Uint8Array.from(latin1, (c) => c.charCodeAt(0));
    expect(bytes.includes(0xf6)).to.equal(true);
    const r = parseProblemXml(bytes);
    expect(r.errors).to.deep.equal([]);
    expect(strip(r.value)).to.deep.equal(strip(doc));
    // the same bytes declared UTF-8 are not valid UTF-8
    const wrong = parseProblemXml(Uint8Array.from(latin1.replace('ISO-8859-1', 'UTF-8'), (c) => c.charCodeAt(0)));
    expect(wrong.errors.map((e) => e.code)).to.deep.equal(['ERR_XML_ENCODING']);
  });

  it('writes it back (UTF-8 and ISO-8859-1) and reads the same model', () => {
    const utf8 = makeProblemXml(doc);
    expect(utf8.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<problems xmlns="' + NS + '"')).to.equal(true);
    const again = parseProblemXml(utf8);
    expect(again.errors).to.deep.equal([]);
    expect(strip(again.value)).to.deep.equal(strip(doc));
    const latin = encodeProblemXml(doc, { encoding: 'ISO-8859-1' });
    expect(latin.includes(0xf6)).to.equal(true); // ö as one byte
    const back = parseProblemXml(latin);
    expect(back.value!.encoding).to.equal('ISO-8859-1');
    expect(strip(back.value)).to.deep.equal(strip(doc));
  });

  it('writes characters ISO-8859-1 lacks as character references', () => {
    const copy = structuredClone(doc);
    copy.problems[0]!.releases[1]!.authors[1]!.name!.familyName = 'Φουγιαξης';
    const bytes = encodeProblemXml(copy, { encoding: 'ISO-8859-1' });
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text).to.include('&#934;&#959;');
    expect(parseProblemXml(bytes).value!.problems[0]!.releases[1]!.authors[1]!.name!.familyName).to.equal('Φουγιαξης');
  });
});

const wrap = (body: string, decls = '') => `<?xml version="1.0"?>
<problems xmlns="${NS}">
<problem>
<piecedecls>
<piecedecl id="wk" kind="king" color="white"/>
<piecedecl id="wr" kind="rook" color="white"/>
<piecedecl id="bk" kind="king" color="black"/>
<piecedecl id="bp" kind="pawn" color="black"/>${decls}
</piecedecls>
<release id="r1" type="initial">
${body}
</release>
</problem>
</problems>`;

const basePosition = `<twin id="a"><position id="a"><pieces>
<addition piece="wk">${planes('a1')}</addition>
<addition piece="wr">${planes('g6')}</addition>
<addition piece="bk">${planes('h8')}</addition>
<addition piece="bp">${planes('c3')}</addition>
</pieces></position><stipulation order="alternating" play="direct"><length type="maximum" value="3"/><endstate type="mate"/></stipulation>
<solution>
<move id="m1" type="solution"><change piece="wr">${planes('g1')}</change></move>
<move id="m2" parent="m1" type="solution"><change piece="bp">${planes('c2')}</change></move>
</solution></twin>`;

function boardOf(xml: string, twin: string): string {
  const r = checkProblemXml(xml);
  expect(r.errors, JSON.stringify(r.errors)).to.deep.equal([]);
  return twinFens(r.value!.problems[0]!)
    .find((t) => t.twinId === twin)!
    .fen!.split(' ')[0]!;
}

describe('problem XML: position operations', () => {
  const twin = (ops: string, extra = '') =>
    wrap(`${basePosition}<twin id="b" base="a"${extra}><position id="b" base="a">${ops}</position></twin>`);
  it('starts from the pieces', () => expect(boardOf(wrap(basePosition), 'a')).to.equal('7k/8/6R1/8/8/2p5/8/K7'));
  it('rotation 90 (a1 goes to h1, as Popeye rotates)', () =>
    expect(boardOf(twin('<rotation angle="90"/>'), 'b')).to.equal('k7/2R5/8/8/8/5p2/8/7K'));
  it('rotation 180', () => expect(boardOf(twin('<rotation angle="180"/>'), 'b')).to.equal('7K/8/5p2/8/8/1R6/8/k7'));
  it('reflection of files and of ranks', () => {
    expect(boardOf(twin('<reflection><axis dim="1"/></reflection>'), 'b')).to.equal('k7/8/1R6/8/8/5p2/8/7K');
    expect(boardOf(twin('<reflection><axis dim="2"/></reflection>'), 'b')).to.equal('K7/8/2p5/8/8/6R1/8/7k');
  });
  it('translation', () =>
    expect(
      boardOf(
        twin(
          `<pieces><removal piece="bk"/></pieces><translation><plane dim="1" value="1"/><plane dim="2" value="1"/></translation>`,
        ),
        'b',
      ),
    ).to.equal('8/7R/8/8/3p4/8/1K6/8'));
  it('swapcolors', () => expect(boardOf(twin('<swapcolors/>'), 'b')).to.equal('7K/8/6r1/8/8/2P5/8/k7'));
  it('removal, moving addition, addition with a new kind and colour', () => {
    expect(
      boardOf(
        twin(
          `<pieces><removal piece="bp"/><addition piece="wr">${planes('d4')}</addition><addition piece="wk" kind="queen" color="black">${planes('a2')}</addition></pieces>`,
        ),
        'b',
      ),
    ).to.equal('7k/8/8/8/3R4/8/q7/8');
  });
  it('an addition onto an occupied square replaces the piece there', () => {
    expect(boardOf(twin(`<pieces><addition piece="wr">${planes('c3')}</addition></pieces>`), 'b')).to.equal(
      '7k/8/8/8/8/2R5/8/K7',
    );
  });
  it("aftermove: the position after a move of the base twin's solution (with its parents)", () => {
    expect(boardOf(twin('<aftermove move="m2"/>'), 'b')).to.equal('7k/8/8/8/8/8/2p5/K5R1');
  });
  it('renders the solution: keys for direct play, whole lines for help play', () => {
    const r = checkProblemXml(wrap(basePosition));
    const twin = r.value!.problems[0]!.releases[0]!.twins[0]!;
    expect(solutionText(twin, r.twins[0]!.value.board, twin.stipulation)).to.equal('Rg6-g1');
    expect(solutionText(twin, r.twins[0]!.value.board, { ...twin.stipulation, play: 'help' })).to.equal('Rg6-g1 c3-c2');
  });
  it("continued twins follow the base chain; a twin without position takes its base's", () => {
    const xml = wrap(`${basePosition}
<twin id="b" base="a"><position id="b" base="a"><pieces><removal piece="bp"/></pieces></position></twin>
<twin id="c" base="b"><position id="c" base="b"><rotation angle="180"/></position></twin>
<twin id="d" base="c" type="duplex"/>
<twin id="e" base="a"><stipulation order="alternating" play="help"><length type="maximum" value="4"/><endstate type="mate"/></stipulation></twin>`);
    const fens = twinFens(checkProblemXml(xml).value!.problems[0]!);
    expect(fens.map((f) => [f.twinId, f.stipulation, f.fen])).to.deep.equal([
      ['a', '#2', '7k/8/6R1/8/8/2p5/8/K7 w - - 0 1'],
      ['b', '#2', '7k/8/6R1/8/8/8/8/K7 w - - 0 1'],
      ['c', '#2', '7K/8/8/8/8/1R6/8/k7 w - - 0 1'],
      ['d', '#2', '7K/8/8/8/8/1R6/8/k7 w - - 0 1'],
      ['e', 'h#2', '7k/8/6R1/8/8/2p5/8/K7 b - - 0 1'],
    ]);
  });
  it('a board with a third dimension: read, warned about, not crashed on', () => {
    const r = checkProblemXml(
      twin(
        `<pieces><addition piece="bp"><plane dim="1" value="3"/><plane dim="2" value="3"/><plane dim="3" value="2"/></addition></pieces>`,
      ),
    );
    expect(r.errors).to.deep.equal([]);
    expect(r.warnings.map((w) => [w.code, w.line])).to.deep.equal([['ERR_XML_PLANES', 20]]);
  });
  it('fairy pieces and neutral pieces: derived, but no FEN (a warning instead)', () => {
    const xml = wrap(
      `${basePosition}<twin id="b" base="a"><position id="b" base="a"><pieces><addition piece="gh">${planes('e4')}</addition><addition piece="np">${planes('d5')}</addition></pieces></position></twin>`,
      '\n<piecedecl id="gh" kind="grasshopper" color="white"/>\n<piecedecl id="np" kind="pawn" color="neutral"/>',
    );
    const r = checkProblemXml(xml);
    expect(r.errors).to.deep.equal([]);
    const fens = twinFens(r.value!.problems[0]!);
    expect(fens[1]!.fen).to.equal(undefined);
    expect(fens[1]!.warning!.code).to.equal('ERR_PROBLEM_NOT_FEN');
    expect(r.twins[1]!.value.board.squares[28]).to.deep.equal({ color: 'white', kind: 'grasshopper', id: 'gh' });
  });
});

describe('problem XML: safety and errors', () => {
  it('rejects entity declarations (billion laughs, external entities)', () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE problems [\n <!ENTITY a "ha">\n <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">\n]>\n<problems xmlns="${NS}">&b;</problems>`;
    const r = parseProblemXml(laughs);
    expect(r.value).to.equal(null);
    expect(r.errors.map((e) => [e.code, e.line, e.column])).to.deep.equal([['ERR_XML_DOCTYPE', 2, 1]]);
    const ext = parseProblemXml(
      `<?xml version="1.0"?><!DOCTYPE p [<!ENTITY x SYSTEM "file:///etc/passwd">]><problems>&x;</problems>`,
    );
    expect(ext.errors[0]!.code).to.equal('ERR_XML_DOCTYPE');
    const stray = parseProblemXml(`<problems xmlns="${NS}">\n  <!ENTITY e "e"><remark/></problems>`);
    expect(stray.errors.map((e) => [e.code, e.line, e.column])).to.deep.equal([['ERR_XML_DOCTYPE', 2, 3]]);
  });
  it('expands only the XML built-ins and character references', () => {
    const r = parseProblemXml(
      `<problems xmlns="${NS}"><remark><text>a &lt;&amp;&gt; &#x263A; &#65;</text></remark>\n<remark><text>&nbsp;</text></remark></problems>`,
    );
    expect(r.value!.remarks[0]!.text).to.equal('a <&> ☺ A');
    const cdata = parseProblemXml(
      `<problems xmlns="${NS}"><remark><text>x <![CDATA[a & <b> &amp;]]> y<!-- c --></text></remark></problems>`,
    );
    expect(cdata.errors).to.deep.equal([]);
    expect(cdata.value!.remarks[0]!.text).to.equal('x a & <b> &amp; y');
    expect(parseProblemXml(makeProblemXml(cdata.value!)).value!.remarks[0]!.text).to.equal('x a & <b> &amp; y');
    expect(r.errors.map((e) => [e.code, e.line, e.column])).to.deep.equal([['ERR_XML_ENTITY', 2, 9]]);
  });
  it('reports syntax errors with line:column', () => {
    const r = parseProblemXml(`<?xml version="1.0"?>\n<problems xmlns="${NS}">\n  <problem>\n  </problm>\n</problems>`);
    expect(r.value).to.equal(null);
    expect(r.errors[0]!.code).to.equal('ERR_XML_SYNTAX');
    expect(r.errors[0]!.line).to.equal(4);
    expect(r.errors[0]!.column).to.be.a('number');
  });
  it('reports semantic errors at their element', () => {
    const xml = wrap(`${basePosition}
<twin id="b" base="zz"/>
<twin id="a" base="a"><position id="q" base="nowhere"><pieces><addition piece="ghost">${planes('a1')}</addition><addition piece="wk"><plane dim="1" value="9"/><plane dim="2" value="1"/></addition></pieces></position></twin>
<twin><position id="q2"><rotation angle="45"/></position></twin>`);
    const r = checkProblemXml(xml.replace('<release id="r1" type="initial">', '<release id="r1" type="final">'));
    const got = r.errors.map((e) => [e.code, e.line, e.column]);
    expect(got).to.deep.include(['ERR_XML_ATTRIBUTE', 10, 1]); // release/@type
    expect(got).to.deep.include(['ERR_XML_REFERENCE', 21, 1]); // twin base zz
    expect(got).to.deep.include(['ERR_XML_DUPLICATE_ID', 22, 1]); // twin id a again
    expect(got).to.deep.include(['ERR_XML_REFERENCE', 22, 23]); // position base nowhere
    expect(got).to.deep.include(['ERR_XML_REFERENCE', 22, 63]); // piece ghost
    expect(got).to.deep.include(['ERR_XML_SQUARE', 22, 150]); // file 9
    expect(got).to.deep.include(['ERR_XML_ATTRIBUTE', 23, 1]); // twin without id
    expect(got).to.deep.include(['ERR_XML_ATTRIBUTE', 23, 25]); // rotation 45
    expect(got.map((e) => e[0])).to.not.include('ERR_XML_CYCLE');
  });
  it('deriveTwins gives each twin its own errors and warnings; deriveTwin picks one item by id', () => {
    const problem = parseProblemXml(
      wrap(`${basePosition}
<twin id="b" base="zz"/>
<twin id="c" base="a"><position id="c" base="a"><pieces><removal piece="wk"/><removal piece="wk"/></pieces></position></twin>`),
    ).value!.problems[0]!;
    const items = deriveTwins(problem);
    const codes = (list: { code: string; line?: number }[]) => list.map((e) => [e.code, e.line]);
    expect(items.map((t) => [t.value.twinId, codes(t.errors), codes(t.warnings)])).to.deep.equal([
      ['a', [], []],
      ['b', [['ERR_XML_REFERENCE', 21]], [['ERR_XML_NO_POSITION', 21]]], // base zz does not exist
      ['c', [['ERR_XML_PIECE', 22]], []], // the second removal finds no white king
    ]);
    const c = deriveTwin(problem, 'c', 'r1')!;
    expect(c.value.chain).to.deep.equal(['a', 'c']);
    expect(c.errors).to.deep.equal(items[2]!.errors);
    expect(c.value.board.squares.filter(Boolean)).to.have.length(3);
    expect(deriveTwin(problem, 'c', 'r2')).to.equal(undefined);
  });
  it('names a wrong root and a foreign namespace', () => {
    expect(parseProblemXml('<games/>').errors.map((e) => e.code)).to.deep.equal(['ERR_XML_ROOT']);
    expect(parseProblemXml('<problems/>').warnings.map((w) => w.code)).to.deep.equal(['ERR_XML_NAMESPACE']);
    expect(parseProblemXml('').errors.map((e) => e.code)).to.have.length(1);
  });
});

describe('problem XML: twins of solve-reference.jsonl derived as Popeye derives them', () => {
  const KIND: Record<string, string> = {
    K: 'king',
    Q: 'queen',
    R: 'rook',
    B: 'bishop',
    S: 'knight',
    N: 'knight',
    P: 'pawn',
  };
  /** Writes a reference problem as problem XML (piece ids by starting square; our own template). */
  function toXml(
    fen: string,
    parts: { twin_command: string | null; stipulation: string }[],
    stip0: string,
  ): string | undefined {
    const decls: string[] = [];
    const adds: string[] = [];
    const rows = fen.split(' ')[0]!.split('/');
    const where = new Map<string, string>(); // square → piece id currently there
    rows.forEach((row, r) => {
      let file = 0;
      for (const ch of row) {
        if (/[1-8]/.test(ch)) {
          file += Number(ch);
          continue;
        }
        const sq = `${String.fromCharCode(97 + file)}${8 - r}`;
        const id = `p${sq}`;
        decls.push(
          `<piecedecl id="${id}" kind="${KIND[ch.toUpperCase()]}" color="${ch === ch.toUpperCase() ? 'white' : 'black'}"/>`,
        );
        adds.push(`<addition piece="${id}">${planes(sq)}</addition>`);
        where.set(sq, id);
        file++;
      }
    });
    const stip = (s: string) => {
      const m = /^(h|s)?#(\d)$/.exec(s)!;
      const play = m[1] === 'h' ? 'help' : m[1] === 's' ? 'self' : 'direct';
      const n = Number(m[2]);
      return `<stipulation order="alternating" play="${play}"><length type="maximum" value="${play === 'help' ? 2 * n : 2 * n - 1}"/><endstate type="mate"/></stipulation>`;
    };
    const twins = [`<twin id="t0"><position id="t0"><pieces>${adds.join('')}</pieces></position>${stip(stip0)}</twin>`];
    const original = new Map(where);
    let extraId = 0;
    for (let i = 1; i < parts.length; i++) {
      const cmd = parts[i]!.twin_command!;
      const continued = cmd.startsWith('Continued ');
      const words = cmd.replace(/^Continued /, '').split(' ');
      const base = continued ? `t${i - 1}` : 't0';
      if (!continued) {
        where.clear();
        for (const [k, v] of original) where.set(k, v);
      }
      let ops = '';
      let stipEl = '';
      if (words[0] === 'Move') {
        ops = `<pieces><addition piece="${where.get(words[1]!)}">${planes(words[2]!)}</addition></pieces>`;
        where.set(words[2]!, where.get(words[1]!)!);
        where.delete(words[1]!);
      } else if (words[0] === 'Exchange') {
        ops = `<pieces><exchange piece1="${where.get(words[1]!)}" piece2="${where.get(words[2]!)}"/></pieces>`;
        const a = where.get(words[1]!)!;
        where.set(words[1]!, where.get(words[2]!)!);
        where.set(words[2]!, a);
      } else if (words[0] === 'Add') {
        const id = `x${extraId++}`;
        const sq = words[2]!.slice(1);
        decls.push(`<piecedecl id="${id}" kind="${KIND[words[2]![0]!]}" color="${words[1]}"/>`);
        ops = `<pieces><addition piece="${id}">${planes(sq)}</addition></pieces>`;
        where.set(sq, id);
      } else if (words[0] === 'Substitute') {
        const from = KIND[words[1]!]!;
        const items: string[] = [];
        for (const [sq, id] of where)
          if (decls.find((d) => d.includes(`id="${id}"`))!.includes(`kind="${from}"`))
            items.push(`<addition piece="${id}" kind="${KIND[words[2]!]}">${planes(sq)}</addition>`);
        ops = `<pieces>${items.join('')}</pieces>`;
      } else if (words[0] === 'Stipulation') {
        stipEl = stip(words[1]!);
      } else return undefined;
      twins.push(
        `<twin id="t${i}" base="${base}">${ops ? `<position id="t${i}" base="${base}">${ops}</position>` : ''}${stipEl}</twin>`,
      );
    }
    return `<?xml version="1.0" encoding="UTF-8"?><problems xmlns="${NS}"><problem><piecedecls>${decls.join('')}</piecedecls><release id="r" type="initial">${twins.join('')}</release></problem></problems>`;
  }

  it('matches the FEN (board, side to move, castling) of every twin', async () => {
    let twinned = 0;
    for (const r of await referenceProblems()) {
      const xml = toXml(r.fen, r.parts, r.stipulation);
      expect(xml, r.id).to.be.a('string');
      const check = checkProblemXml(xml!);
      expect(check.errors, r.id).to.deep.equal([]);
      const fens = twinFens(check.value!.problems[0]!);
      expect(fens).to.have.length(r.parts.length);
      fens.forEach((f, i) => {
        // board, side to move and castling (both by the problemists' home-square convention); e.p. needs the last move
        expect(f.fen!.split(' ').slice(0, 3), `${r.id} part ${i}`).to.deep.equal(
          r.parts[i]!.fen.split(' ').slice(0, 3),
        );
        expect(f.stipulation).to.equal(r.parts[i]!.stipulation);
      });
      if (r.parts.length > 1) twinned++;
    }
    expect(twinned).to.be.greaterThan(3);
  });
});
