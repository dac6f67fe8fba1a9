// validateAif: every block checked against the game replayed with gamenotation/chess.
import { notationError, type NotationError, type Validation } from '../errors.js';
import { makeSan, makeUci, parseSan, Position, type Move } from '../chess/index.js';
import { uciMove } from '../chess/fast.js';
import { startingPosition } from '../pgn/rules.js';
import { cellInRange, turnToPly, type AifBlock, type AifGame } from './model.js';

/** What `validateAif` found in a game (the reader's own findings stay in the errors and warnings of the game's `Parsed` item). */

/** Position key for repetitions: placement, side, castling, en passant. */
const repKey = (pos: Position): string => pos.fen().split(' ').slice(0, 4).join(' ');

/** A move written as SAN (`Nf3`, `0-0-0`) or long algebraic (`Ng1-f3`, `Be3xb6`, `e7-e8=Q`), or UCI. */
export function parseAnyMove(pos: Position, text: string): Move | undefined {
  const t = text
    .trim()
    .replace(/^0-0-0/, 'O-O-O')
    .replace(/^0-0/, 'O-O');
  const san = parseSan(pos, t);
  if (san.ok) return san.value;
  const long = /^[KQRBN]?([a-h][1-8])[-x:]([a-h][1-8])(?:=?([QRBNqrbn]))?[+#]?$/.exec(t);
  const uci = long ? `${long[1]}${long[2]}${(long[3] ?? '').toLowerCase()}` : t;
  const m = uciMove(uci);
  if (m && pos.isLegal(m)) return m;
  return undefined;
}

/** Checks every block of a game against the replayed game; never throws. */
export function validateAif(game: AifGame): Validation {
  const errors: NotationError[] = [];
  const warnings: NotationError[] = [];
  const at = (block: AifBlock, tag: string): [number | undefined, number | undefined] => {
    const p = block.places?.[tag];
    return p ? [p.line, p.column] : [block.line, 1];
  };
  const fail = (code: string, message: string, block: AifBlock, tag: string): void => {
    errors.push(notationError(code, message, ...at(block, tag)));
  };
  const pgn = game.game;
  if (!pgn) {
    if (game.blocks.length)
      warnings.push(
        notationError('ERR_AIF_NO_GAME', 'move blocks without a game: only values are checked', game.line, 1),
      );
  }
  // Replay: the position before each ply, its repetition count, the move played.
  const positions: Position[] = [];
  const played: Move[] = [];
  const counts: number[] = [];
  let firstPly = 0;
  if (pgn) {
    const start = startingPosition(pgn.headers);
    if (!start.ok) errors.push(notationError(start.error.code, start.error.message, pgn.line, 1));
    else {
      const pos = start.value.clone();
      const fields = pos.fen().split(' ');
      firstPly = (Number(fields[5]) - 1) * 2 + (pos.turn === 'black' ? 1 : 0);
      const seen = new Map<string, number>();
      for (const node of pgn.moves) {
        if (!node.move) break;
        const key = repKey(pos);
        const n = seen.get(key) ?? 0;
        counts.push(n);
        seen.set(key, n + 1);
        positions.push(pos.clone());
        played.push(node.move);
        pos.play(node.move);
      }
    }
  }
  const gameId = game.headers.GameID;
  for (const block of game.blocks) {
    const tags = block.tags;
    if (gameId !== undefined && tags.GID !== undefined && tags.GID !== gameId)
      fail('ERR_AIF_GID', `GID "${tags.GID}" is not the game's GameID "${gameId}"`, block, 'GID');
    checkValues(block, errors, warnings);
    if (!pgn) continue;
    const turnPly = tags.Turn !== undefined ? turnToPly(tags.Turn) : undefined;
    if (turnPly === undefined) {
      fail('ERR_AIF_TURN', `Turn "${tags.Turn ?? ''}" is not of the form 6-w`, block, 'Turn');
      continue;
    }
    const i = turnPly - firstPly;
    const pos = positions[i];
    if (!pos) {
      fail('ERR_AIF_TURN', `turn ${tags.Turn} is not a move of the game`, block, 'Turn');
      continue;
    }
    if (tags.FEN !== undefined && tags.FEN.trim().split(/\s+/).join(' ') !== pos.fen())
      fail('ERR_AIF_FEN', `FEN is not the position before ${tags.Turn} (${pos.fen()})`, block, 'FEN');
    if (tags.MovePlayed !== undefined) {
      const m = parseAnyMove(pos, tags.MovePlayed);
      if (!m || makeUci(m) !== makeUci(played[i]!))
        fail(
          'ERR_AIF_MOVE_PLAYED',
          `MovePlayed "${tags.MovePlayed}" is not the game's move ${makeSan(pos, played[i]!)}`,
          block,
          'MovePlayed',
        );
    }
    const legal = pos.legalMoves();
    if (tags.NumLegalMoves !== undefined && Number(tags.NumLegalMoves) !== legal.length)
      fail(
        'ERR_AIF_NUM_LEGAL_MOVES',
        `NumLegalMoves ${tags.NumLegalMoves}, the position has ${legal.length}`,
        block,
        'NumLegalMoves',
      );
    if (tags.LegalMoves !== undefined) {
      const want = new Set(legal.map(makeUci));
      const got = new Set<string>();
      let bad: string | undefined;
      for (const text of tags.LegalMoves.split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const m = parseAnyMove(pos, text);
        if (!m) bad ??= text;
        else got.add(makeUci(m));
      }
      const missing = [...want].filter((u) => !got.has(u));
      if (bad !== undefined || missing.length)
        fail(
          'ERR_AIF_LEGAL_MOVES',
          bad !== undefined
            ? `LegalMoves has "${bad}", not a legal move`
            : `LegalMoves misses ${missing.length} legal move(s) (${missing.slice(0, 3).join(', ')})`,
          block,
          'LegalMoves',
        );
    }
    if (tags.RepCount !== undefined && Number(tags.RepCount) !== counts[i])
      fail(
        'ERR_AIF_REPCOUNT',
        `RepCount ${tags.RepCount}, the position occurred ${counts[i]} time(s) before`,
        block,
        'RepCount',
      );
    checkGrid(block, pos, legal.length, tags.EngineMove, errors, warnings);
  }
  return { errors, warnings };
}

function checkValues(block: AifBlock, errors: NotationError[], warnings: NotationError[]): void {
  void warnings;
  for (const row of block.grid.rows)
    row.cells.forEach((c, k) => {
      if (typeof c === 'number' && !cellInRange(c))
        errors.push(
          notationError(
            'ERR_AIF_VALUE',
            `${row.move} at depth ${block.grid.depths[k]}: ${c} is out of range (±900, mates ±(1000−n))`,
            row.line ?? block.line,
            8 + 5 * k,
          ),
        );
    });
}

function checkGrid(
  block: AifBlock,
  pos: Position,
  numLegal: number,
  engineMove: string | undefined,
  errors: NotationError[],
  warnings: NotationError[],
): void {
  const grid = block.grid;
  if (grid.rows.length > numLegal)
    warnings.push(
      notationError(
        'ERR_AIF_GRID_ROWS',
        `grid has ${grid.rows.length} rows for ${numLegal} legal moves`,
        grid.rows[numLegal]!.line ?? block.line,
        1,
      ),
    );
  for (const row of grid.rows)
    if (!parseAnyMove(pos, row.move))
      warnings.push(
        notationError('ERR_AIF_GRID_MOVE', `grid row ${row.move} is not a legal move`, row.line ?? block.line, 1),
      );
  if (!grid.depths.length || engineMove === undefined) return;
  const last = grid.depths.length - 1;
  const white = pos.turn === 'white';
  let best: number | undefined;
  for (const row of grid.rows) {
    const c = row.cells[last];
    if (typeof c === 'number' && parseAnyMove(pos, row.move) && (best === undefined || (white ? c > best : c < best)))
      best = c;
  }
  if (best === undefined) return;
  const em = parseAnyMove(pos, engineMove);
  const row =
    em &&
    grid.rows.find((r) => {
      const m = parseAnyMove(pos, r.move);
      return m && makeUci(m) === makeUci(em);
    });
  const value = row?.cells[last];
  if (!em || value !== best)
    errors.push(
      notationError(
        'ERR_AIF_ENGINE_MOVE',
        `EngineMove ${engineMove} is not the best row at depth ${grid.depths[last]} (best value ${best})`,
        block.places?.EngineMove?.line ?? block.line,
        block.places?.EngineMove?.column ?? 1,
      ),
    );
}
