/** Typed views of a PBN game (derived from its tags and sections) and comment text helpers. */
import type { DDTable } from '../par.js';
import { analyseAuction } from '../auction.js';
import { parseDeal } from '../deal.js';
import { analysePlay } from '../play.js';
import { nextSeat, type Contract, type Seat, type Strain } from '../types.js';
import type { PbnGame, PbnGameInfo } from './model.js';
import { declarerTricks, contractOf, parseDeclarer, parseResult, parseSeat, parseVulnerable } from './values.js';

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
  const contract = v('Contract') ? contractOf(v('Contract')!) : null;
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
    const a = analyseAuction(dealer, game.auction.calls);
    if (a.contract) info.auctionContract = a.contract;
    if (a.declarer) info.auctionDeclarer = a.declarer;
  }
  if (game.play) {
    const p = analysePlay(
      info.deal,
      info.trump,
      game.play.first,
      game.play.cards,
      info.declarer ?? nextSeat(game.play.first, 3),
    );
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

const HEX_SEATS: Seat[] = ['N', 'S', 'E', 'W'];
const HEX_STRAINS: Strain[] = ['NT', 'S', 'H', 'D', 'C'];

/**
 * The double-dummy table a game carries: from its OptimumResultTable section (PBN 5.7), else from
 * the `DoubleDummyTricks` tag some programs write (20 hex digits, N S E W × NT S H D C).
 * Null when neither is complete. (Some generators clamp low values: treat such tables with care.)
 */
export function pbnTricksTable(game: PbnGame): DDTable | null {
  const empty = (): DDTable => ({
    N: {} as Record<Strain, number>,
    E: {} as Record<Strain, number>,
    S: {} as Record<Strain, number>,
    W: {} as Record<Strain, number>,
  });
  const table = game.sections.find((s) => s.name === 'OptimumResultTable');
  if (table?.columns && table.rows) {
    const d = table.columns.findIndex((c) => c.name === 'Declarer');
    const n = table.columns.findIndex((c) => c.name === 'Denomination');
    const r = table.columns.findIndex((c) => c.name === 'Result');
    if (d >= 0 && n >= 0 && r >= 0) {
      const out = empty();
      let cells = 0;
      for (const row of table.rows) {
        const seat = parseSeat(row[d] ?? '');
        const strain = (row[n] ?? '').toUpperCase() as Strain;
        const tricks = Number(row[r]);
        if (!seat || !HEX_STRAINS.includes(strain) || !/^\d+$/.test(row[r] ?? '') || tricks > 13) continue;
        if (out[seat][strain] === undefined) cells++;
        out[seat][strain] = tricks;
      }
      if (cells === 20) return out;
    }
  }
  const hex = game.tags.DoubleDummyTricks?.value;
  if (hex && /^[0-9a-dA-D]{20}$/.test(hex)) {
    const out = empty();
    HEX_SEATS.forEach((seat, i) =>
      HEX_STRAINS.forEach((strain, j) => {
        out[seat][strain] = parseInt(hex[i * 5 + j]!, 16);
      }),
    );
    return out;
  }
  return null;
}
