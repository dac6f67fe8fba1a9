// The worker side: runs inside a Web Worker or a Node worker_thread and exposes WorkerApi over Comlink.
// The build bundles this file into one self-contained script (rollup.config.mjs, inlineWorker), which
// dist/worker.js carries as a string and dist/worker-entry.js holds as a file.
import { expose } from 'comlink/dist/esm/comlink.mjs';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { WorkerApi } from './api.js';
import { READY_MESSAGE, registerErrorTransfer } from './wire.js';

type Port = { postMessage(message: unknown): void };
const workerThreads = (globalThis as any).process?.getBuiltinModule?.('node:worker_threads') as
  { parentPort: Port | null } | undefined;

registerErrorTransfer();
if (workerThreads?.parentPort) {
  expose(new WorkerApi(), nodeEndpoint(workerThreads.parentPort as never));
  workerThreads.parentPort.postMessage(READY_MESSAGE);
} else {
  expose(new WorkerApi());
  (globalThis as unknown as Port).postMessage(READY_MESSAGE);
}
