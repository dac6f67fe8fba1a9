// EPD ↔ FEN ↔ PGN. FEN's counters are EPD's `hmvc`/`fmvn`; a PGN game is a start position (FEN and
// SetUp tags) and moves, so an EPD record becomes a game from its position with its `pv` as the
// moves, and a game becomes the EPD of each position of its main line with the move played there
// as `sm` (the form pgn-extract's -Wepd gives, one line per position).
import { err, notationError, ok, type Result } from '../errors.js';
import { makeFen, makeSan, makeSquare, makeUci, parseFen, Position } from '../chess/index.js';
import { startingPosition } from '../pgn/rules.js';
import type { PgnGame, PgnNode } from '../pgn/types.js';
import type { EpdRecord } from './model.js';
import { operationsText } from './writer.js';
import { recordPosition, resolveMove } from './validate.js';
import { resultBoundary } from '../text/boundary.js';

/** The four position fields of a FEN, as the chess core writes them. */
function fourFields(fen: string): string {
  return fen.split(' ').slice(0, 4).join(' ');
}

/**
 * A record as FEN: its position with `hmvc` and `fmvn` as the counters (0 and 1 when absent), as
 * the chess core writes it; an error when the position cannot be read.
 * @example
 * ```ts
 * epdToFen(parseEpd('8/8/8/8/8/8/8/K1k5 w - - hmvc 3; fmvn 40;')[0].value); // { ok: true, value: '8/8/8/8/8/8/8/K1k5 w - - 3 40' }
 * ```
 */
export function epdToFen(record: EpdRecord): Result<string> {
  return resultBoundary('epdToFen', () => {
    const { fen, chess960 } = recordPosition(record);
    const setup = parseFen(fen);
    if (!setup.ok) return setup;
    return ok(makeFen(setup.value, { shredder: chess960 }));
  });
}

/** A FEN as an EPD record: its first four fields, and its counters as `hmvc` and `fmvn`. */
export function fenToEpd(fen: string): Result<EpdRecord> {
  return resultBoundary('fenToEpd', () => {
    const setup = parseFen(fen.trim());
    if (!setup.ok) return setup;
    const text = makeFen(setup.value);
    return ok({
      position: fourFields(text),
      operations: { hmvc: setup.value.halfmoves, fmvn: setup.value.fullmoves },
      other: [],
    });
  });
}

/**
 * A record as a PGN game: the seven tags (`Event` is the `id`), `FEN` and `SetUp`, the `pv` as the
 * moves (up to its first move that is not legal), and the other operations written as EPD text in
 * the comment before the first move. An error when the position cannot be set up.
 */
export function epdToPgn(record: EpdRecord): Result<PgnGame> {
  return resultBoundary('epdToPgn', () => {
    const { position, chess960 } = recordPosition(record);
    const fen = epdToFen(record);
    if (!fen.ok) return fen;
    if (!position) {
      const strict = Position.fromFen(fen.value, { chess960 });
      return err(strict.ok ? notationError('ERR_POS_KINGS', 'the position cannot be set up') : strict.error);
    }
    const headers: Record<string, string> = {
      Event: record.operations.id ?? '?',
      Site: '?',
      Date: '????.??.??',
      Round: '?',
      White: '?',
      Black: '?',
      Result: '*',
      SetUp: '1',
      FEN: fen.value,
    };
    if (chess960) headers.Variant = 'Chess960';
    const moves: PgnNode[] = [];
    const p = position.clone();
    for (const text of record.operations.pv ?? []) {
      const r = resolveMove(p, text);
      if (typeof r === 'string') break;
      moves.push({ san: r.san, uci: makeUci(r.move), move: r.move });
      p.play(r.move);
    }
    const rest: EpdRecord = {
      ...record,
      operations: { ...record.operations, id: undefined, pv: undefined, hmvc: undefined, fmvn: undefined },
    };
    const comment = operationsText(rest);
    return ok({ headers, root: comment ? { comments: [comment] } : {}, moves, result: '*', line: record.line ?? 1 });
  });
}

/**
 * The EPD of every position of a game's main line, from its start to after its last move, with
 * the counters (`hmvc`, `fmvn`) and the move played there (`sm`; absent after the last move). An
 * error when the start position cannot be set up; moves the reader could not resolve end the line.
 */
export function pgnToEpd(game: PgnGame): Result<EpdRecord[]> {
  return resultBoundary('pgnToEpd', () => {
    const start = startingPosition(game.headers);
    if (!start.ok) return start;
    const p = start.value.clone();
    const out: EpdRecord[] = [];
    // §16.2.3.4: the en passant square is given after every double pawn push, capture or not.
    let ep = fourFields(p.fen()).split(' ')[3]!;
    const recordOf = (): EpdRecord => {
      const setup = p.toSetup();
      const fields = fourFields(p.fen()).split(' ');
      fields[3] = ep;
      return {
        position: fields.join(' '),
        operations: { hmvc: setup.halfmoves, fmvn: setup.fullmoves },
        other: [],
      };
    };
    for (const node of game.moves) {
      const move = node.move;
      if (!move || !p.isLegal(move)) break;
      const record = recordOf();
      record.operations.sm = makeSan(p, move);
      out.push(record);
      const from = 'from' in move ? move.from : -1;
      const doublePush = from >= 0 && p.toSetup().board[from]?.role === 'pawn' && Math.abs(move.to - from) === 16;
      p.play(move);
      ep = doublePush ? makeSquare((from + move.to) / 2) : '-';
    }
    out.push(recordOf());
    return ok(out);
  });
}
