// <gn-analysis>: an AIF engine analysis of a game: the evaluation graph (a click goes to that ply),
// the board, and for the move that led to the position the engine's lines beside the move played.
import type { AifBlock, AifCell, AifGame } from '../aif/index.js';
import { Position } from '../chess/index.js';
import type { NotationError } from '../errors.js';
import { startingPosition } from '../pgn/index.js';
import { ViewerElement, type GnViewerElement, escapeHtml, onButton, type ReadResult } from './base.js';
import { analysisLib } from './lazy.js';
import { boardSvg, keepInView, movesHtml, moveWords, stepKey } from './chess-view.js';
import type { GnPlyDetail } from './game.js';
import { ICONS } from './icons.js';
import { ELEMENT_THEME } from './style.js';
import { pieceSetTemplate, showSvg } from './svg.js';
import { MoveTree } from './tree.js';

/** The AIF reader and the evaluation graph (loaded with the first analysis). */
const lib = () => analysisLib.loaded!;

/** A grid cell as it is read: `+0.35`, `-1.20`, `#3`, `#-2`, or the marker. */
function cellText(cell: AifCell | undefined): string {
  if (cell === undefined) return '';
  if (typeof cell !== 'number') return cell;
  if (Math.abs(cell) > lib().AIF_MATE - 100) return `#${cell > 0 ? '' : '-'}${lib().AIF_MATE - Math.abs(cell)}`;
  return `${cell > 0 ? '+' : ''}${(cell / 100).toFixed(2)}`;
}

function deepest(cells: readonly AifCell[]): AifCell | undefined {
  for (let i = cells.length - 1; i >= 0; i--) if (typeof cells[i] === 'number') return cells[i];
  return cells[cells.length - 1];
}

const GRAPH_WIDTH = 600;

/**
 * `<gn-analysis>`: an AIF engine analysis with its evaluation graph (a click goes to that ply), the
 * board, and the engine's lines beside the move played. Sends `gn-ply`.
 */
export interface GnAnalysisElement extends GnViewerElement {
  /** The AIF text shown. */
  aif: string | undefined;
  /** Plies from the start of the game (0 = the start); clamped to the game. */
  ply: number;
  /** FEN of the position shown ('' when nothing is shown). */
  readonly fen: string;
  /** Index of the game shown in a file of several; clamped. */
  game: number;
}

class AnalysisElement extends ViewerElement implements GnAnalysisElement {
  protected static override upgradeProperties = ['aif', 'ply', 'game'];
  private games: AifGame[] = [];
  private shown:
    { game: AifGame; tree: MoveTree; blocks: Map<number, AifBlock>; offset: number; plies: number } | undefined;
  private current = 0;
  private buttons: (HTMLElement | undefined)[] = [];
  private readonly graphBox: HTMLElement;
  private readonly cursor: HTMLElement;
  private readonly boardBox: HTMLElement;
  private readonly linesBox: HTMLElement;
  private readonly movesBox: HTMLElement;

  constructor() {
    super({
      picker: 'Game',
      record: 'game',
      step: { attribute: 'ply', last: true },
      html: `<div class="graph" part="graph" title="Evaluation graph: click a point to go to that ply"><div class="plot"></div><div class="cursor" hidden></div></div>
<div class="layout">
  <div class="stack">
    <div class="board" part="board"></div>
    <div class="toolbar" part="controls" role="group" aria-label="Game controls">
      <button type="button" data-key="Home" aria-label="First position">${ICONS.first}</button>
      <button type="button" data-key="ArrowLeft" aria-label="Previous move">${ICONS.previous}</button>
      <button type="button" data-key="ArrowRight" aria-label="Next move">${ICONS.next}</button>
      <button type="button" data-key="End" aria-label="Last position">${ICONS.last}</button>
    </div>
  </div>
  <div class="stack">
    <div class="panel lines" role="group" aria-label="Engine lines"></div>
    <div class="moves" part="moves" role="group" aria-label="Moves" tabindex="0"></div>
  </div>
</div>`,
    });
    this.graphBox = this.find('.graph');
    this.cursor = this.find('.cursor');
    this.boardBox = this.find('.board');
    this.linesBox = this.find('.lines');
    this.movesBox = this.find('.moves');
    onButton(this.find('.toolbar'), 'key', (key) => this.key(key));
    this.graphBox.addEventListener('click', (e) => this.graphClick(e));
    onButton(this.movesBox, 'node', (id) => this.go(Number(id), true));
  }

  protected override get recordCount(): number {
    return this.games.length;
  }

  protected override pick(index: number): void {
    this.showGame(index, 0);
    this.moved();
  }

  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'ply', 'game'];
  }

  /** The AIF text shown. */
  get aif(): string | undefined {
    return this.inputProperty;
  }
  set aif(value: string | undefined) {
    this.setInputProperty(value);
  }

  /** Plies from the start of the game (0 = the start); clamped to the game. */
  get ply(): number {
    this.flush();
    return this.shown ? this.shown.tree.nodes[this.current]!.ply : 0;
  }
  set ply(value: number) {
    const n = this.requestStep(value);
    const shown = this.shown;
    if (n === undefined || !shown) return;
    const line = shown.tree.line(0);
    const end = line.indexOf(shown.tree.end(0));
    this.go(line[Math.max(0, Math.min(end, n))]!, false);
  }

  /** FEN of the position shown ('' when nothing is shown). */
  get fen(): string {
    this.flush();
    return this.shown ? this.shown.tree.fen(this.current) : '';
  }

  /** Index of the game shown in a file of several; clamped. */
  get game(): number {
    return this.record;
  }
  set game(value: number) {
    const index = this.requestRecord(value);
    if (index !== undefined) this.showGame(index, 0);
  }

  protected override emptyText(): string {
    return 'No analysis to show.';
  }

  protected override label(): string {
    const h = this.shown?.game.headers;
    return h && (h.White || h.Black) ? `Engine analysis: ${h.White ?? '?'} – ${h.Black ?? '?'}` : 'Engine analysis';
  }

  protected override read(text: string): ReadResult | Promise<ReadResult> {
    return analysisLib.use(() => this.readLoaded(text));
  }

  private readLoaded(text: string): ReadResult {
    const errors: NotationError[] = [];
    const warnings: NotationError[] = [];
    this.games = [];
    for (const item of lib().parseAif(text)) {
      errors.push(...item.errors);
      warnings.push(...item.warnings);
      if (item.value?.game) this.games.push(item.value);
    }
    if (!this.games.length) {
      if (!errors.length)
        errors.push({
          code: 'ERR_ELEMENT_EMPTY',
          message: 'the input holds no analysed game (AIF with its game)',
          line: 1,
          column: 1,
        });
      this.clear();
      return { errors, warnings };
    }
    const { record, step } = this.startAt(
      this.games.map((g, i) => `${i + 1}. ${g.headers.White ?? '?'} – ${g.headers.Black ?? '?'}`),
    );
    this.showGame(record, step);
    return { errors, warnings };
  }

  protected override clear(): void {
    this.games = [];
    this.shown = undefined;
    this.current = 0;
    for (const box of [this.titleBox, this.subBox, this.boardBox, this.linesBox, this.movesBox]) box.textContent = '';
    this.graphBox.querySelector('.plot')!.textContent = '';
    this.cursor.hidden = true;
    this.pickerRow.hidden = true;
  }

  private showGame(index: number, ply: number): void {
    const game = this.games[index]!;
    const pgn = game.game!;
    this.showingRecord(index);
    const start = startingPosition(pgn.headers);
    const startPos = start.ok ? start.value : Position.initial();
    const tree = MoveTree.fromPgn({ ...pgn, moves: pgn.moves.map((m) => ({ ...m, variations: undefined })) }, startPos);
    // AIF counts turns from the game's move numbers: ply 0 of the tree is this turn.
    const setup = startPos.toSetup();
    const offset = ((setup.fullmoves || 1) - 1) * 2 + (setup.turn === 'black' ? 1 : 0);
    const blocks = new Map<number, AifBlock>();
    for (const block of game.blocks) {
      const at = lib().turnToPly(block.tags.Turn ?? block.tags.MoveNo ?? '');
      if (at !== undefined) blocks.set(at - offset, block);
    }
    const plies = tree.line(0).indexOf(tree.end(0));
    this.shown = { game, tree, blocks, offset, plies };
    const h = game.headers;
    this.titleBox.textContent = `${h.White ?? '?'} – ${h.Black ?? '?'}${pgn.result && pgn.result !== '*' ? `  ${pgn.result}` : ''}`;
    this.subBox.textContent = [
      h.EngineID && `engine ${h.EngineID}`,
      h.DepthRange && `depth ${h.DepthRange}`,
      h.Event,
      h.Date,
    ]
      .filter((s) => s && s !== '?')
      .join(' · ');
    const graph = lib().aifEvalGraph(game, { theme: ELEMENT_THEME, size: GRAPH_WIDTH, id: 'gn-graph' });
    this.graphBox.querySelector('.plot')!.innerHTML = graph;
    this.movesBox.innerHTML = movesHtml(tree, pgn.result);
    this.buttons = [];
    for (const b of this.movesBox.querySelectorAll<HTMLElement>('button[data-node]'))
      this.buttons[Number(b.dataset.node)] = b;
    this.current = 0;
    const line = tree.line(0);
    this.go(line[Math.max(0, Math.min(plies, ply))]!, false);
    this.updateLabel();
  }

  /** The ply of the graph point nearest the click. */
  private graphClick(e: MouseEvent): void {
    const shown = this.shown;
    const svg = this.graphBox.querySelector('svg');
    if (!shown || !svg) return;
    const n = lib().aifScores(shown.game).scores.length;
    const rect = svg.getBoundingClientRect();
    if (rect.width <= 0 || n < 2) return;
    const index = Math.round(((e.clientX - rect.left) / rect.width) * (n - 1));
    const ply = Math.max(0, Math.min(shown.plies, index - shown.offset));
    this.go(shown.tree.line(0)[ply]!, true);
  }

  private go(id: number, user: boolean): void {
    const shown = this.shown;
    if (!shown || !shown.tree.reachable(id)) return;
    this.buttons[this.current]?.removeAttribute('aria-current');
    this.current = id;
    const tree = shown.tree;
    const node = tree.nodes[id]!;
    const title =
      id === 0 ? 'Board at the start' : `Board after ${node.number}${node.color === 'white' ? '.' : '...'} ${node.san}`;
    showSvg(this.boardBox, boardSvg(tree, id, { flipped: false, title }), pieceSetTemplate(this));
    this.buttons[id]?.setAttribute('aria-current', 'true');
    keepInView(this.movesBox, this.buttons[id]);
    this.linesBox.innerHTML = this.linesHtml(node.ply);
    const n = lib().aifScores(shown.game).scores.length;
    const index = node.ply + shown.offset;
    this.cursor.hidden = n < 2;
    if (n >= 2) this.cursor.style.left = `calc(${(index / (n - 1)) * 100}% - 1px)`;
    if (user) this.moved();
  }

  /** The block of the move that led to the position at `ply`: its grid beside the move played, and its PVs. */
  private linesHtml(ply: number): string {
    const shown = this.shown!;
    if (ply === 0) return '<p class="status">Start position. Step forward to see the engine lines of each move.</p>';
    const block = shown.blocks.get(ply - 1);
    const node = shown.tree.nodes[shown.tree.line(0)[ply]!]!;
    const label = `${node.number}${node.color === 'white' ? '.' : '...'} ${node.san}`;
    if (!block) return `<p class="status">${escapeHtml(label)}: not analysed.</p>`;
    const played = block.tags.MovePlayed;
    const engine = block.tags.EngineMove;
    const rows = block.grid.rows.map((row) => {
      const cls = [row.move === played ? 'played' : '', row.move === engine ? 'best' : ''].filter((c) => c).join(' ');
      const marks = `${row.move === played ? ' <span class="tag">played</span>' : ''}${row.move === engine ? ' <span class="tag">engine</span>' : ''}`;
      return `<tr${cls ? ` class="${cls}"` : ''}><td class="${cls}">${escapeHtml(row.move)}${marks}</td><td class="${cls}">${escapeHtml(cellText(deepest(row.cells)))}</td></tr>`;
    });
    const depth = block.grid.depths.length ? block.grid.depths[block.grid.depths.length - 1] : undefined;
    const pvs = block.pvs.length
      ? `<ul class="pvs">${block.pvs.map((pv) => `<li>depth ${pv.depth}: ${escapeHtml(pv.text)}</li>`).join('')}</ul>`
      : '';
    return `<p><strong>${escapeHtml(label)}</strong>: played ${escapeHtml(played ?? '?')}, engine ${escapeHtml(engine ?? '?')}${block.tags.Eval ? ` (${escapeHtml(cellText(Number(block.tags.Eval.trim())))})` : ''}</p>
<table class="grid"><caption class="sr-only">Engine values of ${escapeHtml(label)}</caption><thead><tr><th scope="col">Move</th><th scope="col">Value${depth !== undefined ? ` (depth ${depth})` : ''}</th></tr></thead><tbody>${rows.join('')}</tbody></table>${pvs}`;
  }

  private moved(): void {
    const shown = this.shown!;
    const node = shown.tree.nodes[this.current]!;
    this.announce(this.current === 0 ? 'Start position' : moveWords(shown.tree, this.current));
    this.emit<GnPlyDetail>('gn-ply', { ply: node.ply, fen: shown.tree.fen(this.current), san: node.san });
  }

  protected override key(key: string): boolean {
    const shown = this.shown;
    if (!shown || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(key)) return false;
    const to = stepKey(shown.tree, this.current, key);
    if (to !== undefined && to !== this.current) this.go(to, true);
    return true;
  }
}

/** The class of `<gn-analysis>` (defined by importing `gamenotation/elements`). */
export const GnAnalysisElement: {
  prototype: GnAnalysisElement;
  /** Creates a `<gn-analysis>` (as `document.createElement('gn-analysis')` does once the module is imported). */
  new (): GnAnalysisElement;
} = AnalysisElement;
