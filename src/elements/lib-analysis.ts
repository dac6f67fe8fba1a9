// <gn-analysis>'s reader and drawings, loaded on demand (see lazy.ts).
export { parseAif } from '../aif/index.js';
export { AIF_MATE, turnToPly } from '../aif/model.js';
export { aifEvalGraph, aifScores } from '../diagram/index.js';
