// The queue's own pieces, without Redis: URLs, job ids, failures as BullMQ stores them, and the
// game text an analyse job carries.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePgn } from 'gamenotation/pgn';
import { parseQueueUrl, type QueueJobData } from 'gamenotation/queue';
import { failureError, failureText, gameJobText, jobIdOf } from '../../src/queue/jobs.js';
import { root } from '../cli/support.js';

describe('queue units', () => {
  it('parseQueueUrl: host, port, db, credentials, TLS and the queue name; bad URLs as ERR_QUEUE_URL', () => {
    const full = parseQueueUrl('rediss://user:s%3Acret@redis.example.org:6380/3?name=run-1');
    expect(full.ok).to.equal(true);
    if (!full.ok) return;
    expect(full.value).to.deep.include({
      host: 'redis.example.org',
      port: 6380,
      db: 3,
      username: 'user',
      password: 's:cret',
      tls: true,
      name: 'run-1',
    });
    expect(full.value.url).not.to.include('cret');
    const plain = parseQueueUrl('redis://127.0.0.1');
    expect(plain.ok && plain.value).to.deep.include({ port: 6379, db: 0, tls: false, name: 'gamenotation' });
    for (const bad of ['http://127.0.0.1:6379', 'redis://h/x', 'redis://h?name=a:b', 'not a url']) {
      const r = parseQueueUrl(bad);
      expect(r.ok, bad).to.equal(false);
      if (!r.ok) expect(r.error.code, bad).to.equal('ERR_QUEUE_URL');
    }
  });

  it('job ids: the same content and settings give the same id whatever the key order; any change gives another', () => {
    const a: QueueJobData = { kind: 'analyse', settings: { depth: 12, multipv: 1 }, gameId: 'g', pgn: '1. e4 *' };
    const b: QueueJobData = { pgn: '1. e4 *', gameId: 'g', settings: { multipv: 1, depth: 12 }, kind: 'analyse' };
    expect(jobIdOf(a)).to.equal(jobIdOf(b));
    expect(jobIdOf(a)).to.match(/^analyse-[0-9a-f]{40}$/);
    const ids = new Set([
      jobIdOf(a),
      jobIdOf({ ...a, settings: { depth: 13, multipv: 1 } }),
      jobIdOf({ ...a, gameId: 'g#2' }),
      jobIdOf({ ...a, pgn: '1. d4 *' }),
      jobIdOf({ kind: 'dd', deal: 'N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765' }),
    ]);
    expect(ids.size).to.equal(5);
  });

  it('failures keep their code through the one string BullMQ stores', () => {
    const coded = failureText({ code: 'ERR_ENGINE_TIMEOUT', message: 'no bestmove in 30 s' });
    expect(coded).to.equal('ERR_ENGINE_TIMEOUT no bestmove in 30 s');
    expect(failureError(coded, 3)).to.deep.equal({
      code: 'ERR_ENGINE_TIMEOUT',
      message: 'no bestmove in 30 s (after 3 attempts)',
    });
    expect(failureText(new Error('ERR_PBN_DEAL_DUPLICATE card SA twice'))).to.equal(
      'ERR_PBN_DEAL_DUPLICATE card SA twice',
    );
    expect(failureError('socket hang up', 1)).to.deep.equal({
      code: 'ERR_QUEUE_JOB_FAILED',
      message: 'socket hang up',
    });
    expect(failureError(undefined, 2).code).to.equal('ERR_QUEUE_JOB_FAILED');
  });

  it("an analyse job's game text reads back to the same tags (order kept, none added) and moves", () => {
    const text = readFileSync(join(root, 'test/fixtures/queue/games30.pgn'), 'utf8');
    const games = parsePgn(`[Site "x"]\n[White "A \\"q\\" B"]\n\n1. e4 {c} (1. d4) e5 $1 *\n\n${text}`);
    expect(games).to.have.length(31);
    for (const { value: game } of games) {
      const back = parsePgn(gameJobText(game));
      expect(back).to.have.length(1);
      const { value: again, errors } = back[0]!;
      expect(Object.entries(again.headers)).to.deep.equal(Object.entries(game.headers));
      expect(again.moves.map((m) => m.san)).to.deep.equal(game.moves.map((m) => m.san));
      expect(again.moves.map((m) => m.comments ?? [])).to.deep.equal(game.moves.map((m) => m.comments ?? []));
      expect(errors).to.deep.equal([]);
    }
  });
});
