// Builds native DDS (the public double-dummy solver, dds-bridge/dds) with our driver
// (bench/dd-native/driver.cpp) for bench/dd.mjs: single-threaded (no threading system compiled in),
// g++ -O3 -flto. DDS is never part of this repository: give the path of a DDS source checkout (the
// folder holding src/ and include/) as GN_DDS_SRC or as the argument; the objects and the program
// go to GN_DDS_BUILD (default: a folder in the system's temporary directory), rebuilt only when a
// source is newer. `node bench/dd-native/build.mjs /path/to/dds` prints the program's path.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DRIVER = fileURLToPath(new URL('./driver.cpp', import.meta.url));
const FLAGS = ['-O3', '-flto', '-std=c++11', '-DNDEBUG', '-w'];

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function compile(args) {
  const r = spawnSync('g++', args, { encoding: 'utf8' });
  if (r.error) throw new Error(`g++: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`g++ ${args.join(' ')}\n${r.stderr}`);
}

/**
 * The path of the DDS driver program built from `source` (a DDS checkout), or null when no source
 * is given or it has no src/dds.cpp. Throws when the build fails.
 */
export function ddsProgram(source = process.env.GN_DDS_SRC, build = process.env.GN_DDS_BUILD) {
  if (!source || !existsSync(join(source, 'src', 'dds.cpp'))) return null;
  const out = build || join(tmpdir(), 'gamenotation-dds-build');
  mkdirSync(out, { recursive: true });
  const src = join(source, 'src');
  const include = join(source, 'include');
  const objects = [];
  for (const file of readdirSync(src).filter((f) => f.endsWith('.cpp'))) {
    const object = join(out, file.replace(/\.cpp$/, '.o'));
    if (mtime(object) < mtime(join(src, file)))
      compile([...FLAGS, `-I${include}`, '-c', join(src, file), '-o', object]);
    objects.push(object);
  }
  const program = join(out, 'dds-table-par');
  const newest = Math.max(mtime(DRIVER), ...objects.map(mtime));
  if (mtime(program) < newest) compile([...FLAGS, `-I${include}`, DRIVER, ...objects, '-o', program]);
  return program;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const program = ddsProgram(process.argv[2]);
  if (!program) {
    console.error('usage: node bench/dd-native/build.mjs /path/to/dds (a checkout of dds-bridge/dds)');
    process.exit(2);
  }
  console.log(program);
}
