// Popeye's `Option` command: the option names (English and German, as its own vocabularies spell
// them) and one reader per option for its arguments. Options that only shape Popeye's printout are
// read and ignored; options this solver cannot honour are refused.
import { COMMANDS, lookup, parseSquare, type PopeyeInput, type Token } from './tokens.js';

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

// One reader per option: `o` is the option's name, already consumed; its arguments follow.
type OptionReader = (input: PopeyeInput, o: Token, options: PopeyeOptions) => void;

type FlagOption = {
  [K in keyof PopeyeOptions]-?: PopeyeOptions[K] extends boolean | undefined ? K : never;
}[keyof PopeyeOptions];
type CountOption = 'defence' | 'maxSolutions' | 'threat' | 'maxTime' | 'maxFlights';

const flag =
  (name: FlagOption): OptionReader =>
  (_input, _o, options) => {
    options[name] = true;
  };

// A whole number after the option; an error at the token found instead (`needs` completes the message).
function count(input: PopeyeInput, o: Token, needs: string): number | undefined {
  const t = input.tokens[input.i];
  if (t && /^[0-9]+$/.test(t.text)) {
    input.i++;
    return Number(t.text);
  }
  input.fail(t ?? o, 'ERR_POPEYE_OPTION', `option ${o.text} ${needs}`);
  return undefined;
}

const counted =
  (name: CountOption): OptionReader =>
  (input, o, options) => {
    const n = count(input, o, 'needs a number');
    if (n !== undefined) options[name] = n;
  };

const OPTION_READERS = {
  noBoard: flag('noBoard'),
  intelligent: flag('intelligent'),
  noThreat: flag('noThreat'),
  try: flag('try'),
  setPlay: flag('setPlay'),
  variations: flag('variations'),
  whiteToPlay: flag('whiteToPlay'),
  duplex: flag('duplex'),
  halfDuplex: flag('halfDuplex'),
  noWk: flag('noWk'),
  noBk: flag('noBk'),
  quodlibet: flag('quodlibet'),
  keepMatingPiece: flag('keepMatingPiece'),
  matesIn1: flag('matesIn1'),
  stopOnShort: flag('stopOnShort'),
  postKeyPlay: flag('postKeyPlay'),
  defence: counted('defence'),
  maxSolutions: counted('maxSolutions'),
  threat: counted('threat'),
  maxTime: counted('maxTime'),
  maxFlights: counted('maxFlights'),
  nonTrivial: (input, o, options) => {
    const extra = count(input, o, 'needs a number');
    const length = extra === undefined ? undefined : count(input, o, 'needs two numbers');
    if (extra !== undefined && length !== undefined) options.nonTrivial = { extra, length };
  },
  beep: (input) => {
    // an optional count of beeps
    const next = input.tokens[input.i];
    if (next && /^[0-9]+$/.test(next.text)) input.i++;
  },
  castlingExclusive: (input, o, options) => {
    const next = input.tokens[input.i];
    const pair = next && /^([a-h][1-8])([a-h][1-8])$/i.exec(next.text);
    if (!pair) {
      input.fail(next ?? o, 'ERR_POPEYE_OPTION', `${o.text} needs a white and a black rook square (e.g. a1h8)`);
      return;
    }
    input.i++;
    (options.castlingExclusive ??= []).push([parseSquare(pair[1]!)!, parseSquare(pair[2]!)!]);
  },
  enPassant: (input, o, options) => {
    const next = input.tokens[input.i];
    if (!next || !/^((?:[a-h][1-8]){2,})$/i.test(next.text)) {
      input.fail(next ?? o, 'ERR_POPEYE_OPTION', 'EnPassant needs the squares of the last double step (e.g. e2e3e4)');
      return;
    }
    input.i++;
    const sq = parseSquare(next.text.slice(2, 4))!;
    const first = parseSquare(next.text.slice(0, 2))!;
    const last = parseSquare(next.text.slice(-2))!;
    options.enPassant = next.text.length === 4 ? (first + last) >> 1 : sq;
  },
  noCastling: (input, _o, options) => {
    const squares: number[] = [];
    while (input.tokens[input.i] && parseSquare(input.tokens[input.i]!.text) !== undefined)
      squares.push(parseSquare(input.tokens[input.i++]!.text)!);
    options.noCastling = squares;
  },
  unsupported: (input, o) => {
    input.fail(o, 'ERR_POPEYE_OPTION', `option '${o.text}' is not supported by this solver`);
  },
  ignore: () => {},
} satisfies Record<string, OptionReader>;

const OPTIONS: Record<string, keyof typeof OPTION_READERS> = {
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

/**
 * Reads the options after the `Option` keyword `at` into `options`: up to the next command, or the
 * first unknown word on a later line. An unknown option on the keyword's line is an error.
 */
export function readOptions(input: PopeyeInput, at: Token, options: PopeyeOptions): void {
  while (input.i < input.tokens.length) {
    const o = input.tokens[input.i]!;
    if (lookup(COMMANDS, o.text) && !lookup(OPTIONS, o.text)) break;
    const opt = lookup(OPTIONS, o.text);
    if (!opt) {
      if (o.line !== at.line) break;
      input.fail(o, 'ERR_POPEYE_OPTION', `option '${o.text}' is not supported`);
      input.i++;
      continue;
    }
    input.i++;
    OPTION_READERS[opt](input, o, options);
  }
}
