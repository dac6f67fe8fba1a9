import { expect } from 'chai';
import { analyseGame, makeAif, parseAif, readAif, validateAif, type AifGame } from 'gamenotation/aif';
import type { Parsed } from 'gamenotation';
// The cell encoding is internal (cells reach users as numbers in the model): tested on the module.
import { formatCell, scoreCell } from '../../src/aif/model.js';

/** Gzips text with the platform's CompressionStream (what a `.aif.gz` file holds). */
async function gzipText(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
import { MockTransport, mockHandshake, UciEngine, type MockStep } from 'gamenotation/engine';
import { parsePgn } from 'gamenotation/pgn';
import { readShared } from '../support/data.js';
import { rng } from '../support/rng.mjs';
import { legacy2012Shape, specV05, v10 } from '../fixtures/aif/fixtures.js';

const codes = (list: { code: string }[]): string[] => list.map((e) => e.code);
const values = <T>(items: Parsed<T>[]): T[] => items.map((i) => i.value);

function one(text: string): Parsed<AifGame> {
  const games = parseAif(text);
  expect(games).to.have.length(1);
  return games[0]!;
}

describe('aif: reading the three flavours', () => {
  it('reads the spec v0.5 shape: engine tags, blocks, grid, PVs, comments', () => {
    const { value: g, errors } = one(specV05);
    expect(g.flavour).to.equal('v0.5');
    expect(errors).to.deep.equal([]);
    expect(g.headers.GameID).to.equal('Blunder;Mate;Casual;Online;2020.01.01;?;0-1');
    expect(g.headers.Mode).to.equal('forward;r;2-w');
    expect(g.game!.moves.map((m) => m.san)).to.deep.equal(['f3', 'e5', 'g4', 'Qh4#']);
    expect(g.blocks).to.have.length(2);
    const b = g.blocks[0]!;
    expect(b.tags.Turn).to.equal('2-w');
    expect(b.grid.depths).to.deep.equal([1, 2, 3]);
    expect(b.grid.rows.map((r) => r.move)).to.deep.equal(['e4', 'Nc3', 'g4']);
    expect(b.grid.rows[1]!.cells).to.deep.equal(['n.a.', -20, -30]);
    expect(b.grid.rows[2]!.cells).to.deep.equal([-50, 'NREC', 'NREC']);
    expect(b.pvs).to.deep.equal([
      { depth: 3, text: '2.e4 Nc6 3.Nc3' },
      { depth: 3, text: '2.Nc3 Nc6 3.e4' },
    ]);
    expect(b.comments).to.deep.equal(['This is a free comment.']);
    expect(g.blocks[1]!.grid.rows[1]!.cells).to.deep.equal([-120, 'PRUN']);
  });

  it('reads our 2012-shape fixture: MoveNo, two-space FEN, long algebraic, dashed and = rules, an extra grid row', () => {
    const { value: g, errors, warnings } = one(legacy2012Shape);
    expect(g.flavour).to.equal('legacy');
    expect(errors).to.deep.equal([]);
    expect(g.blocks.map((b) => b.tags.Turn)).to.deep.equal(['5-w', '5-b']);
    expect(g.blocks[0]!.tags.GID).to.equal('Lopez;Ruiz;Club Championship;Madrid ESP;2009.03.14;4;1/2-1/2');
    expect(codes(warnings)).to.include.members(['ERR_AIF_LEGACY_TAG', 'ERR_AIF_TAG_SPACING']);
    expect(g.blocks[0]!.grid.rows).to.have.length(27);
    expect(g.blocks[1]!.grid.rows).to.have.length(31);
    const v = validateAif(g);
    expect(v.errors).to.deep.equal([]);
    // 31 rows for 30 legal moves: a warning, never a failure.
    expect(codes(v.warnings)).to.include('ERR_AIF_GRID_ROWS');
    expect(v.warnings.find((w) => w.code === 'ERR_AIF_GRID_MOVE')!.message).to.contain('Qh4');
  });

  it('reads v1.0: the ; AIF v1.0 separator between games and [EndMove] terminators', () => {
    const games = parseAif(v10 + v10.replace(/Casual/g, 'Blitz'));
    expect(games).to.have.length(2);
    for (const { value: g, errors } of games) {
      expect(g.flavour).to.equal('v1.0');
      expect(errors).to.deep.equal([]);
      expect(g.blocks).to.have.length(2);
      expect(g.blocks[0]!.comments).to.deep.equal(['This is a free comment.']);
    }
    expect(games[1]!.value.headers.Event).to.equal('Blitz');
  });

  it('reads the 2012 sample from shared data (reference only) with warnings and no errors', async () => {
    const text = await readShared('aif/regan-IRincludes-sample.aif');
    if (text === null) {
      // Without ../shared the fixture above covers the same shape.
      expect(one(legacy2012Shape).value.flavour).to.equal('legacy');
      return;
    }
    const { value: g, errors } = one(text);
    expect(errors).to.deep.equal([]);
    expect(g.blocks.map((b) => [b.tags.Turn, b.tags.NumLegalMoves, b.grid.rows.length])).to.deep.equal([
      ['9-w', '43', 45],
      ['9-b', '31', 31],
    ]);
    const v = validateAif(g);
    expect(v.errors).to.deep.equal([]);
    expect(codes(v.warnings)).to.include('ERR_AIF_GRID_ROWS');
  });
});

describe('aif: mutated input', () => {
  it('never throws; every finding is typed with a line; export is a fixed point', () => {
    const random = rng(17);
    const pieces = [
      '[',
      ']',
      '"',
      '\n',
      ' ',
      '-',
      '+',
      '9',
      'n.a.',
      '===\n',
      '---\n',
      '[EndMove]\n',
      '; AIF v1.0\n',
      '3: ',
      '\\',
      '{',
      '(',
    ];
    const sources = [specV05, legacy2012Shape, v10];
    for (let i = 0; i < 300; i++) {
      let text = sources[i % 3]!;
      for (let k = 0; k < 1 + Math.floor(random() * 6); k++) {
        const at = Math.floor(random() * text.length);
        const r = random();
        if (r < 0.4) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 20));
        else text = text.slice(0, at) + pieces[Math.floor(random() * pieces.length)]! + text.slice(at);
      }
      const games = parseAif(text);
      for (const { value: g, errors, warnings } of games) {
        for (const e of [...errors, ...warnings, ...validateAif(g).errors]) {
          expect(e.code, text).to.match(/^ERR_[A-Z0-9_]+$/);
          expect(e.line, `${e.code} ${e.message}`).to.be.a('number');
        }
      }
      const once = makeAif(values(games));
      expect(makeAif(values(parseAif(once))), `input ${i}:\n${text}`).to.equal(once);
    }
  });
});

describe('aif: bare move blocks', () => {
  it('a file of move blocks without a game reads, writes idempotently and validates values only', () => {
    const blocks = specV05.slice(specV05.indexOf('[GID'));
    const { value: g } = one(blocks);
    expect(g.game).to.equal(undefined);
    expect(g.blocks.map((b) => b.tags.Turn)).to.deep.equal(['2-w', '2-b']);
    const out = makeAif([g]);
    expect(makeAif(values(parseAif(out)))).to.equal(out);
    const v = validateAif(g);
    expect(v.errors).to.deep.equal([]);
    expect(codes(v.warnings)).to.deep.equal(['ERR_AIF_NO_GAME']);
  });
});

describe('aif: typed errors with line:column', () => {
  it('a grid row with too few cells, a bad cell, a malformed tag', () => {
    const bad = specV05
      .replace('Nc3  n.a. -020 -030', 'Nc3  n.a. -020')
      .replace('g4   -050 NREC NREC', 'g4   -050 XXXX NREC')
      .replace('[Depth "3"]', '[Depth 3]');
    const { errors: e } = one(bad);
    expect(codes(e)).to.include.members(['ERR_AIF_GRID_ROW', 'ERR_AIF_GRID_CELL', 'ERR_AIF_TAG']);
    const lines = bad.split('\n');
    const row = e.find((x) => x.code === 'ERR_AIF_GRID_ROW')!;
    expect(lines[row.line! - 1]).to.match(/^Nc3 /);
    const cell = e.find((x) => x.code === 'ERR_AIF_GRID_CELL')!;
    expect(lines[cell.line! - 1]!.slice(cell.column! - 1, cell.column! + 3)).to.equal('XXXX');
    const tag = e.find((x) => x.code === 'ERR_AIF_TAG')!;
    expect(lines[tag.line! - 1]).to.equal('[Depth 3]');
  });

  it('an overlong line is an error, not a crash', () => {
    const g = parseAif(specV05.replace('This is a free comment.', 'x'.repeat(5000)), { maxLineLength: 1000 });
    expect(codes(g[0]!.errors)).to.include('ERR_AIF_LINE_TOO_LONG');
  });

  it('streaming: a line without end is cut at the limit (bounded memory); the lines after it are read', async () => {
    const long = 'y'.repeat(10_000);
    const [head, tail] = specV05.split('This is a free comment.');
    const chunks = [head + long.slice(0, 3000), long, long + tail];
    const games: Parsed<AifGame>[] = [];
    for await (const g of readAif(
      chunks.map((c) => new TextEncoder().encode(c)),
      { maxLineLength: 1000 },
    ))
      games.push(g);
    const e = games.flatMap((g) => g.errors).filter((x) => x.code === 'ERR_AIF_LINE_TOO_LONG');
    expect(e).to.have.length(1);
    expect(e[0]!.line).to.equal(specV05.split('\n').indexOf('This is a free comment.') + 1);
    expect(games[0]!.value.blocks[0]!.comments).to.deep.equal([]);
    expect(games[0]!.value.blocks[1]!.tags.Turn).to.equal('2-b');
    expect(games[0]!.value.blocks[1]!.places!.Turn!.line).to.equal(specV05.split('\n').indexOf('[Turn "2-b"]') + 1);
  });
});

describe('aif: canonical writer', () => {
  for (const [name, text] of [
    ['v0.5', specV05],
    ['2012 shape', legacy2012Shape],
    ['v1.0', v10],
  ] as const) {
    it(`${name}: read → write → read keeps the model, and writing again gives the same bytes`, () => {
      const { value: g } = one(text);
      const out = makeAif([g]);
      const { value: again } = one(out);
      expect(
        again.blocks.map((b) => ({
          tags: b.tags,
          grid: { depths: b.grid.depths, rows: b.grid.rows.map((r) => ({ move: r.move, cells: r.cells })) },
          pvs: b.pvs,
          comments: b.comments,
        })),
      ).to.deep.equal(
        g.blocks.map((b) => ({
          tags: b.tags,
          grid: { depths: b.grid.depths, rows: b.grid.rows.map((r) => ({ move: r.move, cells: r.cells })) },
          pvs: b.pvs,
          comments: b.comments,
        })),
      );
      expect(again.game!.moves.map((m) => m.san)).to.deep.equal(g.game!.moves.map((m) => m.san));
      for (const [k, v] of Object.entries(g.headers)) expect(again.headers[k]).to.equal(v);
      expect(makeAif([again])).to.equal(out);
      expect(again.flavour).to.equal('v0.5');
    });
  }

  it('cells are fixed width: sign and three digits, markers as written', () => {
    expect([132, -5, 0, 999, -997, 'n.a.', 'NREC', 'PRUN'].map((c) => formatCell(c as never))).to.deep.equal([
      '+132',
      '-005',
      ' 000',
      '+999',
      '-997',
      'n.a.',
      'NREC',
      'PRUN',
    ]);
    expect(scoreCell({ cp: 1234 })).to.equal(900);
    expect(scoreCell({ cp: -4321 })).to.equal(-900);
    expect(scoreCell({ mate: 3 })).to.equal(997);
    expect(scoreCell({ mate: -1 })).to.equal(-999);
  });

  it('.aif.gz: gzip with CompressionStream, read back through DecompressionStream in chunks', async () => {
    const text = makeAif(values(parseAif(specV05 + legacy2012Shape)));
    const gz = await gzipText(text);
    expect(gz[0]).to.equal(0x1f);
    const chunks = [gz.slice(0, 7), gz.slice(7, 100), gz.slice(100)];
    const games: Parsed<AifGame>[] = [];
    for await (const g of readAif(chunks)) games.push(g);
    expect(makeAif(values(games))).to.equal(text);
    const damaged = gz.slice(0, gz.length - 30);
    const out: Parsed<AifGame>[] = [];
    for await (const g of readAif([damaged])) out.push(g);
    expect(codes(out.flatMap((g) => g.errors))).to.include('ERR_AIF_GZIP');
  });

  it('streams a ReadableStream of small chunks to the same games', async () => {
    const text = specV05 + v10 + legacy2012Shape;
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 37) c.enqueue(bytes.slice(i, i + 37));
        c.close();
      },
    });
    const games: Parsed<AifGame>[] = [];
    for await (const g of readAif(stream)) games.push(g);
    expect(makeAif(values(games))).to.equal(makeAif(values(parseAif(text))));
    expect(games.map((g) => g.value.line)).to.deep.equal(parseAif(text).map((g) => g.value.line));
  });
});

describe('aif: validateAif catches each kind of wrong block', () => {
  const check = (mutate: (t: string) => string): string[] => codes(validateAif(one(mutate(specV05)).value).errors);

  it('the fixtures validate clean', () => {
    expect(validateAif(one(specV05).value).errors).to.deep.equal([]);
    expect(validateAif(one(v10).value).errors).to.deep.equal([]);
  });
  it('a wrong FEN', () => expect(check((t) => t.replace('4p3/8/5P2', '4p3/8/5P1P'))).to.deep.equal(['ERR_AIF_FEN']));
  it('a wrong legal-move list and count', () =>
    expect(
      check((t) => t.replace('[NumLegalMoves "19"]', '[NumLegalMoves "20"]').replace('Kf2,', 'Ke2,')),
    ).to.deep.equal(['ERR_AIF_NUM_LEGAL_MOVES', 'ERR_AIF_LEGAL_MOVES']));
  it('a missing legal move', () => expect(check((t) => t.replace('Kf2,', ''))).to.deep.equal(['ERR_AIF_LEGAL_MOVES']));
  it('a wrong repetition count', () =>
    expect(check((t) => t.replace('[RepCount "0"]', '[RepCount "1"]'))).to.deep.equal(['ERR_AIF_REPCOUNT']));
  it('a grid value out of range', () => {
    const { value: g } = one(specV05.replace('Nc3  n.a. -020 -030', 'Nc3  n.a. -020 -1030'));
    const v = validateAif(g);
    expect(codes(v.errors)).to.deep.equal(['ERR_AIF_VALUE']);
    expect(v.errors[0]!.line).to.equal(g.blocks[0]!.grid.rows[1]!.line);
  });
  it('a wrong MovePlayed, EngineMove not the best row, GID not the GameID, a turn not in the game', () => {
    expect(check((t) => t.replace('[MovePlayed "g4"]', '[MovePlayed "g3"]'))).to.deep.equal(['ERR_AIF_MOVE_PLAYED']);
    expect(check((t) => t.replace('[EngineMove "e4"]', '[EngineMove "Nc3"]'))).to.deep.equal(['ERR_AIF_ENGINE_MOVE']);
    expect(
      check((t) =>
        t.replace(
          '[GID "Blunder;Mate;Casual;Online;2020.01.01;?;0-1"]\n[EID "Example Engine 1.0"]\n[Turn "2-b"]',
          '[GID "x"]\n[EID "Example Engine 1.0"]\n[Turn "2-b"]',
        ),
      ),
    ).to.deep.equal(['ERR_AIF_GID']);
    expect(check((t) => t.replace('[Turn "2-b"]', '[Turn "9-b"]'))).to.deep.equal(['ERR_AIF_TURN']);
  });
  it('the error points at the tag', () => {
    const text = specV05.replace('[RepCount "0"]', '[RepCount "2"]');
    const e = validateAif(one(text).value).errors[0]!;
    expect(text.split('\n')[e.line! - 1]).to.equal('[RepCount "2"]');
    expect(e.column).to.equal(1);
  });
});

// A scripted engine: each `go` gets the info lines of one ply (scores from the side to move).
const SCRIPT: string[][] = [
  // 1. (start, White to move)
  [
    'info depth 1 multipv 1 score cp 30 nodes 20 pv e2e4 e7e5',
    'info depth 1 multipv 2 score cp 20 nodes 25 pv d2d4',
    'info depth 2 multipv 1 score cp 35 nodes 90 pv d2d4 d7d5',
    'info depth 2 multipv 2 score cp 28 nodes 100 pv e2e4 e7e5 g1f3',
    'bestmove d2d4 ponder d7d5',
  ],
  // 1... (after e4, Black to move)
  [
    'info depth 1 multipv 1 score cp 10 nodes 30 pv e7e5',
    'info depth 1 multipv 2 score cp -5 nodes 33 pv c7c5',
    'info depth 2 multipv 1 score mate 3 nodes 80 pv e7e5 g1f3',
    'info depth 2 multipv 2 score cp -1200 nodes 120 pv g8f6',
    'bestmove e7e5',
  ],
  // 2. (after e4 e5, White to move)
  [
    'info depth 1 multipv 1 score cp 40 nodes 15 pv g1f3',
    'info depth 1 multipv 2 score cp 35 nodes 18 pv d1h5',
    'info depth 2 multipv 1 score cp 45 nodes 60 pv d1h5 b8c6 f1c4',
    'info depth 2 multipv 2 score cp 38 nodes 77 pv b1c3',
    'bestmove d1h5',
  ],
];

function scripted(): MockTransport {
  const steps: MockStep[] = [{ expect: 'uci', reply: mockHandshake('Mock AIF 1.0') }];
  for (const reply of SCRIPT) steps.push({ expect: /^go depth 2$/, reply });
  return new MockTransport(steps);
}

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const GAME =
  '[Event "Test"]\n[Site "Here"]\n[Date "2024.05.06"]\n[Round "1"]\n[White "White, W"]\n[Black "Black, B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n';

describe('aif: analyseGame on a MockTransport engine', () => {
  it('records every depth of every line into the grid; golden bytes; validates', async () => {
    const transport = scripted();
    const engine = await new UciEngine({ transport: () => transport }).open();
    const progress: number[] = [];
    const game = parsePgn(GAME)[0]!.value;
    const aif = await analyseGame(
      game,
      engine,
      { depth: 2, multipv: 2, from: 1, to: 3, platform: 'Test OS x1' },
      { onProgress: (p) => progress.push(p.done) },
    );
    await engine.close();
    expect(progress).to.deep.equal([1, 2, 3]);
    // The grid, by hand from the script: White's view, clamp ±900, mate in 3 for Black = −997,
    // n.a. before a move was reported, NREC after it stopped being reported.
    const rows = aif.blocks.map((b) => b.grid.rows.map((r) => [r.move, ...r.cells]));
    expect(rows).to.deep.equal([
      [
        ['d4', 20, 35],
        ['e4', 30, 28],
      ],
      [
        ['e5', -10, -997],
        ['Nf6', 'n.a.', 900],
        ['c5', 5, 'NREC'],
      ],
      [
        ['Qh5', 35, 45],
        ['Nc3', 'n.a.', 38],
        ['Nf3', 40, 'NREC'],
      ],
    ]);
    expect(
      aif.blocks.map((b) => [
        b.tags.Turn,
        b.tags.MovePlayed,
        b.tags.EngineMove,
        b.tags.Eval,
        b.tags.Depth,
        b.tags.NodeCount,
      ]),
    ).to.deep.equal([
      ['1-w', 'e4', 'd4', ' +035', '2', '100'],
      ['1-b', 'e5', 'e5', ' -997', '2', '120'],
      ['2-w', 'Qh5', 'Qh5', ' +045', '2', '77'],
    ]);
    expect(aif.headers.EngineID).to.equal('Mock AIF 1.0');
    expect(aif.headers.GameID).to.equal('White;Black;Test;Here;2024.05.06;1;1-0');
    // One ucinewgame (forward mode), then the game's moves so the engine sees the history.
    expect(transport.received.filter((l) => l === 'ucinewgame')).to.have.length(1);
    expect(transport.received.filter((l) => l.startsWith('position'))).to.deep.equal([
      `position fen ${START}`,
      `position fen ${START} moves e2e4`,
      `position fen ${START} moves e2e4 e7e5`,
    ]);
    const text = makeAif([aif]);
    expect(text).to.equal(GOLDEN);
    const back = one(text);
    expect(back.errors).to.deep.equal([]);
    expect(back.warnings).to.deep.equal([]);
    expect(validateAif(back.value).errors).to.deep.equal([]);
  });

  it('writes every game tag the spec requires, Platform included (the host when not given); reading reports a missing one (issue #25)', async () => {
    const engine = await new UciEngine({ transport: () => scripted() }).open();
    const aif = await analyseGame(parsePgn(GAME)[0]!.value, engine, { depth: 2, multipv: 2, from: 1, to: 1 });
    await engine.close();
    // the seed's list of required game tags (shared/specs/aif-0.5.txt), written out here
    const required = ['GameID', 'EngineID', 'Platform', 'Threads', 'Hash', 'MultiPV', 'DepthRange', 'EGT', 'Mode'];
    for (const name of required) expect(aif.headers[name], name).to.be.a('string').and.not.equal('');
    const host = (globalThis as { process?: { arch?: string } }).process;
    if (host?.arch) expect(aif.headers.Platform).to.match(new RegExp(` ${host.arch}$`));
    const text = makeAif([aif]);
    expect(one(text).warnings).to.deep.equal([]);
    // each required tag left out in turn: read, with one warning naming it, at the game's line
    for (const name of required) {
      const without = text.replace(new RegExp(`^\\[${name} "[^"\\n]*"\\]\\n`, 'm'), '');
      expect(without, name).to.not.equal(text);
      const read = one(without);
      expect(read.errors, name).to.deep.equal([]);
      expect(
        read.warnings.map((w) => [w.code, w.line]),
        name,
      ).to.deep.equal([['ERR_AIF_MISSING_TAG', 1]]);
      expect(read.warnings[0]!.message).to.contain(name);
    }
  });

  it('an aborted analysis rejects with ERR_AIF_ABORTED', async () => {
    const engine = await new UciEngine({ transport: () => scripted() }).open();
    const ac = new AbortController();
    ac.abort();
    let code = '';
    try {
      await analyseGame(parsePgn(GAME)[0]!.value, engine, { depth: 2 }, { signal: ac.signal });
    } catch (e) {
      code = (e as { code: string }).code;
    }
    await engine.close();
    expect(code).to.equal('ERR_AIF_ABORTED');
  });
});

const GOLDEN = `; AIF v0.5 Kenneth Regan and Tamal Biswas
[Event "Test"]
[Site "Here"]
[Date "2024.05.06"]
[Round "1"]
[White "White, W"]
[Black "Black, B"]
[Result "1-0"]
[GameID "White;Black;Test;Here;2024.05.06;1;1-0"]
[EngineID "Mock AIF 1.0"]
[Platform "Test OS x1"]
[Threads "1"]
[Hash "16"]
[MultiPV "2"]
[DepthRange "2-2"]
[EGT "none"]
[Mode "forward;r;1-w"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[GID "White;Black;Test;Here;2024.05.06;1;1-0"]
[EID "Mock AIF 1.0"]
[Turn "1-w"]
[MovePlayed "e4"]
[EngineMove "d4"]
[Eval " +035"]
[Depth "2"]
[NodeCount "100"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
[RepCount "0"]
[NumLegalMoves "20"]
[LegalMoves "Na3,Nc3,Nf3,Nh3,a3,b3,c3,d3,e3,f3,g3,h3,a4,b4,c4,d4,e4,f4,g4,h4"]

           1    2
d4      +020 +035
e4      +030 +028
2: 1.d4 d5
2: 1.e4 e5 2.Nf3

[GID "White;Black;Test;Here;2024.05.06;1;1-0"]
[EID "Mock AIF 1.0"]
[Turn "1-b"]
[MovePlayed "e5"]
[EngineMove "e5"]
[Eval " -997"]
[Depth "2"]
[NodeCount "120"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]
[RepCount "0"]
[NumLegalMoves "20"]
[LegalMoves "Na6,Nc6,Nf6,Nh6,a6,b6,c6,d6,e6,f6,g6,h6,a5,b5,c5,d5,e5,f5,g5,h5"]

           1    2
e5      -010 -997
Nf6     n.a. +900
c5      +005 NREC
2: 1...e5 2.Nf3
2: 1...Nf6

[GID "White;Black;Test;Here;2024.05.06;1;1-0"]
[EID "Mock AIF 1.0"]
[Turn "2-w"]
[MovePlayed "Qh5"]
[EngineMove "Qh5"]
[Eval " +045"]
[Depth "2"]
[NodeCount "77"]
[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]
[RepCount "0"]
[NumLegalMoves "29"]
[LegalMoves "Ke2,Na3,Nc3,Ne2,Nf3,Nh3,Qe2,Qf3,Qg4,Qh5,Be2,Bd3,Bc4,Bb5,Ba6,a3,b3,c3,d3,f3,g3,h3,a4,b4,c4,d4,f4,g4,h4"]

           1    2
Qh5     +035 +045
Nc3     n.a. +038
Nf3     +040 NREC
2: 2.Qh5 Nc6 3.Bc4
2: 2.Nc3

`;
