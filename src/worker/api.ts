import { wrap } from 'comlink/dist/esm/comlink.mjs';
import { NotationFailure } from '../errors.js';
import { jobs, type JobKind, type JobProgress } from './jobs.js';

export type {
  ChildPosition,
  JobContext,
  JobInput,
  JobKind,
  JobOutput,
  Jobs,
  ListedMove,
  PerftResult,
  JobProgress,
} from './jobs.js';

export type ProgressCallback = (progress: JobProgress) => void | Promise<void>;

/**
 * What a worker exposes over Comlink: one entry point that runs a job kind of the registry
 * (jobs.ts). Cancellation is not cooperative: the client terminates the worker on abort, which
 * stops any job at once, wasm loops included.
 */
export class WorkerApi {
  /** The job kinds this worker knows. */
  kinds(): string[] {
    return Object.keys(jobs);
  }

  /** `progressPort`: a port whose other end is a Comlink-exposed progress callback (the client owns and closes it). */
  async run(kind: string, input: unknown, progressPort?: MessagePort): Promise<unknown> {
    try {
      const job = Object.prototype.hasOwnProperty.call(jobs, kind) ? jobs[kind as JobKind] : undefined;
      if (!job) throw new NotationFailure({ code: 'ERR_WORKER_JOB', message: `unknown job kind "${kind}"` });
      const report = progressPort ? wrap<ProgressCallback>(progressPort) : undefined;
      const progress = report ? async (p: JobProgress) => void (await report(p)) : async () => {};
      return await (job as (input: unknown, ctx: { progress: typeof progress }) => Promise<unknown>)(input, {
        progress,
      });
    } finally {
      progressPort?.close();
    }
  }
}
