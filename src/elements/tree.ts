// A move tree to step through: a PGN game's main line and variations, or a problem's solution.
// Nodes are kept in one array (id 0 is the start); the first child continues the line, the others
// are its alternatives. Positions are computed when first asked for and kept, so stepping plays one
// move and a jump replays from the nearest known position.
import { Position, makeUci, type Move } from '../chess/index.js';
import type { PgnCommands, PgnGame, PgnNode } from '../pgn/index.js';

export interface TreeNode {
  /** -1 for the start. */
  parent: number;
  children: number[];
  /** Plies from the start (0 for the start). */
  ply: number;
  /** SAN as written; '' for the start. */
  san: string;
  move?: Move;
  /** The side that played the move, and its move number. */
  color: 'white' | 'black';
  number: number;
  nags?: number[];
  comments?: string[];
  startingComments?: string[];
  commands?: PgnCommands;
}

export class MoveTree {
  readonly nodes: TreeNode[];
  private readonly positions: (Position | undefined)[] = [];
  private readonly fens: (string | undefined)[] = [];
  private readonly startTurn: 'white' | 'black';
  private readonly startNumber: number;

  constructor(start: Position) {
    const setup = start.toSetup();
    this.startTurn = setup.turn;
    this.startNumber = setup.fullmoves || 1;
    this.nodes = [{ parent: -1, children: [], ply: 0, san: '', color: 'black', number: this.startNumber - 1 }];
    this.positions[0] = start;
  }

  /** A PGN game's tree (main line first, then each variation in file order). */
  static fromPgn(game: PgnGame, start: Position): MoveTree {
    const tree = new MoveTree(start);
    if (game.root.comments) tree.nodes[0]!.comments = game.root.comments;
    if (game.root.nags) tree.nodes[0]!.nags = game.root.nags;
    if (game.root.commands) tree.nodes[0]!.commands = game.root.commands;
    tree.addPgnLine(game.moves, 0);
    return tree;
  }

  private addPgnLine(line: readonly PgnNode[], parent: number): void {
    let prev = parent;
    for (const pn of line) {
      const id = this.add(prev, pn.san, pn.move);
      const node = this.nodes[id]!;
      if (pn.nags?.length) node.nags = pn.nags;
      if (pn.comments?.length) node.comments = pn.comments;
      if (pn.startingComments?.length) node.startingComments = pn.startingComments;
      if (pn.commands) node.commands = pn.commands;
      for (const variation of pn.variations ?? []) this.addPgnLine(variation, prev);
      prev = id;
    }
  }

  /** Adds a move after `parent` (as its main continuation when it is the first). */
  add(parent: number, san: string, move: Move | undefined): number {
    const ply = this.nodes[parent]!.ply + 1;
    const index = (this.startTurn === 'black' ? 1 : 0) + ply - 1;
    const id = this.nodes.length;
    this.nodes.push({
      parent,
      children: [],
      ply,
      san,
      ...(move ? { move } : {}),
      color: index % 2 ? 'black' : 'white',
      number: this.startNumber + Math.floor(index / 2),
    });
    this.nodes[parent]!.children.push(id);
    return id;
  }

  /** The position after the node's move, or undefined when a move on the way is missing or illegal. */
  position(id: number): Position | undefined {
    const known = this.positions[id];
    if (known) return known;
    const path: number[] = [];
    let at = id;
    while (!this.positions[at]) {
      path.push(at);
      at = this.nodes[at]!.parent;
      if (at < 0) return undefined;
    }
    let pos = this.positions[at]!;
    for (let i = path.length - 1; i >= 0; i--) {
      const node = this.nodes[path[i]!]!;
      // Readers and the solver only give legal moves; a move they could not resolve has none.
      if (!node.move) return undefined;
      pos = pos.clone();
      pos.play(node.move);
      this.positions[path[i]!] = pos;
    }
    return pos;
  }

  /** The FEN after the node's move ('' when it cannot be reached). */
  fen(id: number): string {
    let fen = this.fens[id];
    if (fen === undefined) {
      fen = this.position(id)?.fen() ?? '';
      this.fens[id] = fen;
    }
    return fen;
  }

  /** UCI of the node's move ('' for the start or an unresolved move). */
  uci(id: number): string {
    const move = this.nodes[id]!.move;
    return move ? makeUci(move) : '';
  }

  /** Whether the node's position can be shown (every move to it resolved and legal). */
  reachable(id: number): boolean {
    return this.position(id) !== undefined;
  }

  /** The line through a node: the path from the start to it, then its main continuation to the end. */
  line(id: number): number[] {
    const path: number[] = [];
    for (let at = id; at >= 0; at = this.nodes[at]!.parent) path.push(at);
    path.reverse();
    for (let at = this.nodes[id]!.children[0]; at !== undefined; at = this.nodes[at]!.children[0]) path.push(at);
    return path;
  }

  /** The last node of the node's line that can be reached. */
  end(id: number): number {
    let at = id;
    for (
      let next = this.nodes[at]!.children[0];
      next !== undefined && this.reachable(next);
      next = this.nodes[next]!.children[0]
    )
      at = next;
    return at;
  }

  /** Whether the node is on the main line. */
  isMain(id: number): boolean {
    for (let at = id; at > 0; at = this.nodes[at]!.parent) {
      if (this.nodes[this.nodes[at]!.parent]!.children[0] !== at) return false;
    }
    return true;
  }

  /** The moves' SAN from the start to the node. */
  sans(id: number): string[] {
    const out: string[] = [];
    for (let at = id; at > 0; at = this.nodes[at]!.parent) out.push(this.nodes[at]!.san);
    return out.reverse();
  }
}
