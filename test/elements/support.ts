// Helpers of the element tests (Chromium): a fresh element in the page, its shadow root, keys,
// waiting for events, and axe-core over the whole page.
import type { AxeResults, RunOptions } from 'axe-core';

type Axe = { run(context: Element | Document, options: RunOptions): Promise<AxeResults> };
let axeLoaded: Promise<Axe> | undefined;

/** axe-core is a UMD script: loaded once as a classic script from node_modules (served by the test server). */
function loadAxe(): Promise<Axe> {
  axeLoaded ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    script.onload = () => resolve((window as unknown as { axe: Axe }).axe);
    script.onerror = () => reject(new Error('axe-core did not load'));
    document.head.appendChild(script);
  });
  return axeLoaded;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The page the elements are put in: a titled document in English with a main landmark and a heading. */
function fixture(): HTMLElement {
  document.documentElement.lang = 'en';
  document.title = 'gamenotation elements test';
  let main = document.getElementById('fixture');
  if (!main) {
    main = document.createElement('main');
    main.id = 'fixture';
    main.innerHTML = '<h1>Elements</h1>';
    document.body.appendChild(main);
  }
  return main;
}

/** A new element in the page, with the given attributes and text content. */
export function mount<T extends HTMLElement>(tag: string, attrs: Record<string, string> = {}, content = ''): T {
  const el = document.createElement(tag) as T;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (content) el.textContent = content;
  fixture().appendChild(el);
  return el;
}

export function cleanup(): void {
  document.getElementById('fixture')?.remove();
}

export function shadow(el: HTMLElement): ShadowRoot {
  return el.shadowRoot!;
}

export function $(el: HTMLElement, selector: string): HTMLElement | null {
  return el.shadowRoot!.querySelector(selector);
}

export function $$(el: HTMLElement, selector: string): HTMLElement[] {
  return [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
}

/** A key pressed on the element (as a focused element receives it). */
export function press(el: HTMLElement, key: string, target: Element = el): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true }));
}

/** The next event of a type from the element (rejects after `ms`). */
export function nextEvent<T = unknown>(el: EventTarget, type: string, ms = 20_000): Promise<CustomEvent<T>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} event within ${ms} ms`)), ms);
    el.addEventListener(
      type,
      (e) => {
        clearTimeout(timer);
        resolve(e as CustomEvent<T>);
      },
      { once: true },
    );
  });
}

/** Waits for a microtask turn (scheduled reads) and a frame. */
export async function settle(): Promise<void> {
  await Promise.resolve();
  await new Promise((r) => requestAnimationFrame(() => r(undefined)));
}

/** axe-core's violations on the page (WCAG 2.x A and AA, and best practices). */
export async function axeViolations(context: Element | Document = document): Promise<string[]> {
  const axe = await loadAxe();
  const result = await axe.run(context, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    resultTypes: ['violations'],
  });
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
}

/** Pieces drawn on a diagram inside the element. */
export function pieces(el: HTMLElement, scope = ''): string[] {
  return $$(el, `${scope} svg .piece`).map((p) => `${p.getAttribute('data-piece')}${p.getAttribute('data-square')}`);
}

/** The placement field of a FEN as piece codes on squares (`wKe1`), sorted, as the diagrams mark them. */
export function fenPieces(fen: string): string[] {
  const out: string[] = [];
  const rows = fen.split(' ')[0]!.replace(/\[.*$/, '').split('/').slice(0, 8);
  rows.forEach((row, r) => {
    let file = 0;
    for (const c of row) {
      if (/\d/.test(c)) file += Number(c);
      else if (c === '~') continue;
      else {
        out.push(`${c === c.toUpperCase() ? 'w' : 'b'}${c.toUpperCase()}${'abcdefgh'[file]}${8 - r}`);
        file++;
      }
    }
  });
  return out.sort();
}

/** Sets an input property and waits until the element has read it (readers may load on demand). */
export async function setInput<T extends HTMLElement>(el: T, property: string, value: string): Promise<void> {
  const done = nextEvent(el, 'gn-load');
  (el as unknown as Record<string, unknown>)[property] = value;
  await done;
}
