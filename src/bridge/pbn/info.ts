/** Typed views of a PBN game (derived from its tags and sections) and comment text helpers. */
import { analyzeAuction } from '../auction.js';
import { parseDeal } from '../deal.js';
import { analyzePlay } from '../play.js';
import { nextSeat, type Contract, type Seat } from '../types.js';
import type { PbnGame, PbnGameInfo } from './model.js';
import { declarerTricks, parseContract, parseDeclarer, parseResult, parseSeat, parseVulnerable } from './values.js';

export interface PbnGameAnalysis extends PbnGameInfo {
  /** Contract and declarer the auction produces (when it is complete). */
  auctionContract?: Contract | 'Pass';
  auctionDeclarer?: Seat;
  /** Tricks won by declarer's side and by the defence in the fully known tricks of the play section. */
  playDeclarerTricks?: number;
  playDefenceTricks?: number;
  /** Declarer's tricks from the Result tag. */
  resultTricks?: number;
}

/** Typed values of a game's tags, plus what its auction and play sections give. */
export function pbnGameInfo(game: PbnGame): PbnGameAnalysis {
  const t = game.tags;
  const v = (n: string) => (t[n] && t[n]!.value !== '?' ? t[n]!.value : undefined);
  const info: PbnGameAnalysis = {};
  const board = v('Board');
  if (board && /^\d+$/.test(board)) info.board = Number(board);
  const dealer = v('Dealer') ? parseSeat(v('Dealer')!) : null;
  if (dealer) info.dealer = dealer;
  const vul = v('Vulnerable') ? parseVulnerable(v('Vulnerable')!) : null;
  if (vul) info.vulnerable = vul;
  const deal = v('Deal') ? parseDeal(v('Deal')!) : null;
  if (deal?.ok) info.deal = deal.value;
  const decl = v('Declarer') !== undefined ? parseDeclarer(v('Declarer')!) : null;
  if (decl) {
    info.declarer = decl.seat;
    if (decl.irregular) info.irregularDeclarer = true;
  }
  const contract = v('Contract') ? parseContract(v('Contract')!) : null;
  if (contract) {
    info.contract = contract;
    if (contract !== 'Pass') info.trump = contract.strain;
  }
  const result = v('Result') ? parseResult(v('Result')!) : null;
  if (result) {
    info.result = result;
    const tricks = declarerTricks(result, info.declarer);
    if (tricks !== undefined) info.resultTricks = tricks;
  }
  if (game.auction && dealer && game.auction.first === dealer) {
    const a = analyzeAuction(dealer, game.auction.calls);
    if (a.contract) info.auctionContract = a.contract;
    if (a.declarer) info.auctionDeclarer = a.declarer;
  }
  if (game.play) {
    const p = analyzePlay(info.deal, info.trump, game.play.first, game.play.cards, info.declarer ?? nextSeat(game.play.first, 3));
    info.playDeclarerTricks = p.declarerTricks;
    info.playDefenceTricks = p.defenceTricks;
  }
  return info;
}

const SUIT_SYMBOLS: Record<string, string> = { S: '\u2660', H: '\u2665', D: '\u2666', C: '\u2663' };

/** Comment text with the PBN suit notation `\S \H \D \C` (3.8) shown as ♠ ♥ ♦ ♣. */
export function suitSymbols(text: string): string {
  return text.replace(/\\([SHDC])/g, (_, s: string) => SUIT_SYMBOLS[s]!);
}
