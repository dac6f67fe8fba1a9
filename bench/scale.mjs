// Issue #25's repros at full size, each in a child process through the built CLI (dist/), with its
// peak resident memory and CPU time next to the issue's must and goal: 120 MB of PBI and of PBN,
// 3,300,000 empty problems and 32 MB of real problems in problem XML, 600,000 tags in one PGN
// game, 512 MiB of line ends gzipped as .aif.gz. The cases and their generators are the fuzz
// harness's scale family (scripts/fuzz/scale.mjs). `node bench/scale.mjs` or `npm run bench`.
import { runScale } from '../scripts/fuzz/scale.mjs';

export async function run() {
  const rows = await runScale({ scale: 'full', dist: true, bench: true, log: () => {} });
  console.log('| input | size | peak RSS | CPU | wall | must | goal | |');
  console.log('|---|---:|---:|---:|---:|---|---|---|');
  for (const r of rows) {
    const size = r.inflatedMB !== undefined ? `${r.inputMB} MB (${r.inflatedMB} MB inflated)` : `${r.inputMB} MB`;
    const goal = r.goal
      ? `${r.goal.rssMB ? `<= ${r.goal.rssMB} MB` : `<= ${r.goal.inputTimes}x the input (${Math.round((r.goal.inputTimes * r.inputMB * 1e6) / 2 ** 20)} MB)`}: ${r.goalMet ? 'met' : 'not met'}`
      : '';
    console.log(
      `| ${r.name} (${r.n.toLocaleString('en')}) | ${size} | ${r.rssMB} MB | ${r.cpuS} s | ${r.wallS} s | ${r.must?.text ?? ''} | ${goal} | ${r.problem ? `FAILED: ${r.problem}` : 'ok'} |`,
    );
  }
  console.log('\nCPU is user + system time of the child process (all threads); RSS its peak (VmHWM on Linux).');
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
