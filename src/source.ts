/**
 * What every streaming reader accepts: a whole string, whole bytes, a web `ReadableStream`, a Node
 * `Readable` (an async iterable of Buffers) or any (async) iterable of chunks.
 *
 * @example
 * ```ts
 * for await (const { value: game } of readPgn(createReadStream('games.pgn'))) console.log(game.headers.White);
 * for await (const { value: game } of readPgn((await fetch(url)).body!)) console.log(game.headers.White);
 * ```
 */
export type TextSource =
  | string
  | Uint8Array
  | ReadableStream<Uint8Array | string>
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>;
