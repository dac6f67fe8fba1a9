import type { NotationError } from '../errors.js';
import { parseCommands } from './commands.js';
import type { Move, PgnGame, PgnNode } from './types.js';
import type { PgnRules, PgnVisitor } from './visitor.js';

/** One line under construction: the main line or a variation. */
interface Line {
  /** The node the next move attaches below (the last move of the line, or the branch point). */
  cur: PgnNode;
  /** The parent of `cur` (null at a line's branch point before its first move). */
  parent: PgnNode | null;
  /** Whether the line has a move. */
  hasMove: boolean;
  /** Comments and NAGs seen before the line's first move. */
  startComments: string[] | null;
  startNags: number[] | null;
}

const WS = /[\t\n\r\v\f\u00a0]|  /;

/** Collapses white space runs to one space and trims (export re-wraps comments at spaces). */
export function normalizeComment(text: string): string {
  let t = text.trim();
  if (WS.test(t)) t = t.replace(/\s+/g, ' ');
  return t;
}

/** A visitor that builds `PgnGame` trees; `take()` hands out the finished games. */
export class GameBuilder<P = unknown> implements PgnVisitor<P> {
  private games: PgnGame[] = [];
  private game!: PgnGame;
  private lines: Line[] = [];
  private line!: Line;

  constructor(private readonly rules?: PgnRules<P>) {}

  /** Finished games since the last call. */
  take(): PgnGame[] {
    const out = this.games;
    this.games = [];
    return out;
  }

  beginGame(line: number): void {
    const root: PgnNode = { children: [] };
    this.game = { headers: {}, root, result: '*', errors: [], line };
    this.resultSeen = false;
    this.line = { cur: root, parent: null, hasMove: false, startComments: null, startNags: null };
    this.lines = [this.line];
  }

  header(name: string, value: string): void {
    const h = this.game.headers;
    if (name === '__proto__') Object.defineProperty(h, name, { value, enumerable: true, writable: true, configurable: true });
    else h[name] = value;
  }

  move(san: string, move: Move | undefined, before: P | undefined): void {
    const line = this.line;
    let node: PgnNode;
    const rules = this.rules;
    if (move !== undefined && before !== undefined && rules) {
      if (rules.isNull?.(move)) node = { san: '--', uci: '0000', children: [] };
      else {
        node = {
          san: rules.makeSan ? rules.makeSan(before, move) : san,
          uci: rules.makeUci ? rules.makeUci(before, move) : undefined,
          move,
          children: [],
        };
        if (node.uci === undefined) delete node.uci;
      }
    } else node = { san: san === 'Z0' ? '--' : san, children: [] };
    if (!line.hasMove) {
      line.hasMove = true;
      if (line.startComments) node.startingComments = line.startComments;
      if (line.startNags) node.nags = line.startNags;
      line.startComments = line.startNags = null;
    }
    line.cur.children.push(node);
    line.parent = line.cur;
    line.cur = node;
  }

  comment(text: string): void {
    const t = normalizeComment(text);
    const line = this.line;
    if (!line.hasMove && this.lines.length > 1) {
      (line.startComments ??= []).push(t);
      return;
    }
    const node = line.cur;
    (node.comments ??= []).push(t);
    if (t.includes('[%')) {
      const c = parseCommands(t, node.commands);
      if (c) node.commands = c;
    }
  }

  nag(nag: number): void {
    const line = this.line;
    if (!line.hasMove && this.lines.length > 1) (line.startNags ??= []).push(nag);
    else (line.cur.nags ??= []).push(nag);
  }

  beginVariation(): void {
    // The variation is an alternative to the last move of the current line: it hangs below that
    // move's parent, which the parser guarantees exists (a line with at least one move).
    const parent = this.line.parent!;
    const line: Line = { cur: parent, parent: null, hasMove: false, startComments: null, startNags: null };
    this.lines.push(line);
    this.line = line;
  }

  endVariation(): void {
    const inner = this.lines.pop()!;
    this.line = this.lines[this.lines.length - 1]!;
    if (!inner.hasMove) {
      // A variation without moves: its comments and NAGs go to the move before it.
      for (const c of inner.startComments ?? []) this.comment(c);
      for (const n of inner.startNags ?? []) this.nag(n);
    }
  }

  result(result: string): void {
    this.game.result = result === '\u00bd-\u00bd' ? '1/2-1/2' : result;
    this.resultSeen = true;
  }

  error(error: NotationError): void {
    this.game.errors.push(error);
  }

  endGame(): void {
    const g = this.game;
    // Without a termination marker, the Result tag stands in.
    if (!this.resultSeen) {
      const tag = g.headers.Result;
      if (tag === '1-0' || tag === '0-1' || tag === '1/2-1/2' || tag === '*') g.result = tag;
    }
    this.games.push(g);
  }

  private resultSeen = false;
}
