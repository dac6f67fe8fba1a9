// The shared PBN corpus (../shared/data/bridge/pbn-corpus), listed here because the browser cannot
// list directories. `deals` is the number of [Deal tags per file (SOURCES.md).
export { rng } from '../support/rng.mjs';
export const CORPUS: { file: string; deals: number }[] = [
  { file: 'bbo__aba_pairs_notes.pbn', deals: 56 },
  { file: 'bbo__acbl_speedball_latin1.pbn', deals: 576 },
  { file: 'bbo__annamar_pairs.pbn', deals: 57 },
  { file: 'bbo__history_expected.pbn', deals: 2 },
  { file: 'bc550__empty_line_in_comment.pbn', deals: 1 },
  { file: 'bc550__escape_in_comment.pbn', deals: 0 },
  { file: 'bc550__lots_of_curlies.pbn', deals: 1 },
  { file: 'bc550__three_records_crlf.pbn', deals: 3 },
  { file: 'bc557__bridgecomposer_dd.pbn', deals: 15 },
  { file: 'bigdeal__deepfinesse_ability_minimax.pbn', deals: 14 },
  { file: 'bigdeal__nocontractcanbemade.pbn', deals: 1 },
  { file: 'bridgebots__sample_notes.pbn', deals: 3 },
  { file: 'bridgenz__hazlemere_dd_clamped.pbn', deals: 30 },
  { file: 'bridgenz__wed_individual_dd_clamped.pbn', deals: 28 },
  { file: 'dealmasterpro__hand_trophy_dd_clamped.pbn', deals: 26 },
  { file: 'edge__empty.pbn', deals: 0 },
  { file: 'endplay__comments.pbn', deals: 1 },
  { file: 'endplay__eytc1998_auction_play.pbn', deals: 2 },
  { file: 'endplay__realbridge2021_dd_notes.pbn', deals: 299 },
  { file: 'endplay__sample_dd_notes.pbn', deals: 2 },
  { file: 'kops__PCH1003_570games.pbn', deals: 570 },
  { file: 'kops__sm0807_latin1.pbn', deals: 108 },
  { file: 'pary__wb130801_crlf.pbn', deals: 351 },
  { file: 'pbnverifier__correct_10.pbn', deals: 9 },
  { file: 'pbnverifier__correct_20.pbn', deals: 40 },
  { file: 'pbnverifier__correct_21.pbn', deals: 2 },
  { file: 'pbnverifier__errors_10.pbn', deals: 34 },
  { file: 'pbnverifier__errors_20.pbn', deals: 7 },
  { file: 'pbnverifier__errors_21.pbn', deals: 0 },
  { file: 'psbridge__generator.pbn', deals: 32 },
  { file: 'ruter__scoretable_totalscoretable.pbn', deals: 21 },
  { file: 'schiphol1995__notes_commentary.pbn', deals: 1 },
];

/** Line of each `% ==== game N ====` header in a verifier file, to map errors to its games. */
export function verifierGames(text: string): [number, number][] {
  const out: [number, number][] = [];
  text.split(/\r\n|\r|\n/).forEach((line, i) => {
    const m = /^% =+ game (\d+) =+/.exec(line);
    if (m) out.push([Number(m[1]), i + 1]);
  });
  return out;
}

/** Error codes (without ERR_PBN_) per verifier game number. */
export function codesByGame(text: string, errors: { code: string; line?: number }[]): Map<number, string[]> {
  const starts = verifierGames(text);
  const map = new Map<number, string[]>();
  for (const [n] of starts) map.set(n, []);
  for (const e of errors) {
    let game = 0;
    for (const [n, line] of starts) if ((e.line ?? 0) >= line) game = n;
    const list = map.get(game) ?? [];
    const code = e.code.replace(/^ERR_PBN_/, '');
    if (!list.includes(code)) list.push(code);
    map.set(game, list);
  }
  return map;
}
