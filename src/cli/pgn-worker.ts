// Worker thread of `gamenotation check` on large PGN files: checks the batches it is sent, in order.
import { parentPort } from 'node:worker_threads';
import { decodeBatch, PgnBatchChecker } from './formats/pgn-batch.js';
import type { TextEncodingName } from '../text/decode.js';

const checker = new PgnBatchChecker();
parentPort!.on('message', (batch: { bytes: Uint8Array; line: number; encoding: TextEncodingName }) => {
  const { text, invalid, invalidLine } = decodeBatch(batch.bytes, batch.encoding, batch.line);
  parentPort!.postMessage({ ...checker.check(text, batch.line, 1, false), invalid, invalidLine });
});
