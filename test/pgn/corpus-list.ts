import { readFixtureBytes, readSharedBytes } from '../support/data.js';

// Every file of ../shared/data/chess/pgn (the browser cannot list folders, so the list lives here):
// [file, games, main-line moves, all moves incl. variations, expected errors as 'line:col CODE'].
// Game counts agree with SOURCES.md; moves and final positions are checked against chessops in
// peers.node.test.ts. The errors are the documented ones (docs/pgn.md, "Corpus"):
//  - pgn4web/test.pgn: 4:1 is prose before the first tag (read as a tagless game whose first
//    "move" is 'some'); 105:23, 106:7 and 130:30 are pgn4web's "(* …)" continuation syntax, which
//    is not a standard variation (its moves are illegal as alternatives).
//  - antichess-programfox.pgn: antichess is not supported; the moves are kept unresolved.
export const CORPUS: [string, number, number, number, string[]][] = [
  ['notnil-chess/Carlsen.pgn', 1782, 159922, 159922, []],
  ['pgn4web/carlsensvidler.pgn', 1, 74, 74, []],
  ['pgn4web/chess-informant-sample.pgn', 5, 489, 3551, []],
  ['pgn4web/chess960wch06.pgn', 8, 579, 579, []],
  ['pgn4web/demoGames.pgn', 2, 175, 189, []],
  ['pgn4web/demoLiveGames.pgn', 4, 248, 248, []],
  ['pgn4web/oly14r11.pgn', 12, 1165, 1165, []],
  ['pgn4web/tactics.pgn', 928, 5009, 6464, []],
  [
    'pgn4web/test.pgn',
    16,
    90,
    159,
    ['4:1 ERR_SAN_SYNTAX', '105:23 ERR_SAN_ILLEGAL', '106:7 ERR_SAN_ILLEGAL', '130:30 ERR_SAN_ILLEGAL'],
  ],
  ['pgn4web/tilb98r2.pgn', 6, 512, 512, []],
  ['python-chess/anastasian-lewis.pgn', 1, 84, 84, []],
  ['python-chess/antichess-programfox.pgn', 2, 126, 126, ['1:1 ERR_PGN_VARIANT', '5:1 ERR_PGN_VARIANT']],
  ['python-chess/chessbase-empty-line.pgn', 1, 134, 134, []],
  ['python-chess/cutechess-fischerrandom.pgn', 4, 396, 396, []],
  ['python-chess/kasparov-deep-blue-1997.pgn', 6, 519, 519, []],
  ['python-chess/knightvuillaume-jannlee-zh-lichess.pgn', 1, 48, 176, []],
  ['python-chess/molinari-bordais-1979.pgn', 1, 10, 10, []],
  ['python-chess/nepomniachtchi-liren-game1.pgn', 1, 97, 97, []],
  ['python-chess/saturs-jannlee-zh-lichess.pgn', 1, 122, 122, []],
  ['python-chess/stockfish-learning.pgn', 1, 154, 154, []],
  ['python-chess/uci-moves.pgn', 1, 113, 113, []],
  ['python-chess/utf8-bom.pgn', 2, 0, 0, []],
  ['scalachess/FWWRC.pgn', 605, 0, 0, []],
  ['shakmaty-benches/lichess_db_1000k.pgn', 438, 28538, 28538, []],
  ['shakmaty-benches/twic1599_1000k.pgn', 1110, 101487, 101487, []],
];

// Without ../shared: a few whole files of the same corpus (plus the first game of
// chess960wch06.pgn: 40 moves and 41. f4, so 81 plies) kept in test/fixtures/pgn/ under the same
// names, with the same facts as above. They cover a Chess960 game with castling, crazyhouse with
// drops and variations, a UTF-8 BOM, an unsupported variant (its documented errors) and comments.
export const FIXTURE_CORPUS: [string, number, number, number, string[]][] = [
  ['pgn4web/chess960wch06-game1.pgn', 1, 81, 81, []],
  ['python-chess/anastasian-lewis.pgn', 1, 84, 84, []],
  ['python-chess/antichess-programfox.pgn', 2, 126, 126, ['1:1 ERR_PGN_VARIANT', '5:1 ERR_PGN_VARIANT']],
  ['python-chess/knightvuillaume-jannlee-zh-lichess.pgn', 1, 48, 176, []],
  ['python-chess/molinari-bordais-1979.pgn', 1, 10, 10, []],
  ['python-chess/utf8-bom.pgn', 2, 0, 0, []],
];

/**
 * The corpus a run uses: every shared file when ../shared is there, else the fixture files; `read`
 * gives a file's bytes from the matching place. (The check reads one small shared file.)
 */
export async function corpusInUse() {
  const shared = (await readSharedBytes('data/chess/pgn/python-chess/molinari-bordais-1979.pgn')) !== null;
  return {
    source: shared ? 'shared' : 'fixture',
    entries: shared ? CORPUS : FIXTURE_CORPUS,
    read: async (file: string): Promise<Uint8Array> =>
      shared ? (await readSharedBytes(`data/chess/pgn/${file}`))! : await readFixtureBytes(`pgn/${file}`),
  };
}
