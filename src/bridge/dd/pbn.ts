// PBN integration: OptimumResultTable (20 rows), OptimumScore and, for a game with a Play section,
// OptimumPlayTable (the optimal cards before each played card), computed by the solver.
import { err, ok, type Result } from '../../errors.js';
import type { Deal, Seat, Strain, Suit } from '../types.js';
import { SEATS, SUITS } from '../types.js';
import { par, type DDTable, type ParResult } from '../par.js';
import type { PbnGame, PbnSection } from '../pbn/model.js';
import { pbnGameInfo } from '../pbn/info.js';
import { cardOf, parseDeal } from '../deal.js';
import { trickWinner } from '../play.js';
import { boardConditions } from '../board.js';
import { calcDDTable, solveBoard } from './solve.js';
import { resultBoundary } from '../../text/boundary.js';

const ROW_SEATS: Seat[] = ['N', 'S', 'E', 'W'];
const ROW_STRAINS: Strain[] = ['NT', 'S', 'H', 'D', 'C'];

/** The OptimumResultTable section of a DD table (rows N, S, E, W × NT, S, H, D, C). */
export function optimumResultTable(table: DDTable): PbnSection {
  const value = 'Declarer;Denomination\\2R;Result\\2R';
  const rows = ROW_SEATS.flatMap((seat) => ROW_STRAINS.map((strain) => [seat, strain, String(table[seat][strain])]));
  return {
    name: 'OptimumResultTable',
    value,
    columns: [
      { name: 'Declarer' },
      { name: 'Denomination', width: 2, align: 'R' },
      { name: 'Result', width: 2, align: 'R' },
    ],
    rows,
  };
}

/** The OptimumScore tag value (`NS 100`, `NS -420`): par from North-South's side. */
export function optimumScore(parResult: ParResult): string {
  return `NS ${parResult.scoreNs}`;
}

/**
 * One row per played card, in playing order: the optimal cards of the player on turn by suit (`-` for
 * none). `cards` are in PBN Play-section column order: trick k is cards[4k..4k+3], column i is the
 * seat `leader` + i (the opening leader's column first), whoever led the trick.
 */
export function optimumPlayTable(
  deal: Deal,
  trump: Strain,
  leader: Seat,
  cards: readonly string[],
): Result<PbnSection> {
  return resultBoundary('optimumPlayTable', () => optimumPlayTableUnchecked(deal, trump, leader, cards));
}

function optimumPlayTableUnchecked(
  deal: Deal,
  trump: Strain,
  leader: Seat,
  cards: readonly string[],
): Result<PbnSection> {
  const hands: Record<Seat, Record<Suit, string>> = {} as never;
  for (const s of SEATS) {
    const h = deal[s];
    if (!h) return err({ code: 'ERR_DD_INPUT', message: 'every hand must be known' });
    hands[s] = { ...h };
  }
  const rows: string[][] = [];
  let trickLeader = leader;
  let trick: string[] = [];
  const first = SEATS.indexOf(leader);
  const ordered: string[] = [];
  play: for (let k = 0; k * 4 < cards.length; k++) {
    // Column order -> playing order needs the trick's leader, found as we go (below).
    ordered.length = 0;
    for (let i = 0; i < 4; i++) {
      const seat = (SEATS.indexOf(trickLeader) + i) % 4;
      const col = (seat - first + 4) % 4;
      ordered.push(cards[4 * k + col] ?? '-');
    }
    for (const played of ordered) {
      const card = played.toUpperCase();
      if (!/^[SHDC][AKQJT98765432]$/.test(card)) break play;
      const r = solveBoard(hands, { trump, leader: trickLeader, trickInProgress: trick });
      if (!r.ok) return r;
      const best = r.value.cards.filter((c) => c.tricks === r.value.tricks).map((c) => c.card);
      rows.push(
        SUITS.map(
          (s) =>
            best
              .filter((c) => c[0] === s)
              .map((c) => c[1])
              .join('') || '-',
        ),
      );
      const seat = r.value.player;
      const suit = card[0] as Suit;
      if (!hands[seat][suit].includes(card[1]!)) break play;
      hands[seat] = { ...hands[seat], [suit]: hands[seat][suit].replace(card[1]!, '') };
      trick.push(card);
      if (trick.length === 4) {
        const win = trickWinner(
          trick.map((c) => cardOf(c)!),
          trump,
        );
        trickLeader = SEATS[(SEATS.indexOf(trickLeader) + win) % 4]!;
        trick = [];
      }
    }
  }
  return ok({
    name: 'OptimumPlayTable',
    value: 'S\\8R;H\\8R;D\\8R;C\\8R',
    columns: SUITS.map((s) => ({ name: s, width: 8, align: 'R' as const })),
    rows,
  });
}

/** Double-dummy table and par of a PBN game, and the game with the Optimum* tags filled in. */
export interface DDPbnResult {
  table: DDTable;
  par: ParResult;
  /** The game with OptimumResultTable, OptimumScore and (with a Play section) OptimumPlayTable set. */
  game: PbnGame;
}

/**
 * Solves a PBN game's deal and returns a copy of the game with the double-dummy tags and sections.
 * Dealer and vulnerability come from the tags, else from the board number's cycle (board 1 default).
 */
export function solvePbnGame(game: PbnGame): Result<DDPbnResult> {
  return resultBoundary('solvePbnGame', () => solvePbnGameUnchecked(game));
}

function solvePbnGameUnchecked(game: PbnGame): Result<DDPbnResult> {
  const info = pbnGameInfo(game);
  const dealText = game.tags['Deal']?.value;
  const deal =
    info.deal ??
    (dealText
      ? (() => {
          const r = parseDeal(dealText);
          return r.ok ? r.value : undefined;
        })()
      : undefined);
  if (!deal) return err({ code: 'ERR_DD_INPUT', message: 'the game has no complete Deal' });
  const t = calcDDTable(deal);
  if (!t.ok) return t;
  const cycle = boardConditions(info.board ?? 1);
  const parResult = par(t.value, {
    dealer: info.dealer ?? cycle.dealer,
    vulnerability: info.vulnerable ?? cycle.vulnerability,
  });
  const sections = game.sections.filter((s) => s.name !== 'OptimumResultTable' && s.name !== 'OptimumPlayTable');
  sections.push(optimumResultTable(t.value));
  if (game.play && info.trump && game.play.cards.length) {
    const p = optimumPlayTable(
      deal,
      info.trump,
      game.play.first,
      game.play.cards.map((c) => c.card),
    );
    if (p.ok && p.value.rows!.length) sections.push(p.value);
  }
  sections.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const out: PbnGame = { ...game, tags: { ...game.tags, OptimumScore: { value: optimumScore(parResult) } }, sections };
  return ok({ table: t.value, par: parResult, game: out });
}
