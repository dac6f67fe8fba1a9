// EPD (PGN standard §16.2) read, validated, written and converted: the standard's own examples,
// every standard opcode typed, the dialects of real suites (Bratko-Kopec as published with `; bm
// Qd1 + ; id BK.01` and NULs, STS with c0 points, matetrack's `bm #n`, a file made to break EPD
// readers), and perft lines. Moves are checked against chessops, an independent rules engine.
import { expect } from 'chai';
import { Chess } from 'chessops/chess';
import { parseFen as opsFen } from 'chessops/fen';
import { parseSan as opsSan } from 'chessops/san';
import { makeFen as opsMakeFen } from 'chessops/fen';
import {
  epdToFen,
  epdToPgn,
  fenToEpd,
  makeEpd,
  parseEpd,
  pgnToEpd,
  readEpd,
  scoreEpdMove,
  validateEpd,
  type EpdRecord,
} from 'gamenotation/epd';
import { initChess, parsePerftSuite } from 'gamenotation/chess';
import { makePgn, parsePgn } from 'gamenotation/pgn';
import { readFixture, readFixtureBytes, readShared } from '../support/data.js';

const codes = (list: { code: string }[]) => list.map((e) => e.code);
const records = (text: string) => parseEpd(text).map((i) => i.value);

/** chessops' view of a move in a position (FEN's four fields): its SAN is legal there. */
function opsLegal(position: string, san: string): boolean {
  const setup = opsFen(`${position} 0 1`);
  if (setup.isErr) return false;
  const pos = Chess.fromSetup(setup.value);
  if (pos.isErr) return false;
  const move = opsSan(pos.value, san);
  return move !== undefined && pos.value.isLegal(move);
}

describe('EPD: the standard (§16.2)', () => {
  before(() => initChess());

  it('the FEN examples of §16.1.4 go to EPD (counters as hmvc/fmvn) and back unchanged', () => {
    const examples = [
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
      'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2',
      'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2',
      '4k3/8/8/8/8/8/4P3/4K3 w - - 5 39',
    ];
    for (const fen of examples) {
      const epd = fenToEpd(fen);
      expect(epd.ok, fen).to.equal(true);
      if (!epd.ok) continue;
      const [h, f] = fen.split(' ').slice(4).map(Number);
      expect(epd.value.operations).to.deep.equal({ hmvc: h, fmvn: f });
      const line = makeEpd(epd.value);
      expect(line).to.equal(`${fen.split(' ').slice(0, 4).join(' ')} fmvn ${f}; hmvc ${h};\n`);
      const back = epdToFen(parseEpd(line)[0]!.value);
      expect(back).to.deep.equal({ ok: true, value: fen });
    }
  });

  it('a game of the standard (1. e4 c5 2. Nf3) gives its four positions, en passant squares as §16.2.3.4 says', () => {
    const game = parsePgn('[Event "?"]\n\n1. e4 c5 2. Nf3 *\n')[0]!.value;
    const r = pgnToEpd(game);
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    expect(r.value.map((x) => epdToFen(x))).to.deep.equal(
      [
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
        'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
        'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2',
        'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2',
      ].map((value) => ({ ok: true, value })),
    );
    expect(r.value.map((x) => x.operations.sm)).to.deep.equal(['e4', 'c5', 'Nf3', undefined]);
  });

  it('types every opcode of §16.2.5 (and acd), writes them in ASCII order, and reads its own output back the same', () => {
    const line =
      '7k/6pp/8/8/8/8/6PP/R5K1 w - - v9 "nine"; tcsi "me@example.org" "Me"; tcri "you@example.org" "You"; tcgs 2; ' +
      'sm Ra8#; resign; rc 1; pv Ra8#; pm Ra8#; noop 1 "two words"; nic; id "WCSAC.0757"; hmvc 5; fmvn 39; eco "C45"; ' +
      'draw_reject; draw_offer; draw_claim; draw_accept; dm 1; ce 32766; c9; c0 "mate; in one"; bm Ra8#; am Kf2; ' +
      'acs 3; acn 123456789012; acd 12; c1 "a \\"quoted\\" word"; v0 "Back rank";';
    const [item] = parseEpd(line);
    expect(item!.errors).to.deep.equal([]);
    expect(item!.warnings).to.deep.equal([]);
    const ops = item!.value.operations;
    expect(ops).to.deep.include({
      acd: 12,
      acn: 123456789012,
      acs: 3,
      am: ['Kf2'],
      bm: ['Ra8#'],
      c0: 'mate; in one',
      c1: 'a "quoted" word',
      c9: null,
      ce: 32766,
      dm: 1,
      draw_accept: true,
      draw_claim: true,
      draw_offer: true,
      draw_reject: true,
      eco: 'C45',
      fmvn: 39,
      hmvc: 5,
      id: 'WCSAC.0757',
      nic: null,
      noop: ['1', 'two words'],
      pm: 'Ra8#',
      pv: ['Ra8#'],
      rc: 1,
      resign: true,
      sm: 'Ra8#',
      tcgs: 2,
      tcri: ['you@example.org', 'You'],
      tcsi: ['me@example.org', 'Me'],
      v0: 'Back rank',
      v9: 'nine',
    });
    expect(item!.value.other).to.deep.equal([]);
    const out = makeEpd(item!.value);
    // The order written: the re-read record's columns, opcode by opcode.
    const again = parseEpd(out)[0]!;
    const opcodes = Object.entries(again.value.columns!)
      .sort((a, b) => a[1][0]! - b[1][0]!)
      .map(([opcode]) => opcode);
    expect(opcodes).to.deep.equal([...opcodes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(opcodes.length).to.equal(30);
    expect(again.errors).to.deep.equal([]);
    expect(again.value.operations).to.deep.equal(ops);
    expect(makeEpd(again.value)).to.equal(out);
  });

  it("reads ce 32766 as mate in one (the standard's example) and refuses a value outside −32767..32766", () => {
    const [ok] = parseEpd('7k/6pp/8/8/8/8/6PP/R5K1 w - - bm Ra8#; ce 32766; dm 1; id "BK.15";');
    expect(ok!.errors).to.deep.equal([]);
    const [bad] = parseEpd('7k/6pp/8/8/8/8/6PP/R5K1 w - - ce 32767;');
    expect(codes(bad!.errors)).to.deep.equal(['ERR_EPD_NUMBER']);
    expect(bad!.errors[0]).to.include({ line: 1, column: 34 });
  });
});

describe('EPD: errors and warnings at line:column', () => {
  before(() => initChess());

  // Each case: the line, the code, the list it is in, and the text the column points at.
  const cases: [string, string, string, string][] = [
    ['4k3/8/8/8/8/8/8/4K2R w K - bm Qd1;', 'ERR_EPD_MOVE', 'errors', 'Qd1'],
    ['4k3/8/8/8/8/8/8/4K2R w K - pv Rh8+ Kd7 Rh8;', 'ERR_EPD_PV', 'errors', 'Rh8;'],
    ['4k3/8/8/8/8/8/8/4K2R w K - acd deep;', 'ERR_EPD_NUMBER', 'errors', 'deep'],
    ['4k3/8/8/8/8/8/8/4K2R w K - acd 1; acd 2;', 'ERR_EPD_DUPLICATE', 'errors', 'acd 2'],
    ['4k3/8/8/8/8/8/8/4K2R w K - id "BK.01;', 'ERR_EPD_STRING', 'errors', '"BK'],
    ['4k3/8/8/8/8/8/8/4K2R w K - pm Rh8+ Kd1;', 'ERR_EPD_OPERANDS', 'errors', 'Kd1'],
    ['4k3/8/8/8/8/8/8/4K2R w K - draw_offer x;', 'ERR_EPD_OPERANDS', 'errors', 'x;'],
    ['4k3/8/8/8/8/8/8/4K2R w K - 1x;', 'ERR_EPD_OPCODE', 'errors', '1x'],
    ['4k3/8/8/8/4P3/8/8/4K3 b - e3 hmvc 5;', 'ERR_EPD_HMVC', 'errors', '5;'],
    ['4k3/8/8/8/8/8/8/4K2R w K - hmvc 30; fmvn 3;', 'ERR_EPD_COUNTERS', 'warnings', '30'],
    ['4k3/8/8/8/8/8/8/4K2R w;', 'ERR_EPD_FIELDS', 'errors', '4k3'],
    ['4k3/8/8/8/8/8/8/4K2R w K - bm h1h8;', 'ERR_EPD_SAN_FORM', 'warnings', 'h1h8'],
    ['4k3/8/8/8/8/8/8/4K2R w K - pm Rh8+; pv Kd1 Kd7;', 'ERR_EPD_PM_PV', 'warnings', 'Rh8+'],
    ['4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+', 'ERR_EPD_SEMICOLON', 'warnings', 'bm'],
    ['4k3/8/8/8/8/8/8/4K2R w K - id BK.01;', 'ERR_EPD_UNQUOTED', 'warnings', 'BK.01'],
    ['4k3/8/8/8/8/8/8/4K2R w K - 0 1 bm Rh8+;', 'ERR_EPD_FEN_COUNTERS', 'warnings', '0 1'],
    ['4k3/8/8/8/8/8/8/4K2R w K - ; bm Rh8+;', 'ERR_EPD_EMPTY_OPERATION', 'warnings', '; bm'],
    ['# a comment', 'ERR_EPD_COMMENT', 'warnings', '#'],
    ['4k3/8/8/8/8/8/8/4K2R w KQ - bm Rh8+;', 'ERR_POS_CASTLING', 'errors', '4k3'],
    ['4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+;\u0000', 'ERR_EPD_CONTROL', 'warnings', '\u0000'],
    ['6k1/5ppp/8/8/8/8/8/R5K1 w - - bm #1;', 'ERR_EPD_MATE_DIALECT', 'warnings', '#1'],
    ['4k3/8/8/8/8/8/8/4K2R w K - c0 "' + 'x'.repeat(300) + '";', 'ERR_EPD_STRING_LENGTH', 'warnings', '"x'],
  ];
  for (const [line, code, list, needle] of cases) {
    const column = line.indexOf(needle) + 1;
    it(`${code} at column ${column}: ${line.slice(0, 60)}`, () => {
      const [item] = parseEpd(line);
      const found = item![list as 'errors' | 'warnings'].find((e) => e.code === code);
      expect(found, JSON.stringify(item)).to.not.equal(undefined);
      expect(found).to.include({ line: 1, column });
    });
  }

  it('keeps what it cannot type: a second bm, a malformed acd and unknown opcodes are written back', () => {
    const text = '4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+; bm Kd1; acd ?; D1 15; ep; Xyz "a b";';
    const [item] = parseEpd(text);
    expect(item!.value.operations.bm).to.deep.equal(['Rh8+']);
    expect(item!.value.other.map((o) => [o.opcode, o.operands])).to.deep.equal([
      ['bm', ['Kd1']],
      ['acd', ['?']],
      ['D1', ['15']],
      ['ep', []],
      ['Xyz', ['a b']],
    ]);
    const out = makeEpd(item!.value);
    // ASCII order of opcode; the two bm operations stay in the order read.
    expect(out).to.equal('4k3/8/8/8/8/8/8/4K2R w K - D1 15; Xyz "a b"; acd ?; bm Rh8+; bm Kd1; ep;\n');
    expect(makeEpd(parseEpd(out)[0]!.value)).to.equal(out);
  });

  it('never throws on a record built in code with the wrong shapes', () => {
    const hostile = [
      {
        position: 'x',
        operations: { acd: 'x', bm: 'e4', id: 3, tcri: ['a'], resign: 1 },
        other: [{ opcode: '9', operands: [] }],
      },
      { position: '8/8/8/8/8/8/8/8 w - -', operations: { pv: [1, 2], ce: 1e99 }, other: [] },
    ] as unknown as EpdRecord[];
    for (const r of hostile) {
      const v = validateEpd(r);
      expect(v.errors.length).to.be.greaterThan(0);
    }
  });
});

describe('EPD: real suites', () => {
  before(() => initChess());

  it('Bratko-Kopec as published (`; bm Qd1 + ; id BK.01`, NULs): 24 positions, every bm legal by chessops, a clean export', async () => {
    const text = await readFixture('epd/bratko-kopec.epd');
    const items = parseEpd(text);
    expect(items.length).to.equal(24);
    for (const item of items) expect(item.errors, JSON.stringify(item.errors)).to.deep.equal([]);
    expect(items.map((i) => i.value.operations.id)).to.deep.equal(
      Array.from({ length: 24 }, (_, i) => `BK.${String(i + 1).padStart(2, '0')}`),
    );
    for (const { value } of items)
      for (const san of value.operations.bm ?? [])
        expect(opsLegal(value.position, san), `${value.operations.id} ${san}`).to.equal(true);
    // Known facts of the suite: BK.01 is Qd1+, BK.05 and BK.14 have two best moves.
    expect(items[0]!.value.operations.bm).to.deep.equal(['Qd1+']);
    expect(items[4]!.value.operations.bm).to.deep.equal(['Nd5', 'a4']);
    expect(items[13]!.value.operations.bm).to.deep.equal(['Qd2', 'Qe1']);
    const out = makeEpd(items.map((i) => i.value));
    expect(out.split('\n')[0]).to.equal('1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";');
    const again = parseEpd(out);
    expect(again.flatMap((i) => [...i.errors, ...i.warnings])).to.deep.equal([]);
    expect(makeEpd(again.map((i) => i.value))).to.equal(out);
    expect(again.map((i) => i.value.operations)).to.deep.equal(items.map((i) => i.value.operations));
  });

  it('STS (Undermine, 100 positions): c0 points read, every listed move legal by chessops, the bm scores full points', async () => {
    const text = await readFixture('epd/sts-undermine.epd');
    const items = parseEpd(text);
    expect(items.length).to.equal(100);
    expect(items.flatMap((i) => [...i.errors, ...i.warnings])).to.deep.equal([]);
    for (const { value } of items) {
      // The c0 pairs read here with a regular expression, apart from the library's reading.
      const pairs = [...value.operations.c0!.matchAll(/([^\s,=]+)=(\d+)/g)].map((m) => [m[1]!, Number(m[2])] as const);
      expect(pairs.length).to.be.greaterThan(1);
      const top = Math.max(...pairs.map((p) => p[1]));
      for (const [san] of pairs) {
        expect(opsLegal(value.position, san), `${value.operations.id} ${san}`).to.equal(true);
        // A move the suite lists twice (Undermine.086: Rc8=1, Rc8=3) scores the most it is given.
        const points = Math.max(...pairs.filter((p) => p[0] === san).map((p) => p[1]));
        expect(scoreEpdMove(value, san).points).to.equal(points);
        expect(scoreEpdMove(value, san).maxPoints).to.equal(top);
      }
      expect(scoreEpdMove(value, value.operations.bm![0]!)).to.deep.equal({ ok: true, points: top, maxPoints: top });
    }
    expect(makeEpd(parseEpd(makeEpd(items.map((i) => i.value))).map((i) => i.value))).to.equal(
      makeEpd(items.map((i) => i.value)),
    );
  });

  it('matetrack (`bm #n; ep; 00:00;`): the mate lengths are warnings, `00:00` an opcode error, nothing dropped', async () => {
    const text = (await readShared('problems/epd/matetrack.epd')) ?? (await readFixture('epd/matetrack-head.epd'));
    const items = parseEpd(text);
    const lines = text.split('\n').filter((l) => l.trim()).length;
    expect(items.length).to.equal(lines);
    for (const item of items) {
      expect(codes(item.warnings)).to.include('ERR_EPD_MATE_DIALECT');
      expect(codes(item.errors).filter((c) => c !== 'ERR_EPD_OPCODE')).to.deep.equal([]);
      const out = makeEpd(item.value);
      expect(parseEpd(out)[0]!.value.other.length).to.equal(item.value.other.length);
    }
  });

  it('a file made to break EPD readers: one item per line, no throw, the broken positions are errors', async () => {
    const text = await readFixture('epd/destruction-test.epd');
    const items = parseEpd(text);
    expect(items.length).to.equal(text.split('\n').filter((l) => l.replace(/\0/g, '').trim()).length);
    const byComment = (words: string) =>
      items.find((i) => i.value.other.some((o) => o.operands.join(' ').includes(words) || o.opcode === words));
    // The positions meant to be rejected ("cull") are, with the chess core's codes.
    const culled = items.filter((i) => /cull|garbage/.test(JSON.stringify(i.value.other)));
    expect(culled.length).to.be.greaterThan(8);
    for (const item of culled.filter(
      (i) => !/if engine can handle|leave it ok|overrid/.test(JSON.stringify(i.value.other)),
    ))
      expect(item.errors.length, JSON.stringify(item.value.position)).to.be.greaterThan(0);
    expect(byComment('startpos')?.errors.filter((e) => /^ERR_(FEN|POS)_/.test(e.code))).to.deep.equal([]);
  });
});

describe('EPD: the export form is a fixed point', () => {
  before(() => initChess());

  const twice = (text: string) => {
    const out = makeEpd(parseEpd(text).map((i) => i.value));
    return [out, makeEpd(parseEpd(out).map((i) => i.value))];
  };

  // Regressions found by the property test below: each wrote text that read back differently.
  it('an opcode starting with a quote, digits right after the position, an illegal board: written back the same', () => {
    for (const line of [
      '8/8/8/8/8/8/8/K1k5 w - - "ab cd" x;',
      'rnbqkbn1/ppppppppr/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -;0 1; extra piece on rank, cull',
      'rnkqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; 3 kings; cull',
    ]) {
      const [out, again] = twice(line);
      expect(again, line).to.equal(out);
    }
  });

  it('on 400 damaged copies of the real suites: never throws, writing what it wrote gives the same bytes', async () => {
    const base =
      (await readFixture('epd/sts-undermine.epd')) +
      (await readFixture('epd/bratko-kopec.epd')) +
      (await readFixture('epd/destruction-test.epd'));
    const pieces = [
      ';',
      '"',
      '\\',
      ' ',
      '\t',
      '\0',
      'bm',
      'c5',
      '#',
      '%',
      'pv',
      'e4',
      'O-O',
      'id',
      'acd',
      '-1',
      '9'.repeat(20),
      'Ä',
      '\r',
      '\n',
      'x'.repeat(300),
    ];
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let i = 0; i < 400; i++) {
      const chars = [...base.slice(rnd(base.length - 300), rnd(base.length))].slice(0, 400);
      for (let k = 0; k < 6; k++) chars.splice(rnd(chars.length + 1), rnd(3), pieces[rnd(pieces.length)]!);
      const text = chars.join('');
      const [out, again] = twice(text);
      expect(again, JSON.stringify(text)).to.equal(out);
    }
  });
});

describe('EPD: streaming, bytes and perft lines', () => {
  before(() => initChess());

  it('readEpd in 7-byte chunks with CRLF line ends gives what parseEpd gives', async () => {
    const text = (await readFixture('epd/sts-undermine.epd')).replace(/\n/g, '\r\n');
    const bytes = new TextEncoder().encode(text);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    const streamed = [];
    for await (const item of readEpd(chunks)) streamed.push(item);
    expect(streamed).to.deep.equal(parseEpd(text));
  });

  it('the Bratko-Kopec bytes (NUL at each line end) read the same as a string; a stray byte is ERR_EPD_ENCODING', async () => {
    const bytes = await readFixtureBytes('epd/bratko-kopec.epd');
    expect(parseEpd(bytes)).to.deep.equal(parseEpd(new TextDecoder().decode(bytes)));
    const bad = new Uint8Array([...new TextEncoder().encode('4k3/8/8/8/8/8/8/4K2R w K - id "é'), 0xff, 0x22, 0x3b, 10]);
    const items = parseEpd(bad);
    expect(codes(items[0]!.warnings)).to.include('ERR_EPD_ENCODING');
  });

  it('perft lines (`FEN ;D1 20 ;D2 400`) read as private opcodes D1…Dn whose counts are parsePerftSuite’s', async () => {
    const text = (await readShared('chess/perft-standard.epd')) ?? (await readFixture('epd/perft-head.epd'));
    const cases = parsePerftSuite(text);
    const items = parseEpd(text);
    expect(items.length).to.equal(cases.length);
    items.forEach((item, i) => {
      const counts = item.value.other
        .filter((o) => /^D\d+$/.test(o.opcode))
        .map((o) => ({ depth: Number(o.opcode.slice(1)), nodes: Number(o.operands[0]) }));
      expect(counts).to.deep.equal(cases[i]!.counts);
      expect(epdToFen(item.value)).to.deep.equal({ ok: true, value: cases[i]!.fen });
      expect(codes(item.warnings)).to.include('ERR_EPD_FEN_COUNTERS');
    });
  });
});

describe('EPD ↔ FEN ↔ PGN', () => {
  before(() => initChess());

  it('a record becomes a game from its position with pv as the moves and its operations in the first comment', () => {
    const { value } = parseEpd('4k3/8/8/8/8/8/8/4K2R w K - id "x"; bm O-O; pv O-O Kd7 Rf7+; c0 "hi";')[0]!;
    const game = epdToPgn(value);
    expect(game.ok).to.equal(true);
    if (!game.ok) return;
    const pgn = makePgn(game.value);
    expect(pgn).to.include('[Event "x"]');
    expect(pgn).to.include('[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]');
    expect(pgn).to.include('{bm O-O; c0 "hi";} 1. O-O Kd7 2. Rf7+ *');
    // …and back: the game's positions are the record's and those along its pv.
    const back = pgnToEpd(parsePgn(pgn)[0]!.value);
    expect(back.ok && back.value.map((r) => r.operations.sm)).to.deep.equal(['O-O', 'Kd7', 'Rf7+', undefined]);
    expect(back.ok && back.value[0]!.position).to.equal(value.position);
  });

  it('FEN → EPD → FEN is the identity on every position of the real suites (checked with chessops)', async () => {
    const text = (await readFixture('epd/sts-undermine.epd')) + (await readFixture('epd/bratko-kopec.epd'));
    for (const r of records(text)) {
      const fen = epdToFen(r);
      expect(fen.ok).to.equal(true);
      if (!fen.ok) continue;
      const ops = opsFen(fen.value);
      expect(ops.isOk).to.equal(true);
      expect(opsMakeFen(ops.unwrap())).to.equal(fen.value);
      const epd = fenToEpd(fen.value);
      expect(epd.ok && epdToFen(epd.value)).to.deep.equal(fen);
    }
  });
});
