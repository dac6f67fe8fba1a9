// `gamenotation analyse FILE.pgn --out FILE.aif`: the AIF producer. N engines, one game each;
// finished games are appended in input order (so the bytes do not depend on --jobs), and a
// journal (FILE.aif.journal: GameID and file size after each game) makes --resume exact after a
// crash: the output is cut back to the last journalled game and the rest is redone.
import {
  appendFileSync,
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  statSync,
  truncateSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { analyseGame, makeAif, parseAif, type AnalyseGameOptions } from '../../aif/index.js';
import { aifPlatform } from '../../aif/analyse.js';
import { gameIdOf } from '../../aif/model.js';
import { openEngine, type UciEngine } from '../../engine/index.js';
import { readPgn } from '../../pgn/reader.js';
import type { PgnGame } from '../../pgn/types.js';
import { intOption } from '../args.js';
import { EXIT_INPUT, EXIT_OK, UsageError } from '../exit.js';
import { startProgress } from '../progress.js';
import { QUEUE_OPTIONS, queueTarget, runQueued } from '../queued.js';
import type { CommandContext } from '../types.js';
import { engineChoice, engineFailureText, usableLimit } from './engine.js';

/** The options `analyse` takes for whole files (merged into its option spec). */
export const AIF_ANALYSE_OPTIONS = {
  out: { type: 'string' },
  jobs: { type: 'string' },
  resume: { type: 'boolean' },
  from: { type: 'string' },
  'json-progress': { type: 'boolean' },
  platform: { type: 'string' },
  ...QUEUE_OPTIONS,
} as const;

export function isGameFile(text: string): boolean {
  return /\.pgn$/i.test(text);
}

/** GameIDs for a list of games: the spec's mangle, with `#2`, `#3`… for repeated tag sets. */
export class GameIds {
  private readonly seen = new Map<string, number>();
  next(headers: Record<string, string>): string {
    const base = gameIdOf(headers);
    const n = (this.seen.get(base) ?? 0) + 1;
    this.seen.set(base, n);
    return n === 1 ? base : `${base}#${n}`;
  }
}

function journalOf(out: string): string {
  return `${out}.journal`;
}

/** GameIDs already finished in `out`, after cutting it back to the last journalled game. */
function resumeState(out: string): Set<string> {
  const done = new Set<string>();
  if (!existsSync(out)) return done;
  const journal = journalOf(out);
  if (existsSync(journal)) {
    let size = 0;
    for (const line of readFileSync(journal, 'utf8').split('\n')) {
      const m = /^(\d+)\t(.*)$/.exec(line);
      if (!m) continue; // a torn last line: that game is redone
      size = Number(m[1]);
      done.add(m[2]!);
    }
    if (statSync(out).size > size) truncateSync(out, size);
    return done;
  }
  // No journal: the file was finished by an earlier run; every game in it counts.
  for (const { value: g } of parseAif(readFileSync(out, 'utf8'))) if (g.headers.GameID) done.add(g.headers.GameID);
  return done;
}

/** The run's analysis settings, read from the command line (usage errors thrown here, before any work). */
function analyseSettings(ctx: CommandContext): { options: AnalyseGameOptions; jobs: number; from: number } {
  const out = ctx.options.out;
  if (typeof out !== 'string' || !out) throw new UsageError('analyse FILE.pgn needs --out FILE.aif');
  if (/\.gz$/i.test(out)) throw new UsageError('--out: write plain .aif (gzip it afterwards; readers take .aif.gz)');
  const cores = (globalThis as any).navigator?.hardwareConcurrency ?? 1;
  const jobs = intOption(ctx, 'jobs', { min: 1, max: 256 }, cores);
  const from = intOption(ctx, 'from', { min: 1 }, 1);
  const depth = intOption(ctx, 'depth', { min: 1 });
  const nodes = intOption(ctx, 'nodes', { min: 1 });
  usableLimit({ depth, nodes });
  const hash = intOption(ctx, 'hash', { min: 1 }, 16);
  const mpvRaw = ctx.options.multipv;
  let multipv: number | 'all' = 1;
  if (mpvRaw === 'all') multipv = 'all';
  else if (mpvRaw !== undefined) multipv = intOption(ctx, 'multipv', { min: 1, max: 500 }, 1);
  // One Platform value for the whole run, set here: every game's header says the same whatever
  // --jobs, and queued games carry it to the workers (the output does not depend on who ran it).
  const platform = ctx.options.platform ?? aifPlatform();
  if (typeof platform !== 'string' || !platform.trim() || /[\x00-\x1f\x7f]/.test(platform))
    throw new UsageError('--platform needs a one-line text (e.g. "Linux x64")');
  const options: AnalyseGameOptions = { multipv, from, hash, threads: 1, platform: platform.trim() };
  if (nodes !== undefined) options.nodes = nodes;
  else options.depth = depth ?? 12;
  return { options, jobs, from };
}

/** A game of the input, with its GameID and its index. */
interface GameItem {
  game: PgnGame;
  id: string;
  index: number;
}

/**
 * The output file in input order: a finished game waits until every game before it is written
 * ('' for a game skipped by --resume or failed), and each written game is journalled with the file
 * size after it, both synced, so --resume can cut back to the last whole game.
 */
class OrderedOutput {
  private readonly finished = new Map<number, { text: string; id: string }>();
  private nextToWrite = 0;
  private readonly journal: number;

  constructor(private readonly out: string) {
    this.journal = openSync(journalOf(out), 'a');
  }

  /** Game `index` is done; writes what is now next in order. */
  done(index: number, id: string, text: string): void {
    this.finished.set(index, { text, id });
    for (let item = this.finished.get(this.nextToWrite); item; item = this.finished.get(this.nextToWrite)) {
      this.finished.delete(this.nextToWrite);
      this.nextToWrite++;
      if (!item.text) continue;
      appendFileSync(this.out, item.text);
      const fd = openSync(this.out, 'r+');
      fsyncSync(fd);
      closeSync(fd);
      writeSync(this.journal, `${statSync(this.out).size}\t${item.id}\n`);
      fsyncSync(this.journal);
    }
  }

  close(): void {
    closeSync(this.journal);
  }
}

/** What the run does and has done, shared by the local and the queued paths. */
interface Run {
  ctx: CommandContext;
  file: string;
  options: AnalyseGameOptions;
  /** GameIDs already in the output (--resume). */
  already: Set<string>;
  output: OrderedOutput;
  pliesOf(game: PgnGame): number;
  gameCount: number;
  totalPlies: number;
  started: number;
  jsonProgress: boolean;
  pliesDone: number;
  nodesDone: number;
  gamesDone: number;
  failedGames: number;
  failed: unknown;
}

/** Games of the input in order, streamed (bounded memory: games are never all held). */
async function* gamesInOrder(ctx: CommandContext, file: string): AsyncGenerator<GameItem> {
  const ids = new GameIds();
  const input = await ctx.io.openInput(file);
  let index = 0;
  for await (const { value: game } of readPgn(input.chunks as AsyncIterable<Uint8Array>))
    yield { game, id: ids.next(game.headers), index: index++ };
}

/** The first pass: games, plies to do (for progress and --resume) and the input's reading errors, reported. */
async function countWork(
  ctx: CommandContext,
  file: string,
  already: Set<string>,
  pliesOf: (g: PgnGame) => number,
): Promise<{ gameCount: number; totalPlies: number; inputErrors: number }> {
  let gameCount = 0,
    totalPlies = 0,
    inputErrors = 0;
  const ids = new GameIds();
  const input = await ctx.io.openInput(file);
  for await (const { value: game, errors } of readPgn(input.chunks as AsyncIterable<Uint8Array>)) {
    gameCount++;
    for (const e of errors) {
      inputErrors++;
      ctx.io.warn(`${file}:${e.line ?? game.line}:${e.column ?? 1} ${e.code} ${e.message}\n`);
    }
    if (!already.has(ids.next(game.headers))) totalPlies += pliesOf(game);
  }
  return { gameCount, totalPlies, inputErrors };
}

/** Many machines: one job per game through Redis; results come back in input order. */
async function analyseOnQueue(run: Run, source: AsyncGenerator<GameItem>): Promise<void> {
  const { ctx, file, already, output } = run;
  if (ctx.options.engine !== undefined)
    throw new UsageError('with --queue each worker chooses the engine (gamenotation worker --engine …)');
  const { gameJobText } = await import('../../queue/jobs.js');
  const settings = { ...run.options };
  const items = (async function* () {
    for await (const item of source) {
      if (already.has(item.id)) {
        output.done(item.index, item.id, '');
        continue;
      }
      yield {
        ...item,
        label: `${file} game ${item.index + 1} (${item.id})`,
        data: { kind: 'analyse' as const, settings, gameId: item.id, pgn: gameJobText(item.game) },
      };
    }
  })();
  const toDo = run.gameCount - already.size;
  try {
    await runQueued(
      ctx,
      items,
      toDo,
      { label: `analyse ${file}`, unit: 'games' },
      (item, outcome) => {
        if (outcome.ok) {
          const value = outcome.value as { aif: string; nodes: number };
          run.nodesDone += value.nodes;
          run.pliesDone += run.pliesOf(item.game);
          run.gamesDone++;
          output.done(item.index, item.id, value.aif);
        } else {
          // Reported in place; not journalled, so --resume tries it again.
          run.failedGames++;
          ctx.io.err(`${item.label}: ${outcome.error.code} ${outcome.error.message}\n`);
          output.done(item.index, item.id, '');
        }
      },
      {
        // A game's job leaves Redis once the game is in the output file and the journal.
        removeWhenDone: true,
        onStats: (q) => {
          if (!run.jsonProgress) return;
          const rate = q.elapsedMs > 0 ? (q.done * 1000) / q.elapsedMs : 0;
          ctx.io.err(
            `${JSON.stringify({ games: toDo, done: q.done, failed: q.failed, reused: q.reused, active: q.active, waiting: q.waiting, pliesDone: run.pliesDone, totalPlies: run.totalPlies, rate, eta: rate > 0 ? Math.round((toDo - q.done) / rate) : null })}\n`,
          );
        },
      },
    );
  } catch (e) {
    if (e instanceof UsageError) throw e;
    run.failed = e;
  }
}

/** One machine: `jobs` engines, each taking the next game of the input. */
async function analyseLocally(run: Run, source: AsyncGenerator<GameItem>, jobs: number): Promise<void> {
  const { ctx, file, already, output } = run;
  const bar = startProgress(ctx.io, { label: `analyse ${file}`, total: run.totalPlies, unit: 'plies' });
  const choice = engineChoice(ctx.options.engine as string | undefined, false);
  const engines: UciEngine[] = [];
  const progressLine = (item: GameItem, p: { done: number; total?: number; nodes: number }): void => {
    const seconds = (Date.now() - run.started) / 1000;
    const nps = seconds > 0 ? Math.round((run.nodesDone + p.nodes) / seconds) : null;
    bar.update(
      run.pliesDone,
      `game ${run.gamesDone + 1}/${run.gameCount} | ${nps === null ? '-' : (nps / 1000).toFixed(0)} knodes/s`,
    );
    if (run.jsonProgress) {
      ctx.io.err(
        `${JSON.stringify({ game: item.index + 1, games: run.gameCount, ply: p.done, plies: p.total, pliesDone: run.pliesDone, totalPlies: run.totalPlies, nodes: p.nodes, nps, eta: run.pliesDone ? Math.round((seconds / run.pliesDone) * (run.totalPlies - run.pliesDone)) : null })}\n`,
      );
    }
  };
  const worker = async (): Promise<void> => {
    try {
      const engine = await openEngine({ ...choice, options: { Threads: 1, Hash: run.options.hash ?? 16 } });
      engines.push(engine);
      for (;;) {
        if (run.failed !== undefined) break;
        const next = await source.next();
        if (next.done) break;
        const item = next.value;
        if (already.has(item.id)) {
          output.done(item.index, item.id, '');
          continue;
        }
        let before = 0;
        const aif = await analyseGame(
          item.game,
          engine,
          { ...run.options, gameId: item.id },
          {
            onProgress: (p) => {
              run.pliesDone += p.done - before;
              before = p.done;
              progressLine(item, p);
            },
          },
        );
        for (const b of aif.blocks) run.nodesDone += Number(b.tags.NodeCount) || 0;
        run.gamesDone++;
        output.done(item.index, item.id, makeAif(aif));
      }
    } catch (e) {
      run.failed ??= e;
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, Math.max(1, run.gameCount - already.size)) }, worker));
  await Promise.all(engines.map((e) => e.close()));
  bar.stop();
}

export async function analyseFile(ctx: CommandContext, file: string): Promise<number> {
  const { options, jobs, from } = analyseSettings(ctx);
  const out = ctx.options.out as string;
  if (typeof ctx.options.queue === 'string') await queueTarget(ctx);

  // Two streamed passes over the input: the first finds the GameIDs and plies to do (for the
  // progress bar and --resume); the second is the work.
  const already = ctx.options.resume ? resumeState(out) : new Set<string>();
  if (!ctx.options.resume) {
    closeSync(openSync(out, 'w'));
    if (existsSync(journalOf(out))) unlinkSync(journalOf(out));
  }
  const pliesOf = (g: PgnGame): number => Math.max(0, g.moves.filter((m) => m.move).length - from + 1);
  const { gameCount, totalPlies, inputErrors } = await countWork(ctx, file, already, pliesOf);
  const output = new OrderedOutput(out);
  const run: Run = {
    ctx,
    file,
    options,
    already,
    output,
    pliesOf,
    gameCount,
    totalPlies,
    started: Date.now(),
    jsonProgress: ctx.options['json-progress'] === true,
    pliesDone: 0,
    nodesDone: 0,
    gamesDone: 0,
    failedGames: 0,
    failed: undefined,
  };
  const source = gamesInOrder(ctx, file);
  if (typeof ctx.options.queue === 'string') await analyseOnQueue(run, source);
  else await analyseLocally(run, source, jobs);
  output.close();

  if (run.failed !== undefined || run.failedGames) {
    const e = run.failed ?? { code: 'ERR_QUEUE_JOB_FAILED', message: `${run.failedGames} game(s) failed` };
    ctx.io.err(`error: ${engineFailureText(e)}\n`);
    ctx.io.err(`${run.gamesDone} game(s) written to ${out}; run again with --resume to finish\n`);
    return EXIT_INPUT;
  }
  unlinkSync(journalOf(out));
  const seconds = (Date.now() - run.started) / 1000;
  if (!ctx.io.quiet)
    ctx.io.warn(
      `${run.gamesDone} game(s) analysed (${already.size} already done), ${run.pliesDone} plies, ${run.nodesDone} nodes, ${seconds.toFixed(1)} s${seconds > 0 ? `, ${Math.round(run.nodesDone / seconds)} nodes/s` : ''} → ${out}\n`,
    );
  return inputErrors ? EXIT_INPUT : EXIT_OK;
}
