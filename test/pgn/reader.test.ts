import { expect } from 'chai';
import {
  makePgn,
  mainlineFen,
  parseCommands,
  parsePgn,
  readPgn,
  visitPgnStream,
  visitPgn,
  type PgnMoveInfo,
  type PgnVisitor,
} from 'gamenotation/pgn';
// The clock format's reader is internal (no package entry point); %clk values reach users through parseCommands.
import { parseClock } from '../../src/pgn/commands.js';

const one = (text: string) => {
  const games = parsePgn(text);
  expect(games.length).to.equal(1);
  return games[0]!;
};

describe('pgn: reader', () => {
  it('reads tags, moves, comments, NAGs, variations and the result into a tree', () => {
    const { value: g, errors } = one(
      '[Event "E"]\n[White "W"]\n\n{Intro} 1. e4! e5 (1... c5 {Sicilian} 2. Nf3) 2. Nf3 $1 {good} Nc6 1-0\n',
    );
    expect(g.headers).to.deep.equal({ Event: 'E', White: 'W' });
    expect(g.result).to.equal('1-0');
    expect(g.root.comments).to.deep.equal(['Intro']);
    expect(g.moves.map((n) => n.san)).to.deep.equal(['e4', 'e5', 'Nf3', 'Nc6']);
    expect(g.moves[0]!.nags).to.deep.equal([1]);
    expect(g.moves[0]!.uci).to.equal('e2e4');
    expect(g.moves[0]!.move).to.deep.equal({ from: 12, to: 28 });
    const alt = g.moves[1]!.variations!;
    expect(alt.length).to.equal(1);
    expect(alt[0]!.map((n) => n.san)).to.deep.equal(['c5', 'Nf3']);
    expect(alt[0]![0]!.comments).to.deep.equal(['Sicilian']);
    expect(g.moves[2]!.nags).to.deep.equal([1]);
    expect(g.moves[2]!.comments).to.deep.equal(['good']);
    expect(errors).to.deep.equal([]);
  });

  it('writes canonical SAN into the tree (lenient input is accepted)', () => {
    const { value: g, errors } = one('1. Pe4 e5 2. Ng1f3 Nb8c6 3. Bb5 a6 4. Ba4 Nf6 5. 0-0 Be7 6. e1e1 *');
    expect(g.moves.map((n) => n.san)).to.deep.equal([
      'e4',
      'e5',
      'Nf3',
      'Nc6',
      'Bb5',
      'a6',
      'Ba4',
      'Nf6',
      'O-O',
      'Be7',
    ]);
    expect(errors.map((e) => [e.code, e.line, e.column])).to.deep.equal([['ERR_SAN_ILLEGAL', 1, 61]]);
  });

  it('reads UCI moves in movetext', () => {
    const g = one('g1f3 c7c5 e2e4 d7d6 *').value;
    expect(g.moves.map((n) => n.san)).to.deep.equal(['Nf3', 'c5', 'e4', 'd6']);
  });

  it('keeps a game up to an illegal move, reports line:column, and goes on with the next game', () => {
    const games = parsePgn('[Event "1"]\n\n1. e4 e5\n2. Ke3 Nc6 3. d4 *\n\n[Event "2"]\n\n1. d4 d5 *\n');
    expect(games.length).to.equal(2);
    expect(games[0]!.value.moves.map((n) => n.san)).to.deep.equal(['e4', 'e5']);
    expect(games[0]!.value.result).to.equal('*');
    const [e] = games[0]!.errors;
    expect(e!.code).to.equal('ERR_SAN_ILLEGAL');
    expect([e!.line, e!.column]).to.deep.equal([4, 4]);
    expect(games[1]!.value.moves.length).to.equal(2);
    expect(games[1]!.errors).to.deep.equal([]);
  });

  it('reports ambiguous moves', () => {
    const g = one('[FEN "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"]\n\n1. Nd2 *');
    expect(g.errors[0]!.code).to.equal('ERR_SAN_AMBIGUOUS');
    expect(g.errors[0]!.column).to.equal(4);
  });

  it('skips the rest of a variation after a bad move but keeps the main line', () => {
    const { value: g, errors } = one('1. e4 (1. d4 Qxh7 2. c4) e5 2. Nf3 *');
    expect(g.moves.map((n) => n.san)).to.deep.equal(['e4', 'e5', 'Nf3']);
    expect(g.moves[0]!.variations![0]!.map((n) => n.san)).to.deep.equal(['d4']);
    expect(errors.map((e) => e.code)).to.deep.equal(['ERR_SAN_ILLEGAL']);
  });

  it('nests variations (a variation of a variation)', () => {
    const g = one('1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 *').value;
    const sic = g.moves[1]!.variations![0]!;
    expect(sic[1]!.variations![0]!.map((n) => n.san)).to.deep.equal(['c3', 'd5']);
    expect(sic.map((n) => n.san)).to.deep.equal(['c5', 'Nf3', 'd6']);
  });

  it('starts from SetUp/FEN, with Black to move', () => {
    const g = one('[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"]\n\n40... Kd7 41. e4 *').value;
    expect(g.moves.map((n) => n.uci)).to.deep.equal(['e8d7', 'e2e4']);
    expect(mainlineFen(g)).to.equal('8/3k4/8/8/4P3/8/8/4K3 b - - 0 41');
    expect(makePgn(g)).to.contain('\n40... Kd7 41. e4 *\n');
  });

  it('plays Chess960 castling (Variant tag, X-FEN and Shredder-FEN castling)', () => {
    const moves = '1. g3 g6 2. Bh3 Nb6 3. O-O O-O-O *';
    const { value: xfen, errors: xfenErrors } = one(
      `[Variant "Chess960"]\n[FEN "bqnrkbrn/pppppppp/8/8/8/8/PPPPPPPP/BQNRKBRN w KQkq - 0 1"]\n\n${moves}`,
    );
    expect(xfenErrors).to.deep.equal([]);
    expect(xfen.moves.map((n) => n.san)).to.deep.equal(['g3', 'g6', 'Bh3', 'Nb6', 'O-O', 'O-O-O']);
    expect(xfen.moves.slice(4).map((n) => n.uci)).to.deep.equal(['e1g1', 'e8d8']);
    expect(mainlineFen(xfen)!.split(' ')[0]).to.equal('bqkr1brn/pppppp1p/1n4p1/8/8/6PB/PPPPPP1P/BQNR1RKN');
    const { value: shredder, errors: shredderErrors } = one(
      `[Variant "fischerandom"]\n[FEN "bqnrkbrn/pppppppp/8/8/8/8/PPPPPPPP/BQNRKBRN w GDgd - 0 1"]\n\n${moves}`,
    );
    expect(shredderErrors).to.deep.equal([]);
    expect(shredder.moves.map((n) => n.uci)).to.deep.equal(xfen.moves.map((n) => n.uci));
  });

  it('plays crazyhouse drops', () => {
    const { value: g, errors } = one(
      '[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@b4 Qxb4 5. Nf3 P@e4 *',
    );
    expect(errors).to.deep.equal([]);
    expect(g.moves[6]!.uci).to.equal('P@b4');
    expect(g.moves[6]!.move).to.deep.equal({ role: 'pawn', to: 25 });
    expect(mainlineFen(g)).to.match(/\[Pp\] w|\[pP\] w|\[P?p?\]/);
  });

  it('accepts null moves (--) and keeps them as --', () => {
    const g = one('1. e4 -- 2. d4 *').value;
    expect(g.moves.map((n) => [n.san, n.uci])).to.deep.equal([
      ['e4', 'e2e4'],
      ['--', '0000'],
      ['d4', 'd2d4'],
    ]);
    expect(makePgn(g)).to.contain('1. e4 -- 2. d4 *');
  });

  it('parses comment commands into typed fields and keeps the text', () => {
    const g = one(
      '1. e4 { [%clk 1:30:53] [%emt 0:00:07.3] } e5 {[%eval 0.25] ok} 2. Nf3 {[%eval #-3]} Nc6 {[%eval -1.5,20] [%csl Ga1,Rb2] [%cal Ge2e4,Yh8a1] [%foo bar, baz]} *',
    );
    const [e4, e5, nf3, nc6] = g.value.moves;
    expect(e4!.comments).to.deep.equal(['[%clk 1:30:53] [%emt 0:00:07.3]']);
    expect(e4!.commands).to.deep.equal({ clk: 5453, emt: 7.3 });
    expect(e5!.commands).to.deep.equal({ eval: { pawns: 0.25 } });
    expect(e5!.comments).to.deep.equal(['[%eval 0.25] ok']);
    expect(nf3!.commands).to.deep.equal({ eval: { mate: -3 } });
    expect(nc6!.commands).to.deep.equal({
      eval: { pawns: -1.5, depth: 20 },
      shapes: [
        { color: 'green', from: 0 },
        { color: 'red', from: 9 },
        { color: 'green', from: 12, to: 28 },
        { color: 'yellow', from: 63, to: 0 },
      ],
      other: [{ name: 'foo', value: 'bar, baz' }],
    });
    expect(parseClock('1:05:23')).to.equal(3923);
    expect(Number.isNaN(parseClock('bad'))).to.equal(true);
    expect(parseCommands('no commands')).to.equal(undefined);
  });

  it('reads several tags on a line, one over two lines, escapes, and comments before tags', () => {
    const g = one('; a file comment\n[Event "a \\"b\\" \\\\ c"][Site\n"x"]\n1. e4 *').value;
    expect(g.headers).to.deep.equal({ Event: 'a "b" \\ c', Site: 'x' });
    expect(g.root.comments).to.deep.equal(['a file comment']);
    expect(makePgn(g)).to.contain('[Event "a \\"b\\" \\\\ c"]\n');
  });

  it('splits games without result markers at the next tag section, and tag-only games at a repeated tag', () => {
    const games = parsePgn('[Event "a"]\n1. e4\n[Event "b"]\n[Site "s"]\n\n[Event "c"]\n\n[Event "d"]\n1. d4 *');
    expect(games.map((g) => g.value.headers.Event)).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(games.map((g) => g.value.moves.length)).to.deep.equal([1, 0, 0, 1]);
  });

  it('handles LF, CRLF and CR alike, with positions', () => {
    for (const nl of ['\n', '\r\n', '\r']) {
      const g = one(['[Event "x"]', '', '1. e4 e5', '2. Qxf7 *'].join(nl));
      expect(g.value.moves.length, JSON.stringify(nl)).to.equal(2);
      expect([g.errors[0]!.line, g.errors[0]!.column]).to.deep.equal([4, 4]);
    }
  });

  it('reads bytes: UTF-8 with a BOM, and Latin-1 when not UTF-8', async () => {
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('[White "Müller"]\n1. e4 *\n')]);
    const latin = new Uint8Array([
      ...new TextEncoder().encode('[White "M'),
      0xfc,
      ...new TextEncoder().encode('ller"]\n1. e4 *\n'),
    ]);
    for (const bytes of [utf8, latin]) {
      const games = [];
      for await (const g of readPgn(bytes)) games.push(g);
      expect(games[0]!.value.headers.White).to.equal('Müller');
      expect(games[0]!.value.moves.length).to.equal(1);
    }
  });

  it('reads from a web ReadableStream and from async iterables of strings', async () => {
    const text = '[Event "1"]\n1. e4 *\n\n[Event "2"]\n1. d4 *\n';
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 5) c.enqueue(bytes.slice(i, i + 5));
        c.close();
      },
    });
    const fromStream = [];
    for await (const g of readPgn(stream)) fromStream.push(g.value.headers.Event);
    expect(fromStream).to.deep.equal(['1', '2']);
    async function* strings() {
      yield text.slice(0, 13);
      yield text.slice(13);
    }
    const fromStrings = [];
    for await (const g of readPgn(strings())) fromStrings.push(g.value.moves[0]!.san);
    expect(fromStrings).to.deep.equal(['e4', 'd4']);
    expect(parsePgn(text).length).to.equal(2);
  });

  it('drives a visitor in file order, and a visitor can skip games and variations', async () => {
    const events: string[] = [];
    const visitor: PgnVisitor = {
      beginGame: () => void events.push('begin'),
      header: (n, v) => void events.push(`${n}=${v}`),
      endHeaders: (h) => h.Event !== 'skip',
      move: (info: PgnMoveInfo) => void events.push(`${info.text}>${info.san()}@${info.line}:${info.column}`),
      comment: (c) => void events.push(`{${c}}`),
      nag: (n) => void events.push(`$${n}`),
      beginVariation: () => void events.push('('),
      endVariation: () => void events.push(')'),
      result: (r) => void events.push(r),
      error: (e) => void events.push(e.code),
      endGame: () => void events.push('end'),
    };
    const text = '[Event "x"]\n1. Nf3!? {c} (1. e4) Nf6 0-1\n[Event "skip"]\n1. e4 *\n';
    const n = visitPgn(text, visitor);
    expect(n).to.equal(2);
    expect(events).to.deep.equal([
      'begin',
      'Event=x',
      'Nf3>Nf3@2:4',
      '$5',
      '{c}',
      '(',
      'e4>e4@2:18',
      ')',
      'Nf6>Nf6@2:22',
      '0-1',
      'end',
      'begin',
      'Event=skip',
      '*',
      'end',
    ]);
    const mainOnly = parsePgn('1. e4 (1. d4) e5 *');
    expect(mainOnly[0]!.value.moves[0]!.variations!.length).to.equal(1);
    let moves = 0;
    visitPgn('1. e4 (1. d4 d5 2. c4) e5 *', { move: () => void moves++, beginVariation: () => false });
    expect(moves).to.equal(2);
    const streamed = await visitPgnStream(new TextEncoder().encode(text), { move: () => void moves++ });
    expect(streamed).to.equal(2);
  });

  it('reads without resolving moves when asked (and for unsupported variants)', () => {
    const g = parsePgn('1. e4 e5 2. Qh5 Ke7?? *', { resolveMoves: false })[0]!.value;
    expect(g.moves.map((n) => n.san)).to.deep.equal(['e4', 'e5', 'Qh5', 'Ke7']);
    expect(g.moves[0]!.uci).to.equal(undefined);
    const anti = one('[Variant "Antichess"]\n\n1. e3 b5 2. Bxb5 *');
    expect(anti.errors.map((e) => e.code)).to.deep.equal(['ERR_PGN_VARIANT']);
    expect(anti.value.moves.length).to.equal(3);
  });

  it('reports malformed tags and stray tokens with positions and goes on', () => {
    const g = one('[Event "x"\n[Site]\n[Round "1"]\n1. e4 ) "str" e5 $300 *');
    expect(g.errors.map((e) => `${e.line}:${e.column} ${e.code}`)).to.deep.equal([
      '1:1 ERR_PGN_TAG',
      '2:1 ERR_PGN_TAG',
      '4:7 ERR_PGN_UNMATCHED_PAREN',
      '4:9 ERR_PGN_TOKEN',
      '4:18 ERR_PGN_NAG',
    ]);
    expect(g.value.headers).to.deep.equal({ Event: 'x', Round: '1' });
    expect(g.value.moves.map((n) => n.san)).to.deep.equal(['e4', 'e5']);
  });

  it('survives hostile input with clear errors (deep nesting, huge comment, huge tag value)', () => {
    const deep = `1. e4 ${'(1. d4 '.repeat(100_000)}${')'.repeat(100_000)} e5 *`;
    const g = one(deep);
    expect(g.errors.map((e) => e.code)).to.deep.equal(['ERR_PGN_TOO_DEEP']);
    expect(g.value.moves.map((n) => n.san)).to.deep.equal(['e4', 'e5']);
    const shallow = parsePgn('1. e4 (1. d4 (1. c4)) *', { maxDepth: 1 })[0]!;
    expect(shallow.value.moves[0]!.variations![0]!.map((n) => n.san)).to.deep.equal(['d4']);
    expect(shallow.errors.map((e) => e.code)).to.deep.equal(['ERR_PGN_TOO_DEEP']);
    const unclosed = one(`1. e4 ${'(1. d4 '.repeat(1000)}`);
    expect(unclosed.errors.map((e) => e.code)).to.deep.equal(['ERR_PGN_TOO_DEEP', 'ERR_PGN_UNCLOSED_VARIATION']);
    const comment = one(`1. e4 {${'x'.repeat(2_000_000)}} e5 *`);
    expect(
      parsePgn(`1. e4 {${'x'.repeat(2000)}} e5 *`, { maxCommentLength: 1000 })[0]!.errors.map((e) => e.code),
    ).to.deep.equal(['ERR_PGN_COMMENT_TOO_LONG']);
    expect(comment.value.moves.length).to.equal(2);
    const tag = parsePgn(`[Event "${'v'.repeat(3000)}"]\n[Site "s"]\n1. e4 *`, { maxTagValueLength: 1000 })[0]!;
    expect(tag.errors.map((e) => e.code)).to.deep.equal(['ERR_PGN_STRING_TOO_LONG']);
    expect(tag.value.headers).to.deep.equal({ Site: 's' });
  });
});
