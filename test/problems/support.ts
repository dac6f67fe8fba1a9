// Helpers for the problems tests (Node and browser): fixture bytes, the shared solve reference.
import { readShared } from '../support/data.js';
export { rng } from '../support/rng.mjs';

const nodeFs: { readFileSync(path: string): Uint8Array } | undefined = (globalThis as any).process?.getBuiltinModule?.(
  'node:fs',
);

/** A fixture's raw bytes (for files that are not UTF-8). */
export async function fixtureBytes(rel: string): Promise<Uint8Array> {
  const url = new URL(`../fixtures/problems/${rel}`, import.meta.url);
  if (nodeFs) return new Uint8Array(nodeFs.readFileSync(decodeURIComponent(url.pathname)));
  const response = await fetch(url);
  if (!response.ok) throw new Error(`fixture ${rel}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

export interface ReferencePart {
  twin: string | null;
  twin_command: string | null;
  stipulation: string;
  fen: string;
  n_solutions: number;
  intended_solutions: number | null;
  status: string;
  short_solution_exists: boolean;
  solutions: { popeye: string; uci: string | string[] }[];
}

export interface ReferenceProblem {
  id: string;
  stipulation: string;
  fen: string;
  author: string;
  source: string;
  parts: ReferencePart[];
  popeye_input: string;
}

/** The 31 problems of solve-reference.jsonl, or a 3-problem fallback fixture when ../shared is absent. */
export async function referenceProblems(): Promise<ReferenceProblem[]> {
  const text =
    (await readShared('data/problems/solve-reference.jsonl')) ??
    (await (await import('../support/data.js')).readFixture('problems/solve-reference-mini.jsonl'));
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as ReferenceProblem);
}
