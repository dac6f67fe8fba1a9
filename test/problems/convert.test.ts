import { expect } from 'chai';
import {
  checkProblemXml,
  makePbi,
  makeProblemXml,
  parsePbi,
  parseProblemXml,
  pbiFen,
  pbiToPopeye,
  pbiToXml,
  twinFens,
  xmlToPbi,
  xmlToPopeye,
  type PbiDocument,
} from 'gamenotation/problems';
import { fixtureBytes, referenceProblems, type ReferenceProblem } from './support.js';

const BOM = '\ufeff';

/** Reads a Popeye `Pieces` line into square → colour+letter. */
function popeyePieces(input: string): Map<string, string> {
  const m = /^Pieces (.*)$/m.exec(input);
  const out = new Map<string, string>();
  let color = '';
  for (const word of m![1]!.split(/\s+/)) {
    if (/^(White|Black|Neutral)$/i.test(word)) color = word[0]!.toLowerCase();
    else out.set(word.slice(1).toLowerCase(), `${color}${word[0]!.toUpperCase()}`);
  }
  return out;
}

function fenPieces(fen: string): Map<string, string> {
  const out = new Map<string, string>();
  fen
    .split(' ')[0]!
    .split('/')
    .forEach((row, r) => {
      let file = 0;
      for (const ch of row) {
        if (/[1-8]/.test(ch)) file += Number(ch);
        else {
          out.set(
            `${String.fromCharCode(97 + file)}${8 - r}`,
            `${ch === ch.toUpperCase() ? 'w' : 'b'}${ch.toUpperCase().replace('N', 'S')}`,
          );
          file++;
        }
      }
    });
  return out;
}

/** Applies Popeye twinning commands (the subset we write) to a piece map: our own interpreter. */
function applyTwin(pieces: Map<string, string>, commands: string): Map<string, string> {
  const out = new Map(pieces);
  const w = commands.split(/\s+/);
  for (let i = 0; i < w.length; i++) {
    if (w[i] === 'Move') {
      out.set(w[i + 2]!, out.get(w[i + 1]!)!);
      out.delete(w[i + 1]!);
      i += 2;
    } else if (w[i] === 'Exchange') {
      const a = out.get(w[i + 1]!)!;
      out.set(w[i + 1]!, out.get(w[i + 2]!)!);
      out.set(w[i + 2]!, a);
      i += 2;
    } else if (w[i] === 'Remove') {
      out.delete(w[i + 1]!);
      i += 1;
    } else if (w[i] === 'Add') {
      out.set(w[i + 2]!.slice(1), `${w[i + 1]![0]}${w[i + 2]![0]}`);
      i += 2;
    } else if (w[i] === 'Stipulation') i += 1;
    else throw new Error(`unexpected twin word ${w[i]}`);
  }
  return out;
}

function referencePbi(problems: ReferenceProblem[]): string {
  const lines = problems.map((r) =>
    [
      r.author.split(' & ').join(';').replace(/:/g, '\\x3a'),
      r.fen.split(' ')[0]!.replace(/N/g, 'S').replace(/n/g, 's'),
      r.stipulation,
      '',
      '',
      '',
      '',
      r.parts[0]!.status,
      '',
    ].join(':'),
  );
  return `${BOM}#PBI 1.2\n${lines.join('\n')}\n`;
}

describe('conversions: XML → PBI → XML', () => {
  it('keeps what PBI can hold and reports the rest', async () => {
    const doc = checkProblemXml(await fixtureBytes('pccc-1989-h2.xml')).value!;
    const toPbi = xmlToPbi(doc);
    const pbiText = makePbi(toPbi.value);
    const pbi = parsePbi(pbiText);
    expect(pbi.errors).to.deep.equal([]);
    const p = pbi.value.problems[0]!;
    expect(p.names).to.deep.equal(['Thomas Maeder', 'Harry Fougiaxis', 'Pavlos N. Moutecidis', 'Costas Prentos']);
    expect(pbiFen(p)).to.equal('1nB2q1R/2k2P1R/3pP3/K2P4/8/P7/r7/8 b - - 0 1'); // twin a) of the latest release
    expect(p.stipulation).to.equal('h#2');
    expect(p.usedSource).to.deep.equal({ nr: '', title: 'The Problemist vol. 13 no. 8', date: '3/1990', page: '' });
    expect(p.awards).to.deep.equal([
      { nr: '', rank: '3rd prize', tourney: 'WCCC Quick composing tourney', date: '1989' },
    ]);
    expect(p.status).to.equal('!');
    expect(p.comment).to.include('b) Exchange b8 f8');
    // the solution's moves of twin a), as Popeye writes a helpmate line
    expect(p.keymove).to.equal('Qf8*c8 f7-f8=Q Qc8-d7 Qf8-c8');
    expect(toPbi.warnings.map((w) => w.code)).to.include.members([
      'ERR_CONVERT_RELEASE',
      'ERR_CONVERT_TWIN',
      'ERR_CONVERT_SOLUTION',
      'ERR_CONVERT_AUTHOR',
      'ERR_CONVERT_SOURCE',
      'ERR_CONVERT_DROPPED',
    ]);

    const back = pbiToXml(pbi.value);
    const xml = parseProblemXml(makeProblemXml(back.value));
    expect(xml.errors).to.deep.equal([]);
    const problem = xml.value!.problems[0]!;
    expect(problem.releases[0]!.authors.map((a) => a.name!.familyName)).to.deep.equal(p.names);
    expect(twinFens(problem)[0]!.fen).to.equal('1nB2q1R/2k2P1R/3pP3/K2P4/8/P7/r7/8 b - - 0 1');
    const stip = problem.releases[0]!.twins[0]!.stipulation!;
    expect([stip.order, stip.play, stip.length!.value, stip.endstate!.type]).to.deep.equal([
      'alternating',
      'help',
      '4',
      'mate',
    ]);
    expect(problem.releases[0]!.sources[0]!.date).to.deep.equal({ month: '3', year: '1990' });
    expect(problem.releases[0]!.awards[0]!.distinction).to.equal('3rd prize');
    expect(problem.releases[0]!.correctness[0]!.type).to.equal('correct');
    // and PBI is a fixed point from here on
    expect(makePbi(xmlToPbi(xml.value!).value)).to.equal(pbiText);
  });
});

describe('conversions: PBI → XML → PBI', () => {
  it('carries every PBI field (award numbers and pages with a warning)', () => {
    const text =
      `${BOM}#PBI 1.2\n#a comment\n` +
      'M. Abbott;S\\x3at John:1B6/7Q/4k3/4P2K/8/8/8/8:#2:68|White\\x3aSam Loyd|1962|:|Chess Amateur|1922|:|Pr|Problem|1960:Dh7-b7:!:note\n' +
      ':8/8/8/8/8/8/8/K6k:White to play and draw:1142|Chess-Monthly vol. XI|July, 1868|12::2|hm|American Chess|5/1960:::\n' +
      '::h#2.5:::::ok?:\n';
    const doc = parsePbi(text);
    expect(doc.errors).to.deep.equal([]);
    const x = pbiToXml(doc.value);
    expect(x.warnings.map((w) => [w.code, w.line])).to.deep.equal([
      ['ERR_CONVERT_SOURCE', 4], // July, 1868 is no date problem.xsd holds: source written as text
      ['ERR_CONVERT_AWARD', 4], // award nr 2
    ]);
    const xml = makeProblemXml(x.value);
    const again = xmlToPbi(parseProblemXml(xml).value!).value;
    const expected: PbiDocument = structuredClone(doc.value);
    expected.problems[1]!.awards[0]!.nr = '';
    expect(makePbi(again, { canonical: true })).to.equal(
      makePbi(
        { ...expected, problems: expected.problems.map(({ raw: _r, newline: _n, ...p }) => p) },
        { canonical: true },
      ),
    );
  });
});

describe('conversions: Popeye input', () => {
  it('writes the pieces and stipulation of every reference problem as the reference input does', async () => {
    const problems = await referenceProblems();
    const doc = parsePbi(referencePbi(problems));
    expect(doc.errors).to.deep.equal([]);
    const { value: popeye, warnings } = pbiToPopeye(doc.value);
    expect(warnings).to.deep.equal([]);
    expect(popeye.startsWith('BeginProblem\n')).to.equal(true);
    expect(popeye.endsWith('EndProblem\n')).to.equal(true);
    const blocks = popeye.replace(/^BeginProblem\n|EndProblem\n$/g, '').split('NextProblem\n');
    expect(blocks).to.have.length(problems.length);
    blocks.forEach((block, i) => {
      const r = problems[i]!;
      expect([...popeyePieces(block)].sort(), r.id).to.deep.equal([...popeyePieces(r.popeye_input)].sort());
      expect(/^Stipulation (.*)$/m.exec(block)![1]).to.equal(/^Stipulation (.*)$/m.exec(r.popeye_input)![1]);
    });
  });

  it('writes twins whose commands reproduce every twin position', async () => {
    const problems = (await referenceProblems()).filter((r) => r.parts.length > 1);
    expect(problems.length).to.be.greaterThan(3);
    for (const r of problems) {
      // the problem as XML: twin positions given whole (so the writer has to work out the commands)
      const KIND: Record<string, string> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };
      const decls: string[] = [];
      const twins = r.parts.map((part, i) => {
        const adds = [...fenPieces(part.fen)].map(([sq, cp]) => {
          const id = `t${i}${sq}`;
          decls.push(
            `<piecedecl id="${id}" kind="${KIND[cp[1]!.replace('S', 'N')]}" color="${cp[0] === 'w' ? 'white' : 'black'}"/>`,
          );
          return `<addition piece="${id}"><plane dim="1" value="${sq.charCodeAt(0) - 96}"/><plane dim="2" value="${sq.slice(1)}"/></addition>`;
        });
        const m = /^(h|s)?#(\d)$/.exec(part.stipulation)!;
        const play = m[1] === 'h' ? 'help' : m[1] === 's' ? 'self' : 'direct';
        const len = play === 'help' ? 2 * Number(m[2]) : 2 * Number(m[2]) - 1;
        return `<twin id="t${i}"${i ? ' base="t0"' : ''}><position id="p${i}"><pieces>${adds.join('')}</pieces></position><stipulation order="alternating" play="${play}"><length value="${len}"/><endstate type="mate"/></stipulation></twin>`;
      });
      const xml = `<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"><problem><piecedecls>${decls.join('')}</piecedecls><release id="r" type="initial">${twins.join('')}</release></problem></problems>`;
      const doc = checkProblemXml(xml);
      expect(doc.errors).to.deep.equal([]);
      const { value: popeye } = xmlToPopeye(doc.value!);
      const first = popeyePieces(popeye);
      const twinLines = [...popeye.matchAll(/^Twin (.*)$/gm)].map((m) => m[1]!);
      expect(twinLines, r.id).to.have.length(r.parts.length - 1);
      twinLines.forEach((line, i) => {
        const part = r.parts[i + 1]!;
        expect([...applyTwin(first, line)].sort(), `${r.id} ${line}`).to.deep.equal([...fenPieces(part.fen)].sort());
        const stip = /Stipulation (\S+)/.exec(line)?.[1] ?? r.stipulation;
        expect(stip).to.equal(part.stipulation);
      });
      // simple twins come out as the reference wrote them
      r.parts.slice(1).forEach((part, i) => {
        const cmd = part.twin_command!;
        if (/^(Move|Stipulation) /.test(cmd)) expect(twinLines[i]).to.equal(cmd);
        if (/^Exchange /.test(cmd))
          expect(twinLines[i]!.split(' ').slice(1).sort()).to.deep.equal(cmd.split(' ').slice(1).sort());
      });
    }
  });

  it("writes a zero position as Popeye's ZeroPosition", () => {
    const NS = 'http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0';
    const add = (id: string, f: number, r: number) =>
      `<addition piece="${id}"><plane dim="1" value="${f}"/><plane dim="2" value="${r}"/></addition>`;
    const xml =
      `<problems xmlns="${NS}"><problem><piecedecls><piecedecl id="k" kind="king" color="white"/><piecedecl id="q" kind="queen" color="white"/><piecedecl id="x" kind="king" color="black"/></piecedecls>` +
      `<release id="r" type="initial"><twin id="z" type="zeroposition"><position id="z"><pieces>${add('k', 1, 1)}${add('q', 2, 2)}${add('x', 8, 8)}</pieces></position>` +
      `<stipulation order="alternating" play="direct"><length value="3"/><endstate type="mate"/></stipulation></twin>` +
      `<twin id="a" base="z"><position id="a" base="z"><pieces>${add('q', 7, 2)}</pieces></position></twin>` +
      `<twin id="b" base="z"><position id="b" base="z"><pieces>${add('q', 2, 7)}</pieces></position></twin></release></problem></problems>`;
    const doc = checkProblemXml(xml).value!;
    const lines = xmlToPopeye(doc).value.split('\n');
    expect(lines.filter((l) => /^(ZeroPosition|Twin|Pieces)/.test(l))).to.deep.equal([
      'Pieces White Ka1 Qb2 Black Kh8',
      'ZeroPosition Move b2 g2',
      'Twin Move b2 b7',
    ]);
    expect(xmlToPbi(doc).value.problems[0]!.comment).to.equal('zero position; a) Move b2 g2; b) Move b2 b7');
  });

  it("a version release without twins of its own takes its base release's", () => {
    const NS = 'http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0';
    const xml =
      `<problems xmlns="${NS}"><problem><piecedecls><piecedecl id="k" kind="king" color="white"/><piecedecl id="x" kind="king" color="black"/></piecedecls>` +
      `<release id="r1" type="initial"><author><authorname><familyname>Old</familyname></authorname></author><twin id="t"><position id="p"><pieces>` +
      `<addition piece="k"><plane dim="1" value="1"/><plane dim="2" value="1"/></addition><addition piece="x"><plane dim="1" value="3"/><plane dim="2" value="3"/></addition>` +
      `</pieces></position><stipulation order="alternating" play="help"><length value="4"/><endstate type="stalemate"/></stipulation></twin></release>` +
      `<release id="r2" base="r1" type="version"><author><authorname><familyname>New</familyname></authorname></author></release></problem></problems>`;
    const doc = checkProblemXml(xml).value!;
    const pbi = xmlToPbi(doc).value.problems[0]!;
    expect([pbi.names, pbi.position, pbi.stipulation]).to.deep.equal([['New'], '8/8/8/8/8/2k5/8/K7', 'h=2']);
    expect(xmlToPopeye(doc).value).to.include('Author New\nPieces White Ka1 Black Kc3\nStipulation h=2\n');
  });

  it("writes whole-board twins as Popeye's Rotate, Mirror, PolishType and Shift", () => {
    const NS = 'http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0';
    const add = (id: string, f: number, r: number) =>
      `<addition piece="${id}"><plane dim="1" value="${f}"/><plane dim="2" value="${r}"/></addition>`;
    const ops = [
      '<rotation angle="90"/>',
      '<rotation angle="270"/>',
      '<reflection><axis dim="1"/></reflection>',
      '<reflection><axis dim="2"/></reflection>',
      '<swapcolors/>',
      '<translation><plane dim="1" value="2"/><plane dim="2" value="-1"/></translation>',
    ];
    const twins = ops
      .map((op, i) => `<twin id="t${i}" base="a"><position id="p${i}" base="a">${op}</position></twin>`)
      .join('');
    const xml =
      `<problems xmlns="${NS}"><problem><piecedecls><piecedecl id="k" kind="king" color="white"/><piecedecl id="r" kind="rook" color="white"/><piecedecl id="x" kind="king" color="black"/></piecedecls>` +
      `<release id="r" type="initial"><twin id="a"><position id="a"><pieces>${add('k', 2, 2)}${add('r', 3, 5)}${add('x', 5, 7)}</pieces></position>` +
      `<stipulation order="alternating" play="direct"><length value="3"/><endstate type="mate"/></stipulation></twin>${twins}</release></problem></problems>`;
    const doc = checkProblemXml(xml).value!;
    const lines = xmlToPopeye(doc)
      .value.split('\n')
      .filter((l) => l.startsWith('Twin'));
    expect(lines).to.deep.equal([
      'Twin Rotate 90',
      'Twin Rotate 270',
      'Twin Mirror a1<-->h1',
      'Twin Mirror a1<-->a8',
      'Twin PolishType',
      'Twin Shift a2 c1',
    ]);
  });

  it('reports what Popeye input cannot take', () => {
    const doc = parsePbi(`${BOM}#PBI 1.2\nA::White to play and win::::::\n`);
    const { warnings } = pbiToPopeye(doc.value);
    expect(warnings.map((w) => w.code)).to.deep.equal(['ERR_CONVERT_POSITION', 'ERR_CONVERT_STIPULATION']);
  });
});
