// `gamenotation analyse <FEN|startpos>` (one position through a UCI engine) and `gamenotation engines`.
import { existsSync } from 'node:fs';
import { Position } from '../../chess/index.js';
import {
  EngineError,
  listEngines,
  openEngine,
  type AnalysisResult,
  type EngineKind,
  type Limit,
  type OpenEngineOptions,
} from '../../engine/index.js';
import { findExecutable } from '../../engine/native.js';
import { resolvePosition } from '../../engine/position.js';
import { checkLimit } from '../../engine/protocol.js';
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

/** The engine's own check of a search limit (ranges, integers), as a usage error. */
export function usableLimit<T extends Limit>(limit: T): T {
  try {
    checkLimit(limit);
  } catch (e) {
    if (e instanceof EngineError) throw new UsageError(`--${e.error.message.replace(/^limit /, '')}`);
    throw e;
  }
  return limit;
}

/** An engine failure as one line: its code, then its message. */
export function engineFailureText(e: unknown): string {
  const code = (e as { code?: unknown })?.code;
  const message = (e as Error)?.message ?? String(e);
  if (typeof code !== 'string') return `ERR_ENGINE ${message}`;
  return message.startsWith(code) ? message : `${code} ${message}`;
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
  return usableLimit(limit);
}

function scoreText(v: { cp: number } | { mate: number }): string {
  if ('mate' in v) return `#${v.mate}`;
  const s = (v.cp / 100).toFixed(2);
  return v.cp > 0 ? `+${s}` : s;
}

/** A PV (already in SAN, checked by the engine layer) with move numbers. */
function numberedLine(start: Position, san: string[]): string {
  let moveNo = Number(start.fen().split(' ')[5]) || 1;
  let white = start.turn === 'white';
  const out: string[] = [];
  for (let i = 0; i < san.length; i++) {
    if (white) out.push(`${moveNo}. ${san[i]}`);
    else {
      out.push(i === 0 ? `${moveNo}... ${san[i]}` : san[i]!);
      moveNo++;
    }
    white = !white;
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
      ctx.io.err(`error: ${engineFailureText(e)}\n`);
      return EXIT_INPUT;
    }
    let engine;
    try {
      engine = await openEngine({ ...choice, options });
    } catch (e) {
      const err = e as EngineError;
      if (err.code === 'ERR_ENGINE_NOT_FOUND') throw new UsageError(err.error.message);
      ctx.io.err(`error: ${engineFailureText(err)}${err.stderr ? `\n${err.stderr.join('\n')}` : ''}\n`);
      return EXIT_INPUT;
    }
    let result: AnalysisResult;
    try {
      result = await engine.analyse(input, limit, { multipv });
    } catch (e) {
      ctx.io.err(`error: ${engineFailureText(e)}\n`);
      await engine.close();
      return EXIT_INPUT;
    }
    await engine.close();
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
        `${String(l.multipv).padStart(2)}  depth ${String(l.depth).padStart(2)}  ${scoreText(l.score.white().toJSON()).padStart(6)}  ${numberedLine(start, l.pvSan)}\n`,
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
