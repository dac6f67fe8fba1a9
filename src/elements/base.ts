// What every element shares: the shadow root and its style, where the input comes from (a property,
// the `src` URL or the text content), the error box, the live region and the keyboard entry point.
// The module loads in Node too (server rendering, tests of the package): nothing touches the DOM
// until an element is created.
import type { NotationError } from '../errors.js';
import { adoptStyles } from './style.js';

/** `HTMLElement` in a browser; a bare class elsewhere, so that importing the module never throws. */
export const ElementBase: typeof HTMLElement =
  typeof HTMLElement === 'function' ? HTMLElement : (class {} as unknown as typeof HTMLElement);

/** Detail of the `gn-load` event: what reading the input found. */
export interface GnLoadDetail {
  /** Errors of the input (shown in the element). */
  errors: NotationError[];
  /** Warnings of the input (dialects read leniently; not shown). */
  warnings: NotationError[];
}

/** Detail of the `gn-error` event: the errors now shown in the element. */
export interface GnErrorDetail {
  /** The errors, each with its line and column in the input when it has one. */
  errors: NotationError[];
}

const MAX_SHOWN_ERRORS = 20;

/** What reading the input found. */
export interface ReadResult {
  errors: NotationError[];
  warnings: NotationError[];
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Fills a record picker with one option per label, its row shown only when there is a choice. */
export function fillPicker(picker: HTMLSelectElement, row: HTMLElement, labels: readonly string[]): void {
  picker.innerHTML = labels.map((label, i) => `<option value="${i}">${escapeHtml(label)}</option>`).join('');
  row.hidden = labels.length < 2;
}

/**
 * Text content as written inside the element: the indentation all its lines share is taken off (a
 * PBN or PBI line must start at column 1), and reported back through `indent` so that an error's
 * column is the column in the page.
 */
export function dedent(text: string): { text: string; indent: number } {
  const lines = text.split(/\r\n|\r|\n/);
  let indent = Infinity;
  for (const line of lines) {
    if (!line.trim()) continue;
    const lead = /^[ \t]*/.exec(line)![0].length;
    indent = Math.min(indent, lead);
  }
  if (!Number.isFinite(indent) || indent === 0) return { text, indent: 0 };
  return { text: lines.map((l) => l.slice(Math.min(indent, /^[ \t]*/.exec(l)![0].length))).join('\n'), indent };
}

/** What every element of `gamenotation/elements` has: its theme and the errors it shows. */
export interface GnViewerElement extends HTMLElement {
  /** `light`, `dark`, or `''` to follow the reader's colour scheme (the `theme` attribute). */
  theme: string;
  /** The errors shown in the element, each with its line and column in the input. */
  readonly errors: NotationError[];
}

/** What sets one element apart in the frame every element shares. */
export interface ViewerLayout {
  /** The accessible name of the record picker (`Game`, `Board`, …). */
  picker: string;
  /** The attribute naming the record shown first (`game`, `board`, `index`). */
  record: string;
  /** The attribute naming the step shown first (`ply`, `played`), and whether it may say `last`. */
  step?: { attribute: string; last: boolean };
  /** The element's own markup, below the header and the picker. */
  html: string;
}

/** Calls `use` with the `data-<name>` of the button clicked inside `box`, and the button. */
export function onButton(box: Element, name: string, use: (value: string, button: HTMLElement) => void): void {
  box.addEventListener('click', (e) => {
    const button = (e.target as HTMLElement).closest<HTMLElement>(`button[data-${name}]`);
    if (button) use(button.getAttribute(`data-${name}`)!, button);
  });
}

/** The base of the five elements (not exported from the package: each element's type is its interface). */
export abstract class ViewerElement extends ElementBase implements GnViewerElement {
  /** The shadow root (open, so tests and pages can look inside). */
  protected readonly view: ShadowRoot;
  protected readonly body: HTMLElement;
  protected readonly titleBox: HTMLElement;
  protected readonly subBox: HTMLElement;
  /** The record picker, shown when the input holds more than one. */
  protected readonly picker: HTMLSelectElement;
  protected readonly pickerRow: HTMLElement;
  private readonly layout: ViewerLayout;
  /** Values set before there was anything to apply them to (a reader loading on demand, `ply` set before `pgn`). */
  private requested: { record?: number; step?: number } = {};
  private recordIndex = 0;
  private readonly errorBox: HTMLElement;
  private readonly statusBox: HTMLElement;
  private readonly live: HTMLElement;
  private propertyText: string | undefined;
  private loadedSrc: { url: string; text?: string; error?: NotationError } | undefined;
  private loading = 0;
  private observer: MutationObserver | undefined;
  private pending = false;
  private shownErrors: NotationError[] = [];
  private indent = 0;
  private labelOwned = false;
  private connectedBefore = false;
  /** What was read last: the property, the src URL, or the text content itself. */
  private lastInput: string | undefined;

  constructor(layout: ViewerLayout) {
    super();
    this.layout = layout;
    this.view = this.attachShadow({ mode: 'open' });
    adoptStyles(this.view);
    this.errorBox = this.addPart('div', 'errors');
    this.errorBox.setAttribute('role', 'alert');
    this.errorBox.setAttribute('part', 'errors');
    this.errorBox.hidden = true;
    this.statusBox = this.addPart('div', 'status');
    this.statusBox.hidden = true;
    this.body = this.addPart('div', 'body');
    this.live = this.addPart('div', 'sr-only live');
    this.live.setAttribute('aria-live', 'polite');
    this.live.setAttribute('aria-atomic', 'true');
    this.addEventListener('keydown', (e) => this.keydown(e));
    this.body.innerHTML = `
<div class="head" part="header"><p class="title"></p><p class="sub"></p></div>
<div class="picker-row" hidden><select class="picker" aria-label="${layout.picker}"></select></div>
${layout.html}`;
    this.titleBox = this.find('.title');
    this.subBox = this.find('.sub');
    this.picker = this.find('.picker');
    this.pickerRow = this.find('.picker-row');
    this.picker.addEventListener('change', () => this.pick(Number(this.picker.value)));
  }

  /** The first element of the body that matches `selector`. */
  protected find<T extends HTMLElement>(selector: string): T {
    return this.body.querySelector(selector) as T;
  }

  /** Index of the record shown (games, boards, matches or problems of the input). */
  protected get record(): number {
    this.flush();
    return this.recordIndex;
  }

  /** Notes the record now shown, in the picker too. */
  protected showingRecord(index: number): void {
    this.recordIndex = index;
    this.picker.value = String(index);
  }

  /** The record index a property asks for, clamped; undefined before anything is read (it is kept till then). */
  protected requestRecord(value: unknown): number | undefined {
    this.flush();
    const n = toInt(value);
    if (this.recordCount) return Math.max(0, Math.min(this.recordCount - 1, n));
    this.requested.record = n;
    return undefined;
  }

  /** The step a property asks for (`Infinity`: the end, where allowed); undefined before anything is read (it is kept till then). */
  protected requestStep(value: unknown): number | undefined {
    this.flush();
    const n = value === Infinity && this.layout.step?.last ? Infinity : toInt(value);
    if (this.recordCount) return n;
    this.requested.step = n;
    return undefined;
  }

  /**
   * Fills the picker with a label a record and says where to start: at what the properties asked
   * for before the input was read, else at what the attributes say.
   */
  protected startAt(labels: readonly string[]): { record: number; step: number } {
    fillPicker(this.picker, this.pickerRow, labels);
    const step = this.layout.step;
    const fromAttribute = (): number =>
      !step
        ? 0
        : step.last && this.getAttribute(step.attribute) === 'last'
          ? Infinity
          : (intAttribute(this, step.attribute) ?? 0);
    const { record = intAttribute(this, this.layout.record) ?? 0, step: at = fromAttribute() } = this.requested;
    this.requested = {};
    return { record: Math.max(0, Math.min(labels.length - 1, record)), step: at };
  }

  private addPart(tag: string, cls: string): HTMLElement {
    const el = document.createElement(tag);
    el.className = cls;
    this.view.appendChild(el);
    return el;
  }

  static get observedAttributes(): string[] {
    return ['src', 'theme'];
  }

  /** The names of the element's own properties that a framework may set before the element is defined. */
  protected static upgradeProperties: readonly string[] = [];

  connectedCallback(): void {
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    if (!this.hasAttribute('role')) this.setAttribute('role', 'application');
    if (!this.connectedBefore) this.labelOwned = !this.hasAttribute('aria-label');
    this.connectedBefore = true;
    // A property set on the element before its class was defined shadows the accessor: replay it.
    for (const name of (this.constructor as typeof ViewerElement).upgradeProperties) {
      if (Object.prototype.hasOwnProperty.call(this, name)) {
        const value = (this as unknown as Record<string, unknown>)[name];
        delete (this as unknown as Record<string, unknown>)[name];
        (this as unknown as Record<string, unknown>)[name] = value;
      }
    }
    this.observer ??= new MutationObserver(() => {
      if (this.propertyText === undefined && !this.getAttribute('src')) this.schedule();
    });
    this.observer.observe(this, { childList: true, characterData: true, subtree: true });
    // Moving the element in the page keeps what it shows (and its ply); only new input is read.
    if (this.lastInput === undefined || this.lastInput !== this.inputKey()) this.schedule();
    else this.updateLabel();
  }

  /** Identifies the input the element would read now. */
  private inputKey(): string {
    if (this.propertyText !== undefined) return `property:${this.propertyText}`;
    const src = this.getAttribute('src');
    return src ? `src:${src}` : `content:${this.textContent ?? ''}:${this.attributeInput() ?? ''}`;
  }

  /** Sets the accessible name from what is shown, unless the page gave one. */
  protected updateLabel(): void {
    if (this.labelOwned && this.isConnected) this.setAttribute('aria-label', this.label());
  }

  disconnectedCallback(): void {
    this.observer?.disconnect();
    this.stop();
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (old === value) return;
    if (name === 'src') {
      this.loadedSrc = undefined;
      this.schedule();
      return;
    }
    // The record and step attributes move what is shown; before anything is read, reading takes them.
    const step = this.layout.step;
    if ((name === this.layout.record || name === step?.attribute) && this.recordCount)
      (this as unknown as Record<string, number>)[name] =
        name === step?.attribute && step.last && value === 'last' ? Infinity : toInt(value);
  }

  /** `light`, `dark`, or `''` to follow the reader's colour scheme. */
  get theme(): string {
    return this.getAttribute('theme') ?? '';
  }
  set theme(value: string) {
    if (value) this.setAttribute('theme', value);
    else this.removeAttribute('theme');
  }

  /** The errors shown in the element (with their line and column in the input). */
  get errors(): NotationError[] {
    this.flush();
    return [...this.shownErrors];
  }

  /** The text set through the input property, or undefined. */
  protected get inputProperty(): string | undefined {
    return this.propertyText;
  }

  /** Sets the text of the input property (null or undefined falls back to `src` or the content). */
  protected setInputProperty(value: unknown): void {
    this.propertyText = value === null || value === undefined ? undefined : String(value);
    this.pending = false;
    this.refresh();
  }

  /** Reads the input again after the current task (attribute and content changes come in bursts). */
  protected schedule(): void {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(() => this.flush());
  }

  /** Runs a scheduled read now, so that a property read after a change sees it. */
  protected flush(): void {
    if (!this.pending) return;
    this.pending = false;
    this.refresh();
  }

  private refresh(): void {
    this.lastInput = this.inputKey();
    if (this.propertyText !== undefined) return this.readText(this.propertyText, 0);
    const src = this.getAttribute('src');
    if (src) return this.readSrc(src);
    const content = this.textContent ?? '';
    if (!content.trim()) return this.readText(this.attributeInput() ?? '', 0);
    const { text, indent } = dedent(content);
    this.readText(text, indent);
  }

  private readSrc(src: string): void {
    let url: string;
    try {
      url = new URL(src, document.baseURI).href;
    } catch {
      return this.srcFailed(src, `"${src}" is not a URL`);
    }
    if (this.loadedSrc?.url === url) {
      if (this.loadedSrc.error) return this.showFailure([this.loadedSrc.error]);
      return this.readText(this.loadedSrc.text ?? '', 0);
    }
    const ticket = ++this.loading;
    this.statusBox.textContent = `Loading ${src}…`;
    this.statusBox.hidden = false;
    this.setAttribute('aria-busy', 'true');
    fetch(url).then(
      async (response) => {
        if (ticket !== this.loading) return;
        if (!response.ok)
          return this.srcFailed(
            src,
            `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
            url,
          );
        const text = await response.text();
        if (ticket !== this.loading) return;
        this.loadedSrc = { url, text };
        this.statusBox.hidden = true;
        this.removeAttribute('aria-busy');
        this.readText(text, 0);
      },
      (e: unknown) => {
        if (ticket === this.loading) this.srcFailed(src, String((e as Error)?.message ?? e), url);
      },
    );
  }

  private srcFailed(src: string, why: string, url?: string): void {
    const error: NotationError = { code: 'ERR_ELEMENT_SRC', message: `could not load ${src}: ${why}` };
    if (url) this.loadedSrc = { url, error };
    this.statusBox.hidden = true;
    this.removeAttribute('aria-busy');
    this.showFailure([error]);
  }

  private showFailure(errors: NotationError[]): void {
    this.clear();
    this.report(errors, []);
  }

  private readText(text: string, indent: number): void {
    const ticket = ++this.loading;
    this.statusBox.hidden = true;
    this.removeAttribute('aria-busy');
    this.indent = indent;
    this.stop();
    if (!text.trim()) {
      this.clear();
      this.report([], []);
      this.statusBox.textContent = this.emptyText();
      this.statusBox.hidden = false;
      return;
    }
    const found = this.read(text);
    if (!('then' in found)) return this.report(found.errors, found.warnings);
    // A reader loaded on demand: report when it is done, unless newer input came first.
    this.setAttribute('aria-busy', 'true');
    this.reading = found.then(
      () => undefined,
      () => undefined,
    );
    found.then(
      ({ errors, warnings }) => {
        if (ticket !== this.loading) return;
        this.removeAttribute('aria-busy');
        this.report(errors, warnings);
      },
      (e: unknown) => {
        if (ticket !== this.loading) return;
        this.removeAttribute('aria-busy');
        this.clear();
        this.report(
          [
            {
              code: 'ERR_ELEMENT_INPUT',
              message: `the input could not be read: ${String((e as Error)?.message ?? e)}`,
            },
          ],
          [],
        );
      },
    );
  }

  /** The read under way when its reader is still loading (settles when it is done). */
  protected reading: Promise<void> | undefined;

  /** Whether a read started with `ticket` is still the latest (for readers that finish later). */
  protected isLatest(ticket: number): boolean {
    return ticket === this.loading;
  }

  /** The ticket of the read under way. */
  protected get readTicket(): number {
    return this.loading;
  }

  /** Shows the errors, sets the label, and tells the page (`gn-load`, and `gn-error` when there are errors). */
  private report(errors: NotationError[], warnings: NotationError[]): void {
    const shift = (e: NotationError): NotationError =>
      this.indent && e.column !== undefined ? { ...e, column: e.column + this.indent } : e;
    this.shownErrors = errors.map(shift);
    this.renderErrors();
    this.updateLabel();
    this.emit<GnLoadDetail>('gn-load', { errors: [...this.shownErrors], warnings: warnings.map(shift) });
    if (this.shownErrors.length) this.emit<GnErrorDetail>('gn-error', { errors: [...this.shownErrors] });
  }

  private renderErrors(): void {
    const errors = this.shownErrors;
    if (!errors.length) {
      this.errorBox.hidden = true;
      this.errorBox.textContent = '';
      return;
    }
    const items = errors.slice(0, MAX_SHOWN_ERRORS).map((e) => {
      const at = e.line !== undefined ? `Line ${e.line}${e.column !== undefined ? `, column ${e.column}` : ''}: ` : '';
      return `<li data-code="${escapeHtml(e.code)}"${e.line !== undefined ? ` data-line="${e.line}"` : ''}${e.column !== undefined ? ` data-column="${e.column}"` : ''}>${escapeHtml(at)}${escapeHtml(e.message)} <code>${escapeHtml(e.code)}</code></li>`;
    });
    if (errors.length > MAX_SHOWN_ERRORS) items.push(`<li>… and ${errors.length - MAX_SHOWN_ERRORS} more</li>`);
    this.errorBox.innerHTML = `<strong>${errors.length === 1 ? 'An error' : `${errors.length} errors`} in the input</strong><ul>${items.join('')}</ul>`;
    this.errorBox.hidden = false;
  }

  /** Says a move (or any change) to screen readers. */
  protected announce(text: string): void {
    this.live.textContent = text;
  }

  private keydown(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.composedPath()[0] as HTMLElement | undefined;
    const tag = target?.tagName;
    if (tag === 'SELECT' || tag === 'INPUT' || tag === 'TEXTAREA') return;
    if (tag === 'BUTTON' && (e.key === 'Enter' || e.key === ' ')) return;
    if (this.key(e.key)) e.preventDefault();
  }

  /** The number of records (games, boards, matches, problems) read from the input. */
  protected abstract get recordCount(): number;
  /** Shows the record chosen in the picker. */
  protected abstract pick(index: number): void;
  /** Handles a key pressed while the element (or a part of it) has focus; true when it was used. */
  protected abstract key(key: string): boolean;
  /** Reads the input and renders it; returns what reading found. */
  protected abstract read(text: string): ReadResult | Promise<ReadResult>;
  /** Empties the view (before an error that leaves nothing to show). */
  protected abstract clear(): void;
  /** The element's accessible name for what it shows. */
  protected abstract label(): string;
  /** What the element says when it has no input. */
  protected abstract emptyText(): string;
  /** Input given by attributes alone (`<gn-problem fen stipulation>`), read when there is no other. */
  protected attributeInput(): string | undefined {
    return undefined;
  }
  /** Stops timers and jobs of the previous input. */
  protected stop(): void {}

  /** Dispatches a bubbling, composed event with a detail. */
  protected emit<T>(type: string, detail: T): void {
    this.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
  }
}

/** Reads an attribute as a non-negative integer; undefined when absent or not a number. */
export function intAttribute(el: Element, name: string): number | undefined {
  const raw = el.getAttribute(name);
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : undefined;
}

/** A number from a property value (strings too, as attributes and frameworks pass them). */
export function toInt(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}
