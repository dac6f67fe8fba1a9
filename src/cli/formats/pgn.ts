import { makePgn, mainlineFen, readPgn, type PgnNode } from '../../pgn/index.js';
import type { CheckReport, ExportResult, FormatHandler, InputFile } from '../types.js';
import type { NotationError } from '../../errors.js';

function countMoves(line: PgnNode[]): number {
  let n = 0;
  const stack: PgnNode[][] = [line];
  while (stack.length) {
    const l = stack.pop()!;
    n += l.length;
    for (const node of l) if (node.variations) stack.push(...node.variations);
  }
  return n;
}

export const pgnFormat: FormatHandler = {
  name: 'pgn',
  extensions: ['.pgn'],
  sniff(text) {
    // PBN shares the tag syntax: ask for a chess-only tag or for numbered SAN movetext.
    return /\[(White|Black|FEN|WhiteElo|ECO)\s+"/.test(text) || /(^|\s)1\.\s*[a-hNBRQKO]/.test(text);
  },
  async check(input: InputFile): Promise<CheckReport> {
    const errors: NotationError[] = [];
    let games = 0;
    let moves = 0;
    let withErrors = 0;
    for await (const game of readPgn(input.bytes)) {
      games++;
      moves += countMoves(game.moves);
      if (game.errors.length) withErrors++;
      errors.push(...game.errors);
    }
    return { counts: { games, moves, 'games with errors': withErrors }, errors, warnings: [] };
  },
  async export(input: InputFile, options): Promise<ExportResult> {
    const reduced = options.reduced === true;
    let text = '';
    const errors: NotationError[] = [];
    for await (const game of readPgn(input.bytes)) {
      text += makePgn(game, { reduced });
      errors.push(...game.errors);
    }
    return { text, errors };
  },
  convertTargets: ['json'],
  async convert(input: InputFile): Promise<ExportResult> {
    const errors: NotationError[] = [];
    const lines: string[] = [];
    for await (const game of readPgn(input.bytes)) {
      errors.push(...game.errors);
      lines.push(JSON.stringify({
        headers: game.headers,
        result: game.result,
        mainline: game.moves.map((n) => n.san),
        finalFen: mainlineFen(game) ?? null,
        errors: game.errors,
        line: game.line,
        root: game.root,
        moves: game.moves,
      }));
    }
    return { text: `[\n${lines.join(',\n')}\n]\n`, errors };
  },
};
