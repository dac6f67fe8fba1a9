#!/usr/bin/env node
// Re-verifies a shakmaty-style perft file (`id` / `epd` / `variant` / `verified` / `perft <depth> <nodes>`
// blocks) against independent engines: Debian's stockfish (standard chess and Chess960) and
// fairy-stockfish (the same, plus crazyhouse and bughouse). Every count of a block is asked of every
// engine that plays its variant; the engines must agree with each other and with the file.
//
//   node scripts/verify-perft.mjs [FILE]            check (exit 1 on any difference)
//   node scripts/verify-perft.mjs [FILE] --write    replace the counts and `verified` lines by what the
//                                                    engines say (only where they agree; else exit 1)
//
// FILE defaults to test/fixtures/chess/perft-edge.perft. Engines: $STOCKFISH and $FAIRY_STOCKFISH, or
// stockfish / fairy-stockfish on PATH or in /usr/games.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const args = process.argv.slice(2);
const write = args.includes('--write');
const file = args.find((a) => !a.startsWith('--')) ?? 'test/fixtures/chess/perft-edge.perft';

function which(name, override) {
  if (override) return override;
  // node_modules/.bin is skipped: the npm `stockfish` package puts its wasm build there under the
  // same name, and `npm run` puts that folder first on PATH; the check wants the native engines.
  const dirs = [
    ...(process.env.PATH ?? '').split(delimiter).filter((d) => !/node_modules[\\/]\.bin$/.test(d)),
    '/usr/games',
  ];
  for (const d of dirs) if (d && existsSync(join(d, name))) return join(d, name);
  return undefined;
}

/** One UCI engine process, driven line by line. */
class Engine {
  constructor(path) {
    this.path = path;
    this.proc = spawn(path, [], { stdio: ['pipe', 'pipe', 'ignore'] });
    this.lines = [];
    this.waiter = undefined;
    this.exited = false;
    let rest = '';
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (chunk) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop();
      for (const l of parts) this.lines.push(l.trim());
      this.wake();
    });
    this.proc.on('exit', () => {
      this.exited = true;
      this.wake();
    });
    this.proc.on('error', () => {
      this.exited = true;
      this.wake();
    });
    this.options = new Map();
  }

  wake() {
    const w = this.waiter;
    this.waiter = undefined;
    w?.();
  }

  send(cmd) {
    this.proc.stdin.write(`${cmd}\n`);
  }

  /** The first line (from now on) that satisfies `pred`. */
  async until(pred) {
    for (;;) {
      while (this.lines.length) {
        const l = this.lines.shift();
        if (pred(l)) return l;
      }
      if (this.exited) throw new Error(`${this.path} exited`);
      await new Promise((resolve) => (this.waiter = resolve));
    }
  }

  async start() {
    this.send('uci');
    const nameLines = [];
    await this.until((l) => {
      if (l.startsWith('id name ')) nameLines.push(l.slice(8));
      return l === 'uciok';
    });
    // "Stockfish 15.1" → "stockfish 15.1"; "Fairy-Stockfish 11.1 LB 64" → "fairy-stockfish 11.1"
    const [name, version] = (nameLines[0] ?? this.path).split(/\s+/);
    this.name = `${name.toLowerCase()}${version ? ` ${version}` : ''}`;
    return this;
  }

  async option(name, value) {
    if (this.options.get(name) === value) return;
    this.options.set(name, value);
    this.send(`setoption name ${name} value ${value}`);
    this.send('isready');
    await this.until((l) => l === 'readyok');
  }

  async perft(fen, depth) {
    this.send('ucinewgame');
    this.send(`position fen ${fen}`);
    this.send(`go perft ${depth}`);
    const line = await this.until((l) => l.startsWith('Nodes searched'));
    return Number(line.split(':')[1]);
  }

  quit() {
    if (!this.exited) this.send('quit');
  }
}

/** Items of the file: raw lines (comments, blank lines) and blocks. */
function parse(text) {
  const items = [];
  let block;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    const kw = /^(id|epd|variant|verified|perft)\s+(.*)$/.exec(line);
    if (!kw) {
      block = undefined;
      items.push({ raw });
      return;
    }
    const [, key, value] = kw;
    if (key === 'id' || !block) {
      block = {
        id: key === 'id' ? value.trim() : `line ${i + 1}`,
        epd: '',
        variant: 'chess',
        verified: '',
        counts: [],
        line: i + 1,
      };
      items.push({ block });
      if (key === 'id') return;
    }
    if (key === 'epd') block.epd = value.trim();
    else if (key === 'variant') block.variant = value.trim();
    else if (key === 'verified') block.verified = value.trim();
    else {
      const m = /^(\d+)\s+(\S+)/.exec(value);
      if (m) block.counts.push({ depth: Number(m[1]), nodes: /^\d+$/.test(m[2]) ? Number(m[2]) : undefined });
    }
  });
  return items;
}

function serialize(items) {
  const out = [];
  for (const it of items) {
    if ('raw' in it) {
      out.push(it.raw);
      continue;
    }
    const b = it.block;
    out.push(`id ${b.id}`, `epd ${b.epd}`);
    if (b.variant !== 'chess') out.push(`variant ${b.variant}`);
    if (b.verified) out.push(`verified ${b.verified}`);
    for (const c of b.counts) out.push(`perft ${c.depth} ${c.nodes ?? '?'}`);
  }
  return out.join('\n');
}

const stockfishPath = which('stockfish', process.env.STOCKFISH);
const fairyPath = which('fairy-stockfish', process.env.FAIRY_STOCKFISH);
if (!stockfishPath && !fairyPath) {
  console.error('verify-perft: neither stockfish nor fairy-stockfish found (apt install stockfish fairy-stockfish)');
  process.exit(2);
}
const stockfish = stockfishPath ? await new Engine(stockfishPath).start() : undefined;
const fairy = fairyPath ? await new Engine(fairyPath).start() : undefined;

/** The engines for a variant, each set up for it. */
async function enginesFor(variant) {
  const list = [];
  if (variant === 'chess' || variant === 'chess960') {
    if (stockfish) {
      await stockfish.option('UCI_Chess960', variant === 'chess960' ? 'true' : 'false');
      list.push(stockfish);
    }
    if (fairy) {
      await fairy.option('UCI_Variant', 'chess');
      await fairy.option('UCI_Chess960', variant === 'chess960' ? 'true' : 'false');
      list.push(fairy);
    }
  } else if (variant === 'crazyhouse' || variant === 'bughouse') {
    if (fairy) {
      await fairy.option('UCI_Chess960', 'false');
      await fairy.option('UCI_Variant', variant);
      list.push(fairy);
    }
  } else {
    throw new Error(`unknown variant ${variant}`);
  }
  return list;
}

const items = parse(readFileSync(file, 'utf8'));
let blocks = 0,
  counts = 0,
  problems = 0;
const started = Date.now();
for (const { block: b } of items.filter((it) => it.block)) {
  blocks++;
  const engines = await enginesFor(b.variant);
  if (!engines.length) {
    console.error(`${file}:${b.line} ${b.id}: no engine plays ${b.variant}`);
    problems++;
    continue;
  }
  const names = engines.map((e) => e.name).join(', ');
  for (const c of b.counts) {
    const answers = [];
    for (const e of engines) answers.push(await e.perft(b.epd, c.depth));
    counts++;
    if (answers.some((n) => n !== answers[0])) {
      console.error(
        `${file}:${b.line} ${b.id} D${c.depth}: engines disagree: ${engines.map((e, i) => `${e.name} ${answers[i]}`).join(', ')}`,
      );
      problems++;
    } else if (write) {
      c.nodes = answers[0];
    } else if (c.nodes !== answers[0]) {
      console.error(`${file}:${b.line} ${b.id} D${c.depth}: file ${c.nodes ?? '?'}, ${names} ${answers[0]}`);
      problems++;
    }
  }
  if (write) b.verified = names;
  else if (b.verified !== names)
    console.warn(`${file}:${b.line} ${b.id}: file says verified by "${b.verified}", checked now with "${names}"`);
}
stockfish?.quit();
fairy?.quit();
if (write && problems === 0) writeFileSync(file, serialize(items));
const secs = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `${file}: ${blocks} positions, ${counts} counts, ${problems} problem(s)${write && !problems ? ', written' : ''} (${secs} s)`,
);
process.exit(problems ? 1 : 0);
