// Comlink 4.4 ships no exports map: the ESM builds are imported by path, typed as the package.
declare module 'comlink/dist/esm/comlink.mjs' {
  export * from 'comlink';
}
declare module 'comlink/dist/esm/node-adapter.mjs' {
  import type { Endpoint } from 'comlink';
  export default function nodeEndpoint(port: unknown): Endpoint;
}
