// What a worker accepts from the queue: every job is checked against a schema before any of it is
// used. A job is JSON from Redis, written by any program that can reach it, so its shape is not
// trusted: a missing field, a wrong type, a key named `__proto__`, a limit no engine or solver takes,
// or a limit over this worker's caps is refused with ERR_QUEUE_JOB_INPUT, once (no retry).
import { z } from 'zod';
import { err, notationError, ok, type Result } from '../errors.js';
import type { QueueJobData } from './jobs.js';

/** Limits a worker puts on every job it takes (`gamenotation worker --max-depth/--max-nodes`). */
export interface QueueJobCaps {
  /** Deepest search an analysis job may ask for. */
  maxDepth?: number;
  /** Most nodes per search an analysis job may ask for. */
  maxNodes?: number;
}

/** A game's text in a job: at most the reader's default game size (32 MiB). */
const MAX_PGN = 32 << 20;
/** A problem as text (a Popeye input of one problem, a FEN and stipulation). */
const MAX_PROBLEM = 1 << 20;

const controls = /[\x00-\x1f\x7f]/;
/** A tag value written from it: one line (no control character), not empty. */
const oneLine = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((s) => !controls.test(s), 'holds a line end or another control character');
const int = (min: number, max: number) => z.number().int().min(min).max(max);

// The ranges are what the engines and the solver take: UCI depth as the CLI allows it, nodes up to
// what a double holds exactly, Stockfish's Hash range in MiB.
const analyseSettings = z.strictObject({
  depth: int(1, 245).optional(),
  nodes: int(1, Number.MAX_SAFE_INTEGER).optional(),
  multipv: z.union([int(1, 500), z.literal('all')]).optional(),
  from: int(1, 1 << 20).optional(),
  hash: int(1, 33_554_432).optional(),
  threads: int(1, 1024).optional(),
  platform: oneLine(200).optional(),
});

const solveSettings = z.strictObject({
  maxSolutions: int(1, 1_000_000).optional(),
  tries: z.boolean().optional(),
  maxRefutations: int(0, 1000).optional(),
  threats: z.boolean().optional(),
  setPlay: z.boolean().optional(),
  intended: int(1, 1_000_000).optional(),
  variations: z.boolean().optional(),
  tableMiB: int(0, 1024).optional(),
});

const job = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('analyse'),
    settings: analyseSettings,
    gameId: oneLine(4096),
    pgn: z.string().min(1).max(MAX_PGN),
  }),
  z.strictObject({ kind: z.literal('dd'), deal: z.string().min(1).max(256) }),
  z.strictObject({
    kind: z.literal('solve'),
    settings: solveSettings,
    // a problem as text, or as a model (the solver checks its shape: solve() returns a Result)
    problem: z.union([z.string().min(1).max(MAX_PROBLEM), z.record(z.string(), z.unknown())]),
  }),
]);

/** Whether a key named `__proto__` is anywhere in `value` (JSON.parse makes it an own key). */
function protoKey(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => protoKey(v, depth + 1));
  for (const key of Object.keys(value)) {
    if (key === '__proto__') return true;
    if (protoKey((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * A job's data as the worker may use it, or ERR_QUEUE_JOB_INPUT saying what is wrong with it
 * (the first problems the schema found, with their paths), or which cap of the worker it is over.
 */
export function checkJob(data: unknown, caps: QueueJobCaps = {}): Result<QueueJobData> {
  const refuse = (message: string) => err(notationError('ERR_QUEUE_JOB_INPUT', message));
  if (protoKey(data)) return refuse('the job holds a key named __proto__');
  const r = job.safeParse(data);
  if (!r.success) {
    const issues = r.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || 'job'}: ${i.message}`);
    return refuse(`the job is not one this worker reads (${issues.join('; ')})`);
  }
  const value = r.data as QueueJobData;
  if (value.kind === 'analyse') {
    const { depth, nodes } = value.settings;
    if (caps.maxDepth !== undefined && depth !== undefined && depth > caps.maxDepth)
      return refuse(`depth ${depth} is over this worker's --max-depth ${caps.maxDepth}`);
    if (caps.maxNodes !== undefined && nodes !== undefined && nodes > caps.maxNodes)
      return refuse(`nodes ${nodes} is over this worker's --max-nodes ${caps.maxNodes}`);
    // a search limited by neither depth nor nodes is analyseGame's default depth (12)
    if (caps.maxDepth !== undefined && depth === undefined && nodes === undefined && 12 > caps.maxDepth)
      return refuse(`the default depth 12 is over this worker's --max-depth ${caps.maxDepth}`);
  }
  return ok(value);
}
