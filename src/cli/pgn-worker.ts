// Worker thread of `gamenotation check` on large PGN files: checks the batches it is sent, in order.
import { parentPort } from 'node:worker_threads';
import { decodeBatch, PgnBatchChecker } from './formats/pgn-batch.js';

const checker = new PgnBatchChecker();
parentPort!.on('message', (batch: { bytes: Uint8Array; line: number }) => {
  parentPort!.postMessage(checker.check(decodeBatch(batch.bytes), batch.line, 1, false));
});
