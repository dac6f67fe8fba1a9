// The registry of fuzz targets: one entry per format (reader + writer). A later format plugs in by
// adding its module here; `scripts/fuzz.mjs` and the replay test pick it up.
//
// A target is { name, ext, seeds, corpusDirs, inputs(r, corpus) → () => input, check(lib, input, r)
// → Promise<string | null>, shapes: { name: (n) => text of about n characters }, run(lib, text) }.
// `lib` holds the library's subpath modules: { pgn, bridge, chess, problems }; `run(lib, text, shape)` may
// return a promise (streamed readers).
import { fenTarget } from './fen.mjs';
import { pbiTarget } from './pbi.mjs';
import { pbnTarget } from './pbn.mjs';
import { pgnTarget } from './pgn.mjs';
import { xmlTarget } from './xml.mjs';

export const targets = [pgnTarget, pbnTarget, fenTarget, pbiTarget, xmlTarget];
