// Bridge: the four hands in compass layout with board, dealer, vulnerability, contract and result;
// the double-dummy table with par under it.
import { parseDeal } from '../bridge/deal.js';
import type { DDTable, ParResult } from '../bridge/par.js';
import { pbnGameInfo } from '../bridge/pbn/info.js';
import type { PbnGame } from '../bridge/pbn/model.js';
import { contractOf } from '../bridge/pbn/values.js';
import {
  isVulnerable,
  SUITS,
  type Contract,
  type Deal,
  type Seat,
  type Strain,
  type Suit,
  type Vulnerability,
} from '../bridge/types.js';
import { err, ok, type Result } from '../errors.js';
import { envelope, esc, num, text, theme as makeTheme, type DiagramTheme } from './svg.js';
import { resultBoundary } from '../text/boundary.js';

export const SUIT_SYMBOL: Record<Suit, string> = { S: '\u2660', H: '\u2665', D: '\u2666', C: '\u2663' };
const SEAT_NAME: Record<Seat, string> = { N: 'North', E: 'East', S: 'South', W: 'West' };
const VUL_TEXT: Record<Vulnerability, string> = { None: 'None', NS: 'N-S', EW: 'E-W', All: 'All' };

/** Options of `dealDiagram`. */
export interface DealDiagramOptions {
  /** Width in pixels (default 420). */
  size?: number;
  theme?: Partial<DiagramTheme>;
  board?: number | string;
  dealer?: Seat;
  vulnerability?: Vulnerability;
  /** A contract (`4S`, `3NTX`, `Pass`) or its model. */
  contract?: Contract | 'Pass' | string;
  declarer?: Seat;
  /** Tricks taken by declarer. */
  tricks?: number;
  title?: string;
  id?: string;
}

function contractModel(c: DealDiagramOptions['contract']): Contract | 'Pass' | undefined {
  if (c === undefined) return undefined;
  if (typeof c !== 'string') return c;
  return contractOf(c) ?? undefined;
}

function strainText(strain: Strain): string {
  return strain === 'NT' ? 'NT' : SUIT_SYMBOL[strain];
}

/** `4♠X by South, 10 tricks (=)` style text. */
export function contractText(contract: Contract | 'Pass', declarer?: Seat, tricks?: number): string {
  if (contract === 'Pass') return 'Passed out';
  let out = `${contract.level}${strainText(contract.strain)}${contract.risk}`;
  if (declarer) out += ` by ${SEAT_NAME[declarer]}`;
  if (tricks !== undefined && contract.level > 0) {
    const over = tricks - (contract.level + 6);
    out += `, ${tricks} trick${tricks === 1 ? '' : 's'} (${over === 0 ? '=' : over > 0 ? `+${over}` : `${over}`})`;
  }
  return out;
}

function rankText(rank: string): string {
  return rank === 'T' ? '10' : rank;
}

function suitColour(suit: Suit, t: DiagramTheme): string {
  return suit === 'H' || suit === 'D' ? t.redSuit : t.blackSuit;
}

/** A deal diagram; the deal as PBN text (`N:AKQ.… …`) or the model. Unknown hands are left blank. */
export function dealDiagram(input: Deal | string, options: DealDiagramOptions = {}): Result<string> {
  return resultBoundary('dealDiagram', () => dealDiagramUnchecked(input, options));
}

function dealDiagramUnchecked(input: Deal | string, options: DealDiagramOptions = {}): Result<string> {
  let deal: Deal;
  if (typeof input === 'string') {
    const r = parseDeal(input);
    if (!r.ok) return r;
    deal = r.value;
  } else deal = input;
  const t = makeTheme(options.theme);
  const width = options.size ?? 420;
  const cell = width / 3;
  const fs = width / 24;
  const line = fs * 1.35;
  const handHeight = fs * 0.9 + line * 4 + fs * 0.6;
  const rowHeight = Math.max(handHeight, cell * 0.6);
  const height = rowHeight * 3;
  const parts: string[] = [];
  const desc: string[] = [];
  const hand = (seat: Seat, x: number, y: number) => {
    const h = deal[seat];
    parts.push(`<g class="hand" data-seat="${seat}">`);
    parts.push(text(x, y + fs * 0.9, SEAT_NAME[seat], { 'font-size': fs * 0.8, fill: t.text, 'font-style': 'italic' }));
    const suitsText: string[] = [];
    SUITS.forEach((suit, i) => {
      const ly = y + fs * 0.9 + line * (i + 1);
      const ranks = h ? h[suit] : '';
      const cards = h
        ? ranks.length
          ? [...ranks].map((r) => `<tspan class="card" data-card="${suit}${r}">${esc(rankText(r))}</tspan>`).join(' ')
          : '<tspan class="void">\u2014</tspan>'
        : '';
      parts.push(
        `<text x="${num(x)}" y="${num(ly)}" font-size="${num(fs)}" fill="${esc(t.text)}"><tspan class="suit" fill="${esc(suitColour(suit, t))}">${SUIT_SYMBOL[suit]}</tspan> ${cards}</text>`,
      );
      suitsText.push(
        `${suit === 'S' ? 'spades' : suit === 'H' ? 'hearts' : suit === 'D' ? 'diamonds' : 'clubs'} ${ranks ? [...ranks].map(rankText).join(' ') : 'none'}`,
      );
    });
    parts.push('</g>');
    desc.push(h ? `${SEAT_NAME[seat]}: ${suitsText.join(', ')}.` : `${SEAT_NAME[seat]}: unknown.`);
  };
  const handX = (col: number) => col * cell + cell * 0.12;
  hand('N', handX(1), 0);
  hand('W', handX(0), rowHeight);
  hand('E', handX(2), rowHeight);
  hand('S', handX(1), rowHeight * 2);
  // The compass in the centre; vulnerable seats in the theme's colour, the dealer marked.
  const box = Math.min(cell, rowHeight) * 0.7;
  const bx = cell + (cell - box) / 2;
  const by = rowHeight + (rowHeight - box) / 2;
  const vul = options.vulnerability;
  parts.push(
    `<g class="compass"><rect x="${num(bx)}" y="${num(by)}" width="${num(box)}" height="${num(box)}" fill="#f4f4f4" stroke="${esc(t.border)}" stroke-width="1"/>`,
  );
  const band = box * 0.2;
  const seatPos: Record<Seat, [number, number, number, number, number, number]> = {
    N: [bx, by, box, band, bx + box / 2, by + band * 0.75],
    S: [bx, by + box - band, box, band, bx + box / 2, by + box - band * 0.25],
    W: [bx, by, band, box, bx + band / 2, by + box / 2 + band * 0.25],
    E: [bx + box - band, by, band, box, bx + box - band / 2, by + box / 2 + band * 0.25],
  };
  for (const seat of ['N', 'E', 'S', 'W'] as Seat[]) {
    const [rx, ry, rw, rh, tx, ty] = seatPos[seat];
    const vulnerable = vul !== undefined && isVulnerable(vul, seat);
    if (vulnerable)
      parts.push(
        `<rect class="vulnerable" data-seat="${seat}" x="${num(rx)}" y="${num(ry)}" width="${num(rw)}" height="${num(rh)}" fill="${esc(t.vulnerable)}" opacity="0.85"/>`,
      );
    const dealer = options.dealer === seat;
    parts.push(
      text(tx, ty, seat, {
        'font-size': band * 0.7,
        'text-anchor': 'middle',
        'font-weight': dealer ? 'bold' : 'normal',
        fill: vulnerable ? '#ffffff' : t.text,
        class: dealer ? 'seat dealer' : 'seat',
        'text-decoration': dealer ? 'underline' : 'none',
      }),
    );
  }
  parts.push('</g>');
  // Board facts top left; contract and result bottom right.
  const info: string[] = [];
  if (options.board !== undefined) info.push(`Board ${options.board}`);
  if (options.dealer) info.push(`Dealer ${SEAT_NAME[options.dealer]}`);
  if (vul) info.push(`Vul ${VUL_TEXT[vul]}`);
  parts.push(
    `<g class="board-info">${info.map((l, i) => text(fs * 0.4, fs * 1.2 + i * line, l, { 'font-size': fs * 0.85, fill: t.text })).join('')}</g>`,
  );
  const contract = contractModel(options.contract);
  if (contract) {
    const ct = contractText(contract, options.declarer, options.tricks);
    const [first, ...rest] = ct.split(', ');
    const lines = [first!, ...rest];
    parts.push(
      `<g class="contract">${lines.map((l, i) => text(cell * 2 + fs * 0.4, rowHeight * 2 + fs * 1.2 + i * line, l, { 'font-size': fs * 0.85, fill: t.text })).join('')}</g>`,
    );
    info.push(
      `Contract ${ct.replace(/[♠♥♦♣]/g, (s) => ({ '\u2660': ' spades', '\u2665': ' hearts', '\u2666': ' diamonds', '\u2663': ' clubs' })[s]!)}`,
    );
  }
  const description = `${info.length ? info.join(', ') + '. ' : ''}${desc.join(' ')}`;
  return ok(
    envelope(
      {
        width,
        height,
        title: options.title ?? 'Bridge deal diagram',
        description,
        id: options.id,
        kind: 'gn-diagram gn-deal',
        font: t.font,
        background: t.background,
      },
      parts.join(''),
    ),
  );
}

/** A PBN game's deal with its board, dealer, vulnerability, contract, declarer and result. */
export function pbnDealDiagram(game: PbnGame, options: DealDiagramOptions = {}): Result<string> {
  return resultBoundary('pbnDealDiagram', () => pbnDealDiagramUnchecked(game, options));
}

function pbnDealDiagramUnchecked(game: PbnGame, options: DealDiagramOptions = {}): Result<string> {
  const info = pbnGameInfo(game);
  if (!info.deal) return err({ code: 'ERR_DIAGRAM_DEAL', message: 'the game has no valid Deal tag' });
  return dealDiagram(info.deal, {
    board: info.board ?? game.tags.Board?.value,
    dealer: info.dealer,
    vulnerability: info.vulnerable,
    contract: info.contract,
    declarer: info.declarer,
    tricks: info.resultTricks,
    ...options,
  });
}

/** Options of `ddTableDiagram`. */
export interface DDTableDiagramOptions {
  /** Width in pixels (default 300). */
  size?: number;
  theme?: Partial<DiagramTheme>;
  /** Par under the table: a `par()` result or a line of text. */
  par?: ParResult | string;
  title?: string;
  id?: string;
}

const TABLE_STRAINS: Strain[] = ['NT', 'S', 'H', 'D', 'C'];
const TABLE_SEATS: Seat[] = ['N', 'S', 'E', 'W'];

/** `Par 420: NS 4S` with suit symbols: `Par 420: NS 4♠`. */
export function parText(par: ParResult | string): string {
  const raw = typeof par === 'string' ? par : par.dealerText;
  return raw.replace(
    /(\d)(NT|N|S|H|D|C)(?![a-z])/g,
    (_, d: string, s: string) => d + (s === 'N' || s === 'NT' ? 'NT' : SUIT_SYMBOL[s as Suit]),
  );
}

/** The double-dummy table (tricks for each declarer and strain) with par under it. */
export function ddTableDiagram(table: DDTable, options: DDTableDiagramOptions = {}): string {
  const t = makeTheme(options.theme);
  const width = options.size ?? 300;
  const col = width / 6;
  const row = col * 0.62;
  const fs = row * 0.55;
  const parts: string[] = [];
  const desc: string[] = [];
  parts.push(
    `<rect x="0" y="0" width="${num(width)}" height="${num(row)}" fill="${esc(t.text)}" fill-opacity="0.07"/>`,
  );
  TABLE_STRAINS.forEach((strain, i) => {
    parts.push(
      text(col * (i + 1.5), row * 0.72, strainText(strain), {
        'font-size': fs,
        'text-anchor': 'middle',
        'font-weight': 'bold',
        fill: strain === 'H' || strain === 'D' ? t.redSuit : t.blackSuit,
      }),
    );
  });
  TABLE_SEATS.forEach((seat, r) => {
    const y = row * (r + 1);
    if (r % 2 === 1)
      parts.push(
        `<rect x="0" y="${num(y)}" width="${num(width)}" height="${num(row)}" fill="${esc(t.text)}" fill-opacity="0.03"/>`,
      );
    parts.push(
      text(col * 0.5, y + row * 0.72, seat, {
        'font-size': fs,
        'text-anchor': 'middle',
        'font-weight': 'bold',
        fill: t.text,
      }),
    );
    const cells: string[] = [];
    TABLE_STRAINS.forEach((strain, i) => {
      const tricks = table[seat]?.[strain];
      const shown = tricks === undefined ? '' : String(tricks);
      parts.push(
        `<g class="dd-cell" data-seat="${seat}" data-strain="${strain}">${text(col * (i + 1.5), y + row * 0.72, shown, { 'font-size': fs, 'text-anchor': 'middle', fill: t.text })}</g>`,
      );
      cells.push(
        `${strain === 'NT' ? 'notrump' : strain === 'S' ? 'spades' : strain === 'H' ? 'hearts' : strain === 'D' ? 'diamonds' : 'clubs'} ${shown || 'unknown'}`,
      );
    });
    desc.push(`${SEAT_NAME[seat]}: ${cells.join(', ')}.`);
  });
  let height = row * 5;
  parts.push(
    `<rect x="0" y="0" width="${num(width)}" height="${num(height)}" fill="none" stroke="${esc(t.border)}" stroke-width="1"/>`,
  );
  if (options.par !== undefined) {
    const line = parText(options.par);
    parts.push(
      `<g class="par">${text(width / 2, height + row * 0.8, line, { 'font-size': fs, 'text-anchor': 'middle', fill: t.text })}</g>`,
    );
    height += row * 1.2;
    desc.push(
      `${line.replace(/[♠♥♦♣]/g, (s) => ({ '\u2660': ' spades', '\u2665': ' hearts', '\u2666': ' diamonds', '\u2663': ' clubs' })[s]!)}.`,
    );
  }
  return envelope(
    {
      width,
      height,
      title: options.title ?? 'Double-dummy table',
      description: `Tricks by declarer and strain. ${desc.join(' ')}`,
      id: options.id,
      kind: 'gn-diagram gn-dd-table',
      font: t.font,
      background: t.background,
    },
    parts.join(''),
  );
}
