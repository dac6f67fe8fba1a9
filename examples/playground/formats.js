// The formats the playground reads. Each one: `detect(text)`; `parse(text)` → `{ data, problems }`
// with plain data only (it runs in parse-worker.js, and the result crosses postMessage);
// `items(data)` → the games, deals or problems to list; `convert(data, state)` → the writers
// offered for it. Later formats plug in here (BPGN/BFEN with gamenotation/bughouse, AIF with
// gamenotation/aif).
import { Position, parseFen, normalizeFen } from '/dist/chess.js';
import { parsePgn, makePgn } from '/dist/pgn.js';
import { parsePbn, makePbn, pbnGameInfo } from '/dist/bridge.js';
import { parseBpgn, makeBpgn, makeFourColumn, parseBfen, makeBfen, validateBfen, bfenToFens } from '/dist/bughouse.js';
import { parseAif, makeAif } from '/dist/aif.js';
import { parsePbi, makePbi, parseProblemXml, makeProblemXml, pbiToXml, xmlToPbi, pbiToPopeye, xmlToPopeye, deriveTwins, makeStipulation } from '/dist/problems.js';

const FEN_LINE = /^\s*[1-8pnbrqkPNBRQK~]+(\/[1-8pnbrqkPNBRQK~]*){7,8}(\[[^\]]*\])?\s+[wb](\s|$)/;

function errorsOf(list, severity) {
  return (list ?? []).map((e) => ({ severity, code: e.code, message: e.message, line: e.line ?? 1, column: e.column ?? 1 }));
}

function json(value) {
  return JSON.stringify(value, null, 2) + '\n';
}

const pgn = {
  name: 'PGN',
  detect: (text) => /^\s*(\uFEFF)?\s*(\[\w+\s+"|1\.)/.test(text),
  parse(text) {
    const games = parsePgn(text);
    return {
      data: games.map((g) => g.value),
      problems: games.flatMap((g) => [...errorsOf(g.errors, 'error'), ...errorsOf(g.warnings, 'warning')]),
    };
  },
  items: (games) => games.map((game, i) => ({
    label: `${game.headers.White ?? '?'} – ${game.headers.Black ?? '?'} ${game.result ?? ''}`.trim(),
    kind: 'game', game, index: i,
  })),
  convert: (games, state) => ({
    'PGN (export)': () => games.map((g) => makePgn(g)).join(''),
    'FEN (shown position)': () => (state.fen ? state.fen + '\n' : ''),
    JSON: () => json(games),
  }),
};

function fenVariant(line) {
  return /\[|(\/[^ ]*){8}/.test(line.split(' ')[0]) ? 'crazyhouse' : 'chess';
}

const fen = {
  name: 'FEN',
  detect: (text) => FEN_LINE.test(text.trim().split(/\r?\n/)[0] ?? ''),
  parse(text) {
    const line = text.trim().split(/\r?\n/)[0].trim();
    const problems = [];
    const setup = parseFen(line);
    if (!setup.ok) problems.push(...errorsOf([setup.error], 'error'));
    const variant = fenVariant(line);
    let legal = false;
    if (setup.ok) {
      const r = Position.fromFenAll(line, { variant });
      legal = r.ok;
      if (!r.ok) problems.push(...errorsOf(r.error, 'error'));
    }
    return { data: { line, setup: setup.ok ? setup.value : null, variant, legal }, problems };
  },
  items(data) {
    if (!data.setup) return [];
    const position = data.legal ? Position.fromFen(data.line, { variant: data.variant }) : null;
    return [{ label: `${data.variant === 'crazyhouse' ? 'Crazyhouse' : 'Chess'} position`, kind: 'fen', fen: data.line, setup: data.setup, position: position?.ok ? position.value : undefined, legal: !!position?.ok, variant: data.variant }];
  },
  convert: (data) => ({
    'FEN (normalized)': () => {
      const r = normalizeFen(data.line, { variant: data.variant });
      return r.ok ? r.value + '\n' : r.error.map((e) => `${e.code} ${e.message}`).join('\n');
    },
    JSON: () => json(data.setup),
  }),
};

const pbn = {
  name: 'PBN',
  detect: (text) => /^\s*(\uFEFF)?%\s*PBN/.test(text) || /\[Deal\s+"/.test(text),
  parse(text) {
    const r = parsePbn(text);
    return { data: r.value.games, problems: [...errorsOf(r.errors, 'error'), ...errorsOf(r.warnings, 'warning')] };
  },
  items: (games) => games.map((game, i) => {
    const info = pbnGameInfo(game);
    const contract = info.contract ? (typeof info.contract === 'string' ? info.contract : `${info.contract.level}${info.contract.strain}${info.contract.risk}`) : '';
    return { label: `Board ${game.tags.Board?.value ?? i + 1}${contract ? ` · ${contract}${info.declarer ? ` ${info.declarer}` : ''}` : ''}`, kind: 'deal', game, info };
  }),
  convert: (games) => ({
    'PBN (export)': () => makePbn(games),
    'PBN (import form)': () => makePbn(games, { form: 'import' }),
    JSON: () => json(games),
  }),
};

const pbi = {
  name: 'PBI',
  detect: (text) => /^\s*(\uFEFF)?#PBI/.test(text),
  parse(text) {
    const { value: doc, errors, warnings } = parsePbi(text);
    return { data: doc, problems: [...errorsOf(errors, 'error'), ...errorsOf(warnings, 'warning')] };
  },
  items: (doc) => doc.problems.map((problem, i) => ({ label: `${problem.names.join(', ') || 'Anonymous'} ${problem.stipulation}`, kind: 'pbi', problem, index: i })),
  convert: (doc) => ({
    PBI: () => makePbi(doc),
    'Problem XML': () => makeProblemXml(pbiToXml(doc).value),
    Popeye: () => pbiToPopeye(doc).value,
    JSON: () => json(doc),
  }),
};

const xml = {
  name: 'Problem XML',
  detect: (text) => /^\s*(\uFEFF)?<\?xml/.test(text) || /<problems[\s>]/.test(text),
  parse(text) {
    const r = parseProblemXml(text);
    return { data: r.value, problems: [...errorsOf(r.errors, 'error'), ...errorsOf(r.warnings, 'warning')] };
  },
  items: (doc) => (doc?.problems ?? []).map((problem, i) => {
    const twin = deriveTwins(problem)[0]?.value;
    const author = problem.releases[0]?.authors[0]?.name;
    const name = author ? author.transcription ?? [author.givenNames, author.familyName].filter(Boolean).join(' ') : 'Anonymous';
    return { label: `${name} ${twin ? makeStipulation(twin.stipulation) : ''}`, kind: 'xml', problem, index: i };
  }),
  convert: (doc) => (doc ? {
    'Problem XML': () => makeProblemXml(doc),
    PBI: () => makePbi(xmlToPbi(doc).value),
    Popeye: () => xmlToPopeye(doc).value,
    JSON: () => json(doc),
  } : {}),
};

const bpgn = {
  name: 'BPGN',
  detect: (text) => /\[(WhiteA|BlackB)\s+"/.test(text) || /^\s*1[AB]\.\s/m.test(text),
  parse(text) {
    const matches = parseBpgn(text);
    return { data: matches.map((m) => m.value), problems: matches.flatMap((m) => [...errorsOf(m.errors, 'error'), ...errorsOf(m.warnings, 'warning')]) };
  },
  items: (matches) => matches.map((match, i) => {
    const t = match.tags;
    return { label: `${t.WhiteA ?? '?'} & ${t.BlackB ?? '?'} – ${t.BlackA ?? '?'} & ${t.WhiteB ?? '?'} ${match.result}`, kind: 'bughouse', match, index: i, fourColumn: makeFourColumn(match).html };
  }),
  convert: (matches) => ({
    'BPGN (export)': () => makeBpgn(matches),
    'Four-column text': () => matches.map((m) => makeFourColumn(m).text).join('\n'),
    JSON: () => json(matches),
  }),
};

const aif = {
  name: 'AIF',
  detect: (text) => /^\s*(\uFEFF)?;\s*AIF\b/.test(text) || /\[(GID|Turn|MovePlayed)\s+"/.test(text),
  parse(text) {
    const games = parseAif(text);
    return { data: games.map((g) => g.value), problems: games.flatMap((g) => [...errorsOf(g.errors, 'error'), ...errorsOf(g.warnings, 'warning')]) };
  },
  items: (games) => games.map((aifGame, i) => {
    const h = aifGame.headers;
    return { label: `${h.White ?? '?'} – ${h.Black ?? '?'} (${aifGame.blocks.length} turns analysed)`, kind: 'aif', aif: aifGame, game: aifGame.game, index: i };
  }),
  convert: (games) => ({
    AIF: () => makeAif(games),
    'PGN (export)': () => games.filter((g) => g.game).map((g) => makePgn(g.game)).join(''),
    JSON: () => json(games),
  }),
};

const bfen = {
  name: 'BFEN',
  detect: (text) => {
    const line = text.trim().split(/\r?\n/)[0] ?? '';
    return line.includes('|') && /^\s*[1-8pnbrqkPNBRQK~]+\//.test(line);
  },
  parse(text) {
    const line = text.trim().split(/\r?\n/)[0].trim();
    const r = parseBfen(line);
    const problems = r.ok ? errorsOf(validateBfen(r.value).errors, 'error') : errorsOf([r.error], 'error');
    return { data: { line, bfen: r.ok ? r.value : null }, problems };
  },
  items: (data) => (data.bfen ? [{ label: 'Bughouse position (two boards)', kind: 'bfen', bfen: data.bfen }] : []),
  convert: (data) => (data.bfen ? {
    'BFEN (canonical)': () => makeBfen(data.bfen) + '\n',
    'FEN (each board)': () => {
      const f = bfenToFens(data.bfen);
      return `${f.A}\n${f.B}\n`;
    },
    JSON: () => json(data.bfen),
  } : {}),
};

/** In detection order: the most specific first. */
export const FORMATS = [xml, pbi, pbn, aif, bpgn, bfen, fen, pgn];

export function detectFormat(text) {
  return FORMATS.find((f) => f.detect(text));
}

export function formatByName(name) {
  return FORMATS.find((f) => f.name === name);
}
