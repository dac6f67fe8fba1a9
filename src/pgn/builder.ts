import type { NotationError, Parsed } from '../errors.js';
import { parseCommands } from './commands.js';
import type { PgnCommands, PgnGame, PgnNode, PgnRoot } from './types.js';
import type { PgnMoveInfo, PgnVisitor } from './visitor.js';
import { resultText } from '../text/grammar.js';

/** One line under construction: the main line or a variation. */
interface Line {
  moves: PgnNode[];
  /** Comments and NAGs seen before the line's first move. */
  startComments: string[] | null;
  startNags: number[] | null;
}

const WS_RUNS = /[ \t\n\r\v\f]+/g;

/** Collapses white space runs to one space and trims (export re-wraps comments at spaces). */
export function normalizeComment(text: string): string {
  // ASCII white space only: the writer splits comments at spaces, the lexer ends lines at CR/LF.
  const n = text.length;
  let clean = n === 0 || (text.charCodeAt(0) !== 32 && text.charCodeAt(n - 1) !== 32);
  if (clean) {
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c < 32 ? c >= 9 && c <= 13 : c === 32 && text.charCodeAt(i + 1) === 32) {
        clean = false;
        break;
      }
    }
  }
  if (clean) return text;
  const t = text.replace(WS_RUNS, ' ');
  const a = t.charCodeAt(0) === 32 ? 1 : 0;
  const b = t.length > a && t.charCodeAt(t.length - 1) === 32 ? t.length - 1 : t.length;
  return t.slice(a, b);
}

const commandCache = new Map<string, PgnCommands | undefined>();

function deepFreeze(c: PgnCommands): void {
  if (c.eval) Object.freeze(c.eval);
  if (c.shapes) for (const s of c.shapes) Object.freeze(s);
  if (c.other) for (const o of c.other) Object.freeze(o);
  Object.freeze(c.shapes);
  Object.freeze(c.other);
  Object.freeze(c);
}

function copyCommands(c: PgnCommands): PgnCommands {
  const out: PgnCommands = { ...c };
  if (c.shapes) out.shapes = c.shapes.slice();
  if (c.other) out.other = c.other.slice();
  return out;
}

const clockCache: PgnCommands[] = [];

/**
 * The commands of a comment that is exactly `[%clk h:mm:ss]` (lichess writes one on every move),
 * read without slicing or hashing the text: the same (frozen, shared) `{ clk }` that
 * `parseCommands` would give. Undefined for any other comment.
 */
function clockOnly(t: string): PgnCommands | undefined {
  if (
    t.charCodeAt(0) !== 91 ||
    t.charCodeAt(1) !== 37 ||
    t.charCodeAt(2) !== 99 ||
    t.charCodeAt(3) !== 108 ||
    t.charCodeAt(4) !== 107 ||
    t.charCodeAt(5) !== 32 ||
    t.charCodeAt(7) !== 58 ||
    t.charCodeAt(10) !== 58 ||
    t.charCodeAt(13) !== 93
  ) {
    return undefined;
  }
  const h = t.charCodeAt(6) - 48;
  const m1 = t.charCodeAt(8) - 48;
  const m2 = t.charCodeAt(9) - 48;
  const s1 = t.charCodeAt(11) - 48;
  const s2 = t.charCodeAt(12) - 48;
  if (h >>> 0 > 9 || m1 >>> 0 > 9 || m2 >>> 0 > 9 || s1 >>> 0 > 9 || s2 >>> 0 > 9) return undefined;
  const seconds = (h * 60 + m1 * 10 + m2) * 60 + s1 * 10 + s2;
  let c = clockCache[seconds];
  if (c === undefined) {
    c = Object.freeze({ clk: seconds });
    clockCache[seconds] = c;
  }
  return c;
}

/** A visitor that builds `PgnGame` trees; `take()` hands out the finished games with their errors and warnings. */
export class GameBuilder<P = unknown> implements PgnVisitor<P> {
  private games: Parsed<PgnGame>[] = [];
  private item!: Parsed<PgnGame>;
  private game!: PgnGame;
  private lines: Line[] = [];
  private line!: Line;
  private resultSeen = false;

  /** Finished games since the last call. */
  take(): Parsed<PgnGame>[] {
    const out = this.games;
    this.games = [];
    return out;
  }

  beginGame(line: number): void {
    const moves: PgnNode[] = [];
    this.game = { headers: {}, root: {}, moves, result: '*', line };
    this.item = { value: this.game, errors: [], warnings: [] };
    this.resultSeen = false;
    this.line = { moves, startComments: null, startNags: null };
    this.lines = [this.line];
  }

  /** Stores the tag in the game's `headers`. */
  header(name: string, value: string): void {
    const h = this.game.headers;
    if (name === '__proto__')
      Object.defineProperty(h, name, { value, enumerable: true, writable: true, configurable: true });
    else h[name] = value;
  }

  move(info: PgnMoveInfo<P>): void {
    const line = this.line;
    let node: PgnNode;
    if (!info.resolved) node = { san: info.san() };
    else {
      const move = info.move();
      if (move === undefined) node = { san: '--', uci: '0000' };
      else node = { san: info.san(), uci: info.uci()!, move };
    }
    if (line.moves.length === 0) {
      if (line.startComments) node.startingComments = line.startComments;
      if (line.startNags) node.nags = line.startNags;
      line.startComments = line.startNags = null;
    }
    line.moves.push(node);
  }

  /**
   * Adds a comment (white space normalised, `[%…]` commands parsed into `commands`) to the last
   * move of the line, to the first move of a variation that has none yet, or to the game's `root`.
   */
  comment(text: string): void {
    const clk = text.length === 14 ? clockOnly(text) : undefined;
    const t = clk ? text : normalizeComment(text);
    const line = this.line;
    const moves = line.moves;
    let target: PgnNode | PgnRoot;
    if (moves.length > 0) target = moves[moves.length - 1]!;
    else if (this.lines.length > 1) {
      (line.startComments ??= []).push(t);
      return;
    } else target = this.game.root;
    const list = target.comments;
    if (list === undefined) {
      target.comments = [t];
      if (clk) {
        target.commands = clk;
        return;
      }
      // Comments like `[%clk 0:00:30]` repeat across a file: their (frozen) commands are shared.
      if (t.length <= 64 && t.charCodeAt(0) === 91) {
        let c = commandCache.get(t);
        if (c === undefined) {
          c = parseCommands(t);
          if (c) {
            deepFreeze(c);
            if (commandCache.size >= 4096) commandCache.clear();
            commandCache.set(t, c);
          }
        }
        if (c) target.commands = c;
        return;
      }
    } else list.push(t);
    if (t.includes('[%')) {
      // A second comment on the node: merge into a copy (cached objects are shared).
      const c = parseCommands(t, target.commands ? copyCommands(target.commands) : undefined);
      if (c) target.commands = c;
    }
  }

  /** Adds a NAG to the last move of the line, to the first move of a variation that has none yet, or to `root`. */
  nag(nag: number): void {
    const line = this.line;
    const moves = line.moves;
    if (moves.length > 0) (moves[moves.length - 1]!.nags ??= []).push(nag);
    else if (this.lines.length > 1) (line.startNags ??= []).push(nag);
    else (this.game.root.nags ??= []).push(nag);
  }

  beginVariation(): void {
    // An alternative to the last move of the current line (the parser guarantees there is one).
    const outer = this.line.moves;
    const last = outer[outer.length - 1]!;
    const line: Line = { moves: [], startComments: null, startNags: null };
    (last.variations ??= []).push(line.moves);
    this.lines.push(line);
    this.line = line;
  }

  /** Closes the variation; one without moves is dropped, its comments and NAGs going to the move before. */
  endVariation(): void {
    const inner = this.lines.pop()!;
    this.line = this.lines[this.lines.length - 1]!;
    if (inner.moves.length === 0) {
      // A variation without moves is dropped; its comments and NAGs go to the move before it.
      const outer = this.line.moves;
      const last = outer[outer.length - 1]!;
      last.variations!.pop();
      if (last.variations!.length === 0) delete last.variations;
      for (const c of inner.startComments ?? []) this.comment(c);
      for (const n of inner.startNags ?? []) this.nag(n);
    }
  }

  /** Sets the game's `result` (`½-½` becomes `1/2-1/2`). */
  result(result: string): void {
    this.game.result = resultText(result);
    this.resultSeen = true;
  }

  /** Appends to the game's `errors`. */
  error(error: NotationError): void {
    this.item.errors.push(error);
  }

  warning(warning: NotationError): void {
    this.item.warnings.push(warning);
  }

  /** Finishes the game (the Result tag stands in for a missing marker) and queues it for `take()`. */
  endGame(): void {
    const g = this.game;
    // Without a termination marker, the Result tag stands in.
    if (!this.resultSeen) {
      const tag = g.headers.Result;
      if (tag === '1-0' || tag === '0-1' || tag === '1/2-1/2' || tag === '*') g.result = tag;
    }
    this.games.push(this.item);
  }
}
