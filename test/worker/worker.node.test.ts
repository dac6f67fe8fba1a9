// Node-only worker checks: the API from `node --input-type=module -e` (no module URL there), and a
// process that exits by itself once its calls are answered, without terminate().
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';

const SCRIPT = `
import { createWorker } from 'gamenotation/worker';
const worker = createWorker();
const { nodes } = await worker.perft('startpos', 3, { onProgress() {} });
const moves = await worker.legalMoves('startpos');
console.log(JSON.stringify({ nodes, moves: moves.length }));
`;

describe('worker API in a bare Node process', () => {
  it('createWorker() works in node --input-type=module -e and the idle worker does not keep the process alive', () => {
    // Run from the repository root, where `gamenotation/worker` resolves to the built package itself.
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.error, 'the process did not exit by itself').to.equal(undefined);
    expect(result.stderr).to.equal('');
    expect(result.status).to.equal(0);
    expect(JSON.parse(result.stdout)).to.deep.equal({ nodes: 8902, moves: 20 });
  });
});
