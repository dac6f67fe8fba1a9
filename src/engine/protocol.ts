// UCI text ↔ typed values: the info and option lines engines send, the go command we send.
import { EngineError, engineWarning, type EngineWarning } from './errors.js';
import type { ScoreValue } from './score.js';
import type { EngineInfo } from './uci.js';

/** A score that is only a bound (`lowerbound` / `upperbound`). */
export type Bound = 'lower' | 'upper';

/** One `info` line as sent: the score still relative and unturned, the PV not yet checked. */
export type Info = Omit<EngineInfo, 'score' | 'pvSan'> & { score?: ScoreValue };

const INT_FIELDS = new Set([
  'depth',
  'seldepth',
  'multipv',
  'nodes',
  'nps',
  'hashfull',
  'tbhits',
  'sbhits',
  'time',
  'cpuload',
  'currmovenumber',
]);
const KEYWORDS = new Set([
  ...INT_FIELDS,
  'score',
  'pv',
  'refutation',
  'currline',
  'currmove',
  'wdl',
  'string',
  'lowerbound',
  'upperbound',
  'cp',
  'mate',
]);
/** A move in long algebraic notation, drops (`N@f3`) and boards up to 10 ranks (Fairy variants) included. */
const MOVE = /^(?:[a-l](?:10|[1-9])[a-l](?:10|[1-9])[a-z+]?|[A-Z]@[a-l](?:10|[1-9])|0000|@@@@)$/;

/** True for a move token in long algebraic notation (drops and null moves included). */
export function isUciMove(token: string): boolean {
  return MOVE.test(token);
}

/** An integer token that a number holds exactly (a longer one is garbage, not a count). */
function int(token: string | undefined): number | undefined {
  if (token === undefined || !/^-?\d{1,16}$/.test(token)) return undefined;
  const n = Number(token);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Parses the text after `info`; problems go to `onWarning` (the fields read so far are kept). */
export function parseInfo(text: string, onWarning?: (warning: EngineWarning) => void): Info {
  const t = text.trim().split(/\s+/);
  const info: Info = {};
  // The start of the line, cut once: a long line full of bad tokens must not be copied per warning.
  let shown: string | undefined;
  const warn = (message: string): void => {
    if (onWarning) onWarning(engineWarning('ERR_ENGINE_INFO', message, (shown ??= `info ${text.slice(0, 300)}`)));
  };
  let i = t[0] === 'info' ? 1 : 0;
  /** After a bad value: skip to the next field name. */
  const skip = (): void => {
    while (i < t.length && !KEYWORDS.has(t[i])) i++;
  };
  while (i < t.length) {
    const key = t[i++];
    if (key === '') continue;
    if (INT_FIELDS.has(key)) {
      const v = int(t[i]);
      if (v === undefined) {
        warn(`${key} needs an integer, got ${t[i] ?? 'nothing'}`);
        skip();
        continue;
      }
      (info as Record<string, number>)[key] = v;
      i++;
    } else if (key === 'score') {
      const kind = t[i],
        v = int(t[i + 1]);
      if ((kind !== 'cp' && kind !== 'mate') || v === undefined) {
        warn(`bad score '${t.slice(i, i + 2).join(' ')}'`);
        skip();
        continue;
      }
      info.score = kind === 'cp' ? { cp: v } : { mate: v };
      i += 2;
      if (t[i] === 'lowerbound' || t[i] === 'upperbound') info.bound = t[i++] === 'lowerbound' ? 'lower' : 'upper';
    } else if (key === 'lowerbound' || key === 'upperbound') {
      info.bound = key === 'lowerbound' ? 'lower' : 'upper';
    } else if (key === 'pv' || key === 'refutation') {
      const moves: string[] = [];
      while (i < t.length && !KEYWORDS.has(t[i])) {
        if (!MOVE.test(t[i])) warn(`'${t[i]}' in ${key} is not a move`);
        else moves.push(t[i]);
        i++;
      }
      info[key] = moves;
    } else if (key === 'currline') {
      let cpu = 1;
      if (int(t[i]) !== undefined) cpu = int(t[i++])!;
      const moves: string[] = [];
      while (i < t.length && MOVE.test(t[i])) moves.push(t[i++]);
      info.currline = { cpu, moves };
    } else if (key === 'currmove') {
      if (t[i] === undefined || !MOVE.test(t[i])) {
        warn(`currmove '${t[i] ?? ''}' is not a move`);
        continue;
      }
      info.currmove = t[i++];
    } else if (key === 'wdl') {
      const w = int(t[i]),
        d = int(t[i + 1]),
        l = int(t[i + 2]);
      if (w === undefined || d === undefined || l === undefined) {
        warn('wdl needs three integers');
        skip();
        continue;
      }
      info.wdl = [w, d, l];
      i += 3;
    } else if (key === 'string') {
      // The rest of the line, spacing as sent.
      const at = text.indexOf(' string ') >= 0 ? text.indexOf(' string ') + 8 : text.indexOf('string') + 7;
      info.string = text.slice(at).trim();
      break;
    } else {
      warn(`unknown info field '${key}'`);
      skip();
    }
  }
  return info;
}

/** The UCI option types. */
export type OptionType = 'check' | 'spin' | 'combo' | 'button' | 'string';

/** An option an engine declares with `option name … type …`. */
export interface EngineOption {
  name: string;
  type: OptionType;
  default?: string | number | boolean;
  min?: number;
  max?: number;
  /** For combo options. */
  vars?: string[];
}

/** Parses the text after `option` (`name Hash type spin default 16 min 1 max 33554432`). */
export function parseOption(text: string): EngineOption | undefined {
  const m = /^\s*(?:option\s+)?name\s+(.+?)\s+type\s+(\S+)(.*)$/.exec(text);
  if (!m) return undefined;
  const type = m[2] as OptionType;
  if (!['check', 'spin', 'combo', 'button', 'string'].includes(type)) return undefined;
  const opt: EngineOption = { name: m[1], type };
  // Values may contain spaces (string defaults, combo vars): split on the keywords.
  const rest = m[3];
  const re = /\s(default|min|max|var)(?=\s|$)/g;
  const marks: { key: string; start: number; end: number }[] = [];
  for (let r = re.exec(rest); r; r = re.exec(rest))
    marks.push({ key: r[1], start: r.index, end: r.index + r[0].length });
  for (let k = 0; k < marks.length; k++) {
    const value = rest.slice(marks[k].end, k + 1 < marks.length ? marks[k + 1].start : rest.length).trim();
    const key = marks[k].key;
    if (key === 'var') (opt.vars ??= []).push(value);
    else if (key === 'min' || key === 'max') {
      const n = Number(value);
      if (Number.isFinite(n)) opt[key] = n;
    } else if (type === 'check') opt.default = value === 'true';
    else if (type === 'spin') opt.default = Number(value);
    else opt.default = value === '<empty>' ? '' : value;
  }
  return opt;
}

/** Checks a value against an option's declaration; returns the text to send, or an error message. */
export function optionValue(opt: EngineOption, value: unknown): { text: string } | { error: string } {
  switch (opt.type) {
    case 'check':
      if (typeof value !== 'boolean')
        return { error: `option ${opt.name} is a check (true/false), got ${String(value)}` };
      return { text: String(value) };
    case 'spin': {
      const n = typeof value === 'string' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n))
        return { error: `option ${opt.name} needs an integer, got ${String(value)}` };
      if ((opt.min !== undefined && n < opt.min) || (opt.max !== undefined && n > opt.max))
        return { error: `option ${opt.name} must be in ${opt.min}..${opt.max}, got ${n}` };
      return { text: String(n) };
    }
    case 'combo': {
      const s = String(value);
      const found = opt.vars?.find((v) => v.toLowerCase() === s.toLowerCase());
      if (!found) return { error: `option ${opt.name} is one of ${(opt.vars ?? []).join(', ')}; got ${s}` };
      return { text: found };
    }
    case 'button':
      return { text: '' };
    default: {
      const s = String(value ?? '');
      if (/[\r\n]/.test(s)) return { error: `option ${opt.name}: a value cannot contain a line break` };
      return { text: s === '' ? '<empty>' : s };
    }
  }
}

/**
 * How long or how deep to search; several limits may be combined (the engine stops at the first).
 * Every value is an integer in its range (see the docs' limits table); anything else is refused
 * with `ERR_ENGINE_LIMIT` before the engine sees it.
 */
export interface Limit {
  /** Plies, 1..245. */
  depth?: number;
  /** Nodes, 1..2^53 − 1. */
  nodes?: number;
  /** Milliseconds, 1..2^31 − 1. */
  movetime?: number;
  /** Search for a mate in this many moves, 1..123. */
  mate?: number;
  /** White's clock in milliseconds, 0..2^31 − 1. */
  wtime?: number;
  /** Black's clock in milliseconds, 0..2^31 − 1. */
  btime?: number;
  /** White's increment per move in milliseconds, 0..2^31 − 1. */
  winc?: number;
  /** Black's increment per move in milliseconds, 0..2^31 − 1. */
  binc?: number;
  /** Moves to the next time control, 1..2^31 − 1. */
  movestogo?: number;
  /** Search until stopped (an AbortSignal, or `stop()`). */
  infinite?: boolean;
}

/**
 * The range of each limit: integers only, up to what UCI engines read without overflow or wrap.
 * Depth stops at 245 and mate at 123 moves (Stockfish searches at most 246 plies, its `MAX_PLY`); nodes at 2^53 − 1 (the largest integer a JavaScript number holds exactly,
 * within the 64-bit counters engines use); times, increments and moves-to-go at 2^31 − 1
 * (engines that read them into a 32-bit int). Clocks and increments may be 0; the rest start at 1.
 */
export const LIMIT_RANGE = {
  depth: [1, 245],
  mate: [1, 123],
  nodes: [1, Number.MAX_SAFE_INTEGER],
  movetime: [1, 2 ** 31 - 1],
  wtime: [0, 2 ** 31 - 1],
  btime: [0, 2 ** 31 - 1],
  winc: [0, 2 ** 31 - 1],
  binc: [0, 2 ** 31 - 1],
  movestogo: [1, 2 ** 31 - 1],
} as const satisfies Record<string, readonly [number, number]>;

const LIMIT_ORDER = ['wtime', 'btime', 'winc', 'binc', 'movestogo', 'depth', 'nodes', 'mate', 'movetime'] as const;

function limitError(message: string): EngineError {
  return new EngineError('ERR_ENGINE_LIMIT', message);
}

/**
 * Checks a limit (one validation for the API, the CLI and the queue); throws an EngineError
 * `ERR_ENGINE_LIMIT` for a value that is not an integer in its `LIMIT_RANGE`, an unknown key, or a
 * limit that sets nothing.
 */
export function checkLimit(limit: unknown): asserts limit is Limit {
  if (typeof limit !== 'object' || limit === null || Array.isArray(limit))
    throw limitError(`a limit is an object such as { depth: 12 }, got ${limit === null ? 'null' : typeof limit}`);
  let set = 0;
  for (const [key, value] of Object.entries(limit)) {
    if (value === undefined) continue;
    if (key === 'infinite') {
      if (typeof value !== 'boolean') throw limitError(`limit infinite must be true or false, got ${String(value)}`);
      if (value) set++;
      continue;
    }
    const range = (LIMIT_RANGE as Record<string, readonly [number, number]>)[key];
    if (!range || !Object.prototype.hasOwnProperty.call(LIMIT_RANGE, key))
      throw limitError(`unknown limit '${key}' (one of ${[...LIMIT_ORDER, 'infinite'].join(', ')})`);
    if (typeof value !== 'number' || !Number.isInteger(value) || value < range[0] || value > range[1])
      throw limitError(`limit ${key} must be an integer in ${range[0]}..${range[1]}, got ${String(value)}`);
    set++;
  }
  if (!set) throw limitError('a limit needs depth, nodes, movetime, mate, clocks or infinite');
}

/** The `go` command for a limit; throws ERR_ENGINE_LIMIT (see `checkLimit`) or ERR_ENGINE_POSITION (searchmoves). */
export function goCommand(limit: Limit, opts?: { searchmoves?: string[]; ponder?: boolean }): string {
  checkLimit(limit);
  const parts = ['go'];
  if (opts?.ponder) parts.push('ponder');
  for (const key of LIMIT_ORDER) {
    const v = limit[key];
    if (v !== undefined) parts.push(key, String(v));
  }
  if (limit.infinite) parts.push('infinite');
  if (opts?.searchmoves?.length) {
    for (const m of opts.searchmoves)
      if (!MOVE.test(m)) throw new EngineError('ERR_ENGINE_POSITION', `searchmoves: '${m}' is not a UCI move`);
    parts.push('searchmoves', ...opts.searchmoves);
  }
  return parts.join(' ');
}

/** `bestmove e2e4 ponder e7e5` → moves; `(none)`/`0000` → null. */
export function parseBestmove(text: string): { bestmove: string | null; ponder?: string } | undefined {
  const t = text.trim().split(/\s+/);
  if (t[0] !== 'bestmove' || t.length < 2) return undefined;
  const best = t[1] === '(none)' || t[1] === '0000' || t[1] === 'none' ? null : t[1];
  if (best !== null && !MOVE.test(best)) return undefined;
  const out: { bestmove: string | null; ponder?: string } = { bestmove: best };
  if (t[2] === 'ponder' && t[3] && MOVE.test(t[3])) out.ponder = t[3];
  return out;
}
