// The registry of fuzz targets: one entry per format (reader + writer). A later format plugs in by
// adding its module here; `scripts/fuzz.mjs` and the replay test pick it up.
//
// A target is { name, ext, seeds, corpusDirs, inputs(r, corpus) → () => input, check(lib, input, r)
// → Promise<string | null>, shapes: { name: (n) => text of about n characters }, run(lib, text) }.
// `lib` holds the library's subpath modules: { pgn, bridge, chess, problems, bughouse, aif }; `run(lib, text, shape)` may
// return a promise (streamed readers).
import { aifTarget } from './aif.mjs';
import { bpgnTarget } from './bpgn.mjs';
import { fenTarget } from './fen.mjs';
import { pbiTarget } from './pbi.mjs';
import { pbnTarget } from './pbn.mjs';
import { pgnTarget } from './pgn.mjs';
import { popeyeTarget } from './popeye.mjs';
import { xmlTarget } from './xml.mjs';

/** The formats run by default and replayed by `npm test`: issue #13's, then BPGN and AIF, then Popeye input. */
export const targets = [pgnTarget, pbnTarget, fenTarget, pbiTarget, xmlTarget, bpgnTarget, aifTarget, popeyeTarget];

/**
 * Formats that plug in later, run when named (`--targets=…`) until their readers pass a default
 * run; their saved inputs wait in test/fixtures/fuzz/<format>/ and join the replay once the target
 * moves into `targets`.
 */
export const laterTargets = [];

export const allTargets = [...targets, ...laterTargets];
