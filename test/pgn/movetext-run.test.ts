// A validating read (a visitor without `move` and `comment`, as `check` uses) reads runs of plain
// movetext in one wasm call (`PgnRules.playRun`), and without `header` the plain tags as well
// (`PgnRules.readTags`). It must find exactly what token-by-token reading finds: the same games,
// moves, errors and warnings with the same codes, messages (illegal-move messages quote the FEN, so
// a position that drifted shows) and line:column. The reference is the same reader with `playRun`,
// `readTags` and `recycle` taken away from the rules and every tag read token by token (`tokenTags`).
import { expect } from 'chai';
// The reader's fast path is internal: the parser and the rules are tested on the modules themselves.
import { PgnParser } from '../../src/pgn/parser.js';
import { chessRules, startingPosition } from '../../src/pgn/rules.js';
import type { PgnRules, PgnVisitor } from '../../src/pgn/visitor.js';
import { corpusInUse } from './corpus-list.js';
// mulberry32, so a failure can be replayed
import { rng } from '../support/rng.mjs';

// The reference: every token read by the reader, a fresh position per game.
const tokenRules: PgnRules = {
  ...chessRules,
  setup: startingPosition,
  recycle: undefined,
  playRun: undefined,
  readTags: undefined,
  playGames: undefined,
};
/** Moves played through `playRun` (so the tests know the fast path ran at all). */
let runMoves = 0;
const runRules: typeof chessRules = {
  ...chessRules,
  playRun(pos, text, run) {
    chessRules.playRun!(pos, text, run);
    runMoves += run.moves;
  },
};

/** Games read whole through `playGames` (so the tests know that fast path ran at all). */
let plainGames = 0;
const gamesRules: typeof chessRules = {
  ...chessRules,
  playGames(text, run) {
    chessRules.playGames!(text, run);
    plainGames += run.games;
  },
};

/**
 * What a check sees (a visitor of errors and warnings only, so whole plain games are read in one
 * wasm call, `playGames`): the errors and warnings, then the games and moves.
 */
function checkEvents(
  text: string,
  rules: PgnRules,
  options: { maxCommentLength?: number; maxTagValueLength?: number },
  token: boolean,
): string[] {
  const log: string[] = [];
  const parser = new PgnParser(
    {
      error: (e) => log.push(`error ${e.line}:${e.column} ${e.code} ${e.message}`),
      warning: (w) => log.push(`warning ${w.line}:${w.column} ${w.code} ${w.message}`),
    },
    { rules, ...options },
  );
  parser.tokenTags = token;
  parser.reset(text);
  const games = parser.parseAll();
  log.push(`games=${games} moves=${parser.moves} line=${parser.scanLine}`);
  return log;
}

/** Everything a validating visitor sees, one line per event (with `headers`: the tags too). */
function events(
  text: string,
  rules: PgnRules,
  options: { maxCommentLength?: number; maxTagValueLength?: number },
  token: boolean,
  headers: boolean,
): string[] {
  const log: string[] = [];
  const visitor: PgnVisitor = {
    beginGame: (line) => log.push(`game ${line}`),
    nag: (n) => log.push(`nag ${n}`),
    beginVariation: () => void log.push('('),
    endVariation: () => log.push(')'),
    result: (r) => log.push(`result ${r}`),
    error: (e) => log.push(`error ${e.line}:${e.column} ${e.code} ${e.message}`),
    warning: (w) => log.push(`warning ${w.line}:${w.column} ${w.code} ${w.message}`),
    endGame: () => log.push(`end moves=${parser.moves} at ${parser.gameEnd}`),
  };
  // A visitor that takes headers gets every tag read by the reader (no tags read in wasm).
  if (headers) visitor.header = (name, value) => log.push(`tag ${name}=${value}`);
  const parser = new PgnParser(visitor, { rules, ...options });
  parser.tokenTags = token;
  parser.reset(text);
  parser.parseAll();
  return log;
}

/**
 * The events of the fast paths (runs of movetext and of tags in wasm, tags in one pass) against
 * token-by-token reading, without and with a `header` callback; returns the former.
 */
function same(text: string, options: { maxCommentLength?: number; maxTagValueLength?: number } = {}): string[] {
  const fast = events(text, runRules, options, false, false);
  expect(fast).to.deep.equal(events(text, tokenRules, options, true, false));
  expect(events(text, runRules, options, false, true)).to.deep.equal(events(text, tokenRules, options, true, true));
  expect(checkEvents(text, gamesRules, options, false)).to.deep.equal(checkEvents(text, tokenRules, options, true));
  return fast;
}

const GAME =
  '[Event "e"]\n[White "w"]\n\n1. e4 { [%clk 0:05:00] } 1... e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n\n';

describe('pgn: validating read of plain movetext and tags in wasm (playRun, readTags)', () => {
  it('is what the token reader finds on awkward movetext', () => {
    const cases = [
      GAME,
      GAME.replace(/\n/g, '\r\n'),
      GAME.replace(/\n/g, '\r'),
      '[Event "x"]\n\n1. e4 {multi\nline\r\ncomment\rhere} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n',
      '[Event "x"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6 $1 3. Bb5!? a6?! 1/2-1/2\n',
      '[Event "x"]\n\n1. e4 e5 2. Kxe8 Nf6 3. d4 *\n', // illegal move: the rest of the line is dead
      '[Event "x"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. Nf3 Nf6 5. Nd4 Nd7 6. Nb3 Nb6 7. N1d2 *\n',
      '[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6 3. Nd4 Nf6 4. Nc3 Nd4 *\n', // ambiguous knight move
      '[Event "x"]\n\n1. e4 -- 2. d4 -- 3. c4 Z0 4. Nc3 e5 *\n', // null moves
      '[Event "x"]\n\n1. 0-0 e5 2. e4 o-o 3. Nf3 OO *\n', // castling spelt every which way
      '[Event "x"]\n[FEN "8/P6k/8/8/8/8/6pK/8 w - - 0 1"]\n[SetUp "1"]\n\n1. a8=Q g1=N+ 2. Kxg1 Kg6 *\n',
      '[Event "x"]\n[FEN "8/P6k/8/8/8/8/6pK/8 w - - 0 1"]\n[SetUp "1"]\n\n1. a8Q g1q 2. Kh3 *\n',
      '[Event "x"]\n[FEN "8/P6k/8/8/8/8/6pK/8 w - - 0 1"]\n[SetUp "1"]\n\n1. a8=K *\n',
      '[Event "x"]\n\n1. e2e4 e7e5 2. Ng1f3 Nb8-c6 3. Bf1xb5 *\n',
      '[Event "x"]\n\n1. e4 e5 2. exd5e.p. d5 3. e5 f5 4. exf6ep *\n',
      '[Event "x"]\n\n1. e4 {unterminated comment e5 2. Nf3\n',
      '[Event "x"]\n\n1. e4 e5 {a comment too long for the limit here} 2. Nf3 *\n',
      '[Event "x"]\n\n1. e4 e5 {caf\u00e9 au lait} 2. Nf3 Nc6 \u00bd-\u00bd\n',
      '[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 {\n[Event "inside a comment"]\n} 4. b4 *\n',
      '[Event "x"]\n\n1. e4 e5 ; a line comment\n2. Nf3 Nc6\n% an escape line\n  % indented\n3. Bb5 *\n',
      '[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n\n[Event "y"]\n\n1. d4 d5 *\n', // no result
      '[Event "x"]\n\n1. e4 e5 2. N@f3 @e6 3. Nf3 *\n',
      '[Event "x"]\n\n1. e4 e5 2. Nf3 ' + 'Nc6'.repeat(100) + ' 3. Bb5 *\n', // symbol too long
      '[Event "x"]\n\n1. e4 e5 2. 12345678901234567890. Nf3 1/2 *\n',
      '[Event "x"]\n\n1. e4 e5 2. Nf3 (( 2. d4 ) *\n',
      '[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O',
      '1. e4 e5 2. Nf3 Nc6',
      '[Event "x"]\n[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. P@d5 *\n',
      '[Event "x"]\n[Variant "Atomic"]\n\n1. e4 d5 2. exd5 *\n',
      '[Event "x"]\n[FEN "not a fen"]\n\n1. e4 d5 2. exd5 *\n',
    ];
    runMoves = 0;
    for (const text of cases) same(text, { maxCommentLength: 30 });
    expect(runMoves).to.be.greaterThan(100);
    runMoves = 0;
    expect(same(GAME)).to.include(`end moves=10 at ${GAME.indexOf('1-0') + 3}`);
    // Every move, in each of the two fast reads (only the movetext's first token, `1`, is the reader's).
    expect(runMoves).to.equal(20);
  });

  it('reads whole plain games in one call (playGames) as the token reader reads them, and no others', () => {
    const plain = '[Event "p"]\n[White "w"]\n\n1. e4 { [%clk 0:05:00] } 1... e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n';
    const cases = [
      plain.repeat(3),
      plain.replace(/\n/g, '\r\n').repeat(3),
      plain.replace(/\n/g, '\r').repeat(3),
      plain.replace('1-0\n', '1-0{after}\n') + plain, // a comment after the result: the next game's
      plain.replace('1-0\n', '1-0abc\n') + plain, // not a result: the token reader's error
      plain.replace('1-0\n', '1/2-1/2') + plain,
      plain.replace('1-0\n', '1/2-1/2x') + plain,
      plain.replace('1-0\n', '*') + plain.replace('1-0', '0-1'),
      plain.replace('1-0', '0-0') + plain,
      plain + '[Event "q"]\n[FEN "8/P6k/8/8/8/8/6pK/8 w - - 0 1"]\n[SetUp "1"]\n\n1. a8=Q g1=N+ *\n\n' + plain,
      plain + '[Event "q"]\n[Variant "Atomic"]\n\n1. e4 d5 2. exd5 *\n\n' + plain,
      plain + '[Event "q"]\n[Event "again"]\n\n1. e4 *\n\n' + plain, // a name twice
      plain + '[Event "q"]\n{a comment before the movetext}\n1. e4 *\n\n' + plain,
      plain + '[Event "q"]\n\n*\n\n' + plain, // no moves
      plain + '[Event "q"]\n\n' + plain, // tags only, then the next game
      plain + '1. d4 d5 *\n\n' + plain, // no tags
      plain + '[Event "caf\u00e9"]\n\n1. e4 e5 *\n\n' + plain, // not ASCII
      plain + '[Event "q"]\n\n1. e4 e5 2. Ke3 *\n\n' + plain, // illegal move
      plain + '[Event "q"]\n\n1. e4 e5 2. Nf3 $1 Nc6 (2... d6) *\n\n' + plain,
      plain + '[Event "q"]\n\n1. e4! e5?! 2. Nf3!! Nc6?? 3. Bb5!? $1 a6 $0 $255 $19 1-0\n\n' + plain, // plain too
      plain + '[Event "q"]\n\n1. e4!!! e5 *\n\n' + plain, // not a suffix annotation
      plain + '[Event "q"]\n\n1. e4 $ e5 *\n\n' + plain, // a NAG without digits
      plain + '[Event "q"]\n\n1. e4 $256 e5 *\n\n' + plain,
      plain + '[Event "q"]\n\n1. e4 $0001 e5 $12abc *\n\n' + plain,
      plain + '[Event "q"]\n\n1. e4 e5 3. Nf3 1. d4 *\n\n' + plain, // a number that goes back
      plain + '[Event "q"]\n\n1. e4 e5 2. Nf3\n\n' + plain, // no result before the next tags
      plain + '%escape\n' + plain,
      plain + '  %indented escape\n' + plain,
      plain + '[Event "q"]\n\n1. e4 {unterminated\n\n' + plain,
      plain + '[Event "q"]\n\n1. e4 e5 {a comment too long for the limit here} *\n\n' + plain,
      plain + '[Event "' + 'v'.repeat(40) + '"]\n\n1. e4 e5 *\n\n' + plain, // value too long
      plain.slice(0, -2), // the last game ends with its result, no line end
      plain + plain.slice(0, 40), // the last game cut in its tags
      plain + plain.slice(0, 70), // and in its movetext
      '\n\n \t\n' + plain + '\r\n\r\n' + plain,
    ];
    plainGames = 0;
    for (const text of cases) same(text, { maxCommentLength: 30, maxTagValueLength: 30 });
    // Most cases have plain games before and after the odd one (which the token reader reads).
    expect(plainGames).to.be.greaterThan(cases.length);
    const count = (text: string) => {
      plainGames = 0;
      const log = checkEvents(text, gamesRules, {}, false);
      return { plain: plainGames, log };
    };
    expect(count(plain.repeat(5))).to.deep.equal({ plain: 5, log: ['games=5 moves=30 line=26'] });
    // A game with a FEN tag is the token reader's; the two plain games around it are taken whole.
    const fen = '[Event "q"]\n[FEN "8/P6k/8/8/8/8/6pK/8 w - - 0 1"]\n[SetUp "1"]\n\n1. a8=Q g1=N+ *\n\n';
    expect(count(plain + fen + plain).plain).to.equal(2);
    // Suffix annotations and NAGs of $0…$255 keep a game plain when nobody takes NAGs.
    const annotated = plain.replace('e5', 'e5?! $19').replace('Nf3', 'Nf3!');
    expect(count(annotated.repeat(4))).to.deep.equal({ plain: 4, log: ['games=4 moves=24 line=21'] });
    // An illegal move in a game after 300 plain ones: found at its line and column.
    const many = plain.repeat(300) + '[Event "q"]\n\n1. e4 e5 2. Ke3 *\n';
    const got = count(many);
    expect(got.plain).to.equal(300);
    expect(got.log[0]).to.match(/^error 1503:13 ERR_SAN_ILLEGAL /);
    expect(got.log[1]).to.equal('games=301 moves=1802 line=1504');
  });

  it('carries on across stretches of text larger than the wasm buffer, line ends included', () => {
    // The buffer holds 64 KiB from the first movetext token on: put a CR LF, a comment and a move
    // across its end, and more than one buffer's worth of moves and comments.
    const head = '[Event "long"]\n\n1';
    let texts = 0;
    for (const cut of ['\r\n', '{ a comment }', ' Nf3 ', '\r', ' O-O ']) {
      for (const shift of [1, 2, 3, 5, 8]) {
        // The cut's first character is the buffer's byte 65536 - shift.
        const open = '. e4 e5 {';
        const body = `${open}${'x'.repeat(65536 - shift - open.length - 1)}}`;
        expect(body.length).to.equal(65536 - shift);
        // no move numbers in the repeated part: numbers that go back would start new games
        const moves = '{ [%clk 0:01:00] } Ba4 Nf6 Bxc6 dxc6 Bb5+ c6 '.repeat(1400);
        same(`${head}${body}${cut}2. Nf3 Nc6 3. Bb5 a6 ${moves}*\n`);
        texts++;
      }
    }
    expect(texts).to.equal(25);
    // move numbers that go on (numbers that go back start a new game: see game-split.test.ts)
    const many = `[Event "many"]\n\n${Array.from({ length: 40 }, (_, i) => `${2 * i + 1}. Nf3 Nf6 ${2 * i + 2}. Ng1 Ng8 { back again }\n`).join('')}*\n`;
    const log = same(many.repeat(50));
    expect(log.filter((l) => l.startsWith('end moves='))).to.have.length(50);
    // and numbers that go back: the same games in both reads, wherever the buffer ends
    const restarting = `[Event "restarting"]\n\n${'1. Nf3 Nf6 2. Ng1 Ng8 { again }\n'.repeat(40)}*\n`;
    const again = same(restarting.repeat(50));
    expect(again.filter((l) => l.startsWith('end moves='))).to.have.length(2000);
  });

  it('is what the token reader finds on the corpus, whole and mutated', async () => {
    const corpus = await corpusInUse();
    const next = rng(13);
    const junk = [
      '{',
      '}',
      '(',
      ')',
      '\r',
      '\n',
      '\r\n',
      '\u00e9',
      '1-0',
      '$1',
      '!',
      '--',
      'O-O',
      '0-0',
      'e8=Q',
      ';',
      '%',
      ' ',
      '.',
      'Kxe8',
      '\n[Event "m"]\n',
      '1/2',
    ];
    let mutated = 0;
    runMoves = 0;
    for (const [file] of corpus.entries) {
      const bytes = await corpus.read(file);
      const text = new TextDecoder().decode(bytes);
      same(text);
      // Mutations of the file's first 20 kB: each cut, insertion or swap shifts what follows.
      const base = text.slice(0, 20000);
      for (let i = 0; i < 12; i++) {
        let t = base;
        for (let k = 0; k < 6; k++) {
          const at = Math.floor(next() * t.length);
          const r = next();
          if (r < 0.3) t = t.slice(0, at) + t.slice(at + 1 + Math.floor(next() * 8));
          else t = t.slice(0, at) + junk[Math.floor(next() * junk.length)] + t.slice(at);
        }
        same(t, { maxCommentLength: 40 });
        mutated++;
      }
    }
    expect(mutated).to.be.greaterThan(50);
    expect(runMoves).to.be.greaterThan(1000);
  });
});
