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

export async function analyseFile(ctx: CommandContext, file: string): Promise<number> {
  const out = ctx.options.out;
  if (typeof out !== 'string' || !out) throw new UsageError('analyse FILE.pgn needs --out FILE.aif');
  if (/\.gz$/i.test(out)) throw new UsageError('--out: write plain .aif (gzip it afterwards; readers take .aif.gz)');
  if (typeof ctx.options.queue === 'string') await queueTarget(ctx);
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
  const jsonProgress = ctx.options['json-progress'] === true;

  // Two streamed passes over the input (bounded memory: games are never all held). The first
  // finds the GameIDs and plies to do (for the progress bar and --resume); the second is the work.
  const done = ctx.options.resume ? resumeState(out) : new Set<string>();
  if (!ctx.options.resume) {
    closeSync(openSync(out, 'w'));
    if (existsSync(journalOf(out))) unlinkSync(journalOf(out));
  }
  const pliesOf = (g: PgnGame): number => Math.max(0, g.moves.filter((m) => m.move).length - from + 1);
  let gameCount = 0,
    totalPlies = 0,
    inputErrors = 0;
  {
    const ids = new GameIds();
    const input = await ctx.io.openInput(file);
    for await (const { value: game, errors } of readPgn(input.chunks as AsyncIterable<Uint8Array>)) {
      gameCount++;
      for (const e of errors) {
        inputErrors++;
        ctx.io.warn(`${file}:${e.line ?? game.line}:${e.column ?? 1} ${e.code} ${e.message}\n`);
      }
      if (!done.has(ids.next(game.headers))) totalPlies += pliesOf(game);
    }
  }
  async function* gamesInOrder(): AsyncGenerator<{ game: PgnGame; id: string; index: number }> {
    const ids = new GameIds();
    const input = await ctx.io.openInput(file);
    let index = 0;
    for await (const { value: game } of readPgn(input.chunks as AsyncIterable<Uint8Array>))
      yield { game, id: ids.next(game.headers), index: index++ };
  }
  const source = gamesInOrder();
  const started = Date.now();
  let pliesDone = 0;
  let nodesDone = 0;
  let gamesDone = 0;

  // In input order: a finished game waits until every game before it is written ('' for a game
  // skipped by --resume).
  const finished = new Map<number, { text: string; id: string }>();
  let nextToWrite = 0;
  const journal = openSync(journalOf(out), 'a');
  const flush = (): void => {
    for (let item = finished.get(nextToWrite); item; item = finished.get(nextToWrite)) {
      finished.delete(nextToWrite);
      nextToWrite++;
      if (!item.text) continue;
      appendFileSync(out, item.text);
      const fd = openSync(out, 'r+');
      fsyncSync(fd);
      closeSync(fd);
      writeSync(journal, `${statSync(out).size}\t${item.id}\n`);
      fsyncSync(journal);
    }
  };

  const queueUrl = ctx.options.queue;
  let failed: unknown;
  let failedGames = 0;
  if (typeof queueUrl === 'string') {
    // Many machines: one job per game through Redis; results come back in input order.
    if (ctx.options.engine !== undefined)
      throw new UsageError('with --queue each worker chooses the engine (gamenotation worker --engine …)');
    const { gameJobText } = await import('../../queue/jobs.js');
    const settings = { ...options };
    const items = (async function* () {
      for await (const item of source) {
        if (done.has(item.id)) {
          finished.set(item.index, { text: '', id: item.id });
          flush();
          continue;
        }
        yield {
          ...item,
          label: `${file} game ${item.index + 1} (${item.id})`,
          data: { kind: 'analyse' as const, settings, gameId: item.id, pgn: gameJobText(item.game) },
        };
      }
    })();
    const toDo = gameCount - done.size;
    try {
      await runQueued(
        ctx,
        items,
        toDo,
        { label: `analyse ${file}`, unit: 'games' },
        (item, outcome) => {
          if (outcome.ok) {
            const value = outcome.value as { aif: string; nodes: number };
            nodesDone += value.nodes;
            pliesDone += pliesOf(item.game);
            gamesDone++;
            finished.set(item.index, { text: value.aif, id: item.id });
          } else {
            // Reported in place; not journalled, so --resume tries it again.
            failedGames++;
            ctx.io.err(`${item.label}: ${outcome.error.code} ${outcome.error.message}\n`);
            finished.set(item.index, { text: '', id: item.id });
          }
          flush();
        },
        {
          // A game's job leaves Redis once the game is in the output file and the journal.
          removeWhenDone: true,
          onStats: (q) => {
            if (!jsonProgress) return;
            const rate = q.elapsedMs > 0 ? (q.done * 1000) / q.elapsedMs : 0;
            ctx.io.err(
              `${JSON.stringify({ games: toDo, done: q.done, failed: q.failed, reused: q.reused, active: q.active, waiting: q.waiting, pliesDone, totalPlies, rate, eta: rate > 0 ? Math.round((toDo - q.done) / rate) : null })}\n`,
            );
          },
        },
      );
    } catch (e) {
      if (e instanceof UsageError) throw e;
      failed = e;
    }
  } else {
    const bar = startProgress(ctx.io, { label: `analyse ${file}`, total: totalPlies, unit: 'plies' });
    const choice = engineChoice(ctx.options.engine as string | undefined, false);
    const engines: UciEngine[] = [];
    const worker = async (): Promise<void> => {
      let engine: UciEngine | undefined;
      try {
        engine = await openEngine({ ...choice, options: { Threads: 1, Hash: hash } });
        engines.push(engine);
        for (;;) {
          if (failed !== undefined) break;
          const next = await source.next();
          if (next.done) break;
          const item = next.value;
          if (done.has(item.id)) {
            finished.set(item.index, { text: '', id: item.id });
            flush();
            continue;
          }
          let before = 0;
          const aif = await analyseGame(
            item.game,
            engine,
            { ...options, gameId: item.id },
            {
              onProgress: (p) => {
                pliesDone += p.done - before;
                before = p.done;
                const seconds = (Date.now() - started) / 1000;
                const nps = seconds > 0 ? Math.round((nodesDone + p.nodes) / seconds) : null;
                bar.update(
                  pliesDone,
                  `game ${gamesDone + 1}/${gameCount} | ${nps === null ? '-' : (nps / 1000).toFixed(0)} knodes/s`,
                );
                if (jsonProgress) {
                  ctx.io.err(
                    `${JSON.stringify({ game: item.index + 1, games: gameCount, ply: p.done, plies: p.total, pliesDone, totalPlies, nodes: p.nodes, nps, eta: pliesDone ? Math.round((seconds / pliesDone) * (totalPlies - pliesDone)) : null })}\n`,
                  );
                }
              },
            },
          );
          for (const b of aif.blocks) nodesDone += Number(b.tags.NodeCount) || 0;
          finished.set(item.index, { text: makeAif(aif), id: item.id });
          gamesDone++;
          flush();
        }
      } catch (e) {
        failed ??= e;
      }
    };
    await Promise.all(Array.from({ length: Math.min(jobs, Math.max(1, gameCount - done.size)) }, worker));
    await Promise.all(engines.map((e) => e.close()));
    bar.stop();
  }
  closeSync(journal);
  if (failed !== undefined || failedGames) {
    const e = failed ?? { code: 'ERR_QUEUE_JOB_FAILED', message: `${failedGames} game(s) failed` };
    ctx.io.err(`error: ${engineFailureText(e)}\n`);
    ctx.io.err(`${gamesDone} game(s) written to ${out}; run again with --resume to finish\n`);
    return EXIT_INPUT;
  }
  unlinkSync(journalOf(out));
  const seconds = (Date.now() - started) / 1000;
  if (!ctx.io.quiet)
    ctx.io.warn(
      `${gamesDone} game(s) analysed (${done.size} already done), ${pliesDone} plies, ${nodesDone} nodes, ${seconds.toFixed(1)} s${seconds > 0 ? `, ${Math.round(nodesDone / seconds)} nodes/s` : ''} → ${out}\n`,
    );
  return inputErrors ? EXIT_INPUT : EXIT_OK;
}
