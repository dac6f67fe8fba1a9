// readPbn, the stream that `check`, `export` and `convert --to pbn` now read PBN with (issue
// #25: a 120 MB file took 1.3 GB read whole), gives what parsePbn gives for the whole text, however
// the input is cut: the games, and every error and warning, the export-format ones included.
import { expect } from 'chai';
import type { NotationError } from 'gamenotation';
import { isEmptyPbnGame, parsePbn, readPbn, type PbnGame } from 'gamenotation/bridge';
import { CORPUS } from './pbn-corpus.js';
import { readFixtureBytes, readSharedBytes } from '../support/data.js';

const enc = (s: string) => new TextEncoder().encode(s);
const key = (list: NotationError[]) => list.map((e) => `${e.code} ${e.line}:${e.column} ${e.message}`).sort();

async function stream(bytes: Uint8Array, chunk: number) {
  const parts: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += chunk) parts.push(bytes.subarray(i, i + chunk));
  const games: PbnGame[] = [];
  const errors: NotationError[] = [];
  const warnings: NotationError[] = [];
  for await (const item of readPbn(parts)) {
    errors.push(...item.errors);
    warnings.push(...item.warnings);
    if (!isEmptyPbnGame(item.value)) games.push(item.value);
  }
  return { games, errors, warnings };
}

async function expectSameAsWhole(bytes: Uint8Array, what: string, chunks = [65536, 997, 131]) {
  const whole = parsePbn(bytes);
  for (const chunk of chunks) {
    const got = await stream(bytes, chunk);
    expect(got.games, `${what} /${chunk}`).to.deep.equal(whole.value.games);
    expect(key(got.errors), `${what} /${chunk}`).to.deep.equal(key(whole.errors));
    expect(key(got.warnings), `${what} /${chunk}`).to.deep.equal(key(whole.warnings));
  }
  return whole;
}

const GAME = (board: number, extra = '') =>
  `[Event "x"]\r\n[Site "y"]\r\n[Date "2026.01.01"]\r\n[Board "${board}"]\r\n[West "w"]\r\n[North "n"]\r\n[East "e"]\r\n[South "s"]\r\n[Dealer "N"]\r\n[Vulnerable "None"]\r\n[Deal "N:AKQ2.K54.T93.A87 J986.QJ3.AK4.K52 T75.A987.QJ2.QJ3 43.T62.8765.T964"]\r\n[Scoring ""]\r\n[Declarer ""]\r\n[Contract ""]\r\n[Result ""]\r\n${extra}`;

describe('PBN: readPbn equals parsePbn, whatever the chunking', () => {
  it('every file of the corpus (or the fixtures without ../shared)', async () => {
    let files = 0;
    for (const { file } of CORPUS) {
      const shared = await readSharedBytes(`bridge/pbn-corpus/${file}`);
      const bytes = shared ?? (await readFixtureBytes(`bridge/pbn-corpus/${file}`).catch(() => null));
      if (!bytes) continue;
      files++;
      await expectSameAsWhole(bytes, file);
    }
    expect(files).to.be.greaterThan(4);
  });

  it('`% EXPORT` with LF line ends over many chunks: one ERR_PBN_EXPORT_EOL with the count of the whole file', async () => {
    // before: one warning per part of the stream, each with the count of its part
    const text = `% PBN 2.1\n% EXPORT\n${Array.from({ length: 40 }, (_, i) => GAME(i + 1))
      .join('\r\n')
      .replace(/\r\n/g, '\n')}`;
    const whole = await expectSameAsWhole(enc(text), 'LF');
    const eol = whole.warnings.filter((w) => w.code === 'ERR_PBN_EXPORT_EOL');
    expect(eol.map((w) => [w.line, w.message])).to.deep.equal([
      [1, `line end is not CRLF (${text.split('\n').length - 1} lines in all)`],
    ]);
  });

  it('`% EXPORT`: each game keeps its export-format warnings (the games of one chunk were capped together)', async () => {
    // 40 games whose supplemental tags are out of order, in one 64 KiB part
    const text = `% PBN 2.1\r\n% EXPORT\r\n${Array.from({ length: 140 }, (_, i) => GAME(i + 1, '[Zeta "1"]\r\n[Alpha "2"]\r\n')).join('\r\n')}`;
    const whole = await expectSameAsWhole(enc(text), 'ORDER');
    expect(whole.warnings.filter((w) => w.code === 'ERR_PBN_EXPORT_ORDER')).to.have.length(140);
  });

  it('a `%` line after a lone `[` is read (it was dropped), whole and streamed alike', async () => {
    const text = '[Board "17"]\n[ActionTable "Rank;MyText"]\n1  [\n\n% next game\n[Board "18"]\n';
    const whole = await expectSameAsWhole(enc(text), 'lone [', [65536, 40, 7]);
    expect(whole.value.games.map((g) => [g.tags.Board?.value, g.escapes])).to.deep.equal([
      ['17', undefined],
      ['18', [' next game']],
    ]);
  });
});
