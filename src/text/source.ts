/**
 * Where text comes from: one input type for every streaming reader of the PGN family (PGN, BPGN,
 * PBN, AIF) and one way to walk it chunk by chunk.
 *
 * A source is a whole string, whole bytes, a web `ReadableStream`, a Node `Readable` (an async
 * iterable of Buffers) or any (async) iterable of chunks. `textChunks` turns each of them into an
 * async sequence of `Uint8Array | string` chunks; decoding and carry-over between chunks are the
 * reader's (`StreamDecoder`, `GameSplitter`).
 */

import type { TextSource } from '../source.js';

export type { TextSource };

export interface TextChunksOptions {
  /** Whole bytes are given in slices of at most this many bytes (default: in one piece). */
  sliceBytes?: number;
}

export function isReadableStream(x: unknown): x is ReadableStream<Uint8Array | string> {
  return typeof (x as ReadableStream | undefined)?.getReader === 'function';
}

/** Async iteration over a web `ReadableStream` (not every browser makes streams async-iterable). */
export async function* iterateStream<T>(stream: ReadableStream<T>): AsyncGenerator<T> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The chunks of a source, in order (an `undefined` chunk of a stream is skipped). */
export async function* textChunks(
  source: TextSource,
  options?: TextChunksOptions,
): AsyncGenerator<Uint8Array | string> {
  if (typeof source === 'string') {
    yield source;
    return;
  }
  if (source instanceof Uint8Array) {
    const step = options?.sliceBytes;
    if (!step || source.length <= step) yield source;
    else for (let i = 0; i < source.length; i += step) yield source.subarray(i, i + step);
    return;
  }
  const chunks = isReadableStream(source) ? iterateStream(source) : (source as AsyncIterable<Uint8Array | string>);
  for await (const chunk of chunks) if (chunk !== undefined) yield chunk;
}

/** Line breaks in `text` (LF, CRLF and a lone CR count one each, as the lexer counts them). */
export function countLineBreaks(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) n++;
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) n++;
  }
  return n;
}
