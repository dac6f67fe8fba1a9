// `gamenotation analyse <FEN|startpos>` (one position through a UCI engine) and `gamenotation engines`.
import { existsSync } from 'node:fs';
import { makeSanAndPlay, parseUci, Position } from '../../chess/index.js';
import {
  EngineError,
  findExecutable,
  listEngines,
  openEngine,
  resolvePosition,
  type AnalysisResult,
  type EngineKind,
  type Limit,
  type OpenEngineOptions,
} from '../../engine/index.js';
import { EXIT_INPUT, EXIT_OK, UsageError } from '../exit.js';
import type { Command, CommandContext } from '../types.js';
import { AIF_ANALYSE_OPTIONS, analyseFile, isGameFile } from './aif-analyse.js';

function intOption(ctx: CommandContext, name: string, min: number): number | undefined {
  const v = ctx.options[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^\d+$/.test(v.trim()) || Number(v) < min)
    throw new UsageError(`--${name} needs an integer ≥ ${min}, got '${String(v)}'`);
  return Number(v);
}

/** --engine: a kind name, or a path/name of a UCI binary. Pockets in the FEN default to Fairy-Stockfish. */
export function engineChoice(name: string | undefined, crazyhouse: boolean): OpenEngineOptions {
  if (name === undefined) {
    if (crazyhouse) return { kind: 'fairy' };
    return findExecutable('stockfish') ? { kind: 'native' } : { kind: 'stockfish.wasm' };
  }
  const kinds: Record<string, EngineKind> = {
    'stockfish.wasm': 'stockfish.wasm',
    fairy: 'fairy',
    'fairy-stockfish': 'fairy',
    stockfish: 'native',
    'stockfish-lite': 'stockfish',
    'lite-single': 'stockfish',
    native: 'native',
  };
  const kind = kinds[name];
  if (kind) return { kind };
  if (name.includes('/') && !existsSync(name)) throw new UsageError(`--engine: no such file: ${name}`);
  return { kind: /fairy/i.test(name) ? 'fairy' : 'native', path: name };
}

function limitFrom(ctx: CommandContext): Limit {
  const limit: Limit = {};
  const depth = intOption(ctx, 'depth', 1),
    nodes = intOption(ctx, 'nodes', 1),
    movetime = intOption(ctx, 'movetime', 1),
    mate = intOption(ctx, 'mate', 1);
  if (depth !== undefined) limit.depth = depth;
  if (nodes !== undefined) limit.nodes = nodes;
  if (movetime !== undefined) limit.movetime = movetime;
  if (mate !== undefined) limit.mate = mate;
  if (!Object.keys(limit).length) limit.depth = 15;
  return limit;
}

function scoreText(v: { cp: number } | { mate: number }): string {
  if ('mate' in v) return `#${v.mate}`;
  const s = (v.cp / 100).toFixed(2);
  return v.cp > 0 ? `+${s}` : s;
}

/** A PV in SAN with move numbers (UCI for what our rules refuse, which should not happen). */
function sanLine(start: Position, pv: string[]): string {
  const pos = start.clone();
  const fen = pos.fen().split(' ');
  let moveNo = Number(fen[5]) || 1;
  const out: string[] = [];
  for (let i = 0; i < pv.length; i++) {
    const m = parseUci(pv[i]);
    if (!m || !pos.isLegal(m)) {
      out.push(...pv.slice(i));
      break;
    }
    const white = pos.turn === 'white';
    const san = makeSanAndPlay(pos, m);
    if (white) out.push(`${moveNo}. ${san}`);
    else {
      out.push(i === 0 ? `${moveNo}... ${san}` : san);
      moveNo++;
    }
  }
  return out.join(' ');
}

export const analyseCommand: Command = {
  name: 'analyse',
  usage:
    'gamenotation analyse <FEN|startpos> [--moves "e2e4 e7e5"] [--engine stockfish|stockfish.wasm|stockfish-lite|fairy|PATH]\n' +
    '    [--depth N | --nodes N | --movetime MS | --mate N] [--multipv K] [--json]\n' +
    'gamenotation analyse FILE.pgn --out FILE.aif [--engine …] [--depth N | --nodes N] [--multipv K|all] [--jobs N | --queue redis://host:6379 [--window N] [--attempts N]] [--resume] [--from PLY] [--platform TEXT] [--json-progress]\n' +
    "Scores are from White's point of view. A pocket in the FEN ([Nn]) means crazyhouse (Fairy-Stockfish by default).",
  options: {
    engine: { type: 'string' },
    depth: { type: 'string' },
    nodes: { type: 'string' },
    movetime: { type: 'string' },
    mate: { type: 'string' },
    multipv: { type: 'string' },
    moves: { type: 'string' },
    threads: { type: 'string' },
    hash: { type: 'string' },
    json: { type: 'boolean' },
    ...AIF_ANALYSE_OPTIONS,
  },
  async run(ctx) {
    if (!ctx.positionals.length) throw new UsageError('analyse needs a FEN or startpos');
    const text = ctx.positionals.join(' ').trim();
    if (isGameFile(text)) return analyseFile(ctx, text);
    if (/\.(pgn|aif)(\.gz)?$/i.test(text))
      throw new UsageError("analyse takes one position (FEN or startpos); whole PGN files are the AIF producer's job");
    const limit = limitFrom(ctx);
    const multipv = intOption(ctx, 'multipv', 1) ?? 1;
    const moves = typeof ctx.options.moves === 'string' ? ctx.options.moves.trim().split(/\s+/).filter(Boolean) : [];
    const crazyhouse = /\[|^(\S*\/){8}/.test(text.split(' ')[0]);
    const choice = engineChoice(ctx.options.engine as string | undefined, crazyhouse);
    const options: Record<string, number> = {};
    const threads = intOption(ctx, 'threads', 1),
      hash = intOption(ctx, 'hash', 1);
    if (threads !== undefined) options.Threads = threads;
    if (hash !== undefined) options.Hash = hash;

    const input = text === 'startpos' ? { moves } : { fen: text, moves };
    let start: Position;
    try {
      start = resolvePosition(input).position;
    } catch (e) {
      ctx.io.err(`error: ${(e as EngineError).code} ${(e as EngineError).message}\n`);
      return EXIT_INPUT;
    }
    let engine;
    try {
      engine = await openEngine({ ...choice, options });
    } catch (e) {
      const err = e as EngineError;
      if (err.code === 'ERR_ENGINE_NOT_FOUND') throw new UsageError(err.message);
      ctx.io.err(
        `error: ${err.code ?? 'ERR_ENGINE'} ${err.message}${err.stderr ? `\n${err.stderr.join('\n')}` : ''}\n`,
      );
      return EXIT_INPUT;
    }
    let result: AnalysisResult;
    try {
      result = await engine.analyse(input, limit, { multipv });
    } catch (e) {
      const err = e as EngineError;
      ctx.io.err(`error: ${err.code ?? 'ERR_ENGINE'} ${err.message}\n`);
      await engine.quit();
      return EXIT_INPUT;
    }
    await engine.quit();
    if (ctx.options.json) {
      const json = {
        bestmove: result.bestmove,
        ...(result.ponder ? { ponder: result.ponder } : {}),
        engine: engine.name,
        lines: result.lines.map((l) => ({ multipv: l.multipv, depth: l.depth, score: l.score.toJSON(), pv: l.pv })),
      };
      ctx.io.out(`${JSON.stringify(json)}\n`);
      return EXIT_OK;
    }
    ctx.io.out(
      `${engine.name}: bestmove ${result.bestmove ?? '(none)'}${result.ponder ? ` ponder ${result.ponder}` : ''}\n`,
    );
    for (const l of result.lines) {
      ctx.io.out(
        `${String(l.multipv).padStart(2)}  depth ${String(l.depth).padStart(2)}  ${scoreText(l.score.white).padStart(6)}  ${sanLine(start, l.pv)}\n`,
      );
    }
    return EXIT_OK;
  },
};

export const enginesCommand: Command = {
  name: 'engines',
  usage: 'gamenotation engines [--json]',
  options: { json: { type: 'boolean' } },
  async run(ctx) {
    const found = await listEngines();
    if (ctx.options.json) {
      ctx.io.out(`${JSON.stringify(found)}\n`);
      return EXIT_OK;
    }
    if (!found.length)
      ctx.io.out(
        'no engines found (apt-get install stockfish fairy-stockfish, or npm install stockfish.wasm stockfish)\n',
      );
    for (const e of found) {
      const what = e.name ?? (e.error ? `not working: ${e.error}` : '');
      ctx.io.out(`${e.kind.padEnd(15)} ${what}${e.version ? ` (package ${e.version})` : ''}  ${e.path}\n`);
    }
    return EXIT_OK;
  },
};
