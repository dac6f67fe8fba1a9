import type { Command } from '../types.js';

/**
 * A verb as `--help` lists it. Its module is imported only when the verb runs, so a start-up reads
 * one verb's code (a `check` of a PGN file never parses the solver's or the DD solver's wasm).
 */
export interface Verb {
  name: string;
  summary: string;
  load(): Promise<Command>;
}

/** Every verb of the `gamenotation` command; each domain adds its own line here. */
export const verbs: Verb[] = [
  {
    name: 'check',
    summary: 'validate a file; every problem as file:line:col code message (exit 1 on errors)',
    load: async () => (await import('./formats.js')).checkCommand,
  },
  {
    name: 'export',
    summary: "write a file in its format's strict export form on stdout",
    load: async () => (await import('./formats.js')).exportCommand,
  },
  {
    name: 'convert',
    summary: 'convert a file to another format or to JSON',
    load: async () => (await import('./formats.js')).convertCommand,
  },
  {
    name: 'perft',
    summary: 'count leaf nodes of the move tree (bulk counted in wasm), or check perft suites',
    load: async () => (await import('./chess.js')).perftCommand,
  },
  {
    name: 'fen',
    summary: 'validate a FEN and print it normalized (or every error code, exit 1)',
    load: async () => (await import('./chess.js')).fenCommand,
  },
  {
    name: 'moves',
    summary: 'list the legal moves of a position (SAN by default, or UCI)',
    load: async () => (await import('./chess.js')).movesCommand,
  },
  {
    name: 'dd',
    summary: 'double-dummy tricks for every declarer and strain (and par) of PBN deals or a deal string',
    load: async () => (await import('./dd.js')).ddCommand,
  },
  {
    name: 'diagram',
    summary:
      'an SVG (or --png) diagram of a FEN, a PGN game, a BPGN match, a PBN deal (or --dd table), a PBI/problem XML problem, or an AIF evaluation graph',
    load: async () => (await import('./diagram.js')).diagramCommand,
  },
  {
    name: 'analyse',
    summary:
      'analyse a position, or a PGN file into AIF (--jobs N, or --queue redis://… across machines), with a UCI engine',
    load: async () => (await import('./engine.js')).analyseCommand,
  },
  {
    name: 'epd-test',
    summary: 'run an engine test suite (EPD: bm/am, STS points in c0) on N engines, solved count and points',
    load: async () => (await import('./epd-test.js')).epdTestCommand,
  },
  {
    name: 'stats',
    summary: 'per-player figures of AIF analysis: acpl, engine-move matches, lichess accuracy and errors (--by-player)',
    load: async () => (await import('./stats.js')).statsCommand,
  },
  {
    name: 'engines',
    summary: 'list the UCI engines found (native binaries, installed engine packages) with their versions',
    load: async () => (await import('./engine.js')).enginesCommand,
  },
  {
    name: 'solve',
    summary:
      'solve chess problems (#n, h#n, s#n, r#n, =n, h=n, s=n, series play) from Popeye input, PBI, problem XML or a FEN with --stip',
    load: async () => (await import('./solve.js')).solveCommand,
  },
  {
    name: 'worker',
    summary: 'work on queued analyse, dd and solve jobs from Redis (BullMQ) on this machine: --queue redis://host:6379',
    load: async () => (await import('./worker.js')).workerCommand,
  },
  {
    name: 'show',
    summary: 'print a BPGN match as a four-column table (WhiteA, BlackA, WhiteB, BlackB)',
    load: async () => (await import('./show.js')).showCommand,
  },
];
