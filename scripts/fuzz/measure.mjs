// Preloaded into a child process by the scale family (`node --import …/measure.mjs …`): at exit,
// writes the process's peak resident memory and CPU time to the file named by GN_MEASURE_FILE.
// A process killed by the heap limit writes nothing (the parent sees the signal instead).
//
// The peak is /proc/self/status's VmHWM where there is one (Linux): `maxRSS` of getrusage counts
// the pages of the parent that forked the child too (a parent holding 130 MB made a 60 MB child
// report 132 MB), while VmHWM belongs to the process's own memory since it started the program.
import { readFileSync, writeFileSync } from 'node:fs';

function peakKB() {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]);
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS;
}

const file = process.env.GN_MEASURE_FILE;
if (file) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    writeFileSync(
      file,
      JSON.stringify({ maxRssKB: peakKB(), cpuMs: Math.round((u.userCPUTime + u.systemCPUTime) / 1000) }),
    );
  });
}
