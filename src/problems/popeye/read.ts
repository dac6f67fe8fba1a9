// Popeye input files (the orthodox subset): BeginProblem … NextProblem … EndProblem with Pieces,
// White/Black, Stipulation, Option, Twin (Move, Exchange, Add, Remove, Substitute, Rotate, Mirror,
// Shift, Stipulation, Continued, ZeroPosition), Author, Title, Origin, Remark and comments.
// Keywords may be abbreviated as Popeye allows (any unambiguous prefix, case-insensitive); English
// and German keywords are read. Everything else is a typed error with line:column.
// This file reads the commands; tokens.ts holds the words and the reading state, options.ts the
// Option command and twins.ts the Twin command.
import type { Parsed } from '../../errors.js';
import { emptyBoard, type ProblemBoard } from '../board.js';
import { readSolveStipulation, STIPULATIONS_READ } from '../solve/stipulation.js';
import { readOptions, type PopeyeOptions } from './options.js';
import {
  COLOURS,
  COMMANDS,
  LETTERS_DE,
  lookup,
  parseSquare,
  PopeyeInput,
  type CommandName,
  type Token,
} from './tokens.js';
import { readTwin, type PopeyeTwin } from './twins.js';

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

const GERMAN_BEGIN = /^a/i;

const newProblem = (line: number): PopeyeProblem => ({
  remarks: [],
  board: emptyBoard(),
  stipulation: '',
  options: {},
  twins: [],
  line,
});

// Pieces of one side (`Ke1 Sb1c3 …`) after `White`/`Black` at `start`, onto `board`.
function readPieceList(input: PopeyeInput, color: 'white' | 'black', start: Token, board: ProblemBoard): void {
  const { tokens, letters } = input;
  let n = 0;
  while (input.i < tokens.length) {
    const t = tokens[input.i]!;
    const m = /^([a-z])((?:[a-h][1-8])+)$/i.exec(t.text);
    if (!m || !letters[m[1]!.toLowerCase()]) break;
    input.i++;
    n++;
    const kind = letters[m[1]!.toLowerCase()]!;
    for (let s = 0; s < m[2]!.length; s += 2) board.squares[parseSquare(m[2]!.slice(s, s + 2))!] = { color, kind };
  }
  const t = tokens[input.i];
  const isKeyword = t && (lookup(COMMANDS, t.text) || lookup(COLOURS, t.text));
  if (n === 0 || (t && !isKeyword && t.line === tokens[input.i - 1]?.line)) {
    input.fail(
      t ?? start,
      'ERR_POPEYE_PIECE',
      t ? `'${t.text}' is not an orthodox piece on a square (e.g. Ke1, Sb1c3)` : 'pieces expected',
    );
    if (t && !isKeyword) input.i++;
  }
}

// One reader per command inside a problem: `t` is the keyword, already consumed. BeginProblem,
// NextProblem and EndProblem start and end problems and are read by parsePopeye itself.
type CommandReader = (input: PopeyeInput, t: Token, problem: PopeyeProblem) => void;

const COMMAND_READERS: Record<Exclude<CommandName, 'begin' | 'end' | 'next'>, CommandReader> = {
  pieces: (input, _t, problem) => {
    while (input.i < input.tokens.length) {
      const c = input.tokens[input.i]!;
      const color = lookup(COLOURS, c.text);
      if (!color || c.text.length < 2) break;
      input.i++;
      readPieceList(input, color, c, problem.board);
    }
  },
  white: (input, t, problem) => readPieceList(input, 'white', t, problem.board),
  black: (input, t, problem) => readPieceList(input, 'black', t, problem.board),
  stipulation: (input, t, problem) => {
    const s = input.tokens[input.i];
    if (!s || s.line !== t.line) {
      input.fail(t, 'ERR_POPEYE_STIPULATION', 'Stipulation needs a value');
      return;
    }
    input.i++;
    if (!readSolveStipulation(s.text))
      input.fail(
        s,
        'ERR_POPEYE_STIPULATION',
        `stipulation '${s.text}' is not one this solver reads (${STIPULATIONS_READ})`,
      );
    problem.stipulation = s.text.toLowerCase();
  },
  option: (input, t, problem) => readOptions(input, t, problem.options),
  twin: (input, t, problem) => {
    problem.twins.push(readTwin(input.restOfLine(t), t, input.letters, input.fail));
  },
  zero: (input, t, problem) => {
    const twin = readTwin(input.restOfLine(t), t, input.letters, input.fail);
    twin.zero = true;
    problem.twins.push(twin);
  },
  author: (input, t, problem) => {
    const v = input.restOfLine(t);
    problem.author = problem.author ? `${problem.author}; ${v}` : v;
  },
  title: (input, t, problem) => {
    problem.title = input.restOfLine(t);
  },
  origin: (input, t, problem) => {
    problem.origin = input.restOfLine(t);
  },
  remark: (input, t, problem) => {
    problem.remarks.push(input.restOfLine(t));
  },
  award: (input, t) => {
    input.restOfLine(t);
  },
  protocol: (input, t) => {
    input.restOfLine(t);
  },
  condition: (input, t) => {
    const named = input.restOfLine(t);
    input.fail(
      t,
      'ERR_POPEYE_CONDITION',
      `condition '${named || '?'}' is not supported: this solver plays orthodox chess only`,
    );
  },
  sstipulation: (input, t) => {
    input.fail(t, 'ERR_POPEYE_STIPULATION', 'SStipulation is not supported; use Stipulation');
    input.restOfLine(t);
  },
};

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
  const input = new PopeyeInput(text);
  const { tokens, lines } = input;
  const problems: Parsed<PopeyeProblem>[] = [];
  // a new problem gets new lists for its errors and warnings
  const start = (line: number): PopeyeProblem => {
    input.errors = [];
    input.warnings = [];
    return newProblem(line);
  };
  // text outside any problem: an item with an empty problem, in its place
  const outside = (t: Token | undefined, code: string, message: string) => {
    const value = start(t?.line ?? 1);
    input.fail(t, code, message);
    problems.push({ value, errors: input.errors, warnings: input.warnings });
  };
  const finish = (problem: PopeyeProblem) => {
    if (!problem.stipulation)
      input.fail(
        { text: '', line: problem.line, column: 1 },
        'ERR_POPEYE_STIPULATION',
        'the problem has no stipulation',
      );
    problems.push({ value: problem, errors: input.errors, warnings: input.warnings });
  };
  let current: PopeyeProblem | undefined;
  let started = false;
  while (input.i < tokens.length) {
    const t = tokens[input.i++]!;
    const cmd = lookup(COMMANDS, t.text);
    if (!started) {
      if (cmd !== 'begin') {
        outside(t, 'ERR_POPEYE_BEGIN', `a Popeye input starts with BeginProblem, found '${t.text}'`);
        return problems;
      }
      started = true;
      if (GERMAN_BEGIN.test(t.text)) input.letters = LETTERS_DE;
      current = start(t.line);
      continue;
    }
    if (!current) {
      outside(t, 'ERR_POPEYE_AFTER_END', `'${t.text}' after EndProblem`);
      break;
    }
    if (cmd === 'begin') input.fail(t, 'ERR_POPEYE_BEGIN', 'BeginProblem inside a problem');
    else if (cmd === 'end') {
      finish(current);
      current = undefined;
    } else if (cmd === 'next') {
      finish(current);
      current = start(t.line);
    } else if (cmd) COMMAND_READERS[cmd](input, t, current);
    else input.fail(t, 'ERR_POPEYE_KEYWORD', `unknown or unsupported keyword '${t.text}'`);
  }
  if (current) {
    const end = { code: 'ERR_POPEYE_END', message: 'the input ends without EndProblem', line: lines.length, column: 1 };
    input.warnings.push(end);
    finish(current);
  }
  if (!started) outside(undefined, 'ERR_POPEYE_BEGIN', 'empty input: a Popeye input starts with BeginProblem');
  return problems;
}
