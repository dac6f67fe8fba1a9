// Holds the error catalogue (src/codes.ts) to the code: every code found in src/ has an entry, every
// entry is still produced somewhere in src/, docs/errors.md is what the build script makes of the
// catalogue, and each example, run through the public API it names, really reports its code with
// the severity the catalogue gives.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, exampleInput, type CodeEntry, type ExampleApi } from 'gamenotation/codes';
import {
  initChess,
  parseFen,
  validateSetup,
  parseSan,
  parseSquare,
  parseUci,
  parsePerftSuite,
  Position,
} from 'gamenotation/chess';
import { parsePgn, readPgn, makePgn } from 'gamenotation/pgn';
// The lexer is internal (no package entry point): its codes are tested on the module itself.
import { tokenize } from '../../src/text/lexer.js';
import { parsePbn, parseCard, parseContract } from 'gamenotation/bridge';
import { checkPbnExport } from '../../src/bridge/pbn/export-check.js';
import {
  parsePbi,
  parseProblemXml,
  checkProblemXml,
  parsePopeye,
  parseStipulation,
  solve,
  initProblems,
  pbiToXml,
  pbiToPopeye,
  xmlToPbi,
  xmlToPopeye,
} from 'gamenotation/problems';
import {
  parseBpgn,
  readBpgn,
  parseBfen,
  validateBfen,
  parseChesscomGame,
  chesscomToMatch,
} from 'gamenotation/bughouse';
import { parseAif, validateAif } from 'gamenotation/aif';
import { parseEpd } from 'gamenotation/epd';
import { parseQueueUrl } from 'gamenotation/queue';
import type { Parsed } from 'gamenotation';
// @ts-ignore plain ESM helpers
import { collectCodes } from '../../scripts/error-codes.mjs';
// @ts-ignore plain ESM helpers
import { renderErrorsDoc } from '../../scripts/build-errors-doc.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

interface Reported {
  errors: string[];
  warnings: string[];
}

/** Codes found in `errors` and `warnings` arrays anywhere in a reader's result. */
function reported(value: unknown): Reported {
  const out: Reported = { errors: [], warnings: [] };
  const seen = new Set<unknown>();
  const walk = (v: unknown, depth: number): void => {
    if (v === null || typeof v !== 'object' || seen.has(v) || depth > 8) return;
    seen.add(v);
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    for (const [key, x] of Object.entries(v as Record<string, unknown>)) {
      if ((key === 'errors' || key === 'warnings') && Array.isArray(x)) {
        for (const e of x)
          if (e && typeof (e as { code?: unknown }).code === 'string') out[key].push((e as { code: string }).code);
      } else if (key === 'error' && x && typeof (x as { code?: unknown }).code === 'string')
        out.errors.push((x as { code: string }).code);
      else walk(x, depth + 1);
    }
  };
  walk(value, 0);
  return out;
}

const errorsOnly = (codes: string[]): Reported => ({ errors: codes, warnings: [] });
/** The codes of a reader's items, each `{ value, errors, warnings }`: a problem counts only where the item reports it. */
const ofItems = (items: Parsed<unknown>[]): Reported => ({
  errors: items.flatMap((i) => i.errors.map((e) => e.code)),
  warnings: items.flatMap((i) => i.warnings.map((e) => e.code)),
});
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** `FEN ; rest`, or just `rest` from `fallback`. */
const split = (input: string, fallback: string): [string, string] => {
  const at = input.lastIndexOf(' ; ');
  return at < 0 ? [fallback, input] : [input.slice(0, at), input.slice(at + 3)];
};

/** The input's characters as bytes (each below U+0100), for decoding errors. */
const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 255);
const warningsOnly = (list: { code: string }[]): Reported => ({ errors: [], warnings: list.map((w) => w.code) });
const xmlDocument = (input: string) => {
  const read = parseProblemXml(input);
  expect(read.value, `the XML example reads (${JSON.stringify(read.errors)})`).to.not.equal(null);
  return read.value!;
};

type Options = Record<string, number> | undefined;

const DISPATCH: Record<ExampleApi, (input: string, options: Options) => Reported | Promise<Reported>> = {
  tokenize: (input, options) => errorsOnly(tokenize(input, options).flatMap((t) => (t.error ? [t.error] : []))),
  makePgn: (input) => {
    const warnings: string[] = [];
    for (const g of parsePgn(input)) makePgn(g.value, { onWarning: (w) => warnings.push(w.code) });
    return { errors: [], warnings };
  },
  parsePbnBytes: (input) => reported(parsePbn(bytes(input))),
  readPgnBytes: async (input) => {
    const games = [];
    for await (const game of readPgn(bytes(input))) games.push(game);
    return ofItems(games);
  },
  readBpgnBytes: async (input) => {
    const matches = [];
    for await (const match of readBpgn(bytes(input))) matches.push(match);
    return ofItems(matches);
  },
  parseAifBytes: (input) => ofItems(parseAif(bytes(input))),
  parsePbiBytes: (input) => reported(parsePbi(bytes(input))),
  parseProblemXmlBytes: (input) => reported(parseProblemXml(bytes(input))),
  pbiToXml: (input) => warningsOnly(pbiToXml(parsePbi(input).value).warnings),
  pbiToPopeye: (input) => warningsOnly(pbiToPopeye(parsePbi(input).value).warnings),
  xmlToPbi: (input) => warningsOnly(xmlToPbi(xmlDocument(input)).warnings),
  xmlToPopeye: (input) => warningsOnly(xmlToPopeye(xmlDocument(input)).warnings),
  parseFen: (input) => reported(parseFen(input)),
  validateSetup: (input) => {
    const setup = parseFen(input);
    if (!setup.ok) return errorsOnly([setup.error.code]);
    return errorsOnly(validateSetup(setup.value).errors.map((e) => e.code));
  },
  parseSan: (input) => {
    const [fen, san] = split(input, START);
    const pos = Position.fromFen(fen);
    if (!pos.ok) return errorsOnly([pos.error.code]);
    return reported(parseSan(pos.value, san));
  },
  parseSquare: (input) => reported(parseSquare(input)),
  parseUci: (input) => reported(parseUci(input)),
  parseStipulation: (input) => reported(parseStipulation(input)),
  parsePerftSuite: (input) => {
    try {
      return reported(parsePerftSuite(input));
    } catch (e) {
      return errorsOnly([(e as { code?: string }).code ?? 'thrown']);
    }
  },
  parsePgn: (input, options) => ofItems(parsePgn(input, options)),
  readPgn: async (input, options) => {
    const games = [];
    for await (const game of readPgn(new TextEncoder().encode(input), options)) games.push(game);
    return ofItems(games);
  },
  parsePbn: (input, options) => reported(parsePbn(input, options)),
  parseCard: (input) => reported(parseCard(input)),
  parseContract: (input) => reported(parseContract(input)),
  checkPbnExport: (input) => ({ errors: [], warnings: checkPbnExport(input).map((e) => e.code) }),
  parsePbi: (input, options) => reported(parsePbi(input, options)),
  parseProblemXml: (input, options) => reported(parseProblemXml(input, options)),
  checkProblemXml: (input) => reported(checkProblemXml(input)),
  parsePopeye: (input) => ofItems(parsePopeye(input)),
  solve: (input) => {
    // `FEN ; stipulation`, or a whole Popeye input
    if (!input.includes(' ; ')) return reported(solve(input));
    const [fen, stipulation] = split(input, START);
    return reported(solve({ fen, stipulation } as never));
  },
  parseBpgn: (input) => ofItems(parseBpgn(input)),
  parseBfen: (input) => reported(parseBfen(input)),
  validateBfen: (input) => {
    const bfen = parseBfen(input);
    if (!bfen.ok) return errorsOnly([bfen.error.code]);
    return errorsOnly(validateBfen(bfen.value).errors.map((e) => e.code));
  },
  parseChesscomGame: (input) => reported(parseChesscomGame(input)),
  chesscomToMatch: (input) => {
    const [a, b] = input.split(' ; ').map((text) => parseChesscomGame(text));
    if (!a!.ok) return errorsOnly([a!.error.code]);
    if (!b!.ok) return errorsOnly([b!.error.code]);
    const match = chesscomToMatch(a!.value, b!.value);
    return match.ok ? ofItems([match.value]) : errorsOnly([match.error.code]);
  },
  parseAif: (input, options) => ofItems(parseAif(input, options)),
  parseEpd: (input, options) => ofItems(parseEpd(input, options)),
  parseEpdBytes: (input) => ofItems(parseEpd(bytes(input))),
  parseQueueUrl: (input) => {
    const r = parseQueueUrl(input);
    return errorsOnly(r.ok ? [] : [r.error.code]);
  },
  validateAif: (input) => {
    const all: Reported = { errors: [], warnings: [] };
    for (const { value: game } of parseAif(input)) {
      const r = validateAif(game);
      all.errors.push(...r.errors.map((e) => e.code));
      all.warnings.push(...r.warnings.map((e) => e.code));
    }
    return all;
  },
};

describe('error catalogue (src/codes.ts)', () => {
  const inSource: Map<string, string[]> = collectCodes(root);
  const byCode = new Map<string, CodeEntry>(ERROR_CODES.map((e) => [e.code, e]));

  before(async () => {
    await initChess();
    await initProblems();
  });

  it('lists each code once, sorted', () => {
    const codes = ERROR_CODES.map((e) => e.code);
    expect(new Set(codes).size).to.equal(codes.length);
    expect(codes).to.deep.equal([...codes].sort());
  });

  it('has an entry for every code found in src/', () => {
    const missing = [...inSource.keys()].filter((code) => !byCode.has(code));
    expect(missing, 'codes in src/ without a catalogue entry (add them to src/codes.ts)').to.deep.equal([]);
  });

  it('lists only codes that src/ still produces', () => {
    const stale = ERROR_CODES.map((e) => e.code).filter((code) => !inSource.has(code));
    expect(stale, 'catalogue entries no code in src/ produces').to.deep.equal([]);
  });

  it('gives every entry a meaning, and an example or the trigger that is not text', () => {
    for (const e of ERROR_CODES) {
      expect(e.meaning.length, e.code).to.be.greaterThan(5);
      expect(!(e.example && e.trigger), `${e.code}: example or trigger, not both`).to.equal(true);
    }
  });

  it('docs/errors.md is generated from the catalogue (node scripts/build-errors-doc.mjs)', () => {
    const doc = readFileSync(join(root, 'docs/errors.md'), 'utf8');
    expect(doc).to.equal(renderErrorsDoc(ERROR_CODES));
  });

  // every code an example run reports, wanted or not, must be catalogued too (a second net for
  // codes the source scan cannot see, such as ones built from parts)
  const reportedByExamples = new Set<string>();

  for (const entry of ERROR_CODES) {
    if (!entry.example) continue;
    const { api } = entry.example;
    it(`${entry.code}: ${api} reports it as ${entry.severity === 'error' ? 'an error' : 'a warning'}`, async () => {
      const got = await DISPATCH[api](exampleInput(entry.example!), entry.example!.options);
      for (const code of [...got.errors, ...got.warnings]) reportedByExamples.add(code);
      const list = entry.severity === 'error' ? got.errors : got.warnings;
      expect(list, `${api}(${JSON.stringify(entry.example!.input)}) reported ${JSON.stringify(got)}`).to.include(
        entry.code,
      );
    });
  }

  it('every code the examples report is catalogued (checked after the examples ran)', () => {
    expect(reportedByExamples.size).to.be.greaterThan(100);
    const unknown = [...reportedByExamples].filter((code) => !byCode.has(code));
    expect(unknown, 'codes reported by the examples but missing from the catalogue').to.deep.equal([]);
  });
});
