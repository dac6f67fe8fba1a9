// Structural checks of the SVG diagrams, in Node and in Chromium: what is drawn is counted from the
// markup and compared with what the input says (pieces in the FEN, pockets, 52 cards of the deal,
// the reference double-dummy tables), plus the accessibility attributes and flipping.
import { expect } from 'chai';
import { XMLValidator } from 'fast-xml-parser';
import {
  aifEvalGraph,
  aifScores,
  bfenDiagram,
  bpgnDiagram,
  bughouseDiagram,
  chessDiagram,
  dealDiagram,
  ddTableDiagram,
  evalGraphDiagram,
  gameDiagram,
  problemDiagram,
} from 'gamenotation/diagram';
import { pieceCount } from '../../src/diagram/problem.js';
import { parsePgn } from 'gamenotation/pgn';
import { Position } from 'gamenotation/chess';
import { parseAif } from 'gamenotation/aif';
import { parseBpgn } from 'gamenotation/bughouse';
import { readFixture, readShared } from '../support/data.js';

interface Facts {
  fens: string[];
  crazyhouse: string[];
  tables: { deal: string; dd: Record<string, Record<string, number>>; dealer_text: string }[];
}

let facts: Facts;
let fens: string[] = [];
let zhFens: string[] = [];
let tables: Facts['tables'] = [];

const count = (svg: string, re: RegExp) => (svg.match(re) ?? []).length;

/** Board letters of a FEN's placement field (pockets in brackets or a ninth rank excluded). */
function fenPieces(fen: string): string[] {
  const board = fen.split(' ')[0]!.replace(/\[.*$/, '').split('/').slice(0, 8).join('');
  return [...board].filter((c) => /[pnbrqkPNBRQK]/.test(c));
}

function unwrap(r: { ok: true; value: string } | { ok: false; error: unknown }): string {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

/**
 * Well-formed XML with an svg root: a real XML parser everywhere (fast-xml-parser's validator), and
 * the browser's own parser where a DOMParser exists.
 */
function checkWellFormed(svg: string): void {
  expect(XMLValidator.validate(svg), svg.slice(0, 200)).to.equal(true);
  expect(svg.startsWith('<svg ')).to.equal(true);
  const Parser = (globalThis as { DOMParser?: typeof DOMParser }).DOMParser;
  if (!Parser) return;
  const doc = new Parser().parseFromString(svg, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror').length, svg.slice(0, 200)).to.equal(0);
  expect(doc.documentElement.localName).to.equal('svg');
}

function checkAccessible(svg: string): void {
  expect(svg).to.match(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* role="img"/);
  const labelled = /aria-labelledby="([^"]+)"/.exec(svg)?.[1];
  const described = /aria-describedby="([^"]+)"/.exec(svg)?.[1];
  expect(svg).to.include(`<title id="${labelled}">`);
  expect(svg).to.include(`<desc id="${described}">`);
  expect(/<desc[^>]*>([^<]+)<\/desc>/.exec(svg)?.[1]?.length ?? 0).to.be.greaterThan(10);
  checkWellFormed(svg);
}

describe('diagram', () => {
  before(async () => {
    facts = JSON.parse(await readFixture('diagram/facts.json')) as Facts;
    const epd = await readShared('chess/perft-standard.epd');
    fens = epd
      ? epd
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => l.split(';')[0]!.trim())
      : facts.fens;
    const zh = await readShared('chess/perft-crazyhouse.perft');
    zhFens = zh
      ? zh
          .split('\n')
          .filter((l) => l.startsWith('epd '))
          .map((l) => l.slice(4).trim())
      : facts.crazyhouse;
    const dd = await readShared('bridge/dd-reference.jsonl');
    tables = dd
      ? dd
          .split('\n')
          .filter((l) => l.trim())
          .slice(0, 40)
          .map((l) => {
            const r = JSON.parse(l);
            return { deal: r.deal, dd: r.dd, dealer_text: r.par.dealer_text };
          })
      : facts.tables;
  });

  it('draws as many pieces as each FEN has, on the squares it names', () => {
    expect(fens.length).to.be.greaterThan(3);
    for (const fen of fens) {
      const svg = unwrap(chessDiagram(fen));
      const letters = fenPieces(fen);
      expect(count(svg, /class="piece"/g), fen).to.equal(letters.length);
      for (const letter of new Set(letters)) {
        const code = (letter === letter.toUpperCase() ? 'w' : 'b') + letter.toUpperCase();
        expect(count(svg, new RegExp(`data-piece="${code}"`, 'g')), `${fen} ${code}`).to.equal(
          letters.filter((l) => l === letter).length,
        );
      }
    }
  });

  it('is accessible: role, title, description naming every piece', () => {
    const fen = fens[1] ?? facts.fens[1]!;
    const svg = unwrap(chessDiagram(fen, { title: 'Kiwipete' }));
    checkAccessible(svg);
    expect(svg).to.include('>Kiwipete</title>');
    const desc = /<desc[^>]*>([^<]+)<\/desc>/.exec(svg)![1]!;
    const named = (desc.match(/\b[KQRBNP]?[a-h][1-8]\b/g) ?? []).length;
    expect(named).to.equal(fenPieces(fen).length);
  });

  it('flips the board: the same square moves to the opposite corner', () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    const at = (svg: string, sq: string) => {
      const m = new RegExp(`data-square="${sq}" transform="translate\\(([\\d.]+) ([\\d.]+)\\)`).exec(svg)!;
      return [Number(m[1]), Number(m[2])];
    };
    const normal = unwrap(chessDiagram(fen, { coordinates: false }));
    const flipped = unwrap(chessDiagram(fen, { coordinates: false, flip: true }));
    expect(at(normal, 'a1')).to.deep.equal(at(flipped, 'h8'));
    expect(at(normal, 'e1')).to.deep.equal(at(flipped, 'd8'));
    expect(at(normal, 'a1')[1]).to.be.greaterThan(at(normal, 'a8')[1]!);
    expect(at(flipped, 'a1')[1]).to.be.lessThan(at(flipped, 'a8')[1]!);
  });

  it('is deterministic and themable', () => {
    const a = unwrap(chessDiagram(fens[0]!, { size: 200 }));
    expect(unwrap(chessDiagram(fens[0]!, { size: 200 }))).to.equal(a);
    expect(a).to.include('width="25" height="25"');
    const themed = unwrap(chessDiagram(fens[0]!, { size: 200, theme: { dark: '#123456' } }));
    expect(count(themed, /fill="#123456"/g)).to.equal(32);
  });

  it('draws a Position as its FEN, and marks check from the position itself', () => {
    const fen = 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3';
    const position = Position.fromFen(fen);
    if (!position.ok) throw new Error(position.error.message);
    const fromPosition = unwrap(chessDiagram(position.value, { id: 'x' }));
    expect(fromPosition).to.equal(unwrap(chessDiagram(fen, { id: 'x' })));
    expect(fromPosition).to.match(/class="check" data-square="e1"/);
    expect(unwrap(chessDiagram(fen, { check: false }))).not.to.include('class="check"');
  });

  it('problem boards with neutral and fairy pieces: drawn, counted (w+b+n), described', () => {
    const squares = new Array(64).fill(null);
    squares[4] = { color: 'white', kind: 'king' };
    squares[60] = { color: 'black', kind: 'king' };
    squares[27] = { color: 'neutral', kind: 'queen' };
    squares[36] = { color: 'white', kind: 'grasshopper' };
    const svg = unwrap(problemDiagram({ files: 8, ranks: 8, squares }, { stipulation: 'h#2' }));
    expect(count(svg, /class="piece"/g)).to.equal(4);
    expect(svg).to.include('data-piece="nQ"').and.to.include('data-piece="wgrasshopper"');
    expect(svg).to.include('>(2+1+1)<');
    expect(/<desc[^>]*>([^<]+)<\/desc>/.exec(svg)![1]).to.include('Neutral (1): Qd4');
  });

  it('rejects a bad FEN with a typed error', () => {
    const r = chessDiagram('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1');
    expect(r.ok).to.equal(false);
    if (!r.ok) expect(r.error.code).to.match(/^ERR_/);
  });

  it('draws crazyhouse pockets with the counts of the FEN', () => {
    expect(zhFens.length).to.be.greaterThan(1);
    for (const fen of zhFens) {
      const svg = unwrap(chessDiagram(fen));
      const pocket = /\[([^\]]*)\]/.exec(fen)?.[1] ?? '';
      expect(count(svg, /class="piece"/g), fen).to.equal(fenPieces(fen).length);
      let total = 0;
      for (const m of svg.matchAll(/class="pocket-piece" data-piece="(\w+)" data-count="(\d+)"/g)) {
        const letter = m[1]![0] === 'w' ? m[1]![1]! : m[1]![1]!.toLowerCase();
        expect(Number(m[2]), `${fen} ${m[1]}`).to.equal([...pocket].filter((c) => c === letter).length);
        total += Number(m[2]);
      }
      expect(total, fen).to.equal(pocket.length);
    }
  });

  it('marks the last move, check and [%cal]/[%csl] shapes of a game', () => {
    const [{ value: game }] = parsePgn(
      '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# { [%cal Gc4f7,Rh5f7] [%csl Re8] } 1-0\n',
    );
    const svg = unwrap(gameDiagram(game));
    expect(svg).to.match(/class="last-move" data-square="h5"/);
    expect(svg).to.match(/class="last-move" data-square="f7"/);
    expect(svg).to.match(/class="check" data-square="e8"/);
    expect(count(svg, /class="shape-arrow"/g)).to.equal(2);
    expect(svg).to.include('data-from="c4" data-to="f7"');
    expect(svg).to.match(/class="shape-square" data-square="e8"/);
    const start = unwrap(gameDiagram(game, { ply: 0 }));
    expect(count(start, /class="piece"/g)).to.equal(32);
    expect(start).not.to.include('last-move');
  });

  it('draws both bughouse boards with four pockets and four clocks', () => {
    const svg = unwrap(
      bughouseDiagram({
        a: {
          position: 'r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R[Pb] w KQkq - 0 4',
          clocks: { white: 165, black: 171.3 },
        },
        b: {
          position: 'rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR[n] w KQkq - 0 3',
          clocks: { white: 170, black: 9.4 },
        },
      }),
    );
    checkAccessible(svg);
    expect(count(svg, /class="bughouse-board"/g)).to.equal(2);
    expect(count(svg, /class="pocket" /g)).to.equal(4);
    expect(count(svg, /class="clock"/g)).to.equal(4);
    expect(count(svg, /class="piece"/g)).to.equal(32 + 32);
    expect(svg).to.include('>2:45<').and.to.include('>2:51<').and.to.include('>0:09.4<');
    // Board B is drawn with Black at the bottom: its a1 is to the right of its h1.
    const b = svg.slice(svg.indexOf('data-board="b"'));
    const x = (sq: string) => Number(new RegExp(`data-square="${sq}" transform="translate\\(([\\d.]+)`).exec(b)![1]);
    expect(x('a1')).to.be.greaterThan(x('h1'));
  });

  it("BPGN matches: both boards after the moves, captures in the partner's pocket, clocks", async () => {
    // fixtures/diagram/capture.bpgn (own): 2A. exd5 sends a pawn to Black on B, who drops it
    // (2b. P@e4); 2a. Qxd5 sends a pawn to White on B. Worked out by hand: 30 pieces on A,
    // 33 on B, White's pawn in B's pocket (64 in all), clocks 2:54/2:55 on A and 2:56.8→2:56/2:52 on B.
    const [{ value: match }] = parseBpgn(await readFixture('diagram/capture.bpgn'));
    const svg = unwrap(bpgnDiagram(match));
    checkAccessible(svg);
    const boardA = svg.slice(svg.indexOf('data-board="a"'), svg.indexOf('data-board="b"'));
    const boardB = svg.slice(svg.indexOf('data-board="b"'));
    expect(count(boardA, /class="piece"/g)).to.equal(30);
    expect(count(boardB, /class="piece"/g)).to.equal(33);
    expect(
      [...boardB.matchAll(/class="pocket-piece" data-piece="(\w+)" data-count="(\d+)"/g)].map((m) => m[1] + m[2]),
    ).to.deep.equal(['wP1']);
    expect(boardA).not.to.include('class="pocket-piece"');
    for (const clock of ['2:54', '2:55', '2:56', '2:52']) expect(svg).to.include(`>${clock}<`);
    expect(svg).to.include('>A Anna<').and.to.include('>B Dan<');
    expect(boardB).to.match(/class="last-move" data-square="e4"/);
    // At ply 3 only three moves are on the boards: nothing captured yet.
    const early = unwrap(bpgnDiagram(match, { ply: 3 }));
    expect(count(early, /class="piece"/g)).to.equal(64);
    expect(early).not.to.include('class="pocket-piece"');
    // Real matches (shared BPGN files): whatever happened, the 64 pieces are all drawn, on a board or in a pocket.
    for (const name of ['bpgn/pychess-variants_1934301.bpgn', 'bpgn/pychess-variants_1934587.bpgn']) {
      const text = await readShared(`bughouse/${name}`);
      if (!text) break;
      for (const { value: real } of parseBpgn(text)) {
        const drawn = unwrap(bpgnDiagram(real));
        const pockets = [...drawn.matchAll(/data-count="(\d+)"/g)].reduce((n, m) => n + Number(m[1]), 0);
        expect(count(drawn, /class="piece"/g) + pockets, name).to.equal(64);
      }
    }
  });

  it('BFEN: both boards with holdings and clocks; bad BFEN gives a typed error', () => {
    // The end of capture.bpgn written by hand as a BFEN (holdings after a ninth '/', clocks last).
    const bfen =
      'rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 174 175 | rnbqkb1r/pppppppp/5n2/8/2PPp3/8/PP2PPPP/RNBQKBNR/P w KQkq - 176.8 172.1';
    const svg = unwrap(bfenDiagram(bfen));
    const boardA = svg.slice(svg.indexOf('data-board="a"'), svg.indexOf('data-board="b"'));
    const boardB = svg.slice(svg.indexOf('data-board="b"'));
    expect(count(boardA, /class="piece"/g)).to.equal(30);
    expect(count(boardB, /class="piece"/g)).to.equal(33);
    expect([...boardB.matchAll(/data-piece="(\w+)" data-count="(\d+)"/g)].map((m) => m[1] + m[2])).to.deep.equal([
      'wP1',
    ]);
    for (const clock of ['2:54', '2:55', '2:56', '2:52']) expect(svg).to.include(`>${clock}<`);
    const bad = bfenDiagram('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -');
    expect(bad.ok).to.equal(false);
    if (!bad.ok) expect(bad.error.code).to.match(/^ERR_BFEN_/);
  });

  it('problem diagrams carry stipulation, authors, source and the (w+b) count', () => {
    const fen = '8/8/8/8/8/1Q6/k1K5/8';
    const svg = unwrap(problemDiagram(fen, { stipulation: '#2', authors: ['A. Composer'], source: 'Own, 2026' }));
    checkAccessible(svg);
    expect(svg)
      .to.include('>(2+1)<')
      .and.to.include('>#2<')
      .and.to.include('>A. Composer<')
      .and.to.include('>Own, 2026<');
    expect(count(svg, /class="piece"/g)).to.equal(3);
    for (const f of fens.slice(0, 20)) {
      const letters = fenPieces(f);
      const white = letters.filter((c) => c === c.toUpperCase()).length;
      expect(unwrap(problemDiagram(f))).to.include(`>(${white}+${letters.length - white})<`);
    }
    expect(
      pieceCount({ files: 8, ranks: 8, squares: [{ color: 'neutral', kind: 'queen' }, ...new Array(63).fill(null)] }),
    ).to.equal('(0+0+1)');
  });

  it('deal diagrams show 52 cards, each in the hand the deal gives it', () => {
    for (const t of tables) {
      const svg = unwrap(
        dealDiagram(t.deal, { board: 1, dealer: 'N', vulnerability: 'EW', contract: '3NT', declarer: 'S', tricks: 9 }),
      );
      expect(count(svg, /class="card"/g), t.deal).to.equal(52);
      const hands = t.deal.slice(2).split(' ');
      const seats = ['N', 'E', 'S', 'W'];
      hands.forEach((hand, i) => {
        const block = new RegExp(`<g class="hand" data-seat="${seats[i]}">(.*?)</g>`).exec(svg)![1]!;
        const suits = hand.split('.');
        ['S', 'H', 'D', 'C'].forEach((suit, s) => {
          const drawn = [...block.matchAll(new RegExp(`data-card="${suit}(\\w)"`, 'g'))].map((m) => m[1]).join('');
          expect(drawn, `${seats[i]} ${suit}`).to.equal(suits[s]);
        });
      });
      expect(count(svg, /class="vulnerable"/g)).to.equal(2);
      expect(svg).to.include('>3NT by South<');
    }
    checkAccessible(unwrap(dealDiagram(tables[0]!.deal)));
  });

  it('DD tables show the reference tricks and par', () => {
    for (const t of tables) {
      const svg = ddTableDiagram(t.dd as never, { par: t.dealer_text });
      for (const seat of ['N', 'E', 'S', 'W']) {
        for (const strain of ['S', 'H', 'D', 'C', 'NT']) {
          const cell = new RegExp(`data-seat="${seat}" data-strain="${strain}"><text[^>]*>(\\d+)<`).exec(svg);
          expect(Number(cell?.[1]), `${t.deal} ${seat} ${strain}`).to.equal(t.dd[seat]![strain]);
        }
      }
      const score = /Par (-?\d+)/.exec(t.dealer_text)![1]!;
      expect(svg).to.match(new RegExp(`class="par"><text[^>]*>Par ${score}:`));
    }
    checkAccessible(ddTableDiagram(tables[0]!.dd as never, { par: tables[0]!.dealer_text }));
  });

  it("AIF games: the played move's deepest value per ply, the costliest move marked", async () => {
    // A hand-made grid (fixtures/diagram/fools-mate.aif): values worked out by hand from its rows.
    const [{ value: game }] = parseAif(await readFixture('diagram/fools-mate.aif'));
    const { scores, losses } = aifScores(game);
    expect(scores).to.deep.equal([0.3, -0.4, -0.6, -100, -100]);
    expect(losses[0]).to.deep.equal({ ply: 2, move: 'g4', loss: 929 });
    expect(losses.find((l) => l.move === 'f3')!.loss).to.equal(70);
    const svg = aifEvalGraph(game);
    checkAccessible(svg);
    expect(svg).to.include('>Evaluation: Tester – Helper</title>');
    expect(count(svg, /class="eval-mark"/g)).to.equal(1);
    expect(svg).to.match(/class="eval-mark" data-ply="3">.*>2\. g4\?</);
  });

  it('evaluation graphs plot every ply and the marked ones', () => {
    const scores = [0.2, 0.3, null, 0.4, -1.5, -1.2, 2.5, 12];
    const svg = evalGraphDiagram(scores, { marks: [4, { ply: 6, label: '4. Bxf7+?' }] });
    checkAccessible(svg);
    const points = /class="eval-line" points="([^"]+)"/g;
    const plotted = [...svg.matchAll(points)].reduce((n, m) => n + m[1]!.split(' ').length, 0);
    expect(plotted).to.equal(scores.filter((s) => s !== null).length);
    expect(count(svg, /class="eval-mark"/g)).to.equal(2);
    expect(svg).to.include('>4. Bxf7+?<');
  });
});
