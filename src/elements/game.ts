// <gn-game>: a PGN game (chess, Chess960, crazyhouse) or a FEN position to step through.
import { parseFen, Position, type Setup } from '../chess/index.js';
import { chessDiagram } from '../diagram/index.js';
import { ICONS } from './icons.js';
import { ELEMENT_THEME } from './style.js';
import type { NotationError } from '../errors.js';
import { parsePgn, startingPosition, type PgnGame } from '../pgn/index.js';
import { ViewerElement, type GnViewerElement, intAttribute, onButton } from './base.js';
import { boardSvg, clocksAt, formatClock, keepInView, moveWords, movesHtml, stepKey } from './chess-view.js';
import { pieceSetTemplate, showSvg } from './svg.js';
import { MoveTree } from './tree.js';

/** Detail of `gn-ply` (`<gn-game>`, `<gn-analysis>`, `<gn-problem>`): the position now shown. */
export interface GnPlyDetail {
  /** Plies from the start (0 = the start). */
  ply: number;
  /** FEN of the position shown. */
  fen: string;
  /** SAN of the move that led to it ('' at the start). */
  san: string;
}

const FEN_LIKE = /^\s*[1-8pnbrqkPNBRQK]+(\/[1-8pnbrqkPNBRQK]*){7,8}(\[[^\]]*\])?(\s+[wb]\b.*)?\s*$/;

interface ShownGame {
  game: PgnGame;
  tree: MoveTree;
}

const DEFAULT_DELAY = 1000;

/**
 * `<gn-game>`: a chess game from PGN (or a position from FEN) with board, move list, variations,
 * comments, NAGs, clocks and evaluations; stepped with buttons, clicks and the keyboard. Sends
 * `gn-ply` when the reader moves.
 */
export interface GnGameElement extends GnViewerElement {
  /** The PGN (or FEN) shown; setting it replaces `src` and the text content. */
  pgn: string | undefined;
  /** Plies from the start of the position shown (0 = the start); set it to go along the current line (clamped). */
  ply: number;
  /** FEN of the position shown ('' when nothing is shown). */
  readonly fen: string;
  /** Index of the game shown in a file of several (0 = the first); clamped. */
  game: number;
  /** Number of games in the input. */
  readonly gameCount: number;
  /** Black at the bottom (the `flipped` attribute). */
  flipped: boolean;
  /** Goes to the start. */
  first(): void;
  /** Goes one move back. */
  previous(): void;
  /** Goes one move forward along the line shown. */
  next(): void;
  /** Goes to the end of the line shown. */
  last(): void;
}

class GameElement extends ViewerElement implements GnGameElement {
  protected static override upgradeProperties = ['pgn', 'ply', 'game', 'flipped'];
  private games: PgnGame[] = [];
  private shown: ShownGame | undefined;
  private current = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private moveButtons: (HTMLElement | undefined)[] = [];
  /** A FEN that reads but breaks the rules: drawn, not played. */
  private illegal: { fen: string; setup: Setup } | undefined;
  private readonly boardBox: HTMLElement;
  private readonly topPlayer: HTMLElement;
  private readonly bottomPlayer: HTMLElement;
  private readonly movesBox: HTMLElement;
  private readonly playButton: HTMLButtonElement;
  private readonly flipButton: HTMLButtonElement;

  constructor() {
    super({
      picker: 'Game',
      record: 'game',
      step: { attribute: 'ply', last: true },
      html: `<div class="layout">
  <div class="stack">
    <div class="player top"><span class="name"></span><span class="clock"></span></div>
    <div class="board" part="board"></div>
    <div class="player bottom"><span class="name"></span><span class="clock"></span></div>
    <div class="toolbar" part="controls" role="group" aria-label="Game controls">
      <button type="button" data-action="first" aria-label="First position">${ICONS.first}</button>
      <button type="button" data-action="previous" aria-label="Previous move">${ICONS.previous}</button>
      <button type="button" data-action="play" aria-label="Autoplay" aria-pressed="false">${ICONS.play}</button>
      <button type="button" data-action="next" aria-label="Next move">${ICONS.next}</button>
      <button type="button" data-action="last" aria-label="Last position">${ICONS.last}</button>
      <button type="button" data-action="flip" aria-label="Flip board" aria-pressed="false">${ICONS.flip}</button>
    </div>
  </div>
  <div class="moves" part="moves" role="group" aria-label="Moves" tabindex="0"></div>
</div>`,
    });
    this.boardBox = this.find('.board');
    this.topPlayer = this.find('.player.top');
    this.bottomPlayer = this.find('.player.bottom');
    this.movesBox = this.find('.moves');
    this.playButton = this.find('[data-action="play"]');
    this.flipButton = this.find('[data-action="flip"]');
    onButton(this.find('.toolbar'), 'action', (action) => this.action(action));
    onButton(this.movesBox, 'node', (id) => this.go(Number(id), true));
  }

  protected override get recordCount(): number {
    return this.games.length;
  }

  protected override pick(index: number): void {
    this.showGame(index, 0);
    this.userMoved();
  }

  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'ply', 'game', 'flipped', 'autoplay', 'delay'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (old === value) return;
    if (name === 'flipped') return this.draw();
    if (name === 'autoplay' && this.shown) {
      if (value === null) this.pause();
      else this.play();
    }
  }

  /** The PGN (or FEN) shown; setting it replaces `src` and the text content. */
  get pgn(): string | undefined {
    return this.inputProperty;
  }
  set pgn(value: string | undefined) {
    this.setInputProperty(value);
  }

  /** Plies from the start of the position shown (0 = the start); set it to go along the current line (clamped). */
  get ply(): number {
    this.flush();
    return this.shown ? this.shown.tree.nodes[this.current]!.ply : 0;
  }
  set ply(value: number) {
    const n = this.requestStep(value);
    if (n === undefined || !this.shown) return;
    const line = this.shown.tree.line(this.current);
    const end = line.indexOf(this.shown.tree.end(this.current));
    this.go(line[Math.max(0, Math.min(end, n))]!, false);
  }

  /** FEN of the position shown ('' when nothing is shown). */
  get fen(): string {
    this.flush();
    return this.shown ? this.shown.tree.fen(this.current) : (this.illegal?.fen ?? '');
  }

  /** Index of the game shown in a file of several (0 = the first); clamped. */
  get game(): number {
    return this.record;
  }
  set game(value: number) {
    const index = this.requestRecord(value);
    if (index !== undefined && (index !== this.record || !this.shown)) this.showGame(index, 0);
  }

  /** Number of games in the input. */
  get gameCount(): number {
    this.flush();
    return this.games.length;
  }

  /** Black at the bottom (the `flipped` attribute). */
  get flipped(): boolean {
    return this.hasAttribute('flipped');
  }
  set flipped(value: boolean) {
    this.toggleAttribute('flipped', !!value);
  }

  /** Goes to the start. */
  first(): void {
    this.step('Home', false);
  }
  /** Goes one move back. */
  previous(): void {
    this.step('ArrowLeft', false);
  }
  /** Goes one move forward along the line shown. */
  next(): void {
    this.step('ArrowRight', false);
  }
  /** Goes to the end of the line shown. */
  last(): void {
    this.step('End', false);
  }

  protected override emptyText(): string {
    return 'No game to show.';
  }

  protected override label(): string {
    const g = this.shown?.game;
    if (!g) return 'Chess game';
    const white = g.headers.White;
    const black = g.headers.Black;
    return white || black ? `Chess game: ${white ?? '?'} – ${black ?? '?'}` : 'Chess game';
  }

  protected override read(text: string): { errors: NotationError[]; warnings: NotationError[] } {
    this.games = [];
    this.shown = undefined;
    const errors: NotationError[] = [];
    const warnings: NotationError[] = [];
    if (FEN_LIKE.test(text) && !text.trim().includes('\n')) {
      const fen = text.trim();
      const pos = Position.fromFen(fen);
      if (!pos.ok) {
        errors.push({ ...pos.error, line: pos.error.line ?? 1, column: pos.error.column ?? 1 });
        // A position that breaks the rules (too many pieces, the side not to move in check) is still
        // drawn, as diagram editors do; nothing can be played from it.
        const setup = parseFen(fen);
        this.clear();
        if (setup.ok) this.showIllegal(fen, setup.value);
        return { errors, warnings };
      } else {
        const headers: Record<string, string> = { SetUp: '1', FEN: fen };
        if (pos.value.variant === 'crazyhouse') headers.Variant = 'Crazyhouse';
        this.games = [{ headers, root: {}, moves: [], result: '*', line: 1 }];
      }
    } else {
      for (const item of parsePgn(text)) {
        errors.push(...item.errors);
        warnings.push(...item.warnings);
        const g = item.value;
        if (g && (g.moves.length || Object.keys(g.headers).length)) this.games.push(g);
      }
    }
    if (!this.games.length) {
      if (!errors.length)
        errors.push({ code: 'ERR_ELEMENT_EMPTY', message: 'the input holds no game', line: 1, column: 1 });
      this.clear();
      return { errors, warnings };
    }
    const { record, step } = this.startAt(
      this.games.map((g, i) => `${i + 1}. ${g.headers.White ?? '?'} – ${g.headers.Black ?? '?'} ${g.result}`),
    );
    const started = this.showGame(record, step);
    if (!started.ok) errors.push(started.error);
    if (this.hasAttribute('autoplay')) this.play();
    return { errors, warnings };
  }

  private showIllegal(fen: string, setup: Setup): void {
    this.illegal = { fen, setup };
    this.titleBox.textContent = 'Position (not a legal one)';
    this.subBox.textContent = fen;
    this.draw();
  }

  protected override clear(): void {
    this.illegal = undefined;
    this.games = [];
    this.shown = undefined;
    this.current = 0;
    this.titleBox.textContent = '';
    this.subBox.textContent = '';
    this.boardBox.textContent = '';
    this.movesBox.textContent = '';
    this.pickerRow.hidden = true;
    for (const p of [this.topPlayer, this.bottomPlayer])
      p.querySelectorAll('span').forEach((s) => (s.textContent = ''));
  }

  protected override stop(): void {
    this.pause();
  }

  private showGame(index: number, ply: number): { ok: true } | { ok: false; error: NotationError } {
    const game = this.games[index]!;
    this.showingRecord(index);
    const start = startingPosition(game.headers);
    const tree = MoveTree.fromPgn(game, start.ok ? start.value : Position.initial());
    this.shown = { game, tree };
    const h = game.headers;
    const side = (name: string | undefined, elo: string | undefined) => `${name || '?'}${elo ? ` (${elo})` : ''}`;
    this.titleBox.textContent =
      !h.White && !h.Black && !game.moves.length
        ? 'Position'
        : `${side(h.White, h.WhiteElo)} – ${side(h.Black, h.BlackElo)}${game.result && game.result !== '*' ? `  ${game.result}` : ''}`;
    this.subBox.textContent = [
      h.Event,
      h.Site,
      h.Date,
      h.Round && !/^[-?]*$/.test(h.Round) ? `round ${h.Round}` : '',
      h.Variant,
    ]
      .filter((s) => s && s !== '?' && !/^\?+(\.\?+)*$/.test(s))
      .join(' · ');
    this.movesBox.innerHTML = movesHtml(tree, game.result);
    this.moveButtons = [];
    for (const b of this.movesBox.querySelectorAll<HTMLElement>('button[data-node]'))
      this.moveButtons[Number(b.dataset.node)] = b;
    this.current = 0;
    const line = tree.line(0);
    const end = line.indexOf(tree.end(0));
    this.go(line[Math.max(0, Math.min(end, ply))]!, false);
    this.updateLabel();
    return start.ok ? { ok: true } : { ok: false, error: start.error };
  }

  /** Shows a node; `user` when the reader asked for it (then `gn-ply` is sent and the move is said). */
  private go(id: number, user: boolean): void {
    const shown = this.shown;
    if (!shown || !shown.tree.reachable(id)) return;
    const before = this.moveButtons[this.current];
    before?.removeAttribute('aria-current');
    this.current = id;
    this.draw();
    const button = this.moveButtons[id];
    button?.setAttribute('aria-current', 'true');
    keepInView(this.movesBox, button);
    if (user) this.userMoved();
  }

  private userMoved(): void {
    const shown = this.shown;
    if (!shown) return;
    const node = shown.tree.nodes[this.current]!;
    this.announce(this.current === 0 ? 'Start position' : moveWords(shown.tree, this.current));
    this.emit<GnPlyDetail>('gn-ply', { ply: node.ply, fen: shown.tree.fen(this.current), san: node.san });
  }

  private draw(): void {
    const shown = this.shown;
    if (this.illegal) {
      const r = chessDiagram(this.illegal.setup, {
        flip: this.flipped,
        check: false,
        theme: ELEMENT_THEME,
        title: 'Board',
        id: 'gn-board',
      });
      showSvg(this.boardBox, r.ok ? r.value : '', pieceSetTemplate(this));
      return;
    }
    if (!shown) return;
    const tree = shown.tree;
    const node = tree.nodes[this.current]!;
    const flipped = this.flipped;
    const h = shown.game.headers;
    const title =
      this.current === 0
        ? 'Board at the start'
        : `Board after ${node.number}${node.color === 'white' ? '.' : '...'} ${node.san}`;
    showSvg(this.boardBox, boardSvg(tree, this.current, { flipped, title }), pieceSetTemplate(this));
    const clocks = clocksAt(tree, this.current);
    const player = (box: HTMLElement, color: 'white' | 'black') => {
      const name = color === 'white' ? h.White : h.Black;
      const elo = color === 'white' ? h.WhiteElo : h.BlackElo;
      box.querySelector('.name')!.textContent =
        `${color === 'white' ? '\u25cb' : '\u25cf'} ${name || (color === 'white' ? 'White' : 'Black')}${elo ? ` (${elo})` : ''}`;
      const clk = clocks[color];
      box.querySelector('.clock')!.textContent = clk !== undefined ? formatClock(clk) : '';
    };
    player(this.topPlayer, flipped ? 'white' : 'black');
    player(this.bottomPlayer, flipped ? 'black' : 'white');
    this.flipButton.setAttribute('aria-pressed', String(flipped));
  }

  private step(key: string, user: boolean): boolean {
    this.flush();
    const shown = this.shown;
    if (!shown) return false;
    const to = stepKey(shown.tree, this.current, key);
    if (to === undefined || to === this.current) return key.startsWith('Arrow') || key === 'Home' || key === 'End';
    this.go(to, user);
    return true;
  }

  private action(action: string): void {
    if (action === 'flip') {
      this.flipped = !this.flipped;
      return;
    }
    if (action === 'play') {
      if (this.timer) this.pause();
      else this.play();
      return;
    }
    this.pause();
    const key = { first: 'Home', previous: 'ArrowLeft', next: 'ArrowRight', last: 'End' }[action];
    if (key) this.step(key, true);
  }

  private play(): void {
    if (this.timer || !this.shown) return;
    const shown = this.shown;
    if (shown.tree.end(this.current) === this.current) this.go(0, true);
    const delay = Math.max(100, intAttribute(this, 'delay') ?? DEFAULT_DELAY);
    this.timer = setInterval(() => {
      if (!this.step('ArrowRight', true) || this.shown?.tree.end(this.current) === this.current) this.pause();
    }, delay);
    this.playButton.setAttribute('aria-pressed', 'true');
    this.playButton.setAttribute('aria-label', 'Pause');
    this.playButton.innerHTML = ICONS.pause;
  }

  private pause(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.playButton.setAttribute('aria-pressed', 'false');
    this.playButton.setAttribute('aria-label', 'Autoplay');
    this.playButton.innerHTML = ICONS.play;
  }

  protected override key(key: string): boolean {
    if (key === 'f') {
      this.flipped = !this.flipped;
      return true;
    }
    if (key === ' ') {
      this.action('play');
      return true;
    }
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(key)) return false;
    this.pause();
    return this.step(key, true);
  }
}

/** The class of `<gn-game>` (defined by importing `gamenotation/elements`). */
export const GnGameElement: {
  prototype: GnGameElement;
  /** Creates a `<gn-game>` (as `document.createElement('gn-game')` does once the module is imported). */
  new (): GnGameElement;
} = GameElement;
