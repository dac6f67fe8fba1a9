// The catalogue of every error and warning code the library reports: its format, whether readers
// report it as an error or a warning, what it means, and a one-line input that triggers it. The test
// test/core/errors-catalogue.node.test.ts holds it to src/ (every code found there is listed here and
// every entry is used) and runs each example through the named public API; docs/errors.md is
// generated from it by scripts/build-errors-doc.mjs.

/** The public call an example goes through (see the dispatch table in the catalogue test). */
export type ExampleApi =
  | 'parseFen'
  | 'validateSetup'
  | 'parseSan'
  | 'parseSquare'
  | 'parseUci'
  | 'parseStipulation'
  | 'parsePerftSuite'
  | 'parsePgn'
  // streamed reading (the input as UTF-8 bytes), where a game over maxGameBytes is skipped
  | 'readPgn'
  | 'parsePbn'
  | 'checkPbnExport'
  | 'parseCard'
  | 'parseContract'
  | 'parsePbi'
  | 'parseProblemXml'
  | 'checkProblemXml'
  | 'parsePopeye'
  | 'solve'
  | 'parseBpgn'
  | 'parseBfen'
  | 'validateBfen'
  | 'parseChesscomGame'
  // two chess.com game JSON texts, `A ; B`, paired into one match
  | 'chesscomToMatch'
  | 'parseAif'
  | 'validateAif'
  // EPD: the lenient reader, and the same with the input's characters taken as bytes (decoding errors)
  | 'parseEpd'
  | 'parseEpdBytes'
  // the queue URL of --queue (gamenotation/queue, Node only)
  | 'parseQueueUrl'
  // the PGN-family lexer's tokens (internal: src/text/lexer.ts) and the PGN writer's export-format warnings (onWarning)
  | 'tokenize'
  | 'makePgn'
  // the input's characters taken as bytes (U+0000..U+00FF), for decoding errors
  | 'parsePbnBytes'
  | 'readPgnBytes'
  | 'readBpgnBytes'
  | 'parseAifBytes'
  | 'parsePbiBytes'
  | 'parseProblemXmlBytes'
  // conversions between problem formats (their warnings), from the input read as PBI or XML
  | 'pbiToXml'
  | 'pbiToPopeye'
  | 'xmlToPbi'
  | 'xmlToPopeye';

/** An input that makes the named public API report a code (run by the test suite). */
export interface CodeExample {
  api: ExampleApi;
  /**
   * The input text. `«x×300»` stands for 300 copies of `x`, to keep long inputs on one line; expand
   * it with `exampleInput`. For parseSan the input is `FEN ; SAN` (or just SAN from the start
   * position); for solve it is `FEN ; stipulation` or a Popeye input.
   */
  input: string;
  /** Reader options passed with the input, for limits such as `{ maxGameBytes: 64 }`. */
  options?: Record<string, number>;
}

/** One error or warning code of the catalogue and what it means. */
export interface CodeEntry {
  code: string;
  /** The notation or subsystem that reports it (fen, chess, san, pgn, pbn, bridge, dd, pbi, xml, …). */
  format: string;
  /** How the readers report it: in `errors` or in `warnings`. */
  severity: 'error' | 'warning';
  meaning: string;
  /** A one-line input that produces the code through a public API. */
  example?: CodeExample;
  /** When no text input triggers the code: what does, and the tests that cover it. */
  trigger?: string;
}

/** Expands the `«x×n»` repeat marks of an example input. */
export function exampleInput(example: CodeExample): string {
  return example.input.replace(/«(.+?)×(\d+)»/gu, (_, text: string, n: string) => text.repeat(Number(n)));
}

/** Every error and warning code, sorted by code. */
export const ERROR_CODES: readonly CodeEntry[] = [
  {
    code: 'ERR_AIF_ABORTED',
    format: 'aif',
    severity: 'error',
    meaning: 'analysis aborted',
    trigger: 'an AbortSignal fired during analyseGame; no text input (tests: test/aif/aif.test.ts)',
  },
  {
    code: 'ERR_AIF_ENCODING',
    format: 'aif',
    severity: 'warning',
    meaning: 'bytes of a file read as UTF-8 are not UTF-8; they are read as Latin-1 characters',
    example: {
      api: 'parseAifBytes',
      input: 'ï»¿[Event "ÿ"]\n\n1. e4 *\n',
    },
  },
  {
    code: 'ERR_AIF_END_MOVE',
    format: 'aif',
    severity: 'error',
    meaning: '[EndMove] outside a move block',
    example: {
      api: 'parseAif',
      input: '[EndMove]\n',
    },
  },
  {
    code: 'ERR_AIF_ENGINE_MOVE',
    format: 'aif',
    severity: 'error',
    meaning: 'the EngineMove tag is not the best row of the grid at the deepest depth',
    example: {
      api: 'validateAif',
      input:
        '[GameID "g"]\n[Event "x"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[SetUp "1"]\n\n1. Ka2 *\n\n[GID "g"]\n[Turn "1-w"]\n[MovePlayed "Ka2"]\n[EngineMove "Kb1"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[RepCount "0"]\n[NumLegalMoves "3"]\n[LegalMoves "Ka2,Kb1,Kb2"]\n\n       1\nKa2   010\nKb1   000\nKb2   000\n',
    },
  },
  {
    code: 'ERR_AIF_FEN',
    format: 'aif',
    severity: 'error',
    meaning: "the FEN tag is not the position before the block's turn",
    example: {
      api: 'validateAif',
      input:
        '[GameID "g"]\n[Event "x"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[SetUp "1"]\n\n1. Ka2 *\n\n[GID "g"]\n[Turn "1-w"]\n[MovePlayed "Ka2"]\n[EngineMove "Ka2"]\n[FEN "7k/8/8/8/8/8/8/1K6 w - - 0 1"]\n[RepCount "0"]\n[NumLegalMoves "3"]\n[LegalMoves "Ka2,Kb1,Kb2"]\n\n       1\nKa2   010\nKb1   000\nKb2   000\n',
    },
  },
  {
    code: 'ERR_AIF_GAME',
    format: 'aif',
    severity: 'error',
    meaning: 'analyseGame was given a game whose starting position cannot be read',
    trigger:
      'analyseGame given a game whose start position is invalid (a game object and an engine, not text); no test names it yet',
  },
  {
    code: 'ERR_AIF_GAME_TOO_LARGE',
    format: 'aif',
    severity: 'error',
    meaning: 'game has too many lines; the rest of it is skipped',
    example: {
      api: 'parseAif',
      input: '[Event "x"]\n\n1. e4 *\n\n[GameID "x"]\n[Turn "1w"]\n[FEN "x"]\n[RepCount "0"]\n',
      options: {
        maxGameLines: 3,
      },
    },
  },
  {
    code: 'ERR_AIF_GID',
    format: 'aif',
    severity: 'error',
    meaning: 'the GID tag does not name the game',
    example: {
      api: 'validateAif',
      input:
        '[GameID "g"]\n[Event "x"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[SetUp "1"]\n\n1. Ka2 *\n\n[GID "h"]\n[Turn "1-w"]\n[MovePlayed "Ka2"]\n[EngineMove "Ka2"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[RepCount "0"]\n[NumLegalMoves "3"]\n[LegalMoves "Ka2,Kb1,Kb2"]\n\n       1\nKa2   010\nKb1   000\nKb2   000\n',
    },
  },
  {
    code: 'ERR_AIF_GRID_CELL',
    format: 'aif',
    severity: 'error',
    meaning: 'grid cell "…" is not a number, n.a., NREC or PRUN',
    example: {
      api: 'parseAif',
      input:
        '[GameID "g"]\n[Event "x"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[SetUp "1"]\n\n1. Ka2 *\n\n[GID "g"]\n[Turn "1-w"]\n[MovePlayed "Ka2"]\n[EngineMove "Ka2"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[RepCount "0"]\n[NumLegalMoves "3"]\n[LegalMoves "Ka2,Kb1,Kb2"]\n\n       1\nKa2   010\nKb1   000 zz\nKb2   000\n',
    },
  },
  {
    code: 'ERR_AIF_GRID_HEADER',
    format: 'aif',
    severity: 'error',
    meaning: 'the depth columns of the grid header do not increase',
    example: {
      api: 'parseAif',
      input:
        '[GameID "g"]\n[Event "x"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[SetUp "1"]\n\n1. Ka2 *\n\n[GID "g"]\n[Turn "1-w"]\n[MovePlayed "Ka2"]\n[EngineMove "Ka2"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[RepCount "0"]\n[NumLegalMoves "3"]\n[LegalMoves "Ka2,Kb1,Kb2"]\n\n       2    1\nKa2   010 010\nKb1   000 000\nKb2   000 000\n',
    },
  },
  {
    code: 'ERR_AIF_GRID_MOVE',
    format: 'aif',
    severity: 'warning',
    meaning: 'grid row … is not a legal move',
    example: {
      api: 'validateAif',
      input:
        '[GameID "g"]\n[Event "x"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[SetUp "1"]\n\n1. Ka2 *\n\n[GID "g"]\n[Turn "1-w"]\n[MovePlayed "Ka2"]\n[EngineMove "Ka2"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[RepCount "0"]\n[NumLegalMoves "3"]\n[LegalMoves "Ka2,Kb1,Kb2"]\n\n       1\nKa2   010\nKb1   000\nKh8   000\n',
    },
  },
  {
    code: 'ERR_AIF_GRID_ROW',
    format: 'aif',
    severity: 'error',
    meaning: 'a grid row has more or fewer cells than there are depth columns',
    example: {
      api: 'parseAif',
      input:
        '[GameID "g"]\n[Event "x"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[SetUp "1"]\n\n1. Ka2 *\n\n[GID "g"]\n[Turn "1-w"]\n[MovePlayed "Ka2"]\n[EngineMove "Ka2"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[RepCount "0"]\n[NumLegalMoves "3"]\n[LegalMoves "Ka2,Kb1,Kb2"]\n\n       1\nKa2   010 020\nKb1   000\nKb2   000\n',
    },
  },
  {
    code: 'ERR_AIF_GRID_ROWS',
    format: 'aif',
    severity: 'warning',
    meaning: 'the grid has more or fewer rows than the position has legal moves',
    example: {
      api: 'validateAif',
      input:
        '[GameID "g"]\n[Event "x"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[SetUp "1"]\n\n1. Ka2 *\n\n[GID "g"]\n[Turn "1-w"]\n[MovePlayed "Ka2"]\n[EngineMove "Ka2"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[RepCount "0"]\n[NumLegalMoves "3"]\n[LegalMoves "Ka2,Kb1,Kb2"]\n\n       1\nKa2   010\nKb1   000\nKb2   000\nKa1   000\n',
    },
  },
  {
    code: 'ERR_AIF_GZIP',
    format: 'aif',
    severity: 'error',
    meaning: 'compressed input is damaged',
  },
  {
    code: 'ERR_AIF_GZIP_LIMIT',
    format: 'aif',
    severity: 'error',
    meaning:
      'compressed input inflates past maxInflatedBytes (1 GiB) or maxInflateRatio (200 times its compressed size, judged from 16 MiB on); the rest is not read',
  },
  {
    code: 'ERR_AIF_LEGACY_TAG',
    format: 'aif',
    severity: 'warning',
    meaning: 'MoveNo read as Turn (2012 shape)',
    example: {
      api: 'parseAif',
      input: '[Event "x"]\n\n1. e4 *\n\n[GameID "x"]\n[MoveNo "1-w"]\n',
    },
  },
  {
    code: 'ERR_AIF_LEGAL_MOVES',
    format: 'aif',
    severity: 'error',
    meaning: 'LegalMoves lists a move that is not legal or misses one that is',
    example: {
      api: 'validateAif',
      input:
        '[GameID "g"]\n[Event "x"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[SetUp "1"]\n\n1. Ka2 *\n\n[GID "g"]\n[Turn "1-w"]\n[MovePlayed "Ka2"]\n[EngineMove "Ka2"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[RepCount "0"]\n[NumLegalMoves "3"]\n[LegalMoves "Ka2,Kb1"]\n\n       1\nKa2   010\nKb1   000\nKb2   000\n',
    },
  },
  {
    code: 'ERR_AIF_LINE_TOO_LONG',
    format: 'aif',
    severity: 'error',
    meaning: 'line of … characters (limit …)',
    example: {
      api: 'parseAif',
      input: '[Event "a long event name"]\n\n1. e4 *\n',
      options: {
        maxLineLength: 10,
      },
    },
  },
  {
    code: 'ERR_AIF_MISSING_TAG',
    format: 'aif',
    severity: 'warning',
    meaning:
      'a game header lacks tags the AIF v0.5 spec requires (GameID, EngineID, Platform, Threads, Hash, MultiPV, DepthRange, EGT, Mode); the game is read',
    example: {
      api: 'parseAif',
      input:
        '; AIF v0.5\n[GameID "g"]\n[Event "x"]\n[EngineID "e"]\n[Threads "1"]\n[Hash "16"]\n[MultiPV "1"]\n[DepthRange "1-1"]\n[EGT "none"]\n[Mode "forward;r;1-w"]\n\n1. e4 *\n',
    },
  },
  {
    code: 'ERR_AIF_MOVE_PLAYED',
    format: 'aif',
    severity: 'error',
    meaning: "the MovePlayed tag is not the game's move",
    example: {
      api: 'validateAif',
      input:
        '[GameID "g"]\n[Event "x"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[SetUp "1"]\n\n1. Ka2 *\n\n[GID "g"]\n[Turn "1-w"]\n[MovePlayed "Kb1"]\n[EngineMove "Ka2"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[RepCount "0"]\n[NumLegalMoves "3"]\n[LegalMoves "Ka2,Kb1,Kb2"]\n\n       1\nKa2   010\nKb1   000\nKb2   000\n',
    },
  },
  {
    code: 'ERR_AIF_NO_GAME',
    format: 'aif',
    severity: 'warning',
    meaning: 'move blocks without a game: only values are checked',
    example: {
      api: 'validateAif',
      input:
        '[GID "g"]\n[Turn "1-w"]\n[MovePlayed "Ka2"]\n[EngineMove "Ka2"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[RepCount "0"]\n[NumLegalMoves "3"]\n[LegalMoves "Ka2,Kb1,Kb2"]\n\n       1\nKa2   010\nKb1   000\n',
    },
  },
  {
    code: 'ERR_AIF_NUM_LEGAL_MOVES',
    format: 'aif',
    severity: 'error',
    meaning: 'NumLegalMoves is not the number of legal moves of the position',
    example: {
      api: 'validateAif',
      input:
        '[GameID "g"]\n[Event "x"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[SetUp "1"]\n\n1. Ka2 *\n\n[GID "g"]\n[Turn "1-w"]\n[MovePlayed "Ka2"]\n[EngineMove "Ka2"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[RepCount "0"]\n[NumLegalMoves "4"]\n[LegalMoves "Ka2,Kb1,Kb2"]\n\n       1\nKa2   010\nKb1   000\nKb2   000\n',
    },
  },
  {
    code: 'ERR_AIF_PGN',
    format: 'aif',
    severity: 'error',
    meaning: 'more than one PGN game where one was expected',
    example: {
      api: 'parseAif',
      input: '[Event "x"]\n\n1. e4 *\n\nhello there\n',
    },
  },
  {
    code: 'ERR_AIF_REPCOUNT',
    format: 'aif',
    severity: 'error',
    meaning: 'RepCount is not the number of earlier occurrences of the position',
    example: {
      api: 'validateAif',
      input:
        '[GameID "g"]\n[Event "x"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[SetUp "1"]\n\n1. Ka2 *\n\n[GID "g"]\n[Turn "1-w"]\n[MovePlayed "Ka2"]\n[EngineMove "Ka2"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[RepCount "2"]\n[NumLegalMoves "3"]\n[LegalMoves "Ka2,Kb1,Kb2"]\n\n       1\nKa2   010\nKb1   000\nKb2   000\n',
    },
  },
  {
    code: 'ERR_AIF_TAG',
    format: 'aif',
    severity: 'error',
    meaning: 'a tag line is malformed',
    example: {
      api: 'parseAif',
      input:
        '[GameID "g"]\n[Event "x"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[SetUp "1"]\n\n1. Ka2 *\n\n[GID "g"]\n[Turn "1-w"]\n[MovePlayed "Ka2"]\n[EngineMove "Ka2"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[RepCount 0]\n[NumLegalMoves "3"]\n[LegalMoves "Ka2,Kb1,Kb2"]\n\n       1\nKa2   010\nKb1   000\nKb2   000\n',
    },
  },
  {
    code: 'ERR_AIF_TAG_REPEATED',
    format: 'aif',
    severity: 'error',
    meaning: 'tag … repeated in one block',
    example: {
      api: 'parseAif',
      input: '[Event "x"]\n\n1. e4 *\n\n[GameID "x"]\n[Turn "1w"]\n[Turn "1w"]\n',
    },
  },
  {
    code: 'ERR_AIF_TAG_SPACING',
    format: 'aif',
    severity: 'warning',
    meaning: 'a tag has other than one space between name and value',
    example: {
      api: 'parseAif',
      input: '[Event  "x"]\n\n1. e4 *\n',
    },
  },
  {
    code: 'ERR_AIF_TURN',
    format: 'aif',
    severity: 'error',
    meaning: 'the Turn tag is not a move number and side (such as 12w)',
    example: {
      api: 'validateAif',
      input:
        '[GameID "g"]\n[Event "x"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[SetUp "1"]\n\n1. Ka2 *\n\n[GID "g"]\n[Turn "9-w"]\n[MovePlayed "Ka2"]\n[EngineMove "Ka2"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[RepCount "0"]\n[NumLegalMoves "3"]\n[LegalMoves "Ka2,Kb1,Kb2"]\n\n       1\nKa2   010\nKb1   000\nKb2   000\n',
    },
  },
  {
    code: 'ERR_AIF_UNEXPECTED_TEXT',
    format: 'aif',
    severity: 'error',
    meaning: 'text outside a game or move block: …',
  },
  {
    code: 'ERR_AIF_VALUE',
    format: 'aif',
    severity: 'error',
    meaning: 'a grid value is out of range (±900 centipawns, mates ±(1000−n))',
    example: {
      api: 'validateAif',
      input:
        '[GameID "g"]\n[Event "x"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[SetUp "1"]\n\n1. Ka2 *\n\n[GID "g"]\n[Turn "1-w"]\n[MovePlayed "Ka2"]\n[EngineMove "Ka2"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[RepCount "0"]\n[NumLegalMoves "3"]\n[LegalMoves "Ka2,Kb1,Kb2"]\n\n       1\nKa2   5000\nKb1   000\nKb2   000\n',
    },
  },
  {
    code: 'ERR_AIF_VERSION',
    format: 'aif',
    severity: 'warning',
    meaning: 'the AIF version line names an unknown version; read as v0.5',
    example: {
      api: 'parseAif',
      input:
        '; AIF v9.9 x\n[GameID "g"]\n[Event "x"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[SetUp "1"]\n\n1. Ka2 *\n\n[GID "g"]\n[Turn "1-w"]\n[MovePlayed "Ka2"]\n[EngineMove "Ka2"]\n[FEN "7k/8/8/8/8/8/8/K7 w - - 0 1"]\n[RepCount "0"]\n[NumLegalMoves "3"]\n[LegalMoves "Ka2,Kb1,Kb2"]\n\n       1\nKa2   010\nKb1   000\nKb2   000\n',
    },
  },
  {
    code: 'ERR_BFEN_BOARD',
    format: 'bfen',
    severity: 'error',
    meaning: 'the placement needs 8 ranks',
    example: {
      api: 'parseBfen',
      input:
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/ w KQkq - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1',
    },
  },
  {
    code: 'ERR_BFEN_BOARDS',
    format: 'bfen',
    severity: 'error',
    meaning: 'a BFEN has two boards separated by |',
    example: {
      api: 'parseBfen',
      input: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1',
    },
  },
  {
    code: 'ERR_BFEN_CASTLING',
    format: 'bfen',
    severity: 'error',
    meaning: 'on one board: invalid castling field (the FEN/position code of that board, renamed)',
    example: {
      api: 'validateBfen',
      input: '4k3/8/8/8/8/8/8/4K3/ w KQ - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1',
    },
  },
  {
    code: 'ERR_BFEN_CLOCK',
    format: 'bfen',
    severity: 'error',
    meaning: 'a clock field is not a time',
    example: {
      api: 'parseBfen',
      input:
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - x 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1',
    },
  },
  {
    code: 'ERR_BFEN_CLOCKS',
    format: 'bfen',
    severity: 'error',
    meaning: 'on one board: invalid halfmove clock or fullmove number (the FEN/position code of that board, renamed)',
    trigger:
      'not reached from BFEN text: the BFEN reader gives the FEN parser fixed clocks (0 1) and renames every ERR_FEN_* code, so this name exists but a BFEN has no clock field to be wrong',
  },
  {
    code: 'ERR_BFEN_EMPTY',
    format: 'bfen',
    severity: 'error',
    meaning: 'on one board: empty FEN (the FEN/position code of that board, renamed)',
  },
  {
    code: 'ERR_BFEN_EP',
    format: 'bfen',
    severity: 'error',
    meaning: 'on one board: invalid en passant field (the FEN/position code of that board, renamed)',
    example: {
      api: 'validateBfen',
      input: '4k3/8/8/8/8/8/8/4K3/ w - e3 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1',
    },
  },
  {
    code: 'ERR_BFEN_FIELDS',
    format: 'bfen',
    severity: 'error',
    meaning: 'expected placement, side to move, castling, en passant and two clocks',
    example: {
      api: 'parseBfen',
      input: ' | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1',
    },
  },
  {
    code: 'ERR_BFEN_HOLDINGS',
    format: 'bfen',
    severity: 'error',
    meaning: 'holdings in brackets are malformed or misplaced',
    example: {
      api: 'parseBfen',
      input:
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/XY w KQkq - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1',
    },
  },
  {
    code: 'ERR_BFEN_IMPOSSIBLE_CHECK',
    format: 'bfen',
    severity: 'error',
    meaning:
      'on one board: the checks cannot have been given by the last move (the FEN/position code of that board, renamed)',
    example: {
      api: 'validateBfen',
      input: 'R3k3/8/8/8/8/8/8/4R1K1/ b - - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1',
    },
  },
  {
    code: 'ERR_BFEN_KINGS',
    format: 'bfen',
    severity: 'error',
    meaning: 'on one board: each side needs exactly one king (the FEN/position code of that board, renamed)',
    example: {
      api: 'validateBfen',
      input: '8/8/8/8/8/8/8/8/ w - - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1',
    },
  },
  {
    code: 'ERR_BFEN_MATERIAL',
    format: 'bfen',
    severity: 'error',
    meaning: 'more pieces of a kind over both boards and holdings than two sets have',
    example: {
      api: 'validateBfen',
      input:
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/QQQQQQQQQQQQQQQQQQ w KQkq - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1',
    },
  },
  {
    code: 'ERR_BFEN_OPPOSITE_CHECK',
    format: 'bfen',
    severity: 'error',
    meaning: 'on one board: the side not to move is in check (the FEN/position code of that board, renamed)',
    example: {
      api: 'validateBfen',
      input: '4k3/8/8/8/8/8/8/4R1K1/ w - - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1',
    },
  },
  {
    code: 'ERR_BFEN_PAWNS_ON_BACKRANK',
    format: 'bfen',
    severity: 'error',
    meaning: 'on one board: pawns on the first or eighth rank (the FEN/position code of that board, renamed)',
    example: {
      api: 'validateBfen',
      input:
        'Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1',
    },
  },
  {
    code: 'ERR_BFEN_POCKET',
    format: 'bfen',
    severity: 'error',
    meaning: 'on one board: invalid crazyhouse pocket (the FEN/position code of that board, renamed)',
  },
  {
    code: 'ERR_BFEN_TOO_LONG',
    format: 'bfen',
    severity: 'error',
    meaning: 'on one board: FEN longer than 2047 bytes (the FEN/position code of that board, renamed)',
    trigger:
      "not reached from BFEN text: each board's placement is checked (ERR_BFEN_BOARD) before the FEN is built, and a placement that passes is far below the FEN length limit; the name exists because the reader renames every ERR_FEN_* code",
  },
  {
    code: 'ERR_BFEN_TOO_MANY_PIECES',
    format: 'bfen',
    severity: 'error',
    meaning: 'on one board: more pieces than the game can have (the FEN/position code of that board, renamed)',
  },
  {
    code: 'ERR_BFEN_TURN',
    format: 'bfen',
    severity: 'error',
    meaning: 'side to move must be w or b',
    example: {
      api: 'parseBfen',
      input:
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ x KQkq - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1',
    },
  },
  {
    code: 'ERR_BPGN_CHESSCOM_FEN',
    format: 'bpgn',
    severity: 'warning',
    meaning:
      "chess.com's FEN tag: empty holdings as a trailing / and FEN move counters where a BFEN has clocks (read as a BFEN without clocks)",
    example: {
      api: 'parseBpgn',
      input:
        '[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1"]\n\n1A. e4 *\n',
    },
  },
  {
    code: 'ERR_BPGN_CHESSCOM_KNIGHT_DROP',
    format: 'bpgn',
    severity: 'warning',
    meaning: "chess.com's knight drop $146@g4 (its exporter writes $146 for N), read as N@g4",
    example: {
      api: 'parseBpgn',
      input: '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3/N w - - | 4k3/8/8/8/8/8/8/4K3 w - -"]\n\n1A. $146@g4 *\n',
    },
  },
  {
    code: 'ERR_BPGN_DUPLICATE_TAG',
    format: 'bpgn',
    severity: 'warning',
    meaning: 'tag … given twice (the last is kept)',
    example: {
      api: 'parseBpgn',
      input: '[Event "x"]\n[Event "y"]\n\n1A. e4 *\n',
    },
  },
  {
    code: 'ERR_BPGN_ENCODING',
    format: 'bpgn',
    severity: 'warning',
    meaning: 'bytes of a file read as UTF-8 are not UTF-8; they are read as Latin-1 characters',
    example: {
      api: 'readBpgnBytes',
      input: 'ï»¿[Event "ÿ"]\n\n1A. e4 *\n',
    },
  },
  {
    code: 'ERR_BPGN_FEN',
    format: 'bpgn',
    severity: 'error',
    meaning: 'Setup "1" without a FEN tag',
    example: {
      api: 'parseBpgn',
      input: '[SetUp "1"]\n\n1A. e4 *\n',
    },
  },
  {
    code: 'ERR_BPGN_LAG',
    format: 'bpgn',
    severity: 'warning',
    meaning: 'Lag must be milliseconds separated by spaces',
    example: {
      api: 'parseBpgn',
      input: '[Lag "abc"]\n\n1A. e4 *\n',
    },
  },
  {
    code: 'ERR_BPGN_MOVE_NUMBER',
    format: 'bpgn',
    severity: 'warning',
    meaning: 'move number … on board …, expected …',
    example: {
      api: 'parseBpgn',
      input: '[Event "x"]\n\n3A. e4 *\n',
    },
  },
  {
    code: 'ERR_BPGN_NAG',
    format: 'bpgn',
    severity: 'warning',
    meaning: 'unknown annotation ($ number out of range or unknown symbol)',
    example: {
      api: 'parseBpgn',
      input: '[Event "x"]\n\n1A. e4 $ *\n',
    },
  },
  {
    code: 'ERR_BPGN_NOT_MATE',
    format: 'bpgn',
    severity: 'warning',
    meaning: 'the ending comment says mate but the board is not mate',
    example: {
      api: 'parseBpgn',
      input: '[WhiteA "a"]\n[BlackA "b"]\n[WhiteB "c"]\n[BlackB "d"]\n[Result "1-0"]\n\n1A. e4 {b checkmated} 1-0\n',
    },
  },
  {
    code: 'ERR_BPGN_NO_PREFIX',
    format: 'bpgn',
    severity: 'error',
    meaning: 'a move number has no board letter (1A. / 1a. / 1B. / 1b.)',
    example: {
      api: 'parseBpgn',
      input: '[Event "x"]\n\n1. e4 *\n',
    },
  },
  {
    code: 'ERR_BPGN_NO_RESULT',
    format: 'bpgn',
    severity: 'warning',
    meaning: 'the movetext has no result (the Result tag is taken)',
    example: {
      api: 'parseBpgn',
      input: '[Event "x"]\n\n1A. e4\n',
    },
  },
  {
    code: 'ERR_BPGN_NUMBER_PERIOD',
    format: 'bpgn',
    severity: 'warning',
    meaning: 'a move number without its period (1A e4)',
    example: {
      api: 'parseBpgn',
      input: '[Event "x"]\n\n1A e4 *\n',
    },
  },
  {
    code: 'ERR_BPGN_PAWN_CAPTURE_FILE',
    format: 'bpgn',
    severity: 'warning',
    meaning: 'a pawn capture names the wrong file',
    example: {
      api: 'parseBpgn',
      input: '[WhiteA "a"]\n[BlackA "b"]\n[WhiteB "c"]\n[BlackB "d"]\n[Result "1-0"]\n\n1A. e4 1a. d5 2A. xd5 *\n',
    },
  },
  {
    code: 'ERR_BPGN_PAWN_DROP_LETTER',
    format: 'bpgn',
    severity: 'warning',
    meaning: 'a pawn drop without its letter (@e3, as chess.com writes it), read as P@e3',
    example: {
      api: 'parseBpgn',
      input: '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3/P w - - | 4k3/8/8/8/8/8/8/4K3 w - -"]\n\n1A. @e3 *\n',
    },
  },
  {
    code: 'ERR_BPGN_RAV',
    format: 'bpgn',
    severity: 'error',
    meaning: 'variation not closed (left out)',
    example: {
      api: 'parseBpgn',
      input: '[Event "x"]\n\n1A. e4 (1A. d4 *\n',
    },
  },
  {
    code: 'ERR_BPGN_RESULT',
    format: 'bpgn',
    severity: 'warning',
    meaning: 'the Result tag is not a bughouse result',
    example: {
      api: 'parseBpgn',
      input: '[Result "2-0"]\n\n1A. e4 *\n',
    },
  },
  {
    code: 'ERR_BPGN_RESULT_BOARD_VIEW',
    format: 'bpgn',
    severity: 'warning',
    meaning: "the ending comment gives the result from the board's view, not team A's",
    example: {
      api: 'parseBpgn',
      input: '[WhiteA "a"]\n[BlackA "b"]\n[WhiteB "c"]\n[BlackB "d"]\n[Result "0-1"]\n\n1A. e4 {c resigns} 0-1\n',
    },
  },
  {
    code: 'ERR_BPGN_RESULT_MISMATCH',
    format: 'bpgn',
    severity: 'error',
    meaning: 'the Result tag and the movetext result differ',
    example: {
      api: 'parseBpgn',
      input: '[Result "1-0"]\n\n1A. e4 0-1\n',
    },
  },
  {
    code: 'ERR_BPGN_STRAY',
    format: 'bpgn',
    severity: 'warning',
    meaning: 'a stray character in the movetext',
    example: {
      api: 'parseBpgn',
      input: '[WhiteA "a"]\n[BlackA "b"]\n[WhiteB "c"]\n[BlackB "d"]\n\n1A. e4 . *\n',
    },
  },
  {
    code: 'ERR_BPGN_TAG',
    format: 'bpgn',
    severity: 'error',
    meaning: 'a tag needs a name',
    example: {
      api: 'parseBpgn',
      input: '[ "x"]\n\n1A. e4 *\n',
    },
  },
  {
    code: 'ERR_BPGN_TERMINATION',
    format: 'bpgn',
    severity: 'error',
    meaning: 'the ending comment does not agree with the result',
    example: {
      api: 'parseBpgn',
      input: '[WhiteA "a"]\n[BlackA "b"]\n[WhiteB "c"]\n[BlackB "d"]\n[Result "1-0"]\n\n1A. e4 {a resigns} 1-0\n',
    },
  },
  {
    code: 'ERR_BPGN_TERMINATION_PLAYER',
    format: 'bpgn',
    severity: 'warning',
    meaning: "'…' names no player of the match",
    example: {
      api: 'parseBpgn',
      input: '[WhiteA "a"]\n[BlackA "b"]\n[WhiteB "c"]\n[BlackB "d"]\n[Result "1-0"]\n\n1A. e4 {zz resigns} 1-0\n',
    },
  },
  {
    code: 'ERR_BPGN_TIME_CONTROL',
    format: 'bpgn',
    severity: 'warning',
    meaning: 'the TimeControl tag is not base+increment',
    example: {
      api: 'parseBpgn',
      input: '[TimeControl "abc"]\n\n1A. e4 *\n',
    },
  },
  {
    code: 'ERR_BPGN_TURN',
    format: 'bpgn',
    severity: 'error',
    meaning: 'a move is given for the side not to move on its board',
    example: {
      api: 'parseBpgn',
      input: '[Event "x"]\n\n1a. e5 *\n',
    },
  },
  {
    code: 'ERR_BPGN_UNEXPECTED',
    format: 'bpgn',
    severity: 'error',
    meaning: 'an unexpected token in the movetext',
    example: {
      api: 'parseBpgn',
      input: '[Event "x"]\n\n1A. e4 ] *\n',
    },
  },
  {
    code: 'ERR_BRIDGE_CARD',
    format: 'bridge',
    severity: 'error',
    meaning: 'the text is not a card (suit S H D C, then rank A K Q J T 9–2)',
    example: {
      api: 'parseCard',
      input: 'S1',
    },
  },
  {
    code: 'ERR_BRIDGE_CONTRACT',
    format: 'bridge',
    severity: 'error',
    meaning: 'the text is not a contract (`4HX`, `3NT`, `Pass`)',
    example: {
      api: 'parseContract',
      input: '8NT',
    },
  },
  {
    code: 'ERR_CHESSCOM_JSON',
    format: 'bughouse',
    severity: 'error',
    meaning: 'not a chess.com game (game.moveList missing)',
    example: {
      api: 'parseChesscomGame',
      input: '{}',
    },
  },
  {
    code: 'ERR_CHESSCOM_PARTNER',
    format: 'bughouse',
    severity: 'error',
    meaning: 'game … is not the partner of game … (…)',
    example: {
      api: 'chesscomToMatch',
      input: '{"game":{"id":1,"partnerGameId":2,"moveList":"mC"}} ; {"game":{"id":3,"moveList":""}}',
    },
  },
  {
    code: 'ERR_CHESSCOM_TCN',
    format: 'bughouse',
    severity: 'error',
    meaning: 'a chess.com moveList (TCN) is malformed',
    example: {
      api: 'chesscomToMatch',
      input: '{"game":{"id":1,"partnerGameId":2,"moveList":"m"}} ; {"game":{"id":2,"partnerGameId":1,"moveList":""}}',
    },
  },
  {
    code: 'ERR_CONVERT_AUTHOR',
    format: 'problems',
    severity: 'warning',
    meaning: '…: vCard author reduced to its name',
    example: {
      api: 'xmlToPbi',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0" xmlns:vCard="http://www.w3.org/2001/vcard-rdf/3.0#"><problem><piecedecls><piecedecl id="wk" kind="king" color="white"/><piecedecl id="bk" kind="king" color="black"/></piecedecls><release id="r1" type="initial"><author><vCard:VCARD><vCard:FN>A B</vCard:FN></vCard:VCARD></author><twin id="a"><position id="a"><pieces><addition piece="wk"><plane dim="1" value="5"/><plane dim="2" value="1"/></addition><addition piece="bk"><plane dim="1" value="5"/><plane dim="2" value="8"/></addition></pieces></position><stipulation order="alternating" play="direct"><length type="maximum" value="3"/><endstate type="mate"/></stipulation></twin></release></problem></problems>',
    },
  },
  {
    code: 'ERR_CONVERT_AWARD',
    format: 'problems',
    severity: 'warning',
    meaning: 'an award number is not carried to the target format',
    example: {
      api: 'pbiToXml',
      input: '﻿#PBI 1.2\nA:4k3/8/8/8/8/8/8/4K3:#2:::x|1|T|2000:::\n',
    },
  },
  {
    code: 'ERR_CONVERT_COLOR',
    format: 'problems',
    severity: 'error',
    meaning: 'a piece colour (neutral) has no form in the target format',
  },
  {
    code: 'ERR_CONVERT_CONDITIONS',
    format: 'problems',
    severity: 'error',
    meaning: '…: fairy conditions are not carried',
  },
  {
    code: 'ERR_CONVERT_DROPPED',
    format: 'problems',
    severity: 'warning',
    meaning: 'foreign ids and themes are not carried',
    example: {
      api: 'xmlToPbi',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0" xmlns:vCard="http://www.w3.org/2001/vcard-rdf/3.0#"><problem><foreignid><domain>PDB</domain><problemid>P1</problemid></foreignid><piecedecls><piecedecl id="wk" kind="king" color="white"/><piecedecl id="bk" kind="king" color="black"/></piecedecls><release id="r1" type="initial"><twin id="a"><position id="a"><pieces><addition piece="wk"><plane dim="1" value="5"/><plane dim="2" value="1"/></addition><addition piece="bk"><plane dim="1" value="5"/><plane dim="2" value="8"/></addition></pieces></position><stipulation order="alternating" play="direct"><length type="maximum" value="3"/><endstate type="mate"/></stipulation></twin></release></problem></problems>',
    },
  },
  {
    code: 'ERR_CONVERT_EMPTY',
    format: 'problems',
    severity: 'warning',
    meaning: '…: no release, written as an empty line record',
    example: {
      api: 'xmlToPbi',
      input: '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"><problem/></problems>',
    },
  },
  {
    code: 'ERR_CONVERT_FAIRY',
    format: 'problems',
    severity: 'warning',
    meaning: 'a fairy piece has no form in the target format',
    example: {
      api: 'xmlToPopeye',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0" xmlns:vCard="http://www.w3.org/2001/vcard-rdf/3.0#"><problem><piecedecls><piecedecl id="wk" kind="king" color="white"/><piecedecl id="bk" kind="king" color="black"/><piecedecl id="g" kind="grasshopper" color="white"/></piecedecls><release id="r1" type="initial"><twin id="a"><position id="a"><pieces><addition piece="wk"><plane dim="1" value="5"/><plane dim="2" value="1"/></addition><addition piece="bk"><plane dim="1" value="5"/><plane dim="2" value="8"/></addition><addition piece="g"><plane dim="1" value="1"/><plane dim="2" value="1"/></addition></pieces></position><stipulation order="alternating" play="direct"><length type="maximum" value="3"/><endstate type="mate"/></stipulation></twin></release></problem></problems>',
    },
  },
  {
    code: 'ERR_CONVERT_POSITION',
    format: 'problems',
    severity: 'warning',
    meaning: 'the position cannot be written in the target format',
    example: {
      api: 'pbiToPopeye',
      input: '﻿#PBI 1.2\nA::#2::::::\n',
    },
  },
  {
    code: 'ERR_CONVERT_RELEASE',
    format: 'problems',
    severity: 'warning',
    meaning: 'only the latest release is carried',
    example: {
      api: 'xmlToPbi',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0" xmlns:vCard="http://www.w3.org/2001/vcard-rdf/3.0#"><problem><piecedecls><piecedecl id="wk" kind="king" color="white"/><piecedecl id="bk" kind="king" color="black"/></piecedecls><release id="r1" type="initial"><twin id="a"><position id="a"><pieces><addition piece="wk"><plane dim="1" value="5"/><plane dim="2" value="1"/></addition><addition piece="bk"><plane dim="1" value="5"/><plane dim="2" value="8"/></addition></pieces></position><stipulation order="alternating" play="direct"><length type="maximum" value="3"/><endstate type="mate"/></stipulation></twin></release><release id="r2" base="r1" type="correction"/></problem></problems>',
    },
  },
  {
    code: 'ERR_CONVERT_SOLUTION',
    format: 'problems',
    severity: 'warning',
    meaning: 'solution moves are written as keymove text only',
    example: {
      api: 'xmlToPbi',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"><problem><piecedecls><piecedecl id="wk" kind="king" color="white"/><piecedecl id="bk" kind="king" color="black"/></piecedecls><release id="r1" type="initial"><twin id="a"><position id="a"><pieces><addition piece="wk"><plane dim="1" value="5"/><plane dim="2" value="1"/></addition><addition piece="bk"><plane dim="1" value="5"/><plane dim="2" value="8"/></addition></pieces></position><stipulation order="alternating" play="direct"><length type="maximum" value="3"/><endstate type="mate"/></stipulation><solution><move id="m1" piece="wk"><plane dim="1" value="5"/><plane dim="2" value="2"/></move></solution></twin></release></problem></problems>',
    },
  },
  {
    code: 'ERR_CONVERT_SOURCE',
    format: 'problems',
    severity: 'warning',
    meaning: 'a source date has no form in the target format',
    example: {
      api: 'pbiToXml',
      input: '﻿#PBI 1.2\nA:4k3/8/8/8/8/8/8/4K3:#2:1|T|xx|3:::::\n',
    },
  },
  {
    code: 'ERR_CONVERT_STIPULATION',
    format: 'problems',
    severity: 'warning',
    meaning: '…: the stipulation has no common text form',
    example: {
      api: 'pbiToPopeye',
      input: '﻿#PBI 1.2\nA:4k3/8/8/8/8/8/8/4K3:::::::\n',
    },
  },
  {
    code: 'ERR_CONVERT_TWIN',
    format: 'problems',
    severity: 'warning',
    meaning: '…: PBI has no twins; … twin(s) described in the comment',
    example: {
      api: 'xmlToPbi',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0" xmlns:vCard="http://www.w3.org/2001/vcard-rdf/3.0#"><problem><piecedecls><piecedecl id="wk" kind="king" color="white"/><piecedecl id="bk" kind="king" color="black"/></piecedecls><release id="r1" type="initial"><twin id="a"><position id="a"><pieces><addition piece="wk"><plane dim="1" value="5"/><plane dim="2" value="1"/></addition><addition piece="bk"><plane dim="1" value="5"/><plane dim="2" value="8"/></addition></pieces></position><stipulation order="alternating" play="direct"><length type="maximum" value="3"/><endstate type="mate"/></stipulation></twin><twin id="b" base="a"><position id="b" base="a"><pieces><addition piece="wk"><plane dim="1" value="4"/><plane dim="2" value="1"/></addition></pieces></position></twin></release></problem></problems>',
    },
  },
  {
    code: 'ERR_DD_INPUT',
    format: 'dd',
    severity: 'error',
    meaning: 'the double-dummy solver needs a complete deal (every hand known)',
    trigger:
      'the double-dummy solver given an incomplete deal object; no text input (tests: test/worker/worker.test.ts)',
  },
  {
    code: 'ERR_DIAGRAM_DEAL',
    format: 'diagram',
    severity: 'error',
    meaning: 'a game drawn as a deal has no valid Deal tag (the CLI: a file with no deal)',
  },
  {
    code: 'ERR_DIAGRAM_INPUT',
    format: 'diagram',
    severity: 'error',
    meaning:
      'chessDiagram was given something that is not a FEN, a Setup or a Position (the CLI: a file with no games)',
    trigger:
      'a value that is neither text, a Setup nor a Position given to chessDiagram (not text); no test names it yet',
  },
  {
    code: 'ERR_DIAGRAM_PLY',
    format: 'diagram',
    severity: 'error',
    meaning: 'the ply asked for is not a non-negative integer',
    trigger: 'a ply option that is not a non-negative integer (an option, not text); no test names it yet',
  },
  {
    code: 'ERR_DIAGRAM_POSITION',
    format: 'diagram',
    severity: 'error',
    meaning: 'a problem to draw has no valid position, or no twin of the name asked for',
  },
  {
    code: 'ERR_ELEMENT_EMPTY',
    format: 'elements',
    severity: 'error',
    meaning: 'an element was given input that holds nothing it shows (no game, match, deal, problem or analysis)',
    trigger:
      'input without a record for the element, shown inside it (a page, not a text API; tests: test/elements/*.browser.test.ts)',
  },
  {
    code: 'ERR_ELEMENT_INPUT',
    format: 'elements',
    severity: 'error',
    meaning:
      'an element could not read its input: <gn-match> JSON that is not the two chess.com games of a match, or a reader that failed to load',
    trigger:
      'a single chess.com game given to <gn-match> (a page, not a text API; tests: test/elements/match.browser.test.ts)',
  },
  {
    code: 'ERR_ELEMENT_SRC',
    format: 'elements',
    severity: 'error',
    meaning: "the URL of an element's src attribute could not be loaded (network error or HTTP status)",
    trigger: 'a src that answers 404 (a page, not a text API; tests: test/elements/*.browser.test.ts)',
  },
  {
    code: 'ERR_ENGINE',
    format: 'engine',
    severity: 'error',
    meaning: 'an engine call failed (the generic engine error)',
    trigger:
      'an engine call fails for a reason with no narrower code; no text input (tests: test/engine/cli.node.test.ts, test/engine/engines.node.test.ts)',
  },
  {
    code: 'ERR_ENGINE_CLOSED',
    format: 'engine',
    severity: 'error',
    meaning: 'engine is not running',
    trigger: 'a call on an engine after close(); no text input (tests: test/engine/uci.test.ts)',
  },
  {
    code: 'ERR_ENGINE_HEALTH',
    format: 'engine',
    severity: 'error',
    meaning: 'the engine failed its health check (no uciok/readyok or a wrong answer)',
    trigger:
      'an engine that does not answer uci/isready as UCI requires; no text input (tests: test/engine/uci.test.ts)',
  },
  {
    code: 'ERR_ENGINE_INFO',
    format: 'engine',
    severity: 'warning',
    meaning: 'an info line the protocol reader could not read (skipped)',
    trigger: 'an engine writing a malformed info line; no text input (tests: test/engine/uci.test.ts)',
  },
  {
    code: 'ERR_ENGINE_LIMIT',
    format: 'engine',
    severity: 'error',
    meaning:
      'a search limit that is not an integer in its range (depth 1..245, mate 1..123, nodes 1..2^53−1, times 0..2^31−1 ms), an unknown limit, or none',
    trigger:
      'engine.analyse(pos, { depth: 1e300 }) or { nodes: 1e21 }; no text input (tests: test/engine/uci.test.ts, test/engine/cli.node.test.ts)',
  },
  {
    code: 'ERR_ENGINE_LINE',
    format: 'engine',
    severity: 'warning',
    meaning: 'an engine output line that is not UCI (skipped)',
    trigger: 'an engine writing a non-UCI line; no text input (tests: test/engine/uci.test.ts)',
  },
  {
    code: 'ERR_ENGINE_NOT_FOUND',
    format: 'engine',
    severity: 'error',
    meaning: 'no engine executable or package was found',
    trigger: 'openEngine with no engine installed; no text input (tests: test/engine/engines.node.test.ts)',
  },
  {
    code: 'ERR_ENGINE_OPTION',
    format: 'engine',
    severity: 'error',
    meaning: 'an option the library sets itself, or one the engine does not have',
    trigger: 'setting an option the library controls; no text input (tests: test/engine/uci.test.ts)',
  },
  {
    code: 'ERR_ENGINE_OPTION_LINE',
    format: 'engine',
    severity: 'warning',
    meaning: 'an option line the reader could not read (skipped)',
    trigger: 'an engine writing a malformed option line; no text input',
  },
  {
    code: 'ERR_ENGINE_POSITION',
    format: 'engine',
    severity: 'error',
    meaning: 'the position given to the engine is not valid',
    trigger: 'an invalid position passed to the engine; no text input (tests: test/engine/uci.test.ts)',
  },
  {
    code: 'ERR_ENGINE_PROTOCOL',
    format: 'engine',
    severity: 'error',
    meaning:
      'an unreadable engine answer (a bestmove line), a line longer than 1 MiB, or more than 1 024 option declarations; after the last two the engine is ended',
    trigger:
      'an engine writing a malformed bestmove line or one endless line; no text input (tests: test/engine/uci.test.ts, test/engine/engines.node.test.ts)',
  },
  {
    code: 'ERR_ENGINE_PV',
    format: 'engine',
    severity: 'warning',
    meaning: 'a PV move that is not legal in the position (the PV stops before it), or a PV over 1 000 moves',
    trigger: 'an engine sending an illegal move in a pv; no text input (tests: test/engine/uci.test.ts)',
  },
  {
    code: 'ERR_ENGINE_STRAY',
    format: 'engine',
    severity: 'warning',
    meaning: 'an engine answer with no request waiting for it',
    trigger: 'an engine answer with no pending request; no text input',
  },
  {
    code: 'ERR_ENGINE_TERMINATED',
    format: 'engine',
    severity: 'error',
    meaning: 'the engine process ended while a call was pending',
    trigger:
      'the engine process exits during a call; no text input (tests: test/engine/engines.node.test.ts, test/engine/uci.test.ts)',
  },
  {
    code: 'ERR_ENGINE_TIMEOUT',
    format: 'engine',
    severity: 'error',
    meaning: 'no answer to … within … ms',
    trigger:
      'the engine does not answer within the timeout; no text input (tests: test/engine/cli.node.test.ts, test/engine/engines.node.test.ts)',
  },
  {
    code: 'ERR_EPD_ABORTED',
    format: 'epd',
    severity: 'error',
    meaning: 'the engine test suite was aborted (its AbortSignal fired)',
    trigger:
      'analyseEpdSuite(records, engine, limit, { signal }) with the signal aborted; no text input (tests: test/epd/suite.node.test.ts)',
  },
  {
    code: 'ERR_EPD_COMMENT',
    format: 'epd',
    severity: 'warning',
    meaning: 'a comment line (starting with # or %) among the records; it holds no position and is not written back',
    example: {
      api: 'parseEpd',
      input: '# Bratko-Kopec test suite',
    },
  },
  {
    code: 'ERR_EPD_CONTROL',
    format: 'epd',
    severity: 'warning',
    meaning:
      'a control character (NUL, …) read as a space; also a line end in a string operand that the writer writes as a space',
    example: {
      api: 'parseEpd',
      input: '1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";\u0000',
    },
  },
  {
    code: 'ERR_EPD_COUNTERS',
    format: 'epd',
    severity: 'warning',
    meaning: 'hmvc is more than the plies played before fmvn (possible only after a set-up position), or more than 150',
    example: {
      api: 'parseEpd',
      input: '8/8/8/4k3/8/8/8/4K2R w - - hmvc 30; fmvn 3;',
    },
  },
  {
    code: 'ERR_EPD_DUPLICATE',
    format: 'epd',
    severity: 'error',
    meaning:
      'an opcode that appears twice in one record (the second is kept untyped), or FEN counters that disagree with hmvc/fmvn',
    example: {
      api: 'parseEpd',
      input: '4k3/8/8/8/8/8/8/4K2R w K - acd 12; acd 13;',
    },
  },
  {
    code: 'ERR_EPD_EMPTY_OPERATION',
    format: 'epd',
    severity: 'warning',
    meaning: "a ';' with no operation before it (`- ; bm Qd1;`, or the `;D1 20` of perft suites)",
    example: {
      api: 'parseEpd',
      input: '4k3/8/8/8/8/8/8/4K2R w K - ; bm Rh8+;',
    },
  },
  {
    code: 'ERR_EPD_ENCODING',
    format: 'epd',
    severity: 'warning',
    meaning: 'bytes of a file read as UTF-8 are not UTF-8; they are read as Latin-1 characters',
    example: {
      api: 'parseEpdBytes',
      input: 'ï»¿4k3/8/8/8/8/8/8/4K2R w K - id "ÿ";',
    },
  },
  {
    code: 'ERR_EPD_FEN_COUNTERS',
    format: 'epd',
    severity: 'warning',
    meaning: "FEN's halfmove and fullmove counters after the four position fields; read as hmvc and fmvn",
    example: {
      api: 'parseEpd',
      input: '4k3/8/8/8/8/8/8/4K2R w K - 0 1 bm Rh8+;',
    },
  },
  {
    code: 'ERR_EPD_FIELDS',
    format: 'epd',
    severity: 'error',
    meaning: 'a line that does not start with the four position fields (placement, side, castling, en passant)',
    example: {
      api: 'parseEpd',
      input: '4k3/8/8/8/8/8/8/4K2R w; bm Rh8+;',
    },
  },
  {
    code: 'ERR_EPD_HMVC',
    format: 'epd',
    severity: 'error',
    meaning: 'hmvc is not 0 although the position has an en passant square (the double pawn push reset the clock)',
    example: {
      api: 'parseEpd',
      input: '4k3/8/8/8/4P3/8/8/4K3 b - e3 hmvc 5;',
    },
  },
  {
    code: 'ERR_EPD_LINE_TOO_LONG',
    format: 'epd',
    severity: 'error',
    meaning: 'a line longer than maxLineLength (default 1 MiB); it is skipped',
    example: {
      api: 'parseEpd',
      input: '4k3/8/8/8/8/8/8/4K2R w K - id "a long line";',
      options: { maxLineLength: 20 },
    },
  },
  {
    code: 'ERR_EPD_MATE_DIALECT',
    format: 'epd',
    severity: 'warning',
    meaning:
      'a `bm #n`/`am #n` operand: a mate length written where a move belongs (standard EPD says dm n); epd-test counts a mate in n or fewer as solving it',
    example: {
      api: 'parseEpd',
      input: '6k1/5ppp/8/8/8/8/8/R5K1 w - - bm #1;',
    },
  },
  {
    code: 'ERR_EPD_MOVE',
    format: 'epd',
    severity: 'error',
    meaning: 'an operand of am, bm, pm or sm that is not a legal move (SAN or UCI) in the position',
    example: {
      api: 'parseEpd',
      input: '4k3/8/8/8/8/8/8/4K2R w K - bm Qd1;',
    },
  },
  {
    code: 'ERR_EPD_NUMBER',
    format: 'epd',
    severity: 'error',
    meaning:
      'a numeric operand (acd, acn, acs, ce, dm, fmvn, hmvc, rc, tcgs) that is not an integer or is out of its range',
    example: {
      api: 'parseEpd',
      input: '4k3/8/8/8/8/8/8/4K2R w K - acd deep;',
    },
  },
  {
    code: 'ERR_EPD_OPCODE',
    format: 'epd',
    severity: 'error',
    meaning: 'an opcode that is not a letter followed by up to 14 letters, digits or underscores',
    example: {
      api: 'parseEpd',
      input: '4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+; 00:00;',
    },
  },
  {
    code: 'ERR_EPD_OPERANDS',
    format: 'epd',
    severity: 'error',
    meaning:
      'a standard opcode with the wrong number or kind of operands (id without a string, pm with two moves, draw_offer with one)',
    example: {
      api: 'parseEpd',
      input: '4k3/8/8/8/8/8/8/4K2R w K - pm Rh8+ Kd1;',
    },
  },
  {
    code: 'ERR_EPD_PM_PV',
    format: 'epd',
    severity: 'warning',
    meaning: 'the predicted move (pm) is not the first move of the predicted variation (pv)',
    example: {
      api: 'parseEpd',
      input: '4k3/8/8/8/8/8/8/4K2R w K - pm Rh8+; pv Kd1 Kd7;',
    },
  },
  {
    code: 'ERR_EPD_PV',
    format: 'epd',
    severity: 'error',
    meaning: 'a move of the predicted variation (pv) that is not legal at its place in the line',
    example: {
      api: 'parseEpd',
      input: '4k3/8/8/8/8/8/8/4K2R w K - pv Rh8+ Kd7 Rh8;',
    },
  },
  {
    code: 'ERR_EPD_SAN_FORM',
    format: 'epd',
    severity: 'warning',
    meaning:
      'a move operand not in canonical SAN (UCI `e2e4`, a missing `+`, `Qd1 +` with a space); the export writes it in SAN',
    example: {
      api: 'parseEpd',
      input: '4k3/8/8/8/8/8/8/4K2R w K - bm h1h8;',
    },
  },
  {
    code: 'ERR_EPD_SEMICOLON',
    format: 'epd',
    severity: 'warning',
    meaning:
      "an operation not ended by ';' (the last one of a line, or one running into the next opcode: `bm Rc8+ dm 26`)",
    example: {
      api: 'parseEpd',
      input: '4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+',
    },
  },
  {
    code: 'ERR_EPD_STRING',
    format: 'epd',
    severity: 'error',
    meaning: 'a quoted string that does not end on its line',
    example: {
      api: 'parseEpd',
      input: '4k3/8/8/8/8/8/8/4K2R w K - id "BK.01;',
    },
  },
  {
    code: 'ERR_EPD_STRING_LENGTH',
    format: 'epd',
    severity: 'warning',
    meaning: 'a string operand of 256 bytes or more (the standard allows fewer than 256)',
    example: {
      api: 'parseEpd',
      input: '4k3/8/8/8/8/8/8/4K2R w K - c0 "«x×300»";',
    },
  },
  {
    code: 'ERR_EPD_UNQUOTED',
    format: 'epd',
    severity: 'warning',
    meaning:
      'a text opcode (id, c0–c9, v0–v9, eco, nic, tcri, tcsi) given bare operands; they are read as one string joined by spaces',
    example: {
      api: 'parseEpd',
      input: '4k3/8/8/8/8/8/8/4K2R w K - id BK.01;',
    },
  },
  {
    code: 'ERR_FEN_BOARD',
    format: 'fen',
    severity: 'error',
    meaning: 'invalid board field',
    example: {
      api: 'parseFen',
      input: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1',
    },
  },
  {
    code: 'ERR_FEN_CASTLING',
    format: 'fen',
    severity: 'error',
    meaning: 'invalid castling field',
    example: {
      api: 'parseFen',
      input: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxz - 0 1',
    },
  },
  {
    code: 'ERR_FEN_CLOCKS',
    format: 'fen',
    severity: 'error',
    meaning: 'invalid halfmove clock or fullmove number',
    example: {
      api: 'parseFen',
      input: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1',
    },
  },
  {
    code: 'ERR_FEN_EMPTY',
    format: 'fen',
    severity: 'error',
    meaning: 'empty FEN',
    example: {
      api: 'parseFen',
      input: '',
    },
  },
  {
    code: 'ERR_FEN_EP',
    format: 'fen',
    severity: 'error',
    meaning: 'invalid en passant field',
    example: {
      api: 'parseFen',
      input: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1',
    },
  },
  {
    code: 'ERR_FEN_FIELDS',
    format: 'fen',
    severity: 'error',
    meaning: 'too many fields',
    example: {
      api: 'parseFen',
      input: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 9',
    },
  },
  {
    code: 'ERR_FEN_POCKET',
    format: 'fen',
    severity: 'error',
    meaning: 'invalid crazyhouse pocket',
    example: {
      api: 'parseFen',
      input: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[XY] w KQkq - 0 1',
    },
  },
  {
    code: 'ERR_FEN_TOO_LONG',
    format: 'fen',
    severity: 'error',
    meaning: 'FEN longer than 2047 bytes',
    example: {
      api: 'parseFen',
      input: '«8/×1100»',
    },
  },
  {
    code: 'ERR_FEN_TURN',
    format: 'fen',
    severity: 'error',
    meaning: "invalid side to move (expected 'w' or 'b')",
    example: {
      api: 'parseFen',
      input: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1',
    },
  },
  {
    code: 'ERR_INPUT_TYPE',
    format: 'core',
    severity: 'error',
    meaning:
      'a public function that returns a Result was given input of a shape it does not take (null, a number, an array where an object goes, a field of the wrong type): it returns this error instead of throwing',
    trigger:
      'a call from code with a value of the wrong type, e.g. parseFen(null) or gamePosition({}); no text input (tests: test/core/result-shapes.node.test.ts)',
  },
  {
    code: 'ERR_PBI_AWARD',
    format: 'pbi',
    severity: 'error',
    meaning: 'an award is not nr|rank|tourney|date (4 fields)',
    example: {
      api: 'parsePbi',
      input: '﻿#PBI 1.2\nA:4k3/8/8/8/8/8/8/4K3:#2:::x|y:::\n',
    },
  },
  {
    code: 'ERR_PBI_BOM',
    format: 'pbi',
    severity: 'warning',
    meaning: 'the PBI file does not start with the UTF-8 byte order mark the format requires',
    example: {
      api: 'parsePbi',
      input: '#PBI 1.2\nA:4k3/8/8/8/8/8/8/4K3:#2::::::\n',
    },
  },
  {
    code: 'ERR_PBI_COMMENT_POSITION',
    format: 'pbi',
    severity: 'error',
    meaning: 'a comment line where the standard does not allow one',
    example: {
      api: 'parsePbi',
      input: '﻿#PBI 1.2\nA:4k3/8/8/8/8/8/8/4K3:#2::::::\n#comment\n',
    },
  },
  {
    code: 'ERR_PBI_EMPTY_LINE',
    format: 'pbi',
    severity: 'warning',
    meaning: 'an empty line inside a problem',
    example: {
      api: 'parsePbi',
      input: '﻿#PBI 1.2\nA:4k3/8/8/8/8/8/8/4K3:#2::::::\n\nA:4k3/8/8/8/8/8/8/4K3:#2::::::\n',
    },
  },
  {
    code: 'ERR_PBI_ESCAPE',
    format: 'pbi',
    severity: 'error',
    meaning: 'a malformed escape in a PBI field',
    example: {
      api: 'parsePbi',
      input: '﻿#PBI 1.2\nA\\xZZ:4k3/8/8/8/8/8/8/4K3:#2::::::\n',
    },
  },
  {
    code: 'ERR_PBI_FIELDS',
    format: 'pbi',
    severity: 'error',
    meaning: 'a PBI line has the wrong number of fields',
    example: {
      api: 'parsePbi',
      input: '﻿#PBI 1.2\nA:4k3/8/8/8/8/8/8/4K3:#2\n',
    },
  },
  {
    code: 'ERR_PBI_KEYMOVE_V11',
    format: 'pbi',
    severity: 'error',
    meaning: 'a keymove field in a version 1.1 file',
    example: {
      api: 'parsePbi',
      input: '﻿#PBI 1.1\nA:4k3/8/8/8/8/8/8/4K3:#2::::1.Ke2::\n',
    },
  },
  {
    code: 'ERR_PBI_LINE_TOO_LONG',
    format: 'pbi',
    severity: 'error',
    meaning: 'a line longer than maxLineLength (default 1 MiB); it is skipped without being held',
    example: {
      api: 'parsePbi',
      input: '\ufeff#PBI 1.2\nA:4k3/8/8/8/8/8/8/4K3:#2::::::\n',
      options: { maxLineLength: 20 },
    },
  },
  {
    code: 'ERR_PBI_MARKER',
    format: 'pbi',
    severity: 'error',
    meaning: 'a line marker is unknown or out of place',
    example: {
      api: 'parsePbi',
      input: '﻿hello\nA:4k3/8/8/8/8/8/8/4K3:#2::::::\n',
    },
  },
  {
    code: 'ERR_PBI_NO_DATA',
    format: 'pbi',
    severity: 'error',
    meaning: 'the input holds no PBI data',
    example: {
      api: 'parsePbi',
      input: '﻿#PBI 1.2\n',
    },
  },
  {
    code: 'ERR_PBI_NO_NLF',
    format: 'pbi',
    severity: 'warning',
    meaning: 'the last line has no line end',
    example: {
      api: 'parsePbi',
      input: '﻿#PBI 1.2\nA:4k3/8/8/8/8/8/8/4K3:#2::::::',
    },
  },
  {
    code: 'ERR_PBI_POSITION',
    format: 'pbi',
    severity: 'error',
    meaning: 'the position field is not a valid board',
    example: {
      api: 'parsePbi',
      input: '﻿#PBI 1.2\nA:4k3/8/8:#2::::::\n',
    },
  },
  {
    code: 'ERR_PBI_SOURCE',
    format: 'pbi',
    severity: 'error',
    meaning: 'a source is not nr|title|date|page (4 fields)',
    example: {
      api: 'parsePbi',
      input: '﻿#PBI 1.2\nA:4k3/8/8/8/8/8/8/4K3:#2:x|y:::::\n',
    },
  },
  {
    code: 'ERR_PBI_STATUS',
    format: 'pbi',
    severity: 'warning',
    meaning: 'the status field is unknown',
    example: {
      api: 'parsePbi',
      input: '﻿#PBI 1.2\nA:4k3/8/8/8/8/8/8/4K3:#2:::::1.Ke2:Z\n',
    },
  },
  {
    code: 'ERR_PBI_STATUS_V11',
    format: 'pbi',
    severity: 'error',
    meaning: 'a status value not allowed in version 1.1',
    example: {
      api: 'parsePbi',
      input: '﻿#PBI 1.1\nA:4k3/8/8/8/8/8/8/4K3:#2:::::1.Ke2:\n',
    },
  },
  {
    code: 'ERR_PBI_UNENCODABLE',
    format: 'pbi',
    severity: 'error',
    meaning: "a character cannot be written in the file's encoding",
    trigger:
      'writing a PBI model whose text has a character \\xHH cannot carry (U+2028 in a comment) with the onWarning option of makePbi; a PBI text cannot hold it, it is a line end there (tests: test/problems/pbi.test.ts)',
  },
  {
    code: 'ERR_PBI_UTF8',
    format: 'pbi',
    severity: 'error',
    meaning: 'the bytes are not valid UTF-8',
    example: {
      api: 'parsePbiBytes',
      input: 'ï»¿#PBI 1.2\nAÿ:4k3/8/8/8/8/8/8/4K3:#2::::::\n',
    },
  },
  {
    code: 'ERR_PBI_VERSION',
    format: 'pbi',
    severity: 'error',
    meaning: 'unknown PBI version',
    example: {
      api: 'parsePbi',
      input: '﻿#PBI 9.9\nA:4k3/8/8/8/8/8/8/4K3:#2::::::\n',
    },
  },
  {
    code: 'ERR_PBN_AUCTION_AFTER_END',
    format: 'pbn',
    severity: 'error',
    meaning: 'call … after the auction has ended',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\nPass Pass Pass Pass 1C\n',
    },
  },
  {
    code: 'ERR_PBN_AUCTION_AFTER_PLUS',
    format: 'pbn',
    severity: 'error',
    meaning: '* is forbidden after +',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\n1C + *\n',
    },
  },
  {
    code: 'ERR_PBN_AUCTION_CALL',
    format: 'pbn',
    severity: 'error',
    meaning: '"…" is not a call',
  },
  {
    code: 'ERR_PBN_AUCTION_CALL_SYNTAX',
    format: 'pbn',
    severity: 'error',
    meaning: 'a token in the auction section is not a call',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\n1C 9Z Pass Pass Pass\n',
    },
  },
  {
    code: 'ERR_PBN_AUCTION_DEALER',
    format: 'pbn',
    severity: 'error',
    meaning: "the auction's first seat and its leading '-' calls do not match the dealer",
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "E"]\n1C Pass Pass Pass\n',
    },
  },
  {
    code: 'ERR_PBN_AUCTION_DOUBLE',
    format: 'pbn',
    severity: 'error',
    meaning: '… may not double here',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\nX Pass Pass Pass\n',
    },
  },
  {
    code: 'ERR_PBN_AUCTION_INSUFFICIENT',
    format: 'pbn',
    severity: 'error',
    meaning: 'insufficient bid … by … (use ^I for an accepted insufficient bid)',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\n1S 1H Pass Pass Pass\n',
    },
  },
  {
    code: 'ERR_PBN_AUCTION_IRREGULAR',
    format: 'pbn',
    severity: 'error',
    meaning: '^I before …, which is not a bid',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\n1C Pass ^I Pass Pass\n',
    },
  },
  {
    code: 'ERR_PBN_AUCTION_NO_DEALER',
    format: 'pbn',
    severity: 'error',
    meaning: 'the Dealer tag must come before the auction section',
    example: {
      api: 'parsePbn',
      input: '[Auction "N"]\n1C Pass Pass Pass\n',
    },
  },
  {
    code: 'ERR_PBN_AUCTION_REDOUBLE',
    format: 'pbn',
    severity: 'error',
    meaning: '… may not redouble here',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\nXX Pass Pass Pass\n',
    },
  },
  {
    code: 'ERR_PBN_AUCTION_SYNTAX',
    format: 'pbn',
    severity: 'error',
    meaning: 'a string where the auction section allows only calls',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\n1C "x" Pass Pass Pass\n',
    },
  },
  {
    code: 'ERR_PBN_AUCTION_TAG',
    format: 'pbn',
    severity: 'error',
    meaning: 'Auction tag value "…" is not a seat',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "Q"]\n1C Pass Pass Pass\n',
    },
  },
  {
    code: 'ERR_PBN_BOARD',
    format: 'pbn',
    severity: 'error',
    meaning: 'Board "…" is not a positive integer',
    example: {
      api: 'parsePbn',
      input: '[Board "x"]\n',
    },
  },
  {
    code: 'ERR_PBN_CHARACTER',
    format: 'pbn',
    severity: 'error',
    meaning: 'a control character in a string',
    example: {
      api: 'parsePbn',
      input: '[Event "a\u0001b"]\n',
    },
  },
  {
    code: 'ERR_PBN_COMMENT_UNTERMINATED',
    format: 'pbn',
    severity: 'error',
    meaning: 'a comment is not closed by }',
    example: {
      api: 'parsePbn',
      input: '[Event "x"]\n{open\n',
    },
  },
  {
    code: 'ERR_PBN_CONTRACT',
    format: 'pbn',
    severity: 'error',
    meaning: 'Contract "…" is not a contract',
    example: {
      api: 'parsePbn',
      input: '[Contract "8N"]\n',
    },
  },
  {
    code: 'ERR_PBN_CONTRACT_MISMATCH',
    format: 'pbn',
    severity: 'error',
    meaning: 'the Contract tag is not the contract the auction ends in',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Declarer "N"]\n[Contract "2C"]\n[Auction "N"]\n1C Pass Pass Pass\n',
    },
  },
  {
    code: 'ERR_PBN_DATE',
    format: 'pbn',
    severity: 'warning',
    meaning: 'a date tag not in the YYYY.MM.DD form (written in that form, with a warning)',
    example: {
      api: 'parsePbn',
      input: '[Date "2024-01-02"]\n',
    },
  },
  {
    code: 'ERR_PBN_DEALER',
    format: 'pbn',
    severity: 'error',
    meaning: 'Dealer "…" is not W, N, E or S',
    example: {
      api: 'parsePbn',
      input: '[Dealer "Q"]\n',
    },
  },
  {
    code: 'ERR_PBN_DEAL_CARDS',
    format: 'bridge',
    severity: 'error',
    meaning: 'hand of … has … cards',
    example: {
      api: 'parsePbn',
      input: '[Deal "N:AKQ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n',
    },
  },
  {
    code: 'ERR_PBN_DEAL_DUPLICATE',
    format: 'bridge',
    severity: 'error',
    meaning: 'a card appears twice in a Deal',
    example: {
      api: 'parsePbn',
      input: '[Deal "N:AAQ.AKQ.AKQ.AKQ - - -"]\n',
    },
  },
  {
    code: 'ERR_PBN_DEAL_SYNTAX',
    format: 'bridge',
    severity: 'error',
    meaning: 'a Deal hand is not 4 suits separated by dots',
    example: {
      api: 'parsePbn',
      input: '[Deal "N:AKQ"]\n',
    },
  },
  {
    code: 'ERR_PBN_DECLARER',
    format: 'pbn',
    severity: 'error',
    meaning: 'Declarer "…" is not a seat',
    example: {
      api: 'parsePbn',
      input: '[Declarer "Q"]\n',
    },
  },
  {
    code: 'ERR_PBN_DECLARER_MISMATCH',
    format: 'pbn',
    severity: 'warning',
    meaning: 'the auction was passed out but a Declarer is given (kept as given)',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Declarer "N"]\n[Contract "Pass"]\n[Auction "N"]\nPass Pass Pass Pass\n',
    },
  },
  {
    code: 'ERR_PBN_DECLARER_PASSED_OUT',
    format: 'pbn',
    severity: 'error',
    meaning: 'a passed-out deal has an empty Declarer',
    example: {
      api: 'parsePbn',
      input: '[Declarer "N"]\n[Contract "Pass"]\n',
    },
  },
  {
    code: 'ERR_PBN_ENCODING',
    format: 'pbn',
    severity: 'warning',
    meaning: 'bytes of a file read as UTF-8 are not UTF-8; they are read as Latin-1 characters',
    example: {
      api: 'parsePbnBytes',
      input: 'ï»¿[Event "ÿ"]\n',
    },
  },
  {
    code: 'ERR_PBN_EXPORT_BLANK',
    format: 'pbn',
    severity: 'warning',
    meaning: 'games are separated by exactly one empty line',
    example: {
      api: 'checkPbnExport',
      input: '[Event "x"]\r\n\r\n\r\n[Event "y"]\r\n',
    },
  },
  {
    code: 'ERR_PBN_EXPORT_CASE',
    format: 'pbn',
    severity: 'warning',
    meaning: 'calls and cards are upper case in export format',
    example: {
      api: 'checkPbnExport',
      input: '[Auction "N"]\r\n1c Pass Pass Pass\r\n',
    },
  },
  {
    code: 'ERR_PBN_EXPORT_EOL',
    format: 'pbn',
    severity: 'warning',
    meaning: 'the last line has no CRLF',
    example: {
      api: 'checkPbnExport',
      input: '% EXPORT\n[Event "x"]\n',
    },
  },
  {
    code: 'ERR_PBN_EXPORT_LINE_TOO_LONG',
    format: 'pbn',
    severity: 'warning',
    meaning: 'line has … characters with CRLF (at most 255)',
    example: {
      api: 'checkPbnExport',
      input: '{«x×300»}\r\n',
    },
  },
  {
    code: 'ERR_PBN_EXPORT_MTS',
    format: 'pbn',
    severity: 'warning',
    meaning: 'mandatory tag … is missing',
    example: {
      api: 'checkPbnExport',
      input: '[Event "x"]\r\n',
    },
  },
  {
    code: 'ERR_PBN_EXPORT_ORDER',
    format: 'pbn',
    severity: 'warning',
    meaning: 'the mandatory tags must come first, in the order of 3.4',
    example: {
      api: 'checkPbnExport',
      input: '[Site "y"]\r\n[Event "x"]\r\n',
    },
  },
  {
    code: 'ERR_PBN_EXPORT_SUFFIX',
    format: 'pbn',
    severity: 'warning',
    meaning: 'suffixes are written as NAGs in export format',
    example: {
      api: 'checkPbnExport',
      input: '[Auction "N"]\r\n1C! Pass Pass Pass\r\n',
    },
  },
  {
    code: 'ERR_PBN_EXPORT_TAB',
    format: 'pbn',
    severity: 'warning',
    meaning: 'tabs are not allowed in export format',
    example: {
      api: 'checkPbnExport',
      input: '[Event "x"]\t\r\n',
    },
  },
  {
    code: 'ERR_PBN_EXPORT_TAG',
    format: 'pbn',
    severity: 'warning',
    meaning: 'a tag pair must be alone on its line as [Name "value"]',
    example: {
      api: 'checkPbnExport',
      input: '[Event "x"] [Site "y"]\r\n',
    },
  },
  {
    code: 'ERR_PBN_EXPORT_VALUE',
    format: 'pbn',
    severity: 'warning',
    meaning: 'a tag value is not in export form',
    example: {
      api: 'checkPbnExport',
      input: '[Vulnerable "Both"]\r\n',
    },
  },
  {
    code: 'ERR_PBN_FRENCHMP',
    format: 'pbn',
    severity: 'error',
    meaning: 'FrenchMP must be Yes or No',
    example: {
      api: 'parsePbn',
      input: '[FrenchMP "maybe"]\n',
    },
  },
  {
    code: 'ERR_PBN_HIDDEN',
    format: 'pbn',
    severity: 'error',
    meaning: 'Hidden "…" must list seats',
    example: {
      api: 'parsePbn',
      input: '[Hidden "Q"]\n',
    },
  },
  {
    code: 'ERR_PBN_INHERIT_FORBIDDEN',
    format: 'pbn',
    severity: 'error',
    meaning: 'tag … may not use "…"',
    example: {
      api: 'parsePbn',
      input: '[Event "x"]\n\n[Deal "#"]\n',
    },
  },
  {
    code: 'ERR_PBN_LINE_TOO_LONG',
    format: 'pbn',
    severity: 'error',
    meaning: 'a line longer than the PBN limit (255 with the line end)',
    example: {
      api: 'parsePbn',
      input: '[Event "«x×300»"]\n',
    },
  },
  {
    code: 'ERR_PBN_NAG',
    format: 'pbn',
    severity: 'error',
    meaning: 'bad NAG …',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\n1C $999 Pass Pass Pass\n',
    },
  },
  {
    code: 'ERR_PBN_NAG_DUPLICATE',
    format: 'pbn',
    severity: 'error',
    meaning: 'a second suffix-like annotation …',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\n1C! $1 Pass Pass Pass\n',
    },
  },
  {
    code: 'ERR_PBN_NAG_SECTION',
    format: 'pbn',
    severity: 'error',
    meaning: 'a NAG for cards in the auction, or for calls in the play',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\n1C $10 Pass Pass Pass\n',
    },
  },
  {
    code: 'ERR_PBN_NOTE_DUPLICATE',
    format: 'pbn',
    severity: 'error',
    meaning: 'note … is given twice',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\n1C =1= Pass Pass Pass\n[Note "1:x"]\n[Note "1:y"]\n',
    },
  },
  {
    code: 'ERR_PBN_NOTE_INDEX',
    format: 'pbn',
    severity: 'error',
    meaning: 'note index … is not between 1 and 32',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\n1C Pass Pass Pass\n[Note "40:x"]\n',
    },
  },
  {
    code: 'ERR_PBN_NOTE_MISSING',
    format: 'pbn',
    severity: 'error',
    meaning: 'a note reference refers to no Note tag',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\n1C =1= Pass Pass Pass\n',
    },
  },
  {
    code: 'ERR_PBN_NOTE_PLACEMENT',
    format: 'pbn',
    severity: 'error',
    meaning: 'a Note tag must follow the auction or the play section',
    example: {
      api: 'parsePbn',
      input: '[Note "1:x"]\n',
    },
  },
  {
    code: 'ERR_PBN_NOTE_REF',
    format: 'pbn',
    severity: 'error',
    meaning: 'note reference … refers to no note (kept as commentary)',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\n1C =x= Pass Pass Pass\n',
    },
  },
  {
    code: 'ERR_PBN_NOTE_REF_DUPLICATE',
    format: 'pbn',
    severity: 'error',
    meaning: 'second note reference …',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\n1C =1= =2= Pass Pass Pass\n[Note "1:x"]\n[Note "2:y"]\n',
    },
  },
  {
    code: 'ERR_PBN_NOTE_SYNTAX',
    format: 'pbn',
    severity: 'error',
    meaning: 'note "…" must be "n:text"',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\n1C =1= Pass Pass Pass\n[Note "x"]\n',
    },
  },
  {
    code: 'ERR_PBN_NOTE_UNUSED',
    format: 'pbn',
    severity: 'warning',
    meaning: 'a Note tag that no note reference in its section uses',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\n1C Pass Pass Pass\n[Note "1:x"]\n',
    },
  },
  {
    code: 'ERR_PBN_PLAY_AFTER_END',
    format: 'pbn',
    severity: 'error',
    meaning: 'a card after the * that ends the play section',
    example: {
      api: 'parsePbn',
      input:
        '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n[Declarer "S"]\n[Contract "1N"]\n[Play "W"]\nS3 SA S7 ST\n*\nH2\n',
    },
  },
  {
    code: 'ERR_PBN_PLAY_AFTER_PLUS',
    format: 'pbn',
    severity: 'error',
    meaning: 'a second + in the play section',
    example: {
      api: 'parsePbn',
      input:
        '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n[Declarer "S"]\n[Contract "1N"]\n[Play "W"]\nS3 SA S7 ST\n+\n+\n',
    },
  },
  {
    code: 'ERR_PBN_PLAY_CARD_NOT_IN_HAND',
    format: 'pbn',
    severity: 'error',
    meaning: "a card played is not in the player's hand",
    example: {
      api: 'parsePbn',
      input:
        '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n[Declarer "S"]\n[Contract "1N"]\n[Play "W"]\nSA - - -\n',
    },
  },
  {
    code: 'ERR_PBN_PLAY_CARD_PLAYED',
    format: 'pbn',
    severity: 'error',
    meaning: 'a card is played twice',
    example: {
      api: 'parsePbn',
      input:
        '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n[Declarer "S"]\n[Contract "1N"]\n[Play "W"]\nS2 SA S7 S3\nS2 SK S6 S9\n',
    },
  },
  {
    code: 'ERR_PBN_PLAY_CARD_SYNTAX',
    format: 'pbn',
    severity: 'error',
    meaning: '"…" read as "-" (unknown card)',
    example: {
      api: 'parsePbn',
      input:
        '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n[Declarer "S"]\n[Contract "1N"]\n[Play "W"]\nZZ - - -\n',
    },
  },
  {
    code: 'ERR_PBN_PLAY_IRREGULAR',
    format: 'pbn',
    severity: 'error',
    meaning: 'an irregularity mark (^L, ^R…) not followed by a card',
    example: {
      api: 'parsePbn',
      input:
        '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n[Declarer "S"]\n[Contract "1NT"]\n[Play "W"]\nS2 SA S7 ^R\n',
    },
  },
  {
    code: 'ERR_PBN_PLAY_LEADER',
    format: 'pbn',
    severity: 'error',
    meaning: 'the Play tag does not name the opening leader',
    example: {
      api: 'parsePbn',
      input:
        '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n[Declarer "S"]\n[Contract "1N"]\n[Play "N"]\nSA - - -\n',
    },
  },
  {
    code: 'ERR_PBN_PLAY_LEAD_IRREGULAR',
    format: 'pbn',
    severity: 'error',
    meaning: 'a ^L mark on a card that is not an irregular lead',
  },
  {
    code: 'ERR_PBN_PLAY_NO_CONTRACT',
    format: 'pbn',
    severity: 'error',
    meaning: 'the Contract tag must come before the play section',
    example: {
      api: 'parsePbn',
      input:
        '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n[Declarer "S"]\n[Play "W"]\nS2 SA ST S7\n',
    },
  },
  {
    code: 'ERR_PBN_PLAY_NO_DEAL',
    format: 'pbn',
    severity: 'error',
    meaning: 'the Deal tag must come before the play section',
    example: {
      api: 'parsePbn',
      input: '[Play "W"]\nSA - - -\n',
    },
  },
  {
    code: 'ERR_PBN_PLAY_NO_DECLARER',
    format: 'pbn',
    severity: 'error',
    meaning: 'the Declarer tag must come before the play section',
    example: {
      api: 'parsePbn',
      input:
        '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n[Contract "1NT"]\n[Play "W"]\nS2 SA ST S7\n',
    },
  },
  {
    code: 'ERR_PBN_PLAY_REVOKE',
    format: 'pbn',
    severity: 'error',
    meaning: 'a revoke (not following suit while holding it)',
    example: {
      api: 'parsePbn',
      input:
        '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n[Declarer "S"]\n[Contract "1NT"]\n[Play "W"]\nS2 SA HJ S7\n',
    },
  },
  {
    code: 'ERR_PBN_PLAY_REVOKE_MARK',
    format: 'pbn',
    severity: 'error',
    meaning: 'a ^R mark on a card that is not a revoke',
    example: {
      api: 'parsePbn',
      input:
        '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n[Declarer "S"]\n[Contract "1NT"]\n[Result "13"]\n[Play "W"]\nS2 SA S8 S4^R\nS3 SK S9 S5\nH2 SQ ST S6\nH3 SJ H9 S7\nH4 HA HT H6\nH5 HK HJ H7\nD2 HQ D9 H8\nD3 DA DT D6\nD4 DK DJ D7\nD5 DQ C8 D8\nC2 CA C9 C5\nC3 CK CT C6\nC4 CQ CJ C7\n',
    },
  },
  {
    code: 'ERR_PBN_PLAY_SYNTAX',
    format: 'pbn',
    severity: 'error',
    meaning: 'a string where the play section allows only cards',
    example: {
      api: 'parsePbn',
      input:
        '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n[Declarer "S"]\n[Contract "1NT"]\n[Play "W"]\n"x" SA S7 ST\n',
    },
  },
  {
    code: 'ERR_PBN_PLAY_TAG',
    format: 'pbn',
    severity: 'error',
    meaning: 'Play tag value "…" is not a seat',
    example: {
      api: 'parsePbn',
      input:
        '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n[Declarer "S"]\n[Contract "1N"]\n[Play "Q"]\nS2 - - -\n',
    },
  },
  {
    code: 'ERR_PBN_PLAY_TOO_MANY',
    format: 'pbn',
    severity: 'error',
    meaning: 'more than 13 tricks in the play section',
    example: {
      api: 'parsePbn',
      input:
        '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n[Declarer "S"]\n[Contract "1NT"]\n[Play "W"]\nS2 SA S7 ST\nS2 SA S7 ST\nS2 SA S7 ST\nS2 SA S7 ST\nS2 SA S7 ST\nS2 SA S7 ST\nS2 SA S7 ST\nS2 SA S7 ST\nS2 SA S7 ST\nS2 SA S7 ST\nS2 SA S7 ST\nS2 SA S7 ST\nS2 SA S7 ST\nS2 SA S7 ST\n',
    },
  },
  {
    code: 'ERR_PBN_RESULT',
    format: 'pbn',
    severity: 'error',
    meaning: 'Result "…" is not a number of tricks',
    example: {
      api: 'parsePbn',
      input: '[Declarer "N"]\n[Contract "3N"]\n[Result "x"]\n',
    },
  },
  {
    code: 'ERR_PBN_RESULT_IRREGULAR',
    format: 'pbn',
    severity: 'error',
    meaning: 'the Result is not the tricks the play gives (irregular play)',
    example: {
      api: 'parsePbn',
      input:
        '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n[Declarer "S"]\n[Contract "1NT"]\n[Result "^13"]\n[Play "W"]\nS2 SA S8 S4\nS3 SK S9 S5\nH2 SQ ST S6\nH3 SJ H9 S7\nH4 HA HT H6\nH5 HK HJ H7\nD2 HQ D9 H8\nD3 DA DT D6\nD4 DK DJ D7\nD5 DQ C8 D8\nC2 CA C9 C5\nC3 CK CT C6\nC4 CQ CJ C7\n',
    },
  },
  {
    code: 'ERR_PBN_RESULT_MISMATCH',
    format: 'pbn',
    severity: 'error',
    meaning: 'the Result is not the number of tricks the play gives',
    example: {
      api: 'parsePbn',
      input:
        '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"]\n[Declarer "S"]\n[Contract "1NT"]\n[Result "12"]\n[Play "W"]\nS2 SA S8 S4\nS3 SK S9 S5\nH2 SQ ST S6\nH3 SJ H9 S7\nH4 HA HT H6\nH5 HK HJ H7\nD2 HQ D9 H8\nD3 DA DT D6\nD4 DK DJ D7\nD5 DQ C8 D8\nC2 CA C9 C5\nC3 CK CT C6\nC4 CQ CJ C7\n',
    },
  },
  {
    code: 'ERR_PBN_RESULT_NO_DECLARER',
    format: 'pbn',
    severity: 'error',
    meaning: 'a Result needs a Declarer',
    example: {
      api: 'parsePbn',
      input: '[Contract "3N"]\n[Result "9"]\n',
    },
  },
  {
    code: 'ERR_PBN_RESULT_PASSED_OUT',
    format: 'pbn',
    severity: 'error',
    meaning: 'a passed-out deal has an empty Result',
    example: {
      api: 'parsePbn',
      input: '[Declarer ""]\n[Contract "Pass"]\n[Result "7"]\n',
    },
  },
  {
    code: 'ERR_PBN_ROUND',
    format: 'pbn',
    severity: 'error',
    meaning: 'Round "…" is not a round indicator',
    example: {
      api: 'parsePbn',
      input: '[Round "?x?"]\n',
    },
  },
  {
    code: 'ERR_PBN_RUBBER_VULNERABLE',
    format: 'pbn',
    severity: 'error',
    meaning: 'the vulnerability does not follow the rubber score',
  },
  {
    code: 'ERR_PBN_SCORE',
    format: 'pbn',
    severity: 'error',
    meaning: 'a score tag is not a valid score',
    example: {
      api: 'parsePbn',
      input: '[Score "abc"]\n',
    },
  },
  {
    code: 'ERR_PBN_SCORING',
    format: 'pbn',
    severity: 'error',
    meaning: 'Scoring "…" has a bad field',
    example: {
      api: 'parsePbn',
      input: '[Scoring "MP;;"]\n',
    },
  },
  {
    code: 'ERR_PBN_SECTION_COMMENT',
    format: 'pbn',
    severity: 'error',
    meaning: 'no comment is allowed after a section element',
    example: {
      api: 'parsePbn',
      input: '[ScoreTable "Rank\\2R;Score\\5R"]\n1 2 {c}\n',
    },
  },
  {
    code: 'ERR_PBN_SECTION_TOKEN',
    format: 'pbn',
    severity: 'error',
    meaning: '"…" is not a section token',
  },
  {
    code: 'ERR_PBN_STRING_TAB',
    format: 'pbn',
    severity: 'error',
    meaning: 'a tab inside a string',
    example: {
      api: 'parsePbn',
      input: '[Event "a\tb"]\n',
    },
  },
  {
    code: 'ERR_PBN_STRING_UNTERMINATED',
    format: 'pbn',
    severity: 'error',
    meaning: 'a string is not closed by a quote on its line',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\n1C "open\n',
    },
  },
  {
    code: 'ERR_PBN_SUFFIX',
    format: 'pbn',
    severity: 'error',
    meaning: 'bad suffix …',
  },
  {
    code: 'ERR_PBN_SUFFIX_DUPLICATE',
    format: 'pbn',
    severity: 'error',
    meaning: 'second suffix …',
    example: {
      api: 'parsePbn',
      input: '[Dealer "N"]\n[Auction "N"]\n1C!!! Pass Pass Pass\n',
    },
  },
  {
    code: 'ERR_PBN_TABLE_COLUMNS',
    format: 'pbn',
    severity: 'error',
    meaning: "a table's column header is malformed",
    example: {
      api: 'parsePbn',
      input: '[ScoreTable ""]\n1\n',
    },
  },
  {
    code: 'ERR_PBN_TABLE_ORDER',
    format: 'pbn',
    severity: 'error',
    meaning: 'a table column marked sorted is not in order',
    example: {
      api: 'parsePbn',
      input: '[ScoreTable "+Score\\5R"]\n1\n2\n',
    },
  },
  {
    code: 'ERR_PBN_TABLE_PLACEMENT',
    format: 'pbn',
    severity: 'error',
    meaning: 'a time table without its auction or play section',
    example: {
      api: 'parsePbn',
      input: '[AuctionTimeTable "Time\\\\5R"]\n"0:01"\n',
    },
  },
  {
    code: 'ERR_PBN_TABLE_ROW',
    format: 'pbn',
    severity: 'error',
    meaning: 'table elements do not fill whole rows',
    example: {
      api: 'parsePbn',
      input: '[ScoreTable "Rank\\\\2R;Score\\\\2R"]\n1 2 3\n',
    },
  },
  {
    code: 'ERR_PBN_TABLE_VALUE',
    format: 'pbn',
    severity: 'error',
    meaning: 'a table element is not a valid value for its column',
    example: {
      api: 'parsePbn',
      input: '[ScoreTable "Declarer\\1R;Score\\5R"]\nQ 2\n',
    },
  },
  {
    code: 'ERR_PBN_TABLE_WIDTH',
    format: 'pbn',
    severity: 'error',
    meaning: 'a table column width is out of range',
    example: {
      api: 'parsePbn',
      input: '[ScoreTable "Score\\9999999999R"]\n1\n',
    },
  },
  {
    code: 'ERR_PBN_TAG_NAME',
    format: 'pbn',
    severity: 'error',
    meaning: 'tag name … must begin with an upper-case letter',
    example: {
      api: 'parsePbn',
      input: '[event "x"]\n',
    },
  },
  {
    code: 'ERR_PBN_TAG_REPEATED',
    format: 'pbn',
    severity: 'warning',
    meaning: 'tag … occurs again; the repeat is ignored',
    example: {
      api: 'parsePbn',
      input: '[Event "x"]\n[Event "y"]\n',
    },
  },
  {
    code: 'ERR_PBN_TAG_SYNTAX',
    format: 'pbn',
    severity: 'error',
    meaning: 'a tag pair is not [Name "value"]',
    example: {
      api: 'parsePbn',
      input: '[Event x]\n',
    },
  },
  {
    code: 'ERR_PBN_TAG_UNKNOWN',
    format: 'pbn',
    severity: 'warning',
    meaning: 'unknown tag … (kept)',
    example: {
      api: 'parsePbn',
      input: '[Foo "x"]\n',
    },
  },
  {
    code: 'ERR_PBN_TIME',
    format: 'pbn',
    severity: 'error',
    meaning: 'a time tag is not HH:MM:SS',
    example: {
      api: 'parsePbn',
      input: '[Time "25:99"]\n',
    },
  },
  {
    code: 'ERR_PBN_UNEXPECTED_TEXT',
    format: 'pbn',
    severity: 'error',
    meaning: 'stray "…" (kept as commentary)',
    example: {
      api: 'parsePbn',
      input: '[Event "x"]\nhello\n',
    },
  },
  {
    code: 'ERR_PBN_VULNERABLE',
    format: 'pbn',
    severity: 'error',
    meaning: 'the Vulnerable tag is not None, NS, EW or All (a synonym is written in that form, with a warning)',
    example: {
      api: 'parsePbn',
      input: '[Vulnerable "Foo"]\n',
    },
  },
  {
    code: 'ERR_PERFT_DEPTH',
    format: 'chess',
    severity: 'error',
    meaning: 'perft depth must be an integer 0..60',
    trigger: 'a worker perft job with a depth outside 0..60 (a job argument, not text); no test names it yet',
  },
  {
    code: 'ERR_PERFT_NO_COUNTS',
    format: 'chess',
    severity: 'error',
    meaning: 'no perft counts (;D<depth> <nodes>) in a suite line',
    trigger:
      "the CLI's perft --suite given a line with no ;D<depth> <nodes> counts (a CLI report, not a library call) (tests: test/cli/exit-codes.node.test.ts)",
  },
  {
    code: 'ERR_PGN_COMMENT_TOO_LONG',
    format: 'pgn',
    severity: 'error',
    meaning: 'comment longer than the limit (maxCommentLength); dropped',
    example: {
      api: 'parsePgn',
      input: '1. e4 {a long comment} *\n',
      options: {
        maxCommentLength: 5,
      },
    },
  },
  {
    code: 'ERR_PGN_ENCODING',
    format: 'pgn',
    severity: 'warning',
    meaning: 'bytes of a file read as UTF-8 are not UTF-8; they are read as Latin-1 characters',
    example: {
      api: 'readPgnBytes',
      input: 'ï»¿[Event "ÿ"]\n\n1. e4 *\n',
    },
  },
  {
    code: 'ERR_PGN_ESCAPE_INDENTED',
    format: 'pgn',
    severity: 'warning',
    meaning: 'a % escape line after blanks (the standard wants % in column 1); read as an escape line',
    example: {
      api: 'parsePgn',
      input: '  % escape\n1. e4 *\n',
    },
  },
  {
    code: 'ERR_PGN_GAME_TOO_LARGE',
    format: 'pgn',
    severity: 'error',
    meaning: 'game of more than … bytes (maxGameBytes); skipped',
    example: {
      api: 'readPgn',
      input: '[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n[Event "y"]\n\n1. d4 *\n',
      options: {
        maxGameBytes: 16,
      },
    },
  },
  {
    code: 'ERR_PGN_LINE_TOO_LONG',
    format: 'pgn',
    severity: 'warning',
    meaning: 'line of … characters (the standard allows …); written whole, a token cannot be split',
    example: {
      api: 'makePgn',
      input: '[Event "«x×300»"]\n\n1. e4 *\n',
    },
  },
  {
    code: 'ERR_PGN_NAG',
    format: 'pgn',
    severity: 'error',
    meaning: 'NAG … is not $0…$255',
    example: {
      api: 'parsePgn',
      input: '1. e4 $300 *\n',
    },
  },
  {
    code: 'ERR_PGN_NO_RESULT',
    format: 'pgn',
    severity: 'warning',
    meaning: 'the game has no result (1-0, 0-1, 1/2-1/2 or *) before the next tag section',
    example: {
      api: 'parsePgn',
      input: '[Event "a"]\n\n1. e4\n\n[Event "b"]\n\n1. d4 *\n',
    },
  },
  {
    code: 'ERR_PGN_NULL_MOVE',
    format: 'pgn',
    severity: 'error',
    meaning: 'null move while in check',
    example: {
      api: 'parsePgn',
      input: '[FEN "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"]\n[SetUp "1"]\n\n1. -- *\n',
    },
  },
  {
    code: 'ERR_PGN_STRING_TOO_LONG',
    format: 'pgn',
    severity: 'error',
    meaning: 'tag value longer than the limit (maxTagValueLength)',
    example: {
      api: 'parsePgn',
      input: '[Event "«x×2000000»"]\n\n*\n',
    },
  },
  {
    code: 'ERR_PGN_SUFFIX',
    format: 'pgn',
    severity: 'error',
    meaning: 'unknown suffix annotation …',
    example: {
      api: 'parsePgn',
      input: '1. e4!!! *\n',
    },
  },
  {
    code: 'ERR_PGN_SYMBOL_TOO_LONG',
    format: 'pgn',
    severity: 'error',
    meaning: 'symbol longer than 255 characters',
    example: {
      api: 'parsePgn',
      input: '1. «e×300» *\n',
    },
  },
  {
    code: 'ERR_PGN_TAB',
    format: 'pgn',
    severity: 'warning',
    meaning: 'a tab in a tag value (export format has no tabs; kept as it is)',
    example: {
      api: 'makePgn',
      input: '[Event "a\tb"]\n\n1. e4 *\n',
    },
  },
  {
    code: 'ERR_PGN_TAG',
    format: 'pgn',
    severity: 'error',
    meaning: 'tag pair without a name',
    example: {
      api: 'parsePgn',
      input: '[ "x"]\n\n1. e4 *\n',
    },
  },
  {
    code: 'ERR_PGN_TOKEN',
    format: 'pgn',
    severity: 'error',
    meaning: 'unexpected … in movetext',
    example: {
      api: 'parsePgn',
      input: '1. e4 ] *\n',
    },
  },
  {
    code: 'ERR_PGN_TOO_DEEP',
    format: 'pgn',
    severity: 'error',
    meaning: 'variations nested deeper than …; skipped',
    example: {
      api: 'parsePgn',
      input: '1. e4 «(1. d4 ×300» *\n',
    },
  },
  {
    code: 'ERR_PGN_UNCLOSED_VARIATION',
    format: 'pgn',
    severity: 'error',
    meaning: '… variation(s) not closed at the end of the game',
    example: {
      api: 'parsePgn',
      input: '1. e4 (1. d4 *\n',
    },
  },
  {
    code: 'ERR_PGN_UNMATCHED_PAREN',
    format: 'pgn',
    severity: 'error',
    meaning: 'closing parenthesis without a variation',
    example: {
      api: 'parsePgn',
      input: '1. e4 ) e5 *\n',
    },
  },
  {
    code: 'ERR_PGN_UNTERMINATED_COMMENT',
    format: 'pgn',
    severity: 'error',
    meaning: 'comment not closed by }',
    example: {
      api: 'parsePgn',
      input: '1. e4 {open *\n',
    },
  },
  {
    code: 'ERR_PGN_UNTERMINATED_STRING',
    format: 'pgn',
    severity: 'error',
    meaning: 'string not closed by " on its line',
    example: {
      api: 'parsePgn',
      input: '[Event "open]\n\n1. e4 *\n',
    },
  },
  {
    code: 'ERR_PGN_VARIANT',
    format: 'pgn',
    severity: 'error',
    meaning: 'variant "…" is not supported; moves are kept as written, unresolved',
    example: {
      api: 'parsePgn',
      input: '[Variant "Atomic"]\n\n1. e4 *\n',
    },
  },
  {
    code: 'ERR_PGN_VARIATION_START',
    format: 'pgn',
    severity: 'error',
    meaning: 'variation before any move of its line; skipped',
    example: {
      api: 'parsePgn',
      input: '(1. d4) 1. e4 *\n',
    },
  },
  {
    code: 'ERR_POPEYE_AFTER_END',
    format: 'popeye',
    severity: 'error',
    meaning: "'…' after EndProblem",
    example: {
      api: 'parsePopeye',
      input: 'BeginProblem Stipulation #2 Pieces White Ke1 Black Ke8 EndProblem Stipulation',
    },
  },
  {
    code: 'ERR_POPEYE_BEGIN',
    format: 'popeye',
    severity: 'error',
    meaning: 'a Popeye input does not start with BeginProblem',
    example: {
      api: 'parsePopeye',
      input: 'Pieces White Ke1',
    },
  },
  {
    code: 'ERR_POPEYE_CONDITION',
    format: 'popeye',
    severity: 'error',
    meaning: 'fairy conditions are not supported by this solver',
    example: {
      api: 'parsePopeye',
      input: 'BeginProblem Condition Circe Stipulation #2 Pieces White Ke1 Black Ke8 EndProblem',
    },
  },
  {
    code: 'ERR_POPEYE_END',
    format: 'popeye',
    severity: 'warning',
    meaning: 'the input ends without EndProblem',
    example: {
      api: 'parsePopeye',
      input: 'BeginProblem Stipulation #2 Pieces White Ke1 Black Ke8',
    },
  },
  {
    code: 'ERR_POPEYE_KEYWORD',
    format: 'popeye',
    severity: 'error',
    meaning: 'unknown or unsupported keyword',
    example: {
      api: 'parsePopeye',
      input: 'BeginProblem Frobnicate EndProblem',
    },
  },
  {
    code: 'ERR_POPEYE_OPTION',
    format: 'popeye',
    severity: 'error',
    meaning: 'an option the solver does not support',
    example: {
      api: 'parsePopeye',
      input: 'BeginProblem Option Frob Stipulation #2 Pieces White Ke1 Black Ke8 EndProblem',
    },
  },
  {
    code: 'ERR_POPEYE_PIECE',
    format: 'popeye',
    severity: 'error',
    meaning: 'a piece specification is not a piece and square',
    example: {
      api: 'parsePopeye',
      input: 'BeginProblem Stipulation #2 Pieces White Ke1 Xz9 Black Ke8 EndProblem',
    },
  },
  {
    code: 'ERR_POPEYE_STIPULATION',
    format: 'popeye',
    severity: 'error',
    meaning: 'the problem has no stipulation',
    example: {
      api: 'parsePopeye',
      input: 'BeginProblem Pieces White Ke1 Black Ke8 EndProblem',
    },
  },
  {
    code: 'ERR_POPEYE_TWIN',
    format: 'popeye',
    severity: 'error',
    meaning: 'a twin command is malformed',
    example: {
      api: 'parsePopeye',
      input: 'BeginProblem Stipulation #2 Pieces White Ke1 Black Ke8 Twin Move e1 EndProblem',
    },
  },
  {
    code: 'ERR_POS_CASTLING',
    format: 'chess',
    severity: 'error',
    meaning: 'castling rights do not match king and rook placement',
    example: {
      api: 'validateSetup',
      input: '4k3/8/8/8/8/8/8/4K3 w KQ - 0 1',
    },
  },
  {
    code: 'ERR_POS_EP',
    format: 'chess',
    severity: 'error',
    meaning: 'no double pawn push can have made this en passant square',
    example: {
      api: 'validateSetup',
      input: '4k3/8/8/8/8/8/8/4K3 w - e3 0 1',
    },
  },
  {
    code: 'ERR_POS_IMPOSSIBLE_CHECK',
    format: 'chess',
    severity: 'error',
    meaning: 'the checks cannot have been given by the last move',
    example: {
      api: 'validateSetup',
      input: 'R3k3/8/8/8/8/8/8/4R1K1 b - - 0 1',
    },
  },
  {
    code: 'ERR_POS_KINGS',
    format: 'chess',
    severity: 'error',
    meaning: 'each side needs exactly one king',
    example: {
      api: 'validateSetup',
      input: '8/8/8/8/8/8/8/4K3 w - - 0 1',
    },
  },
  {
    code: 'ERR_POS_OPPOSITE_CHECK',
    format: 'chess',
    severity: 'error',
    meaning: 'the side not to move is in check',
    example: {
      api: 'validateSetup',
      input: '4k3/8/8/8/8/8/8/4R1K1 w - - 0 1',
    },
  },
  {
    code: 'ERR_POS_PAWNS_ON_BACKRANK',
    format: 'chess',
    severity: 'error',
    meaning: 'pawns on the first or eighth rank',
    example: {
      api: 'validateSetup',
      input: 'P3k3/8/8/8/8/8/8/4K3 w - - 0 1',
    },
  },
  {
    code: 'ERR_POS_POCKET',
    format: 'chess',
    severity: 'error',
    meaning: 'pocket does not fit the material',
    example: {
      api: 'validateSetup',
      input: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1',
    },
  },
  {
    code: 'ERR_POS_TOO_MANY_PIECES',
    format: 'chess',
    severity: 'error',
    meaning: 'more pieces than the game can have',
    example: {
      api: 'validateSetup',
      input: 'QQQQkQQQ/QQQQQQQQ/8/8/8/8/8/4K3 w - - 0 1',
    },
  },
  {
    code: 'ERR_PROBLEM_NOT_FEN',
    format: 'problems',
    severity: 'error',
    meaning: 'the problem is not a plain FEN position',
  },
  {
    code: 'ERR_QUEUE_CONNECT',
    format: 'queue',
    severity: 'error',
    meaning:
      'Redis did not answer within the connect timeout (not running, wrong host or port, or down for longer than --connect-timeout)',
    trigger: 'a --queue URL where no Redis listens; no text input (tests: test/queue/queue.node.test.ts)',
  },
  {
    code: 'ERR_QUEUE_INTERRUPTED',
    format: 'queue',
    severity: 'error',
    meaning:
      'the producer was stopped (Ctrl-C) before every result came back; the jobs stay in Redis and a rerun continues',
    trigger: 'SIGINT to analyse/dd/solve --queue; no text input',
  },
  {
    code: 'ERR_QUEUE_JOB_FAILED',
    format: 'queue',
    severity: 'error',
    meaning: 'a queued job failed on every attempt and its failure names no code of its own (its message is kept)',
    trigger: 'a worker failing a job with an uncoded error; no text input (tests: test/queue/units.node.test.ts)',
  },
  {
    code: 'ERR_QUEUE_JOB_INPUT',
    format: 'queue',
    severity: 'error',
    meaning:
      "a queued job a worker does not take: not of the job schema (null, a field missing or of the wrong type, a key named __proto__, a limit no engine or solver takes such as maxSolutions -1 or tableMiB 1e9, no game in it, a kind this version does not know), over the worker's --max-depth or --max-nodes, or running longer than its --max-time; failed once, not retried",
    trigger:
      'a job written by another program or version into the queue; no text input (tests: test/queue/units.node.test.ts, test/queue/queue.node.test.ts)',
  },
  {
    code: 'ERR_QUEUE_LOCK_LOST',
    format: 'queue',
    severity: 'error',
    meaning:
      'a worker lost the lock of a running job (Redis gone or restarted, the event loop stalled past the lock): the job is stopped at once (its engine or thread with it), for another worker to take over',
    trigger: 'Redis killed during a job; no text input (tests: test/queue/lock.node.test.ts)',
  },
  {
    code: 'ERR_QUEUE_UNAVAILABLE',
    format: 'queue',
    severity: 'error',
    meaning: '--queue needs the optional dependencies bullmq and ioredis, which are not installed',
    trigger: 'npm install --omit=optional, then --queue; no text input',
  },
  {
    code: 'ERR_QUEUE_URL',
    format: 'queue',
    severity: 'error',
    meaning: 'the --queue value is not redis://[user:password@]host[:port][/db][?name=queue]',
    example: { api: 'parseQueueUrl', input: 'http://127.0.0.1:6379' },
  },
  {
    code: 'ERR_SAN_AMBIGUOUS',
    format: 'san',
    severity: 'error',
    meaning: 'the SAN matches more than one legal move',
    example: {
      api: 'parseSan',
      input: '4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1 ; Nb3',
    },
  },
  {
    code: 'ERR_SAN_ILLEGAL',
    format: 'san',
    severity: 'error',
    meaning: 'the SAN is well formed but no legal move matches',
    example: {
      api: 'parseSan',
      input: 'e5',
    },
  },
  {
    code: 'ERR_SAN_SYNTAX',
    format: 'san',
    severity: 'error',
    meaning: 'the text is not SAN',
    example: {
      api: 'parseSan',
      input: 'e9',
    },
  },
  {
    code: 'ERR_SOLVE_ABORTED',
    format: 'solve',
    severity: 'error',
    meaning: 'the solve was aborted (AbortSignal)',
    trigger: 'an AbortSignal fired during solve; no text input (tests: test/problems/solve.test.ts)',
  },
  {
    code: 'ERR_SOLVE_INPUT',
    format: 'solve',
    severity: 'error',
    meaning: 'the input holds … problems; use solveAll',
    example: {
      api: 'solve',
      input:
        'BeginProblem Stipulation #2 Pieces White Ke1 Black Ke8 NextProblem Stipulation #2 Pieces White Ke1 Black Ke8 EndProblem',
    },
  },
  {
    code: 'ERR_SOLVE_MAX_SOLUTIONS',
    format: 'solve',
    severity: 'warning',
    meaning: 'a part stopped after maxSolutions solutions (default 1000); its status counts only those',
    trigger:
      'solve(input, { maxSolutions: 1 }) on a problem with two solutions; no text input (tests: test/problems/solve.test.ts)',
  },
  {
    code: 'ERR_SOLVE_NODES',
    format: 'solve',
    severity: 'error',
    meaning:
      'the node limit (maxNodes, CLI --max-nodes) stopped the solve; the result holds what was proven (e.g. no solution within 3 moves)',
    trigger:
      "solve({ fen, stipulation: '#20' }, { maxNodes: 20000 }); no text input (tests: test/problems/solve-cli.node.test.ts)",
  },
  {
    code: 'ERR_SOLVE_OPTION',
    format: 'solve',
    severity: 'error',
    meaning:
      'a solver option out of its range: maxSolutions and intended 1..1000000, maxRefutations 0..1000, tableMiB 0..1024, timeoutMs 1..2^31-1, maxNodes 1..2^53-1 (a negative count is not "no limit")',
    trigger:
      'solve(input, { maxSolutions: -1 }) or { tableMiB: 1e9 }; no text input (tests: test/problems/solve.test.ts)',
  },
  {
    code: 'ERR_SOLVE_POSITION',
    format: 'solve',
    severity: 'error',
    meaning: 'the position is not a valid board for the solver',
    example: {
      api: 'solve',
      input: '4k3/8/8 w - - 0 1 ; #2',
    },
  },
  {
    code: 'ERR_SOLVE_STIPULATION',
    format: 'solve',
    severity: 'error',
    meaning: 'the stipulation is not one the solver supports',
    example: {
      api: 'solve',
      input: '4k3/8/8/8/8/8/8/4K3 w - - 0 1 ; foo',
    },
  },
  {
    code: 'ERR_SOLVE_TIMEOUT',
    format: 'solve',
    severity: 'error',
    meaning:
      'the time limit (timeoutMs, CLI --timeout, Popeye MaxTime) stopped the solve; the result holds what was proven',
    trigger:
      "solve({ fen, stipulation: '#20' }, { timeoutMs: 1000 }); no text input (tests: test/problems/solve-cli.node.test.ts)",
  },
  {
    code: 'ERR_SQUARE_SYNTAX',
    format: 'chess',
    severity: 'error',
    meaning: 'the text is not a square name (a–h then 1–8)',
    example: {
      api: 'parseSquare',
      input: 'i9',
    },
  },
  {
    code: 'ERR_STIPULATION_SYNTAX',
    format: 'problem',
    severity: 'error',
    meaning: 'the text is not a stipulation in the common notation (`#2`, `h#2.5`, `s#3`, `ser-h#5`, …)',
    example: {
      api: 'parseStipulation',
      input: 'x#2',
    },
  },
  {
    code: 'ERR_TEXT_CHARACTER',
    format: 'text',
    severity: 'error',
    meaning: 'a control character in a string',
    trigger:
      "the text layer's record scanner (src/text/records.ts, no package entry point) under its default prefix; the PBN reader reports the same problem as ERR_PBN_CHARACTER (see its example), so no public call gives this code",
  },
  {
    code: 'ERR_TEXT_COMMENT_TOO_LONG',
    format: 'text',
    severity: 'error',
    meaning: 'a comment longer than maxCommentLength',
    example: {
      api: 'tokenize',
      input: '{a long comment}',
      options: {
        maxCommentLength: 5,
      },
    },
  },
  {
    code: 'ERR_TEXT_COMMENT_UNTERMINATED',
    format: 'text',
    severity: 'error',
    meaning: 'comment is not closed by }',
    trigger:
      "the text layer's record scanner (src/text/records.ts, no package entry point) under its default prefix; the PBN reader reports the same problem as ERR_PBN_COMMENT_UNTERMINATED (see its example), so no public call gives this code",
  },
  {
    code: 'ERR_TEXT_ESCAPE_INDENTED',
    format: 'text',
    severity: 'error',
    meaning: 'a % escape line that does not start in column 1',
    example: {
      api: 'tokenize',
      input: '1. e4\n  %escape\n',
      options: {
        indentedEscapes: 1,
      },
    },
  },
  {
    code: 'ERR_TEXT_LINE_TOO_LONG',
    format: 'text',
    severity: 'error',
    meaning: 'line has … characters (at most …)',
    trigger:
      "the text layer's record scanner (src/text/records.ts, no package entry point) under its default prefix; the PBN reader reports the same problem as ERR_PBN_LINE_TOO_LONG (see its example), so no public call gives this code",
  },
  {
    code: 'ERR_TEXT_STRING_TAB',
    format: 'text',
    severity: 'error',
    meaning: 'tab inside a string',
    trigger:
      "the text layer's record scanner (src/text/records.ts, no package entry point) under its default prefix; the PBN reader reports the same problem as ERR_PBN_STRING_TAB (see its example), so no public call gives this code",
  },
  {
    code: 'ERR_TEXT_STRING_TOO_LONG',
    format: 'text',
    severity: 'error',
    meaning: 'a string longer than maxStringLength',
    example: {
      api: 'tokenize',
      input: '"a long string"',
      options: {
        maxStringLength: 5,
      },
    },
  },
  {
    code: 'ERR_TEXT_STRING_UNTERMINATED',
    format: 'text',
    severity: 'error',
    meaning: 'string is not closed by a quote on its line',
    trigger:
      "the text layer's record scanner (src/text/records.ts, no package entry point) under its default prefix; the PBN reader reports the same problem as ERR_PBN_STRING_UNTERMINATED (see its example), so no public call gives this code",
  },
  {
    code: 'ERR_TEXT_SYMBOL_TOO_LONG',
    format: 'text',
    severity: 'error',
    meaning: 'a symbol longer than maxSymbolLength (255)',
    example: {
      api: 'tokenize',
      input: '«e×300»',
    },
  },
  {
    code: 'ERR_TEXT_TAG_CONTROL',
    format: 'text',
    severity: 'warning',
    meaning:
      'a tag value holds a line end or another control character (C0 but the tab, and DEL: NUL, ESC, …): a tag pair is one line, so every writer (PGN, BPGN, AIF, PBN) writes each such character as a space',
    example: {
      api: 'makePgn',
      input: '[White "a\u0001b"]\n\n1. e4 *\n',
    },
  },
  {
    code: 'ERR_TEXT_TAG_NAME',
    format: 'text',
    severity: 'warning',
    meaning:
      'a tag name is not a PGN symbol (a letter, digit or @, then also _+#=:-): every writer writes each other character as _',
    trigger:
      'a model built in code with such a header name (readers only read symbols), written with makePgn, makeBpgn, makeAif or makePbn (their onWarning option) (tests: test/text/tag-value.test.ts)',
  },
  {
    code: 'ERR_TEXT_TAG_SYNTAX',
    format: 'text',
    severity: 'error',
    meaning: 'a tag pair is not [Name "value"]',
    trigger:
      "the text layer's record scanner (src/text/records.ts, no package entry point) under its default prefix; the PBN reader reports the same problem as ERR_PBN_TAG_SYNTAX (see its example), so no public call gives this code",
  },
  {
    code: 'ERR_TEXT_UNTERMINATED_COMMENT',
    format: 'text',
    severity: 'error',
    meaning: 'a comment not closed by }',
    example: {
      api: 'tokenize',
      input: '1. e4 {open',
    },
  },
  {
    code: 'ERR_TEXT_UNTERMINATED_STRING',
    format: 'text',
    severity: 'error',
    meaning: 'a string not closed by " on its line',
    example: {
      api: 'tokenize',
      input: '[Event "open\n',
    },
  },
  {
    code: 'ERR_TOO_MANY_ERRORS',
    format: 'core',
    severity: 'error',
    meaning: 'more errors than maxErrors; the rest are only counted',
    example: {
      api: 'parsePbn',
      input: '[Board "x"]\n[Dealer "x"]\n[Declarer "x"]\n',
      options: {
        maxErrors: 1,
      },
    },
  },
  {
    code: 'ERR_UCI_SYNTAX',
    format: 'chess',
    severity: 'error',
    meaning: 'the text is not a UCI move (`e2e4`, `e7e8q`, `N@f3`)',
    example: {
      api: 'parseUci',
      input: 'e2e9',
    },
  },
  {
    code: 'ERR_WASM_ABI',
    format: 'wasm',
    severity: 'error',
    meaning: 'a wasm module built for another interface version (a stale wasm-build/); refused at init()',
    trigger: 'a stale or foreign .wasm file, not text input (tests: test/core/wasm-abi.node.test.ts)',
  },
  {
    code: 'ERR_WORKER_CRASHED',
    format: 'worker',
    severity: 'error',
    meaning: 'the worker crashed while jobs were pending',
    trigger: 'the worker thread crashes; no text input (tests: test/worker/worker.test.ts)',
  },
  {
    code: 'ERR_WORKER_JOB',
    format: 'worker',
    severity: 'error',
    meaning: 'unknown job kind',
    trigger: 'a job kind the worker does not know (worker.run with a bad kind, not text); no test names it yet',
  },
  {
    code: 'ERR_WORKER_LOAD',
    format: 'worker',
    severity: 'error',
    meaning: 'the worker did not start (its script failed to load)',
    trigger:
      'the worker script fails to start; no text input (tests: test/bundlers/bundlers.node.test.ts, test/worker/worker.test.ts)',
  },
  {
    code: 'ERR_WORKER_TERMINATED',
    format: 'worker',
    severity: 'error',
    meaning: 'the worker was terminated',
    trigger: 'terminate() while jobs are pending; no text input (tests: test/worker/worker.test.ts)',
  },
  {
    code: 'ERR_XML_ATTRIBUTE',
    format: 'xml',
    severity: 'error',
    meaning: 'an attribute is missing or has a bad value',
    example: {
      api: 'parseProblemXml',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"><problem><piecedecls><piecedecl id="a" kind="king"/></piecedecls><release/></problem></problems>',
    },
  },
  {
    code: 'ERR_XML_ATTRIBUTE_TOO_LONG',
    format: 'xml',
    severity: 'error',
    meaning: 'an attribute value longer than maxAttributeLength',
    example: {
      api: 'parseProblemXml',
      input: '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0" title="a long title"/>',
      options: {
        maxAttributeLength: 5,
      },
    },
  },
  {
    code: 'ERR_XML_CHARACTER',
    format: 'xml',
    severity: 'error',
    meaning: 'a character not allowed in XML',
    example: {
      api: 'parseProblemXml',
      input: '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0" title="a\u0001b"/>',
    },
  },
  {
    code: 'ERR_XML_COUNT',
    format: 'xml',
    severity: 'warning',
    meaning: 'problems/@count does not match the number of problems',
    example: {
      api: 'parseProblemXml',
      input: '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0" count="2"/>',
    },
  },
  {
    code: 'ERR_XML_CYCLE',
    format: 'xml',
    severity: 'error',
    meaning: 'twins refer to each other in a cycle',
    example: {
      api: 'checkProblemXml',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"><problem><release><twin id="a" base="a"/></release></problem></problems>',
    },
  },
  {
    code: 'ERR_XML_DOCTYPE',
    format: 'xml',
    severity: 'error',
    meaning: 'a DOCTYPE (entities are not expanded)',
    example: {
      api: 'parseProblemXml',
      input: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><problems/>',
    },
  },
  {
    code: 'ERR_XML_DUPLICATE_ID',
    format: 'xml',
    severity: 'error',
    meaning: 'an id is used twice',
    example: {
      api: 'parseProblemXml',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"><problem><piecedecls><piecedecl id="a" kind="king" color="white"/><piecedecl id="a" kind="king" color="black"/></piecedecls><release/></problem></problems>',
    },
  },
  {
    code: 'ERR_XML_ENCODING',
    format: 'xml',
    severity: 'error',
    meaning: 'unsupported encoding',
    example: {
      api: 'parseProblemXmlBytes',
      input:
        '<?xml version="1.0" encoding="UTF-8"?><problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"><remark>ÿ</remark></problems>',
    },
  },
  {
    code: 'ERR_XML_ENTITY',
    format: 'xml',
    severity: 'error',
    meaning: 'an unknown or unsupported entity reference',
    example: {
      api: 'parseProblemXml',
      input: '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0" title="&foo;"/>',
    },
  },
  {
    code: 'ERR_XML_NAMESPACE',
    format: 'xml',
    severity: 'warning',
    meaning: 'the root element is not in the problem namespace',
    example: {
      api: 'parseProblemXml',
      input: '<problems/>',
    },
  },
  {
    code: 'ERR_XML_NO_POSITION',
    format: 'xml',
    severity: 'warning',
    meaning: 'a twin has no position to start from',
    example: {
      api: 'checkProblemXml',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"><problem><release><twin id="a"/></release></problem></problems>',
    },
  },
  {
    code: 'ERR_XML_PIECE',
    format: 'xml',
    severity: 'error',
    meaning: 'a twin removes or moves a piece that is not there',
    example: {
      api: 'checkProblemXml',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"><problem><piecedecls><piecedecl id="wk" kind="king" color="white"/><piecedecl id="bk" kind="king" color="black"/></piecedecls><release id="r1" type="initial"><twin id="a"><position id="a"><pieces><addition piece="wk"><plane dim="1" value="5"/><plane dim="2" value="1"/></addition><addition piece="bk"><plane dim="1" value="5"/><plane dim="2" value="8"/></addition></pieces></position><stipulation order="alternating" play="direct"><length type="maximum" value="3"/><endstate type="mate"/></stipulation></twin><twin id="b" base="a"><position id="b" base="a"><pieces><removal piece="zz"/></pieces></position></twin></release></problem></problems>',
    },
  },
  {
    code: 'ERR_XML_PLANE',
    format: 'xml',
    severity: 'error',
    meaning: '<plane> needs integer dim and value attributes',
    example: {
      api: 'parseProblemXml',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"><problem><piecedecls><piecedecl id="wk" kind="king" color="white"/><piecedecl id="bk" kind="king" color="black"/></piecedecls><release id="r1" type="initial"><twin id="a"><position id="a"><pieces><addition piece="wk"><plane dim="x" value="1"/></addition><addition piece="bk"><plane dim="1" value="5"/><plane dim="2" value="8"/></addition></pieces></position><stipulation order="alternating" play="direct"><length type="maximum" value="3"/><endstate type="mate"/></stipulation></twin></release></problem></problems>',
    },
  },
  {
    code: 'ERR_XML_PLANES',
    format: 'xml',
    severity: 'warning',
    meaning: 'a piece placed on a plane the board does not have',
    example: {
      api: 'checkProblemXml',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"><problem><piecedecls><piecedecl id="wk" kind="king" color="white"/><piecedecl id="bk" kind="king" color="black"/></piecedecls><release id="r1" type="initial"><twin id="a"><position id="a"><pieces><addition piece="wk"><plane dim="1" value="5"/><plane dim="2" value="1"/><plane dim="3" value="1"/></addition><addition piece="bk"><plane dim="1" value="5"/><plane dim="2" value="8"/></addition></pieces></position><stipulation order="alternating" play="direct"><length type="maximum" value="3"/><endstate type="mate"/></stipulation></twin></release></problem></problems>',
    },
  },
  {
    code: 'ERR_XML_REFERENCE',
    format: 'xml',
    severity: 'error',
    meaning: 'a twin base refers to no twin',
    example: {
      api: 'checkProblemXml',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"><problem><release><twin id="a" base="b"/></release></problem></problems>',
    },
  },
  {
    code: 'ERR_XML_RELEASE',
    format: 'xml',
    severity: 'error',
    meaning: 'a problem has at least one release',
    example: {
      api: 'parseProblemXml',
      input: '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"><problem/></problems>',
    },
  },
  {
    code: 'ERR_XML_ROOT',
    format: 'xml',
    severity: 'error',
    meaning: 'the root element is not <problems> or <problem>',
    example: {
      api: 'parseProblemXml',
      input: '<?xml version="1.0"?><foo/>',
    },
  },
  {
    code: 'ERR_XML_SQUARE',
    format: 'xml',
    severity: 'error',
    meaning: 'a square outside the board',
    example: {
      api: 'checkProblemXml',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"><problem><piecedecls><piecedecl id="wk" kind="king" color="white"/><piecedecl id="bk" kind="king" color="black"/></piecedecls><release id="r1" type="initial"><twin id="a"><position id="a"><pieces><addition piece="wk"><plane dim="1" value="9"/><plane dim="2" value="1"/></addition><addition piece="bk"><plane dim="1" value="5"/><plane dim="2" value="8"/></addition></pieces></position><stipulation order="alternating" play="direct"><length type="maximum" value="3"/><endstate type="mate"/></stipulation></twin></release></problem></problems>',
    },
  },
  {
    code: 'ERR_XML_STIPULATION',
    format: 'xml',
    severity: 'error',
    meaning: 'the stipulation length is not a number of half-moves',
    example: {
      api: 'parseProblemXml',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"><problem><piecedecls><piecedecl id="wk" kind="king" color="white"/><piecedecl id="bk" kind="king" color="black"/></piecedecls><release id="r1" type="initial"><twin id="a"><position id="a"><pieces><addition piece="wk"><plane dim="1" value="5"/><plane dim="2" value="1"/></addition><addition piece="bk"><plane dim="1" value="5"/><plane dim="2" value="8"/></addition></pieces></position><stipulation order="alternating" play="direct"><length type="maximum" value="x"/><endstate type="mate"/></stipulation></twin></release></problem></problems>',
    },
  },
  {
    code: 'ERR_XML_SYNTAX',
    format: 'xml',
    severity: 'error',
    meaning: 'the XML is not well formed',
    example: {
      api: 'parseProblemXml',
      input: '<problems',
    },
  },
  {
    code: 'ERR_XML_TEXT_TOO_LONG',
    format: 'xml',
    severity: 'error',
    meaning: 'a text run longer than maxTextLength',
    example: {
      api: 'parseProblemXml',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"><remark>a long remark</remark></problems>',
      options: {
        maxTextLength: 5,
      },
    },
  },
  {
    code: 'ERR_XML_TOO_DEEP',
    format: 'xml',
    severity: 'error',
    meaning: 'elements nested deeper than maxDepth',
    example: {
      api: 'parseProblemXml',
      input: '«<a>×300»',
    },
  },
  {
    code: 'ERR_XML_TOO_LARGE',
    format: 'xml',
    severity: 'error',
    meaning: 'a document larger than maxDocumentBytes',
    example: {
      api: 'parseProblemXml',
      input: '«x×40000000»',
    },
  },
  {
    code: 'ERR_XML_TOO_MANY_ELEMENTS',
    format: 'xml',
    severity: 'error',
    meaning:
      'more elements than maxElements (1,000,000) in the document, or than maxProblemElements (100,000) in one problem or other child of the root',
    example: {
      api: 'parseProblemXml',
      input:
        '<problems xmlns="http://www.sci.fi/~stniekat/pccc/2007/Problem/1/0"><problem/><problem/><problem/></problems>',
      options: { maxElements: 3 },
    },
  },
];
