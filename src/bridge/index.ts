// gamenotation/bridge — bridge rules (deals, auctions, play, scoring, par), PBN 2.1 (read, write,
// validate) and the double-dummy solver (wasm).
export {
  SEATS,
  SUITS,
  STRAINS,
  RANKS,
  makeCard,
  type Seat,
  type Suit,
  type Strain,
  type Rank,
  type Card,
  type Hand,
  type Deal,
  type Contract,
  type Risk,
  type Vulnerability,
} from './types.js';
export { nextSeat, partner, isVulnerable } from './types.js';
export { boardConditions, boardDealer, boardVulnerability } from './board.js';
export { parseDeal, makeDeal, parseHand, makeHand, parseCard, type ParseDealOptions } from './deal.js';
export { analyseAuction, type AuctionAnalysis, type AuctionIssue, type CallInput } from './auction.js';
export { analysePlay, trickWinner, type PlayAnalysis, type PlayIssue, type CardInput } from './play.js';
export {
  scoreContract,
  scoreNS,
  imps,
  matchpoints,
  datumImps,
  crossImps,
  type MatchpointScheme,
  type MatchpointResult,
} from './scoring.js';
export { par, type DDTable, type ParOptions, type ParResult, type ParSide, type ParSideText } from './par.js';
export type {
  PbnDocument,
  PbnGame,
  PbnTag,
  PbnComment,
  PbnAnnotated,
  PbnAuction,
  PbnCall,
  PbnPlay,
  PbnCard,
  PbnNote,
  PbnSection,
  PbnColumn,
  PbnResult,
  PbnGameInfo,
} from './pbn/model.js';
export { parsePbn, type ParsePbnOptions } from './pbn/parse.js';
export { readPbn, isEmptyPbnGame } from './pbn/stream.js';
export { makePbn, type MakePbnOptions } from './pbn/write.js';
export { validatePbnGame, type ValidatePbnGameOptions } from './pbn/validate.js';
export { parseContract, makeContract } from './pbn/values.js';
export { pbnGameInfo, pbnTricksTable, type PbnGameAnalysis } from './pbn/info.js';
export { pbnGameScore, scoreTableMatchpoints, type ScoreTableScores } from './pbn/score.js';
export { initBridge, setDDMemory } from './dd/engine.js';
export {
  calcDDTable,
  calcDDTables,
  solveBoard,
  solveBoards,
  type SolveBoardOptions,
  type SolveBoardResult,
  type CardScore,
  type BatchOptions,
  type BoardToSolve,
} from './dd/solve.js';
export { solvePbnGame, optimumResultTable, optimumPlayTable, optimumScore, type DDPbnResult } from './dd/pbn.js';
