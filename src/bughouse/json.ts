// The plain JSON shape of `gamenotation convert --to json` (one object per match).
import type { NotationError } from '../errors.js';
import { replayMatch, startBoards, type BughouseMatch, type Termination } from './match.js';
import type { BoardId } from './bfen.js';

/** A match as plain JSON: tags, result, both boards' start and final crazyhouse FENs ('' when they cannot be built), moves, errors. */
export interface MatchJson {
  tags: Record<string, string>;
  result: string;
  termination: Termination;
  start: { A: string; B: string };
  final: { A: string; B: string };
  moves: { board: BoardId; color: 'white' | 'black'; number: number; san: string; uci: string; clock: number | null }[];
  errors: NotationError[];
}

/** start/final as crazyhouse FENs (pocket in brackets, White first Q R B N P, `~`), moves in file order, with the errors of reading it. */
export function matchToJson(match: BughouseMatch, readErrors: readonly NotationError[] = []): MatchJson {
  const errors = [...readErrors];
  const start = startBoards(match);
  const out: MatchJson = {
    tags: { ...match.tags },
    result: match.result,
    termination: match.termination,
    start: { A: '', B: '' },
    final: { A: '', B: '' },
    moves: match.moves.map((m) => ({
      board: m.board,
      color: m.color,
      number: m.number,
      san: m.san,
      uci: m.uci,
      clock: m.clock,
    })),
    errors,
  };
  if (start.ok) {
    out.start = { A: start.value.fen('A'), B: start.value.fen('B') };
    const r = replayMatch(match);
    if (r.ok) out.final = { A: r.value.fen('A'), B: r.value.fen('B') };
    else if (!errors.length) errors.push(r.error);
  } else if (!errors.length) errors.push(start.error);
  return out;
}
