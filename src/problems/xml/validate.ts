// The validator of the problem.xsd reader: checks across a built problem that the schema alone
// cannot express (ids unique, references resolve).
import type { NotationError } from '../../errors.js';
import type { Problem, XmlPos } from './model.js';

/** Referential integrity inside one problem: ids unique, every base/piece/move reference resolves. */
export function checkReferences(problem: Problem, errors: NotationError[]): void {
  const at = (x: { pos?: XmlPos }) => x.pos ?? { line: 1, column: 1 };
  const unique = (kind: string, items: { id: string; pos?: XmlPos }[]) => {
    const seen = new Set<string>();
    for (const item of items) {
      if (!item.id) continue;
      if (seen.has(item.id))
        errors.push({
          code: 'ERR_XML_DUPLICATE_ID',
          message: `${kind} id '${item.id}' is used twice in one problem`,
          ...at(item),
        });
      seen.add(item.id);
    }
    return seen;
  };
  const decls = unique('piecedecl', problem.piecedecls);
  const releases = unique('release', problem.releases);
  const twins = unique(
    'twin',
    problem.releases.flatMap((r) => r.twins),
  );
  const positions = unique(
    'position',
    problem.releases.flatMap((r) => r.twins.flatMap((t) => (t.position ? [t.position] : []))),
  );
  for (const r of problem.releases) {
    if (r.base !== undefined && !releases.has(r.base))
      errors.push({
        code: 'ERR_XML_REFERENCE',
        message: `release base '${r.base}' is not a release of this problem`,
        ...at(r),
      });
    for (const t of r.twins) {
      if (t.base !== undefined && !twins.has(t.base))
        errors.push({
          code: 'ERR_XML_REFERENCE',
          message: `twin base '${t.base}' is not a twin of this problem`,
          ...at(t),
        });
      const p = t.position;
      if (!p) continue;
      if (p.base !== undefined && !positions.has(p.base))
        errors.push({
          code: 'ERR_XML_REFERENCE',
          message: `position base '${p.base}' is not a position of this problem`,
          ...at(p),
        });
      for (const op of p.ops) {
        if (op.op !== 'pieces') continue;
        for (const item of op.items) {
          const refs = item.op === 'exchange' ? [item.piece1, item.piece2] : [item.piece];
          for (const ref of refs) {
            if (ref && !decls.has(ref))
              errors.push({ code: 'ERR_XML_REFERENCE', message: `piece '${ref}' has no piecedecl`, ...at(item) });
          }
        }
      }
    }
  }
}
