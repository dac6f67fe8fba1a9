// The problem solver of gamenotation/problems in a module worker of its own, until the worker
// API's job registry has a solve job. Cancel = terminate (the page makes a new worker next time).
// The module is imported dynamically so that a failure to load is reported as a typed error.
const loading = import('/dist/problems.js');

self.onmessage = async (event) => {
  const { input, options } = event.data;
  let solve;
  try {
    ({ solve } = await loading);
  } catch (e) {
    self.postMessage({ result: { ok: false, error: { code: 'ERR_SOLVE_WORKER', message: `loading the solver: ${e?.message ?? e}` } } });
    return;
  }
  try {
    const result = solve(input, { ...options, onProgress: (progress) => self.postMessage({ progress }) });
    self.postMessage({ result });
  } catch (e) {
    self.postMessage({ result: { ok: false, error: { code: 'ERR_SOLVE_CRASHED', message: String(e?.message ?? e) } } });
  }
};
