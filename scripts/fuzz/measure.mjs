// Preloaded into a child process by the scale family (`node --import …/measure.mjs …`): at exit,
// writes the process's peak resident memory and CPU time to the file named by GN_MEASURE_FILE.
// A process killed by the heap limit writes nothing (the parent sees the signal instead).
import { writeFileSync } from 'node:fs';

const file = process.env.GN_MEASURE_FILE;
if (file) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    writeFileSync(
      file,
      JSON.stringify({ maxRssKB: u.maxRSS, cpuMs: Math.round((u.userCPUTime + u.systemCPUTime) / 1000) }),
    );
  });
}
