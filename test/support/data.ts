// Isomorphic access to the reference data in ../shared/data (Node: the file system; the browser:
// the test server's /__shared/ route). Returns null when the data is not available, so a test can
// fall back to the small fixtures kept in test/.
type NodeFs = {
  readFileSync(path: string): Uint8Array;
  existsSync(path: string): boolean;
  readdirSync(path: string): string[];
};

const nodeFs: NodeFs | undefined = (globalThis as any).process?.getBuiltinModule?.('node:fs');
const nodeShared: string | undefined = (globalThis as any).process?.env?.GAMENOTATION_SHARED || undefined;

export const isNode = nodeFs !== undefined;

type NodeFsAppend = {
  appendFileSync(path: string, data: string): void;
  mkdirSync(path: string, o: { recursive: boolean }): void;
};
const resultsDir: string | undefined = (globalThis as any).process?.env?.GN_RESULTS_DIR || undefined;

/**
 * Notes where a reference read was served from, so that scripts/test.mjs can say how much of the
 * run stood on the full reference data and how much on the fixtures (a clone without ../shared).
 * The browser's reads are counted by the test server.
 */
function noteSource(source: 'shared' | 'fixture', rel: string): void {
  if (!nodeFs || !resultsDir) return;
  const fs = nodeFs as unknown as NodeFsAppend;
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.appendFileSync(`${resultsDir}/data-sources.node.txt`, `${source} ${rel}\n`);
}

/** `rel` is relative to shared/data (a leading `data/` is accepted too). */
function dataPath(rel: string): string {
  return rel.startsWith('data/') ? rel : `data/${rel}`;
}

let browserHasShared: Promise<boolean> | undefined;

/**
 * The bytes of a reference file; null only when no shared data exists at all. A file missing from
 * shared data that does exist is a broken test, so that throws instead of falling back quietly.
 */
export async function readSharedBytes(rel: string): Promise<Uint8Array | null> {
  const path = dataPath(rel);
  if (nodeFs) {
    if (!nodeShared) {
      noteSource('fixture', path);
      return null;
    }
    noteSource('shared', path);
    const file = `${nodeShared}/${path}`;
    if (!nodeFs.existsSync(file)) throw new Error(`reference file missing: ${file}`);
    return new Uint8Array(nodeFs.readFileSync(file));
  }
  browserHasShared ??= fetch('/__shared/.available').then((r) => r.ok);
  if (!(await browserHasShared)) return null;
  const response = await fetch(`/__shared/${path}`);
  if (!response.ok) throw new Error(`reference file missing: ${path} (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

export async function readShared(rel: string): Promise<string | null> {
  const bytes = await readSharedBytes(rel);
  return bytes ? new TextDecoder().decode(bytes) : null;
}

/** File names in a shared folder (Node only; the browser gets the list from the test). */
export function listShared(rel: string): string[] | null {
  const dir = `${nodeShared}/${dataPath(rel)}`;
  if (!nodeFs || !nodeShared || !nodeFs.existsSync(dir)) {
    noteSource('fixture', dataPath(rel));
    return null;
  }
  noteSource('shared', dataPath(rel));
  return nodeFs.readdirSync(dir).sort();
}

/** The bytes of a fixture kept in this repo under test/fixtures/ (a BOM or odd line ends stay as they are). */
export async function readFixtureBytes(rel: string): Promise<Uint8Array> {
  if (nodeFs) {
    const url = new URL(`../fixtures/${rel}`, import.meta.url);
    return new Uint8Array(nodeFs.readFileSync(decodeURIComponent(url.pathname)));
  }
  const response = await fetch(new URL(`../fixtures/${rel}`, import.meta.url));
  if (!response.ok) throw new Error(`fixture ${rel}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
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
