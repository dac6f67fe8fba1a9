// The Node side of CliIO: stdout/stderr, and files read whole or streamed with clean errors.
import { Buffer } from 'node:buffer';
import { closeSync, openSync, readSync } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { fileErrorMessage, UsageError } from './exit.js';
import type { CliIO, InputFile, InputStream, StreamSink } from './types.js';

// GN_CHUNK_BYTES (tests only) makes chunks small, to cut batches in awkward places. 64 KiB chunks
// (and the strings decoded from them) stay in memory that is reused: 1 MiB ones were fresh pages
// each time, 20k more page faults and about 15% more CPU time for `check` on a 20 MB file.
const CHUNK = Number(process.env.GN_CHUNK_BYTES) > 0 ? Number(process.env.GN_CHUNK_BYTES) : 1 << 16;
const HEAD = 1 << 16;

async function statFile(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch (e) {
    throw new UsageError(fileErrorMessage(path, e));
  }
  if (info.isDirectory()) throw new UsageError(fileErrorMessage(path, { code: 'EISDIR' }));
  return info.isFile() ? info.size : NaN;
}

/**
 * The chunks of a file. A regular file is read with synchronous calls: each is a copy from the page
 * cache, and the thread-pool round trip of an asynchronous read cost more than the copy (about 25 ms
 * of CPU time more on a 20 MB file). Pipes and devices, which may wait, are read asynchronously.
 */
async function* fileChunks(path: string, regular: boolean, reuse?: { on: boolean }): AsyncGenerator<Uint8Array> {
  if (regular) {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (e) {
      throw new UsageError(fileErrorMessage(path, e));
    }
    // Two buffers in turn once the consumer allows it (InputStream.reuseChunks).
    const pair = [Buffer.allocUnsafeSlow(CHUNK), Buffer.allocUnsafeSlow(CHUNK)];
    let turn = 0;
    try {
      for (;;) {
        // Else a fresh buffer per chunk (consumers may keep one), left unfilled: the read fills it.
        const buffer = reuse?.on ? pair[turn++ & 1]! : Buffer.allocUnsafeSlow(CHUNK);
        const bytesRead = readSync(fd, buffer, 0, CHUNK, null);
        if (bytesRead === 0) return;
        const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
        yield bytes;
      }
    } finally {
      closeSync(fd);
    }
  }
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (e) {
    throw new UsageError(fileErrorMessage(path, e));
  }
  try {
    for (;;) {
      // A fresh buffer per chunk: consumers may keep a chunk (the splitter copies, others may not).
      const buffer = new Uint8Array(CHUNK);
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
      if (bytesRead === 0) return;
      yield bytesRead === CHUNK ? buffer : buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

async function* stdinChunks(): AsyncGenerator<Uint8Array> {
  for await (const chunk of process.stdin) yield new Uint8Array(chunk as Buffer);
}

/** Takes up to HEAD bytes from the front of a chunk stream and gives back a stream from the start. */
async function withHead(
  chunks: AsyncGenerator<Uint8Array>,
): Promise<{ head: Uint8Array; chunks: AsyncIterable<Uint8Array> }> {
  const taken: Uint8Array[] = [];
  let size = 0;
  while (size < HEAD) {
    const next = await chunks.next();
    if (next.done) break;
    taken.push(next.value);
    size += next.value.length;
  }
  const head = taken.length === 1 ? taken[0]!.subarray(0, HEAD) : concat(taken).subarray(0, HEAD);
  async function* all(): AsyncGenerator<Uint8Array> {
    yield* taken;
    yield* chunks;
  }
  return { head, chunks: all() };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function nodeIO(quiet: boolean): CliIO {
  return {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    warn: (text) => void (quiet || process.stderr.write(text)),
    isTTY: Boolean(process.stderr.isTTY),
    quiet,
    async readInput(path): Promise<InputFile> {
      if (path === '-') {
        const parts: Uint8Array[] = [];
        for await (const chunk of stdinChunks()) parts.push(chunk);
        return { name: '-', bytes: concat(parts) };
      }
      await statFile(path);
      try {
        return { name: path, bytes: new Uint8Array(await readFile(path)) };
      } catch (e) {
        throw new UsageError(fileErrorMessage(path, e));
      }
    },
    async openInput(path): Promise<InputStream> {
      if (path === '-') return { name: '-', size: undefined, ...(await withHead(stdinChunks())) };
      const size = await statFile(path);
      const regular = !Number.isNaN(size);
      const reuse = { on: false };
      return {
        name: path,
        size: regular ? size : undefined,
        ...(await withHead(fileChunks(path, regular, reuse))),
        reuseChunks: regular ? () => void (reuse.on = true) : undefined,
      };
    },
  };
}

/** Collects a stream into one buffer (for formats read in one piece). */
export async function readAll(input: InputStream): Promise<InputFile> {
  const parts: Uint8Array[] = [];
  for await (const chunk of input.chunks) parts.push(chunk);
  return { name: input.name, bytes: parts.length === 1 ? parts[0]! : concat(parts) };
}

/** The chunks of a stream, telling `sink.progress` how many bytes have gone by. */
export async function* countedChunks(input: InputStream, sink: StreamSink): AsyncGenerator<Uint8Array> {
  let bytes = 0;
  for await (const chunk of input.chunks) {
    yield chunk;
    bytes += chunk.length;
    sink.progress(bytes);
  }
}
