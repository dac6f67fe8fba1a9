#!/usr/bin/env node
// Serves the playground (examples/playground, built on gamenotation/elements) with the built package
// (dist/, which bundles what it needs) as plain ES modules and the sample files (examples/data).
// Cross-origin isolated (COOP/COEP), so threaded wasm engines can run. Works offline.
//   npm run playground            PORT=8080 npm run playground
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const MOUNTS = [
  ['/dist/', join(root, 'dist')],
  ['/data/', join(root, 'examples', 'data')],
  // The optional engine peer (GPL-3.0, never bundled): served from the user's node_modules when installed.
  ['/engines/stockfish/', join(root, 'node_modules', 'stockfish', 'bin')],
  ['/engines/stockfish.wasm/', join(root, 'node_modules', 'stockfish.wasm')],
  ['/', join(root, 'examples', 'playground')],
];
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.pgn': 'text/plain; charset=utf-8',
  '.pbn': 'text/plain; charset=utf-8',
  '.pbi': 'text/plain; charset=utf-8',
  '.xml': 'text/plain; charset=utf-8',
  '.bpgn': 'text/plain; charset=utf-8',
  '.aif': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/** A request the server cannot read (a malformed URL): answered 400, not 500. */
class BadRequest extends Error {}

function decodePath(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new BadRequest(`malformed URL escape in ${JSON.stringify(text)}`);
  }
}

function resolveFile(path) {
  for (const [prefix, dir] of MOUNTS) {
    if (!path.startsWith(prefix)) continue;
    let rel = normalize(decodePath(path.slice(prefix.length)));
    if (rel === '.' || rel === '') rel = 'index.html';
    if (rel.startsWith('..') || rel.includes(`..${sep}`)) return null;
    const file = join(dir, rel);
    if (existsSync(file) && statSync(file).isFile()) return file;
    return null;
  }
  return null;
}

// `isolated: false` leaves COOP/COEP off (a page without SharedArrayBuffer: engines fall back to lite-single).
export function startPlayground({
  port = Number(process.env.PORT ?? 8080),
  host = '127.0.0.1',
  quiet = false,
  isolated = true,
} = {}) {
  if (!existsSync(join(root, 'dist', 'diagram.js'))) {
    throw new Error('dist/ is not built: run `npm run build` first');
  }
  const server = createServer(async (req, res) => {
    const headers = {
      ...(isolated
        ? { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' }
        : {}),
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    };
    // A file server for reading: every other method is refused, before the URL is looked at.
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD', 'Content-Type': 'text/plain' });
      res.end('method not allowed');
      return;
    }
    try {
      let path;
      try {
        path = new URL(req.url ?? '/', 'http://localhost').pathname;
      } catch {
        throw new BadRequest('malformed URL');
      }
      const file = resolveFile(path);
      if (!file) {
        res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' });
        res.end('not found');
        return;
      }
      res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(readFileSync(file));
    } catch (e) {
      if (e instanceof BadRequest) {
        res.writeHead(400, { ...headers, 'Content-Type': 'text/plain' });
        res.end(e.message);
        return;
      }
      res.writeHead(500, { ...headers, 'Content-Type': 'text/plain' });
      res.end(String(e?.message ?? e));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${address.port}/`;
      if (!quiet) process.stdout.write(`gamenotation playground: ${url}\n`);
      resolve({
        url,
        port: address.port,
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            server.closeAllConnections?.();
          }),
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  startPlayground({ host: process.env.HOST ?? '127.0.0.1' }).catch((e) => {
    process.stderr.write(`error: ${e.message}\n`);
    process.exitCode = 1;
  });
}
