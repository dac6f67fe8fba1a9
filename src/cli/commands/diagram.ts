// `gamenotation diagram`: an SVG (or PNG) diagram of a FEN, a PGN game at a ply, a PBN deal (or
// its double-dummy table), or a PBI / problem XML problem.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { NotationError, Result } from '../../errors.js';
import { parsePgn } from '../../pgn/index.js';
import { calcDDTable, par, parsePbn, pbnGameInfo, boardConditions } from '../../bridge/index.js';
import { parsePbi, parseProblemXml } from '../../problems/index.js';
import { parseAif } from '../../aif/reader.js';
import { parseBpgn } from '../../bughouse/bpgn.js';
import {
  aifEvalGraph,
  bfenDiagram,
  bpgnDiagram,
  chessDiagram,
  ddTableDiagram,
  gameDiagram,
  pbiProblemDiagram,
  pbnDealDiagram,
  problemXmlDiagram,
} from '../../diagram/index.js';
import { formatFor } from '../formats/index.js';
import { UsageError } from '../exit.js';
import type { Command, CommandContext, InputFile } from '../types.js';

const FEN_BOARD = /^\s*[1-8pnbrqkPNBRQK~]+(\/[1-8pnbrqkPNBRQK~]*){7,8}(\[[^\]]*\])?(\s|$)/;

function intOption(ctx: CommandContext, name: string, min: number): number | undefined {
  const v = ctx.options[name];
  if (v === undefined) return undefined;
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d+$/.test(v.trim()) || n < min)
    throw new UsageError(`--${name} needs an integer ≥ ${min}, got '${String(v)}'`);
  return n;
}

function pick<T>(items: T[], n: number | undefined, what: string, file: string): T {
  const index = (n ?? 1) - 1;
  if (index >= items.length)
    throw new UsageError(`${file} has ${items.length} ${what}${items.length === 1 ? '' : 's'}, not ${n}`);
  return items[index]!;
}

/** One reader per format: a name and a function from the input file to an SVG. Later formats plug in here. */
export const diagramReaders: Record<
  string,
  (input: InputFile, text: string, ctx: CommandContext, common: { flip: boolean; size?: number }) => Result<string>
> = {
  pgn(input, text, ctx, common) {
    const games = parsePgn(text).map((g) => g.value);
    if (!games.length) return { ok: false, error: { code: 'ERR_DIAGRAM_INPUT', message: `${input.name}: no games` } };
    const game = pick(games, intOption(ctx, 'game', 1), 'game', input.name);
    return gameDiagram(game, { ply: intOption(ctx, 'ply', 0), ...common });
  },
  pbn(input, _text, ctx, common) {
    const parsed = parsePbn(input.bytes);
    const board = ctx.options.board;
    const games = parsed.value.games.filter((g) => pbnGameInfo(g).deal);
    if (!games.length) return { ok: false, error: { code: 'ERR_DIAGRAM_DEAL', message: `${input.name}: no deal` } };
    const game = board === undefined ? games[0]! : games.find((g) => g.tags.Board?.value === String(board));
    if (!game) throw new UsageError(`${input.name}: no deal with Board "${String(board)}"`);
    if (!ctx.options.dd) return pbnDealDiagram(game, { size: common.size });
    const info = pbnGameInfo(game);
    const table = calcDDTable(info.deal!);
    if (!table.ok) return table;
    const cycle = boardConditions(info.board ?? 1);
    const parResult = par(table.value, {
      dealer: info.dealer ?? cycle.dealer,
      vulnerability: info.vulnerable ?? cycle.vulnerability,
    });
    return { ok: true, value: ddTableDiagram(table.value, { par: parResult, size: common.size }) };
  },
  pbi(input, _text, ctx, common) {
    const { value: doc, errors } = parsePbi(input.bytes);
    if (!doc.problems.length)
      return {
        ok: false,
        error: errors[0] ?? { code: 'ERR_DIAGRAM_INPUT', message: `${input.name}: no problems` },
      };
    return pbiProblemDiagram(pick(doc.problems, intOption(ctx, 'problem', 1), 'problem', input.name), common);
  },
  bpgn(input, text, ctx, common) {
    const matches = parseBpgn(text).map((m) => m.value);
    if (!matches.length)
      return { ok: false, error: { code: 'ERR_DIAGRAM_INPUT', message: `${input.name}: no matches` } };
    const match = pick(matches, intOption(ctx, 'match', 1), 'match', input.name);
    return bpgnDiagram(match, { ply: intOption(ctx, 'ply', 0), ...common });
  },
  aif(input, _text, ctx, common) {
    const games = parseAif(input.bytes)
      .map((g) => g.value)
      .filter((g) => g.blocks.length);
    if (!games.length)
      return { ok: false, error: { code: 'ERR_DIAGRAM_INPUT', message: `${input.name}: no analysed game` } };
    const game = pick(games, intOption(ctx, 'game', 1), 'analysed game', input.name);
    return { ok: true, value: aifEvalGraph(game, common.size !== undefined ? { size: common.size } : {}) };
  },
  'problem-xml'(input, _text, ctx, common) {
    const r = parseProblemXml(input.bytes);
    if (!r.value)
      return {
        ok: false,
        error: r.errors[0] ?? { code: 'ERR_DIAGRAM_INPUT', message: `${input.name}: not a problem document` },
      };
    if (!r.value.problems.length)
      return { ok: false, error: { code: 'ERR_DIAGRAM_INPUT', message: `${input.name}: no problems` } };
    return problemXmlDiagram(pick(r.value.problems, intOption(ctx, 'problem', 1), 'problem', input.name), common);
  },
};

/** Loads the optional rasterizer lazily; a clear message when it is not installed. */
async function toPng(svg: string): Promise<Uint8Array> {
  const name = '@resvg/resvg-wasm';
  let resvg: {
    initWasm(m: unknown): Promise<void>;
    Resvg: new (svg: string, o?: unknown) => { render(): { asPng(): Uint8Array } };
  };
  let wasmPath: string;
  try {
    resvg = await import(name);
    wasmPath = createRequire(import.meta.url).resolve(`${name}/index_bg.wasm`);
  } catch {
    throw new UsageError(`--png needs the optional dependency ${name} (npm install ${name})`);
  }
  try {
    await resvg.initWasm(readFileSync(wasmPath));
  } catch (e) {
    if (!/already/i.test(String((e as Error)?.message))) throw e;
  }
  // The wasm build sees no system fonts: hand it DejaVu (or Liberation) when the system has them.
  const fonts = [
    '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
    '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
    '/usr/share/fonts/truetype/dejavu/DejaVuSans-Oblique.ttf',
    '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
    '/System/Library/Fonts/Supplemental/Arial.ttf',
    'C:\\Windows\\Fonts\\arial.ttf',
  ]
    .filter((f) => existsSync(f))
    .map((f) => new Uint8Array(readFileSync(f)));
  const image = new resvg.Resvg(svg, { font: { fontBuffers: fonts, defaultFontFamily: 'DejaVu Sans' } });
  return image.render().asPng();
}

export const diagramCommand: Command = {
  name: 'diagram',
  usage:
    'gamenotation diagram <FEN | BFEN | FILE.pgn [--game N] [--ply K] | FILE.pbn [--board N] [--dd] | FILE.bpgn [--match N] [--ply K] | FILE.pbi|FILE.xml [--problem N] | FILE.aif [--game N]> ' +
    '[--flip] [--size PX] [--png] [-o FILE]',
  options: {
    game: { type: 'string' },
    ply: { type: 'string' },
    board: { type: 'string' },
    problem: { type: 'string' },
    match: { type: 'string' },
    dd: { type: 'boolean' },
    flip: { type: 'boolean' },
    size: { type: 'string' },
    png: { type: 'boolean' },
    format: { type: 'string' },
    output: { type: 'string', short: 'o' },
  },
  async run(ctx) {
    const [arg] = ctx.positionals;
    if (!arg) throw new UsageError('missing FEN or FILE');
    const size = intOption(ctx, 'size', 16);
    const common = { flip: ctx.options.flip === true, ...(size !== undefined ? { size } : {}) };
    let result: Result<string>;
    let where = arg;
    if (FEN_BOARD.test(arg) && arg.includes('|') && !existsSync(arg)) {
      result = bfenDiagram(arg, common);
      where = 'BFEN';
    } else if (FEN_BOARD.test(arg) && !existsSync(arg)) {
      result = chessDiagram(arg, common);
      where = 'FEN';
    } else {
      const input = await ctx.io.readInput(arg);
      const text = new TextDecoder().decode(input.bytes);
      const forced = typeof ctx.options.format === 'string' ? ctx.options.format.toLowerCase() : undefined;
      const lower = input.name.toLowerCase();
      const aif = lower.endsWith('.aif') || /^\uFEFF?;\s*AIF\b/.test(text);
      const name =
        forced ??
        (aif
          ? 'aif'
          : lower.endsWith('.bpgn')
            ? 'bpgn'
            : lower.endsWith('.fen') || lower.endsWith('.epd') || lower.endsWith('.bfen')
              ? 'fen'
              : (formatFor(input.name, text)?.name ?? (FEN_BOARD.test(text) ? 'fen' : undefined)));
      const firstLine = text.trim().split(/\r?\n/)[0]!;
      if (name === 'fen' && firstLine.includes('|')) result = bfenDiagram(firstLine, common);
      else if (name === 'fen') result = chessDiagram(firstLine.split(';')[0]!.trim(), common);
      else if (name && diagramReaders[name]) result = diagramReaders[name](input, text, ctx, common);
      else
        throw new UsageError(
          `${input.name}: cannot tell the format (use --format pgn|bpgn|pbn|pbi|problem-xml|fen|aif)`,
        );
    }
    if (!result.ok) {
      const e: NotationError = result.error;
      ctx.io.err(`${where}:${e.line ?? 1}:${e.column ?? 1} ${e.code} ${e.message}\n`);
      return 1;
    }
    const output = typeof ctx.options.output === 'string' ? ctx.options.output : undefined;
    if (ctx.options.png) {
      const png = await toPng(result.value);
      if (output) writeFileSync(output, png);
      else process.stdout.write(png);
      return 0;
    }
    if (output) writeFileSync(output, result.value);
    else ctx.io.out(result.value);
    return 0;
  },
};
