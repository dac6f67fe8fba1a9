// UCI text ↔ typed values: the info and option lines engines send, the go command we send.
import type { EngineWarning } from './errors.js';

/** A score that is only a bound (`lowerbound` / `upperbound`). */
export type Bound = 'lower' | 'upper';

/** One `info` line; every field is optional because engines differ in what they send. */
export interface Info {
  depth?: number;
  seldepth?: number;
  multipv?: number;
  /** Relative to the side to move, as sent; `bound` tells whether it is only a bound. */
  score?: { cp: number } | { mate: number };
  bound?: Bound;
  nodes?: number;
  nps?: number;
  hashfull?: number;
  tbhits?: number;
  sbhits?: number;
  time?: number;
  cpuload?: number;
  pv?: string[];
  refutation?: string[];
  currline?: { cpu: number; moves: string[] };
  currmove?: string;
  currmovenumber?: number;
  /** Win/draw/loss per mille from the side to move. */
  wdl?: [number, number, number];
  string?: string;
}

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

function int(token: string | undefined): number | undefined {
  if (token === undefined || !/^-?\d+$/.test(token)) return undefined;
  return Number(token);
}

/** Parses the text after `info`; problems go to `warnings` (the fields read so far are kept). */
export function parseInfo(text: string, warnings?: EngineWarning[]): Info {
  const t = text.trim().split(/\s+/);
  const info: Info = {};
  const warn = (message: string): void => {
    warnings?.push({ code: 'WARN_ENGINE_INFO', message, text: `info ${text}` });
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

/** How long or how deep to search; several limits may be combined (the engine stops at the first). */
export interface Limit {
  depth?: number;
  nodes?: number;
  /** Milliseconds. */
  movetime?: number;
  mate?: number;
  /** Clocks in milliseconds. */
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  movestogo?: number;
  /** Search until stopped (an AbortSignal, or `stop()`). */
  infinite?: boolean;
}

/** The `go` command for a limit; throws on a malformed limit (a programmer error). */
export function goCommand(limit: Limit, opts?: { searchmoves?: string[]; ponder?: boolean }): string {
  const parts = ['go'];
  if (opts?.ponder) parts.push('ponder');
  for (const key of ['wtime', 'btime', 'winc', 'binc', 'movestogo', 'depth', 'nodes', 'mate', 'movetime'] as const) {
    const v = limit[key];
    if (v === undefined) continue;
    if (!Number.isFinite(v) || v < 0) throw new RangeError(`limit ${key} must be a non-negative number, got ${v}`);
    parts.push(key, String(Math.round(v)));
  }
  if (limit.infinite) parts.push('infinite');
  if (parts.length === (opts?.ponder ? 2 : 1))
    throw new RangeError('a limit needs depth, nodes, movetime, mate, clocks or infinite');
  if (opts?.searchmoves?.length) {
    for (const m of opts.searchmoves) if (!MOVE.test(m)) throw new RangeError(`searchmoves: '${m}' is not a UCI move`);
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
