// chess.com's bughouse PGN export against an independent rules engine (chessops' Crazyhouse, with
// the bughouse transfer done here by hand) and through the CLI (dist/cli.js).
import { expect } from 'chai';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Crazyhouse } from 'chessops/variant';
import { parseSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import { parseBpgn } from 'gamenotation/bughouse';
import { cli, root, tempDir } from '../cli/support.js';

const FILE = join(root, 'test/fixtures/bughouse/chesscom-export.bpgn');
const ROLES = ['pawn', 'knight', 'bishop', 'rook', 'queen'] as const;

/**
 * Replays the movetext of the file with chessops, reading each drop with `drop(letterless)`: the
 * UCI of every move, or the first move chessops refuses.
 */
function chessopsReplay(text: string, knightFor146: 'N' | 'P') {
  const movetext = text.slice(text.indexOf('\n\n')).replace(/\{[^}]*\}/g, ' ');
  const boards = { A: Crazyhouse.default(), B: Crazyhouse.default() };
  const ucis: string[] = [];
  for (const m of movetext.matchAll(/(\d+)([AaBb])\.\s*(\S+)/g)) {
    const id = m[2] === 'A' || m[2] === 'a' ? 'A' : 'B';
    const san = m[3]!.replace(/^\$146@/, knightFor146 + '@').replace(/^@/, 'P@');
    const pos = boards[id];
    const move = parseSan(pos, san);
    if (!move) return { ucis, refused: `${m[1]}${m[2]}. ${m[3]}`, boards };
    const mover = pos.turn;
    // chessops writes castling as the king taking its rook (e1a1); the usual UCI is the king's two-step.
    let uci = makeUci(move);
    if ('from' in move && pos.board.get(move.from)?.role === 'king' && pos.board.get(move.to)?.color === mover)
      uci = makeUci({ from: move.from, to: move.to < move.from ? move.from - 2 : move.from + 2 });
    const held = ROLES.map((r) => pos.pockets![mover][r]);
    pos.play(move);
    // chessops pockets a capture for the capturer; in bughouse it goes to the partner (other board, other colour).
    ROLES.forEach((r, i) => {
      if (pos.pockets![mover][r] > held[i]!) {
        pos.pockets![mover][r]--;
        boards[id === 'A' ? 'B' : 'A'].pockets![mover === 'white' ? 'black' : 'white'][r]++;
      }
    });
    ucis.push(uci);
  }
  return { ucis, refused: undefined, boards };
}

describe("chess.com's bughouse PGN export against chessops", () => {
  const text = readFileSync(FILE, 'utf8');

  it('$146@ as a knight replays the whole match legally, the same moves as ours, ending in mate on board A', () => {
    const ops = chessopsReplay(text, 'N');
    expect(ops.refused).to.equal(undefined);
    const [match] = parseBpgn(text);
    expect(match!.errors).to.deep.equal([]);
    expect(match!.value.moves.map((m) => m.uci)).to.deep.equal(ops.ucis);
    expect(ops.boards.A.isCheckmate()).to.equal(true);
    expect(ops.boards.A.turn).to.equal('white');
    expect(ops.boards.B.isEnd()).to.equal(false);
  });

  it('$146@ as a pawn is refused by chessops (so the knight reading is the one the holdings allow)', () => {
    expect(chessopsReplay(text, 'P').refused).to.be.a('string');
  });
});

describe("gamenotation CLI on chess.com's bughouse PGN export", () => {
  it('check: exit 0, the dialect warnings as file:line:col CODE', () => {
    const r = cli(['check', FILE]);
    expect(r.code, r.err).to.equal(0);
    const all = r.out + r.err;
    expect(all).to.match(/1 match(es)?, 79 moves; 0 errors/);
    expect(all).to.contain(`${FILE}:25:15 ERR_BPGN_CHESSCOM_KNIGHT_DROP`);
    expect(all).to.contain(`${FILE}:31:18 ERR_BPGN_PAWN_DROP_LETTER`);
    expect(all).to.contain(`${FILE}:12:6 ERR_BPGN_CHESSCOM_FEN`);
  });

  it('convert --to json / bfen, export round trip and show', () => {
    const json = cli(['convert', FILE, '--to', 'json']);
    expect(json.code, json.err).to.equal(0);
    const [m] = JSON.parse(json.out) as {
      termination: string;
      result: string;
      moves: { san: string; uci: string }[];
    }[];
    expect([m!.termination, m!.result, m!.moves.length]).to.deep.equal(['mate', '0-1', 79]);
    expect(m!.moves.filter((x) => x.san.startsWith('N@')).map((x) => x.uci)).to.deep.equal([
      'N@g4',
      'N@h3',
      'N@h5',
      'N@e4',
      'N@f4',
    ]);
    const bfen = cli(['convert', FILE, '--to', 'bfen']);
    expect(bfen.code, bfen.err).to.equal(0);
    expect(bfen.out.trim().split('\n')).to.have.length(1);
    const exported = cli(['export', FILE]);
    expect(exported.code, exported.err).to.equal(0);
    expect(exported.out).to.contain('5b. N@g4{0.8}');
    const file = join(tempDir('chesscom-bpgn'), 'x.bpgn');
    writeFileSync(file, exported.out);
    const again = cli(['check', file]);
    expect(again.code, again.err).to.equal(0);
    expect(again.out + again.err).to.not.contain('ERR_');
    expect(cli(['export', file]).out).to.equal(exported.out);
    const show = cli(['show', FILE]);
    expect(show.code, show.err).to.equal(0);
    expect(show.out).to.contain('N@g4');
    expect(show.out).to.contain('P@e3');
  });
});
