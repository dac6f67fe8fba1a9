// Operands as read → the typed value of a standard opcode, or why they cannot be typed. One rule,
// used by the reader (to type what it read) and by the validator (to say what is wrong with a
// standard operation kept untyped).
import { EPD_OPCODES } from './model.js';

/** Why a standard operation's operands cannot be typed; `index` is the operand at fault (-1: the opcode). */
export interface OperandProblem {
  code: 'ERR_EPD_OPERANDS' | 'ERR_EPD_NUMBER';
  message: string;
  index: number;
}

/** The typed value, or the problem. */
export type Typed = { value: unknown; unquoted?: boolean } | { problem: OperandProblem };

const INTEGER = /^[+-]?\d+$/;

function count(opcode: string, operands: string[], min?: number, max?: number): Typed {
  if (operands.length !== 1)
    return {
      problem: {
        code: 'ERR_EPD_OPERANDS',
        message: `${opcode} takes one integer operand, not ${operands.length}`,
        index: operands.length ? 1 : -1,
      },
    };
  const text = operands[0]!;
  const value = Number(text);
  if (!INTEGER.test(text) || !Number.isSafeInteger(value))
    return {
      problem: { code: 'ERR_EPD_NUMBER', message: `${opcode} needs an integer, not '${clip(text)}'`, index: 0 },
    };
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
    const range = max === undefined ? `≥ ${min}` : `${min}..${max}`;
    return { problem: { code: 'ERR_EPD_NUMBER', message: `${opcode} must be ${range}, not ${value}`, index: 0 } };
  }
  return { value: value || 0 };
}

/** The first 40 characters of an operand, for messages. */
export function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * Types the operands of a standard opcode (`quoted[i]`: operand i was a quoted string). A text
 * opcode given bare operands (`id BK.01`, pgn-extract's `c0 A-B T ? ?`) takes them joined by single
 * spaces, with `unquoted` set for the reader's warning.
 */
export function typeOperation(opcode: string, operands: string[], quoted: boolean[] = []): Typed {
  const spec = EPD_OPCODES[opcode]!;
  const bare = operands.some((_, i) => !quoted[i]);
  switch (spec.kind) {
    case 'count':
      return count(opcode, operands, spec.min, spec.max);
    case 'moves':
    case 'line':
      return { value: [...operands] };
    case 'move':
      if (operands.length !== 1)
        return {
          problem: {
            code: 'ERR_EPD_OPERANDS',
            message: `${opcode} takes one move, not ${operands.length}`,
            index: operands.length ? 1 : -1,
          },
        };
      return { value: operands[0] };
    case 'text':
      if (!operands.length)
        return { problem: { code: 'ERR_EPD_OPERANDS', message: `${opcode} takes a string operand`, index: -1 } };
      if (operands.length > 1 && !bare)
        return {
          problem: {
            code: 'ERR_EPD_OPERANDS',
            message: `${opcode} takes one string, not ${operands.length}`,
            index: 1,
          },
        };
      return { value: operands.join(' '), unquoted: bare };
    case 'optionalText':
      if (!operands.length) return { value: null };
      if (operands.length > 1 && !bare)
        return {
          problem: {
            code: 'ERR_EPD_OPERANDS',
            message: `${opcode} takes one string, not ${operands.length}`,
            index: 1,
          },
        };
      return { value: operands.join(' '), unquoted: bare };
    case 'pair':
      if (operands.length !== 2)
        return {
          problem: {
            code: 'ERR_EPD_OPERANDS',
            message: `${opcode} takes two strings (address and name), not ${operands.length}`,
            index: operands.length > 2 ? 2 : -1,
          },
        };
      return { value: [operands[0], operands[1]], unquoted: bare };
    case 'flag':
      if (operands.length)
        return { problem: { code: 'ERR_EPD_OPERANDS', message: `${opcode} takes no operand`, index: 0 } };
      return { value: true };
    default:
      return { value: [...operands] };
  }
}
