// Every JavaScript/TypeScript snippet of the README runs against the package as published: the
// test packs the built tree with `npm pack`, installs the tarball in an empty project, and runs each
// snippet there with Node. Where a snippet states an output in a comment it is checked:
//   console.log(…); // printed text     (or the printed text on the comment line below; for
//                                        output of several lines, how it begins)
//   expression;     // a JS literal      ('text', 42, true, [ … ], { … })
// A comment that is prose (…, →, "or …") is not checked. A block preceded by the line
// `<!-- snippet: not run (reason) -->` is a fragment (a type declaration, a line of a larger file).
import { expect } from 'chai';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Snippet {
  file: string;
  line: number;
  lang: string;
  code: string;
  skip?: string;
}

/** Fenced js/ts blocks of a Markdown text, with the line where each starts. */
export function extractSnippets(file: string, markdown: string): Snippet[] {
  const lines = markdown.split('\n');
  const out: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(js|javascript|mjs|ts|typescript)\s*$/.exec(lines[i]!);
    if (!open) {
      if (/^```/.test(lines[i]!)) {
        // Skip any other fenced block whole, so that its content is never read as a fence.
        for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++);
      }
      continue;
    }
    const start = i + 1;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
    const marker = /^<!--\s*snippet:\s*not run\s*\((.+)\)\s*-->\s*$/.exec(lines[start - 2] ?? '');
    out.push({ file, line: start + 1, lang: open[1]!, code: body.join('\n'), skip: marker?.[1] });
  }
  return out;
}

/** A comment that is a JS literal value, or undefined when it is prose. */
function literal(text: string): string | undefined {
  const t = text.trim();
  if (!t || /[…→—]/.test(t) || !/^(['"`[{\d-]|true\b|false\b|null\b|undefined\b)/.test(t)) return undefined;
  try {
    // One value, not a list of them (`false, undefined` is prose for two calls).
    const values = (0, eval)(`[${t}]`) as unknown[];
    return values.length === 1 ? t : undefined;
  } catch {
    return undefined;
  }
}

/** Rewrites lines with stated outputs into checks (see the header). */
export function instrument(code: string): { code: string; checks: number } {
  const lines = code.split('\n');
  let checks = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = /^(\s*)(.*?);?\s*\/\/ (.*)$/.exec(line);
    const statement = m ? m[2]! : line.replace(/;\s*$/, '').trimStart();
    const indent = m ? m[1]! : /^\s*/.exec(line)![0];
    let expected = m?.[3];
    const log = /^console\.log\((.*)\)$/.exec(statement.trim());
    if (log) {
      if (expected === undefined) {
        const next = /^\s*\/\/ (.*)$/.exec(lines[i + 1] ?? '');
        if (next && !/[…→]/.test(next[1]!)) expected = next[1];
      }
      if (expected !== undefined && !/[…→]/.test(expected)) {
        lines[i] = `${indent}__log(${i + 1}, ${JSON.stringify(expected)}, ${log[1]});`;
        checks++;
      }
      continue;
    }
    if (
      !m ||
      !statement.trim() ||
      /^(const|let|var|for|if|while|import|export|return|await using)\b/.test(statement.trim()) ||
      /[;{},(]\s*$/.test(statement)
    )
      continue;
    const value = literal(expected!);
    if (value === undefined || statement.includes(';')) continue;
    lines[i] = `${indent}__expect(${i + 1}, ${statement}, ${value});`;
    checks++;
  }
  return { code: lines.join('\n'), checks };
}

const PRELUDE = `import { format as __format } from 'node:util';
import { deepStrictEqual as __deepStrictEqual } from 'node:assert';
const __squash = (s) => s.replace(/\\s+/g, '');
globalThis.__log = (line, expected, ...args) => {
  const text = __format(...args);
  console.log(text);
  // console.log prints a string bare; a comment may give it as a literal ('!').
  let literal;
  try { literal = (0, eval)(\`(\${expected})\`); } catch {}
  if (typeof literal === 'string' && literal === text) return;
  // A table printed on many lines: the comment shows how it begins.
  if (text.includes('\\n') && __squash(text).startsWith(__squash(expected))) return;
  if (__squash(text) !== __squash(expected)) throw new Error(\`snippet line \${line}: printed \${JSON.stringify(text)}, the comment says \${JSON.stringify(expected)}\`);
};
globalThis.__expect = (line, actual, expected) => {
  __deepStrictEqual(actual, expected, \`snippet line \${line}\`);
};
`;

/** npm pack, then an install of the tarball into an empty project (offline; links as a fallback). */
function installPackage(dir: string): string {
  const npmEnv = {
    ...process.env,
    npm_config_loglevel: 'error',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_update_notifier: 'false',
  };
  const packed = execFileSync('npm', ['pack', '--pack-destination', dir, '--json'], {
    cwd: root,
    env: npmEnv,
    encoding: 'utf8',
  });
  const tarball = join(dir, (JSON.parse(packed) as { filename: string }[])[0]!.filename);
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'readme-snippets', private: true, type: 'module' }),
  );
  const install = spawnSync(
    'npm',
    ['install', '--offline', '--omit=optional', '--ignore-scripts', '--no-package-lock', tarball],
    { cwd: project, env: npmEnv, encoding: 'utf8' },
  );
  if (install.status !== 0 || !existsSync(join(project, 'node_modules/gamenotation/package.json'))) {
    // No npm cache for the dependencies: unpack the tarball and link the dependencies installed here.
    const target = join(project, 'node_modules', 'gamenotation');
    mkdirSync(target, { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const name of Object.keys(pkg.dependencies ?? {})) {
      const link = join(project, 'node_modules', name);
      mkdirSync(join(link, '..'), { recursive: true });
      if (!existsSync(link)) symlinkSync(join(root, 'node_modules', name), link, 'dir');
    }
  }
  return project;
}

describe('README and guide snippets run from the installed tarball', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const snippets = extractSnippets('README.md', readme);
  // The guides in docs/ are the rest of the documentation: their snippets run too.
  const known = new Set(snippets.map((x) => x.code));
  for (const name of readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    for (const extra of extractSnippets(`docs/${name}`, readFileSync(join(root, 'docs', name), 'utf8'))) {
      if (!known.has(extra.code)) snippets.push(extra);
    }
  }
  let dir = '';
  let project = '';

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'gn-readme-'));
    project = installPackage(dir);
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds the snippets, and the package holds only what is listed in files', () => {
    expect(snippets.length).to.be.greaterThan(5);
    const files = readdirSync(join(project, 'node_modules', 'gamenotation')).sort();
    expect(files).to.include.members(['dist', 'package.json', 'README.md', 'LICENSE']);
    expect(files).to.not.include('src');
  });

  it('instrument turns stated outputs into checks, and leaves prose alone', () => {
    const { code, checks } = instrument(
      [
        'console.log(1 + 1); // 2',
        'perft(fen, 4);   // 4085603',
        'pos.isCheck(); pos.outcome();   // false, undefined (game goes on)',
        'pos.zobrist();   // 64-bit bigint',
        'console.log(list);',
        '// [ 1, 2 ]',
      ].join('\n'),
    );
    expect(checks).to.equal(3);
    expect(code).to.contain('__log(1, "2", 1 + 1);');
    expect(code).to.contain('__expect(2, perft(fen, 4), 4085603);');
    expect(code).to.contain('pos.isCheck(); pos.outcome();');
    expect(code).to.contain('__log(5, "[ 1, 2 ]", list);');
  });

  for (const [n, snippet] of snippets.entries()) {
    const title = `${snippet.file}:${snippet.line} (${snippet.lang})`;
    it(title, () => {
      if (snippet.skip) {
        // A fragment: it must still be valid syntax.
        expect(() => transformSync(snippet.code, { loader: 'ts', format: 'esm' })).to.not.throw();
        return;
      }
      const { code } = instrument(snippet.code);
      const js = transformSync(code, { loader: 'ts', format: 'esm', target: 'node20' }).code;
      const file = join(project, `snippet-${n}.mjs`);
      writeFileSync(file, PRELUDE + js);
      const r = spawnSync(process.execPath, [file], { cwd: project, encoding: 'utf8', timeout: 120_000 });
      expect(r.status, `${title} failed:\n${r.stderr}\n${r.stdout}`).to.equal(0);
    });
  }
});
