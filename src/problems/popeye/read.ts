// Popeye input files (the orthodox subset): BeginProblem … NextProblem … EndProblem with Pieces,
// White/Black, Stipulation, Option, Twin (Move, Exchange, Add, Remove, Substitute, Rotate, Mirror,
// Shift, Stipulation, Continued, ZeroPosition), Author, Title, Origin, Remark and comments.
// Keywords may be abbreviated as Popeye allows (any unambiguous prefix, case-insensitive); English
// and German keywords are read. Everything else is a typed error with line:column.
import { reflectBoard, rotateBoard, shiftBoard } from '../geometry.js';
import type { NotationError, Parsed } from '../../errors.js';
import { emptyBoard, type ProblemBoard } from '../board.js';
import { readSolveStipulation, STIPULATIONS_READ } from '../solve/stipulation.js';

/** One Popeye twinning operation (move, exchange, add, remove, …). */
export type PopeyeTwinOp =
  | { op: 'move'; from: number; to: number }
  | { op: 'exchange'; a: number; b: number }
  | { op: 'add'; color: 'white' | 'black'; kind: string; square: number }
  | { op: 'remove'; square: number }
  | { op: 'substitute'; fromKind: string; toKind: string }
  | { op: 'rotate'; degrees: 90 | 180 | 270 }
  | { op: 'mirror'; axis: 'a1<-->h1' | 'a1<-->a8' | 'a1<-->h8' | 'h1<-->a8' }
  | { op: 'shift'; from: number; to: number }
  | { op: 'stipulation'; stipulation: string }
  | { op: 'polish' };

/** One Popeye twin: its operations, and whether it continues the previous twin. */
export interface PopeyeTwin {
  continued: boolean;
  zero?: boolean;
  ops: PopeyeTwinOp[];
  /** The command as written (after the Twin keyword). */
  text: string;
  line: number;
}

/** Popeye `Option` settings read from an input. */
export interface PopeyeOptions {
  noBoard?: boolean;
  intelligent?: boolean;
  /** E.p. target square (0..63) from `EnPassant` (the square the last double step passed). */
  enPassant?: number;
  noThreat?: boolean;
  try?: boolean;
  /** Maximum refutations of a try (`Defence n`). */
  defence?: number;
  setPlay?: boolean;
  maxSolutions?: number;
  noCastling?: number[];
  variations?: boolean;
  /** `Threat n`: a defence that leaves no threat within n moves counts as a refutation (read, not used). */
  threat?: number;
  /** Help play: White moves first (h#n becomes h#(n-1).5). */
  whiteToPlay?: boolean;
  /** Solve the stipulation for both sides (`Duplex`) or for the other side only (`HalfDuplex`). */
  duplex?: boolean;
  /** `HalfDuplex`: the stipulation solved for the other side only. */
  halfDuplex?: boolean;
  /** No white king (`NoWk`) or no black king (`NoBk`) is required on the board. */
  noWk?: boolean;
  /** `NoBk`: no black king is required. */
  noBk?: boolean;
  /** s#n / r#n: a direct mate in n also solves (`Quodlibet`). */
  quodlibet?: boolean;
  /** `NonTrivial m n`: self play where Black keeps at most m extra moves not met by an s#n. */
  nonTrivial?: { extra: number; length: number };
  /** Stop a line once the mating side has no piece left that could mate (`KeepMatingPiece`). */
  keepMatingPiece?: boolean;
  /** Self play: short mates in one are not suppressed in the printout (`MatesIn1`). */
  matesIn1?: boolean;
  /** A defence that leaves the king this many flight squares counts as a refutation (`MaxFlightsquares n`). */
  maxFlights?: number;
  /** Pairs of castling rook squares [white rook, black rook] whose castlings exclude each other. */
  castlingExclusive?: [number, number][];
  /** Stop once a short solution is found (`StopOnShortSolutions`). */
  stopOnShort?: boolean;
  /** The position is the one after the key: only the play after it is solved (`PostKeyPlay`). */
  postKeyPlay?: boolean;
  /** Seconds Popeye may spend on the problem (`MaxTime n`). */
  maxTime?: number;
}

/** One problem of a Popeye input: position, stipulation, options and twins. */
export interface PopeyeProblem {
  title?: string;
  author?: string;
  origin?: string;
  remarks: string[];
  board: ProblemBoard;
  stipulation: string;
  options: PopeyeOptions;
  twins: PopeyeTwin[];
  line: number;
}

// Keyword → canonical name, English and German (Popeye's own vocabularies).
const COMMANDS: Record<string, string> = {
  beginproblem: 'begin',
  anfangproblem: 'begin',
  endproblem: 'end',
  endeproblem: 'end',
  nextproblem: 'next',
  weiteresproblem: 'next',
  pieces: 'pieces',
  steine: 'pieces',
  white: 'white',
  weiss: 'white',
  black: 'black',
  schwarz: 'black',
  stipulation: 'stipulation',
  forderung: 'stipulation',
  option: 'option',
  twin: 'twin',
  zwilling: 'twin',
  zeroposition: 'zero',
  nullstellung: 'zero',
  author: 'author',
  autor: 'author',
  title: 'title',
  titel: 'title',
  origin: 'origin',
  quelle: 'origin',
  remark: 'remark',
  bemerkung: 'remark',
  protocol: 'protocol',
  protokoll: 'protocol',
  condition: 'condition',
  bedingung: 'condition',
  sstipulation: 'sstipulation',
  award: 'award',
  auszeichnung: 'award',
};
// Popeye's option names (English and German, as its own vocabularies spell them). Options that only
// shape Popeye's printout are read and ignored; options this solver cannot honour are refused.
// Popeye's Mirror axes as reflections of the board.
const MIRROR_AXIS = {
  'a1<-->h1': 'files',
  'a1<-->a8': 'ranks',
  'a1<-->h8': 'diagonal',
  'h1<-->a8': 'antidiagonal',
} as const;
const OPTIONS: Record<string, string> = {
  noboard: 'noBoard',
  ohnebrett: 'noBoard',
  intelligent: 'intelligent',
  enpassant: 'enPassant',
  nothreat: 'noThreat',
  ohnedrohung: 'noThreat',
  try: 'try',
  verfuehrung: 'try',
  defence: 'defence',
  widerlegung: 'defence',
  setplay: 'setPlay',
  satzspiel: 'setPlay',
  maxsolutions: 'maxSolutions',
  maxloesungen: 'maxSolutions',
  nocastling: 'noCastling',
  keinerochade: 'noCastling',
  variations: 'variations',
  varianten: 'variations',
  threat: 'threat',
  drohung: 'threat',
  movenumbers: 'ignore',
  zugnummern: 'ignore',
  noshortvariations: 'ignore',
  ohnekurzvarianten: 'ignore',
  beep: 'beep',
  pieps: 'beep',
  suppressgrid: 'ignore',
  ohnegitter: 'ignore',
  writegrid: 'ignore',
  zeichnegitter: 'ignore',
  nowk: 'noWk',
  ohnewk: 'noWk',
  nobk: 'noBk',
  ohnesk: 'noBk',
  whitetoplay: 'whiteToPlay',
  weissbeginnt: 'whiteToPlay',
  duplex: 'duplex',
  halfduplex: 'halfDuplex',
  halbduplex: 'halfDuplex',
  postkeyplay: 'postKeyPlay',
  nachschluessel: 'postKeyPlay',
  nontrivial: 'nonTrivial',
  nichttrivial: 'nonTrivial',
  keepmatingpiece: 'keepMatingPiece',
  haltemattsetzendenstein: 'keepMatingPiece',
  quodlibet: 'quodlibet',
  matesin1: 'matesIn1',
  mattsin1: 'matesIn1',
  maxflightsquares: 'maxFlights',
  maxfluchtfelder: 'maxFlights',
  castlingmutuallyexclusive: 'castlingExclusive',
  rochadengegenseitigausschliessend: 'castlingExclusive',
  stoponshortsolutions: 'stopOnShort',
  stopnachkurzloesungen: 'stopOnShort',
  maxtime: 'maxTime',
  maxzeit: 'maxTime',
  enpassent: 'enPassant',
  // options that change what is solved in ways this solver does not follow
  goalisend: 'unsupported',
  zielistende: 'unsupported',
  startmovenumber: 'unsupported',
  startzugnummer: 'unsupported',
  uptomovenumber: 'unsupported',
  biszugnummer: 'unsupported',
  nullmoves: 'unsupported',
  nullzuege: 'unsupported',
  search: 'unsupported',
  suchen: 'unsupported',
  multisolutions: 'unsupported',
  mehrereloesungen: 'unsupported',
  nosymmetry: 'unsupported',
  keinesymmetrie: 'unsupported',
  trivialtriesavoid: 'unsupported',
  trivialefehlversucheunterdruecken: 'unsupported',
  lastcapture: 'unsupported',
};
const TWIN_OPS: Record<string, string> = {
  move: 'move',
  versetze: 'move',
  exchange: 'exchange',
  tausche: 'exchange',
  add: 'add',
  hinzufuegen: 'add',
  remove: 'remove',
  entferne: 'remove',
  substitute: 'substitute',
  ersetze: 'substitute',
  rotate: 'rotate',
  drehung: 'rotate',
  mirror: 'mirror',
  spiegelung: 'mirror',
  shift: 'shift',
  verschiebung: 'shift',
  stipulation: 'stipulation',
  forderung: 'stipulation',
  continued: 'continued',
  fortsetzung: 'continued',
  ferner: 'continued',
  zeroposition: 'zero',
  nullstellung: 'zero',
  polishtype: 'polish',
  polnischertyp: 'polish',
  farbwechsel: 'polish',
};
// Piece letters follow the language of the first keyword (Popeye's English S is the knight; N is
// the nightrider, a fairy piece). German: König Dame Turm Läufer Springer Bauer.
const LETTERS_EN: Record<string, string> = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', s: 'knight', p: 'pawn' };
const LETTERS_DE: Record<string, string> = { k: 'king', d: 'queen', t: 'rook', l: 'bishop', s: 'knight', b: 'pawn' };
let PIECE_LETTERS = LETTERS_EN;
const GERMAN_BEGIN = /^a/i;

/** Resolves an abbreviation: the unique keyword with this prefix (an exact match wins). */
function lookup(table: Record<string, string>, word: string): string | undefined {
  const w = word.toLowerCase();
  if (w in table) return table[w];
  const hits = new Set<string>();
  for (const key of Object.keys(table)) if (key.startsWith(w)) hits.add(table[key]!);
  return hits.size === 1 ? [...hits][0] : undefined;
}

interface Token {
  text: string;
  line: number;
  column: number;
}

function tokenize(text: string): { tokens: Token[]; lines: string[] } {
  const tokens: Token[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  let inComment = false;
  for (let l = 0; l < lines.length; l++) {
    const row = lines[l]!;
    const re = /\S+/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(row))) {
      let word = m[0];
      let col = m.index + 1;
      // Comments in braces, possibly spanning lines.
      while (word.length) {
        if (inComment) {
          const end = word.indexOf('}');
          if (end < 0) break;
          inComment = false;
          word = word.slice(end + 1);
          col += end + 1;
          continue;
        }
        const start = word.indexOf('{');
        if (start < 0) {
          tokens.push({ text: word, line: l + 1, column: col });
          break;
        }
        if (start > 0) tokens.push({ text: word.slice(0, start), line: l + 1, column: col });
        inComment = true;
        word = word.slice(start + 1);
        col += start + 1;
      }
    }
  }
  return { tokens, lines };
}

/** Reads a square name (`e4`) as 0..63 (a1 = 0); undefined when malformed. */
export function parseSquare(text: string): number | undefined {
  const m = /^([a-h])([1-8])$/i.exec(text);
  return m ? (Number(m[2]) - 1) * 8 + (m[1]!.toLowerCase().charCodeAt(0) - 97) : undefined;
}

/**
 * Reads a Popeye input file, one `{ value, errors, warnings }` item per problem: an error inside a
 * problem makes just that problem unsolvable. Text that belongs to no problem (input that does not
 * start with `BeginProblem`, words after `EndProblem`) is an item of its own in its place, with an
 * empty problem and the error, so nothing is dropped. Never throws on bad input.
 * @example
 * ```ts
 * for (const { value: p, errors } of parsePopeye(readFileSync('twins.inp', 'utf8')))
 *   if (!errors.length) console.log(p.stipulation);
 * ```
 */
export function parsePopeye(text: string): Parsed<PopeyeProblem>[] {
  const { tokens, lines } = tokenize(text.replace(/^\uFEFF/, ''));
  const problems: Parsed<PopeyeProblem>[] = [];
  // errors and warnings of the problem being read (a new list for each problem)
  let errors: NotationError[] = [];
  let warnings: NotationError[] = [];
  const fail = (t: Token | undefined, code: string, message: string) => {
    errors.push({ code, message, line: t?.line ?? lines.length, column: t?.column ?? 1 });
  };
  // text outside any problem: an item with an empty problem, in its place
  const outside = (t: Token | undefined, code: string, message: string) => {
    errors = [];
    warnings = [];
    fail(t, code, message);
    problems.push({ value: newProblem(t?.line ?? 1), errors, warnings });
  };
  PIECE_LETTERS = LETTERS_EN;
  let i = 0;
  let current: PopeyeProblem | undefined;
  let started = false;
  const restOfLine = (t: Token): string => {
    // Free text: the rest of the source line after the keyword.
    const row = lines[t.line - 1]!;
    const out = row.slice(t.column - 1 + t.text.length).trim();
    while (i < tokens.length && tokens[i]!.line === t.line) i++;
    return out;
  };
  const newProblem = (line: number, from?: PopeyeProblem): PopeyeProblem => ({
    remarks: [],
    board: from ? { ...from.board, squares: from.board.squares.slice() } : emptyBoard(),
    stipulation: from?.stipulation ?? '',
    options: {},
    twins: [],
    line,
    ...(from?.author ? { author: from.author } : {}),
  });
  // a new problem gets new lists for its errors and warnings
  const start = (line: number): PopeyeProblem => {
    errors = [];
    warnings = [];
    return newProblem(line);
  };
  const finish = () => {
    if (current) {
      if (!current.stipulation)
        fail({ text: '', line: current.line, column: 1 }, 'ERR_POPEYE_STIPULATION', 'the problem has no stipulation');
      problems.push({ value: current, errors, warnings });
    }
  };
  const pieceList = (color: 'white' | 'black', start: Token) => {
    let n = 0;
    while (i < tokens.length) {
      const t = tokens[i]!;
      const m = /^([a-z])((?:[a-h][1-8])+)$/i.exec(t.text);
      if (!m || !PIECE_LETTERS[m[1]!.toLowerCase()]) break;
      i++;
      n++;
      const kind = PIECE_LETTERS[m[1]!.toLowerCase()]!;
      for (let s = 0; s < m[2]!.length; s += 2)
        current!.board.squares[parseSquare(m[2]!.slice(s, s + 2))!] = { color, kind };
    }
    const t = tokens[i];
    const isKeyword =
      t && (lookup(COMMANDS, t.text) || lookup({ white: 1, weiss: 1, black: 1, schwarz: 1 } as any, t.text));
    if (n === 0 || (t && !isKeyword && t.line === tokens[i - 1]?.line)) {
      fail(
        t ?? start,
        'ERR_POPEYE_PIECE',
        t ? `'${t.text}' is not an orthodox piece on a square (e.g. Ke1, Sb1c3)` : 'pieces expected',
      );
      if (t && !isKeyword) i++;
    }
  };
  while (i < tokens.length) {
    const t = tokens[i++]!;
    const cmd = lookup(COMMANDS, t.text);
    if (!started) {
      if (cmd !== 'begin') {
        outside(t, 'ERR_POPEYE_BEGIN', `a Popeye input starts with BeginProblem, found '${t.text}'`);
        return problems;
      }
      started = true;
      if (GERMAN_BEGIN.test(t.text)) PIECE_LETTERS = LETTERS_DE;
      current = start(t.line);
      continue;
    }
    if (!current) {
      outside(t, 'ERR_POPEYE_AFTER_END', `'${t.text}' after EndProblem`);
      break;
    }
    switch (cmd) {
      case 'begin':
        fail(t, 'ERR_POPEYE_BEGIN', 'BeginProblem inside a problem');
        break;
      case 'end':
        finish();
        current = undefined;
        break;
      case 'next':
        finish();
        current = start(t.line);
        break;
      case 'pieces': {
        while (i < tokens.length) {
          const c = tokens[i]!;
          const color = lookup({ white: 'white', weiss: 'white', black: 'black', schwarz: 'black' }, c.text);
          if (!color || c.text.length < 2) break;
          i++;
          pieceList(color as 'white' | 'black', c);
        }
        break;
      }
      case 'white':
      case 'black':
        pieceList(cmd, t);
        break;
      case 'stipulation': {
        const s = tokens[i];
        if (!s || s.line !== t.line) {
          fail(t, 'ERR_POPEYE_STIPULATION', 'Stipulation needs a value');
          break;
        }
        i++;
        if (!readSolveStipulation(s.text))
          fail(
            s,
            'ERR_POPEYE_STIPULATION',
            `stipulation '${s.text}' is not one this solver reads (${STIPULATIONS_READ})`,
          );
        current.stipulation = s.text.toLowerCase();
        break;
      }
      case 'option': {
        while (i < tokens.length) {
          const o = tokens[i]!;
          if (lookup(COMMANDS, o.text) && !lookup(OPTIONS, o.text)) break;
          const opt = lookup(OPTIONS, o.text);
          if (!opt) {
            if (o.line !== t.line) break;
            fail(o, 'ERR_POPEYE_OPTION', `option '${o.text}' is not supported`);
            i++;
            continue;
          }
          i++;
          const next = tokens[i];
          const number = () => {
            if (next && /^[0-9]+$/.test(next.text)) {
              i++;
              return Number(next.text);
            }
            fail(next ?? o, 'ERR_POPEYE_OPTION', `option ${o.text} needs a number`);
            return undefined;
          };
          const numberAt = (after: Token) => {
            const t = tokens[i];
            if (t && /^[0-9]+$/.test(t.text)) {
              i++;
              return Number(t.text);
            }
            fail(t ?? after, 'ERR_POPEYE_OPTION', `option ${after.text} needs two numbers`);
            return undefined;
          };
          switch (opt) {
            case 'noBoard':
              current.options.noBoard = true;
              break;
            case 'intelligent':
              current.options.intelligent = true;
              break;
            case 'noThreat':
              current.options.noThreat = true;
              break;
            case 'try':
              current.options.try = true;
              break;
            case 'setPlay':
              current.options.setPlay = true;
              break;
            case 'variations':
              current.options.variations = true;
              break;
            case 'defence': {
              const n = number();
              if (n !== undefined) current.options.defence = n;
              break;
            }
            case 'maxSolutions': {
              const n = number();
              if (n !== undefined) current.options.maxSolutions = n;
              break;
            }
            case 'threat': {
              const n = number();
              if (n !== undefined) current.options.threat = n;
              break;
            }
            case 'maxTime': {
              const n = number();
              if (n !== undefined) current.options.maxTime = n;
              break;
            }
            case 'maxFlights': {
              const n = number();
              if (n !== undefined) current.options.maxFlights = n;
              break;
            }
            case 'nonTrivial': {
              const extra = number();
              const length = extra === undefined ? undefined : numberAt(o);
              if (extra !== undefined && length !== undefined) current.options.nonTrivial = { extra, length };
              break;
            }
            case 'beep':
              // an optional count of beeps
              if (next && /^[0-9]+$/.test(next.text)) i++;
              break;
            case 'whiteToPlay':
            case 'duplex':
            case 'halfDuplex':
            case 'noWk':
            case 'noBk':
            case 'quodlibet':
            case 'keepMatingPiece':
            case 'matesIn1':
            case 'stopOnShort':
            case 'postKeyPlay':
              current.options[opt] = true;
              break;
            case 'castlingExclusive': {
              const pair = next && /^([a-h][1-8])([a-h][1-8])$/i.exec(next.text);
              if (!pair) {
                fail(next ?? o, 'ERR_POPEYE_OPTION', `${o.text} needs a white and a black rook square (e.g. a1h8)`);
                break;
              }
              i++;
              (current.options.castlingExclusive ??= []).push([parseSquare(pair[1]!)!, parseSquare(pair[2]!)!]);
              break;
            }
            case 'enPassant': {
              const m = next && /^((?:[a-h][1-8]){2,})$/i.exec(next.text);
              if (!m) {
                fail(
                  next ?? o,
                  'ERR_POPEYE_OPTION',
                  'EnPassant needs the squares of the last double step (e.g. e2e3e4)',
                );
                break;
              }
              i++;
              const sq = parseSquare(next!.text.slice(2, 4))!;
              const first = parseSquare(next!.text.slice(0, 2))!;
              const last = parseSquare(next!.text.slice(-2))!;
              current.options.enPassant = next!.text.length === 4 ? (first + last) >> 1 : sq;
              break;
            }
            case 'noCastling': {
              const squares: number[] = [];
              while (tokens[i] && parseSquare(tokens[i]!.text) !== undefined)
                squares.push(parseSquare(tokens[i++]!.text)!);
              current.options.noCastling = squares;
              break;
            }
            case 'unsupported':
              fail(o, 'ERR_POPEYE_OPTION', `option '${o.text}' is not supported by this solver`);
              break;
            case 'ignore':
              break;
          }
        }
        break;
      }
      case 'twin':
      case 'zero': {
        const text = restOfLine(t);
        const twin = parseTwin(text, t, fail);
        if (cmd === 'zero') twin.zero = true;
        if (twin) current.twins.push(twin);
        break;
      }
      case 'author': {
        const v = restOfLine(t);
        current.author = current.author ? `${current.author}; ${v}` : v;
        break;
      }
      case 'title':
        current.title = restOfLine(t);
        break;
      case 'origin':
        current.origin = restOfLine(t);
        break;
      case 'remark':
        current.remarks.push(restOfLine(t));
        break;
      case 'award':
      case 'protocol':
        restOfLine(t);
        break;
      case 'condition': {
        const named = restOfLine(t);
        fail(
          t,
          'ERR_POPEYE_CONDITION',
          `condition '${named || '?'}' is not supported: this solver plays orthodox chess only`,
        );
        break;
      }
      case 'sstipulation':
        fail(t, 'ERR_POPEYE_STIPULATION', 'SStipulation is not supported; use Stipulation');
        restOfLine(t);
        break;
      default:
        fail(t, 'ERR_POPEYE_KEYWORD', `unknown or unsupported keyword '${t.text}'`);
        break;
    }
  }
  if (current) {
    if (started)
      warnings.push({
        code: 'ERR_POPEYE_END',
        message: 'the input ends without EndProblem',
        line: lines.length,
        column: 1,
      });
    finish();
  }
  if (!started) outside(undefined, 'ERR_POPEYE_BEGIN', 'empty input: a Popeye input starts with BeginProblem');
  return problems;
}

function parseTwin(
  text: string,
  at: Token,
  fail: (t: Token | undefined, code: string, message: string) => void,
): PopeyeTwin {
  const twin: PopeyeTwin = { continued: false, ops: [], text, line: at.line };
  const words = text.split(/\s+/).filter(Boolean);
  const where = (k: number): Token => ({ text: words[k] ?? '', line: at.line, column: at.column });
  let k = 0;
  const sq = (): number | undefined => {
    const s = words[k] !== undefined ? parseSquare(words[k]!) : undefined;
    if (s === undefined)
      fail(where(k), 'ERR_POPEYE_TWIN', `a square expected in twin '${text}', found '${words[k] ?? ''}'`);
    k++;
    return s;
  };
  const kind = (): string | undefined => {
    const w = words[k++];
    const v = w && w.length === 1 ? PIECE_LETTERS[w.toLowerCase()] : undefined;
    if (!v)
      fail(where(k - 1), 'ERR_POPEYE_TWIN', `an orthodox piece letter expected in twin '${text}', found '${w ?? ''}'`);
    return v;
  };
  while (k < words.length) {
    const op = lookup(TWIN_OPS, words[k]!);
    k++;
    switch (op) {
      case 'continued':
        twin.continued = true;
        break;
      case 'move': {
        const a = sq(),
          b = sq();
        if (a !== undefined && b !== undefined) twin.ops.push({ op: 'move', from: a, to: b });
        break;
      }
      case 'exchange': {
        const a = sq(),
          b = sq();
        if (a !== undefined && b !== undefined) twin.ops.push({ op: 'exchange', a, b });
        break;
      }
      case 'shift': {
        const a = sq(),
          b = sq();
        if (a !== undefined && b !== undefined) twin.ops.push({ op: 'shift', from: a, to: b });
        break;
      }
      case 'remove': {
        const a = sq();
        if (a !== undefined) twin.ops.push({ op: 'remove', square: a });
        break;
      }
      case 'add': {
        const c = lookup({ white: 'white', weiss: 'white', black: 'black', schwarz: 'black' }, words[k] ?? '');
        k++;
        const m = /^([a-z])([a-h][1-8])$/i.exec(words[k] ?? '');
        if (!c || !m || !PIECE_LETTERS[m[1]!.toLowerCase()]) {
          fail(where(k), 'ERR_POPEYE_TWIN', `Add needs a colour and a piece on a square (Add black Bb5) in '${text}'`);
          k++;
          break;
        }
        k++;
        twin.ops.push({
          op: 'add',
          color: c as 'white' | 'black',
          kind: PIECE_LETTERS[m[1]!.toLowerCase()]!,
          square: parseSquare(m[2]!)!,
        });
        break;
      }
      case 'substitute': {
        const a = kind(),
          b = kind();
        if (a && b) twin.ops.push({ op: 'substitute', fromKind: a, toKind: b });
        break;
      }
      case 'rotate': {
        const d = Number(words[k++]);
        if (d === 90 || d === 180 || d === 270) twin.ops.push({ op: 'rotate', degrees: d });
        else fail(where(k - 1), 'ERR_POPEYE_TWIN', `Rotate takes 90, 180 or 270 in '${text}'`);
        break;
      }
      case 'mirror': {
        const a = words[k++];
        if (a === 'a1<-->h1' || a === 'a1<-->a8' || a === 'a1<-->h8' || a === 'h1<-->a8')
          twin.ops.push({ op: 'mirror', axis: a });
        else
          fail(where(k - 1), 'ERR_POPEYE_TWIN', `Mirror takes a1<-->h1, a1<-->a8, a1<-->h8 or h1<-->a8 in '${text}'`);
        break;
      }
      case 'stipulation': {
        const s = words[k++] ?? '';
        if (!readSolveStipulation(s))
          fail(
            where(k - 1),
            'ERR_POPEYE_STIPULATION',
            `stipulation '${s}' is not one this solver reads (${STIPULATIONS_READ})`,
          );
        else twin.ops.push({ op: 'stipulation', stipulation: s.toLowerCase() });
        break;
      }
      case 'polish':
        twin.ops.push({ op: 'polish' });
        break;
      default:
        fail(where(k - 1), 'ERR_POPEYE_TWIN', `unsupported twin command '${words[k - 1]}'`);
        break;
    }
  }
  return twin;
}

/** Applies twin operations to a board (a new board is returned) and the stipulation. */
export function applyTwin(
  board: ProblemBoard,
  stipulation: string,
  ops: PopeyeTwinOp[],
  errors: NotationError[] = [],
  line?: number,
): { board: ProblemBoard; stipulation: string } {
  let squares = board.squares.slice();
  const bad = (message: string) =>
    errors.push({ code: 'ERR_POPEYE_TWIN', message, ...(line !== undefined ? { line, column: 1 } : {}) });
  const name = (s: number) => String.fromCharCode(97 + (s & 7)) + ((s >> 3) + 1);
  for (const op of ops) {
    switch (op.op) {
      case 'move':
        if (!squares[op.from]) bad(`Move: no piece on ${name(op.from)}`);
        else {
          squares[op.to] = squares[op.from]!;
          squares[op.from] = null;
        }
        break;
      case 'exchange': {
        const a = squares[op.a]!,
          b = squares[op.b]!;
        squares[op.a] = b ?? null;
        squares[op.b] = a ?? null;
        break;
      }
      case 'add':
        squares[op.square] = { color: op.color, kind: op.kind };
        break;
      case 'remove':
        if (!squares[op.square]) bad(`Remove: no piece on ${name(op.square)}`);
        squares[op.square] = null;
        break;
      case 'substitute':
        squares = squares.map((p) => (p && p.kind === op.fromKind ? { ...p, kind: op.toKind } : p));
        break;
      case 'polish':
        squares = squares.map((p) =>
          p && (p.color === 'white' || p.color === 'black')
            ? { ...p, color: p.color === 'white' ? 'black' : 'white' }
            : p,
        );
        break;
      case 'rotate':
        squares = rotateBoard({ files: 8, ranks: 8, squares }, op.degrees / 90).squares;
        break;
      case 'mirror':
        squares = reflectBoard({ files: 8, ranks: 8, squares }, MIRROR_AXIS[op.axis]).squares;
        break;
      case 'shift': {
        const df = (op.to & 7) - (op.from & 7),
          dr = (op.to >> 3) - (op.from >> 3);
        const shifted = shiftBoard({ files: 8, ranks: 8, squares }, df, dr);
        if (shifted.lost.length) bad('Shift moves a piece off the board');
        squares = shifted.board.squares;
        break;
      }
      case 'stipulation':
        stipulation = op.stipulation;
        break;
    }
  }
  return { board: { files: board.files, ranks: board.ranks, squares }, stipulation };
}
