// The EPD model (PGN standard 1994, §16.2): the four position fields of FEN, then operations
// `opcode operand…;`. Every opcode of the standard has a typed field; an opcode the standard does
// not list (a private `D1` of a perft suite, an `ep` of a mate suite) is kept as read, and so is a
// standard operation that cannot be typed (a second `bm`, an `acd` that is not a number), so that
// writing a record back drops nothing.

/** The operations of the standard (§16.2.5, with `acd`), typed. Each opcode appears at most once. */
export interface EpdOperations {
  /** Analysis count: depth (plies). */
  acd?: number;
  /** Analysis count: nodes. */
  acn?: number;
  /** Analysis count: seconds. */
  acs?: number;
  /** Avoid moves (SAN, or `#n` in the mate-length dialect of some mate suites). */
  am?: string[];
  /** Best moves (SAN, or `#n` in the mate-length dialect of some mate suites). */
  bm?: string[];
  /** Comments: a string, or `null` for the operation without an operand (which clears the register). */
  c0?: string | null;
  /** Comment register 1, as c0. */
  c1?: string | null;
  /** Comment register 2, as c0. */
  c2?: string | null;
  /** Comment register 3, as c0. */
  c3?: string | null;
  /** Comment register 4, as c0. */
  c4?: string | null;
  /** Comment register 5, as c0. */
  c5?: string | null;
  /** Comment register 6, as c0. */
  c6?: string | null;
  /** Comment register 7, as c0. */
  c7?: string | null;
  /** Comment register 8, as c0. */
  c8?: string | null;
  /** Comment register 9, as c0. */
  c9?: string | null;
  /** Centipawn evaluation from the side to move (−32767..32766; above 32000 a mate). */
  ce?: number;
  /** Direct mate in this many full moves. */
  dm?: number;
  /** The side to move accepts the draw offered. */
  draw_accept?: true;
  /** The side to move claims a draw (with `sm`). */
  draw_claim?: true;
  /** The side to move offers a draw (with `sm`). */
  draw_offer?: true;
  /** The side to move rejects the draw offered. */
  draw_reject?: true;
  /** ECO opening code, or `null` (clears the register). */
  eco?: string | null;
  /** Fullmove number (FEN's sixth field). */
  fmvn?: number;
  /** Halfmove clock (FEN's fifth field). */
  hmvc?: number;
  /** Position identification, e.g. `BK.01`. */
  id?: string;
  /** New In Chess opening code, or `null`. */
  nic?: string | null;
  /** No operation: its operands as read. */
  noop?: string[];
  /** Predicted move (SAN). */
  pm?: string;
  /** Predicted variation: moves in the order played (SAN). */
  pv?: string[];
  /** Repetition count. */
  rc?: number;
  /** The side to move resigns. */
  resign?: true;
  /** Supplied move (SAN). */
  sm?: string;
  /** Telecommunication: game selector. */
  tcgs?: number;
  /** Telecommunication: receiver's e-mail address and name. */
  tcri?: [string, string];
  /** Telecommunication: sender's e-mail address and name. */
  tcsi?: [string, string];
  /** Variation names: a string, or `null` (clears the register). */
  v0?: string | null;
  /** Variation name register 1, as v0. */
  v1?: string | null;
  /** Variation name register 2, as v0. */
  v2?: string | null;
  /** Variation name register 3, as v0. */
  v3?: string | null;
  /** Variation name register 4, as v0. */
  v4?: string | null;
  /** Variation name register 5, as v0. */
  v5?: string | null;
  /** Variation name register 6, as v0. */
  v6?: string | null;
  /** Variation name register 7, as v0. */
  v7?: string | null;
  /** Variation name register 8, as v0. */
  v8?: string | null;
  /** Variation name register 9, as v0. */
  v9?: string | null;
}

/** An operation kept as read: an opcode the standard does not list, or a standard one that could not be typed. */
export interface EpdOperation {
  /** The opcode as read. */
  opcode: string;
  /** Operands as read (a quoted string without its quotes and escapes). */
  operands: string[];
  /** Which operands were quoted strings (absent: none). */
  quoted?: boolean[];
  /** Where it was read: the column of the opcode, then of each operand (absent on operations built in memory). */
  columns?: number[];
}

/** One EPD line: the position, the typed operations and the others. */
export interface EpdRecord {
  /** Piece placement, side to move, castling availability, en passant square: FEN's first four fields. */
  position: string;
  /** The standard's operations, typed. */
  operations: EpdOperations;
  /** Other operations, in the order read. */
  other: EpdOperation[];
  /** Line of the record (absent on records built in memory). */
  line?: number;
  /** Where each typed operation was read: the column of its opcode, then of each operand. */
  columns?: Record<string, number[]>;
}

/** How the operands of a standard opcode are typed. */
export type OperandKind = 'count' | 'moves' | 'move' | 'line' | 'text' | 'optionalText' | 'pair' | 'flag' | 'any';

/**
 * Every standard opcode, its operand kind, and for counts the smallest and largest value the
 * standard allows. In ASCII order, the order the standard asks records to be written in.
 */
export const EPD_OPCODES: Readonly<Record<string, { kind: OperandKind; min?: number; max?: number }>> = {
  acd: { kind: 'count', min: 0 },
  acn: { kind: 'count', min: 0 },
  acs: { kind: 'count', min: 0 },
  am: { kind: 'moves' },
  bm: { kind: 'moves' },
  c0: { kind: 'optionalText' },
  c1: { kind: 'optionalText' },
  c2: { kind: 'optionalText' },
  c3: { kind: 'optionalText' },
  c4: { kind: 'optionalText' },
  c5: { kind: 'optionalText' },
  c6: { kind: 'optionalText' },
  c7: { kind: 'optionalText' },
  c8: { kind: 'optionalText' },
  c9: { kind: 'optionalText' },
  ce: { kind: 'count', min: -32767, max: 32766 },
  dm: { kind: 'count', min: 1 },
  draw_accept: { kind: 'flag' },
  draw_claim: { kind: 'flag' },
  draw_offer: { kind: 'flag' },
  draw_reject: { kind: 'flag' },
  eco: { kind: 'optionalText' },
  fmvn: { kind: 'count', min: 1 },
  hmvc: { kind: 'count', min: 0 },
  id: { kind: 'text' },
  nic: { kind: 'optionalText' },
  noop: { kind: 'any' },
  pm: { kind: 'move' },
  pv: { kind: 'line' },
  rc: { kind: 'count', min: 1 },
  resign: { kind: 'flag' },
  sm: { kind: 'move' },
  tcgs: { kind: 'count', min: 1 },
  tcri: { kind: 'pair' },
  tcsi: { kind: 'pair' },
  v0: { kind: 'optionalText' },
  v1: { kind: 'optionalText' },
  v2: { kind: 'optionalText' },
  v3: { kind: 'optionalText' },
  v4: { kind: 'optionalText' },
  v5: { kind: 'optionalText' },
  v6: { kind: 'optionalText' },
  v7: { kind: 'optionalText' },
  v8: { kind: 'optionalText' },
  v9: { kind: 'optionalText' },
};

/** Whether `opcode` is one of the standard's (own property: `constructor` is not an opcode). */
export function isStandardOpcode(opcode: string): boolean {
  return Object.prototype.hasOwnProperty.call(EPD_OPCODES, opcode);
}

/** §16.2.4.1: a letter, then up to fourteen letters, digits or underscores. */
export const OPCODE_SYNTAX = /^[A-Za-z][A-Za-z0-9_]{0,14}$/;

/** A typed value as the operands it is written with (strings unquoted), and which of them are strings. */
export function operandsOf(opcode: string, value: unknown): { operands: string[]; strings: boolean } {
  const kind = EPD_OPCODES[opcode]?.kind;
  switch (kind) {
    case 'count':
      return { operands: [String(value)], strings: false };
    case 'moves':
    case 'line':
    case 'any':
      return { operands: [...(value as string[])], strings: false };
    case 'move':
      return { operands: [value as string], strings: false };
    case 'text':
      return { operands: [value as string], strings: true };
    case 'optionalText':
      return { operands: value === null ? [] : [value as string], strings: true };
    case 'pair':
      return { operands: [...(value as [string, string])], strings: true };
    default:
      return { operands: [], strings: false };
  }
}

/** An empty record for a line that holds no position (it carries only what was found there). */
export function emptyRecord(line: number): EpdRecord {
  return { position: '', operations: {}, other: [], line };
}
