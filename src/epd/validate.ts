// What an EPD record means, checked: the position (the chess core's FEN and position codes), the
// operations' operands (counts in range, strings short enough, moves legal, the predicted variation
// legal as a line), the counters sane, and the operations kept untyped (why each was not typed).
import { notationError, type NotationError, type Validation } from '../errors.js';
import { makeSan, parseFen, Position, type Move } from '../chess/index.js';
import { uciMove } from '../chess/fast.js';
import { EPD_OPCODES, isStandardOpcode, OPCODE_SYNTAX, type EpdRecord } from './model.js';
import { clip, typeOperation } from './operations.js';

/** A move operand read in a position: the legal move, its canonical SAN, and how it was written. */
export interface ResolvedMove {
  move: Move;
  san: string;
  /** `san`: it was SAN (perhaps not canonical); `uci`: it was a UCI/long-algebraic move. */
  form: 'san' | 'uci';
}

/** Why an operand is not a move of the position. */
export type MoveProblem = 'syntax' | 'illegal' | 'ambiguous';

/** A move operand (SAN, leniently; or UCI) as a legal move of `pos`, or why not. */
export function resolveMove(pos: Position, text: string): ResolvedMove | MoveProblem {
  const san = pos.clone().playSan(text);
  if (san.ok) return { move: san.value, san: makeSan(pos, san.value), form: 'san' };
  const uci = uciMove(text);
  if (uci && pos.isLegal(uci)) return { move: uci, san: makeSan(pos, uci), form: 'uci' };
  if (san.error.code === 'ERR_SAN_AMBIGUOUS') return 'ambiguous';
  if (san.error.code === 'ERR_SAN_SYNTAX' && !uci) return 'syntax';
  return 'illegal';
}

const PROBLEM_TEXT: Record<MoveProblem, string> = {
  syntax: 'is not a move',
  illegal: 'is not a legal move here',
  ambiguous: 'is ambiguous here',
};

/** `#3` in `bm`/`am`: the mate-length dialect of some mate suites (standard EPD says `dm 3`). */
export const MATE_LENGTH = /^#(-?\d+)$/;

/** Castling letters other than KQkq: Shredder-FEN, so Chess960 castling. */
function isChess960(castling: string | undefined): boolean {
  return castling !== undefined && /[A-HJ-Pa-hj-p]/.test(castling.replace(/[KQkq-]/g, ''));
}

/**
 * The position of a record as FEN (its counters from `hmvc`/`fmvn` when they are usable, else 0 and
 * 1), and the position itself when it can be set up (leniently: a composed position with too many
 * pieces still has legal moves).
 */
export function recordPosition(record: EpdRecord): {
  fen: string;
  position?: Position;
  chess960: boolean;
  error?: NotationError;
} {
  const { hmvc, fmvn } = record.operations;
  const h = Number.isSafeInteger(hmvc) && hmvc! >= 0 ? hmvc : 0;
  const f = Number.isSafeInteger(fmvn) && fmvn! >= 1 ? fmvn : 1;
  const position = typeof record.position === 'string' ? record.position.trim() : '';
  const fen = `${position} ${h} ${f}`;
  const chess960 = isChess960(position.split(/\s+/)[2]);
  const pos = Position.fromFen(fen, { lenient: true, chess960 });
  return pos.ok ? { fen, position: pos.value, chess960 } : { fen, chess960, error: pos.error };
}

/**
 * Checks a record: the position (`ERR_FEN_*`, `ERR_POS_*`), operands (`ERR_EPD_NUMBER`,
 * `ERR_EPD_OPERANDS`, `ERR_EPD_STRING_LENGTH`), moves (`ERR_EPD_MOVE`, `ERR_EPD_PV`,
 * `ERR_EPD_SAN_FORM`, `ERR_EPD_MATE_DIALECT`, `ERR_EPD_PM_PV`), counters (`ERR_EPD_HMVC`,
 * `ERR_EPD_COUNTERS`) and untyped operations (`ERR_EPD_OPCODE`, `ERR_EPD_DUPLICATE`), each at the
 * line and column it was read from.
 * @example
 * ```ts
 * const [{ value }] = parseEpd('4k3/8/8/8/8/8/8/4K3 w - - bm Qd1;', { validate: false });
 * validateEpd(value).errors[0]?.code; // 'ERR_EPD_MOVE'
 * ```
 */
export function validateEpd(record: EpdRecord): Validation {
  const errors: NotationError[] = [];
  const warnings: NotationError[] = [];
  const line = record.line;
  const columns = record.columns ?? {};
  const at = (opcode: string, index: number): number | undefined =>
    columns[opcode]?.[index + 1] ?? columns[opcode]?.[0];
  const add = (list: NotationError[], code: string, message: string, column?: number) =>
    list.push(notationError(code, message, line, line === undefined ? undefined : (column ?? 1)));
  const ops = (record.operations ?? {}) as Record<string, unknown>;

  // The position.
  const { fen, position, chess960 } = recordPosition(record);
  const fields = typeof record.position === 'string' ? record.position.trim().split(/\s+/) : [];
  if (fields.length !== 4 || !fields[0]) {
    if (record.position !== '')
      add(errors, 'ERR_EPD_FIELDS', `the position needs four fields, not ${fields.length}`, 1);
  } else {
    const setup = parseFen(fen);
    if (!setup.ok) add(errors, setup.error.code, `position: ${setup.error.message}`, setup.error.column);
    else {
      const strict = Position.fromFenAll(fen, { chess960 });
      if (!strict.ok) for (const e of strict.error) add(errors, e.code, `position: ${e.message}`, 1);
    }
  }

  // Typed operations: their values.
  for (const [opcode, value] of Object.entries(ops)) {
    if (value === undefined) continue;
    if (!isStandardOpcode(opcode)) {
      add(errors, 'ERR_EPD_OPCODE', `'${clip(opcode)}' is not an opcode of the standard (keep it in other)`);
      continue;
    }
    const spec = EPD_OPCODES[opcode]!;
    if (spec.kind === 'count') {
      const ok =
        typeof value === 'number' &&
        Number.isSafeInteger(value) &&
        (spec.min === undefined || value >= spec.min) &&
        (spec.max === undefined || value <= spec.max);
      if (!ok) {
        const range = spec.max === undefined ? `≥ ${spec.min}` : `${spec.min}..${spec.max}`;
        add(
          errors,
          'ERR_EPD_NUMBER',
          `${opcode} must be an integer ${range}, not ${clip(String(value))}`,
          at(opcode, 0),
        );
      }
    } else if (spec.kind === 'text' || spec.kind === 'optionalText' || spec.kind === 'pair') {
      const texts = spec.kind === 'pair' ? value : [value];
      const shapeOk =
        Array.isArray(texts) &&
        (spec.kind !== 'pair' || texts.length === 2) &&
        texts.every((t) => typeof t === 'string' || (spec.kind === 'optionalText' && t === null));
      if (!shapeOk)
        add(errors, 'ERR_EPD_OPERANDS', `${opcode} holds ${clip(JSON.stringify(value) ?? '?')}`, at(opcode, 0));
      else
        texts.forEach((t: string | null, i: number) => {
          if (t !== null && utf8Length(t) >= 256)
            add(
              warnings,
              'ERR_EPD_STRING_LENGTH',
              `${opcode}: a string of ${utf8Length(t)} bytes (the standard allows 255)`,
              at(opcode, i),
            );
        });
    } else if (spec.kind === 'flag') {
      if (value !== true) add(errors, 'ERR_EPD_OPERANDS', `${opcode} takes no operand`, at(opcode, 0));
    } else if (spec.kind === 'move') {
      if (typeof value !== 'string') add(errors, 'ERR_EPD_OPERANDS', `${opcode} takes one move`, at(opcode, 0));
    } else if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
      add(errors, 'ERR_EPD_OPERANDS', `${opcode} holds ${clip(JSON.stringify(value) ?? '?')}`, at(opcode, 0));
  }

  // Moves: legal in the position, the predicted variation as a line.
  if (position) {
    const resolved = new Map<string, Move>();
    const one = (opcode: string, text: string, index: number, mateDialect: boolean): void => {
      if (mateDialect && MATE_LENGTH.test(text)) {
        add(
          warnings,
          'ERR_EPD_MATE_DIALECT',
          `${opcode} ${text}: a mate length, not a move (the standard writes dm ${text.slice(1)})`,
          at(opcode, index),
        );
        return;
      }
      const r = resolveMove(position, text);
      if (typeof r === 'string') {
        add(errors, 'ERR_EPD_MOVE', `${opcode}: '${clip(text)}' ${PROBLEM_TEXT[r]}`, at(opcode, index));
        return;
      }
      if (r.san !== text)
        add(warnings, 'ERR_EPD_SAN_FORM', `${opcode}: '${clip(text)}' is written ${r.san} in SAN`, at(opcode, index));
      if (index === 0) resolved.set(opcode, r.move);
    };
    for (const opcode of ['am', 'bm'] as const) {
      const list = ops[opcode];
      if (Array.isArray(list)) list.forEach((m, i) => typeof m === 'string' && one(opcode, m, i, true));
    }
    for (const opcode of ['pm', 'sm'] as const) {
      const m = ops[opcode];
      if (typeof m === 'string') one(opcode, m, 0, false);
    }
    const pv = ops.pv;
    if (Array.isArray(pv)) {
      const p = position.clone();
      for (let i = 0; i < pv.length; i++) {
        const text = pv[i];
        const r = typeof text === 'string' ? resolveMove(p, text) : 'syntax';
        if (typeof r === 'string') {
          add(
            errors,
            'ERR_EPD_PV',
            `pv: move ${i + 1} '${clip(String(text))}' ${PROBLEM_TEXT[r]} after ${i} move(s) of the line`,
            at('pv', i),
          );
          break;
        }
        if (r.san !== text)
          add(warnings, 'ERR_EPD_SAN_FORM', `pv: '${clip(text)}' is written ${r.san} in SAN`, at('pv', i));
        if (i === 0) resolved.set('pv', r.move);
        p.play(r.move);
      }
    }
    const pm = resolved.get('pm');
    const pv0 = resolved.get('pv');
    if (pm && pv0 && JSON.stringify(pm) !== JSON.stringify(pv0))
      add(
        warnings,
        'ERR_EPD_PM_PV',
        `pm ${String(ops.pm)} is not the first move of pv (${String((pv as string[])[0])})`,
        at('pm', 0),
      );
  }

  // The counters.
  const hmvc = ops.hmvc;
  const fmvn = ops.fmvn;
  if (
    typeof hmvc === 'number' &&
    Number.isSafeInteger(hmvc) &&
    hmvc > 0 &&
    fields.length === 4 &&
    /^[a-h][36]$/.test(fields[3]!)
  )
    add(
      errors,
      'ERR_EPD_HMVC',
      `hmvc ${hmvc} with the en passant square ${fields[3]}: the pawn move that made it resets the clock to 0`,
      at('hmvc', 0),
    );
  else if (typeof hmvc === 'number' && Number.isSafeInteger(hmvc) && hmvc > 0) {
    const plies =
      typeof fmvn === 'number' && Number.isSafeInteger(fmvn) && fmvn >= 1
        ? 2 * (fmvn - 1) + (fields[1] === 'b' ? 1 : 0)
        : undefined;
    if (hmvc > 150)
      add(
        warnings,
        'ERR_EPD_COUNTERS',
        `hmvc ${hmvc}: 150 plies without a capture or a pawn move end the game (FIDE 9.6.2)`,
        at('hmvc', 0),
      );
    else if (plies !== undefined && hmvc > plies)
      add(
        warnings,
        'ERR_EPD_COUNTERS',
        `hmvc ${hmvc} is more than the ${plies} plies played before move ${fmvn} (possible only after a set-up position)`,
        at('hmvc', 0),
      );
  }

  // Operations kept untyped: why.
  for (const op of record.other ?? []) {
    const column = op.columns?.[0];
    const opcode = typeof op.opcode === 'string' ? op.opcode : '';
    if (!OPCODE_SYNTAX.test(opcode)) {
      add(
        errors,
        'ERR_EPD_OPCODE',
        `'${clip(opcode)}' is not an opcode (a letter, then up to 14 letters, digits or _)`,
        column,
      );
      continue;
    }
    if (!isStandardOpcode(opcode)) continue;
    if (ops[opcode] !== undefined) {
      add(errors, 'ERR_EPD_DUPLICATE', `${opcode} appears more than once (the standard allows one per record)`, column);
      continue;
    }
    const typed = typeOperation(opcode, op.operands ?? [], op.quoted);
    if ('problem' in typed)
      add(errors, typed.problem.code, typed.problem.message, op.columns?.[typed.problem.index + 1] ?? column);
  }
  return { errors, warnings };
}

const encoder = /* @__PURE__ */ new TextEncoder();

function utf8Length(text: string): number {
  return encoder.encode(text).length;
}
