// analyseGame: one game through a UCI engine (gamenotation/engine) into an AIF game. Every depth's
// lines go into the grid; Depth, NodeCount and EngineID come from what the engine reported.
import { NotationFailure } from '../errors.js';
import { makeSan, Position, type Move } from '../chess/index.js';
import { uciMove } from '../chess/fast.js';
import type { UciEngine, AnalysisResult } from '../engine/index.js';
import { startingPosition } from '../pgn/rules.js';
import type { PgnGame } from '../pgn/types.js';
import type { Progress } from '../progress.js';
import {
  formatCell,
  gameIdOf,
  plyToTurn,
  scoreCell,
  type AifBlock,
  type AifCell,
  type AifGame,
  type AifRow,
} from './model.js';

/** Options of `analyseGame`: the search limit (`depth`, default 12, or `nodes`), the plies, and header values. */
export interface AnalyseGameOptions {
  depth?: number;
  nodes?: number;
  /** Lines per search; 'all' = the number of legal moves (the full grid). Default 1. */
  multipv?: number | 'all';
  /** First ply to analyse, 1 = White's first move of the game (default 1). */
  from?: number;
  /** Last ply to analyse, inclusive (default: the last move). */
  to?: number;
  /** 'forward' keeps the hash from move to move; 'independent' clears it before every search. */
  mode?: 'forward' | 'independent';
  /** GameID (default: the mangle of the seven tags). */
  gameId?: string;
  /** Header values the engine does not report: Threads and Hash as set. */
  threads?: number;
  hash?: number;
  /** The Platform tag (default: `aifPlatform()`, the host's OS and architecture). */
  platform?: string;
}

const OS_NAMES: Record<string, string> = {
  linux: 'Linux',
  darwin: 'macOS',
  win32: 'Windows',
  freebsd: 'FreeBSD',
  openbsd: 'OpenBSD',
  sunos: 'SunOS',
  aix: 'AIX',
  android: 'Android',
};

/**
 * The Platform tag `analyseGame` writes when none is given: the host's OS and architecture
 * (`Linux x64`, `Windows arm64`; in a browser, what `navigator` says). The spec leaves it to "the
 * GUI or script running" the engine.
 */
export function aifPlatform(): string {
  const host = globalThis as { process?: { platform?: string; arch?: string }; navigator?: { platform?: string } };
  const p = host.process;
  if (typeof p?.platform === 'string' && typeof p.arch === 'string')
    return `${OS_NAMES[p.platform] ?? p.platform} ${p.arch}`;
  const nav = host.navigator?.platform;
  return typeof nav === 'string' && nav.trim() ? nav.trim() : 'unknown';
}

/** The library's `Progress` (unit 'plies') with the nodes searched. */
export interface AnalyseProgress extends Progress {
  /** Plies done and to do in this game. */
  done: number;
  total: number;
  /** Nodes searched so far in this game. */
  nodes: number;
}

/** Progress reports and cancellation for `analyseGame`. */
export interface AnalyseHooks {
  /** Called after each analysed ply. */
  onProgress?(p: AnalyseProgress): void;
  /** Aborting it stops the analysis with `AifAnalyseError` `ERR_AIF_ABORTED`. */
  signal?: AbortSignal;
}

/** Thrown when the analysis was aborted or the game cannot be replayed. */
export class AifAnalyseError extends NotationFailure {
  declare readonly code: 'ERR_AIF_ABORTED' | 'ERR_AIF_GAME';
  constructor(code: 'ERR_AIF_ABORTED' | 'ERR_AIF_GAME', message: string) {
    super({ code, message });
    this.name = 'AifAnalyseError';
  }
}

/** `6.Ne5 Be6 7.Bxe6` from UCI moves (stops at the first move that is not legal). */
export function pvText(pos: Position, pv: string[]): string {
  const p = pos.clone();
  const fields = p.fen().split(' ');
  let moveNo = Number(fields[5]);
  const out: string[] = [];
  for (let i = 0; i < pv.length; i++) {
    const m = uciMove(pv[i]!);
    if (!m || !p.isLegal(m)) break;
    const san = makeSan(p, m);
    if (p.turn === 'white') out.push(`${moveNo}.${san}`);
    else {
      out.push(i === 0 ? `${moveNo}...${san}` : san);
      moveNo++;
    }
    p.play(m);
  }
  return out.join(' ');
}

/** The grid of one search: rows ordered by rank at the deepest depth, then moves dropped earlier. */
export function gridOf(pos: Position, result: AnalysisResult): { depths: number[]; rows: AifRow[]; best?: string } {
  const maxDepth = result.depths.length ? result.depths[result.depths.length - 1]!.depth : 0;
  const depths = Array.from({ length: maxDepth }, (_, i) => i + 1);
  const values = new Map<string, Map<number, number>>();
  const lastSeen = new Map<string, { depth: number; rank: number }>();
  for (const { depth, lines } of result.depths)
    for (const line of lines) {
      const uci = line.pv[0];
      if (!uci) continue;
      let row = values.get(uci);
      if (!row) values.set(uci, (row = new Map()));
      if (!row.has(depth)) row.set(depth, scoreCell(line.score.white().toJSON()));
      lastSeen.set(uci, { depth, rank: line.multipv });
    }
  const order = [...lastSeen.entries()]
    .sort((a, b) => b[1].depth - a[1].depth || a[1].rank - b[1].rank)
    .map(([u]) => u);
  const rows: AifRow[] = [];
  for (const uci of order) {
    const m = uciMove(uci);
    if (!m || !pos.isLegal(m)) continue;
    const byDepth = values.get(uci)!;
    const first = Math.min(...byDepth.keys());
    const cells: AifCell[] = depths.map((d) => byDepth.get(d) ?? (d < first ? 'n.a.' : 'NREC'));
    rows.push({ move: makeSan(pos, m), cells });
  }
  return { depths, rows, best: order[0] };
}

/** Analyses the main line of a game into an AIF game. Each call settles. */
export async function analyseGame(
  game: PgnGame,
  engine: UciEngine,
  options: AnalyseGameOptions = {},
  hooks: AnalyseHooks = {},
): Promise<AifGame> {
  const start = startingPosition(game.headers);
  if (!start.ok) throw new AifAnalyseError('ERR_AIF_GAME', `${start.error.code}: ${start.error.message}`);
  const limit = options.nodes !== undefined ? { nodes: options.nodes } : { depth: options.depth ?? 12 };
  const mode = options.mode ?? 'forward';
  const moves: Move[] = [];
  for (const node of game.moves) {
    if (!node.move) break;
    moves.push(node.move);
  }
  const from = Math.max(1, options.from ?? 1);
  const to = Math.min(moves.length, options.to ?? moves.length);
  const gameId = options.gameId ?? gameIdOf(game.headers);
  const gameLike = {
    headers: game.headers,
    moves: game.moves.slice(0, moves.length).map((n) => ({ san: n.san, uci: n.uci, move: n.move })),
  };
  const pos = start.value.clone();
  const seen = new Map<string, number>();
  const fields = pos.fen().split(' ');
  const firstPly = (Number(fields[5]) - 1) * 2 + (pos.turn === 'black' ? 1 : 0);
  const blocks: AifBlock[] = [];
  let nodes = 0;
  let minDepth = Infinity;
  let maxDepth = 0;
  let first = true;
  const total = Math.max(0, to - from + 1);
  for (let i = 0; i < to; i++) {
    const key = pos.fen().split(' ').slice(0, 4).join(' ');
    const rep = seen.get(key) ?? 0;
    seen.set(key, rep + 1);
    if (i + 1 >= from) {
      if (hooks.signal?.aborted) throw new AifAnalyseError('ERR_AIF_ABORTED', 'analysis aborted');
      const legal = pos.legalMoves();
      const multipv = options.multipv === 'all' ? Math.max(1, legal.length) : (options.multipv ?? 1);
      const result = await engine.analyse({ game: gameLike, ply: i }, limit, {
        multipv,
        newGame: first || mode === 'independent',
        signal: hooks.signal,
      });
      if (result.stopped) throw new AifAnalyseError('ERR_AIF_ABORTED', 'analysis aborted');
      first = false;
      const grid = gridOf(pos, result);
      const deepest = grid.depths.length;
      minDepth = Math.min(minDepth, deepest);
      maxDepth = Math.max(maxDepth, deepest);
      nodes += result.nodes ?? 0;
      const bestUci = grid.best ?? result.bestmove ?? undefined;
      const best = bestUci ? uciMove(bestUci) : undefined;
      const engineMove = best && pos.isLegal(best) ? makeSan(pos, best) : '';
      const bestRow = grid.rows.find((r) => r.move === engineMove);
      const evalCell = bestRow?.cells[deepest - 1] ?? 'n.a.';
      const tags: Record<string, string> = {
        GID: gameId,
        EID: engine.name,
        Turn: plyToTurn(firstPly + i),
        MovePlayed: makeSan(pos, moves[i]!),
        EngineMove: engineMove,
        Eval: ' ' + formatCell(evalCell),
        Depth: String(deepest),
        NodeCount: String(result.nodes ?? 0),
        FEN: pos.fen(),
        RepCount: String(rep),
        NumLegalMoves: String(legal.length),
        LegalMoves: legal.map((m) => makeSan(pos, m)).join(','),
      };
      const deepLines = result.depths.length ? result.depths[result.depths.length - 1]!.lines : [];
      const pvs = deepLines.map((l) => ({ depth: l.depth, text: pvText(pos, l.pv) }));
      blocks.push({ tags, grid: { depths: grid.depths, rows: grid.rows }, pvs, comments: [] });
      hooks.onProgress?.({ done: blocks.length, total, unit: 'plies', nodes });
    }
    pos.play(moves[i]!);
  }
  const headers: Record<string, string> = { ...game.headers };
  headers.GameID = gameId;
  headers.EngineID = engine.name;
  headers.Platform = options.platform ?? aifPlatform();
  headers.Threads = String(options.threads ?? 1);
  headers.Hash = String(options.hash ?? 16);
  headers.MultiPV = String(options.multipv ?? 1);
  headers.DepthRange = blocks.length ? `${minDepth}-${maxDepth}` : '0-0';
  headers.EGT = 'none';
  headers.Mode = `${mode};${mode === 'forward' ? 'r' : 'c'};${plyToTurn(firstPly + from - 1)}`;
  return { flavour: 'v0.5', headers, game: { ...game, headers }, blocks, line: game.line };
}
