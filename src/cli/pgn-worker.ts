// Worker thread of `gamenotation check` on large PGN files: checks the batches it is sent, in order.
import { parentPort } from 'node:worker_threads';
import { PgnBatchChecker } from './formats/pgn-batch.js';
import type { TextEncodingName } from '../text/decode.js';

const checker = new PgnBatchChecker();
parentPort!.on('message', (batch: { bytes: Uint8Array; line: number; encoding: TextEncodingName }) => {
  parentPort!.postMessage(checker.checkBytes(batch.bytes, batch.encoding, batch.line));
});
