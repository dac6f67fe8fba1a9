// <gn-match>: a bughouse match (BPGN in any dialect the reader takes, the CSV export, or the two
// chess.com games of a match as JSON) with both boards, pockets, clocks and the four-column list,
// stepped in the match's move order.
import type { BoardId, BughouseMatch } from '../bughouse/index.js';
import type { NotationError, Parsed } from '../errors.js';
import { ViewerElement, type GnViewerElement, escapeHtml, onButton, type ReadResult } from './base.js';
import { matchLib } from './lazy.js';
import { ICONS } from './icons.js';
import { ELEMENT_THEME } from './style.js';
import { pieceSetTemplate, showSvg } from './svg.js';
import { sanWords } from './words.js';

/** Detail of `gn-ply` from `<gn-match>`: both boards after `ply` moves of the match. */
export interface GnMatchPlyDetail {
  /** Moves of the match played (0 = the start). */
  ply: number;
  /** Both boards as FEN, each with its pocket in brackets. */
  fens: { A: string; B: string };
  /** SAN of the last move ('' at the start) and the board it was played on. */
  san: string;
  /** The board of the last move ('' at the start). */
  board: BoardId | '';
}

/** The BPGN readers and drawings (loaded with the first match). */
const lib = () => matchLib.loaded!;

interface Step {
  fens: { A: string; B: string };
  clocks: { A: { white?: number; black?: number }; B: { white?: number; black?: number } };
  lastMoves: { A?: string; B?: string };
}

/** The two games of a chess.com bughouse match, given as a JSON array (or an object with `a` and `b`). */
function readChesscom(text: string): Parsed<BughouseMatch>[] | NotationError {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { code: 'ERR_ELEMENT_INPUT', message: `not JSON: ${(e as Error).message}`, line: 1, column: 1 };
  }
  const object = data as { a?: unknown; b?: unknown } | null;
  const pair: unknown[] = Array.isArray(data)
    ? data
    : object && typeof object === 'object' && 'a' in object
      ? [object.a, object.b]
      : [data];
  if (pair.length !== 2 || pair.some((g) => !g))
    return {
      code: 'ERR_ELEMENT_INPUT',
      message: 'a chess.com game is one board: give both games of the match as a JSON array [gameA, gameB]',
      line: 1,
      column: 1,
    };
  const a = lib().parseChesscomGame(JSON.stringify(pair[0]));
  if (!a.ok) return a.error;
  const b = lib().parseChesscomGame(JSON.stringify(pair[1]));
  if (!b.ok) return b.error;
  const match = lib().chesscomToMatch(a.value, b.value);
  return match.ok ? [match.value] : match.error;
}

/**
 * `<gn-match>`: a bughouse match (BPGN, the bughouse CSV export, or chess.com's two games as JSON)
 * with both boards, pockets, clocks and the four-column move list. Sends `gn-ply`.
 */
export interface GnMatchElement extends GnViewerElement {
  /** The BPGN (or bughouse CSV, or chess.com JSON `[gameA, gameB]`) shown. */
  bpgn: string | undefined;
  /** Moves of the match played, in the match's order (0 = the start); clamped. */
  ply: number;
  /** Both boards as FEN with the pocket in brackets (`{ A: '', B: '' }` when nothing is shown). */
  readonly fens: { A: string; B: string };
  /** Index of the match shown in a file of several; clamped. */
  game: number;
  /** Board A with Black at the bottom (and B with White): the `flipped` attribute. */
  flipped: boolean;
}

class MatchElement extends ViewerElement implements GnMatchElement {
  protected static override upgradeProperties = ['bpgn', 'ply', 'game', 'flipped'];
  private matchList: BughouseMatch[] = [];
  private match: BughouseMatch | undefined;
  private steps: Step[] = [];
  private current = 0;
  private cells: (HTMLElement | undefined)[] = [];
  private readonly boardBox: HTMLElement;
  private readonly movesBox: HTMLElement;
  private readonly flipButton: HTMLButtonElement;
  private readonly counter: HTMLElement;

  constructor() {
    super({
      picker: 'Match',
      record: 'game',
      step: { attribute: 'ply', last: true },
      html: `<div class="layout wide">
  <div class="stack">
    <div class="board" part="board"></div>
    <div class="toolbar" part="controls" role="group" aria-label="Match controls">
      <button type="button" data-action="first" aria-label="First position">${ICONS.first}</button>
      <button type="button" data-action="previous" aria-label="Previous move">${ICONS.previous}</button>
      <button type="button" data-action="next" aria-label="Next move">${ICONS.next}</button>
      <button type="button" data-action="last" aria-label="Last position">${ICONS.last}</button>
      <button type="button" data-action="flip" aria-label="Flip boards" aria-pressed="false">${ICONS.flip}</button>
      <span class="status counter"></span>
    </div>
  </div>
  <div class="moves" part="moves" role="group" aria-label="Moves" tabindex="0"></div>
</div>`,
    });
    this.boardBox = this.find('.board');
    this.movesBox = this.find('.moves');
    this.flipButton = this.find('[data-action="flip"]');
    this.counter = this.find('.counter');
    onButton(this.find('.toolbar'), 'action', (action) => {
      if (action === 'flip') this.flipped = !this.flipped;
      else this.key({ first: 'Home', previous: 'ArrowLeft', next: 'ArrowRight', last: 'End' }[action]!);
    });
    onButton(this.movesBox, 'ply', (ply) => this.go(Number(ply), true));
  }

  protected override get recordCount(): number {
    return this.matchList.length;
  }

  protected override pick(index: number): void {
    this.showMatch(index, 0);
    this.moved();
  }

  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'ply', 'game', 'flipped'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (old !== value && this.match && name === 'flipped') this.draw();
  }

  /** The BPGN (or bughouse CSV, or chess.com JSON `[gameA, gameB]`) shown. */
  get bpgn(): string | undefined {
    return this.inputProperty;
  }
  set bpgn(value: string | undefined) {
    this.setInputProperty(value);
  }

  /** Moves of the match played, in the match's order (0 = the start); clamped. */
  get ply(): number {
    this.flush();
    return this.current;
  }
  set ply(value: number) {
    const n = this.requestStep(value);
    if (n !== undefined) this.go(Math.max(0, Math.min(this.steps.length - 1, n)), false);
  }

  /** Both boards as FEN with the pocket in brackets (`{ A: '', B: '' }` when nothing is shown). */
  get fens(): { A: string; B: string } {
    this.flush();
    const step = this.steps[this.current];
    return step ? { ...step.fens } : { A: '', B: '' };
  }

  /** Index of the match shown in a file of several; clamped. */
  get game(): number {
    return this.record;
  }
  set game(value: number) {
    const index = this.requestRecord(value);
    if (index !== undefined) this.showMatch(index, 0);
  }

  /** Board A with Black at the bottom (and B with White). */
  get flipped(): boolean {
    return this.hasAttribute('flipped');
  }
  set flipped(value: boolean) {
    this.toggleAttribute('flipped', !!value);
  }

  protected override emptyText(): string {
    return 'No match to show.';
  }

  protected override label(): string {
    const t = this.match?.tags;
    if (!t) return 'Bughouse match';
    return `Bughouse match: ${t.WhiteA ?? '?'} and ${t.BlackB ?? '?'} against ${t.BlackA ?? '?'} and ${t.WhiteB ?? '?'}`;
  }

  protected override read(text: string): ReadResult | Promise<ReadResult> {
    return matchLib.use(() => this.readLoaded(text));
  }

  private readLoaded(text: string): ReadResult {
    const errors: NotationError[] = [];
    const warnings: NotationError[] = [];
    let items: Parsed<BughouseMatch>[] = [];
    const trimmed = text.trimStart();
    if (trimmed.startsWith('{') || (trimmed.startsWith('[') && !/^\[\s*[A-Za-z]\w*\s+"/.test(trimmed))) {
      const r = readChesscom(text);
      if (Array.isArray(r)) items = r;
      else errors.push(r);
    } else if (/^\d+\s*,/.test(trimmed)) items = lib().parseBughouseCsv(text);
    else items = lib().parseBpgn(text);
    this.matchList = [];
    for (const item of items) {
      errors.push(...item.errors);
      warnings.push(...item.warnings);
      if (item.value && (item.value.moves.length || Object.keys(item.value.tags).length))
        this.matchList.push(item.value);
    }
    if (!this.matchList.length) {
      if (!errors.length)
        errors.push({ code: 'ERR_ELEMENT_EMPTY', message: 'the input holds no match', line: 1, column: 1 });
      this.clear();
      return { errors, warnings };
    }
    const { record, step } = this.startAt(
      this.matchList.map((m, i) => `${i + 1}. ${m.tags.WhiteA ?? '?'} – ${m.tags.BlackA ?? '?'} ${m.result}`),
    );
    const replayError = this.showMatch(record, step);
    if (replayError && !errors.length) errors.push(replayError);
    return { errors, warnings };
  }

  protected override clear(): void {
    this.matchList = [];
    this.match = undefined;
    this.steps = [];
    this.current = 0;
    this.titleBox.textContent = '';
    this.subBox.textContent = '';
    this.boardBox.textContent = '';
    this.movesBox.textContent = '';
    this.counter.textContent = '';
    this.pickerRow.hidden = true;
  }

  /** Shows a match; returns the error that stopped its replay, if any. */
  private showMatch(index: number, ply: number): NotationError | undefined {
    const match = this.matchList[index]!;
    this.match = match;
    this.showingRecord(index);
    let failure: NotationError | undefined;
    const start = lib().bughousePosition(match, 0);
    const steps: Step[] = [];
    if (start.ok) {
      const boards = start.value.boards;
      steps.push({ fens: { A: boards.fen('A'), B: boards.fen('B') }, clocks: { A: {}, B: {} }, lastMoves: {} });
      const r = lib().replayMatch(match, {
        onMove: (boards, mv) => {
          const prev = steps[steps.length - 1]!;
          const clocks = { A: { ...prev.clocks.A }, B: { ...prev.clocks.B } };
          if (mv.clock !== null) clocks[mv.board][mv.color] = mv.clock;
          steps.push({
            fens: { A: boards.fen('A'), B: boards.fen('B') },
            clocks,
            lastMoves: { ...prev.lastMoves, [mv.board]: mv.uci },
          });
        },
      });
      if (!r.ok) failure = r.error;
    } else failure = start.error;
    this.steps = steps;
    const t = match.tags;
    this.titleBox.textContent = `${t.WhiteA ?? '?'} – ${t.BlackA ?? '?'} (A), ${t.WhiteB ?? '?'} – ${t.BlackB ?? '?'} (B)${match.result && match.result !== '*' ? `  ${match.result}` : ''}`;
    this.subBox.textContent = [t.Event, t.Site, t.Date, t.TimeControl && `time control ${t.TimeControl}`]
      .filter((s) => s && s !== '?' && !/^\?+(\.\?+)*$/.test(s))
      .join(' · ');
    this.movesBox.innerHTML = lib().makeFourColumn(match).html;
    this.cells = [];
    let n = 0;
    for (const td of this.movesBox.querySelectorAll<HTMLElement>('tbody td')) {
      const text = td.textContent ?? '';
      if (!text) continue;
      const mv = match.moves[n]!;
      n++;
      const words = `${text}: board ${mv.board}, ${sanWords(mv.san, mv.color)}`;
      td.innerHTML = `<button type="button" class="cell" tabindex="-1" data-ply="${n}" aria-label="${escapeHtml(words)}"${n >= steps.length ? ' disabled' : ''}>${escapeHtml(text)}</button>`;
      this.cells[n] = td.firstElementChild as HTMLElement;
    }
    this.current = 0;
    this.go(Math.max(0, Math.min(steps.length - 1, ply)), false);
    this.updateLabel();
    return failure;
  }

  private go(ply: number, user: boolean): void {
    if (!this.match || ply < 0 || ply >= this.steps.length) return;
    this.cells[this.current]?.removeAttribute('aria-current');
    this.current = ply;
    this.draw();
    const cell = this.cells[ply];
    cell?.setAttribute('aria-current', 'true');
    if (cell) {
      const top = (cell.closest('tr') as HTMLElement).offsetTop;
      if (top < this.movesBox.scrollTop || top > this.movesBox.scrollTop + this.movesBox.clientHeight - 30)
        this.movesBox.scrollTop = Math.max(0, top - 40);
    }
    if (user) this.moved();
  }

  private moved(): void {
    const mv = this.current > 0 ? this.match!.moves[this.current - 1] : undefined;
    this.announce(mv ? `Board ${mv.board}: ${sanWords(mv.san, mv.color)}` : 'Start position');
    this.emit<GnMatchPlyDetail>('gn-ply', {
      ply: this.current,
      fens: this.fens,
      san: mv?.san ?? '',
      board: mv?.board ?? '',
    });
  }

  private draw(): void {
    const step = this.steps[this.current];
    const match = this.match;
    if (!step || !match) return;
    const t = match.tags;
    const board = (id: BoardId) => ({
      position: step.fens[id],
      clocks: step.clocks[id],
      names: { white: t[`White${id}`] ?? 'White', black: t[`Black${id}`] ?? 'Black' },
      lastMove: step.lastMoves[id],
    });
    const svg = lib().bughouseDiagram(
      { a: board('A'), b: board('B') },
      {
        flip: this.flipped,
        theme: ELEMENT_THEME,
        id: 'gn-boards',
        title: `Both boards after ${this.current} ${this.current === 1 ? 'move' : 'moves'}`,
      },
    );
    showSvg(this.boardBox, svg.ok ? svg.value : '', pieceSetTemplate(this));
    this.counter.textContent = `${this.current} / ${this.steps.length - 1}`;
    this.flipButton.setAttribute('aria-pressed', String(this.flipped));
  }

  protected override key(key: string): boolean {
    if (key === 'f') {
      this.flipped = !this.flipped;
      return true;
    }
    const last = this.steps.length - 1;
    const to =
      key === 'ArrowRight'
        ? this.current + 1
        : key === 'ArrowLeft'
          ? this.current - 1
          : key === 'Home'
            ? 0
            : key === 'End'
              ? last
              : undefined;
    if (to === undefined) return false;
    if (to >= 0 && to <= last && to !== this.current) this.go(to, true);
    return true;
  }
}

/** The class of `<gn-match>` (defined by importing `gamenotation/elements`). */
export const GnMatchElement: {
  prototype: GnMatchElement;
  /** Creates a `<gn-match>` (as `document.createElement('gn-match')` does once the module is imported). */
  new (): GnMatchElement;
} = MatchElement;
