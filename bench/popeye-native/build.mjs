// Builds native Popeye (the problem solver, thomas-maeder/popeye on GitHub) for bench/solve.mjs with
// its own makefile (`make -f makefile.unx`, gcc). Popeye is GPL and is never part of this repository:
// give the path of a Popeye source checkout (the folder holding pymain.c, BEISPIEL/ and TESTS/) as
// GN_POPEYE_SRC or as the argument. The checkout is copied to GN_POPEYE_BUILD (default: a folder in
// the system's temporary directory) and built there, so the checkout stays clean; the build is
// reused while its program is newer than the checkout's files. `node bench/popeye-native/build.mjs
// /path/to/popeye` prints the program's path.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** The newest modification time of the C sources and makefiles under `dir` (tests and docs left out). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!/^(\.git|BEISPIEL|TESTS|EXAMPLES|REGRESSIONS|REGRESSIONTESTS|LATEX|docs)$/.test(entry.name))
        newest = Math.max(newest, newestSource(path));
    } else if (/\.(c|h|incl|local)$|^makefile/.test(entry.name)) newest = Math.max(newest, mtime(path));
  }
  return newest;
}

/**
 * The path of the Popeye program built from `source` (a Popeye checkout), or null when no source
 * is given or it has no pymain.c. Throws when the build fails.
 */
export function popeyeProgram(source = process.env.GN_POPEYE_SRC, build = process.env.GN_POPEYE_BUILD) {
  if (!source || !existsSync(join(source, 'pymain.c'))) return null;
  const out = build || join(tmpdir(), 'gamenotation-popeye-build');
  const program = join(out, 'py');
  if (mtime(program) > newestSource(source)) return program;
  mkdirSync(out, { recursive: true });
  // objects and programs of an in-tree build are left behind: the copy builds from its sources
  cpSync(source, out, {
    recursive: true,
    filter: (path) => !/\/(\.git|py|gengmarr)$|\.(o|a)$/.test(path) || path === source,
  });
  const r = spawnSync('make', ['-f', 'makefile.unx', '-j2', 'py'], { cwd: out, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.error) throw new Error(`make: ${r.error.message}`);
  if (r.status !== 0 || !existsSync(program))
    throw new Error(`make -f makefile.unx py in ${out}\n${r.stderr.slice(-4000)}`);
  return program;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const program = popeyeProgram(process.argv[2]);
  if (!program) {
    console.error('usage: node bench/popeye-native/build.mjs /path/to/popeye (a checkout of thomas-maeder/popeye)');
    process.exit(2);
  }
  console.log(program);
}
