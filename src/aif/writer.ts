// Canonical AIF v0.5 writer: byte-exact and idempotent (writing what was read from our own output
// gives the same bytes). Grid cells are fixed-width: moves in 7 columns, each cell 5.
import type { NotationError } from '../errors.js';
import { makePgn } from '../pgn/writer.js';
import type { PgnGame } from '../pgn/types.js';
import { tagNameText, tagPairWarnings, tagValueText } from '../text/tag-value.js';
import { BLOCK_TAGS, ENGINE_TAGS, formatCell, type AifBlock, type AifGame, type AifGrid } from './model.js';

/** The version line written before every game. */
export const AIF_VERSION_LINE = '; AIF v0.5 Kenneth Regan and Tamal Biswas';
/** Width of the move column of the grid. */
export const AIF_MOVE_WIDTH = 7;

/** Collects what the tag rule changed, when the caller asked for warnings. */
type Warnings = NotationError[] | undefined;

/** One tag pair by the shared rule (src/text/tag-value.ts): a line end in a value cannot split the tag. */
const tagLine = (name: string, value: string, warnings?: Warnings): string => {
  if (warnings) warnings.push(...tagPairWarnings(name, value));
  return `[${tagNameText(name)} "${tagValueText(value).replace(/[\\"]/g, '\\$&')}"]\n`;
};

/** The grid: a header of depths, then one row per move. */
export function makeGrid(grid: AifGrid): string {
  if (!grid.depths.length && !grid.rows.length) return '';
  let out = ' '.repeat(AIF_MOVE_WIDTH);
  for (const d of grid.depths) out += ' ' + String(d).padStart(4);
  out += '\n';
  for (const row of grid.rows) {
    let line = row.move.length >= AIF_MOVE_WIDTH ? row.move : row.move.padEnd(AIF_MOVE_WIDTH);
    for (const c of row.cells) line += ' ' + formatCell(c);
    out += line + '\n';
  }
  return out;
}

/** One move block: tags in canonical order, a blank line, grid, PV lines, comments, a blank line. */
export function makeAifBlock(block: AifBlock): string {
  return writeBlock(block, undefined);
}

function writeBlock(block: AifBlock, warnings: Warnings): string {
  let out = '';
  const tags = block.tags;
  for (const name of BLOCK_TAGS) if (tags[name] !== undefined) out += tagLine(name, tags[name]!, warnings);
  const known = new Set<string>(BLOCK_TAGS);
  for (const name of Object.keys(tags)) if (!known.has(name)) out += tagLine(name, tags[name]!, warnings);
  out += '\n';
  out += makeGrid(block.grid);
  for (const pv of block.pvs) out += `${pv.depth}: ${pv.text}\n`;
  for (const c of block.comments) out += `${c}\n`;
  return out + '\n';
}

/** Header tags in the order written: the seven tag roster, the engine tags, then the rest (makePgn's order). */
function gameText(game: AifGame, warnings: Warnings): string {
  if (!game.game && !Object.keys(game.headers).length) return '';
  const base: PgnGame = game.game ?? {
    headers: {},
    root: {},
    moves: [],
    result: game.headers.Result ?? '*',
    line: game.line,
  };
  const headers: Record<string, string> = { ...game.headers, ...base.headers };
  // makePgn writes the seven tags, then the others sorted; the engine tags go after the PGN game's
  // own tags in the spec's order, so they are written here and left out of makePgn.
  const engine: Record<string, string> = {};
  for (const name of ENGINE_TAGS)
    if (headers[name] !== undefined) {
      engine[name] = headers[name]!;
      delete headers[name];
    }
  const pgn = makePgn({ ...base, headers });
  if (warnings) for (const [name, value] of Object.entries(headers)) warnings.push(...tagPairWarnings(name, value));
  const cut = pgn.indexOf('\n\n');
  let out = pgn.slice(0, cut + 1);
  for (const name of ENGINE_TAGS) if (engine[name] !== undefined) out += tagLine(name, engine[name]!, warnings);
  return out + pgn.slice(cut + 1);
}

/**
 * Whether a game read from AIF has anything AIF can hold: tags, a PGN game or blocks. The reader
 * reports junk with no game in it (a lone `[`) as an entry that holds only errors; it has no AIF
 * form and is written as nothing.
 */
export function hasAifContent(game: AifGame): boolean {
  return game.game !== undefined || game.blocks.length > 0 || Object.keys(game.headers).length > 0;
}

/** One game in canonical v0.5: the version line, the PGN game with its engine tags, the blocks. */
function writeGame(game: AifGame, warnings: Warnings): string {
  if (!hasAifContent(game)) return '';
  let out = AIF_VERSION_LINE + '\n';
  out += gameText(game, warnings);
  if (!out.endsWith('\n\n')) out += '\n';
  for (const block of game.blocks) out += writeBlock(block, warnings);
  return out;
}

/** Options of `makeAif`. */
export interface MakeAifOptions {
  /**
   * Called for what the tag rule changed on the way: a line end or other control in a tag value (a
   * GameID, an engine name) written as a space (`ERR_TEXT_TAG_CONTROL`), a tag name that is not a
   * symbol (`ERR_TEXT_TAG_NAME`).
   */
  onWarning?: (warning: NotationError) => void;
}

/**
 * A game, or games, in canonical AIF v0.5: per game the version line, the PGN game with its engine
 * tags, then the move blocks. An item that holds only errors (junk with no game in it) is written
 * as nothing.
 */
export function makeAif(games: AifGame | Iterable<AifGame>, options: MakeAifOptions = {}): string {
  const warnings: Warnings = options.onWarning ? [] : undefined;
  let out = '';
  for (const g of isGame(games) ? [games] : games) out += writeGame(g, warnings);
  for (const warning of warnings ?? []) options.onWarning!(warning);
  return out;
}

const isGame = (x: AifGame | Iterable<AifGame>): x is AifGame => Array.isArray((x as AifGame).blocks);
