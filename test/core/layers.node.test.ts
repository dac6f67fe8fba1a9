// Holds src/ to the import directions drawn in docs/ARCHITECTURE.md: every relative import and every
// package import of every source file is checked against its layer's allowed list.
import { expect } from 'chai';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(root, 'src');

type Layer = 'core' | 'text' | 'rules' | 'formats' | 'engines' | 'pictures' | 'jobs' | 'views' | 'node';

/** The layer of a file, by its path under src/ (files of one domain may sit in two layers). */
function layerOf(path: string): Layer {
  const parts = path.split('/');
  const top = parts[0];
  if (
    top === 'errors.ts' ||
    top === 'codes.ts' ||
    top === 'progress.ts' ||
    top === 'source.ts' ||
    top === 'index.ts' ||
    top === 'types' ||
    top === 'wasm'
  )
    return 'core';
  if (top === 'text') return 'text';
  if (top === 'chess') return 'rules';
  if (top === 'bridge') {
    // The PBN reader and what reads PBN games (scoring a game: pbn/score.ts; DD results written into a game).
    if (parts[1] === 'pbn' || path === 'bridge/dd/pbn.ts') return 'formats';
    return 'rules';
  }
  if (['pgn', 'problems', 'bughouse', 'aif', 'epd'].includes(top)) return 'formats';
  if (top === 'engine') return 'engines';
  if (top === 'diagram') return 'pictures';
  if (top === 'worker') return 'jobs';
  if (top === 'elements') return 'views';
  if (top === 'cli' || top === 'queue') return 'node';
  throw new Error(`src/${path}: no layer in docs/ARCHITECTURE.md`);
}

const rank: Record<Layer, number> = {
  core: 0,
  text: 1,
  rules: 2,
  formats: 3,
  engines: 3,
  pictures: 4,
  jobs: 5,
  views: 6,
  node: 7,
};

/** Whether `from` may import `to` (both paths under src/). */
function allowed(from: string, to: string): string | null {
  const a = layerOf(from);
  const b = layerOf(to);
  const domainA = from.split('/')[0];
  const domainB = to.split('/')[0];
  if (domainA === domainB && a === b) return null;
  // A domain's index re-exports every layer of that domain.
  if (domainA === domainB && /(^|\/)index\.ts$/.test(from) && from.split('/').length <= 3) return null;
  if (a === 'rules' && b === 'rules' && domainA !== domainB) return 'one rules domain imports another';
  if (a === 'formats' && b === 'formats' && domainA !== domainB) {
    const builds: Record<string, string[]> = {
      bughouse: ['pgn'],
      problems: ['pgn'],
      aif: ['pgn'],
      epd: ['pgn'],
      bridge: [],
    };
    if (!(builds[domainA] ?? []).includes(domainB)) return `${domainA} does not build on ${domainB}`;
    return null;
  }
  if (a === 'formats' && b === 'engines')
    return domainA === 'aif' || domainA === 'epd' ? null : 'only aif and epd build on the engines';
  if (a === 'engines' && b === 'formats') return domainB === 'pgn' ? null : 'engines build on chess and pgn only';
  if (a === 'engines' && b === 'rules' && domainB !== 'chess') return 'engines play chess only';
  if (domainA === domainB && rank[a] < rank[b]) return `a ${a} file imports a ${b} file of its own domain`;
  if (rank[b] > rank[a]) return `${a} imports the higher layer ${b}`;
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const importPattern = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

const nodeOnlyPackages = ['cli-progress', 'bullmq', 'ioredis'];

describe('layers (docs/ARCHITECTURE.md)', () => {
  const files = sourceFiles(src).map((file) => relative(src, file).split('\\').join('/'));

  it('every source file belongs to a layer', () => {
    expect(files.length).to.be.greaterThan(50);
    for (const file of files) layerOf(file);
  });

  it('imports only go the allowed ways', () => {
    const problems: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(src, file), 'utf8');
      for (const m of text.matchAll(importPattern)) {
        const spec = m[1] ?? m[2];
        if (!spec.startsWith('.')) continue;
        const target = relative(src, resolve(dirname(join(src, file)), spec))
          .split('\\')
          .join('/');
        if (target.startsWith('..')) continue; // wasm-build/ and other generated modules
        const resolved = target.replace(/\.js$/, '.ts');
        const why = allowed(file, resolved);
        if (why) problems.push(`src/${file} → src/${resolved}: ${why}`);
      }
    }
    expect(problems).to.deep.equal([]);
  });

  it('only the Node programs import Node built-ins and Node-only packages', () => {
    const problems: string[] = [];
    for (const file of files) {
      if (layerOf(file) === 'node') continue;
      const text = readFileSync(join(src, file), 'utf8');
      for (const m of text.matchAll(importPattern)) {
        const spec = m[1] ?? m[2];
        if (spec.startsWith('node:') || nodeOnlyPackages.some((p) => spec === p || spec.startsWith(`${p}/`))) {
          problems.push(`src/${file} imports ${spec}`);
        }
      }
    }
    expect(problems).to.deep.equal([]);
  });

  it('the checker itself rejects a wrong direction', () => {
    expect(allowed('chess/position.ts', 'pgn/reader.ts')).to.be.a('string');
    expect(allowed('bridge/dd/solve.ts', 'bridge/pbn/model.ts')).to.be.a('string');
    expect(allowed('pgn/reader.ts', 'cli/main.ts')).to.be.a('string');
    expect(allowed('pgn/reader.ts', 'chess/index.ts')).to.equal(null);
  });
});
