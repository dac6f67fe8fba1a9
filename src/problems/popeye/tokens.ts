// The words of a Popeye input and the state of reading them, shared by the command reader (read.ts),
// its options (options.ts) and twins (twins.ts): tokens with line:column (comments in braces
// dropped), keyword abbreviations as Popeye allows them, squares, piece letters, and where errors go.
import type { NotationError } from '../../errors.js';

/** One word of the input and where it starts (1-based). */
export interface Token {
  text: string;
  line: number;
  column: number;
}

/** Records an error at a token (the end of the input when there is none). */
export type Fail = (t: Token | undefined, code: string, message: string) => void;

// Keyword → canonical name, English and German (Popeye's own vocabularies).
export const COMMANDS = {
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
} as const;

/** A command's canonical name. */
export type CommandName = (typeof COMMANDS)[keyof typeof COMMANDS];

// The side words of Pieces and of a twin's Add, English and German.
export const COLOURS: Record<string, 'white' | 'black'> = {
  white: 'white',
  weiss: 'white',
  black: 'black',
  schwarz: 'black',
};

// Piece letters follow the language of the first keyword (Popeye's English S is the knight; N is
// the nightrider, a fairy piece). German: König Dame Turm Läufer Springer Bauer.
export const LETTERS_EN: Record<string, string> = {
  k: 'king',
  q: 'queen',
  r: 'rook',
  b: 'bishop',
  s: 'knight',
  p: 'pawn',
};
export const LETTERS_DE: Record<string, string> = {
  k: 'king',
  d: 'queen',
  t: 'rook',
  l: 'bishop',
  s: 'knight',
  b: 'pawn',
};

/** Resolves an abbreviation: the unique keyword with this prefix (an exact match wins). */
export function lookup<V>(table: Record<string, V>, word: string): V | undefined {
  const w = word.toLowerCase();
  if (w in table) return table[w];
  const hits = new Set<V>();
  for (const key of Object.keys(table)) if (key.startsWith(w)) hits.add(table[key]!);
  return hits.size === 1 ? [...hits][0] : undefined;
}

/** Reads a square name (`e4`, any case) as 0..63 (a1 = 0); undefined when malformed. */
export function parseSquare(text: string): number | undefined {
  const m = /^([a-h])([1-8])$/i.exec(text);
  return m ? (Number(m[2]) - 1) * 8 + (m[1]!.toLowerCase().charCodeAt(0) - 97) : undefined;
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

/** A Popeye input being read: its tokens, the next one to read, and the current problem's findings. */
export class PopeyeInput {
  readonly tokens: Token[];
  readonly lines: string[];
  /** The index of the next token. */
  i = 0;
  /** Piece letters of the input's language (set by its first keyword). */
  letters = LETTERS_EN;
  // errors and warnings of the problem being read (new lists for each problem)
  errors: NotationError[] = [];
  warnings: NotationError[] = [];

  constructor(text: string) {
    ({ tokens: this.tokens, lines: this.lines } = tokenize(text.replace(/^\uFEFF/, '')));
  }

  readonly fail: Fail = (t, code, message) => {
    this.errors.push({ code, message, line: t?.line ?? this.lines.length, column: t?.column ?? 1 });
  };

  /** Free text: the rest of the source line after the keyword `t` (its tokens are consumed). */
  restOfLine(t: Token): string {
    const row = this.lines[t.line - 1]!;
    const out = row.slice(t.column - 1 + t.text.length).trim();
    while (this.i < this.tokens.length && this.tokens[this.i]!.line === t.line) this.i++;
    return out;
  }
}
