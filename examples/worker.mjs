// Long jobs off the main thread, with progress and cancellation. The same code runs in a browser
// (a Web Worker) and in Node (a worker_thread):   node examples/worker.mjs
import { createWorker } from 'gamenotation/worker';

const worker = createWorker();
const kiwipete = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const result = await worker.perft(kiwipete, 4, {
  divide: true,
  onProgress: ({ done, total, value }) => process.stdout.write(`\r${done}/${total} root moves, ${value} nodes`),
});
console.log(`\nperft(kiwipete, 4) = ${result.nodes}; after e2a6: ${result.divide?.e2a6}`);

const controller = new AbortController();
setTimeout(() => controller.abort(), 50);
await worker.perft(kiwipete, 6, { signal: controller.signal }).catch((e) => console.log(`cancelled: ${e.name}`));
worker.terminate();
