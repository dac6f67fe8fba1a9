// Where the queue lives (`redis://[user:password@]host[:port][/db][?name=queue]`) and how BullMQ is
// reached. BullMQ and ioredis are optional dependencies: they are imported only when `--queue` is
// used, so the library, the browser bundle and every other verb never load them.
import { notationError, NotationFailure, type Result, ok, err } from '../errors.js';
import { resultBoundary } from '../text/boundary.js';

/** A queue on a Redis server. */
export interface QueueTarget {
  /** The URL as given (the password blanked), for messages. */
  url: string;
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls: boolean;
  /** The BullMQ queue name (`?name=`), `gamenotation` by default. */
  name: string;
}

/** An error of the queue layer, with its catalogue code (`ERR_QUEUE_*`). */
export class QueueError extends NotationFailure {
  constructor(code: string, message: string) {
    super({ code, message });
    this.name = 'QueueError';
  }
}

/** Reads `redis://host:6379/2?name=run1` (`rediss://` for TLS). */
export function parseQueueUrl(text: string): Result<QueueTarget> {
  return resultBoundary('parseQueueUrl', () => parseQueueUrlUnchecked(text));
}

function parseQueueUrlUnchecked(text: string): Result<QueueTarget> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return err(notationError('ERR_QUEUE_URL', `not a URL: '${text}' (redis://host:6379[/db])`));
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    return err(notationError('ERR_QUEUE_URL', `the queue URL must start with redis:// or rediss://, got '${text}'`));
  const path = url.pathname.replace(/^\/+/, '');
  if (path && !/^\d+$/.test(path))
    return err(notationError('ERR_QUEUE_URL', `the path of a queue URL is a database number, got '/${path}'`));
  const port = url.port ? Number(url.port) : 6379;
  const name = url.searchParams.get('name') ?? 'gamenotation';
  if (!/^[A-Za-z0-9_.-]+$/.test(name))
    return err(notationError('ERR_QUEUE_URL', `a queue name is letters, digits, '_', '.' and '-', got '${name}'`));
  const target: QueueTarget = {
    url: url.password ? text.replace(`:${url.password}@`, ':***@') : text,
    host: url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port,
    db: path ? Number(path) : 0,
    tls: url.protocol === 'rediss:',
    name,
  };
  if (url.username) target.username = decodeURIComponent(url.username);
  if (url.password) target.password = decodeURIComponent(url.password);
  return ok(target);
}

/** What BullMQ's classes take as `connection` (ioredis options). */
export function connectionOptions(target: QueueTarget): Record<string, unknown> {
  return {
    host: target.host,
    port: target.port,
    db: target.db,
    ...(target.username ? { username: target.username } : {}),
    ...(target.password ? { password: target.password } : {}),
    ...(target.tls ? { tls: {} } : {}),
    // BullMQ's blocking calls need ioredis to retry forever rather than fail a command after 20
    // tries; a restarted Redis is then picked up again without losing the worker or the producer.
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(200 * times, 2000),
  };
}

type Bullmq = typeof import('bullmq');

/** BullMQ, or ERR_QUEUE_UNAVAILABLE when the optional dependency is not installed. */
export async function loadBullmq(): Promise<Bullmq> {
  try {
    // Both are declared: BullMQ brings its own ioredis, and a missing one is a confusing log flood.
    await import('ioredis');
    return await import('bullmq');
  } catch (e) {
    throw new QueueError(
      'ERR_QUEUE_UNAVAILABLE',
      `--queue needs the optional dependencies bullmq and ioredis (npm install bullmq ioredis): ${(e as Error).message.split('\n')[0]}`,
    );
  }
}

/** Whether an error is Redis being unreachable (worth waiting for) rather than a real failure. */
export function isConnectionError(e: unknown): boolean {
  const text = `${(e as { code?: string })?.code ?? ''} ${(e as Error)?.message ?? ''}`;
  return /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|Connection is closed|Stream isn't writeable|LOADING|MaxRetriesPerRequest/i.test(
    text,
  );
}
