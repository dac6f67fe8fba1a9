// Every public function that returns a Result returns one for any input shape (issue #25): null,
// numbers, wrong arrays, objects with a `__proto__` key, fields of the wrong type… give
// `{ ok: false, error: { code } }` (or ok), never a thrown TypeError. The table lists the functions
// by subpath; a scan of the public API's declarations (the TypeScript checker over src/<subpath>/index.ts)
// finds every function and static method whose return type is a Result, so one added later without a
// row here fails this test.
import { expect } from 'chai';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import * as chess from 'gamenotation/chess';
import * as pgn from 'gamenotation/pgn';
import * as bridge from 'gamenotation/bridge';
import * as problems from 'gamenotation/problems';
import * as bughouse from 'gamenotation/bughouse';
import * as diagram from 'gamenotation/diagram';
import * as queue from 'gamenotation/queue';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

type Call = (...args: unknown[]) => unknown;
const any = (f: unknown) => f as Call;

/** subpath → function name (static methods as `Class.method`) → the call. */
const TABLE: Record<string, Record<string, Call>> = {
  chess: {
    parseFen: any(chess.parseFen),
    parseSquare: any(chess.parseSquare),
    parseUci: any(chess.parseUci),
    normalizeFen: any(chess.normalizeFen),
    parseSan: any(chess.parseSan),
    'Position.fromSetup': (a, b) => chess.Position.fromSetup(a as never, b as never),
    'Position.fromFen': (a, b) => chess.Position.fromFen(a as never, b as never),
    'Position.fromFenAll': (a, b) => chess.Position.fromFenAll(a as never, b as never),
  },
  pgn: { startingPosition: any(pgn.startingPosition) },
  bridge: {
    parseHand: any(bridge.parseHand),
    parseCard: any(bridge.parseCard),
    parseContract: any(bridge.parseContract),
    parseDeal: any(bridge.parseDeal),
    solveBoard: any(bridge.solveBoard),
    calcDDTable: any(bridge.calcDDTable),
    calcDDTables: any(bridge.calcDDTables),
    solveBoards: any(bridge.solveBoards),
    optimumPlayTable: any(bridge.optimumPlayTable),
    solvePbnGame: any(bridge.solvePbnGame),
  },
  problems: {
    parseStipulation: any(problems.parseStipulation),
    solve: any(problems.solve),
    solveAll: any(problems.solveAll),
    fenToPopeye: any(problems.fenToPopeye),
  },
  bughouse: {
    parseBfen: any(bughouse.parseBfen),
    fensToBfen: any(bughouse.fensToBfen),
    replayMatch: any(bughouse.replayMatch),
    'BughouseBoards.fromBfen': (a, b) => bughouse.BughouseBoards.fromBfen(a as never, b as never),
    parseChesscomGame: any(bughouse.parseChesscomGame),
    chesscomToMatch: any(bughouse.chesscomToMatch),
  },
  diagram: {
    chessDiagram: any(diagram.chessDiagram),
    gameDiagram: any(diagram.gameDiagram),
    gamePosition: any(diagram.gamePosition),
    bughouseDiagram: any(diagram.bughouseDiagram),
    bpgnDiagram: any(diagram.bpgnDiagram),
    bfenDiagram: any(diagram.bfenDiagram),
    bughousePosition: any(diagram.bughousePosition),
    problemDiagram: any(diagram.problemDiagram),
    pbiProblemDiagram: any(diagram.pbiProblemDiagram),
    problemXmlDiagram: any(diagram.problemXmlDiagram),
    dealDiagram: any(diagram.dealDiagram),
    pbnDealDiagram: any(diagram.pbnDealDiagram),
  },
  queue: { parseQueueUrl: any(queue.parseQueueUrl) },
};

/** Shapes a caller may pass by mistake or on purpose. */
const HOSTILE: [string, () => unknown][] = [
  ['null', () => null],
  ['undefined', () => undefined],
  ['0', () => 0],
  ['-1', () => -1],
  ['NaN', () => Number.NaN],
  ['1e300', () => 1e300],
  ['true', () => true],
  ['1n', () => 1n],
  ['a symbol', () => Symbol('s')],
  ['a function', () => () => 1],
  ['{}', () => ({})],
  ['[]', () => []],
  ['[null]', () => [null]],
  ['[[]]', () => [[]]],
  ['a __proto__ key', () => JSON.parse('{"__proto__":{"polluted":1},"fen":"x","headers":{"__proto__":{}}}')],
  ['no prototype', () => Object.create(null)],
  ['the #25 deal', () => ({ N: ['SA'], E: ['SK'], S: ['SQ'], W: ['SJ'] })],
  ['fields of the wrong type', () => ({ N: 'x', E: 1, S: null, W: {}, headers: 5, moves: 'x', tags: [], games: {} })],
  ['more wrong fields', () => ({ board: 7, problems: null, value: 3, game: { id: {} }, deal: [], stipulation: 2 })],
  ['bytes', () => new Uint8Array(3)],
  ['a long string', () => 'x'.repeat(100_000)],
  ['a NUL string', () => '\u0000'],
];

function isResult(r: unknown): boolean {
  if (!r || typeof r !== 'object' || typeof (r as { ok?: unknown }).ok !== 'boolean') return false;
  if ((r as { ok: boolean }).ok) return 'value' in r;
  const error = (r as { error: unknown }).error;
  const list = Array.isArray(error) ? error : [error];
  return list.length > 0 && list.every((e) => typeof (e as { code?: unknown })?.code === 'string');
}

describe('Result for any input shape (issue #25)', () => {
  it('calcDDTable of the issue: ERR_DD_INPUT, no TypeError', () => {
    const r = bridge.calcDDTable({ N: ['SA'], E: ['SK'], S: ['SQ'], W: ['SJ'] } as never);
    expect(r.ok).to.equal(false);
    if (!r.ok) expect(r.error.code).to.equal('ERR_DD_INPUT');
  });

  for (const [subpath, fns] of Object.entries(TABLE))
    for (const [name, fn] of Object.entries(fns))
      it(`${subpath}: ${name}`, async () => {
        let calls = 0;
        for (const [what, make] of HOSTILE)
          for (const arity of [1, 2, 3]) {
            const args = Array.from({ length: arity }, make);
            let out: unknown;
            try {
              out = fn(...args);
              if (out && typeof (out as Promise<unknown>).then === 'function') out = await out;
            } catch (e) {
              expect.fail(`${name}(${what} ×${arity}) threw ${(e as Error)?.name}: ${(e as Error)?.message}`);
            }
            // a batch answers with one Result per item (or one for input that is no list)
            const results = Array.isArray(out) ? out : [out];
            for (const r of results) expect(isResult(r), `${name}(${what} ×${arity}) → ${String(r)}`).to.equal(true);
            expect(({} as { polluted?: unknown }).polluted, `${name}(${what}) polluted Object.prototype`).to.equal(
              undefined,
            );
            calls++;
          }
        expect(calls).to.equal(HOSTILE.length * 3);
      });

  it('the table lists every public function and static method that returns a Result', () => {
    // every subpath with a src/<name>/index.ts (those without a row have no Result function today)
    const subpaths = [...Object.keys(TABLE), 'aif', 'engine', 'worker'];
    const files = subpaths.map((s) => `${root}/src/${s}/index.ts`);
    const program = ts.createProgram(files, {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      noEmit: true,
    });
    const checker = program.getTypeChecker();
    const found: string[] = [];
    const returnsResult = (type: ts.Type) =>
      type.getCallSignatures().some((sig) => {
        const text = checker.typeToString(sig.getReturnType(), undefined, ts.TypeFormatFlags.NoTruncation);
        return /^(Promise<)?Result</.test(text);
      });
    for (const subpath of subpaths) {
      const source = program.getSourceFile(`${root}/src/${subpath}/index.ts`)!;
      for (const exported of checker.getExportsOfModule(checker.getSymbolAtLocation(source)!)) {
        const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
        const decl = symbol.valueDeclaration;
        if (!decl) continue;
        const type = checker.getTypeOfSymbolAtLocation(symbol, decl);
        if (returnsResult(type)) found.push(`${subpath}: ${exported.name}`);
        if (symbol.flags & ts.SymbolFlags.Class)
          for (const member of type.getProperties()) {
            const d = member.valueDeclaration;
            const isPublic =
              d && !(ts.getCombinedModifierFlags(d) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected));
            if (d && isPublic && returnsResult(checker.getTypeOfSymbolAtLocation(member, d)))
              found.push(`${subpath}: ${exported.name}.${member.name}`);
          }
      }
    }
    const listed = Object.entries(TABLE).flatMap(([s, fns]) => Object.keys(fns).map((n) => `${s}: ${n}`));
    expect(
      found.filter((f) => !listed.includes(f)),
      'Result functions without a row in the table',
    ).to.deep.equal([]);
    expect(found.length).to.be.greaterThan(30);
  });
});
