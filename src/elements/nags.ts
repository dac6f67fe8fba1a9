// Numeric Annotation Glyphs (PGN standard section 10, and the symbols chess publications print for
// them): the glyph shown and the words a screen reader says.
const NAGS: Record<number, readonly [glyph: string, words: string]> = {
  1: ['!', 'good move'],
  2: ['?', 'mistake'],
  3: ['!!', 'brilliant move'],
  4: ['??', 'blunder'],
  5: ['!?', 'interesting move'],
  6: ['?!', 'dubious move'],
  7: ['\u25a1', 'forced move'],
  8: ['\u25a1', 'only move'],
  10: ['=', 'equal position'],
  11: ['=', 'equal chances, quiet position'],
  12: ['=', 'equal chances, active position'],
  13: ['\u221e', 'unclear position'],
  14: ['\u2a72', 'White is slightly better'],
  15: ['\u2a71', 'Black is slightly better'],
  16: ['\u00b1', 'White is better'],
  17: ['\u2213', 'Black is better'],
  18: ['+\u2212', 'White is winning'],
  19: ['\u2212+', 'Black is winning'],
  20: ['+\u2212\u2212', 'White has a crushing advantage'],
  21: ['\u2212\u2212+', 'Black has a crushing advantage'],
  22: ['\u2a00', 'White is in zugzwang'],
  23: ['\u2a00', 'Black is in zugzwang'],
  32: ['\u27f3', 'White has a lead in development'],
  33: ['\u27f3', 'Black has a lead in development'],
  36: ['\u2192', 'White has the initiative'],
  37: ['\u2192', 'Black has the initiative'],
  40: ['\u2191', 'White has the attack'],
  41: ['\u2191', 'Black has the attack'],
  44: ['=\u221e', 'White has compensation'],
  45: ['=\u221e', 'Black has compensation'],
  132: ['\u21c6', 'White has counterplay'],
  133: ['\u21c6', 'Black has counterplay'],
  138: ['\u2a01', 'White is in time trouble'],
  139: ['\u2a01', 'Black is in time trouble'],
  140: ['\u2206', 'with the idea'],
  142: ['\u2313', 'better is'],
  145: ['RR', 'editorial comment'],
  146: ['N', 'novelty'],
};

/** The glyph and words of a NAG; `$n` and "annotation n" for one without a common glyph. */
export function nagGlyph(nag: number): { glyph: string; words: string } {
  const known = NAGS[nag];
  return known ? { glyph: known[0], words: known[1] } : { glyph: `$${nag}`, words: `annotation ${nag}` };
}
