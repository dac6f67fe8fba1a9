/**
 * How far a long job has got: the one progress shape of the library. Every long job reports it, in
 * process and through the worker: perft and problem solving (root moves), double-dummy batches
 * (deals), engine analysis (plies or depth), batch readers (games, matches, bytes).
 *
 * @example
 * onProgress: (p) => console.log(`${p.done}/${p.total ?? '?'} ${p.unit}`)
 */
export interface Progress {
  /** Amount done so far, in `unit`s. */
  done: number;
  /** Amount at completion, when known. */
  total?: number;
  /** What `done` and `total` count: 'root moves', 'deals', 'plies', 'games', 'bytes'… */
  unit: string;
  /** A partial result so far, such as nodes searched or solutions found. */
  value?: number;
}

/** A callback that receives progress reports. */
export type ProgressCallback = (progress: Progress) => void;
