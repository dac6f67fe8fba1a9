// <gn-deal>'s readers and drawings, loaded on demand (see lazy.ts).
export { isEmptyPbnGame, makeDeal, par, parsePbn, pbnGameInfo } from '../bridge/index.js';
export { dealDiagram, ddTableDiagram } from '../diagram/index.js';
export { trickWinner } from '../bridge/index.js';
