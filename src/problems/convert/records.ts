// Shared pieces of the problem conversions: the result shape, warnings, and the record fields
// (dates, sources, authors, status) that PBI and problem XML both carry.
import type { NotationError } from '../../errors.js';
import type { PbiSource, PbiStatus } from '../pbi.js';
import type { Problem, Source, XmlDate, XmlNode } from '../xml/model.js';

/** A converted value and the warnings about what the target format could not keep. */
export interface ConvertResult<T> {
  value: T;
  warnings: NotationError[];
}

export const warn = (warnings: NotationError[], code: string, message: string, line?: number) => {
  const w: NotationError = { code, message };
  if (line !== undefined) {
    w.line = line;
    w.column = 1;
  }
  warnings.push(w);
};

export const STATUS_TO_CORRECTNESS: Record<string, string> = {
  '!': 'correct',
  '*': 'cooked',
  '+': 'nosolution',
  $: 'shortsolution',
  '?': 'keyproblem',
};
export const CORRECTNESS_TO_STATUS: Record<string, PbiStatus> = Object.fromEntries(
  Object.entries(STATUS_TO_CORRECTNESS).map(([k, v]) => [v, k as PbiStatus]),
);

export function parseDate(text: string): XmlDate | undefined {
  let m = /^([0-9]{4})$/.exec(text);
  if (m) return { year: m[1] };
  m = /^([0-9]{1,2})\/([0-9]{4})$/.exec(text);
  if (m) return { month: m[1], year: m[2] };
  m = /^([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{4})$/.exec(text);
  if (m) return { day: m[1], month: m[2], year: m[3] };
  return undefined;
}

export function formatDate(d: XmlDate | undefined): string {
  if (!d) return '';
  if (d.day && d.month && d.year) return `${d.day}.${d.month}.${d.year}`;
  if (d.month && d.year) return `${d.month}/${d.year}`;
  return d.year ?? '';
}

// ---------------------------------------------------------------- PBI → XML

export function sourceFromPbi(s: PbiSource, where: string, warnings: NotationError[], line?: number): Source {
  const date = s.date === '' ? undefined : parseDate(s.date);
  if (s.date !== '' && !date) {
    // Not a date problem.xsd can hold: keep the whole reference as the free-text form.
    warn(
      warnings,
      'ERR_CONVERT_SOURCE',
      `${where}: date '${s.date}' is not day.month.year, month/year or year; written as source text`,
      line,
    );
    return { remarks: [], tourneys: [], text: [s.nr, s.title, s.date, s.page].join('|') };
  }
  const src: Source = { remarks: [], tourneys: [] };
  if (s.title !== '' || s.nr !== '' || date) src.name = s.title;
  if (date) src.date = date;
  if (s.nr !== '') src.problemId = s.nr;
  if (s.page !== '') {
    warn(
      warnings,
      'ERR_CONVERT_SOURCE',
      `${where}: problem.xsd has no page field; page '${s.page}' kept in a source remark`,
      line,
    );
    src.remarks.push({ text: `page: ${s.page}` });
  }
  return src;
}

export function sourceToPbi(s: Source, where: string, warnings: NotationError[]): PbiSource {
  if (s.text !== undefined && s.name === undefined) {
    const parts = s.text.split('|');
    if (parts.length === 4) return { nr: parts[0]!, title: parts[1]!, date: parts[2]!, page: parts[3]! };
    return { nr: '', title: s.text, date: '', page: '' };
  }
  let title = s.name ?? '';
  if (s.volume) title += ` vol. ${s.volume}`;
  if (s.issue) title += ` no. ${s.issue}`;
  if (s.volume || s.issue) warn(warnings, 'ERR_CONVERT_SOURCE', `${where}: volume/issue folded into the PBI title`);
  let page = '';
  for (const r of s.remarks) {
    const m = /^page: (.*)$/.exec(r.text ?? '');
    if (m) page = m[1]!;
    else warn(warnings, 'ERR_CONVERT_SOURCE', `${where}: source remark '${r.text ?? ''}' not carried`);
  }
  if (s.tourneys.length) warn(warnings, 'ERR_CONVERT_SOURCE', `${where}: source tourney not carried`);
  return { nr: s.problemId ?? s.number ?? '', title, date: formatDate(s.date), page };
}

// ---------------------------------------------------------------- XML → PBI

export function authorName(
  a: Problem['releases'][number]['authors'][number],
  where: string,
  warnings: NotationError[],
): string {
  if (a.name) return [a.name.givenNames, a.name.familyName].filter(Boolean).join(' ');
  if (a.vcard) {
    warn(warnings, 'ERR_CONVERT_AUTHOR', `${where}: vCard author reduced to its name`);
    return vcardName(a.vcard);
  }
  return '';
}

/** The FN (formatted name) of a vCard element, or its N family/given parts. */
function vcardName(node: XmlNode): string {
  const find = (n: XmlNode, local: string): XmlNode | undefined => {
    if (n.name.replace(/^.*:/, '') === local) return n;
    for (const c of n.children ?? [])
      if (!('text' in c)) {
        const f = find(c, local);
        if (f) return f;
      }
    return undefined;
  };
  const text = (n: XmlNode | undefined): string =>
    (n?.children ?? [])
      .map((c) => ('text' in c ? c.text : text(c)))
      .join('')
      .trim();
  const fn = text(find(node, 'FN'));
  if (fn) return fn;
  return [text(find(node, 'Given')), text(find(node, 'Family'))].filter(Boolean).join(' ');
}
