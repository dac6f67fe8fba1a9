// PBI ↔ problem XML. Whatever the target cannot carry is reported as a warning (ERR_CONVERT_*).
import type { NotationError } from '../../errors.js';
import { makeForsyth, squareName, type ProblemBoard } from '../board.js';
import { newPbiProblem, type PbiAward, type PbiDocument } from '../pbi.js';
import { makeStipulation, stipulationOf } from '../stipulation.js';
import { effectiveRelease, latestRelease, squareToPlanes } from '../xml/derive.js';
import type { Award, PieceDecl, PieceOp, Problem, ProblemsDocument } from '../xml/model.js';
import {
  formatDate,
  sourceFromPbi,
  authorName,
  type ConvertResult,
  sourceToPbi,
  parseDate,
  STATUS_TO_CORRECTNESS,
  warn,
  CORRECTNESS_TO_STATUS,
} from './records.js';
import { twinCommands, releaseTwins, solutionText } from './twins.js';

/** Piece declaration id in the style of the problem.xsd example: `whitekinga5`. */
export function pieceDeclId(color: string, kind: string, square: number, files = 8): string {
  return `${color}${kind}${squareName(square, files)}`;
}

function piecesFromBoard(board: ProblemBoard): { decls: PieceDecl[]; additions: PieceOp[] } {
  const decls: PieceDecl[] = [];
  const additions: PieceOp[] = [];
  board.squares.forEach((p, sq) => {
    if (!p) return;
    const id = p.id ?? pieceDeclId(p.color, p.kind, sq, board.files);
    decls.push({ id, kind: p.kind, color: p.color });
    additions.push({ op: 'addition', piece: id, square: squareToPlanes(sq, board.files) });
  });
  // Kings first, then by kind and colour, as problem diagrams are usually listed.
  return { decls, additions };
}

/** PBI → problem XML: one problem per data line, the file comments as a document remark. */
export function pbiToXml(doc: PbiDocument): ConvertResult<ProblemsDocument> {
  const warnings: NotationError[] = [];
  const out: ProblemsDocument = { encoding: 'UTF-8', problems: [], remarks: [] };
  if (doc.comments.length) out.remarks.push({ text: doc.comments.map((c) => c.text).join('\n') });
  doc.problems.forEach((p, index) => {
    const where = `problem ${index + 1}`;
    const line = p.line;
    const problem: Problem = {
      foreignIds: [],
      piecedecls: [],
      releases: [],
      remarks: [],
      themes: [],
      uncertainties: [],
    };
    const twin: Problem['releases'][number]['twins'][number] = { id: 't1' };
    if (p.board) {
      const { decls, additions } = piecesFromBoard(p.board);
      problem.piecedecls = decls;
      twin.position = { id: 'p1', ops: [{ op: 'pieces', items: additions }], remarks: [] };
    } else if (p.position !== '') {
      warn(
        warnings,
        'ERR_CONVERT_POSITION',
        `${where}: the position '${p.position}' is not valid and was not carried`,
        line,
      );
    }
    if (p.stipulation !== '') twin.stipulation = stipulationOf(p.stipulation) ?? { text: p.stipulation };
    if (p.keymove !== '') twin.solution = { items: [{ kind: 'movetext', text: p.keymove }] };
    const release: Problem['releases'][number] = {
      id: 'r1',
      type: 'initial',
      authors: p.names.map((n) => ({ name: { familyName: n } })),
      sources:
        p.usedSource && (p.usedSource.nr || p.usedSource.title || p.usedSource.date || p.usedSource.page)
          ? [sourceFromPbi(p.usedSource, `${where} used source`, warnings, line)]
          : [],
      awards: p.awards.map((a): Award => {
        if (a.nr !== '')
          warn(warnings, 'ERR_CONVERT_AWARD', `${where}: award number '${a.nr}' has no place in problem.xsd`, line);
        const award: Award = { distinction: a.rank };
        if (a.tourney !== '' || a.date !== '') {
          award.tourney = { name: a.tourney };
          const date = parseDate(a.date);
          if (date) award.tourney.date = date;
          else if (a.date !== '') {
            warn(
              warnings,
              'ERR_CONVERT_AWARD',
              `${where}: award date '${a.date}' is not a date problem.xsd can hold; appended to the tourney name`,
              line,
            );
            award.tourney.name = `${a.tourney}, ${a.date}`;
          }
        }
        return award;
      }),
      reprints: p.referencedSources.map((s, i) =>
        sourceFromPbi(s, `${where} referenced source ${i + 1}`, warnings, line),
      ),
      twins: [twin],
      correctness: [],
    };
    if (p.status !== '') {
      const type = STATUS_TO_CORRECTNESS[p.status];
      release.correctness.push(type ? { type } : { type: 'other', text: p.status });
    }
    problem.releases.push(release);
    if (p.comment !== '') problem.remarks.push({ text: p.comment });
    out.problems.push(problem);
  });
  out.count = out.problems.length;
  return { value: out, warnings };
}

/** Options of the problem XML to PBI conversion. */
export interface XmlToPbiOptions {
  /** PBI version to write (default '1.2'). */
  version?: string;
}

/** problem XML → PBI: one data line per problem, from its latest release and first twin. */
export function xmlToPbi(doc: ProblemsDocument, options: XmlToPbiOptions = {}): ConvertResult<PbiDocument> {
  const warnings: NotationError[] = [];
  const out: PbiDocument = { version: options.version ?? '1.2', comments: [], problems: [] };
  for (const r of doc.remarks) if (r.text) out.comments.push(...r.text.split(/\r\n|\r|\n/).map((text) => ({ text })));
  doc.problems.forEach((problem, index) => {
    const where = `problem ${index + 1}`;
    const line = problem.pos?.line;
    const latest = latestRelease(problem);
    if (!latest) {
      warn(warnings, 'ERR_CONVERT_EMPTY', `${where}: no release, written as an empty line record`, line);
      out.problems.push(newPbiProblem());
      return;
    }
    if (problem.releases.length > 1)
      warn(warnings, 'ERR_CONVERT_RELEASE', `${where}: only the latest release '${latest.id}' is carried`, line);
    const release = effectiveRelease(problem, latest);
    const derivedAll = releaseTwins(problem, latest).map((t) => t.value);
    const first = derivedAll[0];
    const p = newPbiProblem({ names: release.authors.map((a) => authorName(a, where, warnings)) });
    if (first) {
      const forsyth = makeForsyth(first.board, 'S');
      if (forsyth === undefined)
        warn(
          warnings,
          'ERR_CONVERT_POSITION',
          `${where}: the position has fairy/neutral pieces or is not 8×8; PBI cannot carry it`,
          line,
        );
      else if (first.board.squares.some(Boolean)) {
        p.position = forsyth;
        p.board = first.board;
      }
      p.stipulation = makeStipulation(first.stipulation);
      if (first.stipulation && p.stipulation === '')
        warn(warnings, 'ERR_CONVERT_STIPULATION', `${where}: the stipulation has no common text form`, line);
    }
    const twins = release.twins;
    const extra: string[] = [];
    const zero = first?.type === 'zeroposition';
    if (zero) extra.push('zero position');
    derivedAll.slice(1).forEach((t, i) => {
      const label = String.fromCharCode((zero ? 97 : 98) + i);
      const cmds = first ? twinCommands(first, t) : [];
      extra.push(`${label}) ${t.type === 'duplex' ? 'Duplex' : cmds.join(', ') || t.twinId}`);
    });
    if (derivedAll.length > 1)
      warn(
        warnings,
        'ERR_CONVERT_TWIN',
        `${where}: PBI has no twins; ${derivedAll.length - 1} twin(s) described in the comment`,
        line,
      );
    const firstTwin = twins[0];
    const solution = firstTwin?.solution;
    if (solution) {
      const texts = solution.items.filter((x) => x.kind === 'movetext' && x.after === undefined).map((x) => x.text);
      p.keymove = texts.join(' ');
      if (solution.items.some((x) => x.kind === 'move')) {
        const first0 = derivedAll.find((t) => t.twinId === firstTwin!.id);
        if (!p.keymove && first0) p.keymove = solutionText(firstTwin!, first0.board, first0.stipulation);
        warn(
          warnings,
          'ERR_CONVERT_SOLUTION',
          `${where}: solution moves written as keymove text only${derivedAll.length > 1 ? ' (first twin)' : ''}`,
          line,
        );
      }
    }
    const used = release.sources[0];
    if (used) p.usedSource = sourceToPbi(used, `${where} source`, warnings);
    if (release.sources.length > 1) {
      warn(warnings, 'ERR_CONVERT_SOURCE', `${where}: further sources written as referenced sources`, line);
    }
    p.referencedSources = [...release.sources.slice(1), ...release.reprints].map((s) =>
      sourceToPbi(s, `${where} reprint`, warnings),
    );
    p.awards = release.awards.map((a): PbiAward => ({
      nr: '',
      rank: a.distinction ?? '',
      tourney: a.tourney?.name ?? '',
      date: formatDate(a.tourney?.date),
    }));
    const c = release.correctness[0];
    if (c) p.status = (c.type && CORRECTNESS_TO_STATUS[c.type]) ?? c.text ?? '';
    const comments = problem.remarks.map((r) => r.text ?? '').filter(Boolean);
    p.comment = [...comments, ...extra].join('; ');
    if (problem.foreignIds.length || problem.themes.length)
      warn(warnings, 'ERR_CONVERT_DROPPED', `${where}: foreign ids and themes are not carried`, line);
    if (twins.some((t) => t.conditions))
      warn(warnings, 'ERR_CONVERT_CONDITIONS', `${where}: fairy conditions are not carried`, line);
    out.problems.push(p);
  });
  return { value: out, warnings };
}
