// Twins for the conversions: the twins of a release, how a twin differs from the first one as
// Popeye twinning commands, and a twin's solution as text.
import type { Parsed } from '../../errors.js';
import { kindLetter, squareName, type ProblemBoard, type ProblemColor } from '../board.js';
import { makeStipulation } from '../stipulation.js';
import { deriveTwins, effectiveRelease, type DerivedTwin } from '../xml/derive.js';
import type { Problem, Stipulation } from '../xml/model.js';

/** Describes how a twin differs from the first twin as Popeye twinning commands. */
export function twinCommands(first: DerivedTwin, twin: DerivedTwin): string[] {
  const a = first.board;
  const b = twin.board;
  const s1 = makeStipulation(first.stipulation);
  const s2 = makeStipulation(twin.stipulation);
  const stipulation = s2 !== s1 && s2 !== '' ? [`Stipulation ${s2}`] : [];
  const whole = wholeBoardTwin(a, b);
  if (whole) return [whole, ...stipulation];
  const cmds: string[] = [];
  const same = (x: ProblemBoard['squares'][number], y: ProblemBoard['squares'][number]) =>
    !!x && !!y && x.color === y.color && x.kind === y.kind;
  const removed: number[] = [];
  const added: number[] = [];
  const size = Math.max(a.squares.length, b.squares.length);
  for (let sq = 0; sq < size; sq++) {
    const x = a.squares[sq] ?? null;
    const y = b.squares[sq] ?? null;
    if (x && y && same(x, y)) continue;
    if (x) removed.push(sq);
    if (y) added.push(sq);
  }
  const used = new Set<number>();
  const done = new Set<number>();
  for (const s of removed) {
    if (done.has(s)) continue;
    // Exchange: the piece from s is now on t and the piece from t is now on s.
    const t = removed.find(
      (u) => u !== s && !done.has(u) && same(a.squares[s]!, b.squares[u]) && same(a.squares[u]!, b.squares[s]),
    );
    if (t !== undefined) {
      cmds.push(`Exchange ${squareName(s)} ${squareName(t)}`);
      done.add(s).add(t);
      used.add(s).add(t);
      continue;
    }
  }
  // Moves (a target may hold a piece that goes away: Popeye's Move replaces it).
  const moves: [number, number][] = [];
  for (const s of removed) {
    if (done.has(s)) continue;
    const piece = a.squares[s]!;
    const candidates = added.filter(
      (t) => !used.has(t) && same(piece, b.squares[t]) && (!a.squares[t] || removed.includes(t)),
    );
    const t = candidates.find((u) => piece.id !== undefined && b.squares[u]?.id === piece.id) ?? candidates[0];
    if (t === undefined) continue;
    moves.push([s, t]);
    used.add(t);
    done.add(s);
  }
  // A move must not land on a piece that still has to move away: order them, break cycles into Remove/Add.
  const pending = [...moves];
  while (pending.length) {
    const i = pending.findIndex(([, t]) => !pending.some(([s]) => s === t));
    if (i < 0) {
      for (const [s, t] of pending) {
        done.delete(s);
        used.delete(t);
      }
      break;
    }
    const [s, t] = pending.splice(i, 1)[0]!;
    cmds.push(`Move ${squareName(s)} ${squareName(t)}`);
  }
  const implied = new Set(moves.filter(([s, t]) => done.has(s) && a.squares[t] && !done.has(t)).map(([, t]) => t));
  for (const s of removed) {
    if (done.has(s) || implied.has(s)) continue;
    cmds.push(`Remove ${squareName(s)}`);
    done.add(s);
  }
  for (const t of added) {
    if (used.has(t)) continue;
    const p = b.squares[t]!;
    cmds.push(`Add ${p.color} ${popeyeLetter(p.kind)}${squareName(t)}`);
  }
  return [...cmds, ...stipulation];
}

/** Popeye's whole-board twinnings (Rotate, Mirror, PolishType, Shift) when one turns a into b. */
function wholeBoardTwin(a: ProblemBoard, b: ProblemBoard): string | undefined {
  if (a.files !== 8 || a.ranks !== 8 || b.files !== 8 || b.ranks !== 8) return undefined;
  const pieces = a.squares.map((p, sq) => ({ p, sq })).filter((x) => x.p);
  if (pieces.length < 2 || pieces.length !== b.squares.filter(Boolean).length) return undefined;
  const maps: [string, (x: number, y: number) => [number, number], boolean?][] = [
    ['Rotate 90', (x, y) => [7 - y, x]],
    ['Rotate 180', (x, y) => [7 - x, 7 - y]],
    ['Rotate 270', (x, y) => [y, 7 - x]],
    ['Mirror a1<-->h1', (x, y) => [7 - x, y]],
    ['Mirror a1<-->a8', (x, y) => [x, 7 - y]],
    ['Mirror a1<-->h8', (x, y) => [y, x]],
    ['Mirror a8<-->h1', (x, y) => [7 - y, 7 - x]],
    ['PolishType', (x, y) => [x, y], true],
  ];
  for (let dx = -7; dx <= 7; dx++) {
    for (let dy = -7; dy <= 7; dy++) {
      if (!dx && !dy) continue;
      // Popeye's Shift names a square and the square it goes to: take a pair on the board
      const from = Math.max(0, -dy) * 8 + Math.max(0, -dx);
      const to = (Math.max(0, -dy) + dy) * 8 + Math.max(0, -dx) + dx;
      maps.push([`Shift ${squareName(from)} ${squareName(to)}`, (x, y) => [x + dx, y + dy]]);
    }
  }
  for (const [name, f, swap] of maps) {
    const ok = pieces.every(({ p, sq }) => {
      const [x, y] = f(sq % 8, Math.floor(sq / 8));
      if (x < 0 || y < 0 || x > 7 || y > 7) return false;
      const q = b.squares[y * 8 + x];
      const color = swap && p!.color !== 'neutral' ? (p!.color === 'white' ? 'black' : 'white') : p!.color;
      return !!q && q.kind === p!.kind && q.color === color;
    });
    if (!ok) continue;
    return name;
  }
  return undefined;
}

export function popeyeLetter(kind: string): string {
  return kindLetter(kind, 'S') ?? kind.toUpperCase();
}

/**
 * The derived twins of a release (`deriveTwins` items); a correction without twins of its own has
 * its base release's.
 */
export function releaseTwins(problem: Problem, release: Problem['releases'][number]): Parsed<DerivedTwin>[] {
  const own = deriveTwins(problem).filter((t) => t.value.releaseId === release.id);
  if (own.length) return own;
  const inherited = effectiveRelease(problem, release);
  return inherited.twins.length
    ? deriveTwins({
        ...problem,
        releases: [...problem.releases.filter((r) => r !== release), { ...release, twins: inherited.twins }],
      }).filter((t) => t.value.releaseId === release.id)
    : [];
}

/**
 * The solution's moves as text in Popeye's long notation (`Sf8*e6`, `f7-f8=S`): the keys for direct
 * and self play, every full line for help play. Empty when the twin has no moves.
 */
export function solutionText(
  twin: Problem['releases'][number]['twins'][number],
  board: ProblemBoard,
  stipulation?: Stipulation,
): string {
  const moves = (twin.solution?.items ?? []).filter((m): m is Extract<typeof m, { kind: 'move' }> => m.kind === 'move');
  if (!moves.length) return '';
  const ids = new Set(moves.map((m) => m.id).filter(Boolean));
  const children = (id: string | undefined) => moves.filter((m) => m.parent !== undefined && m.parent === id);
  const roots = moves.filter((m) => m.parent === undefined || !ids.has(m.parent));
  const play = (b: ProblemBoard, move: (typeof moves)[number]): string => {
    let text = '';
    let capture = false;
    for (const change of move.changes) {
      const from = b.squares.findIndex((p) => p?.id === change.piece);
      if (!change.square.length) {
        if (from >= 0) b.squares[from] = null;
        capture = true;
        continue;
      }
      const file = change.square.find((p) => p.dim === 1)?.value;
      const rank = change.square.find((p) => p.dim === 2)?.value;
      if (file === undefined || rank === undefined || file < 1 || rank < 1 || file > b.files || rank > b.ranks)
        continue;
      const to = (rank - 1) * b.files + file - 1;
      const piece = from >= 0 ? b.squares[from]! : undefined;
      if (b.squares[to] && b.squares[to] !== piece) capture = true;
      if (!text && piece) {
        const letter = piece.kind === 'pawn' ? '' : popeyeLetter(piece.kind);
        const promo = change.kind && change.kind !== piece.kind ? `=${popeyeLetter(change.kind)}` : '';
        text = `${letter}${squareName(from, b.files)}%${squareName(to, b.files)}${promo}`;
      }
      if (from >= 0) b.squares[from] = null;
      b.squares[to] = {
        color: (change.color ?? piece?.color ?? 'white') as ProblemColor,
        kind: change.kind ?? piece?.kind ?? 'pawn',
        id: change.piece,
      };
    }
    return text.replace('%', capture ? '*' : '-');
  };
  const lines: string[] = [];
  const clone = (b: ProblemBoard): ProblemBoard => ({ ...b, squares: b.squares.map((p) => (p ? { ...p } : null)) });
  const help = stipulation?.play === 'help';
  const walk = (b: ProblemBoard, move: (typeof moves)[number], prefix: string[]) => {
    const line = [...prefix, play(b, move)];
    const next = children(move.id);
    if (!help || !next.length || move.id === undefined) lines.push(line.filter(Boolean).join(' '));
    else for (const child of next) walk(clone(b), child, line);
  };
  for (const root of roots) walk(clone(board), root, []);
  return lines.join(' / ');
}
