import { expect } from 'chai';
import { makePgn, parsePgn, type PgnGame } from 'gamenotation/pgn';

const exportOf = (text: string, reduced = false) =>
  parsePgn(text)
    .map((g) => makePgn(g.value, { reduced }))
    .join('');

describe('pgn: export writer (sections 8 and 16)', () => {
  it('writes the seven tag roster first in order (with defaults), other tags in ASCII order', () => {
    const out = exportOf(
      '[White "W"]\n[ECO "C20"]\n[Annotator "A"]\n[Black "B"]\n[a "lower"]\n[Event "E"]\n\n1. e4 1-0',
    );
    expect(out).to.equal(
      [
        '[Event "E"]',
        '[Site "?"]',
        '[Date "????.??.??"]',
        '[Round "?"]',
        '[White "W"]',
        '[Black "B"]',
        '[Result "1-0"]',
        '[Annotator "A"]',
        '[ECO "C20"]',
        '[a "lower"]',
        '',
        '1. e4 1-0',
        '',
        '',
      ].join('\n'),
    );
  });

  it('escapes quotes and backslashes in tag values', () => {
    const game: PgnGame = {
      headers: { Event: 'say "hi" \\o/' },
      root: {},
      moves: [],
      result: '*',
      line: 1,
    };
    expect(makePgn(game)).to.contain('[Event "say \\"hi\\" \\\\o/"]\n');
  });

  it('numbers Black moves after comments and variations, not otherwise; NAGs as $n', () => {
    const out = exportOf('1. e4 e5 2. Nf3?! {hmm} Nc6 (2... d6 3. d4) 3. Bb5 $1 a6 *');
    expect(out.split('\n\n')[1]).to.equal('1. e4 e5 2. Nf3 $6 {hmm} 2... Nc6 (2... d6 3. d4) 3. Bb5 $1 a6 *');
  });

  it('wraps movetext below 80 columns, no line starting or ending with a space', () => {
    const moves = 'Nf3 Nf6 Ng1 Ng8 '.repeat(30);
    const out = exportOf(`[Event "x"]\n\n{${'word '.repeat(40)}} ${moves}*`);
    const movetext = out.split('\n\n')[1]!.trimEnd().split('\n');
    for (const line of movetext) {
      expect(line.length).to.be.below(80);
      expect(line).to.not.match(/^ | $/);
    }
    // As many tokens as fit: adding the next token would reach 80.
    for (let i = 0; i + 1 < movetext.length; i++) {
      const next = movetext[i + 1]!.split(' ')[0]!;
      expect(movetext[i]!.length + 1 + next.length).to.be.at.least(80);
    }
  });

  it('writes the result as the last token and a blank line after each game', () => {
    const out = exportOf('[Result "0-1"]\n1. f3 e5 2. g4 Qh4# 0-1\n[Event "2"]\n*');
    expect(out).to.match(/1\. f3 e5 2\. g4 Qh4# 0-1\n\n\[Event "2"\]/);
    expect(out.endsWith('[Result "*"]\n\n*\n\n')).to.equal(true);
  });

  it('turns suffix annotations into NAGs and line comments into brace comments', () => {
    expect(exportOf('1. e4!! e5?? 2. Nf3!? ; note\nNc6?! *').split('\n\n')[1]).to.equal(
      '1. e4 $3 e5 $4 2. Nf3 $5 {note} 2... Nc6 $6 *',
    );
  });

  it('writes reduced export format: STR only, main line only, no comments or NAGs', () => {
    const out = exportOf('[Event "E"]\n[ECO "C20"]\n\n1. e4 {c} e5 $1 (1... c5) 2. Nf3 *', true);
    expect(out).to.equal(
      '[Event "E"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *\n\n',
    );
  });

  it('is idempotent: exporting an export gives the same bytes', () => {
    const messy =
      '[Event "x"]  [Site "y"]\r\n1.e4 {  spaced \n comment } e5 ( 1...c5 ; eol\n 2.Nf3 ) 2.Nf3 $1 $2 Nc6 ( ( {empty} ) ) 1/2-1/2';
    const once = exportOf(messy);
    expect(exportOf(once)).to.equal(once);
    // A variation without moves is dropped (a nested empty one with its comment).
    expect(once.split('\n\n')[1]).to.equal(
      '1. e4 {spaced comment} 1... e5 (1... c5 {eol} 2. Nf3) 2. Nf3 $1 $2 Nc6 1/2-1/2',
    );
  });

  it('writes no tag section defaults beyond the roster and keeps FEN/SetUp', () => {
    const out = exportOf('[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 *');
    expect(out).to.contain('[Result "*"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n[SetUp "1"]\n\n1. e4 *\n');
  });
});

describe('pgn: writer keeps every comment (fuzz findings)', () => {
  it('writes a comment holding } (read from a ; comment) as a ; comment that ends its line', () => {
    const g = parsePgn('1. e4 ; a } b\ne5 (1... c5 ;x}\n) *\n')[0]!.value;
    expect(g.moves[0]!.comments).to.deep.equal(['a } b']);
    const out = makePgn(g);
    expect(out.split('\n\n')[1]).to.equal('1. e4 ;a } b\n1... e5 (1... c5 ;x}\n) *');
    const again = parsePgn(out)[0]!.value;
    expect(again.moves).to.deep.equal(g.moves);
    expect(makePgn(again)).to.equal(out);
  });
});
