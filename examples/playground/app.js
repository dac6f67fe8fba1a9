// The gamenotation playground: open, drop or paste a file; the format is detected; errors link to
// the text; pick a game, deal or problem to see it in its element of gamenotation/elements (<gn-game>,
// <gn-match>, <gn-deal>, <gn-problem>, <gn-analysis>: board, stepping, DD, solving), read tags,
// convert to every format the library writes, and run the long jobs in a worker with progress and
// Cancel. Plain ES modules from dist/ (no bundler, no import map).
import '/dist/elements.js';
import { makePgn } from '/dist/pgn.js';
import { makePbn } from '/dist/bridge.js';
import { deriveTwins, makeStipulation } from '/dist/problems.js';
import { makeBpgn, makeBfen } from '/dist/bughouse.js';
import { FORMATS, formatByName } from './formats.js';
import { aifEvalGraph } from '/dist/diagram.js';
import { createWorker } from '/dist/worker.js';
import { openEngine } from '/dist/engine.js';
import { parseAif, makeAif } from '/dist/aif.js';

const $ = (id) => document.getElementById(id);
const editor = $('editor');

export { FORMATS };

const SAMPLES = [
  { label: 'PGN', url: '/data/sample.pgn' },
  { label: 'FEN', text: 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4\n' },
  { label: 'Crazyhouse FEN', text: 'r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R[QNNpp] b KQkq - 0 1\n' },
  { label: 'PBN', url: '/data/sample.pbn' },
  { label: 'PBI', url: '/data/sample.pbi' },
  { label: 'Problem XML', url: '/data/sample-problem.xml' },
  { label: 'BPGN', url: '/samples/capture.bpgn' },
  { label: 'BFEN', text: 'rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 174 175 | rnbqkb1r/pppppppp/5n2/8/2PPp3/8/PP2PPPP/RNBQKBNR/P w KQkq - 176.8 172.1\n' },
  { label: 'AIF', url: '/samples/fools-mate.aif' },
  { label: 'Broken PGN', text: '[Event "broken"]\n[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Kxe8 Qd4 *\n\n[Event "second"]\n\n1. d4 d5 2. c4 Qxh9 *\n' },
];

// ------------------------------------------------------------------ state and rendering

const state = { format: undefined, parsed: undefined, selected: -1, ply: 0, plies: 0, fen: undefined };
window.playground = state;

function renderProblems(problems) {
  const list = $('problems');
  list.replaceChildren();
  $('problem-count').textContent = problems.length ? `(${problems.length})` : '';
  for (const p of problems.slice(0, 500)) {
    const li = document.createElement('li');
    li.className = p.severity;
    li.dataset.line = p.line;
    li.dataset.column = p.column;
    li.textContent = `${p.line}:${p.column} ${p.code} ${p.message}`;
    li.addEventListener('click', () => goToText(p.line, p.column));
    list.append(li);
  }
}

/** Puts the editor's cursor at line:column (1-based) and scrolls it into view. */
function goToText(line, column) {
  const lines = editor.value.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, Math.min(column - 1, (lines[line - 1] ?? '').length));
  editor.focus();
  editor.setSelectionRange(offset, offset);
  const lineHeight = parseFloat(getComputedStyle(editor).lineHeight) || 16;
  editor.scrollTop = Math.max(0, (line - 3) * lineHeight);
}

function renderItems() {
  const list = $('items');
  list.replaceChildren();
  const items = state.parsed?.items ?? [];
  $('items-title').textContent = `${items.length} ${({ game: 'game', aif: 'game', bughouse: 'match', deal: 'deal', fen: 'position', bfen: 'position' })[items[0]?.kind] ?? 'problem'}${items.length === 1 ? '' : 's'}`;
  items.slice(0, 5000).forEach((item, i) => {
    const li = document.createElement('li');
    li.textContent = item.label;
    li.addEventListener('click', () => select(i));
    list.append(li);
  });
}

function renderTags(rows) {
  const table = $('tags');
  table.replaceChildren();
  for (const [name, value] of rows) {
    const tr = document.createElement('tr');
    const a = document.createElement('td');
    const b = document.createElement('td');
    a.textContent = name;
    b.textContent = value;
    tr.append(a, b);
    table.append(tr);
  }
}

/** The element on show in #viewer (one of gamenotation/elements), or null. */
function viewer() {
  return $('viewer').firstElementChild;
}

/**
 * Puts an element into #viewer with its input. The playground lists the errors itself (with links
 * into the text), so the element's own error box is hidden (style.css: `::part(errors)`).
 */
function show(tag, property, text, attributes = {}) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.id = 'element';
  el.addEventListener('gn-ply', (e) => shownPosition(e.detail));
  el.addEventListener('gn-load', () => shownPosition());
  $('viewer').replaceChildren(el);
  el[property] = text;
  return el;
}

/** The position on show, for perft, the engine and the FEN/SVG conversions. */
function shownPosition(detail) {
  const el = viewer();
  const fen = detail?.fen ?? (typeof el?.fen === 'string' ? el.fen : undefined);
  state.fen = fen || undefined;
  state.ply = detail?.ply ?? el?.ply ?? 0;
  $('fen').textContent = detail?.fens ? `A: ${detail.fens.A}  B: ${detail.fens.B}` : (el?.fens ? `A: ${el.fens.A}  B: ${el.fens.B}` : (fen ?? ''));
  if (['SVG diagram', 'FEN (shown position)'].includes($('convert-to').value)) convertNow();
}

function setTools(kind) {
  for (const el of document.querySelectorAll('.tool')) el.hidden = !kind.split(' ').includes(el.dataset.for);
}

async function select(i) {
  state.selected = i;
  [...$('items').children].forEach((li, j) => li.classList.toggle('selected', j === i));
  let item = null;
  if (i >= 0) {
    const reply = await request({ type: 'item', index: i });
    if (state.selected !== i) return; // another item was picked meanwhile
    item = reply.item ?? null;
    if (item) item.label = state.parsed.items[i].label;
  }
  state.item = item;
  $('fen').textContent = '';
  state.fen = undefined;
  if (!item) {
    $('viewer').replaceChildren();
    renderTags([]);
    setTools('none');
    return;
  }
  if (item.kind === 'bughouse') {
    renderTags(Object.entries(item.match.tags));
    show('gn-match', 'bpgn', makeBpgn(item.match), { ply: 'last' });
    setTools('none');
  } else if (item.kind === 'bfen') {
    renderTags([['Board A to move', item.bfen.A.setup.turn], ['Board B to move', item.bfen.B.setup.turn]]);
    // A BFEN is the starting position of a match without moves.
    const bfen = makeBfen(item.bfen);
    show('gn-match', 'bpgn', makeBpgn({ tags: { SetUp: '1', FEN: bfen }, moves: [], result: '*', comments: [], termination: 'unknown', startBfen: bfen }));
    setTools('none');
  } else if (item.kind === 'aif' && !item.game) {
    renderTags(Object.entries(item.aif.headers));
    $('viewer').innerHTML = aifEvalGraph(item.aif);
    setTools('none');
  } else if (item.kind === 'aif') {
    renderTags(Object.entries(item.aif.headers));
    show('gn-analysis', 'aif', makeAif([item.aif]), { ply: 'last' });
    setTools('chess');
  } else if (item.kind === 'game') {
    renderTags(Object.entries(item.game.headers));
    show('gn-game', 'pgn', makePgn(item.game), { ply: 'last' });
    setTools('chess pgn');
  } else if (item.kind === 'fen') {
    renderTags([['Variant', item.variant], ['Turn', item.setup.turn], ['Legal', item.legal ? 'yes' : 'no']]);
    show('gn-game', 'pgn', `${item.fen}\n`);
    setTools(item.legal ? 'chess' : 'none');
  } else if (item.kind === 'deal') {
    renderTags(Object.entries(item.game.tags).map(([k, t]) => [k, t.value]));
    show('gn-deal', 'pbn', makePbn([item.game], { form: 'import' }));
    setTools(item.info.deal ? 'deal' : 'none');
  } else if (item.kind === 'pbi') {
    const p = item.problem;
    renderTags([['Authors', p.names.join(', ')], ['Stipulation', p.stipulation], ['Source', p.usedSource ? Object.values(p.usedSource).filter(Boolean).join(' | ') : ''], ['Key', p.keymove], ['Status', p.status], ['Position', p.position]]);
    show('gn-problem', 'problem', state.text, { index: String(i) });
    setTools(p.board ? 'problem' : 'none');
  } else if (item.kind === 'xml') {
    const twins = deriveTwins(item.problem).map((t) => t.value);
    renderTags(twins.map((t) => [`Twin ${t.twinId}`, makeStipulation(t.stipulation)]).concat([['Themes', item.problem.themes.join(', ')]]));
    show('gn-problem', 'problem', state.text, { index: String(i) });
    setTools(twins.length ? 'problem' : 'none');
  }
  if ($('convert-to').value === 'SVG diagram') await convertNow();
}

async function renderConvert() {
  const select = $('convert-to');
  const previous = select.value;
  select.replaceChildren();
  for (const name of [...(state.parsed?.convertNames ?? []), ...(state.parsed?.items.length ? ['SVG diagram'] : [])]) {
    const option = document.createElement('option');
    option.textContent = name;
    select.append(option);
  }
  if ([...select.options].some((o) => o.value === previous)) select.value = previous;
  await convertNow();
}

/** Every input can also be written as the SVG of the diagram on show (from the element's shadow root). */
function shownSvg() {
  const el = viewer();
  const svg = el?.shadowRoot ? el.shadowRoot.querySelector('[part="board"] svg') : el?.closest?.('#viewer') && $('viewer').querySelector('svg');
  return (svg?.outerHTML ?? '') + '\n';
}

let convertId = 0;

/** Conversions run in the reader worker, which holds the model; only the text comes back. */
async function convertNow() {
  const name = $('convert-to').value;
  const id = ++convertId;
  let text;
  if (!name) text = '';
  else if (name === 'SVG diagram') text = shownSvg();
  else {
    const reply = await request({ type: 'convert', name, fen: state.fen });
    text = reply.error ? `error: ${reply.error}` : reply.text;
  }
  if (id !== convertId) return;
  // A huge text area takes the page's thread for seconds to lay out: show the start, download all.
  state.converted = text;
  $('convert-out').value = text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}\n… ${(text.length - SHOWN_CHARS).toLocaleString('en')} more characters: Download gives all of it\n` : text;
}

const SHOWN_CHARS = 30_000;

// The reader worker (parse-worker.js) parses the text and keeps the model; a newer text terminates
// a parse still running (a large file cannot be interrupted otherwise), and only the latest result
// is shown.
let reader;
let requestId = 0;
let parsing = 0;
const pending = new Map();

function readerWorker() {
  if (reader) return reader;
  const worker = new Worker(new URL('./parse-worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = (event) => {
    const resolve = pending.get(event.data.id);
    pending.delete(event.data.id);
    if (event.data.id === parsing) parsing = 0;
    resolve?.(event.data);
  };
  worker.onerror = (event) => dropReader(event.message || 'the reader worker failed');
  reader = worker;
  return worker;
}

function dropReader(error) {
  reader?.terminate();
  reader = undefined;
  parsing = 0;
  for (const [id, resolve] of pending) resolve({ id, error });
  pending.clear();
}

function request(message) {
  const id = ++requestId;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    readerWorker().postMessage({ ...message, id });
    if (message.type === 'parse') parsing = id;
  });
}

const internal = (message) => ({ severity: 'error', code: 'ERR_INTERNAL', message, line: 1, column: 1 });
let loadId = 0;

async function load(text) {
  const id = ++loadId;
  if (parsing) dropReader('replaced by a newer text');
  $('format').textContent = 'reading…';
  const reply = await request({ type: 'parse', text });
  if (id !== loadId) return; // a newer text is being read
  const format = reply.name ? formatByName(reply.name) : undefined;
  state.format = format;
  state.text = text;
  $('format').textContent = format ? format.name : text.trim() ? 'unknown format' : 'no input';
  if (reply.error) state.parsed = { items: [], problems: [internal(reply.error)], convertNames: [] };
  else if (!format) state.parsed = { items: [], problems: text.trim() ? [{ severity: 'error', code: 'ERR_FORMAT', message: 'cannot tell the format', line: 1, column: 1 }] : [], convertNames: [] };
  else state.parsed = { items: reply.items, problems: reply.problems, convertNames: reply.convertNames, readMs: reply.ms };
  if (!running) {
    $('job-result').textContent = '';
    delete $('job-result').dataset.state;
  }
  renderProblems(state.parsed.problems);
  renderItems();
  await select(state.parsed.items.length ? 0 : -1);
  if (id !== loadId) return;
  await renderConvert();
  state.lastText = text;
}

/** Sets the editor's text (as an open, a drop or a paste does) and reads it. */
export function setText(text) {
  editor.value = text;
  load(text);
}
window.setText = setText;

// Typing re-reads the text after a pause, so keystrokes are never held up by parsing.
let timer;
editor.addEventListener('input', () => {
  clearTimeout(timer);
  timer = setTimeout(() => load(editor.value), 300);
});

$('file').addEventListener('change', async (e) => {
  const file = e.target.files?.[0];
  if (file) setText(await readFileText(file));
});

async function readFileText(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

document.addEventListener('dragover', (e) => e.preventDefault());
document.addEventListener('drop', async (e) => {
  e.preventDefault();
  const file = e.dataTransfer?.files?.[0];
  if (file) setText(await readFileText(file));
  else if (e.dataTransfer?.getData('text')) setText(e.dataTransfer.getData('text'));
});

for (const sample of SAMPLES) {
  const button = document.createElement('button');
  button.textContent = sample.label;
  button.dataset.sample = sample.label;
  button.addEventListener('click', async () => setText(sample.text ?? (await (await fetch(sample.url)).text())));
  $('samples').append(button);
}

// ArrowUp/ArrowDown pick the previous/next item, unless an element has the focus (it steps itself).
document.addEventListener('keydown', (e) => {
  const active = document.activeElement;
  const tag = active?.tagName;
  if (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT' || tag?.startsWith('GN-')) return;
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    const n = state.parsed?.items.length ?? 0;
    if (!n) return;
    e.preventDefault();
    select(Math.max(0, Math.min(n - 1, state.selected + (e.key === 'ArrowDown' ? 1 : -1))));
  }
});

$('convert-to').addEventListener('change', convertNow);
$('download').addEventListener('click', () => {
  const name = $('convert-to').value;
  const ext = { 'PGN (export)': 'pgn', 'FEN (normalized)': 'fen', 'PBN (export)': 'pbn', 'PBN (import form)': 'pbn', PBI: 'pbi', 'Problem XML': 'xml', Popeye: 'txt', JSON: 'json', 'SVG diagram': 'svg', 'FEN (shown position)': 'fen' }[name] ?? 'txt';
  const url = URL.createObjectURL(new Blob([state.converted ?? ''], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `converted.${ext}`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
});

// ------------------------------------------------------------------ worker jobs

let worker;
let running;

function getWorker() {
  worker ??= createWorker();
  return worker;
}

/** Runs one job with the progress bar and the Cancel button; the page stays interactive meanwhile. */
async function runJob(label, start) {
  if (running) running.abort();
  const controller = new AbortController();
  running = controller;
  const bar = $('progress');
  bar.removeAttribute('value');
  $('cancel').disabled = false;
  $('job-result').textContent = `${label}…`;
  $('job-result').dataset.state = 'running';
  const t0 = performance.now();
  try {
    const text = await start(controller.signal, (p) => {
      if (p.total) bar.value = p.done / p.total;
    });
    const stopped = controller.signal.aborted;
    $('job-result').textContent = `${label}: ${stopped ? 'stopped, ' : ''}${text} (${Math.round(performance.now() - t0)} ms)`;
    $('job-result').dataset.state = stopped ? 'cancelled' : 'done';
  } catch (e) {
    const cancelled = controller.signal.aborted;
    $('job-result').textContent = cancelled ? `${label}: cancelled` : `${label}: ${e.code ?? e.name} ${e.message}`;
    $('job-result').dataset.state = cancelled ? 'cancelled' : 'failed';
  } finally {
    if (running === controller) {
      running = undefined;
      $('cancel').disabled = true;
      bar.value = 0;
    }
  }
}

$('cancel').addEventListener('click', () => running?.abort());

$('run-perft').addEventListener('click', () => {
  const fenText = state.fen;
  if (!fenText) return;
  const depth = Number($('perft-depth').value) || 1;
  const item = state.item;
  const variant = item?.variant ?? (item?.kind === 'game' && /crazyhouse|zh/i.test(item.game.headers.Variant ?? '') ? 'crazyhouse' : 'chess');
  runJob(`perft ${depth}`, async (signal, onProgress) => {
    const r = await getWorker().perft(fenText, depth, { variant, signal, onProgress });
    return `${r.nodes.toLocaleString('en')} nodes`;
  });
});

// Double dummy: <gn-deal>'s `dd` attribute; the element computes the table, par and card scores in
// its worker and says so with gn-dd.
$('run-dd').addEventListener('click', () => {
  const el = viewer();
  if (el?.tagName !== 'GN-DEAL') return;
  runJob('double dummy', (signal) => new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')), { once: true });
    el.addEventListener('gn-dd', (e) => resolve(e.detail.par.dealerText), { once: true });
    if (el.ddTable) el.removeAttribute('dd');
    el.setAttribute('dd', '');
  }));
});

// The problem solver: <gn-problem>.solve() runs the worker's solveProblem job (the element shows
// its progress and the solution tree); Cancel here cancels it there.
$('run-solve').addEventListener('click', () => {
  const el = viewer();
  if (el?.tagName !== 'GN-PROBLEM') return;
  runJob('solve', async (signal) => {
    signal.addEventListener('abort', () => el.cancel(), { once: true });
    const [solved] = await el.solve();
    const status = el.shadowRoot.querySelector('.solve-status')?.textContent ?? '';
    const moves = [...el.shadowRoot.querySelectorAll('.solution .part')].map((part) => part.textContent.trim()).join('\n');
    return `${solved.stipulation} status ${solved.parts.map((p) => p.status || '(none)').join(', ')}\n${status}\n${moves}`;
  });
});

// Engine analysis: gamenotation/engine with the stockfish package's lite-single build, which runs
// in a Web Worker of its own (the server serves it from node_modules when it is installed).
let engine;
$('run-engine').addEventListener('click', () => {
  const fenText = state.fen;
  if (!fenText) return;
  const depth = Number($('engine-depth').value) || 12;
  runJob(`engine depth ${depth}`, async (signal, onProgress) => {
    engine ??= openEngine({ kind: 'stockfish', path: '/engines/stockfish/stockfish-19-lite-single.js' }).catch((e) => {
      engine = undefined;
      throw e;
    });
    const uci = await engine;
    let reached = 0;
    const r = await uci.analyse(fenText, { depth }, {
      signal,
      onInfo: (info) => {
        if (info.depth && info.depth > reached) {
          reached = info.depth;
          onProgress({ done: Math.min(reached, depth), total: depth });
        }
      },
    });
    const line = r.lines[0];
    return `best ${r.bestmove ?? '-'}${line ? `, ${line.score.toString()} at depth ${line.depth}, pv ${line.pv.slice(0, 8).join(' ')}` : ''}${r.stopped ? ' (stopped)' : ''}`;
  });
});

// Analyse to AIF: the worker registry's analyseAif job over every game of the pasted PGN. The engine
// is opened inside the job's worker: stockfish.wasm (threads) on a cross-origin-isolated page, else
// the lite-single build (openEngine falls back by itself). A worker created from a blob: URL cannot
// resolve a path against its own address, so the engine files are given as absolute URLs.
state.aif = undefined;
$('run-aif').addEventListener('click', () => {
  if (state.format?.name !== 'PGN' || !state.lastText) return;
  const pgn = state.lastText;
  const depth = Number($('aif-depth').value) || 8;
  const engine = {
    kind: 'stockfish.wasm',
    path: new URL('/engines/stockfish.wasm/stockfish.js', location.href).href,
    fallbackUrl: new URL('/engines/stockfish/stockfish-19-lite-single.js', location.href).href,
  };
  runJob(`AIF depth ${depth}`, async (signal, onProgress) => {
    let shown = 0;
    const r = await getWorker().run('analyseAif', { pgn, engine, options: { depth } }, {
      signal,
      onProgress: (p) => {
        shown = p.done;
        onProgress(p);
        $('job-result').textContent = `AIF depth ${depth}: ${p.done} / ${p.total} plies…`;
      },
    });
    showAif(r.text);
    const games = parseAif(r.text);
    return `${r.games} game${r.games === 1 ? '' : 's'}, ${games.reduce((n, g) => n + g.value.blocks.length, 0)} turns analysed${r.errors.length ? `, ${r.errors.length} PGN errors` : ''} (${shown} plies reported)`;
  });
});

function showAif(text) {
  state.aif = text;
  $('aif-box').hidden = false;
  $('aif-out').value = text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}\n… Download AIF gives all of it\n` : text;
  // The evaluation graph of the first game (gamenotation/diagram).
  const [first] = parseAif(text);
  $('aif-graph').innerHTML = first ? aifEvalGraph(first.value, { size: 380 }) : '';
}

$('aif-download').addEventListener('click', () => {
  if (!state.aif) return;
  const url = URL.createObjectURL(new Blob([state.aif], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'analysis.aif';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
});

// Later jobs of the worker's registry join the same way: a button in #extra-tools calling
// getWorker().run('<job>', input, { signal, onProgress }) through runJob.

setTools('none');
const initial = new URL(location.href).searchParams.get('sample');
if (initial) SAMPLES.find((s) => s.label === initial) && document.querySelector(`[data-sample="${initial}"]`)?.click();
