export function findRedisServer(): string | null;
export function freePort(): Promise<number>;
export function redisCommand(port: number, command: string): Promise<string>;
export class RedisServer {
  constructor(port: number, dir: string, persist: boolean);
  readonly port: number;
  readonly dir: string;
  readonly persist: boolean;
  readonly url: string;
  /** The server process while it runs. */
  readonly child: import('node:child_process').ChildProcess | undefined;
  start(): Promise<void>;
  stop(): Promise<void>;
}
export function startRedis(dir: string, persist?: boolean): Promise<RedisServer>;
