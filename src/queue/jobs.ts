// The jobs that travel through the queue: one game to analyse, one deal to solve double dummy, one
// chess problem to solve. Each is plain JSON (it is stored in Redis) and its id is a hash of its
// content and settings, so the same work enqueued twice is one job and a result already in Redis
// is reused.
import { createHash } from 'node:crypto';
import type { AnalyseGameOptions } from '../aif/index.js';
import type { DDTable } from '../bridge/index.js';
import { notationError, type NotationError } from '../errors.js';
import { makeMovetext } from '../pgn/writer.js';
import type { PgnGame } from '../pgn/types.js';
import { escapeString } from '../text/lexer.js';
import { tagNameText, tagValueText } from '../text/tag-value.js';
import type { SolvedProblem, SolveInput, SolveOptions } from '../problems/index.js';

/**
 * Bumped when a job's input or result changes meaning: old results in Redis are then not reused.
 * 2: an analysis carries its Platform tag, and every job is validated against a schema.
 */
export const QUEUE_JOB_SCHEMA = 2;

/** The analysis settings a game is analysed with (what `analyse` passes to analyseGame, Platform included). */
export type AnalyseSettings = Pick<
  AnalyseGameOptions,
  'depth' | 'nodes' | 'multipv' | 'from' | 'hash' | 'threads' | 'platform'
>;

/** The problem solver's settings that travel with a problem. */
export type SolveSettings = Omit<SolveOptions, 'signal' | 'onProgress'>;

/** One unit of work. */
export type QueueJobData =
  | { kind: 'analyse'; settings: AnalyseSettings; gameId: string; pgn: string }
  | { kind: 'dd'; deal: string }
  | { kind: 'solve'; settings: SolveSettings; problem: SolveInput };

/** What a finished job returns, by kind. */
export interface QueueJobResults {
  analyse: { aif: string; nodes: number };
  dd: { table: DDTable };
  solve: { solved: SolvedProblem };
}

/** The result of a finished job, whatever its kind. */
export type QueueJobResult = QueueJobResults[keyof QueueJobResults];

/** JSON with object keys sorted, so the same settings always hash alike. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** `analyse-<40 hex>`: the job's kind and the SHA-256 of its schema, settings and input. */
export function jobIdOf(data: QueueJobData): string {
  const hash = createHash('sha256')
    .update(`${QUEUE_JOB_SCHEMA}\n${canonical(data)}`)
    .digest('hex');
  return `${data.kind}-${hash.slice(0, 40)}`;
}

/**
 * A failure as BullMQ stores it (one string): `CODE message`. Workers throw errors carrying a
 * catalogue code; the producer turns the string back into a NotationError.
 */
export function failureText(e: unknown): string {
  const code = (e as { code?: unknown })?.code;
  const message = (e as Error)?.message ?? String(e);
  return typeof code === 'string' && /^(ERR|WARN)_[A-Z0-9_]+$/.test(code) && !message.startsWith(code)
    ? `${code} ${message}`
    : message;
}

/** The NotationError in a failed job's reason (ERR_QUEUE_JOB_FAILED when it names no code). */
export function failureError(reason: string | undefined, attempts: number): NotationError {
  const text = reason ?? 'no reason recorded';
  const m = /^((?:ERR|WARN)_[A-Z0-9_]+) ([\s\S]*)$/.exec(text);
  const where = attempts > 1 ? ` (after ${attempts} attempts)` : '';
  return m ? notationError(m[1]!, `${m[2]}${where}`) : notationError('ERR_QUEUE_JOB_FAILED', `${text}${where}`);
}

/**
 * A game as an analyse job carries it: its tags exactly as read (order kept, none added, so the
 * AIF headers match a local run's) and its movetext (comments and all: the AIF keeps them).
 */
export function gameJobText(game: PgnGame): string {
  let out = '';
  for (const [name, value] of Object.entries(game.headers))
    out += `[${tagNameText(name)} ${escapeString(tagValueText(value))}]\n`;
  return `${out}\n${makeMovetext(game)}`;
}
