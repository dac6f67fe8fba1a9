// The parts of a chess viewer shared by <gn-game>, <gn-analysis> and <gn-problem>: the board at a
// node of a move tree, the move list with variations, comments, NAGs and clock/eval commands, and
// stepping through the tree with the keyboard.
import { chessDiagram } from '../diagram/index.js';
import { formatClock } from '../diagram/clock.js';
import type { PgnCommands } from '../pgn/index.js';
import { escapeHtml } from './base.js';
import { nagGlyph } from './nags.js';
import { ELEMENT_THEME } from './style.js';
import type { MoveTree } from './tree.js';
import { sanWords } from './words.js';

/** The board SVG at a node: last move, check, the node's arrows and circles. */
export function boardSvg(tree: MoveTree, id: number, options: { flipped: boolean; title: string }): string {
  const pos = tree.position(id);
  if (!pos) return '';
  const node = tree.nodes[id]!;
  const r = chessDiagram(pos, {
    flip: options.flipped,
    theme: ELEMENT_THEME,
    lastMove: node.move,
    shapes: node.commands?.shapes,
    title: options.title,
    id: 'gn-board',
  });
  return r.ok ? r.value : '';
}

/** `+0.35`, `-1.20`, `#3`, `#-2`. */
export function evalText(e: NonNullable<PgnCommands['eval']>): string {
  if (e.mate !== undefined) return `#${e.mate}`;
  if (e.pawns !== undefined) return `${e.pawns > 0 ? '+' : ''}${e.pawns.toFixed(2)}`;
  return '';
}

function commentText(text: string): string {
  return text
    .replace(/\[%[^\]]*\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function commentsHtml(comments: readonly string[] | undefined): string {
  return (comments ?? [])
    .map(commentText)
    .filter((c) => c)
    .map((c) => `<span class="comment">${escapeHtml(c)}</span>`)
    .join('');
}

function commandsHtml(commands: PgnCommands | undefined): string {
  if (!commands) return '';
  let out = '';
  if (commands.eval) {
    const e = evalText(commands.eval);
    if (e) out += `<span class="cmd eval" title="evaluation">${escapeHtml(e)}</span>`;
  }
  if (commands.clk !== undefined)
    out += `<span class="cmd clk" title="clock">${escapeHtml(formatClock(commands.clk))}</span>`;
  return out;
}

/** The words said for a move: "12. White knight takes e5, check, good move". */
export function moveWords(tree: MoveTree, id: number): string {
  const n = tree.nodes[id]!;
  const nags = (n.nags ?? []).map((g) => nagGlyph(g).words);
  return `${n.number}${n.color === 'white' ? '.' : '...'} ${sanWords(n.san, n.color)}${nags.length ? `, ${nags.join(', ')}` : ''}`;
}

/** The move list as HTML: the main line, each variation after the move it replaces, nested in brackets. */
export function movesHtml(tree: MoveTree, result: string): string {
  const out: string[] = [];
  const root = tree.nodes[0]!;
  out.push(commentsHtml(root.comments));
  const first = root.children[0];
  if (first !== undefined) lineHtml(tree, first, 0, out);
  if (result && result !== '*') out.push(`<span class="result">${escapeHtml(result)}</span>`);
  return out.join('');
}

function lineHtml(tree: MoveTree, first: number, depth: number, out: string[]): void {
  let needNumber = true;
  for (let id: number | undefined = first; id !== undefined;) {
    const n: MoveTree['nodes'][number] = tree.nodes[id]!;
    if (n.startingComments) {
      out.push(commentsHtml(n.startingComments));
      needNumber = true;
    }
    if (n.color === 'white') out.push(`<span class="num">${n.number}.</span>`);
    else if (needNumber) out.push(`<span class="num">${n.number}...</span>`);
    out.push(
      // The name starts with the SAN shown (WCAG 2.5.3), then the move in words.
      `<button type="button" class="move" tabindex="-1" data-node="${id}" aria-label="${escapeHtml(`${n.san}: ${moveWords(tree, id)}`)}">${escapeHtml(n.san)}</button>`,
    );
    needNumber = false;
    for (const nag of n.nags ?? []) {
      const g = nagGlyph(nag);
      out.push(`<span class="nag" title="${escapeHtml(g.words)}" aria-hidden="true">${escapeHtml(g.glyph)}</span>`);
    }
    out.push(commandsHtml(n.commands));
    if (n.comments?.some((c) => commentText(c))) {
      out.push(commentsHtml(n.comments));
      needNumber = true;
    }
    const parent = tree.nodes[n.parent]!;
    if (parent.children[0] === id && parent.children.length > 1) {
      for (const alt of parent.children.slice(1)) {
        out.push(depth === 0 ? '<span class="varblock variation">' : '<span class="variation">(');
        lineHtml(tree, alt, depth + 1, out);
        out.push(depth === 0 ? '</span>' : ')</span> ');
      }
      needNumber = true;
    }
    out.push(' ');
    id = n.children[0];
  }
}

/** The node the arrow keys lead to from `id` (undefined: stay). */
export function stepKey(tree: MoveTree, id: number, key: string): number | undefined {
  const nodes = tree.nodes;
  const node = nodes[id]!;
  switch (key) {
    case 'ArrowRight': {
      const next = node.children[0];
      return next !== undefined && tree.reachable(next) ? next : undefined;
    }
    case 'ArrowLeft':
      return node.parent >= 0 ? node.parent : undefined;
    case 'Home':
      return 0;
    case 'End':
      return tree.end(id);
    case 'ArrowDown': {
      // The next alternative to this move, else the first alternative to the next move.
      if (node.parent >= 0) {
        const siblings = nodes[node.parent]!.children;
        const at = siblings.indexOf(id);
        if (at + 1 < siblings.length && tree.reachable(siblings[at + 1]!)) return siblings[at + 1];
      }
      const alt = node.children[1];
      return alt !== undefined && tree.reachable(alt) ? alt : undefined;
    }
    case 'ArrowUp': {
      // The previous alternative to this move, else back to the line this variation branched from.
      if (node.parent < 0) return undefined;
      const siblings = nodes[node.parent]!.children;
      const at = siblings.indexOf(id);
      if (at > 0) return siblings[at - 1];
      for (let a = id; a > 0; a = nodes[a]!.parent) {
        const p = nodes[a]!.parent;
        if (nodes[p]!.children[0] !== a) return nodes[p]!.children[0];
      }
      return undefined;
    }
  }
  return undefined;
}

/** The latest `%clk` of each side on the path to a node. */
export function clocksAt(tree: MoveTree, id: number): { white?: number; black?: number } {
  const out: { white?: number; black?: number } = {};
  for (let at = id; at > 0; at = tree.nodes[at]!.parent) {
    const n = tree.nodes[at]!;
    const clk = n.commands?.clk;
    if (clk !== undefined && out[n.color] === undefined) out[n.color] = clk;
    if (out.white !== undefined && out.black !== undefined) break;
  }
  return out;
}

/** Keeps a child in view inside its scrolling box, without scrolling the page. */
export function keepInView(box: HTMLElement, child: HTMLElement | undefined): void {
  if (!child) return;
  // The box is positioned (style.ts), so offsetTop is measured from it.
  const top = child.offsetTop;
  const bottom = top + child.offsetHeight;
  if (top < box.scrollTop) box.scrollTop = Math.max(0, top - 8);
  else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight + 8;
}

export { formatClock };
