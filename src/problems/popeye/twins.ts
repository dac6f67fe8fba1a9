// Popeye twins: reading the command after `Twin` (Move, Exchange, Add, Remove, Substitute, Rotate,
// Mirror, Shift, Stipulation, PolishType, Continued, ZeroPosition, English and German) and applying
// its operations to a board. The board geometry is problems/geometry.ts, shared with problem XML.
import { reflectBoard, rotateBoard, shiftBoard } from '../geometry.js';
import type { NotationError } from '../../errors.js';
import type { ProblemBoard } from '../board.js';
import { readSolveStipulation, STIPULATIONS_READ } from '../solve/stipulation.js';
import { COLOURS, lookup, parseSquare, type Fail, type Token } from './tokens.js';

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

// Popeye's Mirror axes as reflections of the board.
const MIRROR_AXIS = {
  'a1<-->h1': 'files',
  'a1<-->a8': 'ranks',
  'a1<-->h8': 'diagonal',
  'h1<-->a8': 'antidiagonal',
} as const;

// The words of one twin command being read; errors are reported at the Twin keyword.
class TwinWords {
  readonly words: string[];
  k = 0;

  constructor(
    readonly text: string,
    readonly at: Token,
    readonly letters: Record<string, string>,
    readonly fail: Fail,
  ) {
    this.words = text.split(/\s+/).filter(Boolean);
  }

  where(k: number): Token {
    return { text: this.words[k] ?? '', line: this.at.line, column: this.at.column };
  }

  square(): number | undefined {
    const { words, k } = this;
    const s = words[k] !== undefined ? parseSquare(words[k]!) : undefined;
    if (s === undefined)
      this.fail(
        this.where(k),
        'ERR_POPEYE_TWIN',
        `a square expected in twin '${this.text}', found '${words[k] ?? ''}'`,
      );
    this.k++;
    return s;
  }

  kind(): string | undefined {
    const w = this.words[this.k++];
    const v = w && w.length === 1 ? this.letters[w.toLowerCase()] : undefined;
    if (!v)
      this.fail(
        this.where(this.k - 1),
        'ERR_POPEYE_TWIN',
        `an orthodox piece letter expected in twin '${this.text}', found '${w ?? ''}'`,
      );
    return v;
  }
}

// One reader per twin operation: it reads the operation's arguments and adds the operation to `twin`.
type TwinOpReader = (w: TwinWords, twin: PopeyeTwin) => void;

const TWIN_OP_READERS: Record<string, TwinOpReader> = {
  continued: (_w, twin) => {
    twin.continued = true;
  },
  move: (w, twin) => {
    const a = w.square(),
      b = w.square();
    if (a !== undefined && b !== undefined) twin.ops.push({ op: 'move', from: a, to: b });
  },
  exchange: (w, twin) => {
    const a = w.square(),
      b = w.square();
    if (a !== undefined && b !== undefined) twin.ops.push({ op: 'exchange', a, b });
  },
  shift: (w, twin) => {
    const a = w.square(),
      b = w.square();
    if (a !== undefined && b !== undefined) twin.ops.push({ op: 'shift', from: a, to: b });
  },
  remove: (w, twin) => {
    const a = w.square();
    if (a !== undefined) twin.ops.push({ op: 'remove', square: a });
  },
  add: (w, twin) => {
    const c = lookup(COLOURS, w.words[w.k] ?? '');
    w.k++;
    const m = /^([a-z])([a-h][1-8])$/i.exec(w.words[w.k] ?? '');
    if (!c || !m || !w.letters[m[1]!.toLowerCase()]) {
      w.fail(
        w.where(w.k),
        'ERR_POPEYE_TWIN',
        `Add needs a colour and a piece on a square (Add black Bb5) in '${w.text}'`,
      );
      w.k++;
      return;
    }
    w.k++;
    twin.ops.push({ op: 'add', color: c, kind: w.letters[m[1]!.toLowerCase()]!, square: parseSquare(m[2]!)! });
  },
  substitute: (w, twin) => {
    const a = w.kind(),
      b = w.kind();
    if (a && b) twin.ops.push({ op: 'substitute', fromKind: a, toKind: b });
  },
  rotate: (w, twin) => {
    const d = Number(w.words[w.k++]);
    if (d === 90 || d === 180 || d === 270) twin.ops.push({ op: 'rotate', degrees: d });
    else w.fail(w.where(w.k - 1), 'ERR_POPEYE_TWIN', `Rotate takes 90, 180 or 270 in '${w.text}'`);
  },
  mirror: (w, twin) => {
    const a = w.words[w.k++];
    if (a === 'a1<-->h1' || a === 'a1<-->a8' || a === 'a1<-->h8' || a === 'h1<-->a8')
      twin.ops.push({ op: 'mirror', axis: a });
    else
      w.fail(
        w.where(w.k - 1),
        'ERR_POPEYE_TWIN',
        `Mirror takes a1<-->h1, a1<-->a8, a1<-->h8 or h1<-->a8 in '${w.text}'`,
      );
  },
  stipulation: (w, twin) => {
    const s = w.words[w.k++] ?? '';
    if (!readSolveStipulation(s))
      w.fail(
        w.where(w.k - 1),
        'ERR_POPEYE_STIPULATION',
        `stipulation '${s}' is not one this solver reads (${STIPULATIONS_READ})`,
      );
    else twin.ops.push({ op: 'stipulation', stipulation: s.toLowerCase() });
  },
  polish: (_w, twin) => {
    twin.ops.push({ op: 'polish' });
  },
};

/** Reads the command after a `Twin` keyword `at`; a malformed operation is an error, the rest is kept. */
export function readTwin(text: string, at: Token, letters: Record<string, string>, fail: Fail): PopeyeTwin {
  const twin: PopeyeTwin = { continued: false, ops: [], text, line: at.line };
  const w = new TwinWords(text, at, letters, fail);
  while (w.k < w.words.length) {
    const op = lookup(TWIN_OPS, w.words[w.k]!);
    w.k++;
    const read = op === undefined ? undefined : TWIN_OP_READERS[op];
    if (read) read(w, twin);
    else fail(w.where(w.k - 1), 'ERR_POPEYE_TWIN', `unsupported twin command '${w.words[w.k - 1]}'`);
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
