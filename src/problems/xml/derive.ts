// Derives the concrete position of every twin: follows twin and position base chains across the
// releases of a problem and applies the position operations in document order on a 2D board
// (plane dim 1 = file, dim 2 = rank).
import { reflectBoard, remapBoard, rotateBoard, shiftBoard } from '../geometry.js';
import type { NotationError, Parsed } from '../../errors.js';
import { cloneBoard, emptyBoard, squareName, type ProblemBoard, type ProblemColor } from '../board.js';
import type { ProblemMove, Plane, ProblemPosition, Problem, Release, Stipulation, Twin, XmlPos } from './model.js';

/** The concrete position and stipulation of one twin (`deriveTwins` gives it with the errors found deriving it). */
export interface DerivedTwin {
  releaseId: string;
  twinId: string;
  type?: string;
  /** Twin ids from the root twin to this one. */
  chain: string[];
  board: ProblemBoard;
  /** The stipulation in force (own or inherited from the base twin). */
  stipulation?: Stipulation;
}

interface Found<T> {
  item: T;
  release: Release;
}

const at = (x: { pos?: XmlPos } | undefined): XmlPos => x?.pos ?? { line: 1, column: 1 };

/** The square index for a list of planes on a files×ranks board, or an error message. */
export function planesToSquare(planes: Plane[], board: { files: number; ranks: number }): number | string {
  const file = planes.find((p) => p.dim === 1)?.value;
  const rank = planes.find((p) => p.dim === 2)?.value;
  if (planes.some((p) => p.dim > 2)) return `planes beyond dim 2 are not supported on a 2D board`;
  if (file === undefined || rank === undefined) return 'a square needs planes dim="1" (file) and dim="2" (rank)';
  if (file < 1 || file > board.files || rank < 1 || rank > board.ranks)
    return `square (${file}, ${rank}) is off the ${board.files}×${board.ranks} board`;
  return (rank - 1) * board.files + (file - 1);
}

/** The planes (dim 1 file, dim 2 rank, 1-based) of a square index. */
export function squareToPlanes(square: number, files = 8): Plane[] {
  return [
    { dim: 1, value: (square % files) + 1 },
    { dim: 2, value: Math.floor(square / files) + 1 },
  ];
}

/** Releases from the root release to this one (release base chain; cycles cut). */
export function releaseChain(problem: Problem, release: Release): Release[] {
  const chain: Release[] = [];
  const seen = new Set<string>();
  let r: Release | undefined = release;
  while (r && !seen.has(r.id)) {
    chain.unshift(r);
    seen.add(r.id);
    r = r.base !== undefined ? problem.releases.find((x) => x.id === r!.base) : undefined;
  }
  return chain;
}

/**
 * The release with inherited content filled in: authors, sources, awards and twins missing in a
 * correction/version come from its base release.
 */
export function effectiveRelease(problem: Problem, release: Release): Release {
  const chain = releaseChain(problem, release);
  const out: Release = { ...release };
  for (const key of ['authors', 'sources', 'awards', 'reprints', 'twins', 'correctness'] as const) {
    for (let i = chain.length - 1; i >= 0; i--) {
      if (chain[i]![key].length) {
        (out as any)[key] = chain[i]![key];
        break;
      }
    }
  }
  return out;
}

/** The latest release: the last one no other release is based on (or the last one). */
export function latestRelease(problem: Problem): Release | undefined {
  const bases = new Set(problem.releases.map((r) => r.base).filter(Boolean));
  const leaves = problem.releases.filter((r) => !bases.has(r.id));
  return leaves.at(-1) ?? problem.releases.at(-1);
}

class Deriver {
  private twinCache = new Map<Twin, { board: ProblemBoard; stipulation?: Stipulation; chain: string[] }>();
  private positionCache = new Map<string, ProblemBoard>();
  private active = new Set<unknown>();

  constructor(
    readonly problem: Problem,
    readonly errors: NotationError[],
    readonly warnings: NotationError[],
  ) {}

  private findTwin(id: string, prefer?: Release): Found<Twin> | undefined {
    const own = prefer?.twins.find((t) => t.id === id);
    if (own) return { item: own, release: prefer! };
    for (const release of this.problem.releases) {
      const t = release.twins.find((x) => x.id === id);
      if (t) return { item: t, release };
    }
    return undefined;
  }

  private findPosition(id: string): Found<Twin> | undefined {
    for (const release of this.problem.releases) {
      const t = release.twins.find((x) => x.position?.id === id);
      if (t) return { item: t, release };
    }
    return undefined;
  }

  twin(twin: Twin, release: Release): { board: ProblemBoard; stipulation?: Stipulation; chain: string[] } {
    const key = twin;
    const cached = this.twinCache.get(key);
    if (cached) return cached;
    if (this.active.has(key)) {
      this.errors.push({ code: 'ERR_XML_CYCLE', message: `twin '${twin.id}' is its own base (cycle)`, ...at(twin) });
      return { board: emptyBoard(), chain: [twin.id] };
    }
    this.active.add(key);
    let base: { board: ProblemBoard; stipulation?: Stipulation; chain: string[] } | undefined;
    let baseTwin: Found<Twin> | undefined;
    if (twin.base !== undefined) {
      baseTwin = this.findTwin(twin.base, release);
      if (baseTwin) base = this.twin(baseTwin.item, baseTwin.release);
      else this.errors.push({ code: 'ERR_XML_REFERENCE', message: `twin base '${twin.base}' not found`, ...at(twin) });
    } else if (release.base !== undefined && !twin.position) {
      // A twin of a correction without its own position takes the same twin of the base release.
      const baseRelease = this.problem.releases.find((r) => r.id === release.base);
      const same = baseRelease?.twins.find((t) => t.id === twin.id);
      if (baseRelease && same && same !== twin) {
        baseTwin = { item: same, release: baseRelease };
        base = this.twin(same, baseRelease);
      }
    }
    let board: ProblemBoard;
    if (twin.position) board = this.position(twin.position, baseTwin);
    else if (base) board = cloneBoard(base.board);
    else {
      board = emptyBoard();
      if (twin.type !== 'zeroposition')
        this.warnings.push({
          code: 'ERR_XML_NO_POSITION',
          message: `twin '${twin.id}' has no position and no base twin`,
          ...at(twin),
        });
    }
    const result = {
      board,
      stipulation: twin.stipulation ?? base?.stipulation,
      chain: [...(base?.chain ?? []), twin.id],
    };
    this.active.delete(key);
    this.twinCache.set(key, result);
    return result;
  }

  position(position: ProblemPosition, baseTwin: Found<Twin> | undefined): ProblemBoard {
    const cached = this.positionCache.get(position.id);
    if (cached) return cloneBoard(cached);
    const key = position;
    if (this.active.has(key)) {
      this.errors.push({
        code: 'ERR_XML_CYCLE',
        message: `position '${position.id}' is its own base (cycle)`,
        ...at(position),
      });
      return emptyBoard();
    }
    this.active.add(key);
    let board = emptyBoard();
    if (position.base !== undefined) {
      const owner = this.findPosition(position.base);
      if (!owner)
        this.errors.push({
          code: 'ERR_XML_REFERENCE',
          message: `position base '${position.base}' not found`,
          ...at(position),
        });
      else board = cloneBoard(this.twin(owner.item, owner.release).board);
    }
    for (const op of position.ops) board = this.apply(board, op, baseTwin);
    this.active.delete(key);
    this.positionCache.set(position.id, cloneBoard(board));
    return board;
  }

  private locate(board: ProblemBoard, id: string): number {
    return board.squares.findIndex((p) => p?.id === id);
  }

  private apply(
    board: ProblemBoard,
    op: ProblemPosition['ops'][number],
    baseTwin: Found<Twin> | undefined,
  ): ProblemBoard {
    switch (op.op) {
      case 'pieces':
        for (const item of op.items) {
          if (item.op === 'addition') {
            const decl = this.problem.piecedecls.find((d) => d.id === item.piece);
            if (item.square.some((p) => p.dim > 2)) {
              // e.g. Alice chess boards: a position we read but cannot lay out on one 2D board
              this.warnings.push({
                code: 'ERR_XML_PLANES',
                message: `addition of '${item.piece}' uses a plane beyond dim 2; not placed on the 2D board`,
                ...at(item),
              });
              continue;
            }
            const square = planesToSquare(item.square, board);
            if (typeof square === 'string') {
              this.errors.push({
                code: 'ERR_XML_SQUARE',
                message: `addition of '${item.piece}': ${square}`,
                ...at(item),
              });
              continue;
            }
            const from = this.locate(board, item.piece);
            const existing = from >= 0 ? board.squares[from]! : undefined;
            if (!decl && !existing) {
              this.errors.push({
                code: 'ERR_XML_REFERENCE',
                message: `piece '${item.piece}' has no piecedecl`,
                ...at(item),
              });
              continue;
            }
            if (from >= 0) board.squares[from] = null;
            board.squares[square] = {
              color: (item.color ?? existing?.color ?? decl!.color) as ProblemColor,
              kind: item.kind ?? existing?.kind ?? decl!.kind,
              id: item.piece,
            };
          } else if (item.op === 'removal') {
            const from = this.locate(board, item.piece);
            if (from < 0)
              this.errors.push({
                code: 'ERR_XML_PIECE',
                message: `removal: piece '${item.piece}' is not on the board`,
                ...at(item),
              });
            else board.squares[from] = null;
          } else {
            const a = this.locate(board, item.piece1);
            const b = this.locate(board, item.piece2);
            if (a < 0 || b < 0) {
              this.errors.push({
                code: 'ERR_XML_PIECE',
                message: `exchange: piece '${a < 0 ? item.piece1 : item.piece2}' is not on the board`,
                ...at(item),
              });
              continue;
            }
            [board.squares[a], board.squares[b]] = [board.squares[b]!, board.squares[a]!];
          }
        }
        return board;
      case 'rotation':
        return rotateBoard(board, op.angle / 90);
      case 'translation': {
        const dx = op.by.find((p) => p.dim === 1)?.value ?? 0;
        const dy = op.by.find((p) => p.dim === 2)?.value ?? 0;
        const shifted = shiftBoard(board, dx, dy);
        for (const { square, piece } of shifted.lost)
          this.errors.push({
            code: 'ERR_XML_SQUARE',
            message: `translation moves ${piece.color} ${piece.kind} on ${squareName(square, board.files)} off the board`,
            ...at(op),
          });
        return shifted.board;
      }
      case 'reflection': {
        let out = board;
        if (op.axes.includes(1)) out = reflectBoard(out, 'files');
        if (op.axes.includes(2)) out = reflectBoard(out, 'ranks');
        return out === board ? remapBoard(board, (x, y) => [x, y]).board : out;
      }
      case 'swapcolors':
        board.squares = board.squares.map((p) =>
          p && p.color !== 'neutral' ? { ...p, color: p.color === 'white' ? 'black' : 'white' } : p,
        );
        return board;
      case 'aftermove': {
        const solution = baseTwin?.item.solution;
        const moves = (solution?.items ?? []).filter((m): m is ProblemMove => m.kind === 'move');
        const target = moves.find((m) => m.id === op.move);
        if (!target) {
          this.errors.push({
            code: 'ERR_XML_REFERENCE',
            message: `aftermove: move '${op.move}' is not in the base twin's solution`,
            ...at(op),
          });
          return board;
        }
        const line: ProblemMove[] = [];
        const seen = new Set<string>();
        for (
          let m: ProblemMove | undefined = target;
          m && !seen.has(m.id ?? '');
          m = m.parent ? moves.find((x) => x.id === m!.parent) : undefined
        ) {
          line.unshift(m);
          seen.add(m.id ?? '');
        }
        for (const move of line) {
          for (const change of move.changes) {
            const from = this.locate(board, change.piece);
            if (!change.square.length) {
              if (from >= 0) board.squares[from] = null; // a change without a square removes the piece (capture)
              continue;
            }
            const to = planesToSquare(change.square, board);
            if (typeof to === 'string') {
              this.errors.push({ code: 'ERR_XML_SQUARE', message: `move '${move.id}': ${to}`, ...at(change) });
              continue;
            }
            const decl = this.problem.piecedecls.find((d) => d.id === change.piece);
            const existing = from >= 0 ? board.squares[from] : undefined;
            if (from >= 0) board.squares[from] = null;
            board.squares[to] = {
              color: (change.color ?? existing?.color ?? decl?.color ?? 'white') as ProblemColor,
              kind: change.kind ?? existing?.kind ?? decl?.kind ?? 'pawn',
              id: change.piece,
            };
          }
        }
        return board;
      }
    }
  }
}

/**
 * Derives every twin of every release of a problem (in document order): one item per twin, with
 * the errors (broken references, cycles, squares off the board) and warnings found deriving it.
 */
export function deriveTwins(problem: Problem): Parsed<DerivedTwin>[] {
  const out: Parsed<DerivedTwin>[] = [];
  for (const release of problem.releases) {
    for (const twin of release.twins) {
      const errors: NotationError[] = [];
      const warnings: NotationError[] = [];
      const d = new Deriver(problem, errors, warnings);
      const r = d.twin(twin, release);
      const derived: DerivedTwin = { releaseId: release.id, twinId: twin.id, chain: r.chain, board: r.board };
      if (twin.type) derived.type = twin.type;
      if (r.stipulation) derived.stipulation = r.stipulation;
      out.push({ value: derived, errors, warnings });
    }
  }
  return out;
}

/** Derives one twin by id (within the given release, or the first release that has it). */
export function deriveTwin(problem: Problem, twinId: string, releaseId?: string): Parsed<DerivedTwin> | undefined {
  return deriveTwins(problem).find(
    ({ value: t }) => t.twinId === twinId && (releaseId === undefined || t.releaseId === releaseId),
  );
}
