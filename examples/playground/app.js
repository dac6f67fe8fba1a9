// The gamenotation playground: open, drop or paste a file; the format is detected; errors link to
// the text; pick a game, deal or problem to see its diagram, step through moves, read tags, convert
// to every format the library writes, and run the long jobs in a worker with progress and Cancel.
// Plain ES modules from dist/ (no bundler); fast-xml-parser comes through the import map.
import { Position, parseFen, normalizeFen, makeSan } from '/dist/chess.js';
import { parsePgn, makePgn, startingPosition } from '/dist/pgn.js';
import { parsePbn, makePbn, pbnGameInfo, par, boardConditions, makeDeal } from '/dist/bridge.js';
import { parsePbi, makePbi, parseProblemXml, makeProblemXml, pbiToXml, xmlToPbi, pbiToPopeye, xmlToPopeye, deriveTwins, formatStipulation } from '/dist/problems.js';
import { chessDiagram, gamePosition, pbnDealDiagram, ddTableDiagram, pbiProblemDiagram, problemXmlDiagram } from '/dist/diagram.js';
import { createWorker } from '/dist/worker.js';
import { openEngine } from '/dist/engine.js';

const $ = (id) => document.getElementById(id);
const editor = $('editor');

/** Later formats plug in here: `{ name, detect(text), parse(text) }` (BPGN/BFEN with gamenotation/bughouse, AIF with gamenotation/aif). */
export const FORMATS = [];

const SAMPLES = [
  { label: 'PGN', url: '/data/sample.pgn' },
  { label: 'FEN', text: 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4\n' },
  { label: 'Crazyhouse FEN', text: 'r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R[QNNpp] b KQkq - 0 1\n' },
  { label: 'PBN', url: '/data/sample.pbn' },
  { label: 'PBI', url: '/data/sample.pbi' },
  { label: 'Problem XML', url: '/data/sample-problem.xml' },
  { label: 'Broken PGN', text: '[Event "broken"]\n[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Kxe8 Qd4 *\n\n[Event "second"]\n\n1. d4 d5 2. c4 Qxh9 *\n' },
];

// ------------------------------------------------------------------ formats

const FEN_LINE = /^\s*[1-8pnbrqkPNBRQK~]+(\/[1-8pnbrqkPNBRQK~]*){7,8}(\[[^\]]*\])?\s+[wb](\s|$)/;

function errorsOf(list, severity) {
  return (list ?? []).map((e) => ({ severity, code: e.code, message: e.message, line: e.line ?? 1, column: e.column ?? 1 }));
}

function json(value) {
  return JSON.stringify(value, null, 2) + '\n';
}

function tagsOfPgn(game) {
  return Object.entries(game.headers);
}

const pgn = {
  name: 'PGN',
  detect: (text) => /^\s*(\uFEFF)?\s*(\[\w+\s+"|1\.)/.test(text),
  parse(text) {
    const games = parsePgn(text);
    const problems = games.flatMap((g) => errorsOf(g.errors, 'error'));
    const items = games.map((game, i) => ({
      label: `${game.headers.White ?? '?'} – ${game.headers.Black ?? '?'} ${game.result ?? ''}`.trim(),
      kind: 'game', game, index: i,
    }));
    return {
      items, problems,
      convert: {
        'PGN (export)': () => games.map((g) => makePgn(g)).join(''),
        'FEN (shown position)': () => (state.fen ? state.fen + '\n' : ''),
        JSON: () => json(games),
      },
    };
  },
};

const fen = {
  name: 'FEN',
  detect: (text) => FEN_LINE.test(text.trim().split(/\r?\n/)[0] ?? ''),
  parse(text) {
    const line = text.trim().split(/\r?\n/)[0].trim();
    const problems = [];
    const setup = parseFen(line);
    if (!setup.ok) problems.push(...errorsOf([setup.error], 'error'));
    const variant = /\[|(\/[^ ]*){8}/.test(line.split(' ')[0]) ? 'crazyhouse' : 'chess';
    let position;
    if (setup.ok) {
      const legal = Position.fromFenAll(line, { variant });
      if (legal.ok) position = legal.value;
      else problems.push(...errorsOf(legal.error, 'error'));
    }
    const items = setup.ok ? [{ label: `${variant === 'crazyhouse' ? 'Crazyhouse' : 'Chess'} position`, kind: 'fen', fen: line, setup: setup.value, position, variant }] : [];
    return {
      items, problems,
      convert: {
        'FEN (normalized)': () => {
          const r = normalizeFen(line, { variant });
          return r.ok ? r.value + '\n' : r.error.map((e) => `${e.code} ${e.message}`).join('\n');
        },
        JSON: () => json(setup.ok ? setup.value : setup.error),
      },
    };
  },
};

const pbn = {
  name: 'PBN',
  detect: (text) => /^\s*(\uFEFF)?%\s*PBN/.test(text) || /\[Deal\s+"/.test(text),
  parse(text) {
    const r = parsePbn(text);
    const items = r.games.map((game, i) => {
      const info = pbnGameInfo(game);
      return { label: `Board ${game.tags.Board?.value ?? i + 1}${info.contract ? ` · ${typeof info.contract === 'string' ? info.contract : `${info.contract.level}${info.contract.strain}${info.contract.risk}`}${info.declarer ? ` ${info.declarer}` : ''}` : ''}`, kind: 'deal', game, info };
    });
    return {
      items, problems: [...errorsOf(r.errors, 'error'), ...errorsOf(r.warnings, 'warning')],
      convert: {
        'PBN (export)': () => makePbn(r.games),
        'PBN (import form)': () => makePbn(r.games, { form: 'import' }),
        JSON: () => json(r.games),
      },
    };
  },
};

const pbi = {
  name: 'PBI',
  detect: (text) => /^\s*(\uFEFF)?#PBI/.test(text),
  parse(text) {
    const doc = parsePbi(text);
    const items = doc.problems.map((problem, i) => ({ label: `${problem.names.join(', ') || 'Anonymous'} ${problem.stipulation}`, kind: 'pbi', problem, index: i }));
    return {
      items, problems: [...errorsOf(doc.errors, 'error'), ...errorsOf(doc.warnings, 'warning')],
      convert: {
        PBI: () => makePbi(doc),
        'Problem XML': () => makeProblemXml(pbiToXml(doc).value),
        Popeye: () => pbiToPopeye(doc).value,
        JSON: () => json(doc),
      },
    };
  },
};

const xml = {
  name: 'Problem XML',
  detect: (text) => /^\s*(\uFEFF)?<\?xml/.test(text) || /<problems[\s>]/.test(text),
  parse(text) {
    const r = parseProblemXml(text);
    const doc = r.document;
    const items = (doc?.problems ?? []).map((problem, i) => {
      const twin = deriveTwins(problem)[0];
      const release = problem.releases[0];
      const author = release?.authors[0]?.name;
      const name = author ? author.transcription ?? [author.givenNames, author.familyName].filter(Boolean).join(' ') : 'Anonymous';
      return { label: `${name} ${twin ? formatStipulation(twin.stipulation) : ''}`, kind: 'xml', problem, index: i };
    });
    return {
      items, problems: [...errorsOf(r.errors, 'error'), ...errorsOf(r.warnings, 'warning')],
      convert: doc ? {
        'Problem XML': () => makeProblemXml(doc),
        PBI: () => makePbi(xmlToPbi(doc).value),
        Popeye: () => xmlToPopeye(doc).value,
        JSON: () => json(doc),
      } : {},
    };
  },
};

FORMATS.push(xml, pbi, pbn, fen, pgn);

export function detectFormat(text) {
  return FORMATS.find((f) => f.detect(text));
}

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
  $('items-title').textContent = `${items.length} ${items[0]?.kind === 'game' ? 'game' : items[0]?.kind === 'deal' ? 'deal' : items[0]?.kind === 'fen' ? 'position' : 'problem'}${items.length === 1 ? '' : 's'}`;
  items.slice(0, 2000).forEach((item, i) => {
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

function showSvg(result) {
  const box = $('diagram');
  if (typeof result === 'string') box.innerHTML = result;
  else if (result.ok) box.innerHTML = result.value;
  else box.textContent = `${result.error.code} ${result.error.message}`;
}

function setTools(kind) {
  for (const el of document.querySelectorAll('.tool')) el.hidden = !kind.split(' ').includes(el.dataset.for);
}

function select(i) {
  state.selected = i;
  [...$('items').children].forEach((li, j) => li.classList.toggle('selected', j === i));
  const item = state.parsed?.items[i];
  $('moves').replaceChildren();
  $('fen').textContent = '';
  $('ply').textContent = '-';
  state.plies = 0;
  state.fen = undefined;
  $('stepper').hidden = item?.kind !== 'game';
  if (!item) {
    $('diagram').replaceChildren();
    renderTags([]);
    setTools('none');
    return;
  }
  if (item.kind === 'game') {
    renderTags(tagsOfPgn(item.game));
    state.plies = item.game.moves.findIndex((n) => !n.move);
    if (state.plies < 0) state.plies = item.game.moves.length;
    renderMoves(item.game);
    setTools('chess');
    step(state.plies);
  } else if (item.kind === 'fen') {
    renderTags([['Variant', item.variant], ['Turn', item.setup.turn], ['Legal', item.position ? 'yes' : 'no']]);
    state.fen = item.fen;
    $('fen').textContent = item.fen;
    showSvg(chessDiagram(item.position ?? item.setup, {}));
    setTools(item.position ? 'chess' : 'none');
  } else if (item.kind === 'deal') {
    renderTags(Object.entries(item.game.tags).map(([k, t]) => [k, t.value]));
    showSvg(pbnDealDiagram(item.game));
    setTools(item.info.deal ? 'deal' : 'none');
  } else if (item.kind === 'pbi') {
    const p = item.problem;
    renderTags([['Authors', p.names.join(', ')], ['Stipulation', p.stipulation], ['Source', p.usedSource ? Object.values(p.usedSource).filter(Boolean).join(' | ') : ''], ['Key', p.keymove], ['Status', p.status], ['Position', p.position]]);
    showSvg(pbiProblemDiagram(p));
    setTools(p.board ? 'problem' : 'none');
  } else if (item.kind === 'xml') {
    const twins = deriveTwins(item.problem);
    renderTags(twins.map((t) => [`Twin ${t.twinId}`, formatStipulation(t.stipulation)]).concat([['Themes', item.problem.themes.join(', ')]]));
    showSvg(problemXmlDiagram(item.problem));
    setTools(twins.length ? 'problem' : 'none');
  }
  if ($('convert-to').value === 'SVG diagram') convertNow();
}

function renderMoves(game) {
  const box = $('moves');
  const start = startingPosition(game.headers);
  const black = start.ok && start.value.turn === 'black';
  let number = start.ok ? Number(start.value.fen().split(' ')[5]) || 1 : 1;
  game.moves.forEach((node, i) => {
    const white = (i % 2 === 0) !== black;
    if (white || i === 0) box.append(`${number}${white ? '.' : '...'} `);
    const span = document.createElement('span');
    span.textContent = node.san;
    span.dataset.ply = String(i + 1);
    span.addEventListener('click', () => step(i + 1));
    box.append(span, ' ');
    if (!white) number++;
  });
}

function step(ply) {
  const item = state.parsed?.items[state.selected];
  if (!item || item.kind !== 'game') return;
  const target = Math.max(0, Math.min(state.plies, ply));
  const at = gamePosition(item.game, target);
  if (!at.ok) {
    showSvg(at);
    return;
  }
  state.ply = at.value.ply;
  state.fen = at.value.fen;
  $('fen').textContent = at.value.fen;
  $('ply').textContent = `${at.value.ply} / ${state.plies}`;
  showSvg(chessDiagram(at.value.position, { lastMove: at.value.lastMove, shapes: at.value.shapes, title: `${item.label}, ply ${at.value.ply}` }));
  for (const span of $('moves').querySelectorAll('span')) span.classList.toggle('current', Number(span.dataset.ply) === state.ply);
  if ($('convert-to').value === 'SVG diagram' || $('convert-to').value === 'FEN (shown position)') convertNow();
}

function renderConvert() {
  const select = $('convert-to');
  const previous = select.value;
  select.replaceChildren();
  for (const name of [...Object.keys(state.parsed?.convert ?? {}), ...(state.parsed?.items.length ? ['SVG diagram'] : [])]) {
    const option = document.createElement('option');
    option.textContent = name;
    select.append(option);
  }
  if ([...select.options].some((o) => o.value === previous)) select.value = previous;
  convertNow();
}

/** Every input can also be written as the SVG of the diagram on show. */
function shownSvg() {
  return ($('diagram').querySelector('svg')?.outerHTML ?? '') + '\n';
}

function convertNow() {
  const name = $('convert-to').value;
  const fn = name === 'SVG diagram' ? shownSvg : state.parsed?.convert?.[name];
  try {
    $('convert-out').value = fn ? fn() : '';
  } catch (e) {
    $('convert-out').value = `error: ${e.message}`;
  }
}

function load(text) {
  const format = detectFormat(text);
  state.format = format;
  $('format').textContent = format ? format.name : text.trim() ? 'unknown format' : 'no input';
  try {
    state.parsed = format ? format.parse(text) : { items: [], problems: text.trim() ? [{ severity: 'error', code: 'ERR_FORMAT', message: 'cannot tell the format', line: 1, column: 1 }] : [], convert: {} };
  } catch (e) {
    state.parsed = { items: [], problems: [{ severity: 'error', code: 'ERR_INTERNAL', message: String(e.message), line: 1, column: 1 }], convert: {} };
  }
  state.lastText = text;
  if (!running) {
    $('job-result').textContent = '';
    delete $('job-result').dataset.state;
  }
  renderProblems(state.parsed.problems);
  renderItems();
  select(state.parsed.items.length ? 0 : -1);
  renderConvert();
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

$('first').addEventListener('click', () => step(0));
$('prev').addEventListener('click', () => step(state.ply - 1));
$('next').addEventListener('click', () => step(state.ply + 1));
$('last').addEventListener('click', () => step(state.plies));
document.addEventListener('keydown', (e) => {
  const tag = document.activeElement?.tagName;
  if (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT') return;
  const moves = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: state.plies };
  if (e.key in moves) {
    e.preventDefault();
    step(moves[e.key]);
  } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
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
  const url = URL.createObjectURL(new Blob([$('convert-out').value], { type: 'text/plain' }));
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
  const item = state.parsed?.items[state.selected];
  const variant = item?.variant ?? (item?.kind === 'game' && /crazyhouse|zh/i.test(item.game.headers.Variant ?? '') ? 'crazyhouse' : 'chess');
  runJob(`perft ${depth}`, async (signal, onProgress) => {
    const r = await getWorker().perft(fenText, depth, { variant, signal, onProgress });
    return `${r.nodes.toLocaleString('en')} nodes`;
  });
});

$('run-dd').addEventListener('click', () => {
  const item = state.parsed?.items[state.selected];
  if (item?.kind !== 'deal' || !item.info.deal) return;
  const conditions = boardConditions(item.info.board ?? 1);
  const dealer = item.info.dealer ?? conditions.dealer;
  const vulnerability = item.info.vulnerable ?? conditions.vulnerability;
  runJob('double dummy', async (signal, onProgress) => {
    const [table] = await getWorker().calcDDTables([makeDeal(item.info.deal)], { signal, onProgress });
    if (!table.ok) throw Object.assign(new Error(table.error.message), { code: table.error.code });
    const p = par(table.value, { dealer, vulnerability });
    const box = $('diagram');
    const existing = box.querySelector('svg.gn-dd-table');
    existing?.remove();
    box.insertAdjacentHTML('beforeend', ddTableDiagram(table.value, { par: p }));
    return p.dealerText;
  });
});

// The problem solver runs in a module worker of its own (solver-worker.js) until the worker API's
// job registry has a solve job; Cancel terminates it at once.
let solver;
$('run-solve').addEventListener('click', () => {
  const item = state.parsed?.items[state.selected];
  if (item?.kind !== 'pbi' && item?.kind !== 'xml') return;
  runJob('solve', (signal, onProgress) => new Promise((resolve, reject) => {
    solver ??= new Worker(new URL('./solver-worker.js', import.meta.url), { type: 'module' });
    const worker = solver;
    const drop = () => {
      worker.terminate();
      if (solver === worker) solver = undefined;
    };
    const onAbort = () => {
      drop();
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    worker.onerror = (e) => {
      signal.removeEventListener('abort', onAbort);
      drop();
      reject(Object.assign(new Error(e.message || 'the solver worker failed'), { code: 'ERR_SOLVE_WORKER' }));
    };
    worker.onmessage = (e) => {
      const { progress, result } = e.data;
      if (progress) {
        const parts = Math.max(1, progress.parts);
        const within = progress.total ? progress.done / progress.total : 0;
        onProgress({ done: Math.min(parts, progress.part + within), total: parts }); // part counts from 0
        return;
      }
      signal.removeEventListener('abort', onAbort);
      if (!result.ok) return reject(Object.assign(new Error(result.error.message), { code: result.error.code }));
      resolve(result.value.parts.map((part) => `${part.twin ? `${part.twin}) ` : ''}${part.stipulation} status ${part.status || '(none)'}${part.shortSolution ? ', shorter solution' : ''}\n${part.text}`).join('\n'));
    };
    worker.postMessage({ input: item.problem, options: { maxSolutions: 20 } });
  }));
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

// Later jobs of the worker's registry join the same way: a button in #extra-tools calling
// getWorker().run('<job>', input, { signal, onProgress }) through runJob.

setTools('none');
const initial = new URL(location.href).searchParams.get('sample');
if (initial) SAMPLES.find((s) => s.label === initial) && document.querySelector(`[data-sample="${initial}"]`)?.click();
