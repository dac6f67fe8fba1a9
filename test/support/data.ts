// Isomorphic access to the reference data in ../shared/data (Node: the file system; the browser:
// the test server's /__shared/ route). Returns null when the data is not available, so a test can
// fall back to the small fixtures kept in test/.
type NodeFs = { readFileSync(path: string): Uint8Array; existsSync(path: string): boolean; readdirSync(path: string): string[] };

const nodeFs: NodeFs | undefined = (globalThis as any).process?.getBuiltinModule?.('node:fs');
const nodeShared: string | undefined = (globalThis as any).process?.env?.GAMENOTATION_SHARED || undefined;

export const isNode = nodeFs !== undefined;

export async function readSharedBytes(rel: string): Promise<Uint8Array | null> {
  if (nodeFs) {
    if (!nodeShared) return null;
    const file = `${nodeShared}/${rel}`;
    return nodeFs.existsSync(file) ? new Uint8Array(nodeFs.readFileSync(file)) : null;
  }
  const response = await fetch(`/__shared/${rel}`);
  return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
}

export async function readShared(rel: string): Promise<string | null> {
  const bytes = await readSharedBytes(rel);
  return bytes ? new TextDecoder().decode(bytes) : null;
}

/** File names in a shared folder (Node only; the browser gets the list from the test). */
export function listShared(rel: string): string[] | null {
  if (!nodeFs || !nodeShared || !nodeFs.existsSync(`${nodeShared}/${rel}`)) return null;
  return nodeFs.readdirSync(`${nodeShared}/${rel}`).sort();
}

/** Reads a fixture kept in this repo under test/fixtures/. */
export async function readFixture(rel: string): Promise<string> {
  if (nodeFs) {
    const url = new URL(`../fixtures/${rel}`, import.meta.url);
    return new TextDecoder().decode(nodeFs.readFileSync(decodeURIComponent(url.pathname)));
  }
  const response = await fetch(new URL(`../fixtures/${rel}`, import.meta.url));
  if (!response.ok) throw new Error(`fixture ${rel}: HTTP ${response.status}`);
  return response.text();
}
