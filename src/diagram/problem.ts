// Chess problem diagrams: authors and source above the board, stipulation and the piece count in
// the customary `(white+black)` form below it. Boards may be other than 8×8 and hold neutral and
// fairy pieces.
import { err, ok, type Result } from '../errors.js';
import { countPieces, parseForsyth, type ProblemBoard } from '../problems/board.js';
import type { PbiProblem } from '../problems/pbi.js';
import { makeStipulation } from '../problems/stipulation.js';
import { deriveTwins } from '../problems/xml/derive.js';
import type { Author, Problem, Source } from '../problems/xml/model.js';
import { drawBoard, listPieces, type BoardPiece } from './board.js';
import { envelope, text, theme as makeTheme, type DiagramTheme } from './svg.js';
import { resultBoundary } from '../text/boundary.js';

/** Options of `problemDiagram`. */
export interface ProblemDiagramOptions {
  /** Side of an 8×8 board in pixels (default 320). */
  size?: number;
  flip?: boolean;
  /** Default false: problem diagrams are usually printed without coordinates. */
  coordinates?: boolean;
  theme?: Partial<DiagramTheme>;
  stipulation?: string;
  authors?: readonly string[];
  /** Where it was published, e.g. `The Problemist 1950`. */
  source?: string;
  /** An award line, e.g. `1st Prize`. */
  award?: string;
  title?: string;
  id?: string;
}

/** `(7+5)`, with a third term for neutral pieces: `(7+5+1)`. */
export function pieceCount(board: ProblemBoard): string {
  const c = countPieces(board);
  return c.neutral ? `(${c.white}+${c.black}+${c.neutral})` : `(${c.white}+${c.black})`;
}

function readProblemBoard(input: ProblemBoard | string): Result<ProblemBoard> {
  if (typeof input !== 'string') return ok(input);
  const field = input.trim().split(/\s+/)[0] ?? '';
  const r = parseForsyth(field.replace(/\[.*$/, ''), { allowN: true, code: 'ERR_DIAGRAM_POSITION' });
  if (r.errors.length) return err(r.errors[0]!);
  return ok(r.value.board);
}

/** SVG of a chess problem board (a Forsyth string or a ProblemBoard; fairy pieces and neutrals included). */
export function problemDiagram(input: ProblemBoard | string, options: ProblemDiagramOptions = {}): Result<string> {
  return resultBoundary('problemDiagram', () => problemDiagramUnchecked(input, options));
}

function problemDiagramUnchecked(input: ProblemBoard | string, options: ProblemDiagramOptions = {}): Result<string> {
  const r = readProblemBoard(input);
  if (!r.ok) return r;
  const board = r.value;
  const t = makeTheme(options.theme);
  const square = (options.size ?? 320) / 8;
  const coordinates = options.coordinates ?? false;
  const margin = coordinates ? square * 0.45 : square * 0.1;
  const fs = square * 0.32;
  const authors = (options.authors ?? []).filter((a) => a.trim());
  const headerLines = [authors.join(', '), options.source ?? '', options.award ?? ''].filter((l) => l);
  const header = headerLines.length * fs * 1.35 + (headerLines.length ? fs * 0.4 : 0);
  const boardWidth = square * board.files;
  const boardHeight = square * board.ranks;
  const width = margin + boardWidth + square * 0.1;
  const parts: string[] = [];
  headerLines.forEach((line, i) => {
    parts.push(
      text(margin + boardWidth / 2, fs * 1.1 + i * fs * 1.35, line, {
        'font-size': fs,
        'text-anchor': 'middle',
        fill: t.text,
        'font-weight': i === 0 && authors.length ? 'bold' : 'normal',
        class: i === 0 && authors.length ? 'authors' : 'source',
      }),
    );
  });
  const pieces: (BoardPiece | null)[] = board.squares.map((p) => (p ? { color: p.color, kind: p.kind } : null));
  parts.push(
    drawBoard(
      pieces,
      {
        x: margin,
        y: header,
        square,
        files: board.files,
        ranks: board.ranks,
        flip: options.flip ?? false,
        coordinates,
      },
      {},
      t,
    ),
  );
  const y = header + boardHeight + (coordinates ? margin : 0) + fs * 1.3;
  const count = pieceCount(board);
  parts.push(
    `<g class="stipulation">${text(margin, y, options.stipulation ?? '', { 'font-size': fs * 1.1, 'font-weight': 'bold', fill: t.text })}</g>`,
  );
  parts.push(
    `<g class="piece-count">${text(margin + boardWidth, y, count, { 'font-size': fs * 1.1, 'text-anchor': 'end', fill: t.text })}</g>`,
  );
  const white = listPieces(pieces, 'white', board.files);
  const black = listPieces(pieces, 'black', board.files);
  const neutral = listPieces(pieces, 'neutral', board.files);
  const description = [
    authors.length ? `By ${authors.join(', ')}.` : '',
    options.source ? `${options.source}.` : '',
    options.award ? `${options.award}.` : '',
    `White (${white.length}): ${white.join(', ') || 'none'}.`,
    `Black (${black.length}): ${black.join(', ') || 'none'}.`,
    neutral.length ? `Neutral (${neutral.length}): ${neutral.join(', ')}.` : '',
    options.stipulation ? `Stipulation: ${options.stipulation}.` : '',
    `${count}.`,
  ]
    .filter((s) => s)
    .join(' ');
  return ok(
    envelope(
      {
        width,
        height: y + fs * 0.6,
        title: options.title ?? 'Chess problem diagram',
        description,
        id: options.id,
        kind: 'gn-diagram gn-problem',
        font: t.font,
        background: t.background,
      },
      parts.join(''),
    ),
  );
}

/** A PBI problem's diagram: its authors, used source, first award and stipulation. */
export function pbiProblemDiagram(problem: PbiProblem, options: ProblemDiagramOptions = {}): Result<string> {
  return resultBoundary('pbiProblemDiagram', () => pbiProblemDiagramUnchecked(problem, options));
}

function pbiProblemDiagramUnchecked(problem: PbiProblem, options: ProblemDiagramOptions = {}): Result<string> {
  if (!problem.board)
    return err({ code: 'ERR_DIAGRAM_POSITION', message: 'the problem has no valid position', line: problem.line });
  const src = problem.usedSource;
  const source = src ? [src.title, src.nr && `no. ${src.nr}`, src.date].filter((s) => s).join(', ') : undefined;
  const award = problem.awards[0]
    ? [problem.awards[0].rank, problem.awards[0].tourney].filter((s) => s).join(', ')
    : undefined;
  return problemDiagram(problem.board, {
    stipulation: problem.stipulation,
    authors: problem.names,
    source: source || undefined,
    award: award || undefined,
    ...options,
  });
}

function authorName(a: Author): string {
  const n = a.name;
  if (!n) return '';
  return n.transcription ?? [n.givenNames, n.familyName].filter((s) => s).join(' ');
}

function sourceText(s: Source): string {
  if (s.text) return s.text;
  return [s.name, s.number && `no. ${s.number}`, s.date?.year].filter((x) => x).join(', ');
}

/**
 * A problem.xsd problem's diagram: a twin's position (default the first twin of the first
 * release), with that release's authors, first source, first award and the twin's stipulation.
 */
export function problemXmlDiagram(
  problem: Problem,
  options: ProblemDiagramOptions & { twin?: string } = {},
): Result<string> {
  return resultBoundary('problemXmlDiagram', () => problemXmlDiagramUnchecked(problem, options));
}

function problemXmlDiagramUnchecked(
  problem: Problem,
  options: ProblemDiagramOptions & { twin?: string } = {},
): Result<string> {
  const twins = deriveTwins(problem).map((t) => t.value);
  const twin = options.twin !== undefined ? twins.find((t) => t.twinId === options.twin) : twins[0];
  if (!twin)
    return err({
      code: 'ERR_DIAGRAM_POSITION',
      message: options.twin !== undefined ? `no twin '${options.twin}'` : 'the problem has no position',
      line: problem.pos?.line,
      column: problem.pos?.column,
    });
  const release = problem.releases.find((r) => r.id === twin.releaseId);
  const award = release?.awards[0];
  const { twin: _twin, ...rest } = options;
  return problemDiagram(twin.board, {
    stipulation: makeStipulation(twin.stipulation) || undefined,
    authors: release?.authors.map(authorName).filter((a) => a) ?? [],
    source: release?.sources[0] ? sourceText(release.sources[0]) || undefined : undefined,
    award: award ? [award.distinction, award.tourney?.name].filter((x) => x).join(', ') || undefined : undefined,
    ...rest,
  });
}
