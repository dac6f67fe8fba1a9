// The look of every element: one style sheet shared by all shadow roots, themed by CSS custom
// properties. A page sets `--gn-*` on the element or any ancestor; each has a light and a dark
// default, chosen by the `theme` attribute or else by `prefers-color-scheme`. The diagrams draw with
// `var(--_…)` colours (see ELEMENT_THEME), so a theme change restyles them without a redraw.
import type { DiagramTheme } from '../diagram/index.js';

/** The public custom properties, with their light and dark defaults (documented in docs/elements.md). */
export const CUSTOM_PROPERTIES: readonly (readonly [name: string, internal: string, light: string, dark: string])[] = [
  ['--gn-background', '--_bg', '#ffffff', '#1e2124'],
  ['--gn-text', '--_fg', '#1d1d1f', '#ececec'],
  ['--gn-muted-text', '--_muted', '#595959', '#b4b4b4'],
  ['--gn-accent', '--_accent', '#0b57d0', '#8ab4f8'],
  ['--gn-accent-text', '--_accent-fg', '#ffffff', '#0d1b2e'],
  ['--gn-border', '--_border', '#8a8a8a', '#6d7378'],
  ['--gn-panel', '--_panel', '#f3f4f6', '#2a2e33'],
  ['--gn-error', '--_error', '#b3261e', '#f2b8b5'],
  ['--gn-light-square', '--_light', '#eeeed2', '#b7c0c7'],
  ['--gn-dark-square', '--_dark', '#8ca2ad', '#5d7584'],
  ['--gn-last-move', '--_last', 'rgba(205,210,106,0.75)', 'rgba(190,200,80,0.7)'],
  ['--gn-check', '--_check', 'rgba(220,30,30,0.6)', 'rgba(230,50,50,0.7)'],
  ['--gn-white-piece', '--_wp', '#ffffff', '#ffffff'],
  ['--gn-black-piece', '--_bp', '#2a2a2a', '#2a2a2a'],
  ['--gn-piece-stroke', '--_stroke', '#000000', '#000000'],
  ['--gn-arrow-green', '--_green', '#15781b', '#3fae46'],
  ['--gn-arrow-red', '--_red', '#882020', '#e06060'],
  ['--gn-arrow-yellow', '--_yellow', '#e68f00', '#f0b040'],
  ['--gn-arrow-blue', '--_blue', '#003088', '#6fa0ff'],
  ['--gn-red-suit', '--_red-suit', '#c8102e', '#ff7b8a'],
  ['--gn-black-suit', '--_black-suit', '#111111', '#ececec'],
  ['--gn-vulnerable', '--_vul', '#c8102e', '#c8102e'],
  ['--gn-font', '--_font', 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', ''],
];

/** Diagram colours that follow the element's custom properties. */
export const ELEMENT_THEME: Partial<DiagramTheme> = {
  light: 'var(--_light)',
  dark: 'var(--_dark)',
  border: 'var(--_border)',
  text: 'var(--_fg)',
  background: 'var(--_bg)',
  whitePiece: 'var(--_wp)',
  blackPiece: 'var(--_bp)',
  pieceStroke: 'var(--_stroke)',
  lastMove: 'var(--_last)',
  check: 'var(--_check)',
  green: 'var(--_green)',
  red: 'var(--_red)',
  yellow: 'var(--_yellow)',
  blue: 'var(--_blue)',
  redSuit: 'var(--_red-suit)',
  blackSuit: 'var(--_black-suit)',
  vulnerable: 'var(--_vul)',
  font: 'var(--_font)',
};

function declarations(dark: boolean): string {
  return CUSTOM_PROPERTIES.map(([name, internal, light, darkValue]) => {
    const value = dark && darkValue ? darkValue : light;
    return `${internal}: var(${name}, ${value});`;
  }).join('\n');
}

export const CSS = `
:host {
  ${declarations(false)}
  display: block;
  box-sizing: border-box;
  min-width: 0;
  max-width: 100%;
  color: var(--_fg);
  background: var(--_bg);
  font-family: var(--_font);
  font-size: 15px;
  line-height: 1.4;
  border: 1px solid var(--_border);
  border-radius: 6px;
  padding: 8px;
  container-type: inline-size;
  color-scheme: light;
}
:host([hidden]) { display: none; }
:host([theme='dark']) { ${declarations(true)} color-scheme: dark; }
@media (prefers-color-scheme: dark) {
  :host(:not([theme='light'])) { ${declarations(true)} color-scheme: dark; }
}
:host(:focus) { outline: none; }
:host(:focus-visible) { outline: 3px solid var(--_accent); outline-offset: 2px; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.sr-only {
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
.layout { display: grid; grid-template-columns: minmax(0, var(--gn-board-size, 440px)) minmax(0, 1fr); gap: 10px; align-items: start; }
.layout.wide { grid-template-columns: minmax(0, var(--gn-board-size, 640px)) minmax(0, 1fr); }
@container (max-width: 600px) {
  .layout, .layout.wide { grid-template-columns: minmax(0, 1fr); }
  .layout > .stack:first-child { max-width: var(--gn-board-size, 440px); width: 100%; justify-self: center; }
  .layout.wide > .stack:first-child { max-width: none; }
}
.icon { display: block; width: 16px; height: 16px; }
.stack { display: flex; flex-direction: column; gap: 6px; min-width: 0; }
.board svg, .diagram svg, .graph svg { display: block; width: 100%; height: auto; }
.board, .diagram { position: relative; min-width: 0; }
.head { margin: 0 0 6px; }
.title { font-weight: 600; font-size: 1.05em; margin: 0; overflow-wrap: anywhere; }
.sub { color: var(--_muted); font-size: 0.9em; margin: 0; overflow-wrap: anywhere; }
.player { display: flex; justify-content: space-between; gap: 8px; font-size: 0.92em; min-height: 1.4em; }
.player .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.player .clock, .clock { font-variant-numeric: tabular-nums; font-weight: 600; }
.toolbar { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
button, select {
  font: inherit; color: var(--_fg); background: var(--_panel); border: 1px solid var(--_border);
  border-radius: 4px; min-height: 32px; min-width: 32px; padding: 2px 8px; cursor: pointer;
}
button:hover { border-color: var(--_accent); }
button:focus-visible, select:focus-visible { outline: 3px solid var(--_accent); outline-offset: 1px; }
button[aria-pressed='true'] { background: var(--_accent); color: var(--_accent-fg); }
button:disabled { cursor: default; opacity: 0.6; }
select { max-width: 100%; }
.moves {
  position: relative; overflow-y: auto; max-height: var(--gn-moves-height, 420px); padding: 6px; background: var(--_panel);
  border-radius: 4px; min-width: 0; overflow-wrap: anywhere;
}
.moves button.move, .moves button.cell {
  min-height: 0; min-width: 0; padding: 0 3px; margin: 0; border: 0; background: none; border-radius: 3px;
  font: inherit; font-weight: 600; color: var(--_fg);
}
.moves button.move:hover, .moves button.cell:hover { text-decoration: underline; }
.moves button[aria-current='true'] { background: var(--_accent); color: var(--_accent-fg); }
.moves button[aria-current='true'] .red, .moves button[aria-current='true'] .blk { color: inherit; }
.num { color: var(--_muted); margin-left: 2px; }
.nag { margin-left: 1px; color: var(--_fg); }
.comment { color: var(--_muted); font-style: italic; margin: 0 3px; }
.cmd { color: var(--_muted); font-size: 0.85em; margin: 0 2px; font-variant-numeric: tabular-nums; }
.variation { color: var(--_fg); }
.variation .move { font-weight: 400 !important; }
.varblock { display: block; margin: 2px 0 2px 10px; padding-left: 6px; border-left: 2px solid var(--_border); }
.result { font-weight: 700; margin-left: 4px; }
.status { color: var(--_muted); font-size: 0.9em; }
.errors { border: 2px solid var(--_error); border-radius: 4px; padding: 6px 8px; margin: 0 0 8px; color: var(--_fg); }
.errors strong { color: var(--_error); }
.errors ul { margin: 4px 0 0; padding-left: 18px; }
.errors code { font-size: 0.9em; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 2px 6px; text-align: left; }
th { color: var(--_muted); font-weight: 600; }
.panel { background: var(--_panel); border-radius: 4px; padding: 6px 8px; min-width: 0; overflow-x: auto; }
.red { color: var(--_red-suit); }
.blk { color: var(--_black-suit); }
progress { width: 100%; accent-color: var(--_accent); }
.trick { position: absolute; left: 33.4%; top: 33.4%; width: 33.2%; height: 33.2%; pointer-events: none; }
.trick > span {
  position: absolute; background: var(--_bg); border: 1px solid var(--_border); border-radius: 3px;
  padding: 0 3px; font-weight: 700; font-size: clamp(10px, 3.2cqi, 16px); line-height: 1.3;
}
.trick > [data-seat] { transform: translate(-50%, -50%); }
.trick [data-seat='N'] { left: 50%; top: 24%; }
.trick [data-seat='S'] { left: 50%; top: 76%; }
.trick [data-seat='W'] { left: 27%; top: 50%; }
.trick [data-seat='E'] { left: 73%; top: 50%; }
.trick .won { outline: 2px solid var(--_accent); }
svg .compass > rect:first-child { fill: var(--_panel); }
svg .card.dd-best { fill: var(--_accent); font-weight: 700; text-decoration: underline; }
.graph { position: relative; cursor: pointer; }
.graph .cursor { position: absolute; top: 0; bottom: 0; width: 2px; background: var(--_accent); pointer-events: none; }
.lines td.best, .lines td.played { font-weight: 700; }
.dd-diagram { max-width: 320px; }
ul.cards { display: flex; flex-wrap: wrap; gap: 2px 12px; list-style: none; padding: 0; margin: 4px 0 0; }
ul.cards li.best { font-weight: 700; }
.tag { display: inline-block; border: 1px solid var(--_border); border-radius: 3px; padding: 0 4px; font-size: 0.85em; color: var(--_muted); }
`;

let sheet: CSSStyleSheet | undefined;

/** Puts the shared style sheet into a shadow root (constructed once, adopted by every element). */
export function adoptStyles(root: ShadowRoot): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = CSS;
  root.appendChild(style);
}
