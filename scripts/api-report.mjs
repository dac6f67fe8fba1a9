// The API report: API Extractor's view of every public subpath, one `api/<subpath>.api.md` each.
// `node scripts/api-report.mjs` checks the committed reports against the built declarations
// (dist/types, from `npm run build:types`) and fails on any difference, so a change of the public
// surface cannot land without its report; `--update` rewrites the reports.
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

const tempFolder = `${root}.api-temp`;
rmSync(tempFolder, { recursive: true, force: true });
mkdirSync(`${root}api`, { recursive: true });
let changed = 0;
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
            lib: ['ES2022', 'DOM', 'DOM.Iterable'],
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
        reportTempFolder: `${tempFolder}/`,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: {
          default: { logLevel: 'warning' },
          // Release tags (@public/@beta) are not used: everything exported is public.
          'ae-missing-release-tag': { logLevel: 'none' },
        },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
  });
  const result = Extractor.invoke(config, {
    localBuild: update,
    showVerboseMessages: false,
    messageCallback: (m) => {
      if (m.logLevel === 'warning') {
        m.handled = true;
        console.error(`api-report ${entry.name}: ${m.text}`);
      } else if (m.logLevel !== 'error') m.handled = true;
    },
  });
  if (result.apiReportChanged) {
    changed++;
    console.error(`api-report: api/${entry.name}.api.md ${update ? 'updated' : 'differs from the built surface'}`);
  }
  if (!result.succeeded && !result.apiReportChanged) {
    console.error(`api-report: ${entry.name}: ${result.errorCount} errors`);
    process.exit(1);
  }
}
rmSync(tempFolder, { recursive: true, force: true });
if (changed && !update) {
  console.error(
    'api-report: the public surface changed; run `npm run api:update` and commit api/*.api.md with the change',
  );
  process.exit(1);
}
console.log(`api-report: ${entries.length} subpaths ${update ? 'written' : 'match their reports'}`);
