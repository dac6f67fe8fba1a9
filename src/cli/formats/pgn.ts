import { Buffer, isAscii } from 'node:buffer';
import { availableParallelism, loadavg } from 'node:os';
import { decodeBatch, PgnBatchChecker, type BatchResult } from './pgn-batch.js';
import { notationError } from '../../errors.js';
import { StreamDecoder, type TextEncodingName } from '../../text/decode.js';
import type { FormatHandler, InputStream, StreamSink } from '../types.js';
import type { Worker as WorkerThread } from 'node:worker_threads';

const MAX_GAME_BYTES = 32 << 20;
// A game usually starts at a `[` after a blank line; tags of one game are on lines of their own.
const GAME_START = Buffer.from('\n\n[');
const GAME_START_CRLF = Buffer.from('\n\r\n[');
const TAG_LINE = Buffer.from('\n[');
const NO_BYTES = Buffer.alloc(0);

/**
 * The last offset of `pattern` in the held bytes followed by `bytes`, counted from the start of the
 * held bytes, or -1; only at `from` or after. `seam` is the last three held bytes and the first three
 * new ones: a pattern (at most four bytes) that began in the held bytes must end in it, so neither
 * the held bytes nor the new chunk are copied to search them.
 */
function lastOf(bytes: Buffer, seam: Buffer, held: number, pattern: Buffer, from: number): number {
  const start = Math.max(0, from - held);
  const inBytes = start ? bytes.subarray(start).lastIndexOf(pattern) : bytes.lastIndexOf(pattern);
  if (inBytes >= 0) return held + start + inBytes;
  const seamBase = held - Math.min(3, held);
  const inSeam = seam.lastIndexOf(pattern);
  return inSeam >= 0 && seamBase + inSeam >= from ? seamBase + inSeam : -1;
}

/** Where to cut a batch (an offset from the start of the held bytes): after the line end before the last likely game start, or -1. */
function cutPoint(bytes: Buffer, seam: Buffer, held: number): number {
  const lf = lastOf(bytes, seam, held, GAME_START, 0);
  // Only a CRLF game start after the LF one matters: search that stretch only (a file with LF line
  // ends has none, and a search of the whole chunk for it cost more than the rest of the cutting).
  const crlf = lastOf(bytes, seam, held, GAME_START_CRLF, Math.max(0, lf));
  if (lf >= 0 || crlf >= 0) return lf > crlf ? lf + 1 : crlf + 2;
  return lastOf(bytes, seam, held, TAG_LINE, 0);
}
/**
 * Inputs smaller than this are checked in this thread; GN_CHECK_PARALLEL_MIN_BYTES (tests only)
 * lowers it. A worker's start (modules, wasm, a second JIT warm-up) costs about 0.15 s of CPU time:
 * measured on the 2-core machine, a second reader made a 20 MB lichess-style file slower (0.37 s
 * wall, 0.53 s CPU against 0.34 s and 0.37 s with one) and a 100 MB one 14% faster at 22% more CPU.
 */
const PARALLEL_MIN_BYTES =
  Number(process.env.GN_CHECK_PARALLEL_MIN_BYTES) >= 0 && process.env.GN_CHECK_PARALLEL_MIN_BYTES
    ? Number(process.env.GN_CHECK_PARALLEL_MIN_BYTES)
    : 64 << 20;

/**
 * Cores not already busy (as `make -l` judges it, by the 1-minute load average), at least one:
 * extra readers only help when there are cores to run them, and on a loaded machine they cost
 * (measured: 0.67x instead of 0.88x of pgn-extract on a 2-core machine with load 12).
 */
function idleCores(): number {
  return Math.max(1, Math.min(availableParallelism(), Math.round(availableParallelism() - loadavg()[0]!)));
}

/** Offset of the last line end in `b` (-1: none); a CR at the very end may be half a CRLF, so it does not count. */
function lastLineEnd(b: Buffer): number {
  let cr = b.lastIndexOf(13);
  if (cr === b.length - 1) cr = cr > 0 ? b.lastIndexOf(13, cr - 1) : -1;
  return Math.max(b.lastIndexOf(10), cr);
}

/** The last `n` bytes of a list of chunks. */
function lastBytes(chunks: Buffer[], n: number): Buffer {
  const out = Buffer.alloc(n);
  let at = n;
  for (let i = chunks.length - 1; i >= 0 && at > 0; i--) {
    const c = chunks[i]!;
    const take = Math.min(at, c.length);
    c.copy(out, at - take, c.length - take);
    at -= take;
  }
  return out;
}

/** Lines in `bytes` as the lexer counts them: LF, CRLF and a lone CR each end one. */
function countLines(bytes: Uint8Array): number {
  let n = 0;
  for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) n++;
  if (bytes.includes(13))
    for (let i = bytes.indexOf(13); i >= 0; i = bytes.indexOf(13, i + 1)) if (bytes[i + 1] !== 10) n++;
  return n;
}

/**
 * `size` checkers of batches: this thread and `size - 1` worker threads, taking batches in turn.
 * A worker answers its batches in the order they were sent.
 */
class Checkers {
  private readonly workers: { worker: WorkerThread; waiting: ((r: BatchResult) => void)[] }[] = [];
  private next = 0;

  constructor(
    size: number,
    private readonly local: PgnBatchChecker,
    fail: (e: Error) => void,
    Worker: typeof WorkerThread,
  ) {
    for (let i = 1; i < size; i++) {
      // This handler is loaded on demand, so it is bundled into dist/chunks/ (rollup.config.mjs
      // chunkFileNames); the worker's entry sits one level up, beside cli.js.
      const worker = new Worker(new URL('../cli-pgn-worker.js', import.meta.url));
      const entry = { worker, waiting: [] as ((r: BatchResult) => void)[] };
      worker.on('message', (r: BatchResult) => entry.waiting.shift()?.(r));
      worker.on('error', fail);
      this.workers.push(entry);
    }
  }

  check(bytes: Uint8Array, line: number, encoding: TextEncodingName): Promise<BatchResult> {
    const slot = this.next++ % (this.workers.length + 1);
    if (slot === 0) return Promise.resolve(this.local.checkBytes(bytes, encoding, line));
    const entry = this.workers[slot - 1]!;
    return new Promise((resolve) => {
      entry.waiting.push(resolve);
      entry.worker.postMessage({ bytes, line, encoding });
    });
  }

  close(): void {
    for (const { worker } of this.workers) void worker.terminate();
  }
}

/** Held bytes and a new chunk put together in one buffer that is reused from batch to batch. */
class Joiner {
  private buffer = Buffer.alloc(0);

  /**
   * `held` (`heldBytes` in all; the first may lie in this buffer, as the rest of the last batch)
   * then `bytes`, at the start of the buffer. What it returns is valid until the next call.
   */
  join(held: Buffer[], heldBytes: number, bytes: Buffer): Buffer {
    const total = heldBytes + bytes.length;
    let target = this.buffer;
    if (target.length < total) target = Buffer.allocUnsafeSlow(Math.max(total, 2 * target.length, 1 << 17));
    let at = 0;
    // Buffer#copy moves overlapping bytes correctly (a rest of this buffer to its start).
    for (const h of held) at += h.copy(target, at);
    bytes.copy(target, at);
    this.buffer = target;
    return target.subarray(0, total);
  }
}

/**
 * `check` on a PGN stream through the reader's fast path: the visitor API (no game trees), every
 * move resolved and counted, memory bounded by a few chunks plus one game whatever the input size.
 *
 * Batches are cut after the last blank line before a `[` of each chunk (a native search, no
 * byte-by-byte scan). A cut may still fall where the reader would not end a game (a `[` line inside
 * a comment, tags after movetext): such a game runs into the end of its batch, so it is left out
 * and read again with the next batch, and the result is the same as reading the file as one
 * string. Large files are checked by `threads` readers (this thread and worker threads), batch by
 * batch, and the results merged in file order; a batch that follows a cut-off game is read again here with that game.
 */
async function checkPgnStream(input: InputStream, sink: StreamSink, threads: number): Promise<Record<string, number>> {
  let games = 0;
  let moves = 0;
  let withErrors = 0;
  let carry: BatchResult['tail'];
  const local = new PgnBatchChecker();
  // The text layer's one decoding rule: one choice for the file, made here in file order; worker
  // threads decode their batches with it and count bad bytes for the file's one warning.
  const decoder = new StreamDecoder();
  // The choice for a batch, made in file order before it leaves (an ASCII batch, read alike either
  // way, decides nothing; Node's native check spares a scan of it).
  const encodingOf = (bytes: Uint8Array): TextEncodingName =>
    decoder.encoding ?? (isAscii(bytes) ? 'utf-8' : (decoder.detect(bytes) ?? 'utf-8'));
  const apply = (r: BatchResult) => {
    decoder.addInvalid(r.invalid ?? 0, r.invalidLine ?? 0);
    games += r.games;
    moves += r.moves;
    withErrors += r.withErrors;
    for (const e of r.errors) sink.error(e);
    for (const w of r.warnings) sink.warning(w);
    carry = r.tail;
    if (carry && carry.text.length > MAX_GAME_BYTES) {
      oversize(carry.line, carry.text.length);
      carry = undefined;
    }
  };
  const oversize = (line: number, bytes: number) => {
    games++;
    withErrors++;
    sink.error(
      notationError('ERR_PGN_GAME_TOO_LARGE', `game of more than ${bytes} bytes (maxGameBytes); skipped`, line, 1),
    );
  };
  /** The line after the batch read here last (the reader counts lines; workers' batches are counted apart). */
  let lineAfter = 1;
  /** Length of the carried game's text when it was last read (it ran into the end of that batch). */
  let carryRead = 0;
  const carriedLength = () => (carry ? carry.text.length : 0);
  /** Reads a batch here, after the game carried over from the previous one. */
  const readHere = (bytes: Uint8Array, line: number, last: boolean) => {
    if (!carry) {
      // Read from the bytes: only what the wasm reader leaves is decoded.
      const r = local.checkBytes(bytes, encodingOf(bytes), line, last);
      lineAfter = r.endLine;
      apply(r);
      carryRead = carriedLength();
      return;
    }
    const { text, invalid, invalidLine } = decodeBatch(bytes, encodingOf(bytes), line);
    // A game that spans many batches (600,000 tag lines, a huge movetext) is read again only once
    // its text has grown four times, not with every batch: reading it once per batch was quadratic
    // (growing four times, the game is read about 1.3 times in all).
    const held = carry ? carry.text.length + text.length : 0;
    if (carry && !last && held < 4 * carryRead && held <= MAX_GAME_BYTES) {
      carry.text += text;
      decoder.addInvalid(invalid, invalidLine);
      lineAfter = line + countLines(bytes);
      return;
    }
    const r = local.check(carry.text + text, carry.line, carry.column, last);
    lineAfter = r.endLine;
    apply({ ...r, invalid, invalidLine });
    carryRead = carriedLength();
  };

  const joined = new Joiner();
  let failure: Error | undefined;
  // node:worker_threads is loaded only when there are workers to start.
  const workers =
    threads > 1 && (input.size ?? 0) >= PARALLEL_MIN_BYTES
      ? new Checkers(threads, local, (e) => (failure ??= e), (await import('node:worker_threads')).Worker)
      : undefined;
  // Read here, each chunk is done with (or what is kept of it copied) before the one after the
  // next: the reader may reuse its buffers. Worker threads' batches are kept until they are back.
  const reusing = !workers && input.reuseChunks !== undefined;
  if (reusing) input.reuseChunks!();
  const inFlight: { bytes: Uint8Array; line: number; result: Promise<BatchResult> }[] = [];
  const settleOne = async () => {
    const batch = inFlight.shift()!;
    const result = await batch.result;
    // The worker read the batch as if it began with a game; after a cut-off game it did not.
    if (carry) readHere(batch.bytes, batch.line, false);
    else apply(result);
  };
  const batch = async (bytes: Uint8Array, line: number) => {
    if (!workers) return readHere(bytes, line, false);
    inFlight.push({ bytes, line, result: workers.check(bytes, line, encodingOf(bytes)) });
    // Two batches queued per worker keep them busy; more would only hold memory.
    while (inFlight.length > 2 * threads) await settleOne();
    if (failure) throw failure;
  };

  try {
    // Bytes after the last cut in which no cut point was found: kept as chunks and searched once
    // each (one long line or game start-free stretch is not copied and searched again per chunk).
    let held: Buffer[] = [];
    let heldBytes = 0;
    /** Offset of the last line end in the held bytes (-1: none). */
    let heldLineEnd = -1;
    let line = 1;
    let bytesRead = 0;
    let first = true;
    for await (const chunk of input.chunks) {
      bytesRead += chunk.length;
      let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
      if (first) {
        first = false;
        if (decoder.skipBom(bytes)) bytes = bytes.subarray(3);
      }
      // A game start may begin in the last 3 held bytes; before them there is none.
      const seam = heldBytes
        ? Buffer.concat([lastBytes(held, Math.min(3, heldBytes)), bytes.subarray(0, 3)])
        : NO_BYTES;
      let cut = cutPoint(bytes, seam, heldBytes);
      if (cut < 0) {
        // The last line end: in the new bytes, or a CR that ended the held bytes (it was half of a
        // CRLF until a byte other than LF came), or the one found in the held bytes before.
        const end = lastLineEnd(bytes);
        const heldCr = heldBytes > 0 && bytes.length > 0 && lastBytes(held, 1)[0] === 13 && bytes[0] !== 10;
        const lastEnd = end >= 0 ? heldBytes + end : heldCr ? heldBytes - 1 : heldLineEnd;
        // No game start in a long stretch (CR-only line ends, one huge game): cut at any line end;
        // the carry-over keeps the result right.
        if (heldBytes + bytes.length > 4 * chunk.length) cut = lastEnd;
        if (cut < 0) {
          held.push(reusing ? Buffer.from(bytes) : bytes);
          heldBytes += bytes.length;
          heldLineEnd = lastEnd;
          if (heldBytes > MAX_GAME_BYTES) {
            oversize(line, heldBytes);
            held = [];
            heldBytes = 0;
            heldLineEnd = -1;
          }
          continue;
        }
      }
      // Read here, a batch is done with before the next chunk comes: it is put together in one
      // reused buffer (fresh memory per chunk cost page faults and copies the size of the file).
      const buf = !held.length
        ? bytes
        : workers
          ? Buffer.concat([...held, bytes])
          : joined.join(held, heldBytes, bytes);
      const piece = buf.subarray(0, cut + 1);
      const rest = buf.subarray(cut + 1);
      held = rest.length ? [reusing && buf === bytes ? Buffer.from(rest) : rest] : [];
      heldBytes = rest.length;
      heldLineEnd = lastLineEnd(rest);
      await batch(piece, line);
      line = workers ? line + countLines(piece) : lineAfter;
      sink.progress(bytesRead);
      // Errors go out as they are found: wait for a slow reader of stdout (bounded memory).
      await sink.drain();
    }
    while (inFlight.length) await settleOne();
    if (failure) throw failure;
    readHere(Buffer.concat(held), line, true);
    const encoding = decoder.encodingWarning('ERR_PGN_ENCODING');
    if (encoding) sink.warning(encoding);
    sink.progress(bytesRead);
  } finally {
    workers?.close();
  }
  return { games, moves, 'games with errors': withErrors };
}

// The verbs that build game trees (check of a whole file, export, convert) are in pgn-trees.ts,
// loaded when one of them runs: `check` of a stream needs none of the tree reader or the writer.
const trees = () => import('./pgn-trees.js');

export const pgnFormat: FormatHandler = {
  name: 'pgn',
  check: async (input) => (await trees()).checkWhole(input),
  // --threads was checked by the verb (an integer >= 1); the default is one per idle core.
  checkStream: (input, options, sink) =>
    checkPgnStream(input, sink, options.threads === undefined ? idleCores() : Number(options.threads)),
  export: async (input, options) => (await trees()).exportWhole(input, options),
  exportStream: async (input, options, sink) => (await trees()).exportStream(input, options, sink),
  convertTargets: ['json'],
  convert: async (input) => (await trees()).convertWhole(input),
  convertStream: async (input, _to, _options, sink) => (await trees()).convertStream(input, sink),
};
