import { makePbn, parsePbn } from '../../bridge/index.js';
import type { CheckReport, ExportResult, FormatHandler, InputFile } from '../types.js';

function read(input: InputFile) {
  return parsePbn(input.bytes);
}

/** PBN 2.1 (Portable Bridge Notation): check, export (strict export format), convert --to json. */
export const pbnFormat: FormatHandler = {
  name: 'pbn',
  extensions: ['.pbn'],
  sniff(text) {
    return /^\uFEFF?%\s*PBN\b/.test(text) || /\[(Deal|Dealer|Vulnerable|Auction|Declarer)\s+"/.test(text);
  },
  async check(input): Promise<CheckReport> {
    const r = read(input);
    return {
      counts: {
        games: r.games.length,
        deals: r.games.filter((g) => g.tags.Deal).length,
        auctions: r.games.filter((g) => g.auction).length,
        plays: r.games.filter((g) => g.play).length,
      },
      errors: r.errors,
      warnings: r.warnings,
    };
  },
  async export(input): Promise<ExportResult> {
    const r = read(input);
    return { text: makePbn(r.games), errors: r.errors };
  },
  convertTargets: ['json', 'pbn'],
  async convert(input, to): Promise<ExportResult> {
    const r = read(input);
    if (to === 'pbn') return { text: makePbn(r.games, { form: 'import' }), errors: r.errors };
    return { text: `${JSON.stringify(r, null, 1)}\n`, errors: r.errors };
  },
};
