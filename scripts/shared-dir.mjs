// Where the independent reference data lives: $GAMENOTATION_SHARED, else ../shared beside the
// checkout (as CI has it), else the workplace copy. Returns null when none exists.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function sharedDir() {
  const candidates = [process.env.GAMENOTATION_SHARED, join(repoRoot, '..', 'shared'), '/work/shared'];
  for (const dir of candidates) if (dir && existsSync(join(dir, 'data'))) return resolve(dir);
  return null;
}
