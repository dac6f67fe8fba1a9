// The playground's HTTP server (scripts/playground.mjs) without a browser: it serves files for
// reading only (GET and HEAD; any other method gets 405 with an Allow header) and answers a
// malformed URL with 400, never 500 (issue #25).
import { expect } from 'chai';
import { request } from 'node:http';

let startPlayground: (options: { port: number; quiet: boolean }) => Promise<{ port: number; close(): Promise<void> }>;
let server: { port: number; close(): Promise<void> };

/** One raw request (the path is sent as written, escapes and all); resolves with the status, headers and body. */
function send(method: string, path: string): Promise<{ status: number; allow?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
    });
    req.on('error', reject);
    req.end(method === 'POST' || method === 'PUT' ? 'x=1' : undefined);
  });
}

describe('playground HTTP server', () => {
  before(async () => {
    // @ts-ignore plain ESM script
    ({ startPlayground } = await import('../../scripts/playground.mjs'));
    server = await startPlayground({ port: 0, quiet: true });
  });
  after(async () => server?.close());

  it('serves a file to GET and HEAD (HEAD without a body)', async () => {
    const get = await send('GET', '/data/sample.pgn');
    expect(get.status).to.equal(200);
    expect(get.body).to.match(/\[Event /);
    const head = await send('HEAD', '/data/sample.pgn');
    expect(head.status).to.equal(200);
    expect(head.body).to.equal('');
  });

  it('refuses every other method with 405 and Allow: GET, HEAD', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND']) {
      for (const path of ['/data/sample.pgn', '/', '/nowhere']) {
        const r = await send(method, path);
        expect(r.status, `${method} ${path}`).to.equal(405);
        expect(r.allow, `${method} ${path}`).to.equal('GET, HEAD');
      }
    }
  });

  it('answers a malformed URL escape with 400, not 500', async () => {
    for (const path of ['/data/%', '/data/%E0%A4%A', '/dist/%zz', '/%', '/engines/stockfish/%c0']) {
      const r = await send('GET', path);
      expect(r.status, path).to.equal(400);
    }
    // still 404 for a well-formed path that names nothing, and no way out of the mounts
    expect((await send('GET', '/data/nothing-here.pgn')).status).to.equal(404);
    expect((await send('GET', '/data/%2e%2e/%2e%2e/package.json')).status).to.equal(404);
  });
});
