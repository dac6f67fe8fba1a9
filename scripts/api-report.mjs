// The API report: API Extractor's view of every public subpath, one `api/<subpath>.api.md` each.
// `node scripts/api-report.mjs` checks the committed reports against the built declarations
// (dist/types, from `npm run build:types`) and fails on any difference, so a change of the public
// surface cannot land without its report; `--update` rewrites the reports (`npm run api:update`).
//
// A type that a subpath's functions use but that the subpath does not export is fine when another
// subpath exports it (each thing has one home: `Result` lives in `gamenotation`, `Position` in
// `gamenotation/chess`); one that no subpath exports is an internal leaking into the surface, and
// fails the check. Declarations are not rolled up per entry point: a rolled-up file would inline its
// own copy of every type it borrows from another subpath, and two copies of a class are not the same
// type to TypeScript; `stripInternal` keeps `@internal` members out of the published `.d.ts`.
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const update = process.argv.includes('--update');
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));

// Every subpath of package.json `exports` that has types: `.` → index, `./chess` → chess, …
const entries = Object.entries(pkg.exports)
  .filter(([, target]) => typeof target === 'object' && target.types)
  .map(([subpath, target]) => ({ name: subpath === '.' ? 'index' : subpath.slice(2), types: target.types }));

const tempFolder = `${root}.api-temp/`;
rmSync(tempFolder, { recursive: true, force: true });
mkdirSync(`${root}api`, { recursive: true });

const changed = [];
const forgotten = [];
const problems = [];
for (const entry of entries) {
  const dts = `${root}${entry.types.replace(/^\.\//, '')}`;
  if (!existsSync(dts)) {
    console.error(`api-report: ${entry.types} is missing (run npm run build:types first)`);
    process.exit(1);
  }
  const config = ExtractorConfig.prepare({
    configObjectFullPath: `${root}api-extractor.json`,
    packageJsonFullPath: `${root}package.json`,
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: dts,
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            lib: ['ES2022', 'ESNext.Disposable', 'DOM', 'DOM.Iterable'],
            types: ['node'],
            skipLibCheck: true,
            strict: true,
          },
          include: [dts],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: entry.name,
        reportFolder: `${root}api/`,
        reportTempFolder: tempFolder,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: { default: { logLevel: 'warning' } },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
  });
  const result = Extractor.invoke(config, {
    localBuild: update,
    messageCallback: (message) => {
      message.handled = true;
      const id = message.messageId;
      if (id === 'ae-forgotten-export') {
        const symbol = /The symbol "([^"]+)"/.exec(message.text)?.[1];
        if (symbol) forgotten.push({ entry: entry.name, symbol });
      } else if (id.startsWith('console-')) {
        // progress messages (report changed, copied, written): reported below, once per subpath
      } else if (id === 'ae-missing-release-tag' || id === 'ae-undocumented') {
        // Everything exported is public (no release tags); TypeDoc holds every export to a doc comment.
      } else if (message.logLevel === 'error' || message.logLevel === 'warning') {
        problems.push(`${entry.name}: ${message.text}`);
      }
    },
  });
  if (result.apiReportChanged) changed.push(entry.name);
}
rmSync(tempFolder, { recursive: true, force: true });

const exported = new Set();
for (const entry of entries) {
  const report = readFileSync(`${root}api/${entry.name}.api.md`, 'utf8');
  const declaration =
    /^export (?:declare )?(?:abstract )?(?:function|class|interface|type|const|let|var|enum|namespace) (\w+)/gm;
  for (const m of report.matchAll(declaration)) exported.add(m[1]);
}
for (const { entry, symbol } of forgotten) {
  // API Extractor names a second declaration of one name `Name_2`.
  if (!exported.has(symbol.replace(/_\d+$/, ''))) problems.push(`${entry} uses ${symbol}, which no subpath exports`);
}
for (const problem of problems) console.error(`api-report: ${problem}`);
for (const name of changed)
  console.error(`api-report: api/${name}.api.md ${update ? 'updated' : 'differs from the built surface'}`);
if (problems.length) process.exit(1);
if (changed.length && !update) {
  console.error(
    'api-report: the public surface changed; run `npm run api:update` and commit api/*.api.md with the change',
  );
  process.exit(1);
}
console.log(
  `api-report: ${entries.length} subpaths, ${exported.size} names ${update ? 'written' : 'match their reports'}`,
);
