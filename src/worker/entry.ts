// The worker side: runs inside a Web Worker or a Node worker_thread and exposes WorkerApi over Comlink.
import { expose } from 'comlink/dist/esm/comlink.mjs';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { WorkerApi } from './api.js';

type WorkerThreads = { parentPort: unknown };
const workerThreads = (globalThis as any).process?.getBuiltinModule?.('node:worker_threads') as WorkerThreads | undefined;

if (workerThreads?.parentPort) expose(new WorkerApi(), nodeEndpoint(workerThreads.parentPort));
else expose(new WorkerApi());
