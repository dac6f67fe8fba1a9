// Popeye input fuzz target: parsePopeye (problems, twins, options, German and English keywords,
// abbreviations) and a round trip through fenToPopeye for each problem read without errors (board
// and stipulation back as they were). (Twins are applied by solve(), too slow for a fuzz input.)
import { breakUtf8, mutateText, pick } from './util.mjs';

const SEEDS = [
  'BeginProblem\nTitle Twin test\nAuthor A. B\nOrigin Somewhere 1999\nRemark two twins\n' +
    'Pieces White Ke1 Qd1 Ra1 Rh1 Pe2 Black Ke8 Ra8 Sb8 Pe7\nStipulation #2\nOption NoBoard Try Defence 2 SetPlay\n' +
    'Twin Move d1 d5\nTwin Continued Exchange e1 e8 Add White Bc4 Remove a1\nTwin Rotate 90\nTwin Mirror a1<-->h1\n' +
    'Twin Stipulation h#2 Shift a1 b1\nNextProblem\nPieces White Kc8 Be7 Black Ka6 Rf7\nStipulation h=2\nOption Duplex\n' +
    'EndProblem\n',
  'anfangproblem\nautor M. Tomasevic\nquelle feenschach 1982\nforderung h#2\nsteine weiss kc8 be7 schwarz ka6 tf7\n' +
    'option duplex\nzwilling forderung h=2\nweiteresproblem\nforderung ser-#3\nsteine weiss kd7 dg7 schwarz kb5 da6\n' +
    'option enpassant e2 e4 nocastling a1 weissbeginnt\nendeproblem\n',
  'beginp\npie whi ke1 rh1 bla ke8 pd7 pe5\nsti s#1.5\nopt nothreat intelligent maxsol 3 variation\n' +
    'twin zeroposition add black pc5\nendp\n',
  'BeginProblem\nZeroPosition\nPieces White Ka1 Black Kc3 Pb2\nStipulation ##2\nTwin Substitute P Q\nTwin Polish\nEndProblem\n',
];

const TOKENS = [
  '\n',
  ' ',
  'BeginProblem',
  'EndProblem',
  'NextProblem',
  'Pieces',
  'White',
  'Black',
  'Neutral',
  'Stipulation',
  'Option',
  'Twin',
  'Continued',
  'ZeroPosition',
  'Move',
  'Exchange',
  'Add',
  'Remove',
  'Substitute',
  'Rotate',
  'Mirror',
  'Shift',
  'Polish',
  'Author',
  'Title',
  'Origin',
  'Remark',
  'Condition',
  'Protocol',
  'anfangproblem',
  'steine',
  'weiss',
  'schwarz',
  'forderung',
  'zwilling',
  'endeproblem',
  'Ke1',
  'Qh8',
  'Sg1',
  'Pa7',
  'Pa1',
  'kk1',
  'Zz9',
  'a1<-->h8',
  'h1<-->a8',
  '90',
  '180',
  '270',
  '#2',
  'h#2.5',
  's#3',
  'ser-h=4',
  '#0',
  '#999999999',
  'EnPassant',
  'NoCastling',
  'MaxSolutions',
  'Defence',
  '-1',
  '1e9',
  '(',
  ')',
  '{',
  '}',
  '\\',
  '"',
  '\t',
  '\r',
  '\u00fc',
  '\u0000',
  '\ufeff',
];

const codeOk = (e) => /^ERR_/.test(e.code) && typeof e.line === 'number' && typeof e.column === 'number';

/** Board and stipulation of a problem, for the round trip. */
const boardKey = (p) =>
  JSON.stringify([p.board.squares.map((s) => (s ? `${s.color[0]}${s.kind}` : '')), p.stipulation]);

export function checkPopeye(lib, input) {
  const { parsePopeye, fenToPopeye, pbiFen } = lib.problems;
  const text = typeof input === 'string' ? input : new TextDecoder('utf-8').decode(input);
  const items = parsePopeye(text);
  const again = parsePopeye(text);
  if (JSON.stringify(items) !== JSON.stringify(again)) return 'not deterministic (two reads differ)';
  for (const { value: p, errors, warnings } of items) {
    for (const e of [...errors, ...warnings]) {
      if (!codeOk(e)) return `untyped or unplaced error ${JSON.stringify(e)}`;
      if (e.message.length > 400) return `error message of ${e.message.length} characters`;
    }
    if (p.board.squares.length !== p.board.files * p.board.ranks) return 'board of the wrong size';
    for (const twin of p.twins) if (!Array.isArray(twin.ops)) return `twin '${twin.text}' without operations`;
    // round trip: a problem read without errors, written from its FEN, reads back the same
    if (errors.length || !p.stipulation) continue;
    // (pbiFen reads a problem's board and stipulation: the FEN of the position, side to move from the stipulation)
    const fen = pbiFen({ board: p.board, stipulation: p.stipulation });
    if (!fen) continue;
    const written = fenToPopeye(fen, p.stipulation);
    if (!written.ok) continue;
    const back = parsePopeye(written.value);
    if (back.length !== 1) return `fenToPopeye gave ${back.length} problems\n${written.value}`;
    if (back[0].errors.length)
      return `fenToPopeye output has errors ${JSON.stringify(back[0].errors)}\n${written.value}`;
    if (boardKey(back[0].value) !== boardKey(p)) return `round trip: another board or stipulation\n${written.value}`;
  }
  return null;
}

export const popeyeTarget = {
  name: 'popeye',
  ext: 'inp',
  seeds: SEEDS,
  tokens: TOKENS,
  corpusDirs: ['data/problems/popeye'],
  inputs(r, corpus) {
    const texts = [...SEEDS, ...corpus];
    return () => {
      const k = r();
      if (k < 0.85) return mutateText(r, pick(r, texts), TOKENS, 1 + Math.floor(r() * 6));
      if (k < 0.95) {
        // token soup from the alphabet
        let s = '';
        for (let n = 1 + Math.floor(r() * 60); n > 0; n--) s += `${pick(r, TOKENS)} `;
        return s;
      }
      return breakUtf8(r, pick(r, texts));
    };
  },
  async check(lib, input) {
    return checkPopeye(lib, input);
  },
  shapes: {
    problems: (n) =>
      `BeginProblem\n${'Pieces White Ke1 Black Ke8\nStipulation #2\nNextProblem\n'.repeat(n / 52)}EndProblem\n`,
    twins: (n) =>
      `BeginProblem\nPieces White Ke1 Qd1 Black Ke8\nStipulation #2\n${'Twin Move d1 d5\n'.repeat(n / 16)}EndProblem\n`,
    'long remark': (n) =>
      `BeginProblem\nRemark ${'word '.repeat(n / 5)}\nPieces White Ke1 Black Ke8\nStipulation #2\nEndProblem\n`,
    'many pieces': (n) => `BeginProblem\nPieces White ${'Ke1 '.repeat(n / 4)}\nStipulation #2\nEndProblem\n`,
    'unknown words': (n) => `BeginProblem\n${'foo '.repeat(n / 4)}\nEndProblem\n`,
  },
  run: (lib, text) => lib.problems.parsePopeye(text),
};
