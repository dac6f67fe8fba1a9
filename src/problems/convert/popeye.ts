// PBI and problem XML → Popeye input.
import type { NotationError } from '../../errors.js';
import { isOrthodoxKind, squareName, type ProblemBoard } from '../board.js';
import type { PbiDocument } from '../pbi.js';
import { makeStipulation, stipulationOf } from '../stipulation.js';
import { effectiveRelease, latestRelease } from '../xml/derive.js';
import type { ProblemsDocument } from '../xml/model.js';
import { formatDate, authorName, type ConvertResult, sourceToPbi, warn } from './records.js';
import { twinCommands, releaseTwins, popeyeLetter } from './twins.js';

// ---------------------------------------------------------------- Popeye

function popeyePieces(board: ProblemBoard, where: string, warnings: NotationError[]): string {
  const groups: Record<string, string[]> = { white: [], black: [], neutral: [] };
  const order = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];
  const squares = board.squares.map((p, sq) => ({ p, sq })).filter((x) => x.p);
  squares.sort((x, y) => {
    const kx = order.indexOf(x.p!.kind);
    const ky = order.indexOf(y.p!.kind);
    return (kx < 0 ? 99 : kx) - (ky < 0 ? 99 : ky);
  });
  for (const { p, sq } of squares) {
    if (!isOrthodoxKind(p!.kind))
      warn(
        warnings,
        'ERR_CONVERT_FAIRY',
        `${where}: fairy piece '${p!.kind}' written as '${popeyeLetter(p!.kind)}' (check Popeye's piece code)`,
      );
    const group = groups[p!.color];
    if (!group)
      warn(
        warnings,
        'ERR_CONVERT_COLOR',
        `${where}: piece colour '${p!.color}' on ${squareName(sq, board.files)} has no Popeye form; left out`,
      );
    else group.push(`${popeyeLetter(p!.kind)}${squareName(sq, board.files)}`);
  }
  const parts = ['White', 'Black', 'Neutral']
    .map((c) => [c, groups[c.toLowerCase()]!] as const)
    .filter(([, l]) => l.length);
  return parts.map(([c, l]) => `${c} ${l.join(' ')}`).join(' ');
}

function popeyeText(text: string): string {
  return text.replace(/[\r\n\u0085\u2028]+/g, ' ');
}

interface PopeyeProblem {
  authors: string[];
  origin?: string;
  award?: string;
  title?: string;
  board?: ProblemBoard;
  stipulation: string;
  twins: string[];
  duplex?: boolean;
  /** The diagram is a zero position: the first twin line is Popeye's `ZeroPosition`. */
  zero?: boolean;
}

function writePopeye(problems: PopeyeProblem[], warnings: NotationError[]): string {
  const blocks = problems.map((p, i) => {
    const where = `problem ${i + 1}`;
    const lines: string[] = [];
    for (const a of p.authors) lines.push(`Author ${popeyeText(a)}`);
    if (p.origin) lines.push(`Origin ${popeyeText(p.origin)}`);
    if (p.award) lines.push(`Award ${popeyeText(p.award)}`);
    if (p.title) lines.push(`Title ${popeyeText(p.title)}`);
    if (p.board) lines.push(`Pieces ${popeyePieces(p.board, where, warnings)}`);
    else warn(warnings, 'ERR_CONVERT_POSITION', `${where}: no position`);
    if (p.stipulation && !stipulationOf(p.stipulation)) {
      warn(
        warnings,
        'ERR_CONVERT_STIPULATION',
        `${where}: stipulation '${p.stipulation}' is not in a form Popeye reads; written as is`,
      );
    }
    if (!p.stipulation) warn(warnings, 'ERR_CONVERT_STIPULATION', `${where}: no stipulation`);
    lines.push(`Stipulation ${popeyeText(p.stipulation)}`);
    lines.push(p.duplex ? 'Option NoBoard Duplex' : 'Option NoBoard');
    p.twins.forEach((t, i) => lines.push(`${p.zero && i === 0 ? 'ZeroPosition' : 'Twin'} ${t}`));
    return lines.join('\n');
  });
  return `BeginProblem\n${blocks.join('\nNextProblem\n')}\nEndProblem\n`;
}

/** PBI → Popeye input (one problem per data line). */
export function pbiToPopeye(doc: PbiDocument): ConvertResult<string> {
  const warnings: NotationError[] = [];
  const problems: PopeyeProblem[] = doc.problems.map((p) => {
    const s = p.usedSource;
    const origin = s ? [s.nr, s.title, s.date, s.page].filter(Boolean).join(', ') : '';
    const award = p.awards.map((a) => [a.rank, a.tourney, a.date].filter(Boolean).join(', ')).join('; ');
    const pp: PopeyeProblem = { authors: p.names, stipulation: p.stipulation, twins: [] };
    if (origin) pp.origin = origin;
    if (award) pp.award = award;
    if (p.board) pp.board = p.board;
    return pp;
  });
  return { value: writePopeye(problems, warnings), warnings };
}

/** problem XML → Popeye input: the latest release of each problem, its twins as Popeye twins. */
export function xmlToPopeye(doc: ProblemsDocument): ConvertResult<string> {
  const warnings: NotationError[] = [];
  const problems: PopeyeProblem[] = doc.problems.map((problem, index) => {
    const where = `problem ${index + 1}`;
    const latest = latestRelease(problem);
    const release = latest ? effectiveRelease(problem, latest) : undefined;
    const derived = latest ? releaseTwins(problem, latest).map((t) => t.value) : [];
    const first = derived[0];
    const pp: PopeyeProblem = {
      authors: (release?.authors ?? []).map((a) => authorName(a, where, warnings)),
      stipulation: makeStipulation(first?.stipulation),
      twins: [],
    };
    const src = release?.sources[0];
    if (src) {
      const s = sourceToPbi(src, where, []);
      pp.origin = [s.nr, s.title, s.date, s.page].filter(Boolean).join(', ');
    }
    const award = (release?.awards ?? [])
      .map((a) => [a.distinction, a.tourney?.name, formatDate(a.tourney?.date)].filter(Boolean).join(', '))
      .join('; ');
    if (award) pp.award = award;
    if (first) pp.board = first.board;
    if (first?.type === 'zeroposition') pp.zero = true;
    for (const t of derived.slice(1)) {
      if (t.type === 'duplex') {
        pp.duplex = true;
        continue;
      }
      const cmds = first ? twinCommands(first, t) : [];
      if (!cmds.length)
        warn(warnings, 'ERR_CONVERT_TWIN', `${where}: twin '${t.twinId}' does not differ from the first twin`);
      else pp.twins.push(cmds.join(' '));
    }
    if (release?.twins.some((t) => t.conditions))
      warn(warnings, 'ERR_CONVERT_CONDITIONS', `${where}: fairy conditions are not carried`);
    return pp;
  });
  return { value: writePopeye(problems, warnings), warnings };
}
