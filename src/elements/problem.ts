// <gn-problem>: a chess problem from PBI, problem XML, Popeye input or `fen` + `stipulation`
// attributes: the diagram with stipulation, authors, source and twins, a Solve button that runs the
// solver in the page's worker (with Cancel and progress), and the solution tree to step through.
// The problem readers (and the XML parser under them) are loaded when the first problem is shown.
import { parseSan, Position } from '../chess/index.js';
import { NotationFailure, type NotationError } from '../errors.js';
import type {
  FoundSolution,
  PbiProblem,
  PopeyeProblem,
  Problem,
  SolutionMove,
  SolvedPart,
  SolveInput,
} from '../problems/index.js';
import { solvedProblemJson, type SolvedProblemJson } from '../problems/solve/json.js';
import { ViewerElement, type GnViewerElement, escapeHtml, onButton, type ReadResult } from './base.js';
import { boardSvg, movesHtml, moveWords, stepKey } from './chess-view.js';
import type { GnPlyDetail } from './game.js';
import { elementWorker, failureText, forgetWorkerAfter } from './jobs.js';
import { problemLib } from './lazy.js';
import { ELEMENT_THEME } from './style.js';
import { pieceSetTemplate, showSvg } from './svg.js';
import { MoveTree } from './tree.js';

/** Detail of `gn-solved`: what `solve()` resolved to. */
export interface GnSolvedDetail {
  /** What `solve()` resolves to: the problem as `gamenotation solve --json` prints it. */
  result: SolvedProblemJson[];
}

type ProblemsModule = typeof import('./lib-problem.js');

/** One problem of the input, as the solver and the diagrams take it. */
interface ShownProblem {
  input: SolveInput;
  stipulation: string;
  authors: string[];
  source?: string;
  award?: string;
  /** Twins: id and what they change (problem XML, Popeye). */
  twins: { id: string; text: string }[];
  comment?: string;
  /** The diagram of the problem (of a twin, for problem XML). */
  diagram(twin?: string): string;
}

const STATUS_WORDS: Record<string, string> = {
  '!': 'sound',
  '*': 'cooked (more solutions than intended)',
  '+': 'no solution',
  $: 'a shorter solution exists',
  '?': 'the key is not the one given',
  '': '',
};

interface PartView {
  part: SolvedPart;
  tree: MoveTree;
}

/**
 * `<gn-problem>`: a chess problem (PBI, problem XML, Popeye input, or `fen` and `stipulation`
 * attributes) with its diagram, twins, a Solve button running the solver in a worker (with Cancel)
 * and the solution tree to step through. Sends `gn-solved` and `gn-ply`.
 */
export interface GnProblemElement extends GnViewerElement {
  /** The problem text shown (PBI, problem XML or Popeye input). */
  problem: string | undefined;
  /** Index of the problem shown in a file of several; clamped. */
  index: number;
  /**
   * Solves the problem shown in a worker; resolves to what `gamenotation solve --json` prints for
   * it (an array with the problem's object). Rejects with the failure: a `NotationFailure` with its
   * code (`ERR_ELEMENT_EMPTY` when no problem is shown), or an AbortError after `cancel()`.
   */
  solve(): Promise<SolvedProblemJson[]>;
  /** Stops a solve under way. */
  cancel(): void;
}

class ProblemElement extends ViewerElement implements GnProblemElement {
  protected static override upgradeProperties = ['problem', 'index'];
  private problems: ShownProblem[] = [];
  private shown: ShownProblem | undefined;
  private twin: string | undefined;
  private parts: PartView[] = [];
  private active: { part: number; node: number } | undefined;
  private controller: AbortController | undefined;
  private buttons = new Map<string, HTMLElement>();
  private readonly boardBox: HTMLElement;
  private readonly twinsBox: HTMLElement;
  private readonly solveButton: HTMLButtonElement;
  private readonly cancelButton: HTMLButtonElement;
  private readonly progress: HTMLProgressElement;
  private readonly statusLine: HTMLElement;
  private readonly solutionBox: HTMLElement;

  constructor() {
    super({
      picker: 'Problem',
      record: 'index',
      html: `<div class="layout">
  <div class="stack">
    <div class="board" part="board"></div>
    <div class="twins toolbar" role="group" aria-label="Twins" hidden></div>
    <div class="toolbar" part="controls" role="group" aria-label="Solver">
      <button type="button" class="solve">Solve</button>
      <button type="button" class="cancel" disabled>Cancel</button>
    </div>
    <progress class="progress" max="1" value="0" aria-label="Solving progress" hidden></progress>
    <p class="status solve-status" role="status"></p>
  </div>
  <div class="moves solution" part="moves" role="group" aria-label="Solution" tabindex="0"></div>
</div>`,
    });
    this.boardBox = this.find('.board');
    this.twinsBox = this.find('.twins');
    this.solveButton = this.find('.solve');
    this.cancelButton = this.find('.cancel');
    this.progress = this.find('.progress');
    this.statusLine = this.find('.solve-status');
    this.solutionBox = this.find('.solution');
    this.solveButton.addEventListener('click', () => {
      this.solve().catch(() => {
        // shown in the status line; the page asked for nothing, so nothing to reject to
      });
    });
    this.cancelButton.addEventListener('click', () => this.cancel());
    onButton(this.twinsBox, 'twin', (twin) => this.showTwin(twin));
    onButton(this.solutionBox, 'node', (node, button) => this.go(Number(button.dataset.part), Number(node), true));
  }

  protected override get recordCount(): number {
    return this.problems.length;
  }

  protected override pick(index: number): void {
    this.showProblem(index);
  }

  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'fen', 'stipulation', 'index'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (old === value) return;
    if (name === 'fen' || name === 'stipulation') this.schedule();
  }

  /** The problem text shown (PBI, problem XML or Popeye input). */
  get problem(): string | undefined {
    return this.inputProperty;
  }
  set problem(value: string | undefined) {
    this.setInputProperty(value);
  }

  /** Index of the problem shown in a file of several; clamped. */
  get index(): number {
    return this.record;
  }
  set index(value: number) {
    const index = this.requestRecord(value);
    if (index !== undefined) this.showProblem(index);
  }

  /**
   * Solves the problem shown in the page's worker; resolves to what `gamenotation solve --json`
   * prints for it (an array with the problem's object). Rejects with the failure (an AbortError
   * after `cancel()`).
   */
  async solve(): Promise<SolvedProblemJson[]> {
    this.flush();
    await this.reading;
    const shown = this.shown;
    if (!shown) throw new NotationFailure({ code: 'ERR_ELEMENT_EMPTY', message: 'no problem to solve' });
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const ticket = this.readTicket;
    this.solveButton.disabled = true;
    this.cancelButton.disabled = false;
    this.progress.hidden = false;
    this.progress.removeAttribute('value');
    this.statusLine.textContent = 'Solving…';
    try {
      const worker = await elementWorker();
      const solved = await worker.run(
        'solveProblem',
        { problem: shown.input },
        {
          signal: controller.signal,
          onProgress: (p) => {
            if (this.controller !== controller) return;
            this.progress.max = p.total || 1;
            this.progress.value = p.done;
          },
        },
      );
      const result = [solvedProblemJson(solved)];
      if (this.isLatest(ticket) && this.shown === shown) {
        this.showSolution(solved.parts);
        this.statusLine.textContent = solved.parts
          .map(
            (p) =>
              `${p.twin ? `${p.twin}) ` : ''}${p.stipulation}: ${p.solutions.length} ${p.solutions.length === 1 ? 'solution' : 'solutions'}${p.status ? `, ${STATUS_WORDS[p.status] ?? p.status}` : ''}`,
          )
          .join('; ');
        this.emit<GnSolvedDetail>('gn-solved', { result });
      }
      return result;
    } catch (e) {
      forgetWorkerAfter(e);
      if (this.controller === controller) this.statusLine.textContent = `Solve ${failureText(e)}`;
      throw e;
    } finally {
      if (this.controller === controller) {
        this.controller = undefined;
        this.solveButton.disabled = false;
        this.cancelButton.disabled = true;
        this.progress.hidden = true;
      }
    }
  }

  /** Stops a solve under way (its promise rejects with an AbortError). */
  cancel(): void {
    this.controller?.abort();
  }

  protected override emptyText(): string {
    return 'No problem to show.';
  }

  protected override label(): string {
    const p = this.shown;
    return p
      ? `Chess problem: ${p.stipulation}${p.authors.length ? ` by ${p.authors.join(', ')}` : ''}`
      : 'Chess problem';
  }

  protected override attributeInput(): string | undefined {
    const fen = this.getAttribute('fen');
    return fen ? `${fen}\n${this.getAttribute('stipulation') ?? ''}` : undefined;
  }

  protected override read(text: string): ReadResult | Promise<ReadResult> {
    return problemLib.use(() => this.readLoaded(text));
  }

  private readLoaded(text: string): ReadResult {
    const m = problemLib.loaded!;
    const errors: NotationError[] = [];
    const warnings: NotationError[] = [];
    const problems: ShownProblem[] = [];
    const trimmed = text.replace(/^\uFEFF/, '').trimStart();
    const fromAttributes =
      this.inputProperty === undefined &&
      !this.getAttribute('src') &&
      text === this.attributeInput() &&
      !(this.textContent ?? '').trim();
    if (fromAttributes) {
      const fen = this.getAttribute('fen')!.trim();
      const stipulation = (this.getAttribute('stipulation') ?? '').trim();
      const board = m.parseForsyth(fen.split(/\s+/)[0]!);
      const stip = m.parseStipulation(stipulation);
      if (board.errors.length)
        errors.push(...board.errors.map((e) => ({ ...e, message: `fen attribute: ${e.message}` })));
      if (!stip.ok) errors.push({ ...stip.error, message: `stipulation attribute: ${stip.error.message}` });
      if (!errors.length)
        problems.push({
          input: { fen, stipulation },
          stipulation,
          authors: [],
          twins: [],
          diagram: () => {
            const r = problemLib.loaded!.problemDiagram(board.value.board, {
              stipulation,
              theme: ELEMENT_THEME,
              id: 'gn-problem',
            });
            return r.ok ? r.value : '';
          },
        });
    } else if (/^#PBI/i.test(trimmed)) {
      const doc = m.parsePbi(text);
      errors.push(...doc.errors);
      warnings.push(...doc.warnings);
      for (const p of doc.value.problems) problems.push(this.pbiProblem(p));
    } else if (trimmed.startsWith('<')) {
      const doc = m.parseProblemXml(text);
      errors.push(...doc.errors);
      warnings.push(...doc.warnings);
      for (const p of doc.value?.problems ?? []) problems.push(this.xmlProblem(m, p));
    } else {
      for (const item of m.parsePopeye(text)) {
        errors.push(...item.errors);
        warnings.push(...item.warnings);
        if (item.value?.board && !item.errors.length) problems.push(this.popeyeProblem(item.value, item));
      }
    }
    this.problems = problems;
    if (!problems.length) {
      if (!errors.length)
        errors.push({
          code: 'ERR_ELEMENT_EMPTY',
          message: 'the input holds no problem (PBI, problem XML, Popeye input, or fen and stipulation attributes)',
          line: 1,
          column: 1,
        });
      this.clear();
      return { errors, warnings };
    }
    const { record } = this.startAt(
      problems.map((p, i) => `${i + 1}. ${p.authors.join(', ') || 'Problem'} ${p.stipulation}`),
    );
    this.showProblem(record);
    return { errors, warnings };
  }

  private pbiProblem(p: PbiProblem): ShownProblem {
    const src = p.usedSource;
    const award = p.awards[0];
    return {
      input: p,
      stipulation: p.stipulation,
      authors: p.names,
      source: src
        ? [src.title, src.nr && `no. ${src.nr}`, src.date].filter((s) => s).join(', ') || undefined
        : undefined,
      award: award ? [award.rank, award.tourney].filter((s) => s).join(', ') || undefined : undefined,
      twins: [],
      comment: p.comment || undefined,
      diagram: () => {
        const r = problemLib.loaded!.pbiProblemDiagram(p, { theme: ELEMENT_THEME, id: 'gn-problem' });
        return r.ok ? r.value : '';
      },
    };
  }

  private xmlProblem(m: ProblemsModule, p: Problem): ShownProblem {
    const twins = m.deriveTwins(p).map((t) => t.value);
    const release = p.releases[0];
    const name = (a: NonNullable<typeof release>['authors'][number]) =>
      a.name?.transcription ?? [a.name?.givenNames, a.name?.familyName].filter((s) => s).join(' ');
    const source = release?.sources[0];
    return {
      input: p,
      stipulation: (twins[0] && m.makeStipulation(twins[0].stipulation)) || '',
      authors: release?.authors.map(name).filter((a) => a) ?? [],
      source: source
        ? source.text ||
          [source.name, source.number && `no. ${source.number}`, source.date?.year].filter((s) => s).join(', ')
        : undefined,
      twins:
        twins.length > 1
          ? twins.map((t) => ({ id: t.twinId, text: `${t.twinId}) ${m.makeStipulation(t.stipulation)}` }))
          : [],
      diagram: (twin) => {
        const r = problemLib.loaded!.problemXmlDiagram(p, {
          theme: ELEMENT_THEME,
          id: 'gn-problem',
          ...(twin ? { twin } : {}),
        });
        return r.ok ? r.value : '';
      },
    };
  }

  private popeyeProblem(p: PopeyeProblem, item: SolveInput): ShownProblem {
    return {
      input: item,
      stipulation: p.stipulation,
      authors: p.author ? [p.author] : [],
      source: p.origin,
      twins: p.twins.map((t, i) => ({
        id: String.fromCharCode(98 + i),
        text: `${String.fromCharCode(98 + i)}) ${t.text}`,
      })),
      diagram: () => {
        const r = problemLib.loaded!.problemDiagram(p.board, {
          stipulation: p.stipulation,
          authors: p.author ? [p.author] : [],
          source: p.origin,
          theme: ELEMENT_THEME,
          id: 'gn-problem',
        });
        return r.ok ? r.value : '';
      },
    };
  }

  protected override clear(): void {
    this.problems = [];
    this.shown = undefined;
    this.parts = [];
    this.active = undefined;
    for (const box of [this.titleBox, this.subBox, this.boardBox, this.twinsBox, this.solutionBox, this.statusLine])
      box.textContent = '';
    this.twinsBox.hidden = true;
    this.pickerRow.hidden = true;
    this.solveButton.disabled = true;
  }

  protected override stop(): void {
    this.cancel();
  }

  private showProblem(index: number): void {
    this.cancel();
    const p = this.problems[index]!;
    this.shown = p;
    this.showingRecord(index);
    this.twin = undefined;
    this.parts = [];
    this.active = undefined;
    this.titleBox.textContent = `${p.authors.join(', ') || 'Problem'} · ${p.stipulation}`;
    this.subBox.textContent = [p.source, p.award, p.comment].filter((s) => s).join(' · ');
    this.twinsBox.innerHTML = p.twins
      .map(
        (t, i) =>
          `<button type="button" data-twin="${escapeHtml(t.id)}" aria-pressed="${i === 0}">${escapeHtml(t.text)}</button>`,
      )
      .join('');
    this.twinsBox.hidden = !p.twins.length;
    this.solutionBox.textContent = '';
    this.statusLine.textContent = '';
    this.solveButton.disabled = false;
    showSvg(this.boardBox, p.diagram(), pieceSetTemplate(this));
    this.updateLabel();
  }

  private showTwin(id: string): void {
    const p = this.shown;
    if (!p) return;
    this.twin = id;
    for (const b of this.twinsBox.querySelectorAll('button'))
      b.setAttribute('aria-pressed', String(b.dataset.twin === id));
    this.active = undefined;
    for (const b of this.buttons.values()) b.removeAttribute('aria-current');
    showSvg(this.boardBox, p.diagram(id), pieceSetTemplate(this));
  }

  private showSolution(parts: SolvedPart[]): void {
    this.parts = [];
    const blocks: string[] = [];
    parts.forEach((part) => {
      const start = Position.fromFen(part.fen);
      if (!start.ok) return;
      const tree = new MoveTree(start.value);
      for (const solution of part.solutions) addSolution(tree, solution);
      this.parts.push({ part, tree });
      const head = `${part.twin ? `${part.twin}) ` : ''}${part.stipulation} · status ${part.status || '–'}${STATUS_WORDS[part.status] ? ` (${STATUS_WORDS[part.status]})` : ''}`;
      const tries = part.tries?.length
        ? `<p class="comment">Tries: ${part.tries.map((t) => `${escapeHtml(t.san)}? ${escapeHtml(t.refutations.map((r) => r.san).join(', '))}!`).join('; ')}</p>`
        : '';
      const moves = part.solutions.length ? movesHtml(tree, '') : '<span class="comment">No solution.</span>';
      blocks.push(
        `<section class="part" data-part="${this.parts.length - 1}"><p class="title">${escapeHtml(head)}</p><div>${moves.replaceAll('data-node="', `data-part="${this.parts.length - 1}" data-node="`)}</div>${tries}</section>`,
      );
    });
    this.solutionBox.innerHTML = blocks.join('');
    this.buttons = new Map();
    for (const b of this.solutionBox.querySelectorAll<HTMLElement>('button[data-node]'))
      this.buttons.set(`${b.dataset.part}:${b.dataset.node}`, b);
    this.active = this.parts.length ? { part: 0, node: 0 } : undefined;
  }

  private go(part: number, node: number, user: boolean): void {
    const view = this.parts[part];
    if (!view || !view.tree.reachable(node)) return;
    if (this.active) this.buttons.get(`${this.active.part}:${this.active.node}`)?.removeAttribute('aria-current');
    this.active = { part, node };
    this.buttons.get(`${part}:${node}`)?.setAttribute('aria-current', 'true');
    const n = view.tree.nodes[node]!;
    const svg =
      node === 0
        ? (this.shown?.diagram(view.part.twin && this.shown.twins.length ? this.twinId(view.part.twin) : undefined) ??
          '')
        : boardSvg(view.tree, node, {
            flipped: false,
            title: `Board after ${n.number}${n.color === 'white' ? '.' : '...'} ${n.san}`,
          });
    showSvg(this.boardBox, svg, pieceSetTemplate(this));
    if (user) {
      this.announce(node === 0 ? 'Problem position' : moveWords(view.tree, node));
      this.emit<GnPlyDetail>('gn-ply', { ply: n.ply, fen: view.tree.fen(node), san: n.san });
    }
  }

  /** The twin id of a solved part's label (problem XML twins keep their ids; Popeye's are letters). */
  private twinId(label: string): string | undefined {
    const twins = this.shown?.twins ?? [];
    return twins.find((t) => t.id === label)?.id ?? (label === 'a' ? twins[0]?.id : undefined);
  }

  protected override key(key: string): boolean {
    if (!this.active) return false;
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(key)) return false;
    const view = this.parts[this.active.part]!;
    const to = stepKey(view.tree, this.active.node, key);
    if (to !== undefined && to !== this.active.node) this.go(this.active.part, to, true);
    return true;
  }
}

function addSolution(tree: MoveTree, solution: FoundSolution): void {
  if (Array.isArray(solution.san)) {
    let at = 0;
    for (const san of solution.san) {
      const next = addMove(tree, at, san);
      if (next < 0) return;
      at = next;
    }
    return;
  }
  const key = addMove(tree, 0, solution.san);
  if (key < 0) return;
  tree.nodes[key]!.nags = [1];
  if (solution.threats?.length)
    tree.nodes[key]!.comments = [`threat: ${solution.threats.map((t) => t.san).join(', ')}`];
  for (const v of solution.variations ?? []) addLine(tree, key, v);
}

function addLine(tree: MoveTree, parent: number, move: SolutionMove): void {
  const id = addMove(tree, parent, move.san);
  if (id < 0) return;
  for (const reply of move.replies ?? []) addLine(tree, id, reply);
}

/** A move of the solver's SAN after `parent` (-1 when it cannot be played there). */
function addMove(tree: MoveTree, parent: number, san: string): number {
  const pos = tree.position(parent);
  if (!pos) return -1;
  const move = parseSan(pos, san);
  if (!move.ok) return -1;
  return tree.add(parent, san, move.value);
}

/** The class of `<gn-problem>` (defined by importing `gamenotation/elements`). */
export const GnProblemElement: {
  prototype: GnProblemElement;
  /** Creates a `<gn-problem>` (as `document.createElement('gn-problem')` does once the module is imported). */
  new (): GnProblemElement;
} = ProblemElement;
